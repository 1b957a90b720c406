"""A search spread over workers gives what one search gives: counted in playouts,
a hint, a level's move and a review depend on their seed and effort only, never
on how many workers valued their worlds and trees (solver/work.py). Each world's
values come from streams of their own, so any split of a batch gives the same
values; the race's decisions are taken in one place, from the merged results."""
from __future__ import annotations

import json

import pytest

from bench.hints import positions
from pycore.records import dumps
from solver import api, work
from solver.errors import SolverError
from solver.testing import Split
from solver.view import view_of
from tests.catalog import own_cases
from web.manyhands_web import worker_api


# (game, players, the kind of decision): each game's own; a kind as bench/hints.py's `kind`
# says it ("lead", "follow" for card play; else the adapter's `decision`, such as "bid")
CASES = own_cases("SPREAD_DECISIONS")


def test_a_kind_of_decision_the_game_has_not_is_refused_with_the_kinds_it_has():
    """A game's SPREAD_DECISIONS row names a kind as `kind` says it; one it has
    not (card play is "lead" or "follow", not the adapter's "play") stops the
    search for positions with the kinds met, instead of looping for ever."""
    with pytest.raises(ValueError, match="kind 'play'.*kinds met: .*follow, lead"):
        positions("voren", 3, 1, 3, decision="play")


def _records():
    for game, players, kind in CASES:
        state = positions(game, players, 1, 3, decision=kind)[0]
        yield f"{game} {players}p {kind}", dumps(state), state.current_player


@pytest.mark.parametrize("name,record,seat", list(_records()), ids=lambda x: x if isinstance(x, str)
                         and len(x) < 30 else "")
def test_a_hint_counted_in_playouts_is_the_same_on_one_two_and_three_workers(name, record, seat):
    """The whole hint (ranking, values, intervals, words) at a fixed effort and
    seed: the race (with its screening), the tree's root-parallel trees, the
    exact searches and the look-ahead alike."""
    request = api.HintRequest.parse(record, seat, {"effort": 120, "seed": 5})
    alone = api.answer(request)
    for k in (2, 3):
        split = Split(k)
        assert work.drive(api.answer_steps(request), split.run) == alone, (name, k)
        assert split.batches or alone["look_ahead"] or alone["stopped"] == "one choice"


def test_a_search_of_every_deal_split_over_workers_equals_one_search():
    """The hint's "Search all N deals" (Tricksters' trick play, each deal searched
    exactly): its one batch of every deal, dealt over 2 and 3 workers."""
    state = positions("tricksters", 4, 1, 4, decision="follow")[0]
    request = api.HintRequest.parse(dumps(state), state.current_player, {"all_worlds": True, "seed": 2})
    alone = api.answer(request)
    assert alone["exact"]
    for k in (2, 3):
        assert work.drive(api.answer_steps(request), Split(k).run) == alone


def _states():
    for game, players, kind in CASES:
        yield positions(game, players, 1, 3, decision=kind)[0]


def test_a_first_world_of_hundreds_of_bids_is_valued_in_parts_as_it_is_whole(monkeypatch):
    """The race's first world values every legal choice (a 2-player Raven bid:
    hundreds); it is cut into parts of search.WIDE actions so that workers share
    it, and so are the screening's rounds of a world or two; the hint is exactly
    that of the worlds valued whole."""
    from solver import search
    state = positions("raven", 2, 1, 3, decision="bid")[0]
    request = api.HintRequest.parse(dumps(state), state.current_player, {"effort": 600, "seed": 2})
    sizes = []

    def counting(batch):
        sizes.append([len(actions) for _, actions in batch.items])
        return work.run_here(batch)
    parted = work.drive(api.answer_steps(request), counting)
    assert len(sizes[0]) > 4          # the first world's bids (those raced: alike ones go as one) in parts
    assert all(max(batch) <= search.WIDE for batch in sizes)
    assert len(sizes[1]) > 2         # a screening round of 2 worlds, in more parts
    spread = work.drive(api.answer_steps(request), Split(3).run)
    monkeypatch.setattr(search, "WIDE", 10**6)
    whole = api.answer(request)
    assert parted == spread == whole and whole["playouts"] >= 600


def test_a_timed_batch_cut_short_in_an_item_keeps_its_whole_items_only():
    """Parts of world items (search._parts) whose results end inside an item (a
    timed batch whose time ran out) give back the items done whole, in order:
    an action is never credited with a world its rivals did not see."""
    from solver import search
    parts = search._parts([(0, list(range(70))), (1, list(range(40)))])
    assert [len(part[1]) for part, _ in parts] == [32, 32, 6, 32, 8]
    results = [[f"w{part[0]}a{a}" for a in part[1]] for part, _ in parts]
    assert search._joined(parts, results[:4]) == [[f"w0a{a}" for a in range(70)]]
    assert search._joined(parts, results[:2]) == []
    assert search._joined(parts, results) == [[f"w0a{a}" for a in range(70)], [f"w1a{a}" for a in range(40)]]


def test_a_timed_tree_search_of_the_one_possible_deal_grows_a_tree_on_each_worker():
    """Lunar's Sky has one possible deal, where the tree search grows one deep
    tree (search.trees_for): bounded by time and shared by the page's workers
    (the budget's "workers"), it grows one on each, so that none idles; counted
    in playouts it never depends on the workers (the field is ignored)."""
    state = positions("lunar", 2, 1, 3, decision="lead")[0]

    def first_batch(budget):
        request = api.HintRequest.parse(dumps(state), state.current_player, budget)
        batch = next(api.answer_steps(request))
        return batch.kind, len(batch.items)
    assert first_batch({"seconds": 0.2, "workers": 1}) == ("trees", 1)
    assert first_batch({"seconds": 0.2, "workers": 3}) == ("trees", 3)
    assert first_batch({"seconds": 0.2, "workers": 9}) == ("trees", 4)
    assert first_batch({"effort": 200, "workers": 3}) == ("trees", 1)
    with pytest.raises(SolverError, match="budget workers"):
        api.HintRequest.parse(dumps(state), state.current_player, {"seconds": 0.2, "workers": 0})


def test_the_levels_move_alike_on_any_number_of_workers():
    """Each level's search (smaller efforts than the levels', for time), and
    root-parallel trees: three trees of a search merged alike however they
    are dealt to workers."""
    from solver import bots
    for state in _states():
        seat = state.current_player
        alone = bots.choose(state, seat, "hard", 3, effort=90)
        assert work.drive(bots.choose_steps(state, seat, "hard", 3, effort=90), Split(2).run) == alone
    state = positions("lunar", 4, 1, 3, decision="lead")[0]
    searcher = work.Searcher(view_of(state, state.current_player), 3)
    roots = [work.drive(bots.grow_trees(searcher, 150, 3, "test"), run)
             for run in (work.run_here, Split(2).run, Split(3).run)]
    visits = [{a: (c.visits, c.total, c.squares) for a, c in root.children.items()} for root in roots]
    assert visits[0] == visits[1] == visits[2] and sum(v for v, _, _ in visits[0].values()) == 150


def test_a_par_spreads_its_computer_moves_over_workers_and_the_worker_protocol():
    """The par (a hand of computer moves, solver/par.py) is a search like a move:
    its batches dealt over 2 workers give the par one search gives, and a worker
    leads it through start/resume as the page's pool does; a par it refuses is
    the request's error."""
    from solver import par
    from tests.solver.positions import random_hands
    record = random_hands("voren", {"players": 3}, 21, 1)
    alone = par.par(record, 1, "normal", effort=40)
    split = Split(2)
    assert work.drive(par.par_steps(record, 1, "normal", effort=40), split.run) == alone
    assert split.batches >= 3
    request = {"op": "par", "record": record, "seat": 1, "level": "easy"}
    step = json.loads(worker_api.handle(json.dumps({"op": "start", "job": 4, "request": request})))
    batches = 0
    while "work" in step:       # the seat's own moves are the hard player's: searched
        batches += 1
        got = step["work"]
        part = {k: got[k] for k in ("key", "kind", "listed", "stream", "trees", "seconds", "items")}
        results = json.loads(worker_api.handle(json.dumps({"op": "value", **part})))["results"]
        step = json.loads(worker_api.handle(json.dumps({"op": "resume", "job": 4, "results": results})))
    assert batches >= 3 and json.loads(step["answer"]) == par.par(record, 1, "easy")
    with pytest.raises(SolverError, match="no seat 7"):
        worker_api.handle(json.dumps({"op": "start", "job": 6, "request": {**request, "seat": 7}}))


def test_a_search_over_processes_equals_one_search():
    """Natively the same split runs over processes (bench/hint_quality.py
    --workers): a 2-player Raven bid (screening, then the race) and a four-player
    Lunar lead searched by the tree."""
    from solver.processes import Processes
    with Processes(2) as pool:
        for game, players, kind in [("raven", 2, "bid"), ("lunar", 4, "lead")]:
            state = positions(game, players, 1, 3, decision=kind)[0]
            request = api.HintRequest.parse(dumps(state), state.current_player, {"effort": 300, "seed": 2})
            assert work.drive(api.answer_steps(request), pool.run) == api.answer(request)


def test_the_worker_protocol_spreads_a_hint_and_gives_the_one_search():
    """Through the worker's JSON requests (worker_api): the leading worker starts
    the job and hands out batches; another worker (here its own searchers) values
    half of each, the leader the other half; results sent back in order. The
    answer is the hint asked whole. A second job on the same worker, and a
    position sent without its spec to a worker that does not hold it, work too."""
    _, record, seat = next(r for r in _records() if r[0].startswith("raven 2p"))
    hint = {"op": "hint", "record": json.loads(record), "seat": seat, "budget": {"effort": 200, "seed": 1}}
    whole = json.loads(worker_api.handle(json.dumps(hint)))
    other = work.Contexts()
    step = json.loads(worker_api.handle(json.dumps({"op": "start", "job": 1, "request": hint})))
    batches = 0
    while "work" in step:
        batches += 1
        got = step["work"]
        part = {k: got[k] for k in ("key", "kind", "listed", "stream", "trees", "seconds")}
        mine = json.loads(worker_api.handle(json.dumps({"op": "value", **part, "items": got["items"][::2]})))
        assert "results" in mine        # the leader holds its own position
        theirs = work.value_json(other, {**part, "spec": got["spec"], "items": got["items"][1::2]})
        results = [(mine["results"] if j % 2 == 0 else theirs)[j // 2] for j in range(len(got["items"]))]
        step = json.loads(worker_api.handle(json.dumps({"op": "resume", "job": 1, "results": results})))
    assert batches >= 2 and json.loads(step["answer"]) == whole
    unknown = json.loads(worker_api.handle(json.dumps({**part, "op": "value", "key": "0" * 32, "items": []})))
    assert unknown == {"unknown": "0" * 32}
    with pytest.raises(SolverError, match="no search under way"):
        worker_api.handle(json.dumps({"op": "resume", "job": 1, "results": []}))


def test_bad_items_and_results_are_refused_with_a_clear_error():
    _, record, seat = next(_records())
    spec = {"record": json.loads(record), "seat": seat, "seed": 1}
    key = work.Searcher.from_spec(spec).key
    for bad, match in [({"kind": "worlds", "items": [[0, [99]]]}, "world item"),
                       ({"kind": "worlds", "items": [["0", [0]]]}, "world item"),
                       ({"kind": "flowers", "items": []}, "items are a list"),
                       ({"kind": "trees", "items": [[5, 10]], "stream": "s", "trees": 2}, "trees are"),
                       ({"key": "x" * 32, "spec": spec, "kind": "worlds", "items": []}, "does not match"),
                       ({"spec": {**spec, "seat": (seat + 1) % 4}, "kind": "worlds", "items": []},
                        "no decision"),
                       ({"spec": {**spec, "seed": -1}, "kind": "worlds", "items": []}, "seed")]:
        held = work.Contexts()
        if "spec" not in bad:
            held.put(work.Searcher.from_spec(spec))
        with pytest.raises(SolverError, match=match):
            work.value_json(held, {"key": key, **bad})
    _, record, seat = next(r for r in _records() if r[0].startswith("raven 2p"))
    request = api.HintRequest.parse(record, seat, {"effort": 100, "seed": 1})
    steps = api.answer_steps(request)
    batch = next(steps)
    for bad in ([[[1, 0, 0, []]]] * (len(batch.items) + 1), [[["x", 0, 0, []]] * len(batch.items[0][1])],
                [[[1, 2, 0, []]] * len(batch.items[0][1])], "results"):
        with pytest.raises(SolverError, match="results"):
            work.check_results(batch, bad)


def test_a_computer_move_asked_without_a_seed_is_built_ahead_under_its_leaders_key():
    """The page asks a computer's move without a seed (the worker seeds it by the
    position, solver.bots.page_seed); another worker builds that position ahead
    (`prepare` with a null seed) under the key the leader's batches carry, so the
    trees it is dealt need no second build."""
    state = positions("lunar", 4, 1, 3, decision="follow")[0]
    record, seat = json.loads(dumps(state)), state.current_player
    prepared = json.loads(worker_api.handle(json.dumps(
        {"op": "prepare", "spec": {"record": record, "seat": seat, "seed": None}})))
    batch = next(api.bot_move_steps(record, seat, "hard"))
    assert batch.kind == work.TREES and prepared["key"] == batch.searcher.key
    with pytest.raises(SolverError, match="turn"):
        api.bot_searcher(record, (seat + 1) % 4)


@pytest.mark.parametrize("game,players,split", [("lunar", 4, True), ("raven", 2, True), ("raven", 4, True),
                                                ("raven", 3, False), ("lunar", 2, False)])
def test_hard_splits_its_tree_only_where_several_trees_are_as_strong_as_one(game, players, split):
    """Hard's card play by the tree grows root-parallel trees (so that workers
    share its move) where the adapter's split_trees says they were level with
    one tree of the same iterations (bench/tree_parallel.py), and one tree
    where one was stronger: three-player Raven, the Sky's one deal."""
    state = positions(game, players, 1, 3, decision="follow")[0]
    batch = next(api.bot_move_steps(dumps(state), state.current_player, "hard"))
    assert batch.kind == work.TREES
    assert (len(batch.items) > 1) == split and sum(n for _, n in batch.items) == 1500
