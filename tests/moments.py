"""Every moment of a seeded game as the page draws it, for the tests that read the
drawn table (tests/test_captions.py, tests/test_spelling.py); the start of a short
game's last hands, where the page takes a whole game up (tests/browser/test_moments.py)."""
from __future__ import annotations

import random
from typing import Callable, Iterator

from pycore import all_games


def tables() -> list[tuple[str, int]]:
    """Every game with every player count its rules allow."""
    out = []
    for name, game in sorted(all_games().items()):
        field = next(f for f in game.Rules.describe() if f["name"] == "players")
        out += [(name, n) for n in (field["choices"] or range(field["minimum"], field["maximum"] + 1))]
    return out


def late_in_the_game(name: str, rules: dict, seed: int, hands_left: int):
    """The start of the game's last `hands_left` hands, every seat playing its first
    legal choice (the page's players then play on as they will: a game to a target
    may last longer), with at least one hand before them, which the page imports as
    a record so that the pad shows every hand: a game's WHOLE_GAME_CASES give rules
    of two hands or more (AssertionError naming the game and its file otherwise)."""
    state = all_games()[name].new_game(rules, seed=seed)
    trail = [state]
    while not state.is_terminal:
        state = state.apply_action(state.legal_actions()[0])
        trail.append(state)
    starts = state.hand_starts
    assert len(starts) > 1, (f"{name}'s WHOLE_GAME_CASES rules {rules} make a game of one hand: the page "
                             f"plays a game's last hands after one imported, so give rules of two hands or "
                             f"more (tests/games/test_{name}.py)")
    return trail[starts[max(1, len(starts) - hands_left)]]


def finished_tricks(obs: dict) -> list[tuple[int, int]]:
    return [(h, k) for h, hand in enumerate(obs.get("hands") or [])
            for k, trick in enumerate(hand["tricks"]) if trick.get("winner") is not None]


def rotating(state, step: int) -> int:
    """A different seat at each step: every seat's view of the game."""
    return step % state.players


def moments(name: str, players: int, seed: int, viewer: Callable = rotating) -> Iterator[tuple]:
    """(state, observation, ui) at every moment of a seeded game with random legal
    moves, as the page draws it, seen from `viewer(state, step)`: the trick just
    finished kept in the middle (table.py's mark_moment); when a hand has just ended,
    once with its score sheet held open and once as the next decision after
    Continue; at the end, once more with the score pad open and the result closed."""
    state = all_games()[name].new_game({"players": players}, seed=seed)
    rng = random.Random(seed)
    done: list = []
    scored = 0
    step = 0
    while True:
        obs = state.observation(viewer(state, step))
        now = finished_tricks(obs)
        moment = now[-1] if len(now) > len(done) else None
        ui = {"selected": [], "computer": {}, "moment": moment}
        if len(obs.get("hand_results") or []) > scored:
            yield state, obs, dict(ui, sheet=len(obs["hand_results"]) - 1, holding="hand")
        yield state, obs, ui
        if state.is_terminal:
            yield state, obs, dict(ui, show_scores=True, end_closed=True)
            return
        done, scored = now, len(obs.get("hand_results") or [])
        state = state.apply_action(rng.choice(state.legal_actions()))
        step += 1
