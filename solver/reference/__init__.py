"""Reference opponents for the arena: native only, never shipped to the page
(build.py leaves this package out of solver.zip).

    ismcts:N   Information Set Monte Carlo Tree Search, N iterations a move;
    pimc[:W]   perfect-information Monte Carlo over W sampled deals, each action
               valued by exact search of the deal where the game's adapter has one,
               else by the mean of deep playouts.

Both read the game only through the seat's view (solver.view.view_of): every
world they search is drawn from the deals consistent with what the seat saw.
Their effort is counted (iterations, worlds, playouts), never timed, so a seed
always gives the same move.
"""
from __future__ import annotations

from ..errors import SolverError

DEFAULT_ISMCTS = 1000
DEFAULT_PIMC_WORLDS = 24


def is_reference(level: str) -> bool:
    return level.split(":", 1)[0] in ("ismcts", "pimc")


def parse(level: str) -> tuple[str, int]:
    """('ismcts' | 'pimc', its effort) from a level name such as 'ismcts:1000'."""
    kind, _, number = level.partition(":")
    if kind not in ("ismcts", "pimc"):
        raise SolverError(f"unknown reference bot {level!r}; try ismcts:1000 or pimc:24")
    if not number:
        return kind, DEFAULT_ISMCTS if kind == "ismcts" else DEFAULT_PIMC_WORLDS
    if not number.isdigit() or int(number) < 1:
        raise SolverError(f"{level!r}: the number after ':' must be a whole number of at least 1")
    return kind, int(number)


def choose(state, seat: int, level: str, seed: int = 0, effort: int | None = None,
           counts: dict | None = None):
    """The move of the reference bot named `level` for `seat` (which must be to
    act). `effort` overrides the number in the name; `counts`, if given, receives
    what the decision cost (iterations, playouts, exact searches)."""
    kind, number = parse(level)
    if effort is not None:
        number = effort
    if state.current_player != seat:
        raise SolverError(f"it is seat {state.current_player}'s turn, not seat {seat}'s")
    if kind == "ismcts":
        from .ismcts import choose as run
    else:
        from .pimc import choose as run
    return run(state, seat, number, seed, counts if counts is not None else {})
