"""A seat's view of a game, and the per-game adapters that read it.

The view is what the seat may know: its observation, the public history, and the
constraint model on the cards it cannot see. A world (an assignment of those
cards to the hidden places) turns back into a complete record, which the engine
replays: a world is consistent exactly when every observed action is legal in
that replay and the seat's observation comes out the same.

The view keeps the real state only to ask the engine questions about positions
of the past (would this play still have been legal had the seat also held c?);
it never reads a hidden place of it: every probe first overwrites all of them.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field

from pycore.game import GameState, all_games

from .adapter import Adapter
from .errors import SolverError
from .worlds import Counter, Model

def adapter_for(game_name: str) -> Adapter:
    """The solver's adapter for a game of pycore's catalog: the `ADAPTER` that
    solver/games/<game>.py declares (solver/adapter.py); SolverError naming what
    is missing where a game has none (the conformance suite checks every game)."""
    games = all_games()
    if game_name not in games:
        raise SolverError(f"unknown game {game_name!r}; games: {', '.join(sorted(games))}")
    name = f"{__package__}.games.{game_name}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        raise SolverError(f"the game {game_name} has no solver adapter (solver/games/{game_name}.py)") from None
    adapter = vars(module).get("ADAPTER")
    if not isinstance(adapter, Adapter) or adapter.game != game_name:
        raise SolverError(f"solver/games/{game_name}.py declares no ADAPTER = Adapter({game_name!r}, ...) "
                          "(solver/adapter.py)")
    return adapter


@dataclass
class SeatView:
    seat: int
    obs: dict
    model: Model
    adapter: Adapter
    state: GameState = field(repr=False)        # probes only, hidden places overwritten
    extra: dict = field(default_factory=dict)   # what the adapter needs to rebuild records
    _counter: Counter | None = field(default=None, repr=False)

    @property
    def counter(self) -> Counter:
        if self._counter is None:
            self._counter = Counter(self.model)
        return self._counter

    def count(self) -> int:
        return self.counter.count()

    def consistent(self, world: dict) -> bool:
        return self.adapter.consistent(self, world)

    def world_state(self, world: dict) -> GameState:
        return self.adapter.world_state(self, world)


def view_of(state: GameState, seat: int, positions: list[GameState] | None = None) -> SeatView:
    """`seat`'s view of `state`. `positions`: every position of the game up to
    `state` (pycore.records.positions), when the caller has replayed the record:
    the adapter reads the earlier positions it asks about from them instead of
    replaying the game again."""
    return adapter_for(state.game.name).build_view(state, seat, positions)


def blank_probe(state: GameState, seat: int, **places) -> GameState:
    """`state` with every place hidden from `seat` emptied, then `places` set:
    the engine answers from public information and these cards only."""
    hidden = {name: () for name in state.hidden_places(seat)}
    hidden.update(places)
    return state.with_hidden(seat, hidden)
