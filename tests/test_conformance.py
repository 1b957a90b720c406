"""The conformance suite: every registered game, every player count and preset."""
import pytest

from pycore import all_games

from .conformance import random_playout

CASES = [(name, preset) for name, game in sorted(all_games().items()) for preset in game.presets()]


def _id(case):
    name, preset = case
    return name + "-" + "-".join(f"{k}={v}" for k, v in sorted(preset.items()))


@pytest.mark.parametrize("name,rules", CASES, ids=[_id(c) for c in CASES])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_playout(name, rules, seed):
    random_playout(all_games()[name], rules, seed)


def test_every_game_is_registered():
    assert set(all_games()) == {"raven", "tricksters", "lunar", "voren"}

