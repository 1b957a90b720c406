"""How long a shared deal's link is (pycore/share.py), per game and rules preset:
the code after "#deal=", for the first hand and for the last hand of a whole
game (the longest: it carries every action before that hand), with the deals
made by the seed (a game the page dealt) and written out (a record whose seed
does not make its deals, such as an imported one).

    python bench/share_links.py [--games 5] [--seed 1]

Games are played to their end by the easy player (page seeds). Printed: the
median and longest code over the games, in characters.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pycore import all_games, get_game, record_of, replay   # noqa: E402
from pycore.share import challenge_of, encode                # noqa: E402
from solver import bots                                      # noqa: E402


def whole_game(game: str, rules: dict, seed: int) -> dict:
    state = get_game(game).new_game(rules, seed=seed)
    while not state.is_terminal:
        state = state.apply_action(bots.choose(state, state.current_player, "easy", bots.page_seed(state)))
    return record_of(state).to_json()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=5, help="games per rules preset")
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    print(f"link codes in characters, {a.games} whole games per preset (easy players), seed {a.seed}: "
          "median / longest")
    print(f"{'game':>10} {'rules':<44} {'hands':>5} {'hand 1':>9} {'last hand':>10} {'written out: 1':>15} "
          f"{'last':>10}")
    longest = 0
    for name, game in sorted(all_games().items()):
        for rules in game.presets():
            rows: dict[str, list[int]] = {"first": [], "last": [], "first_w": [], "last_w": [], "hands": []}
            for g in range(a.games):
                record = whole_game(name, rules, a.seed * 1000 + g)
                written = {**record, "seed": record["seed"] + 1}   # the deals stay: the seed no longer makes them
                last = len(replay(record).finished_hands)
                rows["hands"].append(last)
                for key, rec in (("", record), ("_w", written)):
                    rows["first" + key].append(len(encode(challenge_of(rec, 0, 1, "normal", "", -10))))
                    rows["last" + key].append(len(encode(challenge_of(rec, 0, last, "normal", "", -10))))
            longest = max(longest, *rows["last_w"], *rows["last"])
            said = ", ".join(f"{k}={v}" for k, v in rules.items() if k != "deck") + \
                (", own deck" if "deck" in rules else "")
            cell = lambda xs: f"{statistics.median(xs):.0f} / {max(xs)}"
            print(f"{name:>10} {said:<44} {max(rows['hands']):>5} {cell(rows['first']):>9} "
                  f"{cell(rows['last']):>10} {cell(rows['first_w']):>15} {cell(rows['last_w']):>10}", flush=True)
    print(f"longest code: {longest} characters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
