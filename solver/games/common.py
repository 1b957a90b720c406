"""Helpers the game adapters share: past positions to ask the engine about, the
constraint model from hidden places and forced plays, and a playout through a
game's own trick simulator (the replay test and the end of a hand, the
adapter's defaults, are solver/adapter.py's).

The plain parts: a trick-taking game whose hidden places are the engine's
(`hidden_places`: the other hands, the undealt cards), whose card plays reveal
only what the engine's legality says (a card the rules show where it lies
besides, `hand_view`'s `placed`), and whose hands carry nothing hidden from one
to the next, needs little of its own. Its adapter, the model to copy
(say a Whist, pycore/games/whist.py, on the standard deck of pycore/standard.py,
its deal a dealer, the hands and a turned-up trump):

    from pycore.games.whist import Play
    from pycore.standard import rank_of, suit_of, trick_winner
    from .. import endgame
    from ..adapter import Adapter
    from .common import (cards_in_hands, dealt_hands, hand_record, hand_view,
                         trick_under_way, world_state)

    def turned_up(state, seat):          # the turned-up trump lies in the dealer's hand till played
        return {state.turnup: f"hand:{state.dealer}"}

    def build_view(state, seat, positions=None):
        return hand_view(state, seat, positions, ADAPTER, Play, placed=turned_up)

    def world_record(view, world):      # the deal's fields as the game's record has them
        return hand_record(view, {"dealer": view.obs["dealer"], "turnup": view.obs["turnup"],
                                  "hands": dealt_hands(view, world)})

    def policy_action(state, rng=None):  # lead high; follow with the cheapest card that takes, else the cheapest
        legal = state.legal_actions()
        seat, trump, plays = state.current_player, state.trump, state.tricks[-1].plays
        def cost(action):
            return (suit_of(action.card) == trump, rank_of(action.card), action.card)
        if not plays:
            return max(legal, key=cost)
        wins = [a for a in legal if trick_winner(plays + ((seat, a.card),), trump) == seat]
        return min(wins or legal, key=cost)

    def search_exactly(state):           # max^n once few cards are left
        return state.phase == "play" and cards_in_hands(state) <= 12

    def exact_final(state, seat, mark, memo):
        return endgame.exact_final(ADAPTER, state, seat, mark, memo)

    ADAPTER = Adapter(
        "whist", build_view=build_view, world_record=world_record, world_state=world_state,
        policy_action=policy_action, fast_apply=lambda state, action: state.apply_trusted(action),
        decision=lambda state: "play", current_trick_index=trick_under_way, cards_left=cards_in_hands,
        search_exactly=search_exactly, exact_final=exact_final)

A game whose hands take cards unseen during the hand (drawn from a stock) is not
plain: a suit a hand showed it lacked says nothing of the cards it drew since.
Its `build_view` rules a card out of a hand only by the plays after that hand's
last unseen draw (`forbidden_by_play` on those), its `world_record` chooses the
unseen draws, and a card shown as it joins a hidden hand is left out of the
hidden place (the engine's `hidden_places`; `with_hidden` puts it back), not
pinned there as a turned-up trump is.

Voren builds its view and its records on the same parts (its cards out of play
merged into one place, its poke and discards put back into the deal), Raven and
Tricksters take `world_state` and `cards_in_hands`, every game `trick_under_way`.
"""
from __future__ import annotations

from pycore.records import Record, record_of, start_state

from ..errors import SolverError
from ..view import SeatView, blank_probe
from ..worlds import Model

OUT = "out"             # a model's one place for the cards no play can reach any more (hand_view)


def states_from(state, start: int, positions: list | None = None) -> list:
    """The positions before each action from `start` on, and the current one
    (read only through `blank_probe`): from `positions`, every position of the
    game up to `state` when the caller replayed the record, else replayed here."""
    if positions is not None:
        if len(positions) != len(state.history) + 1 or positions[-1] is not state:
            raise ValueError("positions must be every position of the game up to this state")
        return list(positions[start:])
    s = start_state(record_of(state))
    history = state.history
    for _, action in history[:start]:
        s = s.apply_action(action)
    out = [s]
    for _, action in history[start:]:
        s = s.apply_action(action)
        out.append(s)
    return out


def unseen_and_places(state, seat: int):
    """The hidden places (names and sizes are public) and the unseen cards. The
    cards are read as the union of the hidden places, which for these games is
    exactly the deck less what the seat sees (every card is dealt somewhere)."""
    hidden = state.hidden_places(seat)
    places = {name: len(cards) for name, cards in hidden.items()}
    unseen = sorted(c for cards in hidden.values() for c in cards)
    return places, unseen


def forbidden_by_play(before, seat: int, actor: int, action, later: tuple, candidates,
                      place: str | None = None) -> list[int]:
    """Cards the actor cannot have held (in `place`, its hidden hand) when it made
    `action`, asked of the engine: the action must stay legal with the hidden part
    of its hand then = `later` (the hidden cards it has played since) + the card."""
    place = place or f"hand:{actor}"

    def legal_with(cards) -> bool:
        probe = blank_probe(before, seat, **{place: tuple(sorted(set(later) | set(cards)))})
        return action in probe.legal_actions()
    if legal_with(candidates):
        return []
    return [c for c in candidates if not legal_with((c,))]


def forbidden_by_plays(state, seat: int, start: int, states: list, places: dict, unseen: list,
                       play_type, public=None) -> dict:
    """For each hidden hand (`hand:s` in `places`), the cards the plays of its seat
    since history index `start` rule out (`forbidden_by_play` per play of
    `play_type`). `public(before, actor)`: cards the actor was seen to hold then,
    which are not part of its hidden hand when it plays them later."""
    history = state.history
    forbidden: dict = {}
    for index in range(start, len(history)):
        actor, action = history[index]
        place = f"hand:{actor}"
        if actor == seat or not isinstance(action, play_type) or place not in places:
            continue
        before = states[index - start]
        seen = public(before, actor) if public else ()
        later = tuple(a.card for s, a in history[index:]
                      if s == actor and isinstance(a, play_type) and a.card not in seen)
        forbidden.setdefault(place, set()).update(
            forbidden_by_play(before, seat, actor, action, later, unseen))
    return forbidden


def model_from(places: dict, unseen: list, forbidden: dict, copies=None) -> Model:
    allowed = []
    for c in unseen:
        allowed.append((c, frozenset(p for p in places if c not in forbidden.get(p, ()))))
    return Model(places, allowed, copies=copies)


def playout_to_simulator(state, mark: int, rng, policy_action, fast_apply, simulate):
    """A playout for a game with a plain-list trick simulator (Raven, Lunar): the
    engine with the policy until the first trick (bids, the exchange, trump
    turning), then `simulate` plays the tricks out."""
    while len(state.finished_hands) == mark and state.phase != "play":
        state = fast_apply(state, policy_action(state, rng))
    if len(state.finished_hands) != mark:
        return state
    return simulate(state)


# --- the plain parts (the module's docstring: a plain game's adapter) ---------------------------
def hand_view(state, seat: int, positions: list | None, adapter, play_type, out_of_play=None,
              placed=None) -> SeatView:
    """The seat's view of the hand under way: its observation and the model of the
    cards it cannot see in the engine's hidden places, each hidden hand's card
    plays (`play_type`) since the hand began ruling out the cards they would have
    made illegal (`forbidden_by_plays`). `out_of_play(state, places)`: those of
    the hidden places (name: size) no play can reach any more, which the model
    holds as one place, `OUT` (Voren's cards out of play during the tricks): each
    way the cards in play may lie is then one world. `placed(state, seat)`: the
    hidden cards the rules show where they lie besides the plays, {card: place}
    (the holder of a card who must lead the first trick: whoever leads holds it
    until it is played), each held to that place. `extra` keeps the hand's
    start, its positions and the places merged (`out`), which `dealt_hands` and
    the game's own record read."""
    if state.is_terminal:
        raise SolverError("the game is over: nothing is hidden that matters")
    obs = state.observation(seat)
    start = state.hand_starts[-1]
    places, unseen = unseen_and_places(state, seat)
    states = states_from(state, start, positions)
    forbidden = forbidden_by_plays(state, seat, start, states, places, unseen, play_type)
    for card, where in (placed(state, seat) if placed else {}).items():
        if card in unseen:                     # public: the card lies there, and nowhere else
            for name in places:
                if name != where:
                    forbidden.setdefault(name, set()).add(card)
    out = out_of_play(state, places) if out_of_play else {}
    if out:
        places = {name: size for name, size in places.items() if name not in out}
        places[OUT] = sum(out.values())
    return SeatView(seat=seat, obs=obs, model=model_from(places, unseen, forbidden), adapter=adapter,
                    state=state, extra={"start": start, "states": states, "out": out})


def dealt_hands(view: SeatView, world: dict) -> list[list[str]]:
    """Each seat's hand as the hand under way dealt it (card tokens, sorted): its
    cards now (the seat's own from its observation, the others' from `world`'s
    `hand:s`, in the engine's places) with the cards it has played since the hand
    began (`view.extra["start"]`, `hand_view`'s) put back."""
    obs, game = view.obs, view.state.game
    played: dict = {s: [] for s in range(obs["players"])}
    for actor, token in obs["history"][view.extra["start"]:]:
        if token in game.deck:
            played[actor].append(game.parse_card(token))
    hands = []
    for s in range(obs["players"]):
        now = list(game.deck.cards(obs["hand"])) if s == view.seat else list(world[f"hand:{s}"])
        hands.append(game.deck.tokens_of(sorted(now + played[s])))
    return hands


def hand_record(view: SeatView, deal: dict) -> Record:
    """The game's whole record with the hand under way dealt as `deal` (record
    form) and every action as the seat saw it. Earlier hands keep the deals the
    game had: nothing hidden carries from one hand to the next (what does, the
    scores, is public), and only tests replay it."""
    real = record_of(view.state)
    return Record(game=view.state.game.name, rules=dict(view.obs["rules"]), seed=real.seed,
                  deals=real.deals[:-1] + [deal], actions=[token for _, token in view.obs["history"]])


def world_state(view: SeatView, world: dict):
    """The current position with this world's hidden cards (what the search plays on)."""
    return view.state.with_hidden(view.seat, world)


def trick_under_way(state):
    """The trick under way (its index in the hand), None outside trick play."""
    return len(state.tricks) - 1 if state.phase == "play" else None


def cards_in_hands(state) -> int:
    """Cards still to be played this hand: every card in the players' hands."""
    return sum(len(h) for h in state.hands)
