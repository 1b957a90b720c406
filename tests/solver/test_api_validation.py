"""The solver API checks every input once and refuses a bad one clearly.

Every refusal is the project's error type (pycore ManyhandsError: RecordError for
the record, solver.errors.SolverError for the rest) with one short line; every
answer agrees with the engine. The named tests are the defects a hostile run of
about 117,000 inputs found; the property tests fuzz each entry point. The worker
(web/manyhands_web/worker_api.py) answers or refuses whatever reaches it.
"""
from __future__ import annotations

import copy
import json
import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pycore.records
import solver.games.common
from pycore import ManyhandsError, RecordError, get_game, record_of, replay
from pycore.records import MAX_NUMBER
from solver import api
from solver.errors import SolverError
from solver.search import ALL_WORLDS_CAP
from solver.testing import positions, to_act

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from manyhands_web import worker_api  # noqa: E402  (the page's package, beside the site)

LONGEST_REFUSAL = 300      # characters: one short line


def refusal(call, *args, error=ManyhandsError, match: str | None = None, **kwargs) -> str:
    """The one-line message `call` refuses with (and that it is `error`)."""
    with pytest.raises(error) as info:
        call(*args, **kwargs)
    message = str(info.value)
    assert "\n" not in message and 0 < len(message) <= LONGEST_REFUSAL, message
    if match is not None:
        assert match in message, message
    return message


def records_to_act(game: str, rules: dict, count: int, seed: int):
    """(record JSON, seat to act) of seeded positions with a choice to make."""
    return [(record_of(state).to_json(), seat)
            for state, seat in to_act(positions(game, rules, count * 4, seed), count, most_choices=60)]


POOL = (records_to_act("raven", {"players": 4}, 2, 1) + records_to_act("voren", {"players": 5}, 2, 1)
        + records_to_act("tricksters", {}, 2, 1) + records_to_act("lunar", {"players": 4}, 2, 1))


def late_tricksters_play():
    """A Tricksters position at the last trick of a round: one consistent world."""
    state = get_game("tricksters").new_game({}, seed=1)
    while not (state.phase == "play" and len(state.hands[state.current_player]) == 1):
        state = state.apply_action(state.legal_actions()[0])
    return record_of(state).to_json(), state.current_player


# --- the defects found, each a named regression test -----------------------------------------------
@pytest.mark.parametrize("budget", [1e12, 10**12, {"effort": 1e12}, {"effort": 10**12},
                                    api.MAX_EFFORT + 1, {"effort": api.MAX_EFFORT + 1}])
def test_a_budget_beyond_the_maximum_effort_is_refused_not_searched_forever(budget):
    """Defect 1: a budget of 1e12 searched Raven and Voren positions with memory
    growing without bound. It is refused before anything is replayed or searched."""
    for record, seat in POOL[:4]:            # Raven and Voren
        refusal(api.hint, record, seat, budget, error=SolverError, match="100,000")


def test_the_maximum_effort_covers_every_effort_a_hint_offers():
    """The limit is the largest "search every deal" offer (search.ALL_WORLDS_CAP; a
    Tricksters first lead's 1,680 deals need 33,600), so every offer is accepted."""
    assert api.MAX_EFFORT == ALL_WORLDS_CAP
    state = get_game("tricksters").new_game({}, seed=5)
    while state.phase != "play":
        state = state.apply_action(state.legal_actions()[0])
    record = record_of(state).to_json()
    offer = api.hint(record, state.current_player)["all_worlds_effort"]
    assert offer is not None and offer <= api.MAX_EFFORT
    assert api.HintRequest.parse(record, state.current_player, {"effort": offer}).effort == offer
    for record, seat in POOL:
        offer = api.hint(record, seat, 8)["all_worlds_effort"]
        assert offer is None or 1 <= offer <= api.MAX_EFFORT


def nested(depth: int, leaf=0):
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


def test_a_record_nested_5000_deep_is_refused():
    """Defect 5: the API parsed JSON itself and a record nested 5,000 deep raised
    RecursionError (in Pyodide, a fatal stack overflow); text or parsed object, it
    is refused before anything recurses into it."""
    record, seat = POOL[0]
    deep = nested(5000)
    for bad in ("[" * 5000 + "]" * 5000, deep, {**record, "rules": {"players": deep}},
                {**record, "deals": deep}, json.dumps({**record, "seed": "x"})[:-1] + "[" * 5000):
        for call in (lambda r: api.hint(r, seat), lambda r: api.bot_move(r, seat), lambda r: api.infer(r, seat)):
            refusal(call, bad, error=RecordError, match="nested deeper than 8 levels")


INFINITE = [float("inf"), float("-inf"), float("nan")]


@pytest.mark.parametrize("bad", INFINITE)
def test_an_infinite_seat_budget_or_seed_is_refused(bad):
    """Defect 6: an infinite seat, budget or seed raised OverflowError."""
    record, seat = POOL[0]
    refusal(api.hint, record, bad, error=SolverError, match="seat")
    refusal(api.infer, record, bad, error=SolverError, match="seat")
    refusal(api.bot_move, record, bad, error=SolverError, match="seat")
    refusal(api.hint, record, seat, bad, error=SolverError, match="budget")
    refusal(api.hint, record, seat, {"effort": bad}, error=SolverError, match="effort")
    refusal(api.hint, record, seat, {"seed": bad}, error=SolverError, match="seed")
    refusal(api.bot_move, record, seat, "normal", bad, error=SolverError, match="seed")


@pytest.mark.parametrize("bad", [None, [0], [], {"a": 1}, {}, (0,), "", b"0"])
def test_none_lists_and_objects_where_numbers_belong_are_refused(bad):
    """Defect 7: None, lists or dicts where numbers belong raised TypeError."""
    record, seat = POOL[0]
    refusal(api.hint, record, bad, error=SolverError, match="seat")
    refusal(api.infer, record, bad, error=SolverError, match="seat")
    refusal(api.bot_move, record, bad, error=SolverError, match="seat")
    refusal(api.bot_move, record, seat, bad, error=SolverError, match="level")
    if bad is not None:        # None is the default seed: the page's (bots.page_seed)
        refusal(api.bot_move, record, seat, "easy", bad, error=SolverError, match="seed")
    if bad not in ({},):       # None is the default budget, {} the default object
        refusal(api.hint, record, seat, bad if bad is not None else [None], error=SolverError)
    refusal(api.hint, record, seat, {"effort": bad}, error=SolverError, match="effort")
    refusal(api.hint, record, seat, {"seed": bad}, error=SolverError, match="seed")


@pytest.mark.parametrize("bad", ["1", "0", 1.5, 0.0, 1.0, True, False, -1,
                                 pytest.param(10**5000, id="5000-digits")])
def test_a_seat_is_an_int_not_a_bool_float_or_text(bad):
    """Defect 8: seat "1", 1.5, True, False were accepted (infer answered for seat 0
    when given False)."""
    record, seat = POOL[0]
    message = refusal(api.infer, record, bad, error=SolverError, match="seat")
    assert len(message) < 120            # a 5,000-digit seat is quoted by its size
    refusal(api.hint, record, bad, error=SolverError, match="seat")
    refusal(api.bot_move, record, bad, error=SolverError, match="seat")
    refusal(api.infer, record, 4, error=SolverError, match="no seat 4 in a 4-player game")


@pytest.mark.parametrize("bad", [-1, 0, 1.5, True, False, "160", {"effort": -1}, {"effort": 0},
                                 {"effort": True}, {"effort": "160"}, {"effort": 1.5},
                                 {"effort": 8, "seed": -1}, {"effort": 8, "efort": 8}])
def test_a_budget_is_an_effort_from_1_to_the_maximum(bad):
    """Defect 9: budgets -1, 0, 1.5, True, "160" and {"effort": -1} were accepted
    ({"effort": -1} echoed back as effort -1)."""
    record, seat = POOL[0]
    refusal(api.hint, record, seat, bad, error=SolverError, match="budget")


def test_refusals_are_the_projects_error_type():
    """One error type for every refusal: pycore's ManyhandsError (a ValueError)."""
    assert issubclass(SolverError, ManyhandsError) and issubclass(SolverError, ValueError)
    record, seat = POOL[0]
    other = (seat + 1) % 4
    refusal(api.hint, record, other, error=SolverError, match=f"not seat {other}'s")
    refusal(api.bot_move, record, seat, "expert", error=SolverError, match="level")
    finished = record_of(_finished("raven")).to_json()
    refusal(api.infer, finished, 0, error=SolverError, match="game is over")


def _finished(game: str):
    state = get_game(game).new_game(get_game(game).presets()[0], seed=2)
    rng = random.Random(2)
    while not state.is_terminal:
        state = state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_a_hint_bot_move_or_inference_replays_its_record_once(monkeypatch):
    """A request replays its record once; the solver reads the earlier
    positions it asks about from that replay."""
    started = []
    real = pycore.records.start_state

    def counting(record):
        started.append(record)
        return real(record)
    monkeypatch.setattr(pycore.records, "start_state", counting)
    monkeypatch.setattr(solver.games.common, "start_state", counting)
    for record, seat in POOL:
        for call in (lambda: api.hint(record, seat, 8), lambda: api.bot_move(record, seat, "normal"),
                     lambda: api.infer(record, seat)):
            started.clear()
            call()
            assert len(started) == 1


# --- property tests: each entry point answers like the engine or refuses --------------------------
HOSTILE = st.one_of(
    st.none(), st.booleans(), st.floats(), st.text(max_size=4), st.binary(max_size=2),
    st.integers(max_value=0), st.integers(min_value=api.MAX_EFFORT + 1),
    st.sampled_from([10**5000, -(10**4301), MAX_NUMBER + 1, "x" * 100_000, nested(3000)]),
    st.lists(st.integers(-2, 3), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))
SEATS = st.one_of(st.integers(-2, 6), HOSTILE)
BUDGETS = st.one_of(
    st.none(), st.integers(1, 24), HOSTILE,
    st.fixed_dictionaries({}, optional={"effort": st.integers(1, 24) | HOSTILE, "seed": st.integers(0, 9) | HOSTILE,
                                        "effrot": st.integers()}))


def mutated(record: dict, data) -> object:
    """The record, or a copy with one field or element replaced, removed, or its
    actions cut short or given a bad token."""
    kind = data.draw(st.sampled_from(["same", "same", "replace", "prefix", "token"]))
    record = copy.deepcopy(record)
    if kind == "replace":
        key = data.draw(st.sampled_from(sorted(record)))
        record[key] = data.draw(HOSTILE)
    elif kind == "prefix":
        record["actions"] = record["actions"][:data.draw(st.integers(0, len(record["actions"])))]
    elif kind == "token":
        at = data.draw(st.integers(0, len(record["actions"])))
        record["actions"].insert(at, data.draw(st.sampled_from(["", "T1", "partner 9", "bid", "play", "x" * 65])))
    return record


def check_refusal(exc: Exception) -> None:
    assert isinstance(exc, ManyhandsError), repr(exc)
    message = str(exc)
    assert "\n" not in message and 0 < len(message) <= LONGEST_REFUSAL, message


FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(st.sampled_from(POOL), SEATS, BUDGETS, st.data())
def test_fuzz_hint_answers_like_the_engine_or_refuses(case, seat, budget, data):
    record = mutated(case[0], data)
    try:
        got = api.hint(record, seat, budget)
    except Exception as exc:       # noqa: BLE001  (the property: only the project's error)
        check_refusal(exc)
        return
    state = replay(record)
    assert type(seat) is int and seat == state.current_player == got["seat"]
    legal = {state.game.action_token(state, a) for a in state.legal_actions()}
    assert {a["action"] for a in got["actions"]} == legal and got["best"] in legal
    effort = budget.get("effort", api.MAX_EFFORT) if isinstance(budget, dict) else budget or api.MAX_EFFORT
    assert type(effort) is int and got["effort"] == effort


@FUZZ
@given(st.sampled_from(POOL), SEATS, st.one_of(st.sampled_from(["easy", "normal"]), HOSTILE),
       st.one_of(st.integers(0, 10**6), HOSTILE), st.data())
def test_fuzz_bot_move_plays_a_legal_action_or_refuses(case, seat, level, seed, data):
    record = mutated(case[0], data)
    try:
        token = api.bot_move(record, seat, level, seed)
    except Exception as exc:       # noqa: BLE001
        check_refusal(exc)
        return
    state = replay(record)
    assert type(seat) is int and seat == state.current_player
    assert level in ("easy", "normal") and (type(seed) is int or seed is None)      # None: the page's seed
    state.apply_action(state.game.parse_action(state, token))       # legal, or this raises


@FUZZ
@given(st.sampled_from(POOL), SEATS, st.data())
def test_fuzz_infer_counts_the_worlds_or_refuses(case, seat, data):
    record = mutated(case[0], data)
    try:
        got = api.infer(record, seat)
    except Exception as exc:       # noqa: BLE001
        check_refusal(exc)
        return
    state = replay(record)
    assert type(seat) is int and 0 <= seat < state.players and not state.is_terminal
    assert got["worlds"] >= 1       # the true deal is always one
    hidden = sum(len(cards) for cards in state.hidden_places(seat).values())
    assert sum(place["size"] for place in got["places"].values()) == hidden


# --- the worker ---------------------------------------------------------------------------------
def ask(request) -> dict:
    return json.loads(worker_api.handle(request if isinstance(request, str) else json.dumps(request)))


@pytest.mark.parametrize("request_text", [
    "not json", "[" * 5000, "null", "[]", '{"op": "shutdown"}', '{"seat": 0}', '{"op": "hint"}',
    '{"op": "hint", "record": 5, "seat": 0}', '{"op": "bot", "record": {}, "seat": 0}',
    '{"op": "hint", "record": {}, "seat": 0, "budget": 1e12}', '{"op": "start", "job": 1, "request": 1}',
    '{"op": "resume", "job": 1, "results": "x"}', '{"op": "value", "key": 5, "items": []}',
    '{"op": "value", "key": "k", "spec": {"record": {}, "seat": 0, "seed": 0}, "items": []}',
    '{"op": "prepare", "spec": [1]}', '{"op": "release", "keys": "x"}', '{"op": "hint", "seat": ' + "9" * 5000 + "}",
    '{"op": "hint", "record": "' + "x" * 5000 + '", "seat": 0}'])
def test_the_worker_refuses_a_malformed_request_in_one_line_and_answers_the_next(request_text):
    """Whatever reaches the worker is answered or refused there with a message,
    and the worker goes on answering."""
    try:
        answer = json.loads(worker_api.handle(request_text))
    except ManyhandsError as exc:
        check_refusal(exc)
    else:
        assert answer["available"] is False
        assert "\n" not in answer["message"] and len(answer["message"]) <= LONGEST_REFUSAL + 20
    record, seat = POOL[0]
    assert ask({"op": "hint", "record": record, "seat": seat, "budget": 8})["available"] is True


@settings(max_examples=150, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=6),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                        st.sampled_from(["op", "record", "seat", "budget", "level", "seed", "request",
                                         "job", "results", "key", "spec", "kind", "items", "keys", "x"]),
                        inner, max_size=4), max_leaves=10),
       st.sampled_from(["hint", "bot", "start", "resume", "value", "prepare", "release", "x"]))
def test_fuzz_the_worker_answers_or_refuses_whatever_reaches_it(value, op):
    if isinstance(value, dict):
        value = {**value, "op": op}
    try:
        text = worker_api.handle(json.dumps(value))
    except Exception as exc:       # noqa: BLE001
        check_refusal(exc)
        return
    assert isinstance(json.loads(text), dict)


def test_the_worker_replies_a_refusal_in_one_line_and_lets_a_bug_raise(monkeypatch):
    """The worker posts a refusal as its one line; a bug in the solver is not
    turned into a refusal (no `except Exception` on the way): it raises."""
    assert worker_api.reply("not json") == (False, "request is not JSON: Expecting value at line 1 column 1")
    record, seat = POOL[0]
    ok, text = worker_api.reply(json.dumps({"op": "bot", "record": record, "seat": True}))
    assert not ok and text.startswith("seat must be a whole number")
    ok, text = worker_api.reply(json.dumps({"op": "bot", "record": record, "seat": seat, "level": "easy"}))
    assert ok and set(json.loads(text)) == {"token", "policy"}

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")
    monkeypatch.setattr(api.hints, "hint_steps", broken)
    with pytest.raises(RuntimeError, match="a bug"):
        worker_api.reply(json.dumps({"op": "hint", "record": record, "seat": seat}))
    monkeypatch.setattr(api.bots, "choose_steps", broken)
    with pytest.raises(RuntimeError, match="a bug"):
        worker_api.reply(json.dumps({"op": "bot", "record": record, "seat": seat}))


@pytest.mark.parametrize("request_json", [
    {"op": "hint", "seat": 0, "budget": 8, "junk": 1}, {"op": "bot", "seat": 0, "levle": "easy"},
    {"op": "start", "job": 1, "extra": True}, {"op": "resume", "job": 1, "results": [], "more": []}])
def test_the_worker_refuses_a_request_with_a_field_it_does_not_know(request_json):
    """Nonsense is not silently accepted: a field no request has is refused by name."""
    record, seat = POOL[0]
    if request_json["op"] in ("hint", "bot"):
        request_json = {**request_json, "record": record}
    elif request_json["op"] == "start":
        request_json = {**request_json, "request": {"op": "hint", "record": record, "seat": seat}}
    ok, text = worker_api.reply(json.dumps(request_json))
    message = text if not ok else json.loads(text)["message"]
    assert "unknown field" in message and len(message) <= LONGEST_REFUSAL
