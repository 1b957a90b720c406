"""Every game's constraint model is exactly the set of consistent worlds:
replaying the history with a world's cards is legal and shows the seat the same
observation. One test per check, run for every game and player count, with the
game's few differences in its WORLD_CHECKS (tests/solver/test_<game>_worlds.py: Lunar's
copies of a kind, Voren's place for the cards out of play): the checks are tests/solver/checks.py's.

Whole models are too big to list (Voren's stock alone holds 6 to 27 unseen cards
that may be anywhere), so each is narrowed to a few worlds by pinning cards where
they truly are, those the plays constrained pinned last; the whole models are
checked by neighbour swaps, and per game where they are small (the game's file)."""
from __future__ import annotations

import random

import pytest

from pycore import all_games
from solver.worlds import Counter
from tests.catalog import has_own_tests, own_tests
from tests.solver import checks
from tests.solver.checks import ModelChecks


# Each game's model checks (tests/solver/checks.py's ModelChecks), its WORLD_CHECKS in
# tests/solver/test_<game>_worlds.py (a new game before that file: tests/test_catalog.py
# names it as missing, and the other games' checks run meanwhile).
GAMES = {name: own_tests(name, "worlds").WORLD_CHECKS for name in sorted(all_games())
         if has_own_tests(name, "worlds")}


def tables(which=lambda game: game.players):
    return [pytest.param(game, players, id=f"{game.name}-{players}")
            for game in GAMES.values() for players in which(game)]


def cases(game: ModelChecks, players: int) -> list:
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
    assert brute_checked >= game.least_brute, (
        f"{brute_checked} positions of {game.name} at {players} players were small enough for the "
        f"brute force (WORLD_CHECKS' `brute`: tests/solver/checks.py's ModelChecks) and "
        f"{game.least_brute} are asked (`least_brute`): raise the brute force's `cap`, narrow the "
        f"models (`reduce`, `small`), or set least_brute=0 where no position of the game is small")


@pytest.mark.parametrize("game,players", tables())
def test_python_worlds_equal_cpsat_enumeration(game, players):
    checks.check_python_worlds_equal_cpsat(
        cases(game, players), random.Random(100 + players), truth_of=game.truth,
        reduce_model=lambda view, world, rng: game.reduce(view, world, rng, limit=game.cpsat_limit))


def declared_replays(game: ModelChecks) -> tuple:
    """The replay test as the game's adapter declares it (`ADAPTER.consistent_fast`,
    which is `consistent` where the adapter gives no quicker one): the adapter
    module need not name it."""
    return (game.adapter.ADAPTER.consistent_fast,)


def test_an_adapter_without_a_quicker_replay_is_checked_with_the_replay_test():
    from types import SimpleNamespace

    from solver.adapter import Adapter, consistent
    parts = {name: print for name in ("build_view", "world_record", "world_state", "policy_action",
                                      "fast_apply", "decision", "current_trick_index", "cards_left")}
    module = SimpleNamespace(ADAPTER=Adapter("skat", **parts))        # no consistent_fast of its own
    game = ModelChecks("skat", module, (4,), reduce=None, small=12)
    assert declared_replays(game) == (consistent,)


@pytest.mark.parametrize("game,players", tables(lambda game: game.swap_players or game.players))
def test_neighbours_of_worlds_agree_with_replay(game, players):
    """Swap two unseen cards of the true world (Tricksters: or one for a card the
    seat has seen), on the whole model: the model and the engine's replay agree
    on whether the result is still consistent, in both directions."""
    options = {"replays": declared_replays(game), "swaps": game.swaps, **game.neighbours}
    disagreements, ruled_out, kept = checks.neighbour_swaps(
        cases(game, players)[:40], random.Random(7), truth_of=game.truth, **options)
    assert not disagreements, f"{len(disagreements)} swaps where the model and the replay disagree; " \
                              + "; ".join(disagreements[:2])
    assert ruled_out >= game.least_ruled_out and kept >= game.least_ruled_out, (
        f"of the swaps of two unseen cards, {ruled_out} were refused by the replay and {kept} kept; "
        f"at least {game.least_ruled_out} of each are asked (WORLD_CHECKS' `least_ruled_out`, "
        "tests/solver/checks.py's ModelChecks): where the plays of the game's positions rule out "
        "few swaps (two players, cards drawn unseen), set it lower and say why")


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_sampling_is_uniform_on_a_known_count(game):
    rng = random.Random(3)
    checks.check_uniform_sampling(
        (Counter(game.reduce(view, game.truth(state, seat), rng, limit=60))
         for state, seat, view in cases(game, game.sampling_players)), rng)
