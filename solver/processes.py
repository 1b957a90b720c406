"""A search's batches spread over processes, natively (bench/hint_quality.py
--workers, the tests): the split the page's pool makes over its workers
(solver/work.py, web/pool.js), with processes. Not shipped to the page."""
from __future__ import annotations

import multiprocessing
import time

from . import work

_HELD = work.Contexts()


def _value_part(request: dict) -> tuple:
    start = time.monotonic()
    return work.value_json(_HELD, request), time.monotonic() - start


class Processes:
    """A batch spread over `n` processes (natively: bench/hint_quality.py --workers,
    the determinism tests): world items dealt round-robin (item j to process
    j mod n; a timed batch keeps the prefix every process reached), trees dealt
    out the same way. `run` is a driver for `drive`."""

    def __init__(self, n: int):
        self.n = n
        self.pool = multiprocessing.get_context("fork").Pool(n)

    def close(self) -> None:
        self.pool.terminate()
        self.pool.join()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def run(self, batch: work.Batch) -> list:
        got = batch.to_json()
        n = min(self.n, len(got["items"])) or 1
        parts = []
        for j in range(n):
            part = {"key": got["key"], "spec": got["spec"], "kind": got["kind"], "items": got["items"][j::n],
                    "listed": got["listed"], "stream": got["stream"], "trees": got["trees"],
                    "seconds": got["seconds"]}
            if batch.kind == work.WORLDS and got["seconds"] is not None and not batch.force:
                part["costs"] = got["costs"][j::n]
                part["deadline"] = time.monotonic() + got["seconds"]
            parts.append(part)
        answers = self.pool.map(_value_timed, parts)
        if batch.kind == work.TREES:
            out: list = [None] * len(got["items"])
            for j, (results, _) in enumerate(answers):
                out[j::n] = results
            return out
        out = []
        for k in range(len(got["items"])):      # the prefix every process reached
            j, at = k % n, k // n
            if at >= len(answers[j][0]):
                break
            out.append(answers[j][0][at])
        return out


def _value_timed(part: dict) -> tuple:
    """A process's share of world items, in order, until its deadline (the
    search's time, at the rate seen in this share), or all of them."""
    deadline = part.pop("deadline", None)
    costs = part.pop("costs", None)
    if deadline is None:
        return _value_part(part)
    start = time.monotonic()
    items = part["items"]
    done: list = []
    spent = 0.0
    for k, item in enumerate(items):
        now = time.monotonic()
        if now >= deadline or (spent and costs[k] > (deadline - now) * spent / max(now - start, 1e-6)):
            break
        done += work.value_json(_HELD, {**part, "items": [item]})
        spent += costs[k]
    return done, time.monotonic() - start
