"""What a request may ask of the search, checked once: a whole number in its
bounds, an object's fields, a time limit, and the search budget of a hint or a
review (see solver/api.py for the request forms). Every refusal is a
SolverError with one short line quoting the bad value."""
from __future__ import annotations

from typing import Any

from pycore.errors import quote
from pycore.records import MAX_NUMBER

from .errors import SolverError
from .search import ALL_WORLDS_CAP
from .spending import Budget

MAX_EFFORT = ALL_WORLDS_CAP     # the largest effort a hint may spend (as much as "search all deals")
MIN_SECONDS, MAX_SECONDS = 0.05, 60.0   # a hint's time limit, when it has one
DEFAULT_SECONDS = 1.0        # a hint's time natively (the page asks for its own)
BUDGET_FIELDS = ("effort", "seconds", "seed", "all_worlds", "workers")
MAX_WORKERS = 64         # workers a search bounded by time may say it is spread over


def whole_number(value: Any, what: str, low: int = 0, high: int | None = None) -> int:
    """`value` if it is an int (not a bool) from `low` to `high`; else SolverError."""
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (
            high is not None and value > high):
        bounds = f"of at least {low:,}" if high is None else f"from {low:,} to {high:,}"
        raise SolverError(f"{what} must be a whole number {bounds}, not {quote(value)}")
    return value


def fields(request: Any, what: str, required: tuple, optional: tuple = ()) -> None:
    """SolverError unless `request` is an object with the `required` fields and no
    others than the `optional` ones."""
    if not isinstance(request, dict):
        raise SolverError(f"{what} is an object of {', '.join(required + optional)}; not {quote(request)}")
    for key in required:
        if key not in request:
            raise SolverError(f"{what} needs its {key}")
    unknown = sorted((key for key in request if key not in required + optional), key=str)
    if unknown:
        raise SolverError(f"unknown field {quote(unknown[0])} in {what}; fields: "
                          f"{', '.join(required + optional)}")


def seconds_of(value: Any) -> float:
    """A time limit: a number of seconds from MIN_SECONDS to MAX_SECONDS."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) \
            or not MIN_SECONDS <= value <= MAX_SECONDS:
        raise SolverError(f"budget seconds must be a number from {MIN_SECONDS} to {MAX_SECONDS:g}, "
                          f"not {quote(value)}")
    return float(value)


DEFAULT_BUDGET = Budget(MAX_EFFORT, DEFAULT_SECONDS)      # a hint asked with no budget


def read_budget(budget: Any) -> Budget:
    """A request's budget, checked: None (DEFAULT_BUDGET), an effort (no clock),
    or an object of BUDGET_FIELDS ("workers" counts only with "seconds")."""
    if budget is None:
        return DEFAULT_BUDGET
    if isinstance(budget, int) and not isinstance(budget, bool):
        return Budget(whole_number(budget, "budget effort", 1, MAX_EFFORT))
    if not isinstance(budget, dict):
        raise SolverError(f"budget must be an effort (a whole number of playouts from 1 to "
                          f"{MAX_EFFORT:,}) or an object of {', '.join(BUDGET_FIELDS)}; "
                          f"not {quote(budget)}")
    fields(budget, "a budget", (), BUDGET_FIELDS)
    all_worlds = budget.get("all_worlds", False)
    if not isinstance(all_worlds, bool):
        raise SolverError(f"budget all_worlds must be true or false, not {quote(all_worlds)}")
    effort = whole_number(budget.get("effort", MAX_EFFORT), "budget effort", 1, MAX_EFFORT)
    if "seconds" in budget:
        seconds = seconds_of(budget["seconds"])
    else:       # an effort alone: no clock; neither: the default time
        seconds = None if "effort" in budget or all_worlds else DEFAULT_SECONDS
    seed = whole_number(budget.get("seed", 0), "budget seed", 0, MAX_NUMBER)
    workers = whole_number(budget.get("workers", 1), "budget workers", 1, MAX_WORKERS)
    return Budget(effort, seconds, all_worlds, seed, workers if seconds is not None else 1)


def effort_and_seed(budget: Any) -> tuple[int, int]:
    """A budget's effort and seed (see read_budget)."""
    got = read_budget(budget)
    return got.effort, got.seed
