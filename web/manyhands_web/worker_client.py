"""The page's side of the workers (client.js, `window.manyhands`): computer moves
and hints from the hint worker, hand reviews from the review worker, each a JSON
request answered with JSON. A request that gets no answer raises the kind of
failure client.js rejects it with; any other error is a bug and is raised as it is."""
from __future__ import annotations

import json

from pyodide.ffi import JsException
from pyscript import window


class WorkerError(Exception):
    """A request a worker did not answer; its message says why."""


class WorkerRefusal(WorkerError):
    """The worker refused the request (its one-line reason)."""


class WorkerFailed(WorkerError):
    """The worker itself failed."""


class Cancelled(WorkerError):
    """The worker was stopped (Cancel, or a hint's worker restarted under a computer move)."""


KINDS = {kind.__name__: kind for kind in (WorkerRefusal, WorkerFailed, Cancelled)}   # client.js's names


async def _answer(promise) -> dict:
    try:
        return json.loads(str(await promise))
    except JsException as exc:
        kind = KINDS.get(exc.name)
        if kind is None:
            raise
        raise kind(str(exc.message)) from None


async def ask(request: dict) -> dict:
    """A computer move or a hint, from the hint worker."""
    return await _answer(window.manyhands.ask(json.dumps(request)))


async def ask_split(request: dict) -> dict:
    """A hint searched by several workers at once (client.js plans and merges it)."""
    return await _answer(window.manyhands.askSplit(json.dumps(request)))


async def review(request: dict) -> dict:
    """A hand review, from the review worker (its progress goes to the review panel)."""
    return await _answer(window.manyhands.review(json.dumps(request)))


async def background(request: dict) -> dict:
    """Par or a review worked out in the background worker (never blocks the table)."""
    return await _answer(window.manyhands.background(json.dumps(request)))


def review_analyses() -> list:
    """The analyses the review worker has sent for the review under way (or just ended)."""
    return [got for text in json.loads(str(window.manyhands.reviewAnalyses())) for got in json.loads(text)]


def cancel() -> None:
    """Stop the hint worker (a fresh one starts): its request raises Cancelled."""
    window.manyhands.cancel()


def cancel_review() -> None:
    """Stop the review under way: its request raises Cancelled."""
    window.manyhands.cancelReview()


def reset_progress() -> None:
    """The hint's progress bar back to "not known yet"."""
    window.manyhands.resetProgress()


def start() -> None:
    """Boot the hint worker, once the page's own Python is ready."""
    window.manyhands.start()
