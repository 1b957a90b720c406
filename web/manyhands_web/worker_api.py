"""What a worker of the page's pool answers: JSON in, JSON out, so every request
is a record the tests can replay. The solver (solver.api) checks every request
and does the thinking, for every game and rules option; nothing here reads a record.

Whole requests, answered by this worker alone:

    {"op": "bot", "record": {...}, "seat": 1, "level": "normal", "seed": 7}
        -> {"token": "Sw12", "policy": "solver"}
       (no "seed": the page's seed for the position, solver.bots.page_seed)
    {"op": "par", "record": {...}, "seat": 0, "level": "normal", "hand": 2}
        -> solver.api.par: {"hands": [{"hand": 2, "score": 7, "par": 5, "actions": [...]}], ...}
       ("hand" optional: every finished hand); progress(done, total) in hands
    {"op": "hint", "record": {...}, "seat": 0, "budget": null}
        -> the solver's hint, with "available": true
    {"op": "review", "record": {...}, "seat": 0, "hand": 1, "budget": null, "theme": "",
     "known": {...}}
        -> the hand review (solver.api.review), with "available": true and
           "reused": how many of its decisions were analysed before
       "known" (optional): decisions' analyses the page kept, {key: analysis}, as
       `progress` gave them (below; "worlds" may be given as a string of digits);
       each new analysis goes to the page as the third argument of
       progress(done, total, analyses), a JSON list, as soon as it is made.

The same requests spread over the pool (web/pool.js): the worker leading one
runs its search here and hands out its batches of worlds or trees
(solver/work.py), which any worker values:

    {"op": "start", "job": 7, "request": {a bot, par, hint or review request}}
        -> {"work": a batch (work.Batch.to_json)} or {"answer": the answer above, as
           JSON text (the page passes it on untouched: a count of deals can exceed
           what a JavaScript number holds exactly)}
    {"op": "resume", "job": 7, "results": [the batch's results]}
        -> the next {"work": ...} or the {"answer": ...}
    {"op": "value", "context": {"key": ..., "spec": ...}, "kind": ..., "items": [...], ...}
        -> {"results": [...]} (the spec may be left out once this worker holds the
           key: {"unknown": key} asks for it)
    {"op": "prepare", "spec": {"record", "seat", "seed"}} -> {"key": ...}
        (the position built ahead, while the leading worker replays it too;
        seed null: a computer move's, seeded by the position as its leader does)
    {"op": "release", "keys": [...], "job": 7 (optional)} -> {}
        (a search ended or was cancelled: its positions and its job are dropped)

Hints and reviews name the seats as the page does (cast.py: You, and the
computer players by name). Every refusal is one short line: a hint or review
request the solver refuses is answered {"available": false, "message": "Hint
refused: ..."} (the hint panel shows it); any other bad request (not JSON, no
such op, a bot move or par it refuses) raises the project's error (pycore
ManyhandsError), which `reply` gives the worker as the request's error. The
worker goes on either way.
"""
from __future__ import annotations

import json
from collections import OrderedDict

from pycore.errors import ManyhandsError, quote
from pycore.records import parse_json
from solver import api, work
from solver.errors import SolverError
from solver.review import review_steps
from solver.search import lists_worlds

from .cast import named_from, seat_names

WHOLE_OPS = ("bot", "par", "hint", "review")
MAX_MESSAGE = 1_000     # characters of any text in a request
MAX_VALUES = 4_000_000  # values in a request (a search of every deal sends back up to 100,000 facts)
MAX_BYTES = 64_000_000  # characters in a request


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


def namer_of(request: dict):
    """The seats' names the words use: the page's cast, or with friends at one device
    the table's names ("names", taken out of the request)."""
    names = request.pop("names", None)
    if names is None:
        return seat_names
    if not isinstance(names, list) or not all(isinstance(n, str) and 0 < len(n) <= 40 for n in names):
        raise SolverError("the seats' names are a list of short names")
    return named_from(names)


def _hint(request: dict, progress):
    namer = namer_of(request)
    got = yield from api.answer_steps(api.HintRequest.from_json(request), throttled(progress), namer=namer)
    return {**got, "available": True}


def _bot(request: dict, progress=None):
    api.fields(request, "a bot request", ("op", "record", "seat"), ("level", "seed"))
    token = yield from api.bot_move_steps(request["record"], request["seat"],
                                          request.get("level", "normal"), request.get("seed"))
    return {"token": token, "policy": "solver"}


def _par(request: dict, progress):
    api.fields(request, "a par request", ("op", "record", "seat"), ("level", "hand"))
    return (yield from api.par_steps(request["record"], request["seat"], request.get("level", "normal"),
                                     request.get("hand"), progress))


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


def _review(request: dict, progress):
    """The hand review; `progress(done, total, analyses)` in decisions analysed,
    with the analyses made since the last report (a JSON list)."""
    api.fields(request, "a review request", ("op", "record", "seat"), ("hand", "budget", "theme", "known"))
    namer = namer_of(request)
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
    result = yield from review_steps(request["record"], request["seat"], request.get("hand"),
                                     request.get("budget"), report, theme=theme, cache=KEPT,
                                     namer=namer)
    listed = sum(len(h["decisions"]) for h in result["hands"])
    return {**result, "available": True, "reused": listed - KEPT.made}


STEPS = {"hint": _hint, "bot": _bot, "par": _par, "review": _review}


def _whole(request: dict, progress):
    """A whole request's search, as a generator of its batches (solver/work.py)."""
    op = request.get("op") if isinstance(request, dict) else None
    if op not in WHOLE_OPS:
        raise SolverError(f"unknown request {quote(op)}; requests: {', '.join(WHOLE_OPS)}, "
                          f"{', '.join(POOL_OPS)}")
    return op, STEPS[op](request, progress)


def _refused(op: str, exc: ManyhandsError) -> dict:
    """A hint or review the solver refuses is an answer saying why; a bot move's
    or a par's refusal is the request's error."""
    if op in ("bot", "par"):
        raise exc
    what = "The review is refused" if op == "review" else "Hint refused"
    return {"available": False, "message": f"{what}: {exc}"}


# --- the pool's requests --------------------------------------------------------------------------
class Job:
    """A search this worker leads: its generator, the batch it waits on, and
    where its progress goes (the request under way's)."""

    def __init__(self, op: str):
        self.op, self.steps, self.batch, self.progress = op, None, None, None

    def report(self, *args) -> None:
        if self.progress is not None:
            self.progress(*args)


JOBS: dict = {}
CONTEXTS = work.Contexts()
MAX_JOBS = 8


def _job_id(request: dict):
    job = request.get("job")
    if isinstance(job, bool) or not isinstance(job, int) or not 0 <= job < 2 ** 53:
        raise SolverError(f"a job is a whole number, not {quote(job)}")
    return job


def _step(job_id: int, job: Job, results) -> dict:
    """The job's search advanced to its next batch, or to its answer."""
    try:
        batch = next(job.steps) if results is None else job.steps.send(results)
    except StopIteration as stop:
        JOBS.pop(job_id, None)
        return {"answer": json.dumps(stop.value)}
    except ManyhandsError as exc:
        JOBS.pop(job_id, None)
        return {"answer": json.dumps(_refused(job.op, exc))}
    job.batch = batch
    CONTEXTS.put(batch.searcher)
    return {"work": batch.to_json()}


def _start(request: dict, progress) -> dict:
    api.fields(request, "a start request", ("op", "job", "request"))
    job_id = _job_id(request)
    job = Job("")
    job.progress = progress
    try:
        job.op, job.steps = _whole(request["request"], job.report)
    except ManyhandsError as exc:
        op = request["request"].get("op") if isinstance(request["request"], dict) else None
        if op not in WHOLE_OPS:
            raise
        return {"answer": json.dumps(_refused(op, exc))}
    JOBS.pop(job_id, None)
    JOBS[job_id] = job
    while len(JOBS) > MAX_JOBS:         # jobs the page gave up on without saying so
        JOBS.pop(next(iter(JOBS)))
    return _step(job_id, job, None)


def _resume(request: dict, progress) -> dict:
    api.fields(request, "a resume request", ("op", "job", "results"))
    job_id = _job_id(request)
    job = JOBS.get(job_id)
    if job is None or job.batch is None:
        raise SolverError(f"no search under way for job {quote(job_id)}")
    job.progress = progress
    results = work.check_results(job.batch, request["results"])
    return _step(job_id, job, results)


def _value(request: dict) -> dict:
    try:
        return {"results": work.value_json(CONTEXTS, request)}
    except work.UnknownContext as missing:
        return {"unknown": str(missing)}


def _prepare(request: dict) -> dict:
    """The position built ahead, and its worlds listed where the search will
    list them (search.lists_worlds: a Tricksters draft's take most of its
    first world's time). A spec whose seed is null is a computer move's, seeded
    as the leader seeds it (api.bot_searcher)."""
    api.fields(request, "a prepare request", ("op", "spec"))
    spec = request["spec"]
    if isinstance(spec, dict) and set(spec) == {"record", "seat", "seed"} and spec["seed"] is None:
        searcher = api.bot_searcher(spec["record"], spec["seat"])
    else:
        searcher = work.Searcher.from_spec(spec)
    searcher.worlds(lists_worlds(searcher.view.count()))
    return {"key": CONTEXTS.put(searcher)}


def _release(request: dict) -> dict:
    api.fields(request, "a release request", ("op", "keys"), ("job",))
    keys = request["keys"]
    if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
        raise SolverError(f"keys to release are a list of names, not {quote(keys)}")
    for key in keys:
        CONTEXTS.drop(key)
    if "job" in request:
        JOBS.pop(_job_id(request), None)
    return {}


POOL_OPS = ("start", "resume", "value", "prepare", "release")


def handle(text: str, progress=None) -> str:
    """The answer to one request (JSON text), as JSON text; `progress(done, total)`
    is called while a hint searches."""
    request = parse_json(text, "request", MAX_MESSAGE, MAX_VALUES, MAX_BYTES)
    op = request.get("op") if isinstance(request, dict) else None
    if op == "start":
        return json.dumps(_start(request, progress))
    if op == "resume":
        return json.dumps(_resume(request, progress))
    if op == "value":
        return json.dumps(_value(request))
    if op == "prepare":
        return json.dumps(_prepare(request))
    if op == "release":
        return json.dumps(_release(request))
    op, steps = _whole(request, progress)
    try:
        out = work.drive(steps)
    except ManyhandsError as exc:
        out = _refused(op, exc)
    return json.dumps(out)


def reply(text: str, progress=None) -> tuple[bool, str]:
    """What the worker posts back: (True, the answer) or (False, why the request is
    refused, one line). A bug is not a refusal: it raises, traceback and all."""
    try:
        return True, handle(text, progress)
    except ManyhandsError as exc:
        return False, str(exc)
