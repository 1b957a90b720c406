"""Lunar's playouts, old code against new in one run: a fixed number of
`simulate` calls (the rest of a round from trick play) and of whole playouts
(`playout`: the policy through the exchange and the trump tiles, then the
simulator) on fixed seeded positions, medians per tree and their ratio
(bench/playouts.py: the machinery, and what --hints and --effort time).

    python bench/lunar_playouts.py OLD_TREE [NEW_TREE=this tree] [--runs 15] [--repeat 10]
    python bench/lunar_playouts.py OLD_TREE [NEW_TREE] --hints 10 [--runs 2]
    python bench/lunar_playouts.py OLD_TREE [NEW_TREE] --hints 5 --effort 1500 [--runs 3]"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.playouts import Spec, main    # noqa: E402

# (players, decision, positions): the simulator is timed from trick play, the
# playout from the exchange (4 players) and the trump tiles (the Sky)
SIMULATE = [(4, "lead", 10), (4, "follow", 10), (2, "lead", 10), (2, "follow", 10)]
PLAYOUT = [(4, "give", 10), (2, "turn", 10)]
HINT = [(4, "give"), (4, "follow"), (2, "turn"), (2, "follow")]


def calls(lunar) -> list:
    return ([(f"simulate {players}p {kind}", (players, kind), lunar.simulate)
             for players, kind, _ in SIMULATE]
            + [(f"playout {players}p {kind}", (players, kind),
                lambda s: lunar.playout(s, len(s.finished_hands), None))
               for players, kind, _ in PLAYOUT])


SPEC = Spec("lunar", "Lunar", SIMULATE + PLAYOUT, calls, HINT, os.path.abspath(__file__))

if __name__ == "__main__":
    main(SPEC)
