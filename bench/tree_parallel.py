"""Root-parallel tree search against one tree, at the same iterations.

    python bench/tree_parallel.py [--positions 60] [--iterations 1500] [--trees 4] [--ref 15000]
                                  [--game lunar:4 --game raven:2 ...]

The tree search (solver/tree.py) can be spread over workers as several trees,
each from its own random stream with its share of the iterations, merged by
summing their root actions' visits and points (root parallelism, Chaslot,
Winands and van den Herik 2008); the answer then depends on the seed and the
effort only, never on the workers. Is it as strong as one tree of all the
iterations? At seeded positions where hard plays by the tree (card play in
Lunar, the Sky's too, and Raven's with two to four players: bench/hints.py's
positions, leads and follows), each search's move (solver.bots.grow_trees, the
hard level's own streams) is judged by a reference: one tree of --ref
iterations from another stream, each move valued by the mean points of the
reference's iterations that began with it. Printed per table: how often the two
choose alike, and the gain per decision of the trees' move over the one tree's
(reference points), its mean and 95% interval (Student's t over the positions;
0 where they agree). Counted in iterations, never time.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.hints import positions  # noqa: E402
from solver import bots, tree, work  # noqa: E402
from solver.stats import half_width  # noqa: E402
from solver.view import view_of  # noqa: E402

TABLES = ["lunar:4", "lunar:2", "raven:4", "raven:3", "raven:2"]


def move(searcher, iterations: int, trees: int, stream: str):
    root = work.drive(bots.grow_trees(searcher, iterations, trees, stream))
    return tree.most_visited(searcher.legal, root)


def measure(game: str, players: int, count: int, iterations: int, trees: int, ref: int, seed: int) -> list:
    rows = []
    for kind in ("lead", "follow"):
        for i, state in enumerate(positions(game, players, count, seed, decision=kind)):
            view = view_of(state, state.current_player)
            if not view.adapter.tree_search(state):
                continue
            searcher = work.Searcher(view, i)
            stream = f"manyhands/bot/tree/{i}/{len(state.history)}/{state.current_player}"
            one, many = move(searcher, iterations, 1, stream), move(searcher, iterations, trees, stream)
            gain = 0.0
            if one != many:
                values: dict = {}
                tree.search(view, ref, random.Random(f"bench/tree_parallel/{seed}/{i}"),
                            record=lambda a, final: values.setdefault(a, []).append(
                                view.adapter.hand_points(final, view.seat, view.adapter.hand_mark(state))))
                mean = {a: statistics.fmean(v) for a, v in values.items()}
                low = min(mean.values())
                gain = mean.get(many, low) - mean.get(one, low)
            rows.append({"kind": kind, "agree": one == many, "gain": gain})
            print(f"{game} {players}p {kind} {i}: {'alike' if one == many else f'differ, gain {gain:+.3f}'}",
                  flush=True)
    return rows


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", action="append", help="game:players (default: every table where hard uses the tree)")
    p.add_argument("--positions", type=int, default=60, help="positions of each kind (lead, follow)")
    p.add_argument("--iterations", type=int, default=bots.TREE_ITERATIONS["hard"])
    p.add_argument("--trees", type=int, default=4)
    p.add_argument("--ref", type=int, default=15_000)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    summary = []
    for table in a.game or TABLES:
        game, players = table.split(":")
        rows = measure(game, int(players), a.positions, a.iterations, a.trees, a.ref, a.seed)
        gains = [r["gain"] for r in rows]
        width = half_width(gains, None) or float("nan")
        mean = statistics.fmean(gains)
        summary.append(f"{table}: {len(rows)} positions, alike {100 * sum(r['agree'] for r in rows) / len(rows):.0f}%; "
                       f"{a.trees} trees' gain over 1 tree, per decision {mean:+.3f} "
                       f"[{mean - width:+.3f}, {mean + width:+.3f}] (reference: 1 tree of {a.ref:,})")
        print(summary[-1], flush=True)
    print(f"\n{a.iterations:,} iterations a decision, {a.trees} trees against 1:")
    print("\n".join(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
