"""The solver's refusals, in the project's error type (a pycore ManyhandsError,
so a ValueError): a request it will not answer, said in one short line."""
from __future__ import annotations

from pycore.errors import ManyhandsError


class SolverError(ManyhandsError):
    """A hint, computer move or inference the solver refuses: a seat, level, seed
    or budget that is not one, a split that does not fit the search, a position
    with nothing to decide. Any other exception from the solver is a bug."""


class InconsistentWorld(SolverError):
    """A candidate world that cannot be the real deal (no exchange fits its hands,
    its replay is illegal): the world is dropped, never shown to a player."""
