"""The JSON entry points for the web worker: JSON in, JSON out.

    hint(record_json, seat, budget=None, progress=None) -> dict
    bot_move(record_json, seat, level="normal", seed=0) -> str (an action token)
    infer(record_json, seat) -> dict
    review(record_json, seat, hand=None, budget=None, progress=None) -> dict (the hand review)

`record_json` is a record (shared/spec/records.md) as text or as a parsed object;
`budget` is the search effort in playouts (an int) or {"effort": int, "seed": int};
a hint that "splits" can be searched by several workers: {"effort", "seed",
"part": [i, k]} answers part i of k ({"sums": ...}), and {"effort", "seed",
"sums": [every part's "sums"]} the whole hint, as one search would give it.
"""
from __future__ import annotations

import json
from typing import Any

from pycore.records import replay

from . import bots, hints
from .view import view_of


def _state(record_json: Any):
    return replay(json.loads(record_json) if isinstance(record_json, str) else record_json)


def hint(record_json: Any, seat: int, budget: Any = None, progress=None) -> dict:
    """`progress`, if given, is called as progress(done, total) while the hint is
    worked out: worlds searched of those to search, ending at (total, total)."""
    effort, seed, split = hints.DEFAULT_EFFORT, 0, {}
    if isinstance(budget, dict):
        effort = int(budget.get("effort", effort))
        seed = int(budget.get("seed", seed))
        if budget.get("part") is not None:
            try:
                i, k = budget["part"]
                split["part"] = (int(i), int(k))
            except (TypeError, ValueError):
                raise ValueError(f"budget part must be [i, k] (part i of k), not {budget['part']!r}") from None
        if budget.get("sums") is not None:
            if not isinstance(budget["sums"], list):
                raise ValueError(f"budget sums must be a list of every part's sums, not {budget['sums']!r}")
            split["sums"] = budget["sums"]
    elif budget is not None:
        effort = int(budget)
    return hints.hint(_state(record_json), int(seat), effort, seed, progress=progress, **split)


def bot_move(record_json: Any, seat: int, level: str = "normal", seed: int = 0) -> str:
    state = _state(record_json)
    action = bots.choose(state, int(seat), level, int(seed))
    return state.game.action_token(state, action)


def infer(record_json: Any, seat: int) -> dict:
    view = view_of(_state(record_json), int(seat))
    return {"worlds": view.count(), "worlds_text": f"{view.count():,}",
            "places": hints.inference(view), "model": view.model.to_json()}


def review(record_json: Any, seat: int, hand: int | None = None, budget: Any = None,
           progress=None) -> dict:
    """The hand review (solver/review.py) of `hand` (1-based; None: every finished
    hand) for `seat`: the record and, per decision, the choice, the hint's best and
    the face-up best with their costs; `progress(done, total)` in decisions."""
    from . import review as hand_review
    return hand_review.review(record_json, seat, hand, budget, progress)
