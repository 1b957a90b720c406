"""The examples in the documentation of each game's rule functions (pycore/games/*.py:
trick winners, playable cards, strengths, points) hold: they are what a fifth
game's author reads first."""
import doctest
import importlib
import pkgutil

import pytest

import pycore.games

MODULES = sorted(m.name for m in pkgutil.iter_modules(pycore.games.__path__))


@pytest.mark.parametrize("name", MODULES)
def test_the_documented_examples_hold(name):
    module = importlib.import_module(f"pycore.games.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0, f"pycore.games.{name} documents no example of its rules"
    assert result.failed == 0
