"""One possible deal, solved exactly: where everything the seat saw leaves a
single consistent deal (Lunar's Sky: your hand, the Sky and the cards played
tell the other hand), a card-play decision is a position of perfect
information, and the perfect-information solver (solver/perfect.py) gives every
choice's exact value where it finishes in time.

The hint (solver/hints.py) and the hard player (solver/bots.py) try it first,
within a budget of positions expanded (`nodes_for`: from the request's effort or
time, a count and not a clock, so that the page and a native run give the same
answer to the same request, but for a timed hint on a machine too slow to
expand them in TIME_SHARE of its time); where it finishes, the values are the solver's
(the plain search's, docs/exact-search.md), said to be exact; where not, the
search of before goes on in the time left. It is not tried where the game's
adapter says it never finished in so few positions (`solvable`: the Sky early in
the round), so as not to spend the search's time for nothing. Before the last
tricks only: where
the game's endgame search is exact already (`search_exactly`), that is used as
before.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import work
from .perfect import OutOfBudget, Perfect, Report
from .search import ActionStats, Ranking

# A hint bounded by time gives the solver NODES_PER_SECOND positions a second of
# it: natively 20-30 thousand positions a second in the Sky, so an attempt that
# does not finish costs about a third of a native hint's time; the tree search
# has the rest. The page's Python runs the solver several times slower (3,200-4,000
# a second under Node on this loaded machine, against 18,000-32,000 natively at
# the same time), so the attempt also stops at TIME_SHARE of the hint's time:
# there a slow machine falls back to the tree where a fast one is exact.
# Bounded by effort alone (playouts; the hard player's tree iterations, which
# count no time), NODES_PER_EFFORT positions a unit: a tree iteration of the Sky
# costs 0.1-0.3 ms natively, 2 positions about 0.08 ms, so an attempt that does
# not finish costs at most about as much as the tree again in the page too.
NODES_PER_SECOND = 8_000
TIME_SHARE = 0.5
NODES_PER_EFFORT = 2


def nodes_for(effort: int, seconds: float | None) -> int:
    """The solver's budget in positions expanded for a search of `effort` (and
    `seconds`, where the request has a clock)."""
    nodes = effort * NODES_PER_EFFORT
    return nodes if seconds is None else min(nodes, int(seconds * NODES_PER_SECOND))


def applies(view) -> bool:
    """Whether the seat's decision in `view` is card play in the one possible
    deal, with a choice to make, short of the game's exact endgame."""
    adapter, state = view.adapter, view.state
    return (adapter.current_trick_index(state) is not None and not adapter.search_exactly(state)
            and len(state.legal_actions()) > 1 and view.count() == 1)


@dataclass
class Solved:
    """Each legal action's exact points for the hand (`values`) and the hand's
    last position on the line of exact play after it (`finals`), in legal order;
    None where the budget ran out first. `report`: what the solve cost."""
    values: dict | None
    finals: dict | None
    report: Report

    @property
    def finished(self) -> bool:
        return self.values is not None

    def best(self):
        """The first legal action of the best value (the plain search's own choice)."""
        top = max(self.values.values())
        return next(a for a, v in self.values.items() if v == top)


def solve(view, nodes: int, seconds: float | None = None) -> Solved | None:
    """Every legal action of the seat to act in `view` solved exactly within
    `nodes` positions expanded (and `seconds`, if given; see the module
    docstring); None where it does not apply (`applies`)."""
    if not applies(view):
        return None
    adapter, seat = view.adapter, view.seat
    if not adapter.solvable(view.state, nodes):     # never finished there in so few: not tried
        return Solved(None, None, Report(False, 0))
    world = next(iter(view.counter.worlds()))
    position = view.world_state(world)
    legal = view.state.legal_actions()
    mark = adapter.hand_mark(position)
    solver = Perfect(adapter, position, seat, mark)
    solver.budget(nodes, seconds)
    values, finals = {}, {}
    try:
        for action in legal:
            after = position.apply_action(action)
            values[action] = solver.points(after)
            finals[action] = solver.final(after)
    except OutOfBudget:
        return Solved(None, None, Report(False, solver.nodes))
    return Solved(values, finals, Report(True, solver.nodes))


def ranking(view, solved: Solved, evaluator) -> Ranking:
    """The solved decision as the search's Ranking (solver/search.py): the one
    deal searched exactly, by every action; each action's numbers (points,
    takes the trick, the game's outcomes) read from its line of exact play;
    best first, ties in the order of the search's exact values (by token)."""
    adapter, state = view.adapter, view.state
    out = Ranking(adapter.decision(state), 1, 1, True, True, bids=adapter.bids,
                  words=dict(adapter.outcome_words), rare=adapter.rare_outcomes,
                  stopped="all worlds", sampled_with_replacement=False)
    stats = []
    for action, final in solved.finals.items():
        st = ActionStats(action, state.game.action_token(state, action))
        work.add(st, evaluator.fact(action, final))
        if st.total != solved.values[action]:
            raise AssertionError(f"the line of exact play after {st.token} scores {st.total}, "
                                 f"not its value {solved.values[action]}")
        stats.append(st)
    out.stats = sorted(stats, key=lambda s: (-s.ev, s.token))
    return out
