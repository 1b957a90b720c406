"""How often the flat search's best card differs from hard's tree's, where hard
plays by the tree (Lunar's and Raven's card play with four players, before the
exact endgame): the question behind the hint searching those positions with the
tree (solver/search.py `_tree`).

    python bench/hint_vs_tree.py [--positions 20] [--effort 2800] [--iterations 3000]

For seeded leads and follows (bench/hints.py positions, spread through the
game), the flat search (the hint's race, `--effort` playouts: about what the
hint spends in its second natively) and the tree (`--iterations`): where their
choices differ, the group the flat search puts the tree's card in ("worse":
clearly worse at 95%) and whether the tree calls the flat search's card alike
(tree.alike). Counted in playouts and iterations, never timed.
"""
from __future__ import annotations

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.hints import positions                        # noqa: E402
from solver import tree                                  # noqa: E402
from solver.search import against_best, rank             # noqa: E402
from solver.view import view_of                          # noqa: E402


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--positions", type=int, default=20, help="per game and kind (lead, follow)")
    p.add_argument("--effort", type=int, default=2800)
    p.add_argument("--iterations", type=int, default=3000)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    print(f"flat search at {a.effort:,} playouts against the tree at {a.iterations:,} iterations; "
          f"{a.positions} leads and {a.positions} follows a game, seed {a.seed}")
    for game in ("lunar", "raven"):
        differ = total = called_worse = tree_alike = 0
        for decision in ("lead", "follow"):
            for state in positions(game, 4, a.positions, a.seed, decision=decision):
                view = view_of(state, state.current_player)
                if not view.adapter.tree_search(state):
                    continue
                flat = rank(view, a.effort, a.seed)
                legal = state.legal_actions()
                root = tree.search(view, a.iterations, random.Random(a.seed))
                move = tree.most_visited(legal, root)
                total += 1
                if move == flat.stats[0].action:
                    continue
                differ += 1
                group = against_best(flat, next(s for s in flat.stats if s.action == move)).group
                called_worse += group == "worse"
                tree_alike += flat.stats[0].action in tree.alike(legal, root)
                token = state.game.action_token
                print(f"  {game} {decision} at move {len(state.history)}: flat {token(state, flat.stats[0].action)}, "
                      f"tree {token(state, move)}; flat calls the tree's card {group}", flush=True)
        print(f"{game}: the choices differ in {differ} of {total} positions; in {called_worse} of those "
              f"the flat search calls the tree's card clearly worse; the tree calls the flat "
              f"search's card alike to its own in {tree_alike}", flush=True)


if __name__ == "__main__":
    main()
