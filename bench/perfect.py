"""The perfect-information solver (solver/perfect.py), natively: its speed beside
the endgame search, and how much of a hand's card play it values exactly within
a budget of positions (what the review's face-up column could take from it).

    python bench/perfect.py --speed [--games lunar:4,lunar:2,raven:4] [--deals 5] [--cap 60] [--left 3,first]
    python bench/perfect.py --coverage [--games ...] [--hands 60] [--nodes 40000]

--speed: at seeded open deals (random play to the point), every legal action
of the seat to act solved exactly, by the solver and by today's endgame search
(solver/endgame.py, one memo), each capped at `--cap` seconds: at the first trick
(the whole hand) and with 3 tricks' cards left (where both finish), or at the
points `--left` names. Printed per game and player count: medians of seconds
and positions expanded a second, the positions expanded in all (the same on
every machine: a measure of the search, not of its speed), and how many finished.

--coverage: seeded hands played by the easy bot in every seat (as bench/review.py);
at each card-play decision of seat 0 (the review's), whether the solver values
every legal choice, the true deal face up, within `--nodes` positions expanded.
Printed: the share exact, per trick; the median and slowest seconds a hand of
those searches alone (CPU time: the machine may be shared).
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pycore.game import all_games, get_game  # noqa: E402
from solver import bots, endgame            # noqa: E402
from solver.perfect import solve_actions    # noqa: E402
from solver.view import adapter_for         # noqa: E402

NODES = 40_000      # positions expanded a decision: about 1 s natively at most


def default_games() -> str:
    """Every registered game at each of its player counts."""
    return ",".join(f"{name}:{players}" for name, game in sorted(all_games().items())
                    for players in game.player_counts())


class _Late(Exception):
    pass


class _Timed(dict):
    """The endgame search's memo, stopping it past a deadline (its lookups counted)."""

    def __init__(self, seconds: float):
        super().__init__()
        self.deadline, self.visits = time.process_time() + seconds, 0

    def get(self, key, default=None):
        self.visits += 1
        if not self.visits & 255 and time.process_time() > self.deadline:
            raise _Late
        return super().get(key, default)


def open_deal(name: str, players: int, seed: int, tricks_left: int | None):
    """A seeded deal played at random to its first trick (None) or to the first
    card-play decision with `tricks_left` tricks' cards left."""
    game, adapter = get_game(name), adapter_for(name)
    rng = random.Random(f"bench-perfect/{name}/{players}/{seed}")
    state = game.new_game({"players": players}, seed=rng.randrange(10**6))
    while True:
        if adapter.current_trick_index(state) is not None and len(state.legal_actions()) > 1 and (
                tricks_left is None or adapter.cards_left(state) <= tricks_left * players):
            return state
        state = state.apply_action(rng.choice(state.legal_actions()))


def speed(name: str, players: int, deals: int, cap: float, tricks_left: int | None) -> dict:
    adapter = adapter_for(name)
    rows = {"perfect": [], "endgame": []}
    for d in range(deals):
        state = open_deal(name, players, d, tricks_left)
        seat, mark = state.current_player, adapter.hand_mark(state)
        legal = state.legal_actions()
        c = time.process_time()
        got = solve_actions(adapter, state, seat, legal, seconds=cap)
        rows["perfect"].append((got.report.finished, time.process_time() - c, got.report.nodes))
        if adapter.exact_final is not None:
            memo = _Timed(cap)
            c = time.process_time()
            try:
                for action in legal:
                    adapter.exact_final(state.apply_action(action), seat, mark, memo)
                done = True
            except _Late:
                done = False
            rows["endgame"].append((done, time.process_time() - c, len(memo)))
    out = {}
    for who, got in rows.items():
        if got:
            out[who] = {"finished": sum(f for f, _, _ in got), "of": len(got),
                        "median_s": statistics.median(s for _, s, _ in got),
                        "per_s": statistics.median(n / s for _, s, n in got if s > 0),
                        "positions": sum(n for _, _, n in got)}
    return out


def coverage(name: str, players: int, hands: int, nodes: int) -> dict:
    game, adapter = get_game(name), adapter_for(name)
    exact = total = 0
    by_trick: dict = {}
    seconds = []
    for seed in range(1, hands + 1):
        state = game.new_game({"players": players}, seed=seed)
        spent = 0.0
        while not state.is_terminal and not state.finished_hands:
            seat = state.current_player
            trick = adapter.current_trick_index(state)
            if seat == 0 and trick is not None and len(state.legal_actions()) > 1:
                c = time.process_time()
                finished = solve_actions(adapter, state, 0, state.legal_actions(), nodes=nodes).report.finished
                spent += time.process_time() - c
                total += 1
                exact += finished
                row = by_trick.setdefault(trick + 1, [0, 0])
                row[0] += finished
                row[1] += 1
            state = state.apply_action(bots.choose(state, seat, "easy", seed))
        seconds.append(spent)
    return {"exact": exact, "decisions": total, "share": exact / total if total else None,
            "by_trick": {t: f"{a}/{b}" for t, (a, b) in sorted(by_trick.items())},
            "hand_median_s": statistics.median(seconds), "hand_max_s": max(seconds)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--speed", action="store_true")
    parser.add_argument("--coverage", action="store_true")
    parser.add_argument("--games", default=None, help="name:players,... (default: every game at each player count)")
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--cap", type=float, default=60.0)
    parser.add_argument("--left", default="3,first",
                        help="--speed at these points: tricks' cards left, or 'first' (the first trick)")
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--nodes", type=int, default=NODES)
    args = parser.parse_args()
    for item in (args.games or default_games()).split(","):
        name, players = item.split(":")
        players = int(players)
        if args.speed:
            for left in args.left.split(","):
                left = None if left == "first" else int(left)
                label = "first trick" if left is None else f"{left} tricks left"
                got = speed(name, players, args.deals, args.cap, left)
                words = "; ".join(f"{who} {r['finished']}/{r['of']} finished, median {r['median_s']:.3f} s, "
                                  f"{r['per_s']:.0f} positions/s, {r['positions']:,} positions in all"
                                  for who, r in got.items())
                print(f"{name} {players}, {label}: {words}", flush=True)
        if args.coverage:
            got = coverage(name, players, args.hands, args.nodes)
            print(f"{name} {players}: exact within {args.nodes:,} positions at {got['exact']}/{got['decisions']} card-play decisions "
                  f"({100 * got['share']:.1f}%) over {args.hands} hands; those searches a hand: median "
                  f"{got['hand_median_s']:.2f} s CPU, slowest {got['hand_max_s']:.2f} s; by trick "
                  f"{got['by_trick']}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
