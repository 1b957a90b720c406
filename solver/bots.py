"""Computer players at three levels, from the same machinery as the hints.
They see the game only through the seat's view (observation and history).

easy:   a beginner who follows the rules: the game's quick rule of thumb, from
        its own hand, the cards on the table in the trick under way and the public
        contract (trump, bids, tricks taken); it is given nothing else (every
        hidden place is empty in the position it reads), so it cannot count the
        cards played before or infer who is out of a suit;
normal: counts cards: the search over worlds consistent with everything the seat
        saw (cards gone, suits a seat has shown it lacks), small effort;
hard:   the same search with more than three times the effort (exact endgames),
        more still where the adapter's `deep_search` says so (Raven's bids with
        five or six players, Tricksters' drafts, suits and partners: DEEP_PLAYOUTS);
        where the game's adapter says a tree pays (`tree_search`: Lunar's card
        play, the Sky's too, and Raven's with two to four players), a tree
        search of the seat's information set (solver/tree.py, TREE_ITERATIONS),
        which values its own later moves too: several trees of their share of
        the iterations, merged, where the adapter's `split_trees` says they are
        as strong as one (search.trees_for, as the hint grows them), so that
        the pool's workers grow them side by side. With one possible deal (Lunar's
        Sky) the flat search of both levels looks ahead in it instead of
        sampling (search._look_ahead: normal's moves; hard's go by the tree), so
        more effort is more moves ahead; at card play, hard first asks the
        perfect-information solver (solver/open_deal.py) within a budget of
        positions from its iterations, and where it finishes plays its best
        move (the plain search's: the first legal one of the best value).

On a trick their partner is already sure to take (solver/partners.py), the
search levels spend least among the cards the search cannot tell from the best
(solver.search.alike: the 95% interval of the difference on the same worlds
reaches 0, and exact values are equal; the tree's: solver.tree.alike): the
weakest card, not one that would win a later trick.
"""
from __future__ import annotations

import random

from . import open_deal, partners, tree, work
from .errors import SolverError
from .search import Budget, Spending, alike, rank_steps, trees_for
from .view import adapter_for, blank_probe, view_of

LEVELS = {"easy": 0, "normal": 60, "hard": 200}
TREE_ITERATIONS = {"hard": 1500}    # where the adapter's tree_search says so (one playout each), in
#                                     as many trees as the hint grows (search.trees_for, split_trees)
DEEP_PLAYOUTS = {"hard": 1500}      # where the adapter's deep_search says so (Raven's 5-6 player bids,
#                                     Tricksters' drafts, suits and partners)


def page_seed(state) -> int:
    """The seed of the page's computer player for the move at `state`: a function
    of the game's seed and how many actions were made, so a replay of the same
    game (the par, a shared deal: solver/par.py) meets the same opponents' moves.

    >>> from pycore import get_game
    >>> page_seed(get_game("voren").new_game({"players": 3}, seed=2))
    2018
    """
    return (state.seed * 1009 + len(state.history)) % 2**31


def choose(state, seat: int, level: str = "normal", seed: int = 0, effort: int | None = None,
           positions: list | None = None):
    """The action the bot at `level` takes for `seat` (which must be to act).
    `positions`: the game's positions up to `state`, if replayed (see view_of)."""
    return work.drive(choose_steps(state, seat, level, seed, effort, positions))


def choose_steps(state, seat: int, level: str = "normal", seed: int = 0, effort: int | None = None,
                 positions: list | None = None):
    """`choose` as a generator of the search's batches (solver/work.py): the same
    move wherever they are valued."""
    if level not in LEVELS:
        raise SolverError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    if state.current_player != seat:
        raise SolverError(f"it is seat {state.current_player}'s turn, not seat {seat}'s")
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if level == "easy":
        return beginner(state, seat, seed)
    view = view_of(state, seat, positions)
    solved = open_deal.solve(view, open_deal.nodes_for(
        TREE_ITERATIONS[level] if effort is None else effort, None)) if level in TREE_ITERATIONS else None
    if solved is not None and solved.finished:      # one possible deal, solved exactly in the budget
        best = solved.best()

        def tied():
            return [a for a, v in solved.values.items() if v == solved.values[best]]
    elif level in TREE_ITERATIONS and view.adapter.tree_search(state):
        searcher = work.Searcher(view, seed)
        iterations = TREE_ITERATIONS[level] if effort is None else effort
        trees = trees_for(iterations, len(legal), view.adapter.split_trees(state))
        root = yield from grow_trees(searcher, iterations, trees,
                                     f"manyhands/bot/tree/{seed}/{len(state.history)}/{seat}")
        best, tied = tree.most_visited(legal, root), lambda: tree.alike(legal, root)
    else:
        budget = DEEP_PLAYOUTS[level] if level in DEEP_PLAYOUTS and view.adapter.deep_search(state) \
            else LEVELS[level]
        ranking = yield from rank_steps(view, budget if effort is None else effort, seed,
                                        searcher=work.Searcher(view, seed))
        best, tied = ranking.stats[0].action, lambda: alike(ranking)
    if not partners.sure_trick(state, seat):
        return best
    return partners.least_spent(state, seat, tied()) or best


def grow_trees(searcher, iterations: int, trees: int, stream: str):
    """The root of `trees` trees (solver/tree.py) sharing `iterations`, each from
    its own stream, merged (root parallelism: the root actions' visits and
    points summed); one tree is the tree search itself. A generator (one batch)."""
    items = [(t, iterations // trees + (t < iterations % trees)) for t in range(trees)]
    items = [(t, n) for t, n in items if n > 0]
    spending = Spending(Budget(iterations), None)
    results = yield work.Batch(searcher, work.TREES, items, [float(n) for _, n in items], spending,
                               stream=stream, trees=trees, force=True)
    points: dict = {}
    for got in results:
        for k, value, *_ in got["facts"]:
            points.setdefault(searcher.legal[k], []).append(value)
    return tree.merged_root(points)


def beginner(state, seat: int, seed: int = 0):
    """The easy level's move: the game's rule of thumb on the position with every
    place hidden from the seat emptied (solver.view.blank_probe): its own hand and
    what lies on the table, nothing inferred."""
    adapter = adapter_for(state.game.name)
    rng = random.Random(f"manyhands/bot/{seed}/{len(state.history)}")
    hidden = state.hidden_places(seat)
    # Voren's turn-up is one card, hidden only before the deal: its place cannot be
    # empty; nobody has seen it and the rule of thumb reads nothing then
    keep = {"turnup": hidden["turnup"]} if "turnup" in hidden else {}
    legal = state.legal_actions()
    probe = blank_probe(state, seat, **keep).with_legal(legal)     # the seat's own choices
    action = adapter.policy_action(probe, rng)
    if action not in legal:
        raise SolverError(f"the easy player chose an illegal action {action!r}")
    return action
