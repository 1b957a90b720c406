"""The examples in the engine's and the solver's docstrings run as written: a
rule function's doctest is its short example for a fifth game's author, and it
must stay true."""
from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import pycore
import solver
from pycore import all_games


def modules(package) -> list[str]:
    return sorted(m.name for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")
                  if not m.name.endswith("__main__"))


@pytest.mark.parametrize("name", modules(pycore) + modules(solver))
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


@pytest.mark.parametrize("name", sorted(all_games()))
def test_every_game_module_shows_its_rules_by_example(name):
    """A fifth game's author reads a game module's rule functions first: each
    module has examples (trick winners, playable cards, strengths, points)."""
    module = importlib.import_module(f"pycore.games.{name}")
    assert doctest.testmod(module).attempted > 0, f"pycore.games.{name} documents no example of its rules"
