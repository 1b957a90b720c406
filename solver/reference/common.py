"""What both reference bots share: the playout to the end of the hand."""
from __future__ import annotations

import random
from typing import NamedTuple

from ..view import view_of


class Decision(NamedTuple):
    """A reference bot's decision: the seat's legal actions, its view, the game's
    adapter, the bot's own seeded random stream and the hand being played."""
    legal: list
    view: object
    adapter: object
    rng: random.Random
    mark: int


def decision(state, seat: int, bot: str, seed: int) -> Decision:
    """What both bots start a decision from (seeded by bot, seed, position and seat)."""
    view = view_of(state, seat)
    rng = random.Random(f"manyhands/{bot}/{seed}/{len(state.history)}/{seat}")
    return Decision(state.legal_actions(), view, view.adapter, rng, view.adapter.hand_mark(state))


def playout(adapter, state, mark: int, rng, counts: dict):
    """The hand `mark` played to its end by the game's fast policy for every seat
    (the adapter's own faster playout when it has one)."""
    counts["playouts"] = counts.get("playouts", 0) + 1
    return adapter.playout(state, mark, rng)
