"""Helpers the game adapters share: past positions to ask the engine about, the
constraint model from hidden places and forced plays, and a playout through a
game's own trick simulator (the replay test and the end of a hand, the
adapter's defaults, are solver/adapter.py's)."""
from __future__ import annotations

from pycore.records import record_of, start_state

from ..view import blank_probe
from ..worlds import Model


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
