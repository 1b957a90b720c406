"""Hint quality: the default hint against a reference hint for the same position.

    python bench/hint_quality.py [--game raven] [--positions 100] [--seconds 1.0]
                                 [--factor 20] [--ref-seconds 60] [--json]
                                 [--before TREE] [--longer] [--start K] [--workers N]
    python bench/hint_quality.py --from-log LOG [LOG ...]

For seeded positions of every game and kind of decision (drafts, bids,
exchanges, trump turning, poke/fold, card play), the default hint (the adaptive
search at its time budget, `--seconds`, natively 1 s) and a reference: every
possible deal searched exactly where the game allows it (the "search all deals"
search, when its values are exact; with one possible deal at card play, the
perfect-information solver, where it finishes within REFERENCE_NODES), else the same search on the same worlds
(common worlds: one seed) with `--factor` times the playouts the default spent
(at least 2,000; a reference that hits `--ref-seconds` first says so in its
"factor" column); where the choices are many (Raven's bids, Lunar's gifts) the
reference's best dozen and the default's choice are valued again on fresh
worlds (`reference`). Printed per game and kind of decision:

- agree: how often the default's choice is the reference's best or within the
  reference's 95% interval of it (its difference from the best may be 0);
- regret: the reference's value of its best minus its value of the default's
  choice, in the game's points (mean and 95th percentile);
- the default's playouts and wall time (median, p95), how the default stopped,
  and how many references were exact;
- within 1% of range: the share of positions whose regret is at most 1% of
  that range;
- the aims: agreement in at least 95% of positions, and mean regret at
  most 2% of a hand's typical point range (`point_range`; "% range"); and
  at least 95% of positions within 1% of range.

With `--workers N` (N > 1) every search (the default hint and the reference)
is spread over N processes as the page spreads it over its workers
(solver/processes.py): the default hint, bounded by time, gets more
playouts (and says how many workers share it, as the page's pool does, so
that a tree search of the one possible deal grows a tree on each); the
references, counted in playouts, are the same as on one.

A run can be continued: `--start 40 --positions 60` measures positions 40-99 of
each kind (the positions are a fixed sequence per seed), and `--from-log A B`
prints the table of runs A and B together (with `--json`, each position's line).

With `--before TREE` (a checkout of an earlier commit, e.g. `git worktree add
--detach /tmp/before 9aec0f4`, the last commit before the hint's adaptive
search), that tree's default hint is asked too, in a process of its own, for the
same record and seat, and judged against the same reference: the "before"
columns. Records are the contract (`shared/spec/records.md`), so an older solver
reads them as they are.

With `--longer`, the same hint is asked again with "Think longer"'s time
(`solver.hints.THINK_LONGER` times `--seconds`, the page's offer after a close
call) and judged against the same reference, which then gets `--factor` times
the longer hint's playouts: the "longer" columns, overall and where the default
hint offered to think longer (the positions a player would have clicked it).

Positions come from seeded games played by the easy bot (bench/hints.py), each
the first decision of its kind at or after a random step of its game, so card
play comes from every trick; `--first-decision` draws each game's first
decision of the kind instead, as the runs before 2026-11-26 did (bids and
exchanges are the same kind of position either way; card play was only ever
the first trick's).
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
from dataclasses import dataclass, replace

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.hints import example_tables, kinds, percentile, positions   # noqa: E402
from pycore.answer import Hint                    # noqa: E402
from pycore.records import dumps                  # noqa: E402
from solver import api, work                      # noqa: E402
from solver.hints import THINK_LONGER, numbers    # noqa: E402

# every game's examples (Game.examples), each decision of the game at that table
# (bench/hints.py's kinds, in the order they come: card play as lead / follow)
GAMES = example_tables()
MIN_REFERENCE = 2_000
REFERENCE_NODES = 400_000   # with one possible deal at card play: the solver's budget (natively ~15 s)


def hint(record: str, seat: int, budget: dict, run=work.run_here) -> dict:
    """The hint's JSON, its searches valued by `run` (work.run_here, or Processes.run)."""
    return work.drive(api.answer_steps(api.HintRequest.parse(record, seat, budget)), run)


def ask(record, seat: int, budget: dict, run=work.run_here) -> Hint:
    """The hint the worker would send, read as the page reads it."""
    return Hint.from_json(hint(record, seat, budget, run))


@dataclass(frozen=True)
class Reference:
    """A reference hint's numbers, and how it was searched (its playouts: the
    screen's and the shortlist's together)."""
    hint: Hint
    exact: bool
    playouts: int
    shortlist: bool = False
    tree: bool = False


def reference(record: dict, seat: int, default: Hint, factor: int, ref_seconds: float,
              also: tuple = (), run=work.run_here) -> Reference:
    """The reference hint: exact over every deal where that is exact and
    affordable; with one possible deal at card play (the Sky), the
    perfect-information solver's exact values where it finishes within
    REFERENCE_NODES positions; where the default searched with hard's tree (Lunar and 4-player
    Raven card play), the same tree at `factor` times its iterations (or
    `ref_seconds`); else every choice on the same worlds as the default (one
    seed) until `factor` times the default's playouts are spent (no race, no
    early stop), or `ref_seconds`.

    With more than SHORTLIST + 1 choices (Raven's bids, up to 2,380; Lunar's
    gifts, up to 225) that flat search gets half the time and, spread over so
    many choices, values each on a few worlds: its best mean is the largest of
    many noisy means, which overstates it (the winner's curse), and the regret
    with it. So its SHORTLIST best and the default's choice are valued again, on
    fresh worlds (another seed), with the other half, and those values judge
    (with the choices `also` names: an earlier solver's, for --before)."""
    if default.all_worlds_effort is not None and default.exact_endgame:
        got = ask(record, seat, {"all_worlds": True, "seed": default.seed}, run)
        if got.exact:
            return Reference(got, True, got.playouts)
    from pycore.records import load_record, replay
    from solver import open_deal
    from solver.evaluate import make_evaluator
    from solver.search import rank_steps
    from solver.view import view_of

    def rank(*args, **options):
        return work.drive(rank_steps(*args, **options), run)
    state = replay(load_record(record))
    view = view_of(state, seat)
    solved = open_deal.solve(view, REFERENCE_NODES)     # one possible deal: exact where solved
    if solved is not None and solved.finished:
        r = open_deal.ranking(view, solved, make_evaluator(view))
        return Reference(numbers(r, view, 0, ref_seconds, default.seed), True, 0)
    effort = min(api.MAX_EFFORT, max(MIN_REFERENCE, factor * max(1, default.playouts)))
    seed = default.seed

    def numbered(r, seed: int):
        return numbers(r, view, effort, ref_seconds, seed)
    if default.tree:     # the hint searched with hard's tree: so does its reference
        r = rank(view, effort, seed, seconds=ref_seconds, tree=True)
        return Reference(numbered(r, seed), False, r.playouts, tree=True)
    if len(state.legal_actions()) <= SHORTLIST + 1:
        r = rank(view, effort, seed, seconds=ref_seconds, flat=True)
        return Reference(numbered(r, seed), r.exact, r.playouts)
    screen = rank(view, effort, seed, seconds=ref_seconds / 2, flat=True)
    keep = [st.action for st in screen.stats[:SHORTLIST]]
    for token in (default.best, *also):
        chosen = state.game.parse_action(state, token)
        keep += [chosen] if chosen not in keep else []
    r = rank(view, effort, seed + FRESH_WORLDS, seconds=ref_seconds / 2, flat=True, only=keep)
    return Reference(numbered(r, seed + FRESH_WORLDS), r.exact, screen.playouts + r.playouts, shortlist=True)


SHORTLIST = 12
FRESH_WORLDS = 1_000_003      # the seed offset of the shortlist's worlds


# runs in the earlier checkout, which may predate pycore.answer: it reads the hint's
# JSON (its "best" is in every version of it)
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


def judged(ref: Reference, action: str) -> tuple[bool, float]:
    """Whether `action` agrees with the reference's best, and its regret."""
    by_action = {a.action: a for a in ref.hint.actions}
    best = ref.hint.actions[0]
    chosen = by_action[action]
    agree = chosen is best or chosen.group in ("as good", "close") or chosen.ev == best.ev
    return bool(agree), max(0.0, best.ev - chosen.ev)


def measure(record: str, seat: int, seconds: float, factor: int, ref_seconds: float, seed: int,
            before: BeforeHint | None = None, longer: bool = False, run=work.run_here,
            workers: int = 1) -> dict:
    start = time.perf_counter()
    default = ask(record, seat, {"seconds": seconds, "seed": seed, "workers": workers}, run)
    ms = 1000 * (time.perf_counter() - start)
    earlier = before(record, seat) if before is not None else None
    also = (earlier["best"],) if earlier else ()
    based_on = default
    if longer:
        start = time.perf_counter()
        more = ask(record, seat, {"seconds": seconds * THINK_LONGER, "seed": seed, "workers": workers}, run)
        longer_ms = 1000 * (time.perf_counter() - start)
        also += (more.best,)
        based_on = replace(default, playouts=max(default.playouts, more.playouts))
    ref = reference(record, seat, based_on, factor, ref_seconds, also, run)
    agree, regret = judged(ref, default.best)
    got = {"agree": agree, "regret": regret,
           "playouts": default.playouts, "ms": ms, "stopped": default.stopped,
           "exact_reference": ref.exact, "shortlist": ref.shortlist, "tree": ref.tree,
           "factor": ref.playouts / max(1, default.playouts) if not ref.exact else None}
    if earlier is not None:
        got["before_agree"], got["before_regret"] = judged(ref, earlier["best"])
        got["before_ms"] = earlier["ms"]
    if longer:
        got["longer_agree"], got["longer_regret"] = judged(ref, more.best)
        got["longer_ms"], got["longer_playouts"] = longer_ms, more.playouts
        got["offered_longer"] = default.words.more_label == "Think longer"
    return got


def point_range(game_name: str, players: int, hands: int = 200, seed: int = 1) -> float:
    """A hand's typical point range for one seat: the 5th to the 95th percentile of
    a seat's points in a hand, over the first hands of seeded games played by the
    easy bot (the aims' yardstick: mean regret at most 2% of it)."""
    from pycore.game import get_game
    from solver import bots
    game = get_game(game_name)
    points = []
    for deal in range(hands // players + 1):
        state = game.new_game({"players": players}, seed=seed * 7919 + deal)
        while not state.is_terminal and not state.finished_hands:
            state = state.apply_action(bots.choose(state, state.current_player, "easy"))
        points.extend(state.finished_hands[0][1])
    return percentile(points, 0.95) - percentile(points, 0.05)


AGREE_AIM, REGRET_AIM = 0.95, 0.02
WITHIN, WITHIN_AIM = 0.01, 0.95       # regret at most 1% of the range, in at least 95% of positions


def table(lines: list[dict]) -> list[str]:
    """The printed rows, a game's decision kind each, from the positions' JSON lines
    (the same position twice, from two logs, counts once)."""
    kinds: dict = {}
    for line in lines:
        key = (line["game"], line["players"], line["decision"])
        kinds.setdefault(key, {})[line["i"]] = line
    before = all("before_agree" in g for k in kinds.values() for g in k.values())
    longer = all("longer_agree" in g for k in kinds.values() for g in k.values())
    rows = [f"{'game':<15}{'decision':<10}{'n':>4}{'agree':>7}{'regret mean':>13}{'% range':>9}{'p95':>7}"
            f"{'<=1% rng':>9}"
            f"{'playouts med':>14}{'ms med':>8}{'ms p95':>8}{'exact ref':>10}{'tree ref':>9}{'ref x med':>11}  aims"
            + ("  | before: agree  regret mean  % range   p95  ms p95" if before else "")
            + ("  | longer: agree  regret mean  % range  playouts med  offered  agree there  regret there"
               if longer else "") + "  | stopped"]
    ranges: dict = {}
    for (game, players, decision), by_index in kinds.items():
        got = [by_index[i] for i in sorted(by_index)]
        if (game, players) not in ranges:
            ranges[game, players] = point_range(game, players)
        span = ranges[game, players]
        regrets = [g["regret"] for g in got]
        agree = sum(g["agree"] for g in got) / len(got)
        share = statistics.mean(regrets) / span
        within = sum(r <= WITHIN * span + 1e-9 for r in regrets) / len(got)
        factors = [g["factor"] for g in got if g["factor"] is not None]
        stopped = Counter(g["stopped"] for g in got)
        aims = ("met" if agree >= AGREE_AIM and share <= REGRET_AIM else
                "agree under" if share <= REGRET_AIM else "regret over" if agree >= AGREE_AIM else "both missed")
        aims += ", 1% met" if within >= WITHIN_AIM else ", 1% under"
        row = (f"{f'{game} {players}p':<15}{decision:<10}{len(got):>4}{100 * agree:>6.0f}%"
               f"{statistics.mean(regrets):>13.3f}{100 * share:>8.1f}%{percentile(regrets, 0.95):>7.2f}"
               f"{100 * within:>8.0f}%"
               f"{statistics.median(g['playouts'] for g in got):>14.0f}"
               f"{statistics.median(g['ms'] for g in got):>8.0f}{percentile([g['ms'] for g in got], 0.95):>8.0f}"
               f"{sum(g['exact_reference'] for g in got):>10}{sum(g.get('tree', False) for g in got):>9}"
               f"{(f'{statistics.median(factors):.0f}x' if factors else '-'):>11}  {aims:<20}")
        if before:
            b_regrets = [g["before_regret"] for g in got]
            row += (f"  | {100 * sum(g['before_agree'] for g in got) / len(got):>12.0f}%"
                    f"{statistics.mean(b_regrets):>13.3f}{100 * statistics.mean(b_regrets) / span:>8.1f}%"
                    f"{percentile(b_regrets, 0.95):>6.2f}{percentile([g['before_ms'] for g in got], 0.95):>8.0f}")
        if longer:
            l_regrets = [g["longer_regret"] for g in got]
            offered = [g for g in got if g["offered_longer"]]
            there = (f"{100 * sum(g['longer_agree'] for g in offered) / len(offered):>12.0f}%"
                     f"{statistics.mean(g['longer_regret'] for g in offered):>14.3f}" if offered
                     else f"{'-':>13}{'-':>14}")
            row += (f"  | {100 * sum(g['longer_agree'] for g in got) / len(got):>12.0f}%"
                    f"{statistics.mean(l_regrets):>13.3f}{100 * statistics.mean(l_regrets) / span:>8.1f}%"
                    f"{statistics.median(g['longer_playouts'] for g in got):>14.0f}{len(offered):>9}{there}")
        rows.append(row + "  | " + ", ".join(f"{k} {v}" for k, v in stopped.most_common()))
    rows.append("")
    for (game, players, decision), by_index in kinds.items():
        span = ranges[game, players]
        regrets = [g["regret"] for g in by_index.values()]
        within = sum(r <= WITHIN * span + 1e-9 for r in regrets) / len(regrets)
        rows.append(f"{game} {players}p {decision}: within 1% of range: {100 * within:.0f}% "
                    f"(of {len(regrets)} positions)")
    rows.append("")
    rows.append("point range (a seat's points in a hand, 5th to 95th percentile, easy-bot hands): "
                + ", ".join(f"{g} {n}p {r:g}" for (g, n), r in ranges.items()))
    return rows


def read_logs(paths: list[str]) -> list[dict]:
    """The JSON lines of earlier runs (other lines, such as the printed table, are
    skipped). A line without its position's index ("i": logs before the index was
    written) takes its place in its kind's order in that file."""
    lines = []
    for path in paths:
        seen: Counter = Counter()
        with open(path) as f:
            for text in f:
                if not text.startswith("{"):
                    continue
                line = json.loads(text)
                key = (line["game"], line["players"], line["decision"])
                line.setdefault("i", seen[key])
                seen[key] += 1
                lines.append(line)
    return lines


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", action="append", help="raven, raven:2, tricksters, lunar, lunar:2, voren")
    p.add_argument("--positions", type=int, default=100, help="positions per game and kind of decision")
    p.add_argument("--start", type=int, default=0,
                   help="skip the first positions of each kind (measured by an earlier run: see --from-log)")
    p.add_argument("--seconds", type=float, default=1.0, help="the default hint's time budget")
    p.add_argument("--factor", type=int, default=20, help="reference effort / default effort")
    p.add_argument("--ref-seconds", type=float, default=60.0, help="the longest a reference may take")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true", help="one JSON line per position too")
    p.add_argument("--decision", action="append",
                   help="only these kinds of decision (bid, lead, follow, ...; default: every kind)")
    p.add_argument("--first-decision", action="store_true",
                   help="each position the game's first decision of its kind (as runs before "
                        "2026-11-26 drew them: card play only at the first trick)")
    p.add_argument("--before", metavar="TREE", help="also judge the default hint of the solver in this checkout")
    p.add_argument("--longer", action="store_true",
                   help="also judge the hint at 'Think longer''s time, against the same reference")
    p.add_argument("--workers", type=int, default=1,
                   help="spread every search over this many processes (the page's pool, natively)")
    p.add_argument("--from-log", nargs="+", metavar="LOG",
                   help="measure nothing: print the table of these runs' JSON lines together")
    a = p.parse_args(argv)
    if a.from_log:
        print("\n".join(table(read_logs(a.from_log))))
        return
    before = BeforeHint(a.before) if a.before else None
    from solver.processes import Processes
    pool = Processes(a.workers) if a.workers > 1 else None
    run = pool.run if pool else work.run_here
    games = GAMES
    if a.game:
        first_count = {}
        for name, players in GAMES:            # "raven" is Raven at its first example's table, "raven:2" with 2
            first_count.setdefault(name, players)
        games = [(g.split(":")[0], int(g.split(":")[1]) if ":" in g else first_count[g]) for g in a.game]
    drawn = ("each the game's first decision of its kind" if a.first_decision
             else "each at or after a random step of its game")
    print(f"default: {a.seconds:g} s adaptive search; reference: exact over every deal where "
          f"possible, else >= {a.factor}x the default's playouts (at least {MIN_REFERENCE:,}) on "
          f"the same worlds, at most {a.ref_seconds:g} s; positions {a.start} to "
          f"{a.start + a.positions - 1} of each kind, {drawn}; {a.workers} worker(s)", flush=True)
    lines = []
    try:
        for game, players in games:
            for decision in kinds(game, players):     # (the Sky has no exchange: no "give")
                if a.decision and decision not in a.decision:
                    continue
                states = positions(game, players, a.start + a.positions, a.seed, decision=decision,
                                   first=a.first_decision)
                for i, state in enumerate(states[a.start:], start=a.start):
                    got = measure(dumps(state), state.current_player, a.seconds, a.factor, a.ref_seconds,
                                  a.seed + i, before, a.longer, run, a.workers)
                    lines.append({"game": game, "players": players, "decision": decision, "i": i,
                                  "workers": a.workers, **got})
                    if a.json:
                        print(json.dumps(lines[-1]), flush=True)
    finally:
        if pool:
            pool.close()
    print()
    print("\n".join(table(lines)))


if __name__ == "__main__":
    main()
