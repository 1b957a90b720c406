"""Par: how the computer would have done with your cards.

    python -m solver.par RECORD --seat S [--hand N] [--level normal] [--json]

The par of a finished hand for a seat is the seat's points for that hand when
the same hand is played again from the same position (the record up to the
hand's first action: the same deal, the scores so far) with the hard computer
player in the seat and the other seats played by the computer at `level` (the
page's one level for its computer players), every move seeded as the page seeds
its computer players (solver.bots.page_seed). So the opponents are the page's:
where the seat's moves are the hard player's, the par game is the game the
page played, move for move, and the par equals the score.

A hand's points are the engine's (the record's replay summary): tricks and
bonuses, Lunar's team points, Voren's chips won minus chips paid.

The par depends on nothing but the record up to the hand's start, the seat and
the level: it is a pure function of them. It costs a hand of computer moves,
the seat's at the hard level (bench/par.py measures it per game).
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from pycore.errors import quote
from pycore.records import command_on_record, load_record, positions

from . import bots, work
from .errors import SolverError

FORMAT = "manyhands-par/1"
PAR_LEVEL = "hard"          # the player in the seat whose par it is


def check_level(level: Any) -> str:
    if not isinstance(level, str) or level not in bots.LEVELS:
        raise SolverError(f"level must be one of {', '.join(bots.LEVELS)}, not {quote(level)}")
    return level


def check_seat(seat: Any, players: int) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise SolverError(f"no seat {quote(seat)} in a {players}-player game (seats 0 to {players - 1})")
    return seat


def hand_starts(trail: list) -> list[int]:
    """For each finished hand of the replayed game (`trail`: its every position),
    the index of the position it starts from: the first with the hands before it
    scored."""
    finished = len(trail[-1].finished_hands)
    starts, index = [], 0
    for number in range(finished):
        while len(trail[index].finished_hands) < number:
            index += 1
        starts.append(index)
    return starts


def play_hand(trail: list, seat: int, level: str, effort: int | None = None) -> list:
    """The hand that starts at `trail[-1]` (the game's every position up to it)
    played to its end, `seat` by the hard player and the others at `level`, each
    move seeded by bots.page_seed: the positions from the hand's start to its end.
    `effort` (tests only) overrides every searching level's effort."""
    return work.drive(play_hand_steps(trail, seat, level, effort))


def play_hand_steps(trail: list, seat: int, level: str, effort: int | None = None):
    """`play_hand` as a generator of its moves' batches (solver/work.py)."""
    trail = list(trail)
    start = len(trail) - 1
    state = trail[-1]
    mark = len(state.finished_hands)
    while not state.is_terminal and len(state.finished_hands) == mark:
        actor = state.current_player
        action = yield from bots.choose_steps(state, actor, PAR_LEVEL if actor == seat else level,
                                              bots.page_seed(state), effort=effort, positions=trail)
        state = state.apply_action(action)
        trail.append(state)
    return trail[start:]


def check_hand(hand: Any) -> int | None:
    if hand is not None and (isinstance(hand, bool) or not isinstance(hand, int) or hand < 1):
        raise SolverError(f"a hand is numbered from 1, not {quote(hand)}")
    return hand


def par(record_json: Any, seat: Any, level: Any = "normal", hand: Any = None, progress=None,
        effort: int | None = None) -> dict:
    """The seat's score and par for `hand` (1-based) of the record, or for every
    finished hand (None): {"format", "game", "seat", "level", "hands": [{"hand",
    "score", "par", "actions"}]}, "actions" being the par hand's action tokens
    (how the computer played it). `progress(done, total)`: hands done. Every
    input is checked before any move is searched: RecordError for the record,
    SolverError for the rest, one line. `effort`: tests only (see play_hand)."""
    return work.drive(par_steps(record_json, seat, level, hand, progress, effort))


def par_steps(record_json: Any, seat: Any, level: Any = "normal", hand: Any = None, progress=None,
              effort: int | None = None):
    """`par` as a generator of its moves' batches (solver/work.py): spread over
    the page's pool like any computer move."""
    record = load_record(record_json)
    level = check_level(level)
    hand = check_hand(hand)
    replaying = positions(record)
    trail = [next(replaying)]
    seat = check_seat(seat, trail[0].players)
    trail.extend(replaying)
    starts = hand_starts(trail)
    if hand is not None and hand > len(starts):
        raise SolverError(f"hand {hand} is not a finished hand of this record "
                          f"(it has {len(starts)} finished)")
    numbers = range(1, len(starts) + 1) if hand is None else (hand,)
    final = trail[-1]
    game = final.game
    hands = []
    if progress is not None:
        progress(0, len(numbers))
    for number in numbers:
        played = yield from play_hand_steps(trail[:starts[number - 1] + 1], seat, level, effort)
        hands.append({"hand": number, "score": final.finished_hands[number - 1][1][seat],
                      "par": played[-1].finished_hands[number - 1][1][seat],
                      "actions": [game.action_token(before, after.history[-1][1])
                                  for before, after in zip(played, played[1:])]})
        if progress is not None:
            progress(len(hands), len(numbers))
    return {"format": FORMAT, "game": record.game, "seat": seat, "level": level, "hands": hands}


def table(result: dict) -> str:
    """The par in words, one line a hand: "Hand 2: seat 1 scored 7 points; par 5"."""
    from pycore.game import get_game
    from pycore.words import with_unit
    words = get_game(result["game"]).words
    lines = [f"{words.hand_word.capitalize()} {h['hand']}: seat {result['seat']} scored "
             f"{with_unit(str(h['score']), words.unit + 's')}; par {h['par']} (hard in the seat, "
             f"the others {result['level']})" for h in result["hands"]]
    return "\n".join(lines or [f"No finished {words.hand_word} in this record: no par yet."]) + "\n"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):
        """A bad option is one line, exit 2."""
        self.exit(2, f"{self.prog}: {message}\n")


def main(argv: list[str] | None = None) -> int:
    from pycore.__main__ import _whole_number   # argparse's type: a whole number, quoted short if not
    parser = _Parser(prog="python -m solver.par",
                     description="Each finished hand's score for a seat and its par: the same hand "
                                 "played by the hard computer player against the same opponents.")
    parser.add_argument("record", help="the record (JSON); - for standard input")
    parser.add_argument("--seat", type=_whole_number, required=True, help="the seat (0-based)")
    parser.add_argument("--hand", type=_whole_number, default=None,
                        help="the hand (1-based; default: every finished hand)")
    parser.add_argument("--level", default="normal",
                        help=f"the other seats' level: {', '.join(bots.LEVELS)} (default normal)")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    args = parser.parse_args(argv)

    def work(data: bytes) -> str:
        result = par(data, args.seat, args.level, args.hand)
        return json.dumps(result) if args.json else table(result)
    return command_on_record(args.record, work)


if __name__ == "__main__":
    sys.exit(main())
