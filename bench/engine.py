"""Random full games per second, natively: the engine's raw speed.

    python3 bench/engine.py [--game raven] [--players 4] [--games 20] [--runs 5]

Plays seeded random games to the end (every action chosen uniformly from
`legal_actions`), several runs, and prints each run and the median. The aim for
Raven with 4 players, standard game: at least 100 games per second.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pycore import get_game  # noqa: E402


def play_games(game, rules: dict, count: int, seed: int) -> int:
    actions = 0
    for index in range(count):
        rng = random.Random(seed + index)
        state = game.new_game(rules, seed=seed + index)
        while not state.is_terminal:
            state = state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="raven")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rules", default="{}", help="more rules fields as JSON")
    parser.add_argument("--games", type=int, default=20, help="games per run")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    game = get_game(args.game)
    rules = {"players": args.players, **json.loads(args.rules)}
    play_games(game, rules, 2, seed=10**6)                      # warm-up
    rates = []
    for run in range(args.runs):
        start = time.perf_counter()
        actions = play_games(game, rules, args.games, seed=run * args.games)
        elapsed = time.perf_counter() - start
        rates.append(args.games / elapsed)
        print(f"run {run + 1}: {args.games} games, {actions} actions in {elapsed:.3f} s: "
              f"{rates[-1]:.1f} games/s, {actions / elapsed:,.0f} actions/s")
    print(f"{args.game} {rules}: median {statistics.median(rates):.1f} full games/s "
          f"(min {min(rates):.1f}, max {max(rates):.1f}) over {args.runs} runs, Python {sys.version.split()[0]}")


if __name__ == "__main__":
    main()
