"""Hint progress: solver.api.hint(..., progress=f) calls f(done, total)
monotonically, from (0, total) to (total, total), in every game: in thousandths
of the budget spent for an adaptive search (its end is not known in advance), in
worlds for a search of every world; and reporting progress never changes the hint."""
from __future__ import annotations

import pytest

from pycore.records import dumps
from solver import api
from solver.search import Spending
from solver.testing import positions, to_act

GAMES = [("raven", {"players": 4}), ("raven", {"players": 2}), ("tricksters", {}),
         ("lunar", {"players": 4}), ("lunar", {"players": 2}), ("voren", {"players": 5})]
BUDGET = {"effort": 24, "seed": 3}


@pytest.mark.parametrize("name,rules", GAMES, ids=[f"{n}-{r.get('players', '')}" for n, r in GAMES])
def test_progress_is_monotonic_and_ends_at_total(name, rules):
    decisions = set()
    for state, seat in to_act(positions(name, rules, 4, seed=4242)):
        record = dumps(state)
        calls = []
        got = api.hint(record, seat, BUDGET, progress=lambda done, total: calls.append((done, total)))
        assert calls, f"no progress reported for {name} ({got['decision']})"
        totals = {total for _, total in calls}
        assert len(totals) == 1, calls[:5]
        total = totals.pop()
        assert total == (got["searched_worlds"] if got["stopped"] == "all worlds" else Spending.TICKS)
        dones = [done for done, _ in calls]
        assert dones[0] == 0 and dones[-1] == total
        assert all(a <= b for a, b in zip(dones, dones[1:])), dones
        assert all(0 <= d <= total for d in dones)
        assert got == api.hint(record, seat, BUDGET)    # the same hint without progress
        decisions.add(got["decision"])
    assert decisions


@pytest.mark.parametrize("name,rules", GAMES, ids=[f"{n}-{r.get('players', '')}" for n, r in GAMES])
def test_the_offered_effort_searches_every_world(name, rules):
    """A hint that searched a sample offers the effort that searches every world
    (`all_worlds_effort`, the page's "Search all deals"), or None when that would be
    more than search.ALL_WORLDS_CAP world-action searches (Raven and Voren, whose
    worlds are astronomically many, never offer it), there is one choice, or
    hard's tree searched (Lunar's and Raven's card play: one playout of each deal
    would tell less than the tree's thousands; tests/solver/test_lunar_hints.py); asked
    so ({"all_worlds": true}), the hint searches every world."""
    from solver.search import ALL_WORLDS_CAP
    offered = 0
    for state, seat in to_act(positions(name, rules, 12, seed=4242)):
        record = dumps(state)
        quick = api.hint(record, seat, BUDGET)
        effort = quick["all_worlds_effort"]
        actions = len(quick["actions"])
        too_many = (actions * quick["worlds"] > ALL_WORLDS_CAP
                    and (name, quick["decision"]) != ("tricksters", "play"))
        if actions <= 1 or quick["tree"] or too_many:
            assert effort is None
        if quick["all_worlds"] or effort is None or effort > 3000:
            continue
        full = api.hint(record, seat, {"all_worlds": True, "seed": 3})
        assert quick["more"]["budget"] == {"all_worlds": True}      # the offer the page shows
        assert full["all_worlds"] and full["searched_worlds"] == full["worlds"] == quick["worlds"]
        assert all(entry["n"] == full["worlds"] for entry in full["actions"])
        offered += 1
    assert offered or name in ("raven", "voren", "lunar")   # Lunar's few deals: the tree's or exact
