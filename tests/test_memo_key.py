"""GameState.memo_key, the key every memoised search remembers positions by: it
holds every slot of the game's state (a slot added later included by itself),
what it leaves out of the base class does not change within a hand, what a game
reduces says why, and it is hashable in every position of every preset.
(tests/solver/test_endgame.py holds the searches to the plain search.)"""
from __future__ import annotations

import random

import pytest

from pycore.game import GameState, all_games, get_game

GAMES = sorted(all_games())
FIXED_IN_A_HAND = [s for s in GameState.MEMO_BASE_LEFT_OUT
                   if s not in ("_log", "_legal", "finished_hands", "tricks")]


def random_games(game, games: int = 2):
    """Every position of `games` seeded random games of each preset."""
    for rules in game.presets():
        rng = random.Random(f"memo-key/{game.name}/{sorted(rules.items())}")
        for _ in range(games):
            state = game.new_game(rules, seed=rng.randrange(10**6))
            while not state.is_terminal:
                yield state
                state = state.apply_action(rng.choice(state.legal_actions()))
            yield state


@pytest.mark.parametrize("name", GAMES)
def test_every_slot_of_the_game_is_in_the_key(name):
    """Changing any slot that is neither left out (with a reason) nor reduced
    (with a reason) changes the key: nothing is left out by forgetting it."""
    game = get_game(name)
    state = game.new_game(game.presets()[0], seed=3)
    rng = random.Random(3)
    while state.phase != "play":
        state = state.apply_action(rng.choice(state.legal_actions()))
    state = state.apply_action(state.legal_actions()[0])
    left_out = set(GameState.MEMO_BASE_LEFT_OUT) | set(type(state).MEMO_REDUCED)
    whole = [slot for slot in state._slots if slot not in left_out]
    # every slot the game's own state declares (beyond the base class's) is in the key,
    # whole or reduced with a reason: the base's left-out slots may not hide one of them
    own = {slot for klass in type(state).__mro__ if klass is not GameState and issubclass(klass, GameState)
           for slot in getattr(klass, "__slots__", ())}
    assert "hands" in whole and own - set(type(state).MEMO_REDUCED) <= set(whole), \
        sorted(own - set(type(state).MEMO_REDUCED) - set(whole))
    key = state.memo_key()
    for slot in whole:
        changed = state._copy()
        object.__setattr__(changed, slot, object())
        assert changed.memo_key() != key, slot
    for slot, (reduce, reason) in type(state).MEMO_REDUCED.items():
        assert callable(reduce) and len(reason) > 20, slot
    for slot, reason in GameState.MEMO_BASE_LEFT_OUT.items():
        assert len(reason) > 10, slot


@pytest.mark.parametrize("name", GAMES)
def test_what_the_key_leaves_out_is_fixed_within_a_hand(name):
    """Along random games of every preset: the key hashes; the base slots it
    leaves out keep their value from one action to the next within a hand (the
    finished hands change only as one ends, and the key then says so); the
    hand's earlier tricks stay as they were. (A game's own reductions are held
    to the plain search by tests/solver/test_endgame.py.)"""
    game = get_game(name)
    checked = 0
    before = None
    for state in random_games(game):
        hash(state.memo_key())
        if before is not None and len(before.finished_hands) == len(state.finished_hands) \
                and len(state.history) == len(before.history) + 1:
            for slot in FIXED_IN_A_HAND:
                assert getattr(state, slot) == getattr(before, slot), slot
            assert state.tricks[:len(before.tricks) - 1] == before.tricks[:-1]
            checked += 1
        before = state
    assert checked > 100


def test_a_reduced_slot_must_exist():
    from pycore.games.raven import RavenState

    with pytest.raises(TypeError, match="names no slot: hand_lgo"):
        type("Broken", (RavenState,), {"__slots__": (), "MEMO_REDUCED": {"hand_lgo": (len, "a typo")}})
