"""What both reference bots share: where a decision starts (the seat's view, its
legal actions, the bot's own seeded random stream)."""
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

