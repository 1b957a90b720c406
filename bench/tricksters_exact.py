"""Tricksters trick-play search cost, natively: per position, the time the hint's
ranking takes over its worlds and the cost per world, by trick (1 = the first
lead) and lead/follow, at a fixed number of worlds.

    python bench/tricksters_exact.py [--positions 6] [--tricks 1,2,3] [--worlds N] [--repeat 3]

`--worlds N` searches every action on N uniformly drawn worlds per position (the
search's flat mode, at the effort of N worlds), `--worlds all` every consistent
world. Each position is
ranked `--repeat` times and the median CPU time taken (process time: the machine
may be shared, and CPU time is what a quiet machine's wall time would be). Also
prints the default hint's full CPU time (`--hint`: solver.hints.hint at the
default effort, inference included) with whether it enumerated.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pycore.game import get_game              # noqa: E402
from solver import bots, hints                # noqa: E402
from solver.evaluate import make_evaluator  # noqa: E402
from solver.search import rank  # noqa: E402
from solver.view import view_of               # noqa: E402


def positions(trick: int, count: int, seed: int):
    """`count` positions where the seat to act plays to trick `trick` (1-4: at the
    fifth nobody has a choice), from seeded games played by the easy bot, at a
    random point of the trick."""
    if not 1 <= trick <= 4:
        raise ValueError("tricks 1-4 only: at the fifth every seat has one card left")
    game = get_game("tricksters")
    rng = random.Random(f"bench/tricksters_exact/{trick}/{seed}")
    out = []
    while len(out) < count:
        state = game.new_game({"players": 4}, seed=rng.randrange(10**6))
        for _ in range(rng.randrange(0, 3) * 33):         # some later rounds too
            state = state.apply_action(bots.choose(state, state.current_player, "easy"))
        while not (state.phase == "play" and len(state.tricks) == trick):
            state = state.apply_action(bots.choose(state, state.current_player, "easy"))
        for _ in range(rng.randrange(0, 4)):
            state = state.apply_action(bots.choose(state, state.current_player, "easy"))
        if state.phase != "play" or len(state.tricks) != trick or len(state.legal_actions()) < 2:
            continue
        out.append(state)
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--positions", type=int, default=6)
    p.add_argument("--tricks", default="1,2,3,4")
    p.add_argument("--worlds", default="all", help="N, or 'all' (enumerate)")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--hint", action="store_true", help="also time the default hint")
    a = p.parse_args(argv)
    forced = None if a.worlds == "all" else int(a.worlds)
    print(f"tricksters trick-play ranking, CPython {sys.version.split()[0]} (native), "
          f"worlds {a.worlds}, median CPU time of {a.repeat}")
    print(f"{'trick':>5} {'kind':>6} {'worlds':>7} {'used':>6} {'cpu ms':>9} {'ms/world':>9}"
          + (f" {'hint ms':>8} {'all':>5}" if a.hint else ""))
    for trick in [int(t) for t in a.tricks.split(",")]:
        per_world = []
        for state in positions(trick, a.positions, a.seed):
            seat = state.current_player
            times = []
            for _ in range(a.repeat):
                view = view_of(state, seat)
                start = time.process_time()
                if forced:
                    cost = make_evaluator(view).cost(len(state.legal_actions()))
                    r = rank(view, effort=max(1, round(forced * cost)), flat=True)
                else:
                    r = rank(view, all_worlds=True)
                times.append(time.process_time() - start)
            ms = 1000 * statistics.median(times)
            per_world.append(ms / r.used)
            kind = "follow" if state.tricks[-1].plays else "lead"
            line = f"{trick:>5} {kind:>6} {r.worlds:>7} {r.used:>6} {ms:>9.1f} {ms / r.used:>9.3f}"
            if a.hint:
                hs = []
                for _ in range(a.repeat):
                    start = time.process_time()
                    h = hints.hint(state, seat)
                    hs.append(time.process_time() - start)
                line += f" {1000 * statistics.median(hs):>8.0f} {str(h['all_worlds']):>5}"
            print(line, flush=True)
        print(f"trick {trick}: ms/world median {statistics.median(per_world):.3f}, "
              f"max {max(per_world):.3f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
