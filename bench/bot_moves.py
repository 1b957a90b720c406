"""How long a computer player takes to move, natively, per game, player count,
level and kind of decision: through the worker's entry point
(`solver.api.bot_move`: record JSON in, action token out; replay, inference and
search included), as the page asks it.

    python bench/bot_moves.py [--games raven,voren] [--positions 20]
                              [--levels normal,hard] [--seed 1] [--players 2]
                              [--decision bid]

Printed per row: the median, 95th percentile and slowest of wall and CPU time,
and the playouts the search spent (a tree search's iterations, one playout
each, where the hard level plays one: solver/tree.py; the level's budget is counted in playouts,
never time, so a bot plays the same on any machine). The aim: a bot's
move never takes longer than the page's pace (0.7 s between moves) plus 1 s; the
page runs the same Python on Pyodide, 1.4-1.9x the native time in the review
measurements (bench/README.md, the hand review), which the last column applies.

Positions come from seeded games played by the easy bot (bench/hints.py).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.hints import kind, percentile, player_counts, positions   # noqa: E402
from pycore.records import dumps                      # noqa: E402
from solver import api, bots, search                  # noqa: E402

PAGE_OVER_NATIVE = 1.9     # the slowest page / native ratio measured (bench/README.md, the hand review in the page)


class CountedRank:
    """solver.bots' searches, counting the playouts they spend (`spent`, reset by
    the caller): search.rank_steps', and the tree search's iterations (`tree`)."""

    def __init__(self):
        self.spent = 0

    def __call__(self, *args, **kwargs):
        got = yield from search.rank_steps(*args, **kwargs)
        self.spent += got.playouts
        return got

    def tree(self, searcher, iterations, trees, stream):
        root = yield from real_grow_trees(searcher, iterations, trees, stream)
        self.spent += sum(child.visits for child in root.children.values())
        return root


real_grow_trees = bots.grow_trees


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", default=None, help="games, e.g. raven,voren (default: every game)")
    p.add_argument("--positions", type=int, default=20, help="positions per game and player count")
    p.add_argument("--levels", default="normal,hard")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", help="player counts, e.g. 2,3 (default: the game's examples', "
                                     "its fewest and its most)")
    p.add_argument("--decision", help="only positions of this kind of decision (bid, give, ...)")
    a = p.parse_args(argv)
    levels = a.levels.split(",")
    print(f"bot moves through solver.api.bot_move, CPython {sys.version.split()[0]} (native), "
          f"{a.positions} positions per game and player count, seed {a.seed}")
    print(f"{'game':>10} {'pl':>2} {'level':>6} {'decision':>8} {'n':>3} {'wall med':>8} {'p95':>6} "
          f"{'max':>6} {'cpu med':>7} {'max':>6} {'playouts max':>12} {'page est. max':>13}")
    worst = {lv: 0.0 for lv in levels}
    counted = bots.rank_steps = CountedRank()      # the moves timed are the ones counted
    bots.grow_trees = counted.tree
    try:
        measure(a, levels, counted, worst)
    finally:
        bots.rank_steps, bots.grow_trees = search.rank_steps, real_grow_trees
    for level in levels:
        print(f"slowest {level} move: {worst[level]:.2f} s natively, about "
              f"{PAGE_OVER_NATIVE * worst[level]:.2f} s in the page at {PAGE_OVER_NATIVE}x "
              f"(budget {bots.LEVELS[level]} playouts"
              + (f"; {bots.TREE_ITERATIONS[level]} iterations a tree search" if level in bots.TREE_ITERATIONS else "")
              + ")")
    return 0


def measure(a, levels: list[str], counted: CountedRank, worst: dict) -> None:
    """Every row of the table: each game, player count and level, per kind of decision."""
    from pycore import all_games
    for game in a.games.split(",") if a.games else sorted(all_games()):
        counts = [int(x) for x in a.players.split(",")] if a.players else player_counts(game)
        for players in counts:
            states = positions(game, players, a.positions, a.seed, decision=a.decision)
            for level in levels:
                rows: dict[str, dict[str, list]] = {}
                for state in states:
                    record, seat = dumps(state), state.current_player
                    counted.spent = 0
                    start, cpu = time.perf_counter(), time.process_time()
                    api.bot_move(record, seat, level, 0)
                    wall, used = time.perf_counter() - start, time.process_time() - cpu
                    row = rows.setdefault(kind(state), {"wall": [], "cpu": [], "playouts": []})
                    row["wall"].append(wall)
                    row["cpu"].append(used)
                    row["playouts"].append(counted.spent)
                for k, row in sorted(rows.items()):
                    slowest = max(row["wall"])
                    worst[level] = max(worst[level], slowest)
                    print(f"{game:>10} {players:>2} {level:>6} {k:>8} {len(row['wall']):>3} "
                          f"{statistics.median(row['wall']):>8.3f} {percentile(row['wall'], 0.95):>6.3f} "
                          f"{slowest:>6.3f} {statistics.median(row['cpu']):>7.3f} {max(row['cpu']):>6.3f} "
                          f"{max(row['playouts']):>12} {PAGE_OVER_NATIVE * slowest:>13.2f}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
