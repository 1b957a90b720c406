"""The page's pool of hint workers (web/pool.js): a hint counted in playouts is
the same on one worker and on two (and the native solver's), and a worker that
dies mid-search is replaced while the hint still answers; a refusal is told
from a failure by its name. The page requests
nothing outside its origin (the `context` fixture checks every test)."""
from __future__ import annotations

import json

import pytest

from .table import export_record, open_site, start_game, wait_my_turn

pytestmark = pytest.mark.browser

ASK = "(text) => window.manyhands.ask(text)"
BUDGET = {"effort": 300, "seed": 4}


def _bid_position(page, site, workers: int) -> dict:
    """A 2-player Raven bid (hundreds of choices: a screening, then the race),
    with `workers` workers up."""
    open_site(page, site, f"pace=0&workers={workers}")
    start_game(page, "raven", {"players": 2}, seed=3)
    wait_my_turn(page)
    page.wait_for_function(f"window.manyhands.pool.ready().length === {workers}", timeout=120_000)
    return export_record(page)


def _native(record: dict) -> dict:
    """The native solver's hint, as a worker answers it (the seats named as the
    page names them)."""
    from web.manyhands_web.cast import seat_names
    from solver import api
    return {**api.answer(api.HintRequest.parse(record, 0, BUDGET), namer=seat_names), "available": True}


def test_a_hint_counted_in_playouts_is_the_same_on_one_worker_and_two(context, site):
    """The same record, seat, effort and seed on ?workers=1 and ?workers=2: the
    same answer, and the native solver's, to the last word and digit; with two,
    both workers valued part of it."""
    answers = {}
    for workers in (1, 2):
        page = context.new_page()
        record = _bid_position(page, site, workers)
        page.evaluate("() => { window.chunks = {}; window.manyhands.pool.onDispatch ="
                      " (m) => { window.chunks[m.index] = (window.chunks[m.index] || 0) + 1; }; }")
        request = {"op": "hint", "record": record, "seat": 0, "budget": BUDGET}
        answers[workers] = json.loads(page.evaluate(ASK, json.dumps(request)))
        chunks = page.evaluate("window.chunks")
        assert len(chunks) == workers, chunks
        page.close()
    assert answers[1] == answers[2] == _native(record)
    assert answers[1]["playouts"] >= 300


def test_a_worker_that_dies_mid_search_is_replaced_and_the_hint_still_answers(page, site):
    """The second worker is ended (as a crashed tab's worker would be) the moment
    it is handed its first chunk: nothing tells the pool, which notices it
    silent, gives its chunk to the other worker, and starts a new one; the hint
    comes out as it would have. Each worker's WebAssembly memory is measured."""
    record = _bid_position(page, site, 2)
    page.evaluate("""() => {
      const pool = window.manyhands.pool;
      window.killed = null;
      pool.onDispatch = (member) => {
        if (member.index === 1 && !window.killed) { window.killed = member; member.worker.terminate(); }
      };
    }""")
    request = {"op": "hint", "record": record, "seat": 0, "budget": BUDGET}
    answer = json.loads(page.evaluate(ASK, json.dumps(request)))
    assert page.evaluate("window.killed !== null")
    assert answer == _native(record)
    page.wait_for_function("""() => {
      const pool = window.manyhands.pool;
      return window.killed.ended && pool.ready().length === 2 && !pool.ready().includes(window.killed);
    }""", timeout=120_000)
    memory = page.evaluate("window.manyhands.pool.memory()")
    assert len(memory) == 2 and all(20 * 2**20 <= m <= 1024 * 2**20 for m in memory), memory
    again = json.loads(page.evaluate(ASK, json.dumps({**request, "budget": {"effort": 200, "seed": 5}})))
    assert again["playouts"] >= 200
    # a request the workers refuse fails as a refusal (worker_client.py tells it from a failure)
    refused = page.evaluate("(text) => window.manyhands.ask(text).then(() => 'answered',"
                            " (e) => `${e.name}: ${e.message}`)",
                            json.dumps({"op": "bot", "record": record, "seat": 7}))
    assert refused.startswith("WorkerRefusal: ") and "7" in refused, refused


def test_a_leading_worker_that_dies_mid_hint_hands_the_search_on_at_its_first_silence(page, site):
    """The worker leading a timed hint is ended (as a crashed tab's worker would
    be) the first time it is handed a chunk of its own search: that chunk's
    silence (1.5 s) is enough to start the search again on the other worker,
    which answers with the results already in, instead of waiting out the
    leader's whole step; the dead worker is replaced."""
    record = _bid_position(page, site, 2)
    page.evaluate("""() => {
      const pool = window.manyhands.pool;
      window.killed = null;
      window.restarts = [];
      pool.onRestart = (job, why) => window.restarts.push(why);
      pool.onDispatch = (member) => {
        const leads = [...pool.jobs].some((job) => job.lead === member);
        if (leads && !window.killed) { window.killed = member; member.worker.terminate(); }
      };
    }""")
    request = {"op": "hint", "record": record, "seat": 0, "budget": {"seconds": 1.0, "seed": 1}}
    answer = json.loads(page.evaluate(ASK, json.dumps(request)))
    assert answer["available"] and answer["playouts"] > 0
    assert page.evaluate("window.killed !== null")
    assert page.evaluate("window.restarts") == ["the leading worker stalled on a chunk of its own search"]
    page.wait_for_function("""() => {
      const pool = window.manyhands.pool;
      return window.killed.ended && pool.ready().length === 2 && !pool.ready().includes(window.killed);
    }""", timeout=120_000)


def test_a_timed_tree_search_grows_trees_on_both_workers_every_time(page, site):
    """A hint searched by the tree (four-player Lunar's card play) deals its four
    trees out at once: to the worker still building the position ahead too (it
    takes a few milliseconds), not all to the leader whenever its replay
    finished first; and the Sky's one deal grows a tree on each worker."""
    from bench.hints import positions
    from pycore.records import dumps
    open_site(page, site, "pace=0&workers=2")
    page.wait_for_function("window.manyhands.pool.ready().length === 2", timeout=120_000)
    page.evaluate("""() => { window.trees = []; window.manyhands.pool.onDispatch = (m, message) => {
      if (message.kind === 'trees') window.trees.push([m.index, message.items.length]); }; }""")
    searched = 0
    for game, players, decision in [("lunar", 4, "lead"), ("lunar", 4, "follow"), ("lunar", 2, "lead")]:
        for state in positions(game, players, 2, 1, decision=decision):
            # (both workers up and free first: under load the last search's late trees or the
            # table's own work may still hold one, and then all four rightly go to the other;
            # a worker replaced after a stall may not be up again, and a search planned on one
            # worker is one tree)
            page.wait_for_function("(() => { const ready = window.manyhands.pool.ready(); "
                                   "return ready.length === 2 && ready.every((m) => m.idle); })()", timeout=60_000)
            page.evaluate("window.trees = []")
            request = {"op": "hint", "record": json.loads(dumps(state)), "seat": state.current_player,
                       "budget": {"seconds": 0.3, "seed": 1}}
            answer = json.loads(page.evaluate(ASK, json.dumps(request)))
            assert answer["available"]
            if not answer["tree"]:          # (a lead with every card alike: no search)
                continue
            searched += 1
            trees = page.evaluate("window.trees")
            assert sorted(w for w, _ in trees) == [0, 1], (game, players, decision, trees)
    assert searched >= 4


def test_a_hint_asked_while_no_worker_is_up_gets_its_whole_time(page, site):
    """A hint clicked as a game opens, before any worker has started: its time
    counts from when one is up, not from the click, so it does not answer from
    the one deal the last twentieth of a second allows. The only worker is
    ended (its replacement takes most of a second to start from the snapshot)
    and a half-second hint asked at once; the leader is told its whole time."""
    record = _bid_position(page, site, 1)
    got = page.evaluate("""async (text) => {
      const pool = window.manyhands.pool;
      const starts = [];
      const step = pool.step.bind(pool);
      pool.step = (job, message) => {
        if (message.op === "start") starts.push(message.request.budget.seconds);
        return step(job, message);
      };
      pool.lose(pool.members[0], "ended by the test");
      const upWhenAsked = pool.ready().length;
      const answer = JSON.parse(await window.manyhands.ask(text));
      return {starts, upWhenAsked, available: answer.available, playouts: answer.playouts};
    }""", json.dumps({"op": "hint", "record": record, "seat": 0, "budget": {"seconds": 0.5, "seed": 1}}))
    assert got["upWhenAsked"] == 0
    assert len(got["starts"]) == 1 and got["starts"][0] >= 0.45, got
    assert got["available"] and got["playouts"] > 0


def test_a_computer_players_tree_move_is_grown_on_both_workers(page, site):
    """Hard's card play by the tree (four-player Lunar, two-player Raven) grows
    its trees on both workers (solver.search.trees_for, as the hint's), so the
    move takes less time with more workers, and it is the native solver's
    move: a level is defined by its iterations, never by the workers."""
    from bench.hints import positions
    from pycore.records import dumps
    from solver import api
    open_site(page, site, "pace=0&workers=2")
    page.wait_for_function("window.manyhands.pool.ready().length === 2", timeout=120_000)
    page.evaluate("""() => { window.trees = []; window.manyhands.pool.onDispatch = (m, message) => {
      if (message.kind === 'trees') window.trees.push(m.index); }; }""")
    for game, players in [("lunar", 4), ("raven", 2)]:
        state = positions(game, players, 1, 1, decision="follow")[0]
        record = json.loads(dumps(state))
        page.evaluate("window.trees = []")
        request = {"op": "bot", "record": record, "seat": state.current_player, "level": "hard"}
        answer = json.loads(page.evaluate(ASK, json.dumps(request)))
        assert answer["token"] == api.bot_move(record, state.current_player, "hard"), (game, answer)
        assert sorted(set(page.evaluate("window.trees"))) == [0, 1], (game, page.evaluate("window.trees"))
