"""Computer players at three levels, from the same machinery as the hints.
They see the game only through the seat's view (observation and history).

easy:   the game's quick heuristic, from the seat's own hand and what is public;
normal: the search over sampled consistent worlds, small effort;
hard:   the same search with more effort (exact endgames).
"""
from __future__ import annotations

import random

from .errors import SolverError
from .search import rank
from .view import adapter_for, view_of

LEVELS = {"easy": 0, "normal": 60, "hard": 200}


def choose(state, seat: int, level: str = "normal", seed: int = 0, effort: int | None = None,
           positions: list | None = None):
    """The action the bot at `level` takes for `seat` (which must be to act).
    `positions`: the game's positions up to `state`, if replayed (see view_of)."""
    if level not in LEVELS:
        raise SolverError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    if state.current_player != seat:
        raise SolverError(f"it is seat {state.current_player}'s turn, not seat {seat}'s")
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    adapter = adapter_for(state.game.name)
    if level == "easy":
        view = view_of(state, seat, positions)
        # the heuristic reads only the seat's own hand and public facts; it is run
        # on a world drawn from the seat's view so no hidden card can reach it
        rng = random.Random(f"manyhands/bot/{seed}/{len(state.history)}")
        world = view.counter.sample(rng)
        return adapter.policy_action(view.world_state(world), rng)
    effort = LEVELS[level] if effort is None else effort
    return rank(view_of(state, seat, positions), effort, seed).stats[0].action
