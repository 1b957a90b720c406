"""Every fact about a game lives in the game's own modules, and the shared tests and
benchmarks derive their tables from the catalog (tests/catalog.py): read from the
source with `ast`, like tests/test_layers.py.

- No game's name compared (`==`, `!=`, `in`, `match`) in a shared test or bench
  script outside an `assert` (an assertion may still name the game it expects);
- no hand-kept list of every game: a literal (tuple, list, set, dict) that names
  every registered game, or all but one (a list kept by hand before the newest
  game came), or an import of every game's module, outside an assertion (tests/test_conformance.py asserts
  the catalog holds the games it should);
- each game's own files are exempt: tests/games/test_<game>.py,
  tests/solver/test_<game>_*.py, bench/<game>_*.py, and tests/data/.

A registered game with a part missing is named with the part and the file to add
it to (test_every_game_has_every_part). The engine tokens a page must never show
come from the games (tests/engine_tokens.py), checked here too.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from pycore import all_games
from tests.catalog import has_own_tests, own_cases, own_table, own_tests
from tests.engine_tokens import engine_tokens

ROOT = Path(__file__).resolve().parents[1]
SHARED = ("tests", "bench")

# Shared files that still compare a game's name or list every game, each with what
# it is waiting for: the test fails when one is clean (strike it from here) and for
# any file not listed, so the list only shrinks.
NOT_YET = {
    "bench/same_answers.py": "its configurations, kept as they are so its output stays comparable",
}


def own_file(where: str, names: set[str]) -> bool:
    """A game's own test file, bench script or data."""
    games = "|".join(sorted(names))
    return (where.startswith("tests/data/")
            or re.fullmatch(rf"tests/games/test_({games})\.py", where) is not None
            or re.fullmatch(rf"tests/solver/test_({games})_\w+\.py", where) is not None
            or re.fullmatch(rf"bench/({games})_\w+\.py", where) is not None)


def _names(node, names: set[str]) -> set[str]:
    return {n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and n.value in names}


def game_name_findings(tree: ast.Module, names: set[str]) -> list[tuple[int, str]]:
    """(line, what) for each game name compared outside an assertion, and each literal
    naming every game in `names`, or all but one."""
    asserted = {id(n) for a in ast.walk(tree) if isinstance(a, ast.Assert) for n in ast.walk(a)}
    inside_a_list: set[int] = set()
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Tuple, ast.List, ast.Set, ast.Dict)) and id(node) not in inside_a_list \
                and id(node) not in asserted:
            inside_a_list.update(id(n) for n in ast.walk(node) if n is not node)
            named = _names(node, names) | {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and n.id in names}
            if len(named) >= max(2, len(names) - 1):      # (names or modules: `(raven, lunar, ...)`)
                out.append((node.lineno, "a list of every game"))
        if id(node) in asserted:
            continue
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(isinstance(s, (ast.Constant, ast.Tuple, ast.List, ast.Set)) and _names(s, names) for s in sides):
                out.append((node.lineno, f"compares a game's name: {ast.unparse(node)[:60]}"))
        elif isinstance(node, ast.MatchValue) and _names(node.value, names):
            out.append((node.lineno, "matches a game's name"))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").endswith("games") \
                and len({a.name for a in node.names} & names) >= max(2, len(names) - 1):
            out.append((node.lineno, "imports every game's module"))
    return sorted(out)


def findings() -> dict[str, list[tuple[int, str]]]:
    names = set(all_games())
    out = {}
    for top in SHARED:
        for path in sorted((ROOT / top).rglob("*.py")):
            where = path.relative_to(ROOT).as_posix()
            if own_file(where, names):
                continue
            found = game_name_findings(ast.parse(path.read_text(encoding="utf-8")), names)
            if found:
                out[where] = found
    return out


def test_the_finder_finds_comparisons_and_lists_of_every_game():
    source = '''
ALL = [("skat", 4), ("whist", 4), ("hearts", 4), ("bridge", 4)]
SOME = [("skat", 3), ("whist", 4)]
MOST = {"skat": 1, "whist": 2, "hearts": 3}
def f(name, obs):
    assert name == "skat"
    if obs["game"] == "bridge":
        return 1
    match name:
        case "whist":
            return 2
    return name in ("skat", "whist"), get_game("skat")
from pycore.games import skat, whist, hearts
from pycore.games import skat
MODULES = (skat, whist, hearts, bridge)
'''
    found = game_name_findings(ast.parse(source), {"skat", "whist", "hearts", "bridge"})
    assert [line for line, _ in found] == [2, 4, 7, 10, 12, 13, 15]


def test_the_own_files_of_a_game_are_its_tests_bench_scripts_and_data():
    names = {"raven", "lunar"}
    assert own_file("tests/games/test_raven.py", names) and own_file("tests/solver/test_lunar_hints.py", names)
    assert own_file("bench/lunar_levels.py", names) and own_file("tests/data/golden/x.py", names)
    assert not own_file("tests/test_captions.py", names) and not own_file("tests/solver/test_review.py", names)


def test_no_game_name_branch_or_list_of_every_game_in_shared_tests_and_benches():
    found = findings()
    new = {where: spots for where, spots in found.items() if where not in NOT_YET}
    clean = sorted(where for where in NOT_YET if where not in found)
    said = "; ".join(f"{where}:{line} {what}" for where, spots in sorted(new.items()) for line, what in spots)
    assert not new, ("a shared test or bench script names games: derive the table from the catalog "
                     f"(tests/catalog.py) or ask the game's modules instead: {said}")
    assert not clean, f"no game named in these any more: strike them from NOT_YET: {clean}"


# --- a game's parts ---------------------------------------------------------------------------
# The cases every game gives the shared tests and benchmarks, at the end of its own tests
# (None: tests/games/test_<game>.py; "hints": tests/solver/test_<game>_hints.py), each with
# who reads it. The optional ones (a game's own kind of card, partners, a tree) are read
# with a default: docs/testing.md lists them too.
SHARED_CASES = [
    ("IMPOSSIBLE_POSITIONS", None, "tests/test_position.py"),
    ("HOME_PICTURE_CARDS", None, "tests/test_card_art.py"),
    ("SPELLED_TABLES", None, "tests/test_spelling.py"),
    ("PAR_CASES", None, "tests/solver/test_par.py"),
    ("SPREAD_DECISIONS", None, "tests/solver/test_spread_search.py"),
    ("TIMED_BOT_TABLES", None, "bench/web.py"),
    ("CARD_TABLE_CASES", None, "tests/browser/test_card_table.py"),
    ("REVIEW_CASES", None, "tests/browser/test_review.py"),
    ("PHONE_DECISION_TABLES", None, "tests/browser/test_site.py"),
    ("OTHER_HANDS_TABLES", None, "tests/browser/test_table.py"),
    ("PHONE_TABLE_REGIONS", None, "tests/browser/test_table.py"),
    ("WHOLE_GAME_CASES", None, "tests/browser/test_moments.py"),
    ("UNAVAILABLE_CARD_TABLES", None, "tests/browser/test_moments.py"),
    ("FRIENDS_TABLES", None, "tests/browser/test_friends.py"),
    ("REFERENCE_TABLES", "hints", "tests/solver/test_reference_bots.py"),
    ("ARENA_PLAYERS", "hints", "tests/solver/test_reference_bots.py"),
    ("HAND_OR_ROUND_TABLES", "hints", "tests/solver/test_hint_summary.py"),
    ("EXACT_CHECK", "hints", "bench/exact_check.py"),
]


# The docs that list every game, each by its title (README step 10); the shared
# folder's where it is beside this checkout.
DOCS_LISTING_EVERY_GAME = [
    ("README.md", "the games the README's opening names"),
    ("docs/contract.md", "the games giving each observation key"),
    ("docs/rules-fields.md", "each game's gap fields and rule functions"),
    ("docs/guided-hands.md", "the lessons"),
    ("../shared/rules/README.md", "the games of the rules folder"),
]
SPEC = ROOT.parent / "shared" / "spec" / "records.md"


def in_the_record_spec(name: str) -> bool:
    """The record contract names the game (its `game` values) and has its rows of
    card tokens, action tokens and deal fields."""
    if not SPEC.is_file():
        return True                   # (no shared/ beside this checkout: nothing to check)
    text = SPEC.read_text(encoding="utf-8")
    game_line = next((line for line in text.splitlines() if line.startswith("- `game`:")), "")
    rows = sum(line.startswith(f"| {name} |") for line in text.splitlines())
    return f"`{name}`" in game_line and rows >= 3


def names_the_title(doc: str, title: str) -> bool:
    path = ROOT / doc
    if not path.is_file():
        return doc.startswith("../")      # (no shared/ beside this checkout: nothing to check)
    return title in " ".join(path.read_text(encoding="utf-8").split())     # (a title wrapped across lines too)


def declares(name: str, part: str | None, hook: str) -> bool:
    return has_own_tests(name, part) and hasattr(own_tests(name, part), hook)


def parts(name: str) -> list[tuple[str, str, bool]]:
    """(what, the file to add it to, present) of each part of a registered game
    (README's "How to add a fifth game")."""
    from manyhands_web import layouts
    from manyhands_web.lesson import lessons_of
    from solver.view import adapter_for

    def adapter_declared() -> bool:
        try:
            return adapter_for(name) is not None
        except Exception:
            return False

    readme = (ROOT / "web/manyhands_web/rules/README.md").read_text(encoding="utf-8")
    return [
        ("its rules for players, as the engine follows them", f"web/manyhands_web/rules/{name}.md",
         (ROOT / f"web/manyhands_web/rules/{name}.md").exists()),
        ("a row in the rules folder's README", "web/manyhands_web/rules/README.md", f"{name}.md" in readme),
        ("its engine tests, one scenario per rule and Ruling", f"tests/games/test_{name}.py",
         (ROOT / f"tests/games/test_{name}.py").exists()),
        ("its perft positions (python -m tests.perft FILE)", f"tests/data/perft/{name}.json",
         (ROOT / f"tests/data/perft/{name}.json").exists()),
        ("golden games (python -m tests.golden)", f"tests/data/golden/{name}-*.json",
         any((ROOT / "tests/data/golden").glob(f"{name}-*.json"))),
        ("its solver adapter, ADAPTER = Adapter(...)", f"solver/games/{name}.py", adapter_declared()),
        ("its solver tests calling tests/solver/checks.py", f"tests/solver/test_{name}_hints.py",
         (ROOT / f"tests/solver/test_{name}_hints.py").exists()),
        ("its constraint model's checks, WORLD_CHECKS = ModelChecks(...)", f"tests/solver/test_{name}_worlds.py",
         declares(name, "worlds", "WORLD_CHECKS")),
        ("its table layout, class ...(Layout, game=...)", f"web/manyhands_web/games/{name}.py",
         name in layouts.LAYOUTS),
        ("its player's guide", f"web/guide/{name}.md", (ROOT / f"web/guide/{name}.md").exists()),
        ("its complete rules for players", f"web/reference/{name}.md", (ROOT / f"web/reference/{name}.md").exists()),
        ("its guided first hand, register(Lesson(...)) (docs/guided-hands.md)",
         f"web/manyhands_web/games/{name}_lesson.py", bool(lessons_of(name))),
        ("its name, card tokens, action tokens and deal fields in the record contract",
         "../shared/spec/records.md", in_the_record_spec(name)),
    ] + [(f"its title among {what}", doc, names_the_title(doc, all_games()[name].title))
         for doc, what in DOCS_LISTING_EVERY_GAME] \
      + [(f"{hook}, read by {reader}", f"tests/solver/test_{name}_{part}.py" if part else f"tests/games/test_{name}.py",
          declares(name, part, hook)) for hook, part, reader in SHARED_CASES]


@pytest.mark.parametrize("name", sorted(all_games()))
def test_every_game_has_every_part(name):
    import sys
    sys.path.insert(0, str(ROOT / "web"))
    import manyhands_web.games  # noqa: F401  (registers every game's layout)
    missing = [f"{what} ({where})" for what, where, present in parts(name) if not present]
    assert not missing, f"{name} lacks: " + "; ".join(missing)


def a_complete_game() -> str:
    """The example of the two tests below: a registered game with every part (a game
    being added, part by part, may sort first: README's "How to add a fifth game")."""
    import sys
    sys.path.insert(0, str(ROOT / "web"))
    import manyhands_web.games  # noqa: F401  (registers every game's layout)
    return next(name for name in sorted(all_games()) if all(present for _, _, present in parts(name)))


def test_a_missing_case_for_the_shared_tests_is_named_with_its_file(monkeypatch):
    name = a_complete_game()
    monkeypatch.delattr(own_tests(name, "hints"), "EXACT_CHECK")
    with pytest.raises(AssertionError, match=rf"{name} lacks: EXACT_CHECK, read by bench/exact_check\.py "
                                             rf"\(tests/solver/test_{name}_hints\.py\)"):
        test_every_game_has_every_part(name)


def test_a_missing_part_is_named_with_its_file(monkeypatch):
    import sys
    sys.path.insert(0, str(ROOT / "web"))
    from manyhands_web import layouts
    name = a_complete_game()
    monkeypatch.delitem(layouts.LAYOUTS, name)
    with pytest.raises(AssertionError, match=rf"{name} lacks: its table layout.*\(web/manyhands_web/games/{name}\.py\)"):
        test_every_game_has_every_part(name)


def test_a_game_whose_own_tests_are_not_written_yet_has_no_cases_and_is_named():
    """Between the README's steps a registered game lacks its test files: the suites
    that read their cases run on (its cases are none) and the completeness test
    names the files; asking for the module itself names the file to add."""
    assert own_table("nosuchgame", "WHOLE_GAME_CASES") == []
    assert own_table("nosuchgame", "WORLD_CHECKS", "worlds") == []
    with pytest.raises(LookupError, match=r"nosuchgame has no tests/solver/test_nosuchgame_worlds\.py yet"):
        own_tests("nosuchgame", "worlds")


@pytest.mark.parametrize("name,rules,hands_left", own_cases("WHOLE_GAME_CASES"))
def test_a_whole_game_case_has_a_hand_before_the_ones_the_page_plays(name, rules, hands_left):
    """tests/browser/test_moments.py imports the hands before the last `hands_left`
    and plays these in the page: a case of one hand would fail there, late in the
    browser suite; here it fails at once, naming the game's file."""
    from tests.moments import late_in_the_game
    start = late_in_the_game(name, rules, 5, hands_left)
    assert len(start.hand_starts) >= 2 and not start.is_terminal


@pytest.mark.parametrize("name", sorted(all_games()))
def test_every_ruling_of_the_rules_file_is_a_rules_field(name):
    """Each Ruling of the game's rules file (shared/rules/<game>.md, its copy in
    web/) is a named, documented field of its rules object, `ruling="X1"`: the rules
    page shows the fields, so a Ruling settled in code without one is shown nowhere."""
    import dataclasses
    source = ROOT / "web" / "manyhands_web" / "rules" / f"{name}.md"
    rulings = set(re.findall(r"Ruling ([A-Z]\d+)", source.read_text(encoding="utf-8")))
    fields = {f.metadata.get("ruling") for f in dataclasses.fields(all_games()[name].Rules)}
    assert rulings <= fields, (f"{name}: Rulings {sorted(rulings - fields)} of {source.name} have no rules field "
                               f"(a rule(..., ruling=...) field of the game's Rules in pycore/games/{name}.py)")


@pytest.mark.parametrize("name,rules,screenshot", own_cases("REVIEW_CASES"))
def test_a_review_case_has_a_second_hand(name, rules, screenshot):
    """tests/browser/test_review.py reviews the first hand while the second is
    played: rules of one hand (a target one hand always reaches) would time out there
    waiting for the second; here a game of them, every seat's first legal choice,
    fails at once, naming the game's file."""
    state = all_games()[name].new_game(rules, seed=5)
    while not state.is_terminal and not state.finished_hands:
        state = state.apply_action(state.legal_actions()[0])
    assert not state.is_terminal, (
        f"{name}'s REVIEW_CASES rules {rules} (tests/games/test_{name}.py) end the game with its first "
        f"hand: the review test plays a second hand after the first")


@pytest.mark.parametrize("name,rules,people", own_cases("FRIENDS_TABLES"))
def test_a_friends_table_seats_two_people_or_more(name, rules, people):
    """tests/browser/test_friends.py seats `people` at one device: the friends dialog
    starts a game only with two people or more (web/manyhands_web/friends_view.py;
    one person against the computers is Play), so a row of one would time out there
    waiting for the table; here it fails at once, naming the game's file."""
    players = all_games()[name].make_rules(rules).players
    assert 2 <= people <= players, (
        f"{name}'s FRIENDS_TABLES row {(rules, people)} (tests/games/test_{name}.py) seats {people} "
        f"people: the friends dialog needs 2 to {players} (one person against the computers is Play)")


# --- engine tokens from the games ---------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(all_games()))
def test_every_card_token_that_is_not_a_word_is_an_engine_token(name):
    game = all_games()[name]
    tokens = [game.deck.token(card) for card in range(len(game.deck))]
    missed = [t for t in tokens if not re.fullmatch(r"[A-Z]?[a-z]+", t) and not engine_tokens(f"play {t} now")]
    assert not missed
    state = game.new_game(game.examples()[0], seed=2)
    several = [t for t in (game.action_token(state, a) for a in state.legal_actions()) if " " in t]
    assert all(engine_tokens(t) for t in several), several


def test_player_words_are_not_engine_tokens():
    for words in ["10 of Shields", "Deal with a poke", "the Raven", "You and Across take the trick",
                  "Wolf is trump", "Bid 2 so far"]:
        assert not engine_tokens(words), words
