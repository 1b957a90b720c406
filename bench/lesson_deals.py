"""Find a deal for a guided first hand (web/manyhands_web/games/*_lesson.py): play
the first hand of each seed with the page's computer player at every seat (yours
too, so that the move a lesson teaches is a sound one) and print the first seed
whose hand shows what the lesson must teach, with the whole action list to paste
into the lesson. Run natively:

    .venv/bin/python -m bench.lesson_deals tricksters --from 1 --tries 40

A new game's lesson is registered first with what it must show and no actions yet
(`register(Lesson(key=..., game=..., rules=..., seed=1, actions=(), shows=...))`,
imported in web/manyhands_web/games/__init__.py); this script then prints the seed
and the actions to paste in (your decisions: the indices where `seat`, 0, acts).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from pycore import get_game
from solver import bots

ROOT = Path(__file__).resolve().parents[1]


def lesson(key: str):
    """A registered lesson (each game's web/manyhands_web/games/<game>_lesson.py) with
    what its hand must show: its `deal_wanted` before anyone plays, its `shows` once
    the hand is played."""
    sys.path.insert(0, str(ROOT / "web"))
    from manyhands_web import games  # noqa: F401  (the games register their lessons)
    from manyhands_web.lesson import LESSONS
    return LESSONS[key] if key else LESSONS


def trick_lines(state):
    sys.path.insert(0, str(ROOT / "web"))
    from manyhands_web.lesson import trick_lines as lines
    return lines(state)


def first_hand(game, rules, seed, level):
    state = game.new_game(rules, seed=seed)
    while not state.finished_hands:
        seat = state.current_player
        action = bots.choose(state, seat, level, seed=bots.page_seed(state))
        state = state.apply_action(action)
    return state


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("lesson", choices=sorted(lesson("")),
                        help="a registered lesson's key (a new one: register it first with its `shows` "
                             "and actions=(), as this script's docstring says)")
    parser.add_argument("--from", dest="start", type=int, default=1)
    parser.add_argument("--tries", type=int, default=30)
    parser.add_argument("--level", default="normal")
    args = parser.parse_args()
    chosen = lesson(args.lesson)
    rules, game = chosen.rules, get_game(chosen.game)
    deal_ok = chosen.deal_wanted or (lambda game, state: True)
    want = chosen.shows or (lambda game, state: True)
    started = time.monotonic()
    for seed in range(args.start, args.start + args.tries):
        if not deal_ok(game, game.new_game(rules, seed=seed)):
            continue           # (what the deal shows before anyone plays)
        state = first_hand(game, rules, seed, args.level)
        tokens = state.action_tokens()
        if want(game, state):
            print(f"seed {seed} ({time.monotonic() - started:.0f} s)")
            print(json.dumps(tokens))
            for line in trick_lines(state):
                print(" ", line)
            print("your decisions (action index: the legal moves; * several, a `free` candidate):")
            replayed = game.new_game(rules, seed=seed)
            for index, token in enumerate(tokens):
                if replayed.current_player == chosen.seat:
                    legal = [game.action_token(replayed, a) for a in replayed.legal_actions()]
                    print(f"  {index}{'*' if len(legal) > 1 else ' '} {token}: {' '.join(legal)}")
                replayed = replayed.apply_action(game.parse_action(replayed, token))
            return
    print(f"none in {args.tries} seeds ({time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()
