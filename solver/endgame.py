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
The line is then followed from the root through the memo's best actions, so
the last position returned is the one a plain search without a memo reaches
(its tricks, who took them), not the last position of another line that met
this one (tests/solver/test_endgame.py compares both with the plain search of
solver/reference/plain.py, move by move).

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
        _maxn(adapter, state, mark, memo)
        return follow(adapter, state, mark, memo, _key)
    _team(adapter, state, seat, mark, memo)
    return follow(adapter, state, mark, memo, lambda position: (seat, position.memo_key()))


def _key(state):
    return state.memo_key()


def follow(adapter, state, mark: int, memo: dict, key):
    """The line from `state` to the end of hand `mark` through the memo's best
    actions (every position on it was searched, so each has its entry)."""
    while adapter.hand_mark(state) == mark:
        state = state.apply_trusted(memo[key(state)][1])
    return state


def _maxn(adapter, state, mark: int, memo: dict) -> tuple:
    if adapter.hand_mark(state) != mark:
        return state.finished_hands[mark][1]
    key = state.memo_key()
    got = memo.get(key)
    if got is not None:
        return got[0]
    seat = state.current_player
    best = choice = None
    for action in state.legal_actions():
        value = _maxn(adapter, state.apply_trusted(action), mark, memo)
        if best is None or value[seat] > best[seat]:
            best, choice = value, action
    memo[key] = (best, choice)
    return best


def _team(adapter, state, seat: int, mark: int, memo: dict):
    if adapter.hand_mark(state) != mark:
        return state.finished_hands[mark][1][seat]
    key = (seat, state.memo_key())
    got = memo.get(key)
    if got is not None:
        return got[0]
    maximise = adapter.allies(state, state.current_player, seat)
    best = choice = None
    for action in state.legal_actions():
        value = _team(adapter, state.apply_trusted(action), seat, mark, memo)
        if best is None or (value > best if maximise else value < best):
            best, choice = value, action
    memo[key] = (best, choice)
    return best
