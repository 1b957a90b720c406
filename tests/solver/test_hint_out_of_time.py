"""A hint whose time was spent before its search began (the request waited behind
other work in the page, or the replay of a long record took it all) still values
its suggestion, and its words say it: the race values every choice on a first
deal whatever the clock, and the hard level's tree search (Lunar's and Raven's
card play) grows its first iterations, one for each choice, whatever the clock.
Before, the tree grew nothing, every choice was left unsearched, and the words
failed on the suggestion's missing value."""
from __future__ import annotations

import time

import pytest

from solver import hints, work
from solver.testing import Split, positions, to_act
from tests.catalog import case_id, examples

GAMES = examples()            # each game's examples (Game.examples)
IDS = [case_id(name, rules) for name, rules in GAMES]


def late_hint(state, seat, workers: int = 1) -> dict:
    """The hint of a 0.05-second budget whose clock ran out a minute ago, valued
    here or (`workers` > 1) through JSON by that many workers, as the page's pool does."""
    steps = hints.hint_steps(state, seat, seconds=0.05, started=time.monotonic() - 60, workers=workers)
    return work.drive(steps) if workers == 1 else work.drive(steps, Split(workers).run)


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("name,rules", GAMES, ids=IDS)
def test_a_hint_out_of_time_before_it_began_still_values_its_suggestion(name, rules, workers):
    for state, seat in to_act(positions(name, rules, 8, seed=55), 3, most_choices=12):
        got = late_hint(state, seat, workers)
        best = got["actions"][0]
        assert best["n"] >= 1 and best["ev"] is not None, (name, got["decision"], best)
        assert got["summary"].startswith(("Consider", "Only one choice")), got["summary"]
        if got["tree"]:
            # the tree's first iterations: each choice once (a new tree tries every root action first)
            assert all(a["n"] >= 1 for a in got["actions"]), got["actions"]


def test_the_tree_search_is_among_the_hints_out_of_time():
    trees = [late_hint(state, seat)["tree"] for name, rules in GAMES
             for state, seat in to_act(positions(name, rules, 8, seed=55), 3, most_choices=12)]
    assert any(trees), "no position here uses the tree search: the test would not hold it"
