"""What the hint worker answers: JSON in, JSON out, so every request is a record
the tests can replay. The solver (solver.api) checks every request and does the
thinking, for every game and rules option; nothing here reads a record.

    {"op": "bot", "record": {...}, "seat": 1, "level": "normal", "seed": 7}
        -> {"token": "Sw12", "policy": "solver"}
       (no "seed": the page's seed for the position, solver.bots.page_seed)
    {"op": "par", "record": {...}, "seat": 0, "level": "normal", "hand": 2}
        -> solver.api.par: {"hands": [{"hand": 2, "score": 7, "par": 5, "actions": [...]}], ...}
       ("hand" optional: every finished hand); progress(done, total) in hands
    {"op": "hint", "record": {...}, "seat": 0, "budget": null}
        -> the solver's hint, with "available": true
    {"op": "split", "request": {a hint request}, "parts": k}
        -> {"parts": [k hint requests]}: one for each worker of a split search
    {"op": "merge", "request": {that hint request}, "answers": [the parts' answers]}
        -> the hint one search would have given
    {"op": "review", "record": {...}, "seat": 0, "hand": 1, "budget": null, "theme": "",
     "known": {...}}
        -> the hand review (solver.api.review), with "available": true and
           "reused": how many of its decisions were analysed before
       "known" (optional): decisions' analyses the page kept, {key: analysis}, as
       `progress` gave them (below; "worlds" may be given as a string of digits);
       each new analysis goes to the page as the third argument of
       progress(done, total, analyses), a JSON list, as soon as it is made.

Hints and reviews name the seats as the page does (cast.py: You, and the
computer players by name). Every refusal is one short line: a hint, split or merge request the solver
refuses is answered {"available": false, "message": "Hint refused: ..."} (the hint
panel shows it); any other bad request (not JSON, no such op, a bot move or par it
refuses) raises the project's error (pycore ManyhandsError), which `reply` gives
the worker as the request's error. The worker goes on either way.
"""
from __future__ import annotations

import json
from collections import OrderedDict

from pycore.errors import ManyhandsError, quote
from pycore.records import parse_json
from solver import api
from solver.errors import SolverError

from .cast import seat_names

HINT_OPS = ("hint", "split", "merge", "review")
MAX_MESSAGE = 1_000     # characters of any text in a request (a refused part's message)


def throttled(progress, steps: int = 100):
    """`progress(done, total)` passed on only when it moves by a whole step of
    `steps` (and at the end), so the page gets at most ~`steps` messages."""
    if progress is None:
        return None
    last = None

    def report(done: int, total: int) -> None:
        nonlocal last
        step = (done * steps) // total if total else steps
        if step != last or done == total:
            last = step
            progress(done, total)
    return report


def _answer(request: api.HintRequest, progress) -> dict:
    return {**api.answer(request, throttled(progress), namer=seat_names), "available": True}


def _split(request: dict) -> dict:
    api.fields(request, "a split request", ("op", "request", "parts"))
    plans = api.plan_split(api.HintRequest.from_json(request["request"]), request["parts"])
    return {"parts": [{"op": "hint", **plan.to_json()} for plan in plans]}


def _merge(request: dict, progress) -> dict:
    api.fields(request, "a merge request", ("op", "request", "answers"))
    answers = request["answers"]
    if isinstance(answers, list):
        for part in answers:          # a part the solver refused: the whole hint is refused
            if isinstance(part, dict) and part.get("available") is False:
                return part
    return _answer(api.merge(api.HintRequest.from_json(request["request"]), answers), progress)


def _bot(request: dict) -> dict:
    api.fields(request, "a bot request", ("op", "record", "seat"), ("level", "seed"))
    token = api.bot_move(request["record"], request["seat"], request.get("level", "normal"),
                         request.get("seed"))
    return {"token": token, "policy": "solver"}


def _par(request: dict, progress) -> dict:
    api.fields(request, "a par request", ("op", "record", "seat"), ("level", "hand"))
    return api.par(request["record"], request["seat"], request.get("level", "normal"),
                   request.get("hand"), progress)


class _Noting(OrderedDict):
    """The review's analyses kept in this worker (solver.review.analyse's cache),
    noting each new one so that the page gets it at once and keeps it too: a
    review cancelled (its worker ended) loses only the decision under way."""

    def __init__(self):
        super().__init__()
        self.new: list = []         # made since the last progress report
        self.made = 0               # made in this request

    def __setitem__(self, key, value):
        if key not in self:
            self.new.append(value)
            self.made += 1
        super().__setitem__(key, value)

    def keep(self, key, value) -> None:
        """One the page kept: known, not new."""
        OrderedDict.__setitem__(self, key, value)


KEPT = _Noting()
MAX_KNOWN = 4_000


def _known(known) -> dict:
    """The page's kept analyses, checked for shape (a wrong one is refused, never used)."""
    if known is None:
        return {}
    if not isinstance(known, dict) or len(known) > MAX_KNOWN:
        raise SolverError(f"known analyses are an object of at most {MAX_KNOWN:,} analyses by key")
    out = {}
    for key, got in known.items():
        if not (isinstance(got, dict) and got.get("key") == key and isinstance(got.get("values"), dict)
                and isinstance(got.get("face_up"), dict) and isinstance(got.get("best"), str)):
            raise SolverError(f"known analysis {quote(key[:16])} is not an analysis the review made")
        worlds = got.get("worlds")
        if isinstance(worlds, str):
            if not worlds.isdigit() or len(worlds) > 200:
                raise SolverError(f"known analysis {quote(key[:16])} has a bad number of deals")
            got = {**got, "worlds": int(worlds)}
        out[key] = got
    return out


def _review(request: dict, progress) -> dict:
    """The hand review; `progress(done, total, analyses)` in decisions analysed,
    with the analyses made since the last report (a JSON list)."""
    api.fields(request, "a review request", ("op", "record", "seat"), ("hand", "budget", "theme", "known"))
    theme = request.get("theme", "")
    if not isinstance(theme, str):
        raise SolverError(f"a theme is a name, not {quote(theme)}")
    for key, got in _known(request.get("known")).items():
        KEPT.keep(key, got)
    KEPT.new, KEPT.made = [], 0
    report = None
    if progress is not None:
        def report(done: int, total: int) -> None:
            fresh, KEPT.new = KEPT.new, []
            progress(done, total, json.dumps(fresh))
    result = api.review(request["record"], request["seat"], request.get("hand"), request.get("budget"),
                        progress=report, cache=KEPT, theme=theme, namer=seat_names)
    listed = sum(len(h["decisions"]) for h in result["hands"])
    return {**result, "available": True, "reused": listed - KEPT.made}


def handle(text: str, progress=None) -> str:
    """The answer to one request (JSON text), as JSON text; `progress(done, total)`
    is called while a hint searches."""
    request = parse_json(text, "request", MAX_MESSAGE)
    op = request.get("op") if isinstance(request, dict) else None
    if op not in HINT_OPS:
        if op == "bot":
            return json.dumps(_bot(request))
        if op == "par":
            return json.dumps(_par(request, progress))
        raise SolverError(f"unknown request {quote(op)}; requests: bot, par, {', '.join(HINT_OPS)}")
    try:
        if op == "hint":
            out = _answer(api.HintRequest.from_json(request), progress)
        elif op == "review":
            out = _review(request, progress)
        elif op == "split":
            out = _split(request)
        else:
            out = _merge(request, progress)
    except ManyhandsError as exc:
        what = "The review is refused" if op == "review" else "Hint refused"
        out = {"available": False, "message": f"{what}: {exc}"}
    return json.dumps(out)


def reply(text: str, progress=None) -> tuple[bool, str]:
    """What the worker posts back: (True, the answer) or (False, why the request is
    refused, one line). A bug is not a refusal: it raises, traceback and all."""
    try:
        return True, handle(text, progress)
    except ManyhandsError as exc:
        return False, str(exc)
