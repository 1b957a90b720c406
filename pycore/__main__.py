"""python -m pycore replay FILE | python -m pycore play GAME [options]"""
from __future__ import annotations

import argparse
import json
import sys

from .errors import ManyhandsError


def _replay(args: argparse.Namespace) -> int:
    from .records import load_record, replay
    try:
        if args.file == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(args.file, "rb") as handle:
                data = handle.read()
    except OSError as exc:
        print(f"cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        state = replay(load_record(data))
    except ManyhandsError as exc:
        print(str(exc).replace("\n", " "), file=sys.stderr)
        return 2
    print(json.dumps(state.summary()))
    return 0


def _play(args: argparse.Namespace) -> int:
    from .play import play
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
    play.add_argument("--players", type=int, default=None)
    play.add_argument("--seat", type=int, default=None, help="your seat (asked if not given)")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--rules", default=None, help='more rules fields as JSON, e.g. \'{"short_game": true}\'')
    play.add_argument("--save", default=None, help="write the game's record here when it ends")
    play.set_defaults(run=_play)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
