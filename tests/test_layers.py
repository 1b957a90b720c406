"""The layers, read from the source (ast, nothing is imported but the catalog of
games): imports go one way and game names live with their games.

- No import circle among our modules (pycore/, solver/, web/manyhands_web/), and
  no upward import: pycore imports nothing of ours, the solver imports pycore
  only, the page's package imports pycore and itself, and the solver only from
  worker_api.py (the worker's side of the page). Importing `a.b.c` runs the
  packages `a` and `a.b` too, so an import counts for them as well (except the
  importer's own packages, already running).
- No game's name ("raven", ...) compared, used as a key or listed outside the
  games' own modules: pycore/games/, solver/games/ and web/manyhands_web/games/
  (each game's table layout and home-page intro).
"""
from __future__ import annotations

import ast
import functools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pycore import all_games

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"pycore": ROOT / "pycore", "solver": ROOT / "solver", "manyhands_web": ROOT / "web" / "manyhands_web"}
# What each package may import of ours (a module may also import its own package);
# the page's package reaches the solver from the worker's side only.
MAY_IMPORT = {"pycore": set(), "solver": {"pycore"}, "manyhands_web": {"pycore"}}
SOLVER_FROM_THE_PAGE = {"manyhands_web.worker_api"}
GAMES_HOMES = ("pycore/games/", "solver/games/", "web/manyhands_web/games/")


def modules() -> dict[str, Path]:
    """Every module of ours by its dotted name (a package by its own name)."""
    out = {}
    for top, base in PACKAGES.items():
        for path in sorted(base.rglob("*.py")):
            parts = [top, *path.relative_to(base).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def _package(name: str, path: Path) -> str:
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ours `name` imports (at its top or in a function), with the
    packages each import runs on the way."""
    targets = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = _package(name, path).split(".")
                package = package[:len(package) - node.level + 1]
                base = ".".join(package + ([node.module] if node.module else []))
            targets.add(base)
            targets.update(f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in known)
    edges = set()
    own = {".".join(name.split(".")[:k]) for k in range(1, name.count(".") + 2)}
    for target in targets:
        parts = target.split(".")
        edges.update(m for k in range(1, len(parts) + 1)
                     if (m := ".".join(parts[:k])) in known and m not in own)
    return edges


@functools.cache
def import_graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: imports_of(name, path, known) for name, path in found.items()}


def circles(graph: dict[str, set[str]]) -> set[frozenset[str]]:
    """The strongly connected groups of more than one module, or of one importing
    itself (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out = set()

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in graph.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1 or node in graph.get(node, ()):
                out.add(frozenset(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return out


def test_the_circle_finder_finds_a_circle_and_nothing_else():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a", "d"}, "e": {"a"}}
    assert circles(graph) == {frozenset("abc"), frozenset("d")}


def test_no_import_circle():
    found = sorted(sorted(group) for group in circles(import_graph()))
    assert not found, f"import circles: {found}"


def test_no_upward_import():
    wrong = []
    for name, targets in import_graph().items():
        top = name.split(".")[0]
        for target in targets:
            other = target.split(".")[0]
            if other == top or other in MAY_IMPORT[top]:
                continue
            if other == "solver" and name in SOLVER_FROM_THE_PAGE:
                continue
            wrong.append(f"{name} imports {target}")
    assert not wrong, "imports against the layers (pycore < solver; pycore < the page): " + "; ".join(sorted(wrong))


def _loaded_after(module: str) -> dict:
    """What importing `module` alone (a fresh interpreter) loads: the page's modules and
    the games whose layout is registered."""
    code = (f"import sys, json, {module}; "
            "ours = sorted(m for m in sys.modules if m.startswith('manyhands_web')); html = 'html' in sys.modules; "
            "from manyhands_web import layouts; "
            "print(json.dumps({'ours': ours, 'html': html, 'layouts': sorted(layouts.LAYOUTS)}))")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "web")]))
    run = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


def test_the_workers_side_loads_nothing_that_draws():
    """Every worker imports worker_api.py as it starts: the page's drawing (the games'
    layouts, html's entity table) would cost each a tenth of a second in Pyodide.
    The cast (cast.py: the computer players' names, which the hints and reviews
    say as the table does) imports nothing and loads in under a millisecond."""
    loaded = _loaded_after("manyhands_web.worker_api")
    assert loaded["ours"] == ["manyhands_web", "manyhands_web.cast", "manyhands_web.worker_api"]
    assert not loaded["html"] and not loaded["layouts"]


@pytest.mark.parametrize("module", ["render", "pages", "log_view", "review_view"])
def test_each_module_that_draws_a_game_registers_every_games_layout(module):
    registered = _loaded_after(f"manyhands_web.{module}")["layouts"]
    missing = sorted(set(all_games()) - set(registered))
    assert not missing, (f"no table layout for {', '.join(missing)}: add web/manyhands_web/games/<game>.py "
                         "and its import in web/manyhands_web/games/__init__.py (README, a fifth game, step 7)")
    assert registered == sorted(all_games())


# --- game names --------------------------------------------------------------------------------
def _names_a_game(node, names: set[str]) -> bool:
    """A game's name as a constant, or a tuple, list or set holding one."""
    if isinstance(node, ast.Constant):
        return node.value in names
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(isinstance(e, ast.Constant) and e.value in names for e in node.elts)
    return False


def game_name_uses(tree: ast.Module, names: set[str]) -> set[tuple[str, int]]:
    """(top-level definition, line) of each game name compared (==, in, match),
    used as a key (a dict's, a subscript's, `.get(...)`'s) or listed in a tuple,
    list or set."""
    out = set()
    for top in tree.body:
        scope = getattr(top, "name", None) or next(
            (t.id for t in getattr(top, "targets", [getattr(top, "target", None)]) if isinstance(t, ast.Name)),
            "<module>")
        for node in ast.walk(top):
            hits = []
            if isinstance(node, ast.Compare):
                hits = [node.left, *node.comparators]
            elif isinstance(node, ast.Dict):
                hits = [k for k in node.keys if k is not None]
            elif isinstance(node, ast.Subscript):
                hits = [node.slice]
            elif isinstance(node, ast.MatchValue):
                hits = [node.value]
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args \
                    and node.func.attr in ("get", "pop", "setdefault"):
                hits = [node.args[0]]
            elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
                hits = [node]
            if any(_names_a_game(hit, names) for hit in hits):
                out.add((scope, node.lineno))
    return out


def test_the_game_name_finder_finds_comparisons_keys_and_lists():
    source = '''
PAIRS = ("lunar", "tricksters")
def f(state, table):
    if state.game.name == "raven":
        return table["voren"], {"lunar": 1}, table.get("raven")
    match state.game.name:
        case "voren":
            return 1
    return state.game.name in PAIRS
def g(record):
    return record["game"], get_game("raven")
'''
    uses = game_name_uses(ast.parse(source), set(all_games()))
    assert uses == {("PAIRS", 2), ("f", 4), ("f", 5), ("f", 7)}


def test_game_names_only_in_the_games_modules():
    names = set(all_games())
    found: dict[tuple[str, str], list[int]] = {}
    for path in modules().values():
        where = path.relative_to(ROOT).as_posix()
        if where.startswith(GAMES_HOMES):
            continue
        for scope, line in game_name_uses(ast.parse(path.read_text(encoding="utf-8")), names):
            found.setdefault((where, scope), []).append(line)
    uses = sorted(f"{where}:{min(lines)} ({scope})" for (where, scope), lines in found.items())
    assert not uses, ("a game's name outside its own modules (move what depends on the game into "
                      f"pycore/games/, solver/games/ or web/manyhands_web/games/): {uses}")
