"""The exact endgame search of one open deal (every hand known), memoised.

Two ways to play the rest of the hand exactly, both in the engine's own moves:
- max^n (Raven, Voren: no partnerships): each seat plays to maximise its own
  points for the hand;
- team minimax (a game whose adapter says who is on whose side, `allies`:
  Lunar): the seat's side maximises the seat's points for the hand, the other
  side minimises them (Lunar is not zero-sum, so this is a cautious reading).
Ties go to the first legal action, in both.

The memo remembers each position's value and best action under the position's
`memo_key()` (pycore.game.GameState), which holds everything the rest of the
hand depends on; for team minimax, with the seat whose points are at stake.
The last position returned is the one a plain search without a memo reaches
(its tricks, who took them), not the last position of another line that met
this one: where the best line runs into a position searched before, it is
followed on through the memo's best actions (tests/solver/test_endgame.py
compares both with the plain search of solver/reference/plain.py, move by
move).

A memo serves positions of one deal and one hand (a search of another world
starts a memo of its own); `memo.get` is the only lookup, so a caller may cap a
search by counting them (solver/faceup.py).
"""
from __future__ import annotations


def exact_final(adapter, state, seat: int, mark: int, memo: dict):
    """The last position of hand `mark` under exact play from `state` (see the
    module docstring: team minimax for `seat` where the adapter has `allies`,
    else max^n, which is the same line for every seat)."""
    if adapter.allies is None:
        final = _maxn(adapter, state, mark, memo)[1]
        return follow(adapter, state, mark, memo, _key) if final is None else final

    def key(position):
        return (seat, position.memo_key())
    final = _team(adapter, state, seat, mark, memo, key)[1]
    return follow(adapter, state, mark, memo, key) if final is None else final


def _key(state):
    return state.memo_key()


def follow(adapter, state, mark: int, memo: dict, key):
    """The line from `state` to the end of hand `mark` through the memo's best
    actions (every position on it was searched, so each has its entry)."""
    while adapter.hand_mark(state) == mark:
        state = state.apply_trusted(memo[key(state)][1])
    return state


# Each search returns (value, the last position of its line), the position None where
# the line met a position searched before (by another way): exact_final then follows
# the memo from the root, once. A line without meetings (most small endgames) is not
# played again.

def _maxn(adapter, state, mark: int, memo: dict) -> tuple:
    if adapter.hand_mark(state) != mark:
        return state.finished_hands[mark][1], state
    key = state.memo_key()
    got = memo.get(key)
    if got is not None:
        return got[0], None
    seat = state.current_player
    best = choice = last = None
    for action in state.legal_actions():
        value, final = _maxn(adapter, state.apply_trusted(action), mark, memo)
        if best is None or value[seat] > best[seat]:
            best, choice, last = value, action, final
    memo[key] = (best, choice)
    return best, last


def _team(adapter, state, seat: int, mark: int, memo: dict, key) -> tuple:
    if adapter.hand_mark(state) != mark:
        return state.finished_hands[mark][1][seat], state
    here = key(state)
    got = memo.get(here)
    if got is not None:
        return got[0], None
    maximise = adapter.allies(state, state.current_player, seat)
    best = choice = last = None
    for action in state.legal_actions():
        value, final = _team(adapter, state.apply_trusted(action), seat, mark, memo, key)
        if best is None or (value > best if maximise else value < best):
            best, choice, last = value, action, final
    memo[here] = (best, choice)
    return best, last
