"""Tricksters hints at a fixed effort (no clock: deterministic), one JSON line per
position, with the easy (the policy itself) and normal bots' moves, to show a change to the
playouts changes no play: run it in the tree before and in the tree after, then
compare the two files.

    python bench/tricksters_same_hints.py OUT.jsonl [POSITIONS_PER_KIND=3] [EFFORT=300]
    cmp before.jsonl after.jsonl

Positions: card drafts, suit drafts, partner choices, leads and follows
(bench/hints.py `positions`, seed 1)."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.hints import positions           # noqa: E402
from pycore.records import dumps            # noqa: E402
from solver import api                      # noqa: E402

KINDS = ("draft", "suit", "partners", "lead", "follow")


def main() -> None:
    path = sys.argv[1]
    per = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    effort = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    with open(path, "w") as out:
        for kind in KINDS:
            for i, state in enumerate(positions("tricksters", 4, per, seed=1, decision=kind)):
                text, seat = dumps(state), state.current_player
                hint = api.hint(text, seat, {"effort": effort, "seed": 0})
                hint.pop("ms", None)
                hint.pop("seconds", None)
                bots = {level: api.bot_move(text, seat, level, 0) for level in ("easy", "normal")}
                out.write(json.dumps({"kind": kind, "i": i, "hint": hint, "bots": bots},
                                     sort_keys=True) + "\n")
            print(kind, "done", flush=True)


if __name__ == "__main__":
    main()
