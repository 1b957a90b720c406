"""The arena's `ismcts:N`: single-observer Information Set Monte Carlo Tree
Search (solver/tree.py), N iterations a move, the reference the best-known
online tables play at 500-1,000 iterations a move. The hard level plays the same
search where its adapter says it pays; here it is played in every game and at
every decision, with its own seeded random stream."""
from __future__ import annotations

from .. import tree
from .common import decision


def choose(state, seat: int, iterations: int, seed: int, counts: dict):
    if len(state.legal_actions()) == 1:
        return state.legal_actions()[0]
    legal, view, _adapter, rng, _mark = decision(state, seat, "ismcts", seed)
    return tree.most_visited(legal, tree.search(view, iterations, rng, counts))
