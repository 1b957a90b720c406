"""Hint latency, natively: median and 95th percentile per game, player count and
kind of decision, at the default budget, through the worker's JSON entry point
(record JSON in, hint JSON out: replay, inference and search all included).

    python bench/hints.py [--game raven] [--positions 30] [--effort N] [--players 2,3,4,5,6]
                          [--rules '{"deal": "mixed"}'] [--decision bid]

Wall-clock and CPU time (the machine may be shared) are both reported.

Positions come from seeded games played by the easy bot, sampled at random steps.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pycore.game import get_game            # noqa: E402
from pycore.records import dumps            # noqa: E402
from solver import api, bots, hints         # noqa: E402


def example_tables() -> list[tuple[str, int]]:
    """(game, players) of every registered game's examples (Game.examples)."""
    from pycore import all_games
    return [(name, game.players(game.make_rules(rules)))
            for name, game in sorted(all_games().items()) for rules in game.examples()]


def player_counts(game_name: str) -> list[int]:
    """The player counts a benchmark takes by default: each of the game's examples'
    (Game.examples), then its fewest and its most players."""
    from pycore import get_game
    game = get_game(game_name)
    counts = [game.players(game.make_rules(rules)) for rules in game.examples()]
    return list(dict.fromkeys(counts + [min(game.player_counts()), max(game.player_counts())]))


def kinds(game_name: str, players: int, games: int = 3, seed: int = 1) -> list[str]:
    """The kinds of decision (`kind`) of the game at this table, in the order they
    first come in `games` seeded games of random legal play."""
    import random
    from pycore import get_game
    game, rng, seen = get_game(game_name), random.Random(seed), {}
    for index in range(games):
        state = game.new_game({"players": players}, seed=seed + index)
        while not state.is_terminal:
            seen.setdefault(kind(state), None)
            state = state.apply_action(rng.choice(state.legal_actions()))
    return list(seen)


def kind(state) -> str:
    from solver.view import adapter_for
    decision = adapter_for(state.game.name).decision(state)
    if decision == "play":
        return "lead" if not state.tricks[-1].plays else "follow"
    return decision


# no decision of the kind asked in this many games: the game has no such kind (a name
# misspelt, or the adapter's "play" for "lead"/"follow"), which would loop for ever
GAMES_TO_FIND_A_KIND = 100


def positions(game_name: str, players: int, count: int, seed: int, rules=None, decision=None,
              first: bool = False):
    """`count` positions of seeded games played by the easy bot, each at a random
    step (0-119) of its game. With `decision` (a `kind`), each is the first
    decision of that kind, with more than one choice, at or after that step, so
    card play is drawn from every trick, not only the first; `first=True` takes
    the game's first such decision instead (the positions bench/hint_quality.py
    measured before 2026-11-26: bids and exchanges alike, but every card-play
    position at the first trick)."""
    game = get_game(game_name)
    tag = "" if not rules else f"/{sorted(rules.items())}"
    rng = random.Random(f"bench/{game_name}/{players}/{seed}{tag}")
    out, games, met = [], 0, set()
    while len(out) < count:
        games += 1
        if decision is not None and not out and games > GAMES_TO_FIND_A_KIND:
            raise ValueError(f"no {game_name} decision of kind {decision!r} with a choice in "
                             f"{GAMES_TO_FIND_A_KIND} games; the kinds met: {', '.join(sorted(met))} "
                             f"(`kind`: 'lead' or 'follow' for card play, else the adapter's decision)")
        state = game.new_game({"players": players, **(rules or {})}, seed=rng.randrange(10**6))
        stop = rng.randrange(0, 120)
        moves = 0
        while not state.is_terminal:
            if decision is not None:
                met.add(kind(state))
            wanted = decision is None or (kind(state) == decision and len(state.legal_actions()) > 1)
            if wanted and (moves >= stop or (first and decision is not None)):
                break
            if first and moves >= stop:
                break
            state = state.apply_action(bots.choose(state, state.current_player, "easy"))
            moves += 1
        if not state.is_terminal and len(state.legal_actions()) > 1 and \
                (decision is None or kind(state) == decision):
            out.append(state)
    return out


def percentile(values, q):
    values = sorted(values)
    k = max(0, min(len(values) - 1, round(q * (len(values) - 1))))
    return values[k]


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--game", default="raven")
    p.add_argument("--players", default=None,
                   help="player counts (default: the game's examples', its fewest and its most)")
    p.add_argument("--positions", type=int, default=30)
    p.add_argument("--effort", type=int, default=hints.DEFAULT_EFFORT)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", default=None, help="extra rules fields as JSON, e.g. '{\"deal\": \"mixed\"}'")
    p.add_argument("--decision", default=None, help="only positions of this decision (bid, give, ...)")
    a = p.parse_args(argv)
    rules = json.loads(a.rules) if a.rules else None
    rows, everything, cpu_all = [], [], []
    counts = [int(x) for x in a.players.split(",")] if a.players else player_counts(a.game)
    for players in counts:
        times: dict[str, list[float]] = {}
        cpus: dict[str, list[float]] = {}
        for state in positions(a.game, players, a.positions, a.seed, rules, a.decision):
            record = dumps(state)
            start, cpu = time.perf_counter(), time.process_time()
            api.hint(record, state.current_player, {"effort": a.effort, "seed": 0})
            elapsed, used = time.perf_counter() - start, time.process_time() - cpu
            times.setdefault(kind(state), []).append(elapsed)
            cpus.setdefault(kind(state), []).append(used)
            everything.append(elapsed)
            cpu_all.append(used)
        for k, ts in sorted(times.items()):
            rows.append({"game": a.game, "players": players, "decision": k, "n": len(ts),
                         "median_ms": round(1000 * statistics.median(ts)),
                         "p95_ms": round(1000 * percentile(ts, 0.95)),
                         "cpu_median_ms": round(1000 * statistics.median(cpus[k])),
                         "cpu_p95_ms": round(1000 * percentile(cpus[k], 0.95))})
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"hint latency, {a.game}{' ' + json.dumps(rules) if rules else ''}, effort {a.effort} "
          f"playouts, CPython {sys.version.split()[0]} (native), {len(everything)} hints, "
          f"load average {load:.1f} at the end")
    print(f"{'players':>7} {'decision':>8} {'n':>4} {'median ms':>10} {'p95 ms':>8} {'cpu med':>8} {'cpu p95':>8}")
    for r in rows:
        print(f"{r['players']:>7} {r['decision']:>8} {r['n']:>4} {r['median_ms']:>10} {r['p95_ms']:>8}"
              f" {r['cpu_median_ms']:>8} {r['cpu_p95_ms']:>8}")
    print(f"all: median {1000 * statistics.median(everything):.0f} ms, "
          f"p95 {1000 * percentile(everything, 0.95):.0f} ms; CPU median "
          f"{1000 * statistics.median(cpu_all):.0f} ms, p95 {1000 * percentile(cpu_all, 0.95):.0f} ms")
    print(json.dumps(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
