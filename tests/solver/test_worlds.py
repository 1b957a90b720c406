"""Every game's constraint model is exactly the set of consistent worlds:
replaying the history with a world's cards is legal and shows the seat the same
observation. One test per check, run for every game and player count, with the
game's few differences in its row of GAMES (Lunar's copies of a kind, Voren's
place for the cards out of play): the checks are tests/solver/checks.py's.

Whole models are too big to list (Voren's stock alone holds 6 to 27 unseen cards
that may be anywhere), so each is narrowed to a few worlds by pinning cards where
they truly are, those the plays constrained pinned last; the whole models are
checked by neighbour swaps, and per game where they are small (the game's file)."""
from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field
from typing import Callable

import pytest

from solver.games import lunar, raven, tricksters, voren
from solver.testing import lunar_by_type, lunar_truth, reduce, reduce_lunar, truth, voren_truth
from solver.worlds import Counter, canonical
from tests.solver import checks


@dataclass(frozen=True)
class Game:
    name: str
    adapter: object
    players: tuple[int, ...]
    reduce: Callable                     # (view, true world, rng, limit) -> a narrower model
    small: int                           # worlds per narrowed model: every one replayed
    truth: Callable = truth              # the true world in the model's places
    brute: Callable | None = None        # (view, model) -> every consistent world, or None
    replay_all: Callable | None = None   # every world's replay (default the adapter's fast one)
    full_replays: int = 1                # worlds per model replayed from the whole record too
    constrained_if: Callable | None = None
    same_worlds: Callable | None = None
    least_brute: int = 30                # cases checked by brute force, at least
    least_constrained: dict = field(default_factory=dict)   # players -> cases the plays narrowed
    cpsat_limit: int = 60
    swaps: int = 12                      # per position, on the first 40 positions
    least_ruled_out: int = 20            # swaps the replay refused, and kept, at least
    swap_players: tuple[int, ...] = ()   # default: every player count
    neighbours: dict = field(default_factory=dict)   # neighbour_swaps' game options
    sampling_players: int = 4


def lunar_brute_force(view, model):
    """Lunar's copies shared out over the engine's places (a hand, not its rank
    and suit places), split back by type."""
    return checks.brute_force_copies(view, model, lunar.consistent_fast, cap=250,
                                     merge=lambda place: place.split("/")[0], split=lunar_by_type)


def lunar_narrowed_by_plays(view) -> bool:
    """Some kind may not be in every place of its type."""
    sizes = view.model.places
    return any(len(w) < sum(1 for p in sizes if p.endswith(lunar.card_type(c)))
               for c, w in view.model.allowed)


def lunar_swap(world, a, ca, b, cb):
    """Two copies swapped: one copy of `ca` out of `a`, one of `cb` out of `b`."""
    other = dict(world)
    other[a] = tuple(sorted(list(lunar._minus(world[a], [ca])) + [cb]))
    other[b] = tuple(sorted(list(lunar._minus(world[b], [cb])) + [ca]))
    return other


def tricksters_seen(state, seat, world) -> list:
    """The cards of the deck the seat has seen (its own, the centre, the plays)."""
    hidden = {c for cards in world.values() for c in cards}
    return [c for c in range(20) if c not in hidden]


def voren_replays(view, world) -> bool:
    """The adapter's fast replay, which must agree with replaying the whole record."""
    fast = voren.consistent_fast(view, world)
    assert fast == voren.consistent(view, world), "fast and whole replays disagree"
    return fast


GAMES = {game.name: game for game in [
    Game("tricksters", tricksters, (4,), functools.partial(reduce, constrained_last=False), small=12,
         full_replays=2, least_brute=0, cpsat_limit=100, swaps=6,
         neighbours={"seen": tricksters_seen}),
    Game("raven", raven, (2, 3, 4, 5, 6), reduce, small=12, full_replays=2,
         brute=functools.partial(checks.brute_force, consistent=raven.consistent_fast, cap=150),
         least_constrained={p: 20 for p in (2, 3, 4, 5, 6)}, swaps=15),
    Game("lunar", lunar, (4, 2), reduce_lunar, small=16, truth=lunar_truth, brute=lunar_brute_force,
         constrained_if=lunar_narrowed_by_plays, least_constrained={4: 20}, swaps=30, swap_players=(4,),
         same_worlds=lambda worlds, expected: {canonical(lunar.engine_places(dict(w)))
                                               for w in worlds} == expected,
         neighbours={"swap": lunar_swap, "may_swap": lambda a, b: a.split("/")[1] == b.split("/")[1]}),
    Game("voren", voren, (3, 4, 5, 6, 7, 8), functools.partial(reduce, count_when_free=12), small=12,
         truth=voren_truth, replay_all=voren_replays, cpsat_limit=40,
         brute=functools.partial(checks.brute_force, consistent=voren.consistent_fast, cap=400),
         least_constrained={p: 30 for p in (3, 4, 5, 6, 7, 8)},
         neighbours={"replays": (voren.consistent_fast, voren.consistent)}),
]}


def tables(which=lambda game: game.players):
    return [pytest.param(game, players, id=f"{game.name}-{players}")
            for game in GAMES.values() for players in which(game)]


def cases(game: Game, players: int) -> list:
    return checks.view_cases(game.name, players, 100, players)


@pytest.mark.parametrize("game,players", tables())
def test_derived_worlds_are_exactly_the_consistent_ones(game, players):
    """The true deal is a world; every world of the narrowed model replays, and
    they are every world the brute force finds (where it is small enough)."""
    brute_checked, constrained = checks.check_worlds_are_the_consistent_ones(
        game.adapter, cases(game, players), random.Random(players),
        reduce_model=lambda view, world, rng: game.reduce(view, world, rng, limit=game.small),
        brute=game.brute, truth_of=game.truth, replay_all=game.replay_all,
        full_replays=game.full_replays, constrained_if=game.constrained_if, same_worlds=game.same_worlds)
    assert constrained >= game.least_constrained.get(players, 0), \
        "too few positions where plays revealed anything"
    assert brute_checked >= game.least_brute


@pytest.mark.parametrize("game,players", tables())
def test_python_worlds_equal_cpsat_enumeration(game, players):
    checks.check_python_worlds_equal_cpsat(
        cases(game, players), random.Random(100 + players), truth_of=game.truth,
        reduce_model=lambda view, world, rng: game.reduce(view, world, rng, limit=game.cpsat_limit))


@pytest.mark.parametrize("game,players", tables(lambda game: game.swap_players or game.players))
def test_neighbours_of_worlds_agree_with_replay(game, players):
    """Swap two unseen cards of the true world (Tricksters: or one for a card the
    seat has seen), on the whole model: the model and the engine's replay agree
    on whether the result is still consistent, in both directions."""
    options = {"replays": (game.adapter.consistent_fast,), "swaps": game.swaps, **game.neighbours}
    disagreements, ruled_out, kept = checks.neighbour_swaps(
        cases(game, players)[:40], random.Random(7), truth_of=game.truth, **options)
    assert disagreements == 0
    assert ruled_out >= game.least_ruled_out and kept >= game.least_ruled_out, (ruled_out, kept)


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_sampling_is_uniform_on_a_known_count(game):
    rng = random.Random(3)
    checks.check_uniform_sampling(
        (Counter(game.reduce(view, game.truth(state, seat), rng, limit=60))
         for state, seat, view in cases(game, game.sampling_players)), rng)
