"""The solver's answers at fixed seeded positions of every game and player count,
one JSON line each, to show that a change of the code's shape changes no
behaviour: run it in the tree before and in the tree after, then compare.

    python3 bench/same_answers.py OUT.jsonl [POSITIONS_PER_GAME=3]
    diff before.jsonl after.jsonl        # empty: the same answers

For each game and player count: at seeded positions (random legal play from a
seeded deal), the hint's JSON at effort 200 (seed 1; no clock, so a pure
function of its seed), the same hint in the theme's words where the game has a
theme, the page's drawing of it (the hint panel's HTML and its first step), the
inference (`solver.api.infer`) and the hard, normal and easy bots' moves
(seed 3); where the game's hints split across workers and few deals are possible
(SPLIT_UP_TO), a search of every deal spread over two workers (solver.testing.Split); then the review of seat 0 in a seeded hand (the easy
bot in every seat to the end of the first hand) at the page's budget, as the
export and as the table of words (`solver.review.table`).

bench/same_outputs.py is the shorter check of hints and bots alone (48 positions).

A change of words alone changes the text but must change no number:

    python3 bench/same_answers.py --numbers before.jsonl after.jsonl

compares every number, true/false and null of the two files, line by line and
key by key (a key only the later file has is new words, not a changed value);
it prints each difference and how many lines agree.
"""
from __future__ import annotations

import json
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [ROOT, os.path.join(ROOT, "web")]

from pycore.answer import Hint                  # noqa: E402
from pycore.game import get_game                # noqa: E402
from pycore.records import dumps, record_of     # noqa: E402
from pycore.words import Narrator               # noqa: E402
from solver import api, bots, work              # noqa: E402
from solver.testing import Split                 # noqa: E402
from solver import review as hand_review        # noqa: E402
from manyhands_web import hint_view             # noqa: E402

CONFIGS = [("raven", 2), ("raven", 3), ("raven", 4), ("raven", 5), ("raven", 6), ("tricksters", 4),
           ("lunar", 2), ("lunar", 4), ("voren", 3), ("voren", 5), ("voren", 8)]
BUDGET = {"effort": 200, "seed": 1}
SPLIT_UP_TO = 2000       # a split search of every deal, where there are at most this many


def rules_of(name: str, players: int) -> dict:
    return {} if name == "tricksters" else {"players": players}


def seeded_positions(game, rules: dict, per: int, label: str):
    """`per` positions of the game, each a seat to act: random legal play from a
    seeded deal, every draw from a generator seeded by `label`."""
    rng = random.Random(label)
    done = 0
    while done < per:
        state = game.new_game(rules, seed=rng.randrange(10**6))
        for _ in range(rng.randrange(1, 200)):
            if state.is_terminal:
                break
            state = state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal:
            continue
        yield done, state
        done += 1


def positions(name: str, players: int, per: int):
    """`per` seeded positions of the game with `players`."""
    return seeded_positions(get_game(name), rules_of(name, players), per, f"same-answers/{name}/{players}")


def page_reading(answer: dict, state, seat: int, theme: str) -> dict:
    """What the page draws of a hint answer (hint_panel.py: read through
    Hint.from_json, drawn by hint_view.py)."""
    tell = Narrator(state.game, state.observation(seat), theme)
    hint = Hint.from_json(answer)
    return {"html": hint_view.hint_html(hint, tell), "first_step": hint_view.hint_first_step(hint, tell),
            "sentence": hint_view.hint_sentence(hint, tell)}


def position_lines(name: str, players: int, i: int, state) -> list[dict]:
    seat = state.current_player
    text = dumps(record_of(state))
    where = {"game": name, "players": players, "i": i}
    hint = api.hint(text, seat, BUDGET)
    typed = Hint.from_json(hint)
    lines = [{**where, "what": "hint", "hint": hint, "page": page_reading(hint, state, seat, "")}]
    for theme in state.game.words.themes:
        themed = api.hint(text, seat, BUDGET, theme=theme)
        lines.append({**where, "what": f"hint/{theme}", "hint": themed,
                      "page": page_reading(themed, state, seat, theme)})
    lines.append({**where, "what": "infer", "infer": api.infer(text, seat)})
    lines.append({**where, "what": "bots", "bots": [api.bot_move(text, seat, level, 3)
                                                   for level in ("hard", "normal", "easy")]})
    if typed.all_worlds_effort is not None and typed.worlds <= SPLIT_UP_TO:
        request = api.HintRequest.parse(text, seat, {**BUDGET, "all_worlds": True})
        lines.append({**where, "what": "split", "hint": work.drive(api.answer_steps(request), Split(2).run)})
    return lines


def hand_record(name: str, players: int) -> str:
    rng = random.Random(f"same-answers/review/{name}/{players}")
    seed = rng.randrange(10**6)
    state = get_game(name).new_game(rules_of(name, players), seed=seed)
    while not state.is_terminal and not state.finished_hands:
        state = state.apply_action(bots.choose(state, state.current_player, "easy", seed))
    return dumps(state)


def numbers(value, path: str = "") -> dict:
    """Every number, true/false and null of a JSON value by its path; lists keep
    their positions, strings are words and left out."""
    if isinstance(value, dict):
        return {k: v for key in value for k, v in numbers(value[key], f"{path}/{key}").items()}
    if isinstance(value, list):
        return {k: v for i, item in enumerate(value) for k, v in numbers(item, f"{path}/{i}").items()}
    return {} if isinstance(value, str) else {path: value}


def compare_numbers(before_path: str, after_path: str) -> int:
    """0 where every line of `after` has each number of the same line of
    `before` (and no number where `before` had none at a path both have)."""
    with open(before_path) as before, open(after_path) as after:
        pairs = list(zip(before, after))
    differ = 0
    for n, (a, b) in enumerate(pairs, 1):
        old, new = numbers(json.loads(a)), numbers(json.loads(b))
        changed = [p for p in old if old[p] != new.get(p, "missing")]
        if changed:
            differ += 1
            print(f"line {n}: {len(changed)} values differ, first {changed[0]}: "
                  f"{old[changed[0]]!r} -> {new.get(changed[0], 'missing')!r}")
    print(f"{len(pairs) - differ} of {len(pairs)} lines with the same numbers")
    return 1 if differ else 0


def main(argv: list[str]) -> int:
    if argv[1:2] == ["--numbers"]:
        return compare_numbers(argv[2], argv[3])
    out_path = argv[1]
    per = int(argv[2]) if len(argv) > 2 else 3
    start = time.perf_counter()
    with open(out_path, "w") as out:
        for name, players in CONFIGS:
            for i, state in positions(name, players, per):
                for line in position_lines(name, players, i, state):
                    out.write(json.dumps(line, sort_keys=True) + "\n")
            export = hand_review.review(hand_record(name, players), 0, 1, None, cache={})
            out.write(json.dumps({"game": name, "players": players, "what": "review", "review": export,
                                  "table": hand_review.table(export)}, sort_keys=True) + "\n")
            print(f"{name} {players}: done, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
