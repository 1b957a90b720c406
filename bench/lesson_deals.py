"""Find a deal for a guided first hand (web/manyhands_web/games/*_lesson.py): play
the first hand of each seed with the page's computer player at every seat (yours
too, so that the move a lesson teaches is a sound one) and print the first seed
whose hand shows what the lesson must teach, with the whole action list to paste
into the lesson. Run natively:

    .venv/bin/python -m bench.lesson_deals tricksters --from 1 --tries 40
"""
from __future__ import annotations

import argparse
import json
import time

from pycore import get_game
from solver import bots

# What each lesson's hand must show, read from the engine's observation at the
# hand's end from seat 0: per lesson key, its rules, what the deal must be before
# anyone plays, and what the hand played must show.
WANTS = {
    # seat 0 across from the dealer (gives the partners), a tie in some trick, a trick seat 0 leads
    "tricksters": (dict(), lambda game, state: game.first_dealer(state.rules, state.seed) == 2,
                   lambda game, state: any("tie" in line for line in trick_lines(state))
                   and any(t["cards"][0][0] == 0 for t in state.observation(0)["hands"][0]["tricks"])),
    # the dealer deals a poke and seat 0 takes it; someone folds; seat 0 takes a trick and
    # someone who played is looed
    "voren": (dict(), lambda game, state: True,
              lambda game, state: voren_shows(state.observation(0)["hand_results"][0])),
    # seat 0 bids exactly what it takes, leads the Dwarf naming a suit, plays the Shaman to take a
    # trick and one more specialist (all four are dealt with four players, so all are played)
    "raven": (dict(), lambda game, state: True, lambda game, state: raven_shows(state)),
}
WANTS["lunar"] = (  # four players: seat 0 turns the last tile (so chooses trump between two), and its team
    # ends on a scoring space of the track with a star card kept
    dict(), lambda game, state: True, lambda game, state: lunar_shows(state.observation(0)))
WANTS["lunar-sky"] = (dict(players=2),) + WANTS["lunar"][1:]    # the same with two players and the Sky
WANTS["raven-prophecy"] = WANTS["raven"]     # the same hand in the Prophecy theme


def raven_shows(state) -> bool:
    obs = state.observation(0)
    result = obs["hand_results"][0]
    mine = {token.split(" ")[0] for seat, token in obs["history"] if seat == 0}
    return (result["exact"][0] and any(seat == 0 and token.startswith("Dwarf ") for seat, token in obs["history"])
            and any(s["seat"] == 0 and s["won"] for s in result["shaman"])
            and len(mine & {"Raven", "Wolf", "Shaman", "Dwarf"}) >= 3)


def lunar_shows(obs) -> bool:
    team = obs["hand_results"][0]["teams"][0]
    turners = [seat for seat, token in obs["history"] if token and token.startswith("turn ")]
    return turners[-1:] == [0] and team["track_points"] > 0 and bool(team["stars"])


def voren_shows(result) -> bool:
    choices = result["choices"]
    return (result["options"]["poke"] and not result["options"]["allplay"] and choices[0] == "poke"
            and "fold" in choices and result["uncontested"] is None and result["tricks"][0] >= 1
            and bool(result["looed"]))


def trick_lines(state):
    from pycore.words import Narrator
    obs = state.observation(0)
    tell = Narrator(state.game, obs)
    return [tell.trick_taken(t, h, k) for h, hand in enumerate(obs["hands"])
            for k, t in enumerate(hand["tricks"]) if t.get("winner") is not None]


def first_hand(game, rules, seed, level):
    state = game.new_game(rules, seed=seed)
    while not state.finished_hands:
        seat = state.current_player
        action = bots.choose(state, seat, level, seed=bots.page_seed(state))
        state = state.apply_action(action)
    return state


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("lesson", choices=sorted(WANTS))
    parser.add_argument("--game", default=None, help="the engine's game (default: the lesson's key)")
    parser.add_argument("--from", dest="start", type=int, default=1)
    parser.add_argument("--tries", type=int, default=30)
    parser.add_argument("--level", default="normal")
    args = parser.parse_args()
    rules, deal_ok, want = WANTS[args.lesson]
    game = get_game(args.game or args.lesson)
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
            return
    print(f"none in {args.tries} seeds ({time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()
