"""The solver's entry points for the web worker (and the tests and benches):
JSON in, JSON out, every input checked here, once, before any work is done.

    hint(record_json, seat, budget=None, progress=None) -> dict
    bot_move(record_json, seat, level="normal", seed=None) -> str (an action token)
    infer(record_json, seat) -> dict
    review(record_json, seat, hand=None, budget=None, progress=None) -> dict (the hand review)
    par(record_json, seat, level="normal", hand=None, progress=None) -> dict (score and par per hand)

What they take:
- `record_json`: a record (shared/spec/records.md) as text, bytes or a parsed
  object, within pycore.records' bounds: at most 4,000,000 characters, 1,000
  deals, 60,000 actions, texts of 64 characters, whole numbers within
  +-(2**53 - 1), nesting 8 deep;
- `seat`: an int (not a bool, float or text), a seat of the game; for `hint` and
  `bot_move` the seat to act;
- `level`: "easy", "normal" or "hard" (for `par`, the other seats' level);
  `seed`: an int from 0 to 2**53 - 1, or None: the page's seed for the position
  (solver.bots.page_seed), which the par's opponents use too;
- `hand`: None (every finished hand) or a finished hand's number, from 1;
- `budget`: None (the default: an adaptive search of at most DEFAULT_SECONDS,
  1 s), an effort, or an object of BUDGET_FIELDS: "effort" (a whole number of
  playouts from 1 to MAX_EFFORT, 100,000: the most the search may spend),
  "seconds" (from MIN_SECONDS to MAX_SECONDS of wall time: the most it may take),
  "seed" (a whole number), "all_worlds" (true: every consistent deal searched,
  each once, refused where there are too many), and at most
  one of "part": [i, k] (search part i of k, 0 <= i < k <= MAX_PARTS: every k-th
  world; the answer is that part's "sums") or "sums": [every part's "sums"] (the
  whole hint, as one search would give it); a split search searches every deal
  (a part or sums imply "all_worlds"). Without "seconds" the search is a
  pure function of its seed; with it, it stops when its time is up, and says so.
- `theme`: a theme of the game's cards ("" the standard names; Raven: "prophecy").

Split hints (Tricksters, "splits": true in a hint): `HintRequest.parse` reads a
request once; `plan_split(request, k)` gives the k part requests, `merge(request,
answers)` the request that merges the parts' answers, `answer(request)` answers
any of them. The worker passes them along as JSON (`HintRequest.to_json`).

Limits: MAX_EFFORT is the largest effort a hint offers ("search every deal",
search.ALL_WORLDS_CAP). Measured natively at that effort, the slowest decisions
took 47 s (Voren's dealer's options, 8 players) and at most 120 MB (Raven, a
follow with 2 choices: 50,000 deals), the first-lead all-deals search of
Tricksters 49 s; the default effort answers in well under a second (bench/README.md).

Errors: every refusal is a pycore ManyhandsError, so a ValueError, with one short
line quoting at most a few dozen characters of the bad value: RecordError for the
record, solver.errors.SolverError for the rest. Any other exception is a bug.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any

from pycore.errors import quote
from pycore.records import MAX_NUMBER, MAX_TEXT, Record, load_record, positions

from . import bots, hints
from . import par as hand_par
from .budget import (BUDGET_FIELDS, DEFAULT_SECONDS, MAX_EFFORT, MAX_SECONDS,  # noqa: F401  (the request's
                     MIN_SECONDS, SearchBudget, effort_and_seed, fields,       # checks, asked of api)
                     seconds_of, whole_number)
from .errors import SolverError
from .par import check_level
from .view import adapter_for, view_of

MAX_PARTS = 64                  # a hint split across more workers than this is refused
MAX_ACTIONS_PER_PART = 10_000   # actions in one part's sums (Raven has at most 2,380 bids)


def _part(value: Any, what: str = "budget part") -> tuple[int, int]:
    """[i, k]: part i of k."""
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or any(isinstance(x, bool) or not isinstance(x, int) for x in value)):
        raise SolverError(f"{what} must be [i, k] (part i of k), not {quote(value)}")
    i, k = value
    if not 1 <= k <= MAX_PARTS:
        raise SolverError(f"{what} {quote(value)}: a hint splits into 1 to {MAX_PARTS} parts")
    if not 0 <= i < k:
        raise SolverError(f"{what} {quote(value)} does not exist (part i of k has 0 <= i < k)")
    return i, k


def _part_sums(value: Any) -> dict:
    """One part's "sums": {"part": [i, k], "actions": {token: [points, worlds,
    tricks taken, [points in each world]]}}."""
    shape = 'each is {"part": [i, k], "actions": {token: [points, worlds, tricks, [points per world]]}}'
    if not isinstance(value, dict) or set(value) != {"part", "actions"} \
            or not isinstance(value["actions"], dict) or len(value["actions"]) > MAX_ACTIONS_PER_PART:
        raise SolverError(f"malformed part sums {quote(value)}: {shape}")
    part = _part(value["part"], "part sums' part")
    for token, sums in value["actions"].items():
        if (not isinstance(token, str) or len(token) > MAX_TEXT or not isinstance(sums, (list, tuple))
                or len(sums) != 4 or any(isinstance(x, bool) for x in sums[:3])
                or not _number(sums[0])
                or any(not isinstance(x, int) or not 0 <= x <= MAX_NUMBER for x in sums[1:3])
                or not isinstance(sums[3], (list, tuple)) or len(sums[3]) != sums[1]
                or not all(_number(x) for x in sums[3])):
            raise SolverError(f"malformed part sums for {quote(token)}: {quote(sums)}; {shape}")
    return {"part": list(part), "actions": dict(value["actions"])}


def _number(x: Any) -> bool:
    return (isinstance(x, (int, float)) and not isinstance(x, bool)
            and -MAX_NUMBER <= x <= MAX_NUMBER)


def _sums(value: Any) -> tuple[dict, ...]:
    if not isinstance(value, (list, tuple)) or len(value) > MAX_PARTS:
        raise SolverError(f"budget sums must be a list of every part's sums (at most {MAX_PARTS}), "
                          f"not {quote(value)}")
    return tuple(_part_sums(item) for item in value)


def theme_of(game: str, theme: Any) -> str:
    """A theme the game's cards have ("" for the standard names)."""
    from pycore.game import get_game
    themes = tuple(get_game(game).words.themes)
    if theme == "" or (isinstance(theme, str) and theme in themes):
        return theme
    names = ", ".join(repr(t) for t in ("",) + themes)
    raise SolverError(f"no theme {quote(theme)} for {game}; themes: {names}")


@dataclass(frozen=True)
class HintRequest:
    """One hint request, checked: the record (loaded, not yet replayed), the seat,
    the search's budget, the card theme, and the part to search or the parts'
    sums to merge when the hint is split across workers."""
    record: Record
    seat: int
    budget: SearchBudget = SearchBudget()
    theme: str = ""
    part: tuple[int, int] | None = None
    sums: tuple[dict, ...] | None = None

    @classmethod
    def parse(cls, record_json: Any, seat: Any, budget: Any = None, theme: Any = "") -> "HintRequest":
        record = load_record(record_json)
        seat = whole_number(seat, "seat")
        checked = SearchBudget.parse(budget)
        theme = theme_of(record.game, theme)
        if not isinstance(budget, dict):
            return cls(record, seat, checked, theme)
        if "part" in budget and "sums" in budget:
            raise SolverError("a budget has a part to search or the parts' sums to merge, not both")
        return cls(record, seat, checked, theme,
                   part=_part(budget["part"]) if "part" in budget else None,
                   sums=_sums(budget["sums"]) if "sums" in budget else None)

    @classmethod
    def from_json(cls, request: Any) -> "HintRequest":
        """From the worker's form {"record": ..., "seat": ..., "budget": ...,
        "theme": ...} (an "op" field is the worker's and is ignored)."""
        fields(request, "a hint request", ("record", "seat"), ("budget", "theme", "op"))
        return cls.parse(request["record"], request["seat"], request.get("budget"),
                         request.get("theme", ""))

    @property
    def effort(self) -> int:
        return self.budget.effort

    @property
    def seed(self) -> int:
        return self.budget.seed

    def budget_json(self) -> dict:
        out = self.budget.to_json()
        if self.part is not None:
            out["part"] = list(self.part)
        if self.sums is not None:
            out["sums"] = list(self.sums)
        return out

    def to_json(self) -> dict:
        out = {"record": self.record.to_json(), "seat": self.seat, "budget": self.budget_json()}
        if self.theme:
            out["theme"] = self.theme
        return out


def _replayed(record: Record, seat: int, to_act: bool) -> list:
    """Every position of the record (replayed once: the solver reads earlier
    positions from these), the seat checked before and after."""
    replaying = positions(record)
    trail = [next(replaying)]
    if seat >= trail[0].players:
        raise SolverError(f"no seat {quote(seat)} in a {trail[0].players}-player game")
    trail.extend(replaying)
    state = trail[-1]
    if state.is_terminal:
        raise SolverError("the game is over: there is nothing to decide")
    if to_act and state.current_player != seat:
        raise SolverError(f"it is seat {state.current_player}'s turn, not seat {seat}'s")
    return trail


def _splits(game: str) -> bool:
    return adapter_for(game).splits


def answer(request: HintRequest, progress=None, namer=None) -> dict:
    """The hint for a checked request (see hints.hint); `progress(done, total)`,
    if given, is called as the search goes; `namer(players, seat)`: the seats'
    names its words use (default: pycore.words.seat_names)."""
    if (request.part is not None or request.sums is not None) and not _splits(request.record.game):
        raise SolverError(f"{request.record.game} hints cannot be split across workers")
    started = time.monotonic()        # a time budget counts the replay and the view too
    trail = _replayed(request.record, request.seat, to_act=True)
    budget = request.budget
    return hints.hint(trail[-1], request.seat, budget.effort, budget.seed, progress=progress,
                      part=request.part, sums=None if request.sums is None else list(request.sums),
                      positions=trail, seconds=budget.seconds, all_worlds=budget.all_worlds,
                      theme=request.theme, started=started, namer=namer)


def plan_split(request: HintRequest, k: int) -> list[HintRequest]:
    """The k part requests of a hint searched by k workers (part i searches every
    k-th world); `merge` makes their answers into the whole hint's request."""
    k = whole_number(k, "parts", 1, MAX_PARTS)
    if request.part is not None or request.sums is not None:
        raise SolverError("only a whole hint request can be split")
    if not _splits(request.record.game):
        raise SolverError(f"{request.record.game} hints cannot be split across workers")
    every = replace(request.budget, all_worlds=True, seconds=None)    # a split searches every deal
    return [replace(request, budget=every, part=(i, k)) for i in range(k)]


def merge(request: HintRequest, answers: Any) -> HintRequest:
    """The request whose answer is the whole hint, from the answers to the part
    requests of `plan_split(request, k)` (each part's hint, with its "sums")."""
    if not isinstance(answers, (list, tuple)) or not all(isinstance(a, dict) and "sums" in a for a in answers):
        raise SolverError(f"merging needs every part's answer (each with its sums), not {quote(answers)}")
    return replace(request, part=None, sums=_sums([a["sums"] for a in answers]))


def hint(record_json: Any, seat: Any, budget: Any = None, progress=None, theme: Any = "") -> dict:
    """`progress`, if given, is called as progress(done, total) while the hint is
    worked out, from (0, total) to (total, total)."""
    return answer(HintRequest.parse(record_json, seat, budget, theme), progress)


def bot_move(record_json: Any, seat: Any, level: Any = "normal", seed: Any = None) -> str:
    """The computer's move; `seed` None: the page's seed for this position."""
    record = load_record(record_json)
    seat = whole_number(seat, "seat")
    level = check_level(level)
    seed = None if seed is None else whole_number(seed, "seed", 0, MAX_NUMBER)
    trail = _replayed(record, seat, to_act=True)
    state = trail[-1]
    action = bots.choose(state, seat, level, bots.page_seed(state) if seed is None else seed,
                         positions=trail)
    return state.game.action_token(state, action)


def infer(record_json: Any, seat: Any) -> dict:
    record = load_record(record_json)
    seat = whole_number(seat, "seat")
    trail = _replayed(record, seat, to_act=False)
    view = view_of(trail[-1], seat, positions=trail)
    return {"worlds": view.count(), "worlds_text": f"{view.count():,}",
            "places": hints.inference(view), "model": view.model.to_json()}


def par(record_json: Any, seat: Any, level: Any = "normal", hand: Any = None, progress=None) -> dict:
    """The seat's score and par for `hand` (None: every finished hand), the other
    seats at `level` (solver/par.py); `progress(done, total)` in hands."""
    return hand_par.par(record_json, seat, level, hand, progress)


def review(record_json: Any, seat: int, hand: int | None = None, budget: Any = None,
           progress=None, cache=None, theme: str = "", namer=None) -> dict:
    """The hand review (solver/review.py) of `hand` (1-based; None: every finished
    hand) for `seat`: the record and, per decision, the choice, the hint's best and
    the face-up best with their costs; `progress(done, total)` in decisions;
    `cache`: where each decision's analysis is kept (default review.CACHE);
    `theme`: the card names' theme (Raven: "prophecy"); `namer`: the seats' names."""
    from . import review as hand_review
    return hand_review.review(record_json, seat, hand, budget, progress, theme=theme, cache=cache,
                              namer=namer)
