"""Manyhands' rules engine: four trick-taking games on one shared core.

Standard library only; runs on CPython 3.11 and in Pyodide.
"""
from .errors import (DealError, IllegalActionError, ManyhandsError, PositionError,
                     RecordError, RulesError, TokenError)
from .game import Game, GameState, all_games, get_game
from .records import Record, load_record, record_of, replay
from . import games  # noqa: E402,F401  (last: registers every game, the one catalog)

__all__ = [
    "DealError", "Game", "GameState", "IllegalActionError", "ManyhandsError", "PositionError", "Record",
    "RecordError", "RulesError", "TokenError", "all_games", "get_game", "load_record",
    "record_of", "replay",
]
