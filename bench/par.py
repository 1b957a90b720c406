"""How long the par of a hand takes (solver/par.py), natively, per game and
player count: the hand replayed with the hard player in the seat and the other
seats at the page's level, every move searched as the page's computer players
search it. The page works it out in the background in a hint worker.

    python bench/par.py [--games raven,tricksters,lunar,voren] [--deals 3] [--level normal]
                        [--players 2,4] [--seed 1]

Each deal is a game of its own seed whose first hand the easy player played
(the "player's" record); the par is asked of the API (solver.api.par, record
JSON in), seat 0, hand 1. Printed per game and player count: the moves in the
par's hand and how many were the hard player's, and the median and slowest
wall and CPU seconds per hand.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.hints import player_counts      # noqa: E402
from pycore import all_games, get_game, record_of   # noqa: E402
from solver import api, bots               # noqa: E402



def players_record(game: str, players: int, seed: int) -> dict:
    """Hand 1 of the game of `seed`, played by the easy player in every seat."""
    state = get_game(game).new_game({"players": players}, seed=seed)
    while not state.is_terminal and not state.finished_hands:
        state = state.apply_action(bots.choose(state, state.current_player, "easy", bots.page_seed(state)))
    return record_of(state).to_json()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", default=None, help="games, e.g. raven,voren (default: every game)")
    p.add_argument("--deals", type=int, default=3)
    p.add_argument("--level", default="normal", help="the other seats' level")
    p.add_argument("--players", help="player counts, e.g. 2,4 (default: the game's examples', "
                                     "its fewest and its most)")
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    print(f"par of hand 1, seat 0, the others {a.level}, through solver.api.par, CPython "
          f"{sys.version.split()[0]} (native), {a.deals} deals each, seed {a.seed}")
    print(f"{'game':>10} {'pl':>2} {'moves':>5} {'hard':>4} {'wall med':>8} {'max':>6} {'cpu med':>7} {'max':>6}")
    started = time.time()
    for game in a.games.split(",") if a.games else all_games():
        counts = player_counts(game) if not a.players else [int(n) for n in a.players.split(",")
                                                            if int(n) in get_game(game).player_counts()]
        for players in counts:
            walls, cpus, moves, hards = [], [], [], []
            for deal in range(a.deals):
                record = players_record(game, players, a.seed * 1000 + deal)
                wall, cpu = time.perf_counter(), time.process_time()
                (hand,) = api.par(record, 0, a.level, 1)["hands"]
                walls.append(time.perf_counter() - wall)
                cpus.append(time.process_time() - cpu)
                moves.append(len(hand["actions"]))
                state = get_game(game).new_game(record["rules"], seed=record["seed"])
                mine = 0
                for token in hand["actions"]:
                    mine += state.current_player == 0
                    state = state.apply_token(token)
                hards.append(mine)
            print(f"{game:>10} {players:>2} {statistics.median(moves):>5.0f} {statistics.median(hards):>4.0f} "
                  f"{statistics.median(walls):>7.1f}s {max(walls):>5.1f}s {statistics.median(cpus):>6.1f}s "
                  f"{max(cpus):>5.1f}s", flush=True)
    print(f"{time.time() - started:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
