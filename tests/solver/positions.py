"""Seeded mid-game positions for the solver tests."""
from __future__ import annotations

import random

from pycore.game import get_game
from pycore.records import record_of


def positions(game_name: str, rules: dict, count: int, seed: int, starts: int = 0):
    """`count` (state, seat) pairs from seeded random games, stopped at random steps;
    with `starts`, first that many games' opening decisions (seeds 0, 1, ...; the
    seat to act), which random steps rarely land on (a hand's bids, drafts). The
    random positions are the same whatever `starts` is."""
    game = get_game(game_name)
    rng = random.Random(f"positions/{game_name}/{sorted(rules.items())}/{seed}")
    out = []
    for start_seed in range(starts):
        state = game.new_game(rules, seed=start_seed)
        out.append((state, state.current_player))
    count += starts
    while len(out) < count:
        state = game.new_game(rules, seed=rng.randrange(10**6))
        target = rng.randrange(1, 400)
        for _ in range(target):
            if state.is_terminal:
                break
            state = state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal:
            continue
        out.append((state, rng.randrange(state.players)))
    return out


def truth(state, seat) -> dict:
    return {name: tuple(sorted(cards)) for name, cards in state.hidden_places(seat).items()}


def random_hands(game_name: str, rules: dict, seed: int, hands: int) -> dict:
    """The record of the game of seed `seed` played at random (seeded) to the end
    of hand `hands`, or to its end."""
    state = get_game(game_name).new_game(rules, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal and len(state.finished_hands) < hands:
        state = state.apply_action(rng.choice(state.legal_actions()))
    return record_of(state).to_json()
