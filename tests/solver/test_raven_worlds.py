"""Raven's own checks of the constraint model (the checks every game passes are
in test_worlds.py): the fast path for the bid piles, and Ruling R2's Shaman."""
import functools
import random

from pycore.games.raven import SHAMAN
from solver.games import raven as adapter
from solver.testing import reduce, truth
from solver.view import view_of
from tests.solver import checks


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


# --- the model's checks in tests/solver/test_worlds.py ---------------------------------------------
WORLD_CHECKS = checks.ModelChecks(
    "raven", adapter, (2, 3, 4, 5, 6), reduce, small=12, full_replays=2,
    brute=functools.partial(checks.brute_force, consistent=adapter.consistent_fast, cap=150),
    least_constrained={p: 20 for p in (2, 3, 4, 5, 6)}, swaps=15)
