"""Hint quality: the default hint against a reference hint for the same position.

    python bench/hint_quality.py [--game raven] [--positions 100] [--seconds 1.0]
                                 [--factor 20] [--ref-seconds 60] [--json]
                                 [--before TREE]

For seeded positions of every game and kind of decision (drafts, bids,
exchanges, trump turning, poke/fold, card play), the default hint (the adaptive
search at its time budget, `--seconds`, natively 1 s) and a reference: every
possible deal searched exactly where the game allows it (the "search all deals"
search, when its values are exact), else the same search on the same worlds
(common worlds: one seed) with `--factor` times the playouts the default spent
(at least 2,000; a reference that hits `--ref-seconds` first says so in its
"factor" column). Printed per game and kind of decision:

- agree: how often the default's choice is the reference's best or within the
  reference's 95% interval of it (its difference from the best may be 0);
- regret: the reference's value of its best minus its value of the default's
  choice, in the game's points (mean and 95th percentile);
- the default's playouts and wall time (median, p95), how the default stopped,
  and how many references were exact.

With `--before TREE` (a checkout of an earlier commit, e.g. `git worktree add
--detach /tmp/before 9aec0f4`, the last commit before issue 14's adaptive
search), that tree's default hint is asked too, in a process of its own, for the
same record and seat, and judged against the same reference: the "before"
columns. Records are the contract (`shared/spec/records.md`), so an older solver
reads them as they are.

Positions come from seeded games played by the easy bot (bench/hints.py).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.hints import percentile, positions   # noqa: E402
from pycore.records import dumps                  # noqa: E402
from solver import api                            # noqa: E402

GAMES = [("raven", 4), ("raven", 2), ("tricksters", 4), ("lunar", 4), ("lunar", 2), ("voren", 5)]
KINDS = {     # the decisions of each game (bench/hints.py's kinds: card play as lead / follow)
    "raven": ["bid", "lead", "follow"],
    "tricksters": ["draft", "suit", "partners", "lead", "follow"],
    "lunar": ["give", "turn", "lead", "follow"],
    "voren": ["options", "decide", "lead", "follow"],
}
MIN_REFERENCE = 2_000


def reference(record: dict, seat: int, default: dict, factor: int, ref_seconds: float) -> dict:
    """The reference hint: exact over every deal where that is exact and
    affordable, else every choice on the same worlds as the default (one seed)
    until `factor` times the default's playouts are spent (no race, no early
    stop), or `ref_seconds`."""
    if default["all_worlds_effort"] is not None and default["exact_endgame"]:
        got = api.hint(record, seat, {"all_worlds": True, "seed": default["seed"]})
        if got["exact"]:
            return got
    from pycore.records import load_record, replay
    from pycore.words import Narrator
    from solver.hints import explain
    from solver.search import rank
    from solver.view import view_of
    state = replay(load_record(record))
    effort = min(api.MAX_EFFORT, max(MIN_REFERENCE, factor * max(1, default["playouts"])))
    r = rank(view_of(state, seat), effort, default["seed"], seconds=ref_seconds, flat=True)
    return {"actions": explain(r, Narrator(state.game, state.observation(seat))),
            "exact": r.exact, "playouts": r.playouts}


BEFORE_SERVER = """
import json, sys, time
sys.path.insert(0, ".")
from solver import api
for line in sys.stdin:
    ask = json.loads(line)
    start = time.perf_counter()
    got = api.hint(ask["record"], ask["seat"])
    print(json.dumps({"best": got["best"], "ms": 1000 * (time.perf_counter() - start)}), flush=True)
"""


class BeforeHint:
    """The default hint of the solver in another checkout, asked one record at a time."""

    def __init__(self, tree: str):
        self.process = subprocess.Popen([sys.executable, "-c", BEFORE_SERVER], cwd=tree, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def __call__(self, record: str, seat: int) -> dict:
        self.process.stdin.write(json.dumps({"record": record, "seat": seat}) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("the earlier solver's process ended; its error is above")
        return json.loads(line)


def judged(ref: dict, action: str) -> tuple[bool, float]:
    """Whether `action` agrees with the reference's best, and its regret."""
    by_action = {a["action"]: a for a in ref["actions"]}
    best = ref["actions"][0]
    chosen = by_action[action]
    agree = chosen is best or chosen.get("group") in ("as good", "close") or chosen["ev"] == best["ev"]
    return bool(agree), max(0.0, best["ev"] - chosen["ev"])


def measure(record: str, seat: int, seconds: float, factor: int, ref_seconds: float, seed: int,
            before: BeforeHint | None = None) -> dict:
    start = time.perf_counter()
    default = api.hint(record, seat, {"seconds": seconds, "seed": seed})
    ms = 1000 * (time.perf_counter() - start)
    ref = reference(record, seat, default, factor, ref_seconds)
    agree, regret = judged(ref, default["best"])
    got = {"agree": agree, "regret": regret,
           "playouts": default["playouts"], "ms": ms, "stopped": default["stopped"],
           "exact_reference": ref["exact"],
           "factor": ref["playouts"] / max(1, default["playouts"]) if not ref["exact"] else None}
    if before is not None:
        earlier = before(record, seat)
        got["before_agree"], got["before_regret"] = judged(ref, earlier["best"])
        got["before_ms"] = earlier["ms"]
    return got


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", action="append", help="raven, raven:2, tricksters, lunar, lunar:2, voren")
    p.add_argument("--positions", type=int, default=100, help="positions per game and kind of decision")
    p.add_argument("--seconds", type=float, default=1.0, help="the default hint's time budget")
    p.add_argument("--factor", type=int, default=20, help="reference effort / default effort")
    p.add_argument("--ref-seconds", type=float, default=60.0, help="the longest a reference may take")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true", help="one JSON line per position too")
    p.add_argument("--before", metavar="TREE", help="also judge the default hint of the solver in this checkout")
    a = p.parse_args(argv)
    before = BeforeHint(a.before) if a.before else None
    games = GAMES
    if a.game:
        games = [(g.split(":")[0], int(g.split(":")[1]) if ":" in g else dict(GAMES)[g]) for g in a.game]
    print(f"default: {a.seconds:g} s adaptive search; reference: exact over every deal where "
          f"possible, else >= {a.factor}x the default's playouts (at least {MIN_REFERENCE:,}) on "
          f"the same worlds, at most {a.ref_seconds:g} s", flush=True)
    header = (f"{'game':<15}{'decision':<10}{'n':>4}{'agree':>7}{'regret mean':>13}{'p95':>7}"
              f"{'playouts med':>14}{'ms med':>8}{'ms p95':>8}{'exact ref':>10}{'ref factor med':>16}  stopped"
              + ("   | before: agree  regret mean   p95  ms p95" if before else ""))
    rows = []
    for game, players in games:
        results: dict = {}
        for decision in KINDS[game]:
            if game == "lunar" and players == 2 and decision == "give":
                continue            # the Sky has no exchange
            for i, state in enumerate(positions(game, players, a.positions, a.seed, decision=decision)):
                got = measure(dumps(state), state.current_player, a.seconds, a.factor, a.ref_seconds,
                              a.seed + i, before)
                results.setdefault(decision, []).append(got)
                if a.json:
                    print(json.dumps({"game": game, "players": players, "decision": decision, **got}),
                          flush=True)
        for decision, got in results.items():
            regrets = [g["regret"] for g in got]
            factors = [g["factor"] for g in got if g["factor"] is not None]
            stopped = Counter(g["stopped"] for g in got)
            rows.append(
                f"{f'{game} {players}p':<15}{decision:<10}{len(got):>4}"
                f"{100 * sum(g['agree'] for g in got) / len(got):>6.0f}%"
                f"{statistics.mean(regrets):>13.3f}{percentile(regrets, 0.95):>7.2f}"
                f"{statistics.median(g['playouts'] for g in got):>14.0f}"
                f"{statistics.median(g['ms'] for g in got):>8.0f}{percentile([g['ms'] for g in got], 0.95):>8.0f}"
                f"{sum(g['exact_reference'] for g in got):>10}"
                f"{(f'{statistics.median(factors):.0f}x' if factors else '-'):>16}  "
                + ", ".join(f"{k} {v}" for k, v in stopped.most_common())
                + (f"   | {100 * sum(g['before_agree'] for g in got) / len(got):>6.0f}%"
                   f"{statistics.mean(g['before_regret'] for g in got):>13.3f}"
                   f"{percentile([g['before_regret'] for g in got], 0.95):>6.2f}"
                   f"{percentile([g['before_ms'] for g in got], 0.95):>8.0f}" if before else ""))
            print(rows[-1], flush=True)
    print()
    print(header)
    print("\n".join(rows))


if __name__ == "__main__":
    main()
