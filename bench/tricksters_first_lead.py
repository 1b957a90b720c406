"""Tricksters first-lead exactness check, natively: at the first lead (all five
tricks to search) the hint's expected points per card, over every world of the
seat's view (narrowed by pinning true cards to at most --worlds worlds), equal
the brute-force expectimax of solver/testing.py (written from
the engine's apply_action/legal_actions alone). Too slow for the test suite (the
brute force takes several seconds per world), so it lives here and prints what
it checked and how long each side took.

    python bench/tricksters_first_lead.py [--positions 3] [--worlds 2] [--seed 5]

`--whole N` instead times what a player gets from the hint's offer to search
every deal at the first trick (`all_worlds_effort`): N first-trick positions,
leads and follows, each whole view searched exactly, natively (CPU time).
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from solver.search import rank                                 # noqa: E402
from solver.view import view_of                                # noqa: E402
from solver.testing import at_trick, brute_expectimax, reduce, truth  # noqa: E402


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--positions", type=int, default=3)
    p.add_argument("--worlds", type=int, default=2)
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--whole", type=int, default=0)
    a = p.parse_args(argv)
    if a.whole:
        return whole_views(a.whole, a.seed)
    rng = random.Random(a.seed)
    leads = [s for s in at_trick(1, 20 * a.positions, a.seed) if not s.tricks[-1].plays]
    checked = 0
    for state in leads[:a.positions]:
        seat = state.current_player
        view = view_of(state, seat)
        full = view.count()
        if full > a.worlds:
            view.model = reduce(view, truth(state, seat), rng, limit=a.worlds, constrained_last=False)
            view._counter = None
        start = time.process_time()
        r = rank(view, effort=10**9)
        solver_s = time.process_time() - start
        assert r.enumerated and r.exact_search and r.used == view.count()
        start = time.process_time()
        expected = brute_expectimax(view)
        brute_s = time.process_time() - start
        got = {s.token: s.ev for s in r.stats}
        same = set(got) == set(expected) and all(abs(got[k] - expected[k]) < 1e-9 for k in got)
        print(f"first lead, seat {seat}: {view.count()} of {full} worlds, {len(got)} cards: "
              f"{'EQUAL' if same else 'DIFFERENT'}; solver {solver_s:.2f} s CPU, "
              f"brute force {brute_s:.1f} s CPU; {sorted(got.items())}", flush=True)
        if not same:
            print(f"  brute force: {sorted(expected.items())}")
            return 1
        checked += 1
    print(f"{checked} first-lead positions: hint == brute-force expectimax")
    return 0


def whole_views(count: int, seed: int) -> int:
    """The default hint and the all-deals search on whole first-trick views."""
    from pycore.answer import Hint
    from solver.hints import hint
    print(f"first trick, whole views, CPython {sys.version.split()[0]} (native), CPU seconds")
    print(f"{'kind':>6} {'worlds':>6} {'default s':>9} {'sampled':>7} {'all s':>7} {'ms/world':>8}")
    times = []
    for state in at_trick(1, 20 * count, seed)[:count]:
        seat = state.current_player
        start = time.process_time()
        quick = Hint.from_json(hint(state, seat))
        quick_s = time.process_time() - start
        start = time.process_time()
        full = Hint.from_json(hint(state, seat, effort=quick.all_worlds_effort))
        full_s = time.process_time() - start
        assert full.all_worlds and full.searched_worlds == full.worlds
        kind = "follow" if state.tricks[-1].plays else "lead"
        times.append(1000 * full_s / full.worlds)
        print(f"{kind:>6} {full.worlds:>6} {quick_s:>9.2f} {quick.searched_worlds:>7} "
              f"{full_s:>7.1f} {times[-1]:>8.1f}", flush=True)
    times.sort()
    print(f"{count} positions: all-deals search {times[len(times) // 2]:.1f} ms per world (median)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
