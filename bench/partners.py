"""Were the partner "faults" the arena counts really costly? A reference search
judges each one.

    python bench/partners.py --game lunar --players 4 --bots hard,normal --deals 40 [--seed 1]
                             [--start 0] [--ref-effort 3000] [--log FILE]

The arena (solver/arena.py) counts, per level, how often a bot overtook its
partner's sure trick at no gain or discarded a winner to it (solver/partners.py).
Those counts read only the trick: they cannot see that a card kept back may be
worth more than the card played (in Lunar a team may want to lose a later trick:
Ruling L2's track scores 0 for 4 to 6 tricks). This bench plays the arena's own
deals (same seeds, seatings and bots, so the same games) and, at every counted
overtake or discarded winner, values the card played against the card that
spends least on the trick (`partners.thrifty`) with a flat reference search:
both cards on the same `--ref-effort / 2` worlds of the seat's view (at least
ten times hard's effort), exact endgames as in the hint. Printed per level: how
many were costly (the paired difference's 95% interval below 0) and what they
cost in all, how many were equal (exactly), better than the thrifty card (above
0), or too close to tell, and the mean difference (played minus thrifty) in
points. A run can be continued (`--start 40`) and runs combined (`--from-log A B`).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from solver import partners                       # noqa: E402
from solver.arena import seatings_played          # noqa: E402
from solver.search import rank                    # noqa: E402
from solver.stats import half_width               # noqa: E402
from solver.view import view_of                   # noqa: E402

REFERENCE_SEED = 12345


def judge_fault(state, seat: int, action, judged: dict, ref_effort: int) -> dict:
    """The reference's verdict on one counted fault: the played card's value
    minus the thrifty card's, over common worlds, with its 95% interval."""
    instead = partners.thrifty(state, seat, judged)
    ranking = rank(view_of(state, seat), ref_effort, REFERENCE_SEED, flat=True, only=[action, instead])
    by = {s.action: s for s in ranking.stats}
    diffs = [p - t for p, t in zip(by[action].values, by[instead].values)]
    mean = sum(diffs) / len(diffs)
    width = half_width(diffs, ranking.population()) or 0.0
    token = state.game.action_token
    return {"played": token(state, action), "instead": token(state, instead),
            "kind": "overtake" if judged["overtake"] else "winner",
            "trick": len(state.tricks), "diff": round(mean, 4), "ci95": round(width, 4),
            "worlds": len(diffs), "exact": ranking.exact,
            "verdict": "costly" if mean + width < 0 else "better" if mean - width > 0 else "unclear"}


def report(faults: dict, levels: list[str]) -> None:
    for lv in levels:
        for kind, words in (("overtake", "overtook at no gain"), ("winner", "discarded a winner")):
            rows = [f for f in faults[lv] if f["kind"] == kind]
            if not rows:
                print(f"  {lv:7s} {words}: none")
                continue
            count = {v: sum(verdict(f) == v for f in rows) for v in ("costly", "equal", "unclear", "better")}
            mean = sum(f["diff"] for f in rows) / len(rows)
            lost = sum(f["diff"] for f in rows if verdict(f) == "costly")
            print(f"  {lv:7s} {words} {len(rows)} times: costly {count['costly']} ({lost:+.2f} points in all), "
                  f"equal {count['equal']}, cannot tell {count['unclear']}, better than the thrifty card "
                  f"{count['better']}; played minus thrifty {mean:+.3f} points on average")


def verdict(fault: dict) -> str:
    """costly / better (the interval clear of 0), equal (exactly: every deal
    searched exactly, no difference), or unclear."""
    if fault["verdict"] == "unclear" and fault["ci95"] == 0 and fault["diff"] == 0:
        return "equal"
    return fault["verdict"]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", default="lunar")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--bots", default="hard,normal")
    p.add_argument("--deals", type=int, default=40)
    p.add_argument("--start", type=int, default=0, help="first deal (continue a run: --start 40)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--ref-effort", type=int, default=3000)
    p.add_argument("--log", help="append each judged fault to this file as a JSON line")
    p.add_argument("--from-log", nargs="+", help="print the figures of the faults logged in these files")
    a = p.parse_args(argv)
    levels = a.bots.split(",")
    if a.from_log:
        faults = {lv: [] for lv in levels}
        for name in a.from_log:
            with open(name) as f:
                for line in f:
                    if line.strip():
                        got = json.loads(line)
                        faults.setdefault(got["level"], []).append(got)
        deals = sorted({f["deal"] for rows in faults.values() for f in rows})
        print(f"{a.game}: faults logged in {', '.join(a.from_log)} (deals with one: {len(deals)})")
        report(faults, levels)
        return 0
    if not partners.has_partners(a.game, a.players):
        p.error(f"{a.game} with {a.players} players has no partners")
    start = time.time()
    faults = {lv: [] for lv in levels}
    for d in range(a.start, a.start + a.deals):
        deal_seed = a.seed * 100003 + d            # the arena's deal seeds
        for event in seatings_played(a.game, a.players, levels, deal_seed, 1, {}):
            if event[0] != "move":
                continue
            _, state, seat, level, action = event
            judged = partners.judge(state, seat, action)
            if not judged or not (judged["overtake"] or judged["winner"]):
                continue
            verdict = judge_fault(state, seat, action, judged, a.ref_effort)
            verdict.update(level=level, deal=d)
            faults[level].append(verdict)
            if a.log:
                with open(a.log, "a") as f:
                    f.write(json.dumps(verdict) + "\n")
    print(f"{a.game}, {a.players} players, deals {a.start}-{a.start + a.deals - 1}, seed {a.seed}, reference "
          f"{a.ref_effort} playouts a fault (flat, common worlds): {time.time() - start:.0f} s")
    report(faults, levels)
    return 0


if __name__ == "__main__":
    sys.exit(main())
