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
  each once, refused where there are too many), "workers" (with "seconds": how
  many workers share the search, from 1 to MAX_WORKERS; see spending.Budget). Without "seconds" the search is
  a pure function of its seed (whatever the number of workers it is spread
  over); with it, it stops when its time is up, and says so.
- `theme`: a theme of the game's cards ("" the standard names; Raven: "prophecy").

Spread over workers: `answer_steps(request)` and `bot_move_steps(...)` are the
same answers as generators of the search's batches (solver/work.py), which the
caller values where it likes (work.drive: here, over processes; the page: over
its pool of workers). `HintRequest.parse` reads a hint request once.

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
from dataclasses import dataclass
from typing import Any

from pycore.errors import quote
from pycore.records import MAX_NUMBER, MAX_TEXT, Record, load_record, positions

from . import bots, hints, work
from . import par as hand_par
from .budget import (BUDGET_FIELDS, DEFAULT_BUDGET, DEFAULT_SECONDS, MAX_EFFORT,  # noqa: F401  (the request's
                     MAX_SECONDS, MIN_SECONDS, effort_and_seed, fields,          # checks, asked of api)
                     read_budget, seconds_of, whole_number)
from .errors import SolverError
from .par import check_level
from .spending import Budget
from .view import view_of


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
    the search's budget and the card theme."""
    record: Record
    seat: int
    budget: Budget = DEFAULT_BUDGET
    theme: str = ""
    earlier: str | None = None      # the suggestion of the hint before (a longer search's: hint_words.change)

    @classmethod
    def parse(cls, record_json: Any, seat: Any, budget: Any = None, theme: Any = "",
              earlier: Any = None) -> "HintRequest":
        record = load_record(record_json)
        seat = whole_number(seat, "seat")
        checked = read_budget(budget)
        if earlier is not None and (not isinstance(earlier, str) or not 0 < len(earlier) <= MAX_TEXT):
            raise SolverError(f"earlier is the token of the suggestion before, not {quote(earlier)}")
        return cls(record, seat, checked, theme_of(record.game, theme), earlier)

    @classmethod
    def from_json(cls, request: Any) -> "HintRequest":
        """From the worker's form {"record": ..., "seat": ..., "budget": ...,
        "theme": ...} (an "op" field is the worker's and is ignored)."""
        fields(request, "a hint request", ("record", "seat"), ("budget", "theme", "earlier", "op"))
        return cls.parse(request["record"], request["seat"], request.get("budget"),
                         request.get("theme", ""), request.get("earlier"))

    @property
    def effort(self) -> int:
        return self.budget.effort

    @property
    def seed(self) -> int:
        return self.budget.seed

    def to_json(self) -> dict:
        out = {"record": self.record.to_json(), "seat": self.seat, "budget": self.budget.to_json()}
        if self.theme:
            out["theme"] = self.theme
        if self.earlier is not None:
            out["earlier"] = self.earlier
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


def answer(request: HintRequest, progress=None, namer=None) -> dict:
    """The hint for a checked request (see hints.hint); `progress(done, total)`,
    if given, is called as the search goes; `namer(players, seat)`: the seats'
    names its words use (default: pycore.words.seat_names)."""
    return work.drive(answer_steps(request, progress, namer))


def answer_steps(request: HintRequest, progress=None, namer=None):
    """`answer` as a generator of the search's batches (solver/work.py)."""
    started = time.monotonic()        # a time budget counts the replay and the view too
    trail = _replayed(request.record, request.seat, to_act=True)
    budget = request.budget
    return (yield from hints.hint_steps(trail[-1], request.seat, budget.effort, budget.seed,
                                        progress=progress, positions=trail, seconds=budget.seconds,
                                        all_worlds=budget.all_worlds, workers=budget.workers,
                                        theme=request.theme,
                                        started=started, earlier=request.earlier, namer=namer))


def hint(record_json: Any, seat: Any, budget: Any = None, progress=None, theme: Any = "") -> dict:
    """`progress`, if given, is called as progress(done, total) while the hint is
    worked out, from (0, total) to (total, total)."""
    return answer(HintRequest.parse(record_json, seat, budget, theme), progress)


def bot_move(record_json: Any, seat: Any, level: Any = "normal", seed: Any = None) -> str:
    """The computer's move; `seed` None: the page's seed for this position."""
    return work.drive(bot_move_steps(record_json, seat, level, seed))


def bot_move_steps(record_json: Any, seat: Any, level: Any = "normal", seed: Any = None):
    """`bot_move` as a generator of the search's batches (solver/work.py)."""
    level = check_level(level)
    trail, seat, seed = _move_position(record_json, seat, seed)
    state = trail[-1]
    action = yield from bots.choose_steps(state, seat, level, seed, positions=trail)
    return state.game.action_token(state, action)


def bot_searcher(record_json: Any, seat: Any) -> work.Searcher:
    """The position of a computer move asked without a seed, as `bot_move_steps`
    searches it: built ahead by a worker that will share the move's search
    while its leader replays the record."""
    trail, seat, seed = _move_position(record_json, seat)
    return work.Searcher(view_of(trail[-1], seat, trail), seed)


def _move_position(record_json: Any, seat: Any, seed: Any = None) -> tuple[list, int, int]:
    """A computer move's positions (the record replayed), seat and seed, checked;
    `seed` None: the page's seed for the position (solver.bots.page_seed)."""
    record = load_record(record_json)
    seat = whole_number(seat, "seat")
    seed = None if seed is None else whole_number(seed, "seed", 0, MAX_NUMBER)
    trail = _replayed(record, seat, to_act=True)
    return trail, seat, bots.page_seed(trail[-1]) if seed is None else seed


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


def par_steps(record_json: Any, seat: Any, level: Any = "normal", hand: Any = None, progress=None):
    """`par` as a generator of its moves' batches (solver/work.py)."""
    return hand_par.par_steps(record_json, seat, level, hand, progress)


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
