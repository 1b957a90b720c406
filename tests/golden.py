"""Make a golden record: a seeded random game to the end, stored with its summary.

    python -m tests.golden raven raven-4p --rules '{"players": 4}' --seed 11

writes tests/data/golden/raven-4p.json. Make one only for a new case or an
intended rule change; the test then pins it (tests/test_golden.py).
"""
from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from pycore import get_game, record_of

GOLDEN_DIR = Path(__file__).parent / "data" / "golden"


def make(game_name: str, rules: dict, seed: int) -> dict:
    game = get_game(game_name)
    rng = random.Random(seed)
    state = game.new_game(rules, seed=seed)
    while not state.is_terminal:
        state = state.apply_action(rng.choice(state.legal_actions()))
    return {"record": record_of(state).to_json(), "summary": state.summary()}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("name")
    parser.add_argument("--rules", default="{}")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    golden = make(args.game, json.loads(args.rules), args.seed)
    path = GOLDEN_DIR / f"{args.name}.json"
    path.write_text(json.dumps(golden, indent=1) + "\n")
    print(f"wrote {path}: totals {golden['summary']['totals']}, winners {golden['summary']['winners']}")


if __name__ == "__main__":
    main()
