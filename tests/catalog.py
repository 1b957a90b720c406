"""The registered games as the shared tests take them: every fact about one game
is asked of its own modules (the engine's `Game`, the solver's adapter, the
page's `Layout`, the game's own test files), never listed here or in a shared
test (tests/test_catalog.py fails on a game's name compared or on a hand-kept
list of every game).

- `examples()`: (name, rules) of each game's examples (`Game.examples`: its usual
  table first, then each other form), the cases a test takes when it does not
  take every preset;
- `example_tables()`: the same as (name, players);
- `own_tests(name)`: the game's own engine tests, tests/games/test_<game>.py, which
  also say what the game's table captions read (`SEAT_NUMBERS`,
  `check_table_captions`, for tests/test_captions.py);
  `own_tests(name, "worlds")` is its solver tests of that part
  (tests/solver/test_<game>_worlds.py, whose `WORLD_CHECKS` says how
  tests/solver/test_worlds.py checks its constraint model);
- `own_cases(table, solver_part)`: (name, *case) for each case the games' own tests
  (of that solver part) list under `table`, plain data read from the source (a
  game without the table has none), game by game.
"""
from __future__ import annotations

import ast
import importlib
from pathlib import Path
from types import ModuleType

from pycore import all_games

ROOT = Path(__file__).resolve().parents[1]


def examples() -> list[tuple[str, dict]]:
    return [(name, rules) for name, game in sorted(all_games().items()) for rules in game.examples()]


def example_tables() -> list[tuple[str, int]]:
    games = all_games()
    return [(name, games[name].players(games[name].make_rules(rules))) for name, rules in examples()]


def case_id(name: str, rules: dict) -> str:
    """A test id for a game's example: the name, and the players where the rules say them."""
    return f"{name}-{rules['players']}" if "players" in rules else name


def own_test_file(name: str, solver_part: str | None = None) -> str:
    """Where the game's own tests (of `solver_part`) are, from the repository's root."""
    return f"tests/solver/test_{name}_{solver_part}.py" if solver_part else f"tests/games/test_{name}.py"


def has_own_tests(name: str, solver_part: str | None = None) -> bool:
    return (ROOT / own_test_file(name, solver_part)).exists()


def own_tests(name: str, solver_part: str | None = None) -> ModuleType:
    """The game's own engine tests (tests/games/test_<game>.py), or its solver
    tests of `solver_part` (tests/solver/test_<game>_<part>.py). A game of the
    catalog without the file is refused naming it (a new game's file comes at
    its step of the README's "How to add a fifth game")."""
    if not has_own_tests(name, solver_part):
        raise LookupError(f"{name} has no {own_test_file(name, solver_part)} yet: README.md, "
                          f'"How to add a fifth game"')
    if solver_part:
        return importlib.import_module(f"tests.solver.test_{name}_{solver_part}")
    return importlib.import_module(f"tests.games.test_{name}")


def own_cases(table: str, solver_part: str | None = None) -> list[tuple]:
    """(name, *case) for each case of `table` in the games' own tests (of their
    solver's `solver_part`), game by game; a case that is not a tuple is one value."""
    return [(name, *case) if isinstance(case, tuple) else (name, case) for name in sorted(all_games())
            for case in own_table(name, table, solver_part)]


def own_table(name: str, table: str, solver_part: str | None = None) -> list:
    """The game's own `table` of cases, read as plain data (a literal) from its test
    module's source, not imported: the engine suites also run inside Pyodide
    (tests/test_pyodide.py), where a game's other tests may need what is not
    there (hypothesis). Empty where the game has no such table, or no such file
    yet (tests/test_catalog.py's completeness test names the file to add): the
    suites that read the cases run the games that have them meanwhile."""
    if not has_own_tests(name, solver_part):
        return []
    where = ROOT / own_test_file(name, solver_part)
    for node in ast.parse(where.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == table for t in node.targets):
            try:
                return ast.literal_eval(node.value)
            except ValueError as error:
                raise ValueError(f"{table} in {where.relative_to(ROOT)} is not plain data: {error}") from None
    return []
