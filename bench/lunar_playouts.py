"""Lunar's playouts, old code against new in one run: a fixed number of
`simulate` calls (the rest of a round from trick play) and of whole playouts
(`playout`: the policy through the exchange and the trump tiles, then the
simulator) on fixed seeded positions, medians per tree and their ratio.

    python bench/lunar_playouts.py OLD_TREE [NEW_TREE=this tree] [--runs 15] [--repeat 10]
    python bench/lunar_playouts.py OLD_TREE [NEW_TREE] --hints 10 [--runs 2]

OLD_TREE is a checkout of the code before, e.g. `git archive HEAD~3 | tar -x -C
/tmp/old`. Both trees are loaded into this one process (each its own copy of
`pycore` and `solver`), and every run times old and new back to back (which
first alternates), so a shared machine's changing load falls on both alike.
CPU time is timed. Positions come from bench/hints.py `positions` (seed 1),
made by the new tree: the same in both, which play alike.

With --hints N: instead, the playouts a 1 s hint (the page's default budget)
makes at N positions of each of PLAYOUT's kinds, old and new alternating
position by position, median over positions and runs (wall time: the figure
depends on the machine's load)."""
from __future__ import annotations

import argparse
import importlib
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ("pycore", "solver", "bench")

# (players, decision, positions): the simulator is timed from trick play, the
# playout from the exchange (4 players) and the trump tiles (the Sky)
SIMULATE = [(4, "lead", 10), (4, "follow", 10), (2, "lead", 10), (2, "follow", 10)]
PLAYOUT = [(4, "give", 10), (2, "turn", 10)]


def load(tree: str) -> dict:
    """The modules of `tree` this bench calls, imported afresh from it."""
    for name in [m for m in sys.modules if m.split(".")[0] in PACKAGES]:
        del sys.modules[name]
    sys.path.insert(0, tree)
    try:
        return {"lunar": importlib.import_module("solver.games.lunar"),
                "api": importlib.import_module("solver.api"),
                "records": importlib.import_module("pycore.records"),
                "hints": importlib.import_module("bench.hints")}
    finally:
        sys.path.remove(tree)


def cpu_per_call(states, call, repeat: int) -> float:
    start = time.process_time()
    for _ in range(repeat):
        for state in states:
            call(state)
    return (time.process_time() - start) / (repeat * len(states))


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("old")
    p.add_argument("new", nargs="?", default=HERE)
    p.add_argument("--runs", type=int, default=15)
    p.add_argument("--repeat", type=int, default=10, help="calls per position in a run")
    p.add_argument("--hints", type=int, default=0, help="time 1 s hints at this many positions")
    a = p.parse_args()
    paths = {"old": os.path.abspath(a.old), "new": os.path.abspath(a.new)}
    trees = {"old": load(paths["old"]), "new": load(paths["new"])}    # new last: its positions
    positions = trees["new"]["hints"].positions
    if a.hints:
        hints(trees, positions, a)
        return
    work = []          # (name, states, {tree: call})
    for players, kind, count in SIMULATE:
        work.append((f"simulate {players}p {kind}", positions("lunar", players, count, seed=1, decision=kind),
                     {t: m["lunar"].simulate for t, m in trees.items()}))
    for players, kind, count in PLAYOUT:
        work.append((f"playout {players}p {kind}", positions("lunar", players, count, seed=1, decision=kind),
                     {t: (lambda s, lunar=m["lunar"]: lunar.playout(s, len(s.finished_hands), None))
                      for t, m in trees.items()}))
    times: dict = {(name, t): [] for name, _, _ in work for t in trees}
    for run in range(a.runs):
        for name, states, calls in work:
            for t in (("old", "new") if run % 2 == 0 else ("new", "old")):
                times[(name, t)].append(cpu_per_call(states, calls[t], a.repeat))
    print(f"Lunar playouts, CPU us a call, median of {a.runs} runs (old and new back to back, "
          f"{a.repeat} calls a position a run), CPython {sys.version.split()[0]}, "
          f"load average {os.getloadavg()[0]:.1f} at the end")
    print(f"  old {paths['old']}\n  new {paths['new']}")
    print(f"{'':<22}{'old us':>9}{'new us':>9}{'old/new':>9}")
    for name, _, _ in work:
        old, new = statistics.median(times[(name, "old")]), statistics.median(times[(name, "new")])
        print(f"{name:<22}{old * 1e6:>9.0f}{new * 1e6:>9.0f}{old / new:>9.2f}")


def hints(trees: dict, positions, a) -> None:
    rows = []
    for players, kind, _ in PLAYOUT:
        records = [(trees["new"]["records"].dumps(s), s.current_player)
                   for s in positions("lunar", players, a.hints, seed=1, decision=kind)]
        got: dict = {"old": [], "new": []}
        for run in range(a.runs):
            for i, (record, seat) in enumerate(records):
                for t in (("old", "new") if (run + i) % 2 == 0 else ("new", "old")):
                    hint = trees[t]["api"].hint(record, seat, {"seconds": 1.0, "seed": 0})
                    got[t].append(hint["playouts"])
        rows.append((f"1 s hint {players}p {kind}", got))
    print(f"Lunar: playouts of a 1 s hint, median over {a.hints} positions x {a.runs} runs, "
          f"load average {os.getloadavg()[0]:.1f} at the end")
    print(f"{'':<22}{'old':>9}{'new':>9}{'new/old':>9}")
    for name, got in rows:
        old, new = statistics.median(got["old"]), statistics.median(got["new"])
        print(f"{name:<22}{old:>9.0f}{new:>9.0f}{new / old:>9.2f}")


if __name__ == "__main__":
    main()
