"""Lunar's Sky: each search level with the look-ahead in its one possible deal
(solver.search._look_ahead) against the same level without it (each choice
valued by one playout of the policy, as before), on the arena's deals with seats
rotated.

    python bench/sky_look_ahead.py --deals 200 --levels normal,hard

A level named "old-X" is level X with the look-ahead switched off (the Lunar
adapter's `allies` unset for its moves). Effort-counted, like the arena.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solver import arena, bots  # noqa: E402
from solver.view import adapter_for  # noqa: E402

_decide = arena.decide


def decide(state, seat: int, level: str, seed: int, effort=None):
    if not level.startswith("old-"):
        return _decide(state, seat, level, seed, effort)
    adapter = adapter_for(state.game.name)
    allies, adapter.allies = adapter.allies, None
    try:
        return bots.choose(state, seat, level[4:], seed=seed, effort=effort)
    finally:
        adapter.allies = allies


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--levels", default="normal,hard")
    a = p.parse_args(argv)
    arena.decide = decide
    for level in a.levels.split(","):
        arena.main(["--game", "lunar", "--players", "2", "--bots", f"{level},old-{level}",
                    "--deals", str(a.deals), "--seed", str(a.seed), "--jobs", "1"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
