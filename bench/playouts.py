"""A game's playouts, old code against new in one run: the shared machinery of
bench/lunar_playouts.py and bench/tricksters_playouts.py. A game's script names
its positions (`Spec.positions`: (players, kind, count), made by bench/hints.py
`positions`, seed 1, the same in both trees as they play alike), the calls timed
on them (`Spec.calls(module)`: (row name, (players, kind), call(state)) for the
game's solver module of a tree) and the kinds of the hint timings (`Spec.hint`).

    python bench/GAME_playouts.py OLD_TREE [NEW_TREE=this tree] [--runs 15] [--repeat 10]
    python bench/GAME_playouts.py OLD_TREE [NEW_TREE] --hints 10 [--runs 2]
    python bench/GAME_playouts.py OLD_TREE [NEW_TREE] --hints 5 --effort 1500 [--runs 3]

OLD_TREE is a checkout of the code before, e.g. `git archive HEAD~3 | tar -x -C
/tmp/old`. Both trees are loaded into this one process (each its own copy of
`pycore` and `solver`, and its own positions), and every run times old and new
back to back (which first alternates), so a shared machine's changing load falls
on both alike. CPU time is timed.

With --hints N: instead, the playouts a 1 s hint (the page's default budget)
makes at N positions of each of the hint kinds, median over positions and runs
(and each position's: a hint that searches every deal sooner stops early);
each tree in its own process (the solver imports its games by name), the two
asked in turn position by position (wall time: the figure depends on the
machine's load). With --effort E too: the CPU time of hints at that fixed
effort (the same playouts in both trees: no clock), as the search really meets
them (worlds sampled afresh, caches warm), where the fixed positions above
replay the same playouts run after run."""
from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import os
import statistics
import subprocess
import sys
import time
from typing import Callable

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ("pycore", "solver", "bench")


@dataclasses.dataclass
class Spec:
    game: str                   # the game's name (its solver module: solver.games.<game>)
    title: str
    positions: list             # (players, kind, count): the positions timed
    calls: Callable             # module -> [(row name, (players, kind), call(state))]
    hint: list                  # (players, kind): the kinds of the hint timings
    script: str                 # the game's bench script (its hint workers run it)


def load(spec: Spec, tree: str) -> tuple:
    """The game's solver module of `tree`, imported afresh from it, and the
    positions of `spec`, made with it (while its modules are the ones the solver
    finds by name)."""
    for name in [m for m in sys.modules if m.split(".")[0] in PACKAGES]:
        del sys.modules[name]
    sys.path.insert(0, tree)
    try:
        module = importlib.import_module(f"solver.games.{spec.game}")
        positions = importlib.import_module("bench.hints").positions
        return module, {(players, kind): positions(spec.game, players, count, seed=1, decision=kind)
                        for players, kind, count in spec.positions}
    finally:
        sys.path.remove(tree)


def cpu_per_call(states, call, repeat: int) -> float:
    start = time.process_time()
    for _ in range(repeat):
        for state in states:
            call(state)
    return (time.process_time() - start) / (repeat * len(states))


def main(spec: Spec) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("old")
    p.add_argument("new", nargs="?", default=HERE)
    p.add_argument("--runs", type=int, default=15)
    p.add_argument("--repeat", type=int, default=10, help="calls per position in a run")
    p.add_argument("--hints", type=int, default=0, help="time 1 s hints at this many positions")
    p.add_argument("--effort", type=int, default=0, help="with --hints: hints at this effort, CPU timed")
    p.add_argument("--hint-worker", help=argparse.SUPPRESS)
    a = p.parse_args()
    paths = {"old": os.path.abspath(a.old), "new": os.path.abspath(a.new)}
    if a.hint_worker:
        hint_worker(spec, a.hint_worker, a.hints, a.effort)
        return
    if a.hints:
        hints(spec, paths, a)
        return
    trees = {"old": load(spec, paths["old"]), "new": load(spec, paths["new"])}
    work = []          # (name, {tree: (states, call)})
    calls = {t: spec.calls(module) for t, (module, _) in trees.items()}
    for i, (name, where, _) in enumerate(calls["new"]):
        work.append((name, {t: (trees[t][1][where], calls[t][i][2]) for t in trees}))
    times: dict = {(name, t): [] for name, _ in work for t in trees}
    for run in range(a.runs):
        for name, pair in work:
            for t in (("old", "new") if run % 2 == 0 else ("new", "old")):
                states, call = pair[t]
                times[(name, t)].append(cpu_per_call(states, call, a.repeat))
    print(f"{spec.title} playouts, CPU us a call, median of {a.runs} runs (old and new back to back, "
          f"{a.repeat} calls a position a run), CPython {sys.version.split()[0]}, "
          f"load average {os.getloadavg()[0]:.1f} at the end")
    print(f"  old {paths['old']}\n  new {paths['new']}")
    print("(old/new: of the medians; paired: the median of each run's old/new, with its")
    print(" quartiles: the back-to-back pairs, which a changing load disturbs least)")
    print(f"{'':<22}{'old us':>9}{'new us':>9}{'old/new':>9}{'paired':>9}{'quartiles':>14}")
    for name, _ in work:
        olds, news = times[(name, "old")], times[(name, "new")]
        old, new = statistics.median(olds), statistics.median(news)
        pairs = sorted(o / n for o, n in zip(olds, news))
        low, _, high = statistics.quantiles(pairs, n=4)
        print(f"{name:<22}{old * 1e6:>9.0f}{new * 1e6:>9.0f}{old / new:>9.2f}"
              f"{statistics.median(pairs):>9.2f}{f'{low:.2f}-{high:.2f}':>14}")


def hint_worker(spec: Spec, tree: str, count: int, effort: int) -> None:
    """Answers, one line each, requests "KIND INDEX" on stdin with the measure of
    a hint at position INDEX of the hint kind KIND, in the code of `tree`: the
    playouts of a 1 s hint, or with an effort the CPU seconds of a hint at it."""
    for name in [m for m in sys.modules if m.split(".")[0] in PACKAGES]:
        del sys.modules[name]       # this script's own `bench`: the tree's is imported
    sys.path.insert(0, tree)
    from bench.hints import positions
    from pycore.records import dumps
    from solver import api
    assert api.__file__.startswith(os.path.join(tree, "")), api.__file__
    states = [positions(spec.game, players, count, seed=1, decision=kind) for players, kind in spec.hint]
    for kind in states:         # warm up: the solver's imports, and the like, are not timed
        api.hint(dumps(kind[0]), kind[0].current_player, {"effort": 50, "seed": 1})
    for line in sys.stdin:
        kind, index = map(int, line.split())
        state = states[kind][index]
        if effort:
            start = time.process_time()
            api.hint(dumps(state), state.current_player, {"effort": effort, "seed": 0})
            value = time.process_time() - start
        else:
            value = api.hint(dumps(state), state.current_player, {"seconds": 1.0, "seed": 0})["playouts"]
        print(json.dumps(value), flush=True)


def hints(spec: Spec, paths: dict, a) -> None:
    workers = {t: subprocess.Popen([sys.executable, spec.script, paths[t], "--hint-worker",
                                    paths[t], "--hints", str(a.hints), "--effort", str(a.effort)],
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd="/")
               for t in ("old", "new")}

    def ask(t: str, kind: int, index: int):
        workers[t].stdin.write(f"{kind} {index}\n")
        workers[t].stdin.flush()
        return json.loads(workers[t].stdout.readline())
    got: dict = {(kind, t): [] for kind in range(len(spec.hint)) for t in workers}
    for run in range(a.runs):
        for kind in range(len(spec.hint)):
            for index in range(a.hints):
                for t in (("old", "new") if (run + index) % 2 == 0 else ("new", "old")):
                    got[(kind, t)].append(ask(t, kind, index))
    for worker in workers.values():
        worker.stdin.close()
        worker.wait()
    what = f"CPU ms of a hint at effort {a.effort}" if a.effort else "playouts of a 1 s hint"
    print(f"{spec.title}: {what}, median over {a.hints} positions x {a.runs} runs (old and new back to "
          f"back), load average {os.getloadavg()[0]:.1f} at the end")
    print(f"  old {paths['old']}\n  new {paths['new']}")
    print(f"(the ratio of the medians, and paired: the median of each position's ratio in a run)")
    print(f"{'':<12}{'old':>9}{'new':>9}{'old/new' if a.effort else 'new/old':>9}{'paired':>9}")
    for kind, (players, decision) in enumerate(spec.hint):
        olds, news = got[(kind, "old")], got[(kind, "new")]
        old, new = statistics.median(olds), statistics.median(news)
        if a.effort:
            paired = statistics.median(o / n for o, n in zip(olds, news))
            print(f"{f'{players}p {decision}':<12}{old * 1e3:>9.0f}{new * 1e3:>9.0f}{old / new:>9.2f}"
                  f"{paired:>9.2f}")
        else:
            paired = statistics.median(n / o for o, n in zip(olds, news))
            print(f"{f'{players}p {decision}':<12}{old:>9.0f}{new:>9.0f}{new / old:>9.2f}{paired:>9.2f}"
                  f"   by position, old -> new: {', '.join(f'{o} -> {n}' for o, n in zip(olds, news))}")
