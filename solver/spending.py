"""What a search may spend and what it has spent: `Budget` (playouts, seconds,
every world, its seed, the workers sharing it: the one budget type, which
solver/budget.py reads from a request) and `Spending` (playouts and time against it, and the progress
bar's ticks). Shared by the search (solver/search.py) and by whoever values its
items (solver/work.py), here or in another worker."""
from __future__ import annotations

import time
from dataclasses import dataclass

DEFAULT_EFFORT = 160    # playouts, the hint's fixed budget in the tests and the review


@dataclass(frozen=True)
class Budget:
    """How much a search may spend: `effort` playouts at most; `seconds` of wall
    time at most (None: no clock, so the search is a pure function of its seed);
    `all_worlds`: search every consistent world, each once, with no early stop
    (the hint's "search all deals", refused when there are too many); `seed`:
    the search's random streams; `workers`: how many workers share a search
    bounded by time (the page's pool says so), so that a tree search of the one
    possible deal grows a tree on each (with no clock the answer never depends
    on the workers, and it is 1)."""
    effort: int = DEFAULT_EFFORT
    seconds: float | None = None
    all_worlds: bool = False
    seed: int = 0
    workers: int = 1

    def to_json(self) -> dict:
        out: dict = {"effort": self.effort, "seed": self.seed}
        if self.seconds is not None:
            out["seconds"] = self.seconds
        if self.all_worlds:
            out["all_worlds"] = True
        if self.workers > 1:
            out["workers"] = self.workers
        return out


class Spending:
    """What the search has spent (playouts, time) against its budget."""

    def __init__(self, budget: Budget, progress, started: float | None = None):
        self.budget, self.progress = budget, progress
        self.limit = float(budget.effort)     # playouts (plus a screening's first round)
        self.start = time.monotonic() if started is None else started
        self.spent = 0.0
        self.last = -1

    def elapsed(self) -> float:
        return time.monotonic() - self.start

    def out_of_time(self) -> bool:
        return self.budget.seconds is not None and self.elapsed() >= self.budget.seconds

    def affords(self, cost: float) -> bool:
        """Whether `cost` more playouts fit the effort and, at the rate seen so far,
        the time left (one world's search can be long: a Tricksters first trick)."""
        return self.spent + cost <= self.limit and self.in_time(cost)

    def in_time(self, cost: float, pending: float = 0.0) -> bool:
        """Whether `cost` more playouts fit the time left at the rate seen so far
        (`pending`: playouts spent but not counted yet: a batch under way)."""
        if self.out_of_time():
            return False
        spent = self.spent + pending
        if self.budget.seconds is None or spent == 0:
            return True
        elapsed = max(self.elapsed(), 1e-6)
        return cost <= (self.budget.seconds - elapsed) * spent / elapsed

    def why_stopped(self, cost: float) -> str:
        """Why `cost` more playouts were not afforded: "effort", or "time" (spent,
        or too little left for them)."""
        return "effort" if self.spent + cost > self.limit else "time"

    def left(self) -> float:
        """Playouts the budget still has (time: at the rate seen so far)."""
        left = self.limit - self.spent
        if self.budget.seconds is not None and self.spent > 0:
            elapsed = max(self.elapsed(), 1e-6)
            left = min(left, (self.budget.seconds - elapsed) * self.spent / elapsed)
        return max(0.0, left)

    def seconds_left(self) -> float | None:
        """The time left (None: no clock)."""
        return None if self.budget.seconds is None else max(0.0, self.budget.seconds - self.elapsed())

    TICKS = 1000

    def report(self, done: bool = False, pending: float = 0.0) -> None:
        """progress(done, TICKS): the larger of the effort and the time spent."""
        if self.progress is None:
            return
        if done:
            tick = self.TICKS
        else:
            used = (self.spent + pending) / self.limit
            if self.budget.seconds:
                used = max(used, self.elapsed() / self.budget.seconds)
            tick = max(self.last, min(self.TICKS - 1, int(used * self.TICKS)))
        if tick != self.last or done:
            self.last = tick
            self.progress(tick, self.TICKS)
