"""Every value the hint and the review call exact, against the plain search.

    python bench/exact_check.py [--positions 200] [--games raven:4,...] [--limit 300000]
    python bench/exact_check.py --time [--positions 30]

Check (the default): seeded positions of random games, per game and player
count, in the last tricks (where the hint's endgame search is exact) and just
before them (where the review's face-up column may still search exactly:
Voren's play-or-fold, a trick or two above the endgame); at each, the seat to
act asks
- the hint (effort 160, seed 0; where not exact, "Search all deals" too, with
  at most MOST_WORLDS deals): every choice it marks exact must equal the mean
  over every consistent deal of the plain search's value
  (solver/reference/plain.py: every line to the end of the hand, no memo);
  In a game whose hint is rarely exact as it stands (deals by the million:
  Raven, Voren), the hint's search of every deal is also run on the view narrowed
  to at most 30 deals (hidden cards pinned where they truly are), each value
  against the mean of the plain search over them;
- the review's face-up column (solver/faceup.py) on the true deal: where it
  says exact, every value must equal the plain search's.
Each game's own solver tests say its tables, endgame and the rest (`EXACT_CHECK`
in tests/solver/test_<game>_hints.py). A plain search that looks at more than `--limit` positions is skipped and
counted. Printed per row: positions, values checked and wrong, skipped; how
many face-up columns were exact. Exits 1 if any value is wrong.

--time: the exact endgame search alone (every legal action, one memo) and the
hint (effort 160) at seeded positions where the hint's search is exact: median
and p90 milliseconds natively. Runs in an older tree too (copy this file
there), for before/after timings on one machine.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pycore.answer import Hint               # noqa: E402
from pycore.game import get_game            # noqa: E402
from solver.hints import hint               # noqa: E402
from solver.view import adapter_for, view_of  # noqa: E402
from tests.catalog import own_tests         # noqa: E402

MOST_WORLDS = 200       # "Search all deals" asked for with at most this many


def checked(name: str) -> dict:
    """How the game is checked (its own solver tests' EXACT_CHECK): positions are drawn
    at its exact endgame, and just above it where the review's face-up column tries
    its exact search (solver.faceup.worth_searching)."""
    return own_tests(name, "hints").EXACT_CHECK


def default_games() -> str:
    from pycore import all_games
    return ",".join(f"{name}:{players}" for name in sorted(all_games()) for players in checked(name)["players"])


def positions(name: str, players: int, count: int, cards: int, seed: int = 0):
    """`count` decisions of seeded random games with a choice, the first of each
    game's hand once at most `cards` cards are left (Voren: before its tricks too)."""
    game, adapter = get_game(name), adapter_for(name)
    rng = random.Random(f"exact-check/{name}/{players}/{cards}/{seed}")
    out = []
    while len(out) < count:
        state = game.new_game({"players": players}, seed=rng.randrange(10**6))
        stop = rng.randrange(0, 4)
        while not state.is_terminal and not state.finished_hands:
            late = adapter.cards_left(state) <= cards and (
                adapter.current_trick_index(state) is not None or checked(name).get("before_tricks"))
            if late and len(state.legal_actions()) > 1:
                if stop == 0:
                    out.append(state)
                    break
                stop -= 1
            state = state.apply_action(rng.choice(state.legal_actions()))
    return out


def plain_value(adapter, state, seat: int, mark: int, limit: int):
    """The plain search's value for `seat` (TooLong past `limit` positions)."""
    from solver.reference.plain import plain_points
    return plain_points(adapter, state, seat, mark, limit)


def narrowed(adapter, state, seat: int, mark: int, limit: int, row: dict) -> None:
    """The hint's search of every deal (search.rank, all_worlds), exact per deal,
    on the seat's view narrowed to at most 30 deals by pinning hidden cards where
    they truly are (as tests/solver/checks.py does): each value against the mean
    of the plain search over those deals."""
    from solver.search import rank
    from solver.reference.plain import TooLong
    from solver.testing import reduce
    view = view_of(state, seat)
    truth = adapter.model_world(state, {p: tuple(sorted(c)) for p, c in state.hidden_places(seat).items()})
    view.model = reduce(view, truth, random.Random(len(state.history)), 30, count_when_free=12)
    view._counter = None
    r = rank(view, all_worlds=True)
    worlds = list(view.counter.worlds())
    try:
        for st in r.stats:
            total = sum(plain_value(adapter, view.world_state(w).apply_action(st.action), seat, mark, limit)
                        for w in worlds)
            row["narrowed"] += 1
            if abs(st.ev - total / len(worlds)) > 1e-9:
                row["hint_wrong"] += 1
                print(f"  narrowed search wrong: {st.token} {st.ev} != {total / len(worlds)} at "
                      f"{state.game.position_text(state)}", flush=True)
    except TooLong:
        row["skipped"] += 1


def check(name: str, players: int, count: int, limit: int) -> dict:
    from solver.faceup import face_up
    from solver.reference.plain import TooLong
    adapter = adapter_for(name)
    row = {"positions": 0, "hint_exact": 0, "narrowed": 0, "hint_wrong": 0, "face_exact": 0, "face_values": 0,
           "face_wrong": 0, "skipped": 0, "faces": 0}
    from solver.faceup import EXACT_CARDS
    above = checked(name).get("face_up", lambda players: EXACT_CARDS + players)(players)
    found = positions(name, players, count // 2, checked(name)["endgame"]) + \
        positions(name, players, count - count // 2, above, 1)
    for state in found:
        row["positions"] += 1
        seat, mark = state.current_player, adapter.hand_mark(state)
        legal = {state.game.action_token(state, a): a for a in state.legal_actions()}
        # the hint's exact values: the mean over every deal of the plain value
        h = Hint.from_json(hint(state, seat, effort=160, seed=0))
        if not h.exact and h.all_worlds_effort and h.worlds <= MOST_WORLDS:
            h = Hint.from_json(hint(state, seat, effort=160, seed=0, all_worlds=True))    # "Search all deals"
        exact = [a for a in h.actions if a.exact]
        if exact:
            view = view_of(state, seat)
            worlds = list(view.counter.worlds())
            try:
                for entry in exact:
                    total = sum(plain_value(adapter, view.world_state(w).apply_action(legal[entry.action]),
                                            seat, mark, limit) for w in worlds)
                    row["hint_exact"] += 1
                    if abs(round(total / len(worlds), 3) - entry.ev) > 1e-9:
                        row["hint_wrong"] += 1
                        print(f"  hint wrong: {entry.action} {entry.ev} != {total / len(worlds)} at "
                              f"{state.game.position_text(state)}", flush=True)
            except TooLong:
                row["skipped"] += 1
        if checked(name).get("narrowed") and adapter.search_exactly(state):
            narrowed(adapter, state, seat, mark, limit, row)
        # the face-up column on the true deal
        up = face_up(state, seat)
        row["faces"] += 1
        if up.exact:
            row["face_exact"] += 1
            try:
                for token, value in up.values.items():
                    want = plain_value(adapter, state.apply_action(legal[token]), seat, mark, limit)
                    row["face_values"] += 1
                    if want != value:
                        row["face_wrong"] += 1
                        print(f"  face-up wrong: {token} {value} != {want} at "
                              f"{state.game.position_text(state)}", flush=True)
            except TooLong:
                row["skipped"] += 1
    return row


def timing(name: str, players: int, count: int) -> dict:
    adapter = adapter_for(name)
    searches, hints = [], []
    for state in positions(name, players, count, checked(name)["endgame"]):
        seat, mark = state.current_player, adapter.hand_mark(state)
        if adapter.exact_final is not None and adapter.search_exactly(state):
            start = time.process_time()
            memo: dict = {}
            for action in state.legal_actions():
                adapter.exact_final(state.apply_action(action), seat, mark, memo)
            searches.append(1000 * (time.process_time() - start))
        start = time.process_time()
        hint(state, seat, effort=160, seed=0)
        hints.append(1000 * (time.process_time() - start))

    def cut(xs):
        xs = sorted(xs)
        return (statistics.median(xs), xs[int(0.9 * (len(xs) - 1))]) if xs else (float("nan"),) * 2
    return {"search": cut(searches), "hint": cut(hints), "n": len(hints)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=default_games())
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--limit", type=int, default=300_000, help="plain search: most positions")
    parser.add_argument("--time", action="store_true")
    args = parser.parse_args()
    wrong = 0
    started = time.time()
    for item in args.games.split(","):
        name, _, players = item.partition(":")
        players = int(players or 4)
        if args.time:
            got = timing(name, players, args.positions)
            print(f"{name:10} {players}  {got['n']:4} positions  exact search median {got['search'][0]:8.2f} ms "
                  f"p90 {got['search'][1]:8.2f} | hint median {got['hint'][0]:8.1f} ms p90 {got['hint'][1]:8.1f}",
                  flush=True)
            continue
        row = check(name, players, args.positions, args.limit)
        wrong += row["hint_wrong"] + row["face_wrong"]
        print(f"{name:10} {players}  {row['positions']:4} positions | hint: {row['hint_exact']:5} exact values, "
              f"{row['narrowed']:4} on narrowed views, {row['hint_wrong']} wrong | face-up: exact at {row['face_exact']:4} of {row['faces']}, "
              f"{row['face_values']:5} values, {row['face_wrong']} wrong | plain search too long: "
              f"{row['skipped']}", flush=True)
    print(f"({time.time() - started:.0f} s)")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
