"""Lunar with 4 players: variants of hard's play, to find where ISMCTS at 1,000
iterations gains on it (none closed the gap: docs/solver.md, the tree). Each variant is a
level name the arena plays like any other (seats rotated, effort-counted):

    python bench/lunar_levels.py --bots trick-1000,hard --deals 100 [--log F --resume]

    play-ismcts      ISMCTS's (1,000 iterations) move in the card play, hard's elsewhere
    exchange-ismcts  ISMCTS's move in the exchange, hard's elsewhere
    trick-N          hard's search at N playouts a decision, each card of the play
                     valued in each deal by alpha-beta to the end of the trick under
                     way (the seat's team maximising its points, the other team
                     minimising them), the policy's playout after it
    keep-three       hard, its playouts with a policy that stops wanting tricks at
                     a paying count (1 to 3: the 4th is worth nothing on the track)
    ismcts-keep-three  ISMCTS at 1,000 iterations with that policy
    noisy-P          hard, its playouts' players choosing a random legal card P% of
                     the time (the others modelled less exactly than by the policy)

Any other level is the arena's own (easy, normal, hard, ismcts:N).

    python bench/lunar_levels.py --disagree 12

plays 12 hands (game seeds 900 on) with hard in every seat, asks ISMCTS at 1,000
iterations too at each card-play decision before the exact endgame, and counts
where they differ (last to play: with the same outcome for the trick, who spends
the higher rank).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solver import arena, evaluate, search  # noqa: E402
from solver.games import lunar  # noqa: E402

_decide = arena.decide
_make_evaluator = evaluate.make_evaluator
_wants_trick = lunar._wants_trick
_choose_play = lunar.choose_play


class TrickLookAhead(evaluate.PlayoutEvaluator):
    """A card's value in a deal: alpha-beta over the rest of the trick under way,
    the policy's playout (or the exact endgame) after it. Its cost is the leaves'
    playouts, counted as it goes (the race's budget is in playouts)."""

    def __init__(self, view):
        super().__init__(view)
        self.per, self.leaves, self.valued = 6.0, 0, 0

    def cost(self, actions: int) -> float:
        return actions * self.per

    def facts(self, index, world, actions, rng_for) -> list:
        adapter, seat, mark = self.adapter, self.seat, self.mark
        position, memo = self.position(index, world)
        trick = len(position.tricks)
        out = []
        for action in actions:
            rng = rng_for(action)

            def edge(state):
                if len(state.tricks) == trick:
                    return None
                self.leaves += 1
                final = adapter.playout(state, mark, rng)
                return adapter.hand_points(final, seat, mark), final

            after = position.apply_action(action)
            if self.exact:
                self.leaves += 1
                final = adapter.exact_final(after, seat, mark, memo)
            else:
                final = search.minimax(adapter, after, seat, mark, rng, edge)[1]
            out.append(self.fact(action, final))
            self.valued += 1
        self.per = self.leaves / self.valued
        return out


def keep_three(track, won: int, tricks: int) -> bool:
    """Want a trick that raises the track's points; at a paying count (1 to 3
    tricks) want no more; past it, want the tricks toward the next paying count."""
    if won + 1 < len(track) and track[won + 1] > track[won]:
        return True
    if track[won] > 0:
        return False
    return _wants_trick(track, won, tricks)


def noisy(percent: int, seed: int):
    """choose_play with a random legal card `percent`% of the time (its own
    random sequence: the move stays a function of the seed)."""
    import random
    rng = random.Random(f"noisy/{seed}")

    def choose(legal, *args):
        if rng.random() * 100 < percent:
            return legal[rng.randrange(len(legal))]
        return _choose_play(legal, *args)
    return choose


def decide(state, seat: int, level: str, seed: int, effort=None):
    if level.startswith("noisy-"):
        lunar.choose_play = noisy(int(level[6:]), f"{seed}/{len(state.history)}")
        try:
            return _decide(state, seat, "hard", seed)
        finally:
            lunar.choose_play = _choose_play
    if level in ("play-ismcts", "exchange-ismcts"):
        phase = {"play-ismcts": "play", "exchange-ismcts": "exchange"}[level]
        return _decide(state, seat, "ismcts:1000" if state.phase == phase else "hard", seed)
    if level.startswith("trick-"):
        def make(view):
            if view.state.phase == "play":
                return TrickLookAhead(view)
            return _make_evaluator(view)
        evaluate.make_evaluator = make
        try:
            return _decide(state, seat, "hard", seed, int(level[6:]))
        finally:
            evaluate.make_evaluator = _make_evaluator
    if level in ("keep-three", "ismcts-keep-three"):
        lunar._wants_trick = keep_three
        try:
            return _decide(state, seat, "hard" if level == "keep-three" else "ismcts:1000", seed)
        finally:
            lunar._wants_trick = _wants_trick
    return _decide(state, seat, level, seed, effort)


def disagree(hands: int) -> None:
    from bench.level_agreement import both_choices
    from pycore.games.lunar import team_of, trick_winner
    decisions = differ = last = last_differ = same_outcome = 0
    higher = {"hard": 0, "ISMCTS": 0}

    def report(done: int) -> None:
        print(f"{done} hands: {decisions} decisions, ISMCTS chose another card in {differ}; "
              f"last to play {last}, differed {last_differ}, {same_outcome} with the same outcome "
              f"for the trick, the higher rank spent by {higher}", flush=True)
    done = 0
    card_play = lambda state: state.phase == "play" and not lunar.search_exactly(state)   # noqa: E731
    for hand, state, seat, action, other in both_choices("lunar", 4, hands, 900, "hard", "ismcts:1000",
                                                         card_play):
        if hand > done:
            done = hand
            report(done)
        plays = state.tricks[-1].plays
        decisions += 1
        differ += other != action
        if len(plays) == 3:
            last += 1
            if other != action:
                last_differ += 1
                wins = [trick_winner(plays + ((seat, a.card),), state.trump) == team_of(seat)
                        for a in (action, other)]
                if wins[0] == wins[1]:
                    same_outcome += 1
                    if lunar.is_rank(action.card) and lunar.is_rank(other.card):
                        mine, theirs = lunar.rank_value(action.card), lunar.rank_value(other.card)
                        higher["hard" if mine > theirs else "ISMCTS"] += 1
    report(hands)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--bots")
    p.add_argument("--disagree", type=int, metavar="HANDS")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--log")
    p.add_argument("--resume", action="store_true")
    a = p.parse_args(argv)
    if a.disagree:
        disagree(a.disagree)
        return 0
    if not a.bots:
        p.error("--bots or --disagree")
    arena.decide = decide
    rest = ["--log", a.log] if a.log else []
    return arena.main(["--game", "lunar", "--players", "4", "--bots", a.bots, "--deals", str(a.deals),
                       "--seed", str(a.seed), "--jobs", "1"] + rest + (["--resume"] if a.resume else []))


if __name__ == "__main__":
    sys.exit(main())
