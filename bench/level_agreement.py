"""How often two levels choose differently, and what the difference is worth.

    python bench/level_agreement.py --game voren --players 4 --hands 60

Plays hands with level A (default hard) in every seat; at each decision with
more than one legal action it also asks level B (default normal) from the same
position. Where they differ, both actions are valued by a reference search of
the seat's view (flat: both on the same fresh worlds, REF playouts each, a
different seed from the levels'), and the script prints how often they agree and
the reference's mean gain of A's choice over B's per decision, with its 95%
interval, by kind of decision. A ladder margin can only be as large as these
gains summed over a hand's decisions: where the levels almost always agree, or
their differences are worth little, no number of deals will show one ahead.
Effort-counted (no clock), so the machine's load changes no figure.
"""
from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pycore.game import get_game  # noqa: E402
from solver.arena import decide  # noqa: E402
from solver.search import rank  # noqa: E402
from solver.stats import half_width  # noqa: E402
from solver.view import adapter_for, view_of  # noqa: E402

REFERENCE_SEED = 7_000_003


def both_choices(game_name: str, players: int, hands: int, first_seed: int, first: str, second: str,
                 asked=None):
    """Hands seeded first_seed, first_seed + 1, ..., played by level `first` in
    every seat; at each decision with more than one legal action (and where
    `asked(state)`, if given) level `second` chooses too, from the same
    position: yields (hand, state, seat, first's action, second's action)."""
    game = get_game(game_name)
    (first, first_effort), (second, second_effort) = level_and_effort(first), level_and_effort(second)
    for hand in range(hands):
        state = game.new_game({"players": players}, seed=first_seed + hand)
        while not state.is_terminal and not state.finished_hands:
            seat = state.current_player
            action = decide(state, seat, first, seed=hand, effort=first_effort)
            if len(state.legal_actions()) > 1 and (asked is None or asked(state)):
                yield hand, state, seat, action, decide(state, seat, second, seed=hand, effort=second_effort)
            state = state.apply_action(action)


def level_and_effort(spec: str) -> tuple[str, int | None]:
    """'hard' is the level as it plays; 'hard@1500' is its search at 1,500
    playouts (or tree iterations) a decision instead of its own budget."""
    level, _, effort = spec.partition("@")
    return level, int(effort) if effort else None


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", default="voren")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--hands", type=int, default=60)
    p.add_argument("--seed", type=int, default=1, help="hand h is the game seeded seed * 1000 + h")
    p.add_argument("--levels", default="hard,normal",
                   help="two levels, A,B; a level may name its effort: hard@1500")
    p.add_argument("--ref", type=int, default=4000, help="the reference's playouts per action")
    a = p.parse_args(argv)
    first, second = a.levels.split(",")
    adapter = adapter_for(a.game)
    decisions: dict = defaultdict(int)
    differ: dict = defaultdict(int)
    gains: dict = defaultdict(list)
    done = 0
    for hand, state, seat, action, other in both_choices(a.game, a.players, a.hands, a.seed * 1000,
                                                         first, second):
        if hand > done:
            done = hand
            if done % 10 == 0:
                report(a, first, second, done, decisions, differ, gains)
        kind = adapter.decision(state)
        decisions[kind] += 1
        if other == action:
            gains[kind].append(0.0)
        else:
            differ[kind] += 1
            r = rank(view_of(state, seat), effort=2 * a.ref, seed=REFERENCE_SEED,
                     flat=True, only=[action, other])
            ev = {s.action: s.ev for s in r.stats}
            gains[kind].append(ev[action] - ev[other])
    report(a, first, second, a.hands, decisions, differ, gains)
    return 0


def report(a, first: str, second: str, hands: int, decisions: dict, differ: dict, gains: dict) -> None:
    print(f"{a.game}, {a.players} players, {hands} hands, {first} in every seat, {second} asked too "
          f"(reference: {a.ref} playouts an action, flat, common worlds):", flush=True)
    for kind in sorted(decisions):
        values = gains[kind]
        mean = statistics.fmean(values)
        width = half_width(values, None)
        interval = f"[{mean - width:+.3f}, {mean + width:+.3f}]" if width is not None else "(too few)"
        print(f"  {kind:8s} {decisions[kind]:5d} decisions, {second} chose otherwise in "
              f"{100 * differ[kind] / decisions[kind]:.1f}%; {first}'s gain per decision "
              f"{mean:+.3f} {interval}", flush=True)

if __name__ == "__main__":
    sys.exit(main())
