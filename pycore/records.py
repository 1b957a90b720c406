"""Game records (shared/spec/records.md): load and check, replay, save.

A record is checked before anything is replayed, against generous bounds on
what a real game needs (the longest game the rules allow, Voren's 8 players x
50 hands, has 400 deals and about 13,000 actions; no token is longer than 22
characters): whatever its size or shape, a record is read or refused quickly
and in bounded memory, and every refusal is one RecordError line.
"""
from __future__ import annotations

import json
import sys
import math
import re
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any, Callable, Iterator

from .errors import ManyhandsError, RecordError, quote
from .game import GameState, get_game

FORMAT = "manyhands-record/1"
_KEYS = {"format", "game", "rules", "seed", "deals", "actions"}

MAX_RECORD_BYTES = 4_000_000     # the JSON text (a 1,000-hand game written out is about 1.2 MB)
MAX_DEALS = 1_000
MAX_ACTIONS = 60_000             # 1,000 hands of the longest (Lunar's 56 decisions)
MAX_TEXT = 64                    # characters in a token, a name or any other text
MAX_NUMBER = 2 ** 53 - 1         # every whole number the page's JavaScript keeps exactly
MAX_DEPTH = 8                    # a record nests 5 deep (deals, a deal, its hands, a hand, a card)
MAX_VALUES = 250_000             # numbers, texts, lists and objects, all told


def _place(what: str, where) -> str:
    """`where` (a chain (parent, key) from the top of `what`) as "record deals[0].hands[1]"."""
    keys = []
    while where is not None:
        where, key = where
        keys.append(f"[{key}]" if isinstance(key, int) else f".{key}")
    return f"{what} {''.join(reversed(keys)).lstrip('.')}".rstrip()


def check_json(value: Any, what: str = "record", max_text: int = MAX_TEXT,
               max_values: int = MAX_VALUES) -> None:
    """RecordError unless `value` is plain JSON within the bounds above: nested at
    most MAX_DEPTH deep, at most `max_values` values, texts of at most `max_text`
    characters, whole numbers within +-MAX_NUMBER, no NaN or infinity. Iterative:
    any depth of nesting is refused, never recursed into."""
    stack = [(value, 0, None)]
    count = 1
    while stack:
        item, depth, where = stack.pop()
        if isinstance(item, str):
            if len(item) > max_text:
                raise RecordError(f"{_place(what, where)}: text {quote(item)} is longer than "
                                  f"{max_text} characters")
        elif item is None or isinstance(item, bool):
            pass
        elif isinstance(item, int):
            if not -MAX_NUMBER <= item <= MAX_NUMBER:
                raise RecordError(f"{_place(what, where)}: the number {quote(item)} is beyond "
                                  f"+-{MAX_NUMBER:,}")
        elif isinstance(item, float):
            if not math.isfinite(item):
                raise RecordError(f"{_place(what, where)}: {quote(item)} is not a JSON number")
        elif isinstance(item, (list, tuple, dict)):
            if depth >= MAX_DEPTH:
                raise RecordError(f"{_place(what, where)}: nested deeper than {MAX_DEPTH} levels")
            count += len(item)
            if count > max_values:
                raise RecordError(f"{what} holds more than {max_values:,} values")
            if isinstance(item, dict):
                for key, sub in item.items():
                    if not isinstance(key, str) or len(key) > max_text:
                        raise RecordError(f"{_place(what, where)}: field name {quote(key)} is not a "
                                          f"text of at most {max_text} characters")
                    stack.append((sub, depth + 1, (where, key)))
            elif not all(type(sub) is str and len(sub) <= max_text for sub in item):
                # (a list of short texts, a record's tokens, needs no more looking at)
                stack.extend((sub, depth + 1, (where, index)) for index, sub in enumerate(item))
        else:
            raise RecordError(f"{_place(what, where)}: {quote(item)} is not a JSON value")


def _json_int(digits: str) -> int:
    """A JSON whole number, refused before it is converted when it is too long to be
    one a record holds (CPython will not even convert more than 4,300 digits)."""
    if len(digits) > 20:
        raise RecordError(f"a {len(digits):,}-digit number: numbers here are within +-{MAX_NUMBER:,}")
    return int(digits)


def _json_constant(name: str) -> None:
    raise RecordError(f"record is not JSON: {name} is not a JSON value")


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _check_nesting(text: str, what: str) -> None:
    """RecordError if `text`'s brackets (outside strings) nest deeper than MAX_DEPTH,
    before the JSON parser recurses into them: in Pyodide a few thousand levels
    overflow the WebAssembly stack, a fatal error rather than a RecursionError."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if brackets and max(accumulate(map(_DEPTH_STEP.__getitem__, brackets))) > MAX_DEPTH:
        raise RecordError(f"{what} is nested deeper than {MAX_DEPTH} levels")


# Text in which a parsed value might break a bound of `check_json`: a run of 16
# digits (a whole number beyond MAX_NUMBER has 16 or more) or an exponent (1e400
# parses to infinity).
_MAYBE_OUT_OF_BOUNDS = re.compile(r"\d{16}|\d[eE]")


def parse_json(text: str, what: str = "record", max_text: int = MAX_TEXT, max_values: int = MAX_VALUES,
               max_bytes: int = MAX_RECORD_BYTES) -> Any:
    """JSON text, parsed and checked (`check_json`); RecordError saying what is wrong.
    Text that cannot hold a value out of bounds is parsed without the walk over
    every value (`within_bounds`), which would find nothing: the same value or
    the same error as `parse_json_walked`, faster (the pool's messages of
    thousands of results; held to the walked version by the tests)."""
    return _parse(text, what, max_text, max_values, max_bytes, shortcut=True)


def parse_json_walked(text: str, what: str = "record", max_text: int = MAX_TEXT, max_values: int = MAX_VALUES,
                      max_bytes: int = MAX_RECORD_BYTES) -> Any:
    """`parse_json` with every value walked by `check_json` (the plain version)."""
    return _parse(text, what, max_text, max_values, max_bytes, shortcut=False)


def within_bounds(text: str, max_text: int, max_values: int) -> bool:
    """Whether every value parsed from `text` (nested within MAX_DEPTH: checked
    before) is sure to pass `check_json`: no more values than characters, no
    text longer than its literal, no number out of bounds without 16 digits in
    a row or an exponent."""
    return (len(text) <= max_values and not _MAYBE_OUT_OF_BOUNDS.search(text)
            and max(map(len, _STRING.findall(text)), default=0) <= max_text + 2)


def _parse(text: str, what: str, max_text: int, max_values: int, max_bytes: int, shortcut: bool) -> Any:
    if len(text) > max_bytes:
        raise RecordError(f"{what} is larger than {max_bytes:,} characters")
    _check_nesting(text, what)
    walk = not (shortcut and within_bounds(text, max_text, max_values))
    try:
        value = (json.loads(text, parse_int=_json_int, parse_constant=_json_constant) if walk
                 else json.loads(text, parse_constant=_json_constant))
    except json.JSONDecodeError as exc:
        raise RecordError(f"{what} is not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    if walk:
        check_json(value, what, max_text, max_values)
    return value


@dataclass
class Record:
    game: str
    rules: dict = field(default_factory=dict)
    seed: int | None = None
    deals: list = field(default_factory=list)
    actions: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        out: dict[str, Any] = {"format": FORMAT, "game": self.game, "rules": self.rules}
        if self.seed is not None:
            out["seed"] = self.seed
        out["deals"] = self.deals
        out["actions"] = self.actions
        return out


def load_record(data: Any) -> Record:
    """A Record from JSON text, bytes or an already-parsed object; RecordError
    saying what is wrong otherwise. Nothing is replayed here (see `replay`)."""
    if isinstance(data, (bytes, bytearray)):
        if len(data) > MAX_RECORD_BYTES:
            raise RecordError(f"record is larger than {MAX_RECORD_BYTES:,} bytes")
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(f"record is not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    if isinstance(data, str):
        data = parse_json(data)
    else:
        check_json(data)
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, not {type(data).__name__}")
    unknown = sorted(set(data) - _KEYS, key=str)
    if unknown:
        raise RecordError(f"unknown record field {quote(unknown[0])}")
    if data.get("format") != FORMAT:
        raise RecordError(f"record format must be {FORMAT!r}, not {quote(data.get('format'))}")
    game = data.get("game")
    if not isinstance(game, str):
        raise RecordError("record field 'game' must name a game")
    try:
        get_game(game)
    except ManyhandsError as exc:
        raise RecordError(str(exc)) from None
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise RecordError("record field 'rules' must be an object")
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise RecordError(f"record field 'seed' must be a whole number, not {quote(seed)}")
    deals = data.get("deals", [])
    if not isinstance(deals, list):
        raise RecordError("record field 'deals' must be a list")
    if len(deals) > MAX_DEALS:
        raise RecordError(f"record field 'deals' lists {len(deals):,} deals; a game has at most "
                          f"{MAX_DEALS:,}")
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("record field 'actions' must be a list of tokens")
    if len(actions) > MAX_ACTIONS:
        raise RecordError(f"record field 'actions' lists {len(actions):,} actions; a game has at "
                          f"most {MAX_ACTIONS:,}")
    for index, token in enumerate(actions):
        if not isinstance(token, str):
            raise RecordError(f"action {index}: {quote(token)} is not a token (text)")
    return Record(game=game, rules=rules, seed=seed, deals=deals, actions=list(actions))


def start_state(record: Record) -> GameState:
    """The state before the record's first action."""
    game = get_game(record.game)
    try:
        return game.new_game(record.rules, seed=record.seed, deals=record.deals)
    except ManyhandsError as exc:
        raise RecordError(str(exc)) from None


def read_record_file(path: str) -> bytes:
    """A record file's bytes (`-`: standard input), read up to one byte more than a
    record may have, so that a longer file (or /dev/zero) is refused by
    load_record without being read whole; OSError if it cannot be read."""
    if path == "-":
        return sys.stdin.buffer.read(MAX_RECORD_BYTES + 1)
    with open(path, "rb") as handle:
        return handle.read(MAX_RECORD_BYTES + 1)


def command_on_record(path: str, work: Callable[[bytes], str]) -> int:
    """A command's run on a record file (`-`: standard input): `work(its bytes)`'s
    text printed, status 0; or, if the file cannot be read or `work` refuses it
    (a ManyhandsError), one line on standard error, nothing printed, status 2."""
    try:
        data = read_record_file(path)
    except OSError as exc:
        print(f"cannot read {quote(path)}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        text = work(data)
    except ManyhandsError as exc:
        print(str(exc).replace("\n", " "), file=sys.stderr)
        return 2
    print(text, end="" if text.endswith("\n") else "\n")
    return 0


def positions(record: Record | Any, *, upto: int | None = None) -> Iterator[GameState]:
    """The state before the record's first action, then the state after each of
    its actions (the first `upto` of them); RecordError naming the action's index,
    its token and why it is refused."""
    if not isinstance(record, Record):
        record = load_record(record)
    state = start_state(record)
    yield state
    game = state.game
    actions = record.actions if upto is None else record.actions[:upto]
    for index, token in enumerate(actions):
        try:
            state = state.apply_action(game.parse_action(state, token))
        except ManyhandsError as exc:
            reason = str(exc)
            prefix = f"{token}: "
            if reason.startswith(prefix):
                reason = reason[len(prefix):]
            raise RecordError(f"action {index} {token!r}: {reason}") from None
        yield state


def replay(record: Record | Any, *, upto: int | None = None) -> GameState:
    """The state after the record's actions (the first `upto` of them); RecordError
    naming the action's index, its token and why it is refused."""
    for state in positions(record, upto=upto):
        pass
    return state


def record_of(state: GameState) -> Record:
    """The record of a game so far: rules, seed, every deal used, every action.
    A game that began at a position read from text (Game.from_position) has none."""
    if state.read_from_text:
        raise RecordError(f"this {state.game.name} game began at a position read from text, "
                          "not at a deal: it has no record to replay (its position_text describes it)")
    game = state.game
    return Record(game=game.name, rules=state.rules.to_dict(), seed=state.seed,
                  deals=[game.deal_to_json(state.rules, d) for d in state.deals],
                  actions=state.action_tokens())


def dumps(state_or_record: GameState | Record) -> str:
    record = state_or_record if isinstance(state_or_record, Record) else record_of(state_or_record)
    return json.dumps(record.to_json(), indent=1)
