"""Bots against bots on the same deals, seats rotated.

    python -m solver.arena --game raven --players 4 --bots hard,easy --deals 200 --seed 1

A deal is a game from its own seed, played for `--hands` hands (default 1; 0
plays the whole game). Each deal is replayed once per rotation of the levels
around the table, so every level sits in every seat on the same cards. Printed:
each level's mean score per seat with a 95% confidence interval over deals, its
share of the games a seat of that level won (ties shared), and the mean margin between the first two levels with
its 95% interval (paired by deal). In the partnership games (Lunar with four
players, Tricksters) it also counts, per level, how a bot treats its partner's
sure tricks (overtakes at no gain, winners discarded: solver/partners.py).
`--since LOG` adds how the margin moved since an earlier run of the same deals
(a change to a bot measured deal by deal, so each deal's luck cancels out).
`--seeding page` seeds each move as the page seeds its computer players
(solver.bots.page_seed) instead of with the deal's seed: the games the page's
opponents would play, as the par (solver/par.py) replays them.
Native only (it may use both cores).
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time

from pycore.game import get_game

from . import bots, partners


def rotations(players: int, levels: list[str], blocks: bool = False) -> list[list[str]]:
    """The seatings a deal is replayed with. Levels alternate around the table and
    rotate until each has sat in every seat; with `blocks` (a game whose pairs are
    chosen each round, `partners.chosen_each_round`: Tricksters, where alternating
    levels would always be paired hard+easy and score alike) each level sits in a
    block of neighbours, rotated round the table."""
    L = len(levels)
    if blocks:
        pattern = [levels[seat * L // players] for seat in range(players)]
        return [pattern[-r:] + pattern[:-r] if r else list(pattern) for r in range(players)]
    count = L if players % L == 0 else players
    return [[levels[(seat + r) % L] for seat in range(players)] for r in range(count)]


def decide(state, seat: int, level: str, seed: int, effort: int | None = None):
    """The move of `level` for `seat`: one of the page's levels (solver.bots), or
    a reference bot ('ismcts:1000', 'pimc:24': solver.reference, native only)."""
    if level not in bots.LEVELS:
        from . import reference      # not shipped to the page
        if reference.is_reference(level):
            return reference.choose(state, seat, level, seed=seed, effort=effort)
    return bots.choose(state, seat, level, seed=seed, effort=effort)


SEEDINGS = ("deal", "page")


def seatings_played(game_name: str, players: int, levels: list[str], deal_seed: int, hands: int,
                    efforts: dict, seeding: str = "deal"):
    """The deal played once per seating: yields ("move", state, seat, level, action)
    before each move is applied, and ("end", final state, seating) after each seating.
    `seeding`: "deal", every move seeded with the deal's seed; "page", each with
    the page's seed for its position (bots.page_seed)."""
    game = get_game(game_name)
    for seating in rotations(players, levels, blocks=partners.chosen_each_round(game_name)):
        state = game.new_game({"players": players}, seed=deal_seed)
        while not state.is_terminal and (hands == 0 or len(state.finished_hands) < hands):
            seat = state.current_player
            level = seating[seat]
            seed = bots.page_seed(state) if seeding == "page" else deal_seed
            action = decide(state, seat, level, seed=seed, effort=efforts.get(level))
            yield "move", state, seat, level, action
            state = state.apply_action(action)
        yield "end", state, seating


def play_deal(args) -> dict:
    game_name, players, levels, deal_seed, hands, efforts, seeding = args
    result = {"scores": {lv: [] for lv in levels}, "wins": {lv: 0.0 for lv in levels},
              "seats": {lv: 0 for lv in levels}}
    judged = {lv: {} for lv in levels} if partners.has_partners(game_name, players) else None
    for event in seatings_played(game_name, players, levels, deal_seed, hands, efforts, seeding):
        if event[0] == "move":
            _, state, seat, level, action = event
            if judged is not None:
                for key, n in (partners.judge(state, seat, action) or {}).items():
                    judged[level][key] = judged[level].get(key, 0) + n
            continue
        _, state, seating = event
        totals = state.totals()
        best = max(totals)
        top = [s for s in range(players) if totals[s] == best]
        for seat, level in enumerate(seating):
            result["scores"][level].append(totals[seat])
            result["seats"][level] += 1
            if seat in top:
                result["wins"][level] += 1 / len(top)    # a tie shares the game
        result["games"] = result.get("games", 0) + 1
    # per deal: each level's mean score per seat over the rotations
    out = {"mean": {lv: sum(v) / len(v) for lv, v in result["scores"].items() if v},
           "wins": result["wins"], "games": result["games"]}
    if judged is not None:
        out["partners"] = judged
    return out


def partner_figures(results: list[dict], level: str) -> dict | None:
    """A level's partner counts summed over deals (solver/partners.py defines them)."""
    if not any("partners" in r for r in results):
        return None
    total: dict = {}
    for r in results:
        for key, n in r.get("partners", {}).get(level, {}).items():
            total[key] = total.get(key, 0) + n
    for key in ("sure", "overtake_chance", "overtake", "winner_chance", "winner"):
        total.setdefault(key, 0)
    total["overtake_rate"] = round(total["overtake"] / total["overtake_chance"], 3) if total["overtake_chance"] else None
    total["winner_rate"] = round(total["winner"] / total["winner_chance"], 3) if total["winner_chance"] else None
    return total


def interval(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("nan")
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def read_log(path: str) -> list[dict]:
    """The deals logged in `path` (--log), in order."""
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def logged(path: str, levels: list[str], deals: float = math.inf, use: str = "resumed") -> list[dict]:
    """The deals a run logged in `path`, in order, checked to be of these levels
    and no more than `deals`. `use` says what the log is for, in the errors: a
    log to be resumed that does not exist yet holds no deals; any other must exist."""
    try:
        results = read_log(path)
    except FileNotFoundError:
        if use == "resumed":
            return []
        raise SystemExit(f"{path}: no such file; the log cannot be {use}")
    except json.JSONDecodeError as e:
        raise SystemExit(f"{path}: a line is not JSON ({e}); the log cannot be {use}")
    for i, r in enumerate(results):
        if sorted(r.get("mean", {})) != sorted(set(levels)):
            raise SystemExit(f"{path}: deal {i} was played by {', '.join(sorted(r.get('mean', {})))}, "
                             f"not {', '.join(levels)}; the log cannot be {use}")
    if len(results) > deals:
        raise SystemExit(f"{path} already holds {len(results)} deals, more than --deals {deals}")
    return results


def margins(results: list[dict], first: str, second: str) -> list[float]:
    """Each deal's margin first - second, a seat's mean points."""
    return [r["mean"][first] - r["mean"][second] for r in results]


def margin_change(before: list[dict], after: list[dict], first: str, second: str) -> dict:
    """How the margin first - second moved from the deals of `before` to the same
    deals of `after` (a log's line i is deal i of its seed), paired deal by deal,
    with its 95% interval: the deal's own luck cancels out."""
    deals = min(len(before), len(after))
    if deals < 2:
        raise SystemExit(f"the two runs have {deals} deal(s) in common; a change needs at least 2")
    mean, half = interval([y - x for x, y in zip(margins(before[:deals], first, second),
                                                  margins(after[:deals], first, second))])
    return {"deals": deals, "mean": round(mean, 3), "ci95": round(half, 3),
            "low": round(mean - half, 3), "high": round(mean + half, 3)}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m solver.arena", description=__doc__.split("\n")[0])
    p.add_argument("--game", default="raven")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--bots", default="hard,easy",
                   help="levels, comma-separated: easy, normal, hard, or the reference bots "
                        "ismcts:N (N iterations a move) and pimc:W (W deals a move)")
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--hands", type=int, default=1, help="hands per deal (0: the whole game)")
    p.add_argument("--effort", action="append", default=[], metavar="LEVEL=N",
                   help="override a level's search effort, e.g. hard=200")
    p.add_argument("--seeding", choices=SEEDINGS, default="deal",
                   help="deal: every move seeded with the deal's seed; page: each as the page seeds it")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--log", help="append each deal's result to this file as a JSON line")
    p.add_argument("--from-log", help="print the figures of the deals logged in this file")
    p.add_argument("--since", metavar="LOG",
                   help="also print how the margin changed since the run logged in LOG, deal by "
                        "deal (a run of the same game, players, seed and levels, before a change)")
    p.add_argument("--resume", action="store_true",
                   help="with --log: the deals already logged there are read, not played again "
                        "(a stopped run goes on where it stopped: each deal's seed is fixed)")
    a = p.parse_args(argv)
    levels = a.bots.split(",")
    efforts = {k: int(v) for k, v in (e.split("=") for e in a.effort)}
    jobs = [(a.game, a.players, levels, a.seed * 100003 + d, a.hands, efforts, a.seeding)
            for d in range(a.deals)]
    start = time.time()
    done = []
    if a.resume:
        if not a.log:
            p.error("--resume goes with --log")
        done = logged(a.log, levels, a.deals)
        jobs = jobs[len(done):]
    if a.from_log:
        results = logged(a.from_log, levels, use="read (--from-log)")
        a.deals = len(results)
    elif a.jobs > 1:
        from concurrent.futures import ProcessPoolExecutor   # native only
        with ProcessPoolExecutor(a.jobs) as pool:
            results = list(done)
            for r in pool.map(play_deal, jobs):
                results.append(r)
                if a.log:
                    with open(a.log, "a") as f:
                        f.write(json.dumps(r) + "\n")
                if len(results) % 10 == 0:
                    print(f"  {len(results)}/{a.deals} deals", file=sys.stderr, flush=True)
    else:
        results = list(done)
        for job in jobs:
            results.append(play_deal(job))
            if a.log:
                with open(a.log, "a") as f:
                    f.write(json.dumps(results[-1]) + "\n")
    elapsed = time.time() - start
    out = {"game": a.game, "players": a.players, "deals": a.deals, "hands": a.hands,
           "seed": a.seed, "seconds": round(elapsed, 1), "levels": {}}
    for lv in levels:
        mean, half = interval([r["mean"][lv] for r in results])
        wins = sum(r["wins"][lv] for r in results) / sum(r["games"] for r in results)
        out["levels"][lv] = {"mean": round(mean, 3), "ci95": round(half, 3), "win_rate": round(wins, 3)}
        figures = partner_figures(results, lv)
        if figures is not None:
            out["levels"][lv]["partners"] = figures
    if len(levels) >= 2:
        first, second = levels[0], levels[1]
        mean, half = interval(margins(results, first, second))
        out["margin"] = {"of": f"{first}-{second}", "mean": round(mean, 3), "ci95": round(half, 3),
                         "low": round(mean - half, 3), "high": round(mean + half, 3)}
        if a.since:
            out["margin"]["since"] = margin_change(logged(a.since, levels, use="compared (--since)"),
                                                   results, first, second)
    if a.json:
        print(json.dumps(out))
        return 0
    seatings = len(rotations(a.players, levels, partners.chosen_each_round(a.game)))
    print(f"{a.game}, {a.players} players, {a.deals} deals x {seatings} "
          f"seatings, {a.hands or 'all'} hand(s) each, seed {a.seed}: {elapsed:.0f} s")
    for lv, v in out["levels"].items():
        print(f"  {lv:7s} mean score {v['mean']:.2f} ± {v['ci95']:.2f} (95% CI)   wins {100 * v['win_rate']:.1f}% of games")
    if "margin" in out:
        m = out["margin"]
        print(f"  margin {m['of']}: {m['mean']:+.2f} per seat, 95% CI [{m['low']:+.2f}, {m['high']:+.2f}]")
        if "since" in m:
            c = m["since"]
            print(f"  change since {a.since}: {c['mean']:+.2f} per seat, 95% CI [{c['low']:+.2f}, "
                  f"{c['high']:+.2f}], over the {c['deals']} deals both played")
    for lv, v in out["levels"].items():
        f = v.get("partners")
        if f is None:
            continue
        pct = lambda k, n: f"{100 * k / n:.0f}%" if n else "-"
        print(f"  partner {lv}: {f['sure']} sure tricks of its partner's; overtook at no gain "
              f"{f['overtake']} of {f['overtake_chance']} times it could ({pct(f['overtake'], f['overtake_chance'])}), "
              f"discarded a winner {f['winner']} of {f['winner_chance']} ({pct(f['winner'], f['winner_chance'])})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
