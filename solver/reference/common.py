"""What both reference bots share: the playout to the end of the hand."""
from __future__ import annotations


def playout(adapter, state, mark: int, rng, counts: dict):
    """The hand `mark` played to its end by the game's fast policy for every seat
    (the adapter's own faster playout when it has one)."""
    counts["playouts"] = counts.get("playouts", 0) + 1
    custom = getattr(adapter, "playout", None)
    if custom is not None:
        return custom(state, mark, rng)
    while adapter.hand_mark(state) == mark:
        state = adapter.fast_apply(state, adapter.policy_action(state, rng))
    return state
