"""The perfect-information solver (solver/perfect.py), natively: its speed beside
the endgame search, and how much of a hand's card play it values exactly within
a budget of positions (what the review's face-up column could take from it).

    python bench/perfect.py --speed [--games lunar:4,lunar:2,raven:4] [--deals 5] [--cap 60] [--left 3,first]
    python bench/perfect.py --coverage [--games ...] [--hands 60] [--nodes 40000[,8000,...]] [--tree-effort 3000]

--speed: at seeded open deals (random play to the point), every legal action
of the seat to act solved exactly, by the solver and by today's endgame search
(solver/endgame.py, one memo), each capped at `--cap` seconds of the wall clock: at the first trick
(the whole hand) and with 3 tricks' cards left (where both finish), or at the
points `--left` names. Printed per game and player count: medians of seconds
and positions expanded a second, the positions expanded in all (the same on
every machine: a measure of the search, not of its speed), and how many finished.

--coverage: seeded hands played by the easy bot in every seat (as bench/review.py);
at each card-play decision of seat 0 (the review's), whether the solver values
every legal choice, the true deal face up, within `--nodes` positions expanded
(several budgets: each decision solved once, within the largest). Printed per
budget: the share exact, per trick, and the first trick from which every
decision was; the median and slowest seconds a hand of those searches alone
(CPU time: the machine may be shared; for a smaller budget, a search that did
not finish within it counted for the share of it that it had). With the Sky
(Lunar, 2 players) the true deal is the one possible deal: the budgets of the
hint and the hard player (solver/open_deal.py's nodes_for: 8,000 positions for a
1 s hint, 13,600 for the page's 1.7 s, 3,000 for hard's 1,500 iterations) say
from which trick they are exact; `--tree-effort N` judges the tree search
those made before (N iterations, no clock: a native 1 s hint grows some
3,000-4,500) by the exact values where the smallest budget sufficed.
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
from solver.open_deal import applies as one_deal  # noqa: E402
from solver.perfect import solve_actions    # noqa: E402
from solver.search import rank              # noqa: E402
from solver.view import adapter_for, view_of  # noqa: E402

NODES = 40_000      # positions expanded a decision: about 1 s natively at most


def default_games() -> str:
    """Every registered game at each of its player counts."""
    return ",".join(f"{name}:{players}" for name, game in sorted(all_games().items())
                    for players in game.player_counts())


class _Late(Exception):
    pass


class _Timed(dict):
    """The endgame search's memo, stopping it past a deadline (its lookups counted):
    on the wall clock, as the solver's own `seconds` is, so that both have the same
    time on a shared machine."""

    def __init__(self, seconds: float):
        super().__init__()
        self.deadline, self.visits = time.perf_counter() + seconds, 0

    def get(self, key, default=None):
        self.visits += 1
        if not self.visits & 255 and time.perf_counter() > self.deadline:
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


def coverage(name: str, players: int, hands: int, budgets: list, tree_effort: int = 0) -> dict:
    """Per budget of `budgets` (positions expanded): the card-play decisions of seat
    0 solved within it, in all and per trick. Each decision is solved once, within
    the largest: the search is the same whatever the budget (a budget only stops
    it), so it finishes within a smaller one exactly when it needed no more.
    `tree_effort`: where the decision has one possible deal, short of the game's
    exact endgame, and was solved within the smallest budget, the tree search the
    hint made there before (`tree_effort` iterations, no clock) judged by the exact
    values: what the exact hint gains there ("tree": per trick, its regrets)."""
    game, adapter = get_game(name), adapter_for(name)
    most = max(budgets)
    needed: dict = {}           # trick (from 1) -> positions each decision needed (None: more than most)
    regrets: dict = {}          # trick -> the tree's regret at each such decision
    seconds = {b: [] for b in budgets}
    for seed in range(1, hands + 1):
        state = game.new_game({"players": players}, seed=seed)
        spent = {b: 0.0 for b in budgets}
        while not state.is_terminal and not state.finished_hands:
            seat = state.current_player
            trick = adapter.current_trick_index(state)
            if seat == 0 and trick is not None and len(state.legal_actions()) > 1:
                c = time.process_time()
                solved = solve_actions(adapter, state, 0, state.legal_actions(), nodes=most)
                report = solved.report
                took = time.process_time() - c
                if tree_effort and report.finished and report.nodes <= min(budgets) and \
                        one_deal(view_of(state, 0)):
                    ranked = rank(view_of(state, 0), tree_effort, seed, tree=True, hint=True)
                    top = max(solved.values.values())
                    regrets.setdefault(trick + 1, []).append(top - solved.values[ranked.stats[0].action])
                needed.setdefault(trick + 1, []).append(report.nodes if report.finished else None)
                for b in budgets:           # a search within b: what it took, or up to b of it
                    spent[b] += took if report.finished and report.nodes <= b else took * b / report.nodes
            state = state.apply_action(bots.choose(state, seat, "easy", seed))
        for b in budgets:
            seconds[b].append(spent[b])
    out = {}
    for b in budgets:
        within = {t: sum(n is not None and n <= b for n in got) for t, got in needed.items()}
        exact, total = sum(within.values()), sum(map(len, needed.values()))
        out[b] = {"exact": exact, "decisions": total, "share": exact / total if total else None,
                  "by_trick": {t: f"{within[t]}/{len(got)}" for t, got in sorted(needed.items())},
                  "from_trick": next((t for t in sorted(needed) if all(
                      within[u] == len(needed[u]) for u in needed if u >= t)), None),
                  "hand_median_s": statistics.median(seconds[b]), "hand_max_s": max(seconds[b])}
    out["tree"] = regrets
    return out


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
    parser.add_argument("--tree-effort", type=int, default=0,
                        help="--coverage: judge the tree's hint at this many iterations by the exact values "
                             "where one deal is possible and the solver finished within the smallest budget")
    parser.add_argument("--nodes", default=str(NODES),
                        help="--coverage: budgets of positions expanded, comma-separated (each decision is "
                             "solved once, within the largest)")
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
            budgets = [int(b) for b in str(args.nodes).split(",")]
            found = coverage(name, players, args.hands, budgets, args.tree_effort)
            regrets = found.pop("tree")
            for b, got in found.items():
                print(f"{name} {players}: exact within {b:,} positions at {got['exact']}/{got['decisions']} card-play "
                      f"decisions ({100 * got['share']:.1f}%) over {args.hands} hands, every one from trick "
                      f"{got['from_trick']}; those searches a hand: median {got['hand_median_s']:.2f} s CPU, "
                      f"slowest {got['hand_max_s']:.2f} s; by trick {got['by_trick']}", flush=True)
            if args.tree_effort:
                every = [r for got in regrets.values() for r in got]
                print(f"{name} {players}: where one deal is possible and the solver finished within "
                      f"{min(budgets):,} (short of the exact endgame), the tree at {args.tree_effort:,} "
                      f"iterations chose an optimal card at {sum(r == 0 for r in every)}/{len(every)}, mean "
                      f"regret {statistics.mean(every) if every else 0:.3f} points; by trick "
                      f"{ {t: f'{sum(r == 0 for r in got)}/{len(got)}, max {max(got):g}' for t, got in sorted(regrets.items())} }",
                      flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
