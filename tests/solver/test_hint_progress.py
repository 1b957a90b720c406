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
from tests.catalog import case_id, examples

GAMES = examples()            # each game's examples (Game.examples)
IDS = [case_id(name, rules) for name, rules in GAMES]
BUDGET = {"effort": 24, "seed": 3}


@pytest.mark.parametrize("name,rules", GAMES, ids=IDS)
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
        # in worlds only for a search of every world; a race (in thousandths of its
        # budget) may also end by having searched every world
        if total != Spending.TICKS:
            assert got["stopped"] == "all worlds" and total == got["searched_worlds"], (total, got["stopped"])
        dones = [done for done, _ in calls]
        assert dones[0] == 0 and dones[-1] == total
        assert all(a <= b for a, b in zip(dones, dones[1:])), dones
        assert all(0 <= d <= total for d in dones)
        assert got == api.hint(record, seat, BUDGET)    # the same hint without progress
        decisions.add(got["decision"])
    assert decisions


@pytest.mark.parametrize("name,rules", GAMES, ids=IDS)
def test_the_offered_effort_searches_every_world(name, rules):
    """A hint that searched a sample offers the effort that searches every world
    (`all_worlds_effort`, the page's "Search all deals"), or None when that would be
    more than search.ALL_WORLDS_CAP world-action searches (each world costing what
    the game's evaluator says: an action's playout, or Tricksters' exact trick play;
    Raven's and Voren's worlds are astronomically many), there is one choice, or
    hard's tree searched (Lunar's and Raven's card play: one playout of each deal
    would tell less than the tree's thousands; tests/solver/test_lunar_hints.py),
    and only then; asked so ({"all_worlds": true}), the hint searches every world."""
    from pycore.records import replay
    from solver.evaluate import make_evaluator
    from solver.search import all_worlds_effort_of
    from solver.view import view_of
    for state, seat in to_act(positions(name, rules, 12, seed=4242)):
        record = dumps(state)
        quick = api.hint(record, seat, BUDGET)
        effort = quick["all_worlds_effort"]
        actions = len(quick["actions"])
        evaluator = make_evaluator(view_of(replay(record), seat))
        too_many = all_worlds_effort_of(quick["worlds"], actions, evaluator) is None
        assert (effort is None) == (actions <= 1 or quick["tree"] or too_many), quick
        if quick["all_worlds"] or effort is None or effort > 3000:
            continue
        calls = []
        full = api.hint(record, seat, {"all_worlds": True, "seed": 3},
                        progress=lambda done, total: calls.append((done, total)))
        assert calls and {total for _, total in calls} == {full["worlds"]}, calls[:5]     # in worlds, only
        assert quick["more"]["budget"] == {"all_worlds": True}      # the offer the page shows
        assert full["all_worlds"] and full["searched_worlds"] == full["worlds"] == quick["worlds"]
        assert all(entry["n"] == full["worlds"] for entry in full["actions"])


def test_progress_after_the_solvers_attempt_stays_in_thousandths(monkeypatch):
    """With one possible deal the hint first tries the perfect-information solver,
    its progress in thousandths from the start; where the solver does not finish
    and the search that follows values every world (progress in worlds: a game
    whose exact endgame has one deal), that search's progress is told in
    thousandths too: one unit from the first call to the last. (The attempt is
    made to apply and fail at a position whose every-world search is cheap.)"""
    from solver import hints, open_deal
    from solver.perfect import Report
    calls = []
    told = hints.in_ticks(lambda done, total: calls.append((done, total)))
    told(0, 60), told(3, 60), told(60, 60), told(1000, 1000)
    assert calls == [(0, 1000), (50, 1000), (1000, 1000), (1000, 1000)]
    monkeypatch.setattr(open_deal, "applies", lambda view: True)
    monkeypatch.setattr(open_deal, "solve",
                        lambda view, nodes, seconds=None: open_deal.Solved(None, None, Report(False, 0)))
    for name, rules in GAMES:
        for state, seat in to_act(positions(name, rules, 12, seed=4242)):
            quick = api.hint(dumps(state), seat, BUDGET)
            if quick["all_worlds"] or not quick["all_worlds_effort"] or quick["all_worlds_effort"] > 3000:
                continue
            calls = []
            full = api.hint(dumps(state), seat, {"all_worlds": True, "seed": 3},
                            progress=lambda done, total: calls.append((done, total)))
            assert full["stopped"] == "all worlds" and {total for _, total in calls} == {Spending.TICKS}, calls[:5]
            dones = [done for done, _ in calls]
            assert dones[0] == 0 and dones[-1] == Spending.TICKS and dones == sorted(dones), dones
            return
    pytest.fail("no position whose every world is searched cheaply")
