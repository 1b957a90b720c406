"""What the hint worker answers: JSON in, JSON out, so every request is a record
the tests can replay.

    {"op": "hello"}                                             -> {"solver": bool, ...}
    {"op": "bot", "record": {...}, "seat": 1, "level": "normal", "seed": 7} -> {"token": "Sw12", "policy": ...}
    {"op": "hint", "record": {...}, "seat": 0, "budget": null}  -> the solver's hint, or
                                                                  {"available": false, "message": ...}
    {"op": "review", "record": {...}, "seat": 0, "hand": 1, "budget": null}
                                                             -> the hand review (solver.api.review)

The solver (solver.api) does the thinking, for every game and rules option. Only
a build without solver/ has computer players use a clearly-labelled simple policy
(the first legal action), and hints say they are unavailable; no solver logic
lives here.
"""
from __future__ import annotations

import inspect
import json

FALLBACK_POLICY = "simple policy: first legal action (no solver in this build)"


def _solver():
    try:
        from solver import api
    except ImportError:
        return None
    return api


def _call(fn, *args, **kwargs):
    """Call `fn` with only the keyword arguments it accepts (the solver's API may
    not take a progress callback)."""
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        params = {}
    if not any(p.kind == p.VAR_KEYWORD for p in params.values()):
        kwargs = {k: v for k, v in kwargs.items() if k in params}
    return fn(*args, **kwargs)


def hello() -> dict:
    api = _solver()
    return {"solver": api is not None,
            "policy": "solver" if api is not None else FALLBACK_POLICY}


def bot(record: dict, seat: int, level: str, seed: int) -> dict:
    api = _solver()
    if api is not None and hasattr(api, "bot_move"):
        # the solver covers every game and rules option (Lunar's mixed deal too): an
        # error is a bug to show (the page says the computer player failed), not a
        # reason to play on with a weaker policy
        return {"token": _call(api.bot_move, record, seat, level, seed), "policy": "solver"}
    from pycore.records import replay
    state = replay(record)
    if state.current_player != seat:
        raise ValueError(f"seat {seat} is not to act")
    return {"token": state.game.action_token(state, state.legal_actions()[0]), "policy": FALLBACK_POLICY}


def throttled(progress, steps: int = 100):
    """`progress(done, total)` passed on only when it moves by a whole step of
    `steps` (and at the end), so the page gets at most ~`steps` messages."""
    if progress is None:
        return None
    last = None

    def report(done: int, total: int) -> None:
        nonlocal last
        step = (done * steps) // total if total else steps
        if step != last or done == total:
            last = step
            progress(done, total)
    return report


def hint(record: dict, seat: int, budget=None, progress=None) -> dict:
    """`progress(done, total)`: the solver's progress in worlds searched."""
    api = _solver()
    if api is None or not hasattr(api, "hint"):
        return {"available": False,
                "message": "Hints are unavailable: this build has no solver yet."}
    try:
        result = _call(api.hint, record, seat, budget, progress=throttled(progress))
    except Exception as exc:
        return {"available": False,
                "message": f"Hints are unavailable here: the solver failed ({type(exc).__name__}: {exc})."}
    if isinstance(result, dict):
        result.setdefault("available", True)
    return result


def review(record: dict, seat: int, hand=None, budget=None, progress=None) -> dict:
    """The hand review; `progress(done, total)` in decisions analysed. An error
    (a bad seat, an unfinished hand) is said, not raised: the worker survives."""
    api = _solver()
    if api is None or not hasattr(api, "review"):
        return {"available": False, "message": "The review is unavailable: this build has no solver yet."}
    try:
        result = api.review(record, seat, hand, budget, progress=progress)
    except ValueError as exc:
        return {"available": False, "message": f"This hand cannot be reviewed: {exc}"}
    result["available"] = True
    return result


def handle(text: str, progress=None) -> str:
    request = json.loads(text)
    op = request.get("op")
    if op == "hello":
        out = hello()
    elif op == "bot":
        out = bot(request["record"], request["seat"], request.get("level", "normal"), request.get("seed", 0))
    elif op == "hint":
        out = hint(request["record"], request["seat"], request.get("budget"), progress=progress)
    elif op == "review":
        out = review(request["record"], request["seat"], request.get("hand"), request.get("budget"),
                     progress=progress)
    else:
        raise ValueError(f"unknown request {op!r}")
    return json.dumps(out)
