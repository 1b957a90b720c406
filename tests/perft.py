"""Counts of legal action sequences from fixed positions (python-chess's perft).

A data file `tests/data/perft/<game>.json` lists positions as records with the
counts of legal action sequences of each depth from there:

    [{"name": "raven 4p, first bid", "record": {...manyhands-record/1...},
      "counts": [n1, n2, n3]}]

`counts[d-1]` is the number of sequences of d actions (a terminal position ends
a sequence early and counts as one). Regenerate a file's counts with
`python -m tests.perft FILE` only when a rule change is intended.
"""
from __future__ import annotations

import json
import sys


def count_sequences(state, depth: int) -> int:
    if depth == 0 or state.is_terminal:
        return 1
    return sum(count_sequences(state.apply_action(a), depth - 1) for a in state.legal_actions())


def counts_for(record: dict, depth: int) -> list[int]:
    from pycore import replay
    state = replay(record)
    return [count_sequences(state, d) for d in range(1, depth + 1)]


def main(path: str) -> None:
    with open(path) as handle:
        positions = json.load(handle)
    for position in positions:
        position["counts"] = counts_for(position["record"], len(position["counts"]))
        print(position["name"], position["counts"])
    with open(path, "w") as handle:
        json.dump(positions, handle, indent=1)
        handle.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
