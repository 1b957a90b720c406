"""What the hint worker answers: JSON in, JSON out, so every request is a record
the tests can replay. The solver (solver.api) checks every request and does the
thinking, for every game and rules option; nothing here reads a record.

    {"op": "bot", "record": {...}, "seat": 1, "level": "normal", "seed": 7}
        -> {"token": "Sw12", "policy": "solver"}
    {"op": "hint", "record": {...}, "seat": 0, "budget": null}
        -> the solver's hint, with "available": true
    {"op": "split", "request": {a hint request}, "parts": k}
        -> {"parts": [k hint requests]}: one for each worker of a split search
    {"op": "merge", "request": {that hint request}, "answers": [the parts' answers]}
        -> the hint one search would have given
    {"op": "review", "record": {...}, "seat": 0, "hand": 1, "budget": null}
        -> the hand review (solver.api.review), with "available": true

Every refusal is one short line: a hint, split or merge request the solver
refuses is answered {"available": false, "message": "Hint refused: ..."} (the hint
panel shows it); any other bad request (not JSON, no such op, a bot move it
refuses) raises the project's error (pycore ManyhandsError), which `reply` gives
the worker as the request's error. The worker goes on either way.
"""
from __future__ import annotations

import json

from pycore.errors import ManyhandsError, quote
from pycore.records import parse_json
from solver import api
from solver.errors import SolverError

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
    return {**api.answer(request, throttled(progress)), "available": True}


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
                         request.get("seed", 0))
    return {"token": token, "policy": "solver"}


def _review(request: dict, progress) -> dict:
    """The hand review; `progress(done, total)` in decisions analysed."""
    api.fields(request, "a review request", ("op", "record", "seat"), ("hand", "budget"))
    result = api.review(request["record"], request["seat"], request.get("hand"), request.get("budget"),
                        progress=progress)
    return {**result, "available": True}


def handle(text: str, progress=None) -> str:
    """The answer to one request (JSON text), as JSON text; `progress(done, total)`
    is called while a hint searches."""
    request = parse_json(text, "request", MAX_MESSAGE)
    op = request.get("op") if isinstance(request, dict) else None
    if op not in HINT_OPS:
        if op == "bot":
            return json.dumps(_bot(request))
        raise SolverError(f"unknown request {quote(op)}; requests: bot, {', '.join(HINT_OPS)}")
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
