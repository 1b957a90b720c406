"""Hand review cost, natively: the time to review a whole hand for one seat, per
game and player count, at the budget the page uses (the hint's default effort),
from an empty cache, then the second look (every decision kept).

    python bench/review.py [--games raven:4,raven:2,tricksters:4,lunar:4,lunar:2,voren:5]
                           [--hands 5] [--effort N] [--seed 1]

Hands: seeded games played by the easy bot in every seat, to the end of the
first hand; seat 0 is reviewed. Wall-clock and CPU time are both printed (the
machine may be shared: CPU time is the steadier figure); medians over the hands,
and the slowest hand. The time inside the hint's search (`solver.hints.ranked_steps`,
the search the hint button runs) is split from the rest (face-up values, the "why"
comparison over the player's worlds, the words and the step data). The last
column counts the card-play decisions whose face-up column is exact.

The aim is a full review within 30 s in the browser; Pyodide in Chromium
runs this pure-Python work slower than CPython 3.11 natively (bench/web.py
measures the page; bench/README.md gives the factor measured).
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.hints import player_counts       # noqa: E402
from pycore.game import all_games, get_game  # noqa: E402
from pycore.records import dumps            # noqa: E402
from solver import bots, hints              # noqa: E402
from solver import review as hand_review    # noqa: E402



def hand_record(name: str, players: int, seed: int) -> str:
    game = get_game(name)
    state = game.new_game({"players": players}, seed=seed)
    while not state.is_terminal and not state.finished_hands:
        state = state.apply_action(bots.choose(state, state.current_player, "easy", seed))
    return dumps(state)


class Clock:
    """Wall and CPU seconds spent inside `solver.hints.ranked_steps` (its batches
    valued in this process while it waits on them) while installed."""

    def __init__(self):
        self.wall = self.cpu = 0.0
        self.real = hints.ranked_steps

    def __enter__(self):
        def timed(*args, **kwargs):
            w, c = time.perf_counter(), time.process_time()
            try:
                return (yield from self.real(*args, **kwargs))
            finally:
                self.wall += time.perf_counter() - w
                self.cpu += time.process_time() - c
        hints.ranked_steps = timed
        return self

    def __exit__(self, *exc):
        hints.ranked_steps = self.real


def measure(record: str, effort: int) -> dict:
    budget = {"effort": effort, "seed": 0}
    cache: dict = {}
    with Clock() as inside:
        w, c = time.perf_counter(), time.process_time()
        export = hand_review.review(record, 0, 1, budget, cache=cache)
        wall, cpu = time.perf_counter() - w, time.process_time() - c
    w = time.perf_counter()
    again = hand_review.review(record, 0, 1, budget, cache=cache)
    second = time.perf_counter() - w
    assert again == export
    hand = export["hands"][0]
    plays = [d for d in hand["decisions"] if d["trick"] is not None]
    return {"wall": wall, "cpu": cpu, "hint_cpu": inside.cpu, "second": second,
            "decisions": len(hand["decisions"]),
            "why": sum(d["why"] is not None for d in hand["decisions"]),
            "plays": len(plays), "plays_exact": sum(d["face_up"]["exact"] for d in plays)}


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--games", default=None, help="game:players, comma-separated (default: every game at "
                                                  "its examples', its fewest and its most players)")
    p.add_argument("--hands", type=int, default=5)
    p.add_argument("--effort", type=int, default=hints.DEFAULT_EFFORT)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    med = statistics.median
    print(f"hand review of seat 0, first hand, effort {a.effort}, {a.hands} seeded hands per row; "
          f"CPython {sys.version.split()[0]}, load average {os.getloadavg()[0]:.1f}")
    print(f"{'game':<12} {'decisions':>9} {'wall s':>7} {'cpu s':>6} {'max cpu':>7} {'hint %':>6} "
          f"{'ms/decision':>11} {'why':>4} {'2nd look ms':>11} {'face-up exact':>13}")
    games = a.games.split(",") if a.games else [f"{name}:{players}" for name in sorted(all_games())
                                                for players in player_counts(name)]
    for item in games:
        name, _, players = item.partition(":")
        players = int(players) if players else get_game(name).player_counts()[0]
        rng = random.Random(f"bench/review/{name}/{players}/{a.seed}")
        rows = [measure(hand_record(name, players, rng.randrange(10**6)), a.effort) for _ in range(a.hands)]
        cpu = [r["cpu"] for r in rows]
        per = [r["cpu"] / r["decisions"] * 1000 for r in rows if r["decisions"]]
        share = sum(r["hint_cpu"] for r in rows) / max(1e-9, sum(cpu)) * 100
        print(f"{name + ' ' + str(players):<12} {med(r['decisions'] for r in rows):>9} "
              f"{med(r['wall'] for r in rows):>7.2f} {med(cpu):>6.2f} {max(cpu):>7.2f} {share:>6.0f} "
              f"{(med(per) if per else 0):>11.0f} {sum(r['why'] for r in rows):>4} "
              f"{med(r['second'] for r in rows) * 1000:>11.1f} "
              f"{sum(r['plays_exact'] for r in rows):>6}/{sum(r['plays'] for r in rows):<6}", flush=True)
    print(f"'hint %': CPU share inside solver.hints.ranked_steps; 'why': decisions (over all {a.hands} hands) "
          f"where the face-up best differed and the player's worlds were compared; 'face-up exact': card-play "
          f"decisions (over all {a.hands} hands) whose face-up column is exact.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
