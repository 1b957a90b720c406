"""Raven: the constraint model a seat derives is exactly the set of consistent
worlds (replaying the history with the world's cards is legal and shows the seat
the same observation), checked against brute force, CP-SAT and the truth."""
import functools
import random

import pytest

from pycore.games.raven import SHAMAN
from solver.games import raven as adapter
from solver.view import view_of
from solver.worlds import Counter
from tests.solver import checks
from tests.solver.positions import truth

PLAYERS = [2, 3, 4, 5, 6]
SMALL = 12          # worlds per reduced model: every one of them is replayed


def cases(players: int):
    return checks.view_cases("raven", players, 100, players)


def reduce(view, true_world, rng, limit=SMALL):
    return checks.reduce(view, true_world, rng, limit)


@pytest.mark.parametrize("players", PLAYERS)
def test_derived_worlds_are_exactly_the_consistent_ones(players):
    brute_checked, constrained = checks.check_worlds_are_the_consistent_ones(
        adapter, cases(players), random.Random(players), reduce_model=reduce, full_replays=2,
        brute=functools.partial(checks.brute_force, consistent=adapter.consistent_fast, cap=150))
    assert constrained >= 20, "too few positions where plays revealed anything"
    assert brute_checked >= 30


@pytest.mark.parametrize("players", PLAYERS)
def test_python_worlds_equal_cpsat_enumeration(players):
    checks.check_python_worlds_equal_cpsat(
        cases(players), random.Random(100 + players),
        reduce_model=lambda view, world, rng: reduce(view, world, rng, limit=60))


def test_neighbours_of_worlds_agree_with_replay():
    """Swap two unseen cards between places in a world: the model and the engine's
    replay agree on whether the result is still consistent (both directions)."""
    rng = random.Random(7)
    disagreements = ruled_out = 0
    for players in PLAYERS:
        d, r = checks.neighbour_swaps(checks.view_cases("raven", players, 20, 50 + players), rng,
                                      swaps=15, replays=(adapter.consistent_fast,))
        disagreements += d
        ruled_out += r
    assert disagreements == 0
    assert ruled_out > 50   # the swaps did reach worlds the history rules out


def test_sampling_is_uniform_on_a_known_count():
    rng = random.Random(3)
    checks.check_uniform_sampling(
        (Counter(reduce(view, truth(state, seat), rng, limit=60))
         for state, seat, view in checks.view_cases("raven", 4, 30, 9)), rng)


def test_bid_piles_fast_path_matches_asking_the_engine():
    from pycore.game import get_game
    for players in (3, 4, 5, 6):
        state = get_game("raven").new_game({"players": players}, seed=players)
        state = state.apply_action(state.legal_actions()[0])          # one bid made
        for seat in (state.current_player, (state.current_player + 1) % players):   # the bidder too
            assert adapter.bid_allowed_generic(state, seat) == adapter.bid_allowed(state)


def test_lone_shaman_reveal_is_a_known_card():
    """Ruling R2 in the trick under way pins the Shaman to the last winner's hand."""
    from pycore.game import get_game
    game = get_game("raven")
    found = 0
    for seed in range(400):
        rng = random.Random(seed)
        state = game.new_game({"players": 3}, seed=seed)
        while not state.is_terminal:
            if state.phase == "play" and len(state.tricks) > 1:
                t = state.tricks[-1]
                if t.leader != state.tricks[-2].winner and not t.plays:
                    holder = state.tricks[-2].winner
                    seat = (holder + 1) % 3
                    view = view_of(state, seat)
                    assert view.model.allowed_of(SHAMAN) == {f"hand:{holder}"}
                    assert view.count() == 1 or view.model.contains(truth(state, seat))
                    found += 1
                    break
            state = state.apply_action(rng.choice(state.legal_actions()))
        if found >= 3:
            break
    assert found >= 1
