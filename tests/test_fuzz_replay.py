"""`python -m pycore replay` under hostile input: it exits 0 with a
summary or 2 with one short line, never another code, a traceback, a hang or
unbounded memory, whatever the file holds.

The named tests are the defects a hostile run found; the property tests mutate
records of every game (hostile values at every field, prefixes, bad tokens at
any position) and run the command, in-process for many examples and as a real
process, under a memory limit, for a few.
"""
from __future__ import annotations

import contextlib
import copy
import io
import json
import random
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycore import RecordError, TokenError, all_games, get_game, load_record, record_of, replay
from pycore.__main__ import main
from pycore.records import (MAX_ACTIONS, MAX_DEALS, MAX_NUMBER, MAX_RECORD_BYTES, MAX_TEXT, MAX_VALUES,
                            parse_json, parse_json_walked)

from .test_records import paths_of

ROOT = Path(__file__).resolve().parent.parent
LONGEST_LINE = 300          # characters in an error line
MEMORY = 400 * 2**20        # address space allowed to a replay process


def game_record(name: str, rules: dict | None = None, steps: int | None = None, seed: int = 1) -> dict:
    """A record of a seeded random game: `steps` actions in, or to its end."""
    game = get_game(name)
    state = game.new_game(rules if rules is not None else game.presets()[0], seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal and (steps is None or len(state.history) < steps):
        state = state.apply_action(rng.choice(state.legal_actions()))
    return record_of(state).to_json()


RECORDS = [game_record(name, steps=steps) for name in sorted(all_games()) for steps in (30, None)]


def replay_in_process(data: bytes) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of `replay -` given `data` on standard input."""
    out, err = io.StringIO(), io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(data))
    saved = sys.stdin
    sys.stdin = stdin
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["replay", "-"])
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


def limited_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def replay_command(path: str, data: bytes | None = None) -> subprocess.CompletedProcess:
    """The real command, under a memory limit and a time limit."""
    return subprocess.run([sys.executable, "-m", "pycore", "replay", path], input=data,
                          capture_output=True, cwd=ROOT, timeout=60, preexec_fn=limited_memory)


def assert_contract(code: int, out: str, err: str) -> None:
    """Exit 0 with one JSON summary, or 2 with one short line and nothing on stdout."""
    assert code in (0, 2), (code, err[-500:])
    assert "Traceback" not in err
    if code == 0:
        summary = json.loads(out)
        assert out.count("\n") == 1 and set(summary) == {"game", "terminal", "to_act", "legal", "hands",
                                                          "totals", "winners"}
        assert err == ""
    else:
        assert out == ""
        assert err.endswith("\n") and err.count("\n") == 1 and len(err) <= LONGEST_LINE, err[:500]


def with_raw(record: dict, path: tuple, raw: str) -> bytes:
    """The record as JSON text with the value at `path` replaced by `raw` JSON text
    (numbers and nestings no Python value would write)."""
    record = copy.deepcopy(record)
    target = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = "\x00raw\x00"
    return json.dumps(record).replace(json.dumps("\x00raw\x00"), raw, 1).encode()


# --- the defects found, each a named regression test -----------------------------------------------
@pytest.mark.parametrize("path", [("seed",), ("rules", "players"), ("deals", 0, "dealer")])
def test_replay_refuses_a_number_over_4300_digits_in_one_line(path, tmp_path):
    """Defect 11: any JSON whole number over 4,300 digits (a seed, a rules value)
    ended replay with exit 1 and a traceback."""
    for raw in ("1" + "0" * 5000, "-" + "9" * 4301, str(MAX_NUMBER + 1)):
        code, out, err = replay_in_process(with_raw(game_record("raven", steps=10), path, raw))
        assert_contract(code, out, err)
        assert code == 2 and "number" in err
    (tmp_path / "r.json").write_bytes(with_raw(game_record("raven", steps=10), ("seed",), "7" * 5000))
    result = replay_command(str(tmp_path / "r.json"))
    assert_contract(result.returncode, result.stdout.decode(), result.stderr.decode())
    assert result.returncode == 2 and b"5,000-digit number" in result.stderr


def test_replay_refuses_a_partner_token_of_5000_digits():
    """Defect 12: a Tricksters token `partner` followed by 5,000 digits ended replay
    in a traceback (int() refuses so many digits); the engine's parser refuses it too."""
    record = game_record("tricksters", steps=None)
    index = next(i for i, token in enumerate(record["actions"]) if token.startswith("partner "))
    for digits in ("9" * 5000, "9" * 40, "²"):
        bad = copy.deepcopy(record)
        bad["actions"][index] = "partner " + digits
        code, out, err = replay_in_process(json.dumps(bad).encode())
        assert_contract(code, out, err)
        assert code == 2 and ("action" in err or "text" in err)
    state = replay(record, upto=index)
    with pytest.raises(TokenError):
        state.game.parse_action(state, "partner " + "9" * 5000)


def test_replay_of_a_game_under_extreme_rules_prints_its_summary_or_refuses():
    """Defect 13: a record valid under extreme rules (Lunar's track with 4,300-digit
    points) replayed, and then its summary could not be printed. Numbers in a
    record are within +-(2**53 - 1): the largest track replays and prints; a
    larger one is refused."""
    track = [MAX_NUMBER] * 13
    record = game_record("lunar", {"players": 4, "track": track}, steps=None)
    code, out, err = replay_in_process(json.dumps(record).encode())
    assert_contract(code, out, err)
    assert code == 0 and json.loads(out)["terminal"]
    code, out, err = replay_in_process(with_raw(record, ("rules", "track", 3), "9" * 4300))
    assert_contract(code, out, err)
    assert code == 2


@pytest.mark.parametrize("where", ["game", "rules key", "rules value", "action", "deal card", "format"])
def test_an_error_line_quotes_at_most_a_few_dozen_characters_of_the_bad_value(where):
    """Defect 19: error lines echoed the whole bad value (a 1 MB game name gave a
    1 MB error line)."""
    huge = "x" * 1_000_000
    record = game_record("raven", steps=10)
    if where == "game":
        record["game"] = huge
    elif where == "rules key":
        record["rules"][huge] = 1
    elif where == "rules value":
        record["rules"]["lone_shaman"] = huge
    elif where == "action":
        record["actions"][3] = huge
    elif where == "deal card":
        record["deals"][0]["hands"][0][0] = huge
    else:
        record["format"] = huge
    code, out, err = replay_in_process(json.dumps(record).encode())
    assert_contract(code, out, err)
    assert code == 2 and len(err) < 200


def test_a_record_of_300000_deals_is_refused_quickly_in_bounded_memory(tmp_path):
    """Defect 20: a record of 300,000 deals took 30-75 s and 1.2 GB, though no game
    has more than a few hundred hands. Records are bounded (text, deals, values)."""
    record = game_record("voren", steps=3)
    many = {**record, "deals": record["deals"] * 300_000}
    with pytest.raises(RecordError, match="more than 250,000 values"):
        load_record(many)
    path = tmp_path / "many.json"
    deals = json.dumps(record["deals"][0])
    path.write_text(json.dumps({**record, "deals": "\x00deals\x00"}).replace(
        json.dumps("\x00deals\x00"), "[" + ",".join([deals] * 300_000) + "]"))
    result = replay_command(str(path))
    assert_contract(result.returncode, result.stdout.decode(), result.stderr.decode())
    assert result.returncode == 2 and b"larger than" in result.stderr
    with pytest.raises(RecordError, match=f"at most {MAX_DEALS:,}"):
        load_record({**record, "deals": record["deals"] * (MAX_DEALS + 1)})


def test_replay_of_dev_zero_is_refused_without_reading_it_all():
    """Defect 21: `replay /dev/zero` read until memory ran out. At most one byte
    more than a record may have is read, from a file or standard input."""
    result = replay_command("/dev/zero")
    assert_contract(result.returncode, result.stdout.decode(), result.stderr.decode())
    assert result.returncode == 2 and b"larger than" in result.stderr
    result = replay_command("-", b" " * (MAX_RECORD_BYTES + 1))
    assert result.returncode == 2 and b"larger than" in result.stderr


@pytest.mark.parametrize("text", ["[" * 100_000, '{"a":' * 50_000, "[" * 5000 + "]" * 5000,
                                  "NaN", '{"format": Infinity}', "\ufeff{}", ""])
def test_replay_refuses_deep_nesting_and_non_json_numbers_in_one_line(text):
    code, out, err = replay_in_process(text.encode())
    assert_contract(code, out, err)
    assert code == 2


# --- property tests ----------------------------------------------------------------------------
RAW = ["1" + "0" * 5000, "-" + "9" * 4301, "1e999999", "-1e999999", "NaN", "Infinity", "[" * 3000 + "]" * 3000,
       '"' + "x" * 100_000 + '"', '"partner ' + "9" * 5000 + '"', "123456789012345678901234567890", "1.5",
       "true", "null", "{}", "[]", '""', '"\\ud800"', '"\\u00b2"', str(MAX_NUMBER + 1), "-0", "1E400",
       '{"a": [[[[[[[[[[1]]]]]]]]]]}', '"T1"', '"partner 3"', "0", "-1", "7"]


@st.composite
def hostile_records(draw) -> bytes:
    record = copy.deepcopy(draw(st.sampled_from(RECORDS)))
    kind = draw(st.sampled_from(["raw", "raw", "delete", "prefix", "token", "deals", "bytes"]))
    if kind == "raw":
        paths = [p for p in paths_of(record) if p]
        return with_raw(record, draw(st.sampled_from(paths)), draw(st.sampled_from(RAW)))
    if kind == "delete":
        paths = [p for p in paths_of(record) if p]
        path = draw(st.sampled_from(paths))
        target = record
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    elif kind == "prefix":
        record["actions"] = record["actions"][:draw(st.integers(0, len(record["actions"])))]
    elif kind == "token":
        at = draw(st.integers(0, len(record["actions"])))
        record["actions"].insert(at, draw(st.sampled_from(
            ["", " ", "T1", "partner 9", "partner -1", "bid", "bid Sh3", "give R1", "play", "deal poke",
             "sky:R9", "Dwarf Xx", "x" * 65, "\u00b2", "take", "suit Owls"] + record["actions"][:3])))
    elif kind == "deals":
        record["deals"] = record["deals"] * draw(st.integers(0, 5))
    else:
        text = json.dumps(record).encode()
        at = draw(st.integers(0, len(text)))
        return text[:at] + draw(st.binary(max_size=8)) + text[at + draw(st.integers(0, 8)):]
    return json.dumps(record).encode()


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2 ** 60, 2 ** 60) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=80),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=70), inner, max_size=4),
    max_leaves=30)


@st.composite
def hostile_json(draw) -> str:
    """Any JSON text (a record, a pool message of facts, any value), at times with a
    raw piece put in: a huge number, an exponent, a long text, deep nesting."""
    text = (draw(hostile_records()).decode("utf-8", "replace") if draw(st.booleans())
            else json.dumps(draw(JSON_VALUES), ensure_ascii=draw(st.booleans())))
    if draw(st.booleans()):
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from(RAW)) + text[at:]
    return text


def _parsed(parse, text: str, bounds: tuple):
    try:
        return "value", parse(text, "request", *bounds)
    except RecordError as exc:
        return "refused", str(exc)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_json(), st.sampled_from([(MAX_TEXT, MAX_VALUES), (1_000, 4_000_000), (8, 12)]))
def test_json_parsed_without_the_walk_is_what_the_walked_parse_gives(text, bounds):
    """parse_json skips the walk over every value where the text cannot hold one out
    of bounds (the pool's messages: thousands of facts a round); the value, or
    the refusal word for word, is the walked version's."""
    assert _parsed(parse_json, text, bounds) == _parsed(parse_json_walked, text, bounds)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_records())
def test_fuzz_replay_exits_0_with_a_summary_or_2_with_one_line(data):
    code, out, err = replay_in_process(data)
    assert_contract(code, out, err)
    if code == 0:       # the summary is the engine's
        assert json.loads(out) == replay(load_record(data)).summary()


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(RECORDS), st.data())
def test_fuzz_every_prefix_of_a_valid_game_replays(record, data):
    upto = data.draw(st.integers(0, len(record["actions"])))
    code, out, err = replay_in_process(json.dumps({**record, "actions": record["actions"][:upto]}).encode())
    assert code == 0, err
    assert json.loads(out) == replay(record, upto=upto).summary()


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile_records())
def test_fuzz_the_replay_command_within_a_memory_limit(data):
    result = replay_command("-", data)
    assert_contract(result.returncode, result.stdout.decode(), result.stderr.decode())


def test_the_record_bounds_leave_room_for_the_longest_real_games():
    """The bounds are far above what a game needs: Voren's longest game (8 players
    x 50 hands) has 400 deals; a Lunar race to 300 points, played at random,
    replays with room to spare in every bound."""
    from pycore.games.voren import VorenRules
    fields = {f.name: f.metadata for f in VorenRules.__dataclass_fields__.values()}
    assert fields["players"]["maximum"] * fields["hands_per_player"]["maximum"] <= MAX_DEALS / 2
    record = game_record("lunar", {"players": 2, "target": 300}, seed=4)
    text = json.dumps(record, indent=1)
    assert replay(load_record(text)).is_terminal
    per_deal = len(record["actions"]) / len(record["deals"])
    assert per_deal * MAX_DEALS <= MAX_ACTIONS
    assert len(text) / len(record["deals"]) * MAX_DEALS <= MAX_RECORD_BYTES / 2
