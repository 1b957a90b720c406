"""Lunar hints at a fixed effort (no clock: deterministic), one JSON line per
position, to show a change to the playouts changes no play: run it in the tree
before and in the tree after, then compare the two files.

    python bench/lunar_same_hints.py OUT.jsonl [POSITIONS_PER_KIND=3] [EFFORT=300]
    cmp before.jsonl after.jsonl

Positions: 4 players' gifts, trump tiles, leads and follows, the Sky's (2
players) tiles, leads and follows, and gifts and follows of the mixed deal
(bench/hints.py `positions`, seed 1)."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.hints import positions           # noqa: E402
from pycore.records import dumps            # noqa: E402
from solver import api                      # noqa: E402

MIXED = {"deal": "mixed"}
KINDS = [(4, "give", None), (4, "turn", None), (4, "lead", None), (4, "follow", None),
         (2, "turn", None), (2, "lead", None), (2, "follow", None), (4, "give", MIXED), (4, "follow", MIXED)]


def main() -> None:
    path = sys.argv[1]
    per = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    effort = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    with open(path, "w") as out:
        for players, kind, rules in KINDS:
            for i, state in enumerate(positions("lunar", players, per, seed=1, rules=rules, decision=kind)):
                hint = api.hint(dumps(state), state.current_player, {"effort": effort, "seed": 0})
                hint.pop("ms", None)
                hint.pop("seconds", None)
                out.write(json.dumps({"players": players, "kind": kind, "rules": rules, "i": i,
                                      "hint": hint}, sort_keys=True) + "\n")
            print(players, kind, rules or "", "done", flush=True)


if __name__ == "__main__":
    main()
