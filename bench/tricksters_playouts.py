"""Tricksters' playouts, old code against new in one run: whole playouts (the
solver adapter's `playout`, the rest of the round by the policy) from each kind
of decision, on fixed seeded positions, medians per tree and their ratio
(bench/playouts.py: the machinery, and what --hints and --effort time). From a
lead or a follow the playout is trick play only (the simulator, where there is
one); from a draft it is the whole round.

    python bench/tricksters_playouts.py OLD_TREE [NEW_TREE=this tree] [--runs 15] [--repeat 10]
    python bench/tricksters_playouts.py OLD_TREE [NEW_TREE] --hints 10 [--runs 2]
    python bench/tricksters_playouts.py OLD_TREE [NEW_TREE] --hints 5 --effort 1500 [--runs 3]

Trick play's hints search exactly (no playouts), so the hint timings are of the
decisions searched by playouts: drafts, suits and partners."""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.playouts import Spec, main    # noqa: E402

KINDS = ("lead", "follow", "partners", "suit", "draft")
HINT = [(4, "draft"), (4, "suit"), (4, "partners")]


def calls(tricksters) -> list:
    playout = tricksters.ADAPTER.playout
    return [(f"playout {kind}", (4, kind), lambda s: playout(s, len(s.finished_hands), None))
            for kind in KINDS]


SPEC = Spec("tricksters", "Tricksters", [(4, kind, 10) for kind in KINDS], calls, HINT,
            os.path.abspath(__file__))

if __name__ == "__main__":
    main(SPEC)
