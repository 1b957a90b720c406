"""The plain exhaustive search of an open deal: what "exact" means, with nothing
remembered and no shortcut, for tests and benchmarks to hold the fast searches
to (solver/endgame.py's memoised max^n and team minimax, Tricksters' trick
solver). Slow: every line of play to the end of the hand, so only for endgames.

Each game's reading of "every hand seen" (solver/endgame.py; the adapter's
`exact_sides`, else its `allies`, else max^n):
- Raven, Voren: max^n, each seat maximising its own points for the hand;
- Lunar: the seat's team maximises the seat's points, the other team minimises
  them;
- Tricksters: the seat's pair maximises the tricks it takes this round, the
  other pair minimises them (round points rise with tricks, so this is the
  pair-against-pair minimax on points too).
Ties go to the first legal action, always.
"""
from __future__ import annotations


class TooLong(Exception):
    """A plain search that would look at more positions than it was allowed."""


def plain_final(adapter, state, seat: int, mark: int, limit: int | None = None):
    """The last position of hand `mark` on the line of exact play from `state`
    (the game's reading above), found by plain exhaustive search; TooLong past
    `limit` positions searched."""
    count = _Counter(limit)
    sides = None if adapter.exact_sides is None else adapter.exact_sides(state, seat, mark)
    if sides is None and adapter.allies is not None:
        sides = (lambda a: adapter.allies(state, a, seat), lambda final: final.finished_hands[mark][1][seat])
    if sides is not None:
        ours, score = sides
        return _team(adapter, state, mark, ours, score, count)[1]
    return _maxn(adapter, state, mark, count)[1]


def plain_points(adapter, state, seat: int, mark: int, limit: int | None = None):
    """The seat's points for hand `mark` under exact play from `state` (plain search)."""
    return adapter.hand_points(plain_final(adapter, state, seat, mark, limit), seat, mark)


class _Counter:
    def __init__(self, limit: int | None):
        self.limit, self.seen = limit, 0

    def tick(self) -> None:
        self.seen += 1
        if self.limit is not None and self.seen > self.limit:
            raise TooLong


def _maxn(adapter, state, mark: int, count: _Counter):
    if adapter.hand_mark(state) != mark:
        return state.finished_hands[mark][1], state
    count.tick()
    seat = state.current_player
    best = None
    for action in state.legal_actions():
        got = _maxn(adapter, state.apply_action(action), mark, count)
        if best is None or got[0][seat] > best[0][seat]:
            best = got
    return best


def _team(adapter, state, mark: int, ours, score, count: _Counter):
    if adapter.hand_mark(state) != mark:
        return score(state), state
    count.tick()
    maximise = ours(state.current_player)
    best = None
    for action in state.legal_actions():
        got = _team(adapter, state.apply_action(action), mark, ours, score, count)
        if best is None or (got[0] > best[0] if maximise else got[0] < best[0]):
            best = got
    return best
