"""Game records (shared/spec/records.md): load and check, replay, save."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .errors import ManyhandsError, RecordError
from .game import GameState, get_game

FORMAT = "manyhands-record/1"
_KEYS = {"format", "game", "rules", "seed", "deals", "actions"}


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
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(f"record is not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise RecordError(f"record is not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
        except RecursionError:
            raise RecordError("record is not JSON: nested too deeply") from None
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, not {type(data).__name__}")
    unknown = sorted(set(data) - _KEYS, key=str)
    if unknown:
        raise RecordError(f"unknown record field {unknown[0]!r}")
    if data.get("format") != FORMAT:
        raise RecordError(f"record format must be {FORMAT!r}, not {data.get('format')!r}")
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
        raise RecordError(f"record field 'seed' must be a whole number, not {seed!r}")
    deals = data.get("deals", [])
    if not isinstance(deals, list):
        raise RecordError("record field 'deals' must be a list")
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("record field 'actions' must be a list of tokens")
    for index, token in enumerate(actions):
        if not isinstance(token, str):
            raise RecordError(f"action {index}: {token!r} is not a token (text)")
    return Record(game=game, rules=rules, seed=seed, deals=deals, actions=list(actions))


def start_state(record: Record) -> GameState:
    """The state before the record's first action."""
    game = get_game(record.game)
    try:
        return game.new_game(record.rules, seed=record.seed, deals=record.deals)
    except ManyhandsError as exc:
        raise RecordError(str(exc)) from None


def replay(record: Record | Any, *, upto: int | None = None) -> GameState:
    """The state after the record's actions (the first `upto` of them); RecordError
    naming the action's index, its token and why it is refused."""
    if not isinstance(record, Record):
        record = load_record(record)
    state = start_state(record)
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
    return state


def record_of(state: GameState) -> Record:
    """The record of a game so far: rules, seed, every deal used, every action."""
    game = state.game
    return Record(game=game.name, rules=state.rules.to_dict(), seed=state.seed,
                  deals=[game.deal_to_json(state.rules, d) for d in state.deals],
                  actions=state.action_tokens())


def dumps(state_or_record: GameState | Record) -> str:
    record = state_or_record if isinstance(state_or_record, Record) else record_of(state_or_record)
    return json.dumps(record.to_json(), indent=1)
