"""Hint and bot outputs at fixed seeded positions, one JSON line each, to show a
refactor changes no behaviour: run it in the tree before and in the tree after,
then compare the two files (the refactor that made the adapter a declared protocol did, at 48
positions: identical).

    python3 bench/same_outputs.py OUT.jsonl [POSITIONS_PER_GAME=8]
    cmp before.jsonl after.jsonl

Each line: the game, a hint at effort 200 (seed 1; deterministic: no clock) and
the hard, normal and easy bots' moves (seed 3)."""
import json
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from pycore.game import get_game
from pycore.records import dumps, record_of
from solver import api
from bench.same_answers import seeded_positions     # the positions' draw, shared

from pycore import all_games
# every game's examples (Game.examples)
CONFIGS = [(name, rules) for name, game in sorted(all_games().items()) for rules in game.examples()]
out = open(sys.argv[1], "w")
per = int(sys.argv[2]) if len(sys.argv) > 2 else 8
for name, rules in CONFIGS:
    for done, state in seeded_positions(get_game(name), rules, per, f"golden/{name}/{sorted(rules.items())}"):
        seat = state.current_player
        text = dumps(record_of(state))
        h = api.hint(text, seat, {"effort": 200, "seed": 1})
        h.pop("ms", None); h.pop("seconds", None)
        b = api.bot_move(text, seat, "hard", 3)
        n = api.bot_move(text, seat, "normal", 3)
        e = api.bot_move(text, seat, "easy", 3)
        out.write(json.dumps({"game": name, "rules": rules, "i": done, "hint": h, "bots": [b, n, e]}, sort_keys=True) + "\n")
    print(name, rules, "done", flush=True)
