"""python -m pycore replay FILE | python -m pycore play GAME [options]"""
from __future__ import annotations

import argparse
import json
import re
import sys

from .errors import quote


def _replay(args: argparse.Namespace) -> int:
    from .records import command_on_record, load_record, replay
    return command_on_record(args.file, lambda data: json.dumps(replay(load_record(data)).summary()))


def _whole_number(text: str) -> int:
    """argparse's type for --players, --seat, --seed: a whole number of at most 16
    digits (argparse's own message would quote all of a longer one)."""
    if not re.fullmatch(r"\s*[+-]?[0-9]{1,16}\s*", text):
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a whole number of at most 16 digits")
    return int(text)


def _play(args: argparse.Namespace) -> int:
    from .play import play
    # a line that is not UTF-8 is refused by play() and the game goes on: read
    # undecodable bytes as lone surrogates rather than fail (a strict decoder
    # would also lose the lines read with it)
    if hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="surrogateescape")
    return play(args.game, players=args.players, seat=args.seat, seed=args.seed,
                rules_json=args.rules, save=args.save)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pycore")
    sub = parser.add_subparsers(dest="command", required=True)
    replay = sub.add_parser("replay", help="replay a record and print its summary as JSON")
    replay.add_argument("file", help="the record (JSON); - for standard input")
    replay.set_defaults(run=_replay)
    play = sub.add_parser("play", help="play a game in the terminal against random opponents")
    play.add_argument("game")
    play.add_argument("--players", type=_whole_number, default=None)
    play.add_argument("--seat", type=_whole_number, default=None, help="your seat (asked if not given)")
    play.add_argument("--seed", type=_whole_number, default=None)
    play.add_argument("--rules", default=None, help='more rules fields as JSON, e.g. \'{"short_game": true}\'')
    play.add_argument("--save", default=None, help="write the game's record here when it ends")
    play.set_defaults(run=_play)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
