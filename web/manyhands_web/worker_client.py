"""The page's side of the workers (client.js, `window.manyhands`): computer moves,
hints and hand reviews from the pool of hint workers (pool.js: each search spread
over all of them), each a JSON request answered with JSON. A request that gets
no answer raises the kind of failure pool.js rejects it with; any other error is
a bug and is raised as it is."""
from __future__ import annotations

import json

from pyodide.ffi import JsException
from pyscript import window

from . import dom


_client = []


def _page():
    """client.js's window.manyhands (fetched once: from a worker each fetch is a round trip)."""
    if not _client:
        _client.append(window.manyhands)
    return _client[0]


class WorkerError(Exception):
    """A request a worker did not answer; its message says why."""


class WorkerRefusal(WorkerError):
    """The worker refused the request (its one-line reason)."""


class WorkerFailed(WorkerError):
    """The worker itself failed."""


class Cancelled(WorkerError):
    """The request was cancelled (Cancel, or a new review over the one under way)."""


KINDS = {kind.__name__: kind for kind in (WorkerRefusal, WorkerFailed, Cancelled)}   # pool.js's names


async def _answer(promise) -> dict:
    try:
        return json.loads(str(await promise))
    except JsException as exc:
        kind = KINDS.get(exc.name)
        if kind is None:
            raise
        raise kind(str(exc.message)) from None


async def ask(request: dict) -> dict:
    """A computer move or a hint, its search spread over the pool (hints first)."""
    return await _answer(_page().ask(json.dumps(request)))


async def review(request: dict) -> dict:
    """A hand review, its searches spread over the pool after the hints and the
    computer moves (its progress goes to the review panel)."""
    return await _answer(_page().review(json.dumps(request)))


async def background(request: dict) -> dict:
    """Par or a review worked out in the background: spread over the pool after
    every other search (the table's moves and hints never wait for it)."""
    return await _answer(_page().background(json.dumps(request)))


def review_analyses() -> list:
    """The analyses the review's leading workers have sent for the review under way (or just ended)."""
    return [got for text in json.loads(str(_page().reviewAnalyses())) for got in json.loads(text)]


def cancel() -> None:
    """Stop the hint under way (the workers go on with the rest): its request
    raises Cancelled."""
    _page().cancel()


def cancel_review() -> None:
    """Stop the review under way: its request raises Cancelled."""
    _page().cancelReview()


def reset_progress() -> None:
    """The hint's progress bar back to "not known yet"."""
    _page().resetProgress()


def start() -> None:
    """Start the pool of hint workers, once the table is interactive (the Python
    goes on at once: the start is the page's work)."""
    dom.change("start")
