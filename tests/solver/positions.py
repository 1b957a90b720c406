"""Seeded mid-game positions and the truth a seat cannot see: solver/testing.py's
(the benchmarks use them too), importable from here as the solver tests did; and
seeded games played at random to a hand's end."""
from __future__ import annotations

import random

from pycore.game import get_game
from pycore.records import record_of
from solver.testing import positions, truth  # noqa: F401


def random_hands(game_name: str, rules: dict, seed: int, hands: int) -> dict:
    """The record of the game of seed `seed` played at random (seeded) to the end
    of hand `hands`, or to its end."""
    state = get_game(game_name).new_game(rules, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal and len(state.finished_hands) < hands:
        state = state.apply_action(rng.choice(state.legal_actions()))
    return record_of(state).to_json()
