"""Tricksters adapter.

Hidden places: `hand:s`, the dealt cards another seat still holds (drafted cards
are public). Every card is a legal follow, so plays reveal nothing; the generic
probe (would this play still be legal had the seat also held c?) is still asked,
and finds nothing. From the fourth trick on, trick play is searched
exactly in every world: the seat's partnership maximises its points for the
round, the other pair minimises them (a zero-sum reading of the table: each
pair's points only grow with its tricks). Earlier, a world's exact search costs
seconds (tens of thousands of positions), so heuristic playouts are used.
Drafts and the partner choice are ranked by heuristic playouts of the round.
"""
from __future__ import annotations

import sys

from pycore.games.tricksters import (DECK, PLAYERS, ROUND_POINTS, SUITS, TRICKS, ChooseSuit,
                                     Partner, Play, Take)

from ..view import SeatView
from ..worlds import Model
from .common import forbidden_by_play, model_from, states_from, unseen_and_places

ROUND_ACTIONS = 8 + 4 + 1 + PLAYERS * TRICKS


def _round_start(state) -> int:
    return min(state.round_index * ROUND_ACTIONS, len(state.history))


def build_view(state, seat: int) -> SeatView:
    if state.is_terminal:
        raise ValueError("the game is over")
    start = _round_start(state)
    places, unseen = unseen_and_places(state, seat)
    states = states_from(state, start)
    history = state.history
    forbidden: dict = {}
    for index in range(start, len(history)):
        actor, action = history[index]
        if actor == seat or not isinstance(action, Play) or f"hand:{actor}" not in places:
            continue
        before = states[index - start]
        drafted = before.drafted[actor]
        later = tuple(a.card for i, (s, a) in enumerate(history[index:], start=index)
                      if s == actor and isinstance(a, Play) and a.card not in drafted)
        forbidden.setdefault(f"hand:{actor}", set()).update(
            forbidden_by_play(before, seat, actor, action, later, unseen))
    model = model_from(places, unseen, forbidden)
    return SeatView(seat=seat, obs=state.observation(seat), model=model,
                    adapter=sys.modules[__name__], state=state,
                    extra={"start": start, "states": states})


def consistent(view: SeatView, world: dict) -> bool:
    """Replay the round from its start with the world's dealt cards (earlier rounds
    are public): every action legal, and the seat's observation the same."""
    start = view.extra["start"]
    s = view.extra["states"][0]
    seat = view.seat
    history = view.state.history[start:]
    dealt = {}
    for name, cards in world.items():
        actor = int(name.partition(":")[2])
        played = [a.card for x, a in history if x == actor and isinstance(a, Play)]
        mine = set(view.state.drafted[actor])       # public
        dealt[name] = tuple(sorted(list(cards) + [c for c in played if c not in mine]))
    try:
        s = s.with_hidden(seat, dealt)
        for _, action in history:
            s = s.apply_action(action)
    except Exception:
        return False
    return s.observation(seat) == view.obs


consistent_fast = consistent


def world_state(view: SeatView, world: dict):
    return view.state.with_hidden(view.seat, world)


# --- search hooks ---------------------------------------------------------------------------
def decision(state) -> str:
    return {"draft": "draft", "suits": "suit", "partners": "partners"}.get(state.phase, "play")


def hand_mark(state) -> int:
    return len(state.finished_hands)


def hand_points(state, seat: int, mark: int) -> int:
    return state.finished_hands[mark][1][seat]


def current_trick_index(state):
    return len(state.tricks) - 1 if state.phase == "play" else None


def took_trick(before, state, seat: int, mark: int, trick_index: int) -> bool:
    """Whether the seat's partnership (as it stood when deciding) took that trick."""
    winner = state.finished_hands[mark][0][trick_index].winner
    return winner in (seat, before.partner[seat])


def target_of(state, seat, action):
    return None


def tricks_taken(state, seat, mark):
    return 0


def search_candidates(view, legal, limit):
    return list(legal), None


EXACT_CARDS = 8          # from the fourth trick on, search every world exactly


def search_exactly(state) -> bool:
    return state.phase == "play" and cards_left(state) <= EXACT_CARDS


def exact_final(state, seat: int, mark: int, memo: dict):
    """The last position of the round under exact play: the seat's pair maximises
    its round points, the other pair minimises them."""
    return _solve(state, seat, mark, memo)[1]


def _solve(state, seat: int, mark: int, memo: dict):
    if len(state.finished_hands) != mark:
        return state.finished_hands[mark][1][seat], state
    trick = state.tricks[-1]
    key = (state.hands, trick.leader, trick.plays, state.team_tricks[seat])
    got = memo.get(key)
    if got is not None:
        return got
    actor = state.current_player
    maximise = actor in (seat, state.partner[seat])
    won = state.team_tricks[seat]
    left = TRICKS - len(state.tricks) + 1          # tricks still to be decided, this one included
    best_possible = ROUND_POINTS[min(TRICKS, won + left)]
    worst_possible = ROUND_POINTS[won]
    best = None
    for action in state.legal_actions():
        value = _solve(state.apply_action(action), seat, mark, memo)
        if best is None or (value[0] > best[0] if maximise else value[0] < best[0]):
            best = value
            if best[0] == (best_possible if maximise else worst_possible):
                break
    memo[key] = best
    return best


def policy_action(state, rng=None):
    """A quick heuristic: draft the card with the best single value, take the suit
    the hand is strongest in, pair with the first seat offered, and in play take the
    trick cheaply when the pair is behind, else play the lowest value."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = state.current_player
    deck = state.rules.deck
    if state.phase == "draft":
        return max(legal, key=lambda a: (max(deck[a.card]), -a.card))
    if state.phase == "suits":
        cards = state.hands[seat] + state.drafted[seat]
        return max(legal, key=lambda a: (sum(deck[c][a.suit] for c in cards), -a.suit))
    if state.phase == "partners":
        return legal[0]
    trick = state.tricks[-1]
    led = state.suits[trick.leader]
    value = lambda a: (deck[a.card][led], -a.card)
    if not trick.plays:
        return max(legal, key=value)
    mate = state.partner[seat]
    ours = sum(deck[c][led] for s, c in trick.plays if s in (seat, mate))
    theirs = sum(deck[c][led] for s, c in trick.plays if s not in (seat, mate))
    if ours > theirs and len(trick.plays) == 3:
        return min(legal, key=value)
    return max(legal, key=value) if ours <= theirs else min(legal, key=value)


def fast_apply(state, action):
    return state.apply_action(action)


def cards_left(state) -> int:
    return sum(len(h) for h in state.hands)


def card_suit(card):
    return None


def suit_names():
    return SUITS


def card_token(card: int) -> str:
    return DECK.token(card)
