"""Records (shared/spec/records.md): loading, checking, replay, and the replay command.

Random bytes and mutated records never crash the loader: they raise RecordError,
the documented error, with a reason.
"""
import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycore import RecordError, get_game, load_record, record_of, replay
from pycore.records import FORMAT

ROOT = Path(__file__).resolve().parent.parent


def small_game(name="raven", rules=None, seed=3, steps=40):
    state = get_game(name).new_game(rules or {"players": 4}, seed=seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = state.apply_action(state.legal_actions()[len(state.history) % len(state.legal_actions())])
    return state


RECORD = record_of(small_game()).to_json()


def run_replay(data: str | bytes, tmp_path):
    path = tmp_path / "record.json"
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return subprocess.run([sys.executable, "-m", "pycore", "replay", str(path)],
                          capture_output=True, text=True, cwd=ROOT)


def test_record_round_trips_through_json():
    text = json.dumps(RECORD)
    state = replay(load_record(text))
    assert record_of(state).to_json() == RECORD
    assert RECORD["format"] == FORMAT and RECORD["rules"] == {"players": 4}


def test_rules_written_only_where_they_differ_from_the_default():
    state = get_game("raven").new_game({"players": 3, "short_game": True, "revealed_bids": True})
    assert record_of(state).rules == {"players": 3, "short_game": True}


def test_a_record_without_deals_is_dealt_from_its_seed():
    record = dict(RECORD)
    record.pop("deals")
    assert replay(record).summary() == replay(RECORD).summary()


def test_a_record_may_stop_mid_game_and_the_summary_says_who_acts():
    summary = replay(RECORD).summary()
    assert summary["terminal"] is False and summary["to_act"] is not None
    assert summary["legal"] and summary["winners"] == []
    assert summary["hands"][-1]["points"] is None


@pytest.mark.parametrize("mutate,reason", [
    (lambda r: r.update(format="manyhands-record/2"), "format"),
    (lambda r: r.update(game="chess"), "unknown game 'chess'"),
    (lambda r: r.update(rules={"players": 9}), "at most 6"),
    (lambda r: r.update(rules={"player": 4}), "unknown rules field 'player'"),
    (lambda r: r.update(rules={"players": "4"}), "whole number"),
    (lambda r: r.update(seed="x"), "seed"),
    (lambda r: r.update(extra=1), "unknown record field 'extra'"),
    (lambda r: r["deals"][0]["hands"][0].__setitem__(0, r["deals"][0]["hands"][1][0]), "every card once"),
    (lambda r: r["deals"][0]["hands"][0].pop(), "must hold 15 cards"),
    (lambda r: r["deals"][0].update(dealer=7), "dealer"),
    (lambda r: r["actions"].__setitem__(5, "Sw99"), "action 5 'Sw99'"),
    (lambda r: r["actions"].insert(0, "Raven"), "action 0 'Raven'"),
    (lambda r: r["actions"].__setitem__(2, 7), "action 2"),
    (lambda r: r.update(actions="Sw1"), "list"),
])
def test_a_bad_record_says_what_is_wrong(mutate, reason, tmp_path):
    record = copy.deepcopy(RECORD)
    mutate(record)
    with pytest.raises(RecordError, match=reason.replace("(", r"\(")):
        replay(record)
    result = run_replay(json.dumps(record), tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and reason.split("'")[0] in lines[0]


def test_an_illegal_action_names_its_index_token_and_reason(tmp_path):
    record = copy.deepcopy(RECORD)
    first_bid = record["actions"][0]
    record["actions"][1] = first_bid                     # the next seat does not hold those cards
    result = run_replay(json.dumps(record), tmp_path)
    assert result.returncode == 2
    assert result.stderr.startswith(f"action 1 {first_bid!r}: ")


def test_replay_prints_one_json_summary(tmp_path):
    result = run_replay(json.dumps(RECORD), tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == replay(RECORD).summary()


def test_replay_of_a_missing_file_exits_2(tmp_path):
    result = subprocess.run([sys.executable, "-m", "pycore", "replay", str(tmp_path / "none.json")],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 2 and "cannot read" in result.stderr


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_never_crash_the_loader(data):
    try:
        replay(load_record(data))
    except RecordError as exc:
        assert str(exc)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                    max_leaves=12)


def paths_of(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths_of(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths_of(item, prefix + (index,))


PATHS = [p for p in paths_of(RECORD) if p]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PATHS), JSON, st.booleans())
def test_mutated_records_never_crash_the_loader(path, value, delete):
    record = copy.deepcopy(RECORD)
    target = record
    for key in path[:-1]:
        target = target[key]
    if delete:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    try:
        state = replay(load_record(json.dumps(record)))
    except RecordError as exc:
        assert str(exc)
    else:
        assert state.summary()["game"] == "raven"


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=0, max_value=len(json.dumps(RECORD)) - 1), st.characters())
def test_corrupted_record_text_never_crashes_the_loader(index, char):
    text = json.dumps(RECORD)
    text = text[:index] + char + text[index + 1:]
    try:
        replay(load_record(text))
    except RecordError as exc:
        assert str(exc)
