"""docs/contract.md is the contract between a game and the shared code: the
observation keys shared code and tests read by name, the page's attributes the
browser tests read. Read from the source and from seeded games: a key read by
name and not in the contract, a key "every game" gives that a registered game
does not, a listed key no game gives, and an attribute the tests read that is
not listed or that nothing in web/ writes each fail here, named."""
from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

from pycore import all_games
from tests.test_catalog import own_file

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "contract.md"
READ = re.compile(r"""\bobs(?:ervation)?(?:\(\w*\))?(?:\.get\(|\[)\s*["'](\w+)["']""")
# tests/test_layouts.py holds each game's layout cases, which read the game's own keys
GAMES_LAYOUT_CASES = "tests/test_layouts.py"


def _tables(text: str) -> list[list[list[str]]]:
    """The markdown tables of `text`: rows of cells (header and rule rows dropped)."""
    tables, rows = [], []
    for line in text.splitlines() + [""]:
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if not set("".join(cells)) <= set("-: "):
                rows.append(cells)
        elif rows:
            tables.append(rows[1:])
            rows = []
    return tables


def _names(cell: str) -> list[str]:
    return re.findall(r"`([\w-]+)`", cell)


@cache
def contract() -> dict:
    text = DOC.read_text(encoding="utf-8")
    every, some, attributes = _tables(text)
    return {"every": [n for row in every for n in _names(row[0])],
            "some": [n for row in some for n in _names(row[0])],
            "attributes": [n.removeprefix("data-") for row in attributes for n in _names(row[0])],
            "results": ["hand", "points", "hands"]}


def shared_sources() -> list[Path]:
    names = set(all_games())
    out = []
    for top in ("pycore", "solver", "web/manyhands_web", "tests", "bench"):
        for path in sorted((ROOT / top).rglob("*.py")):
            where = path.relative_to(ROOT).as_posix()
            if "/games/" in where or own_file(where, names) or where == GAMES_LAYOUT_CASES:
                continue
            out.append(path)
    return out


@cache
def observed() -> tuple[dict, dict]:
    """({key: games giving it}, {hand result key: games}) over one seeded game of
    each game's examples, every seat at every step."""
    keys: dict[str, set] = {}
    results: dict[str, set] = {}
    for name, game in all_games().items():
        for rules in game.examples():
            state, rng = game.new_game(rules, seed=2), random.Random(2)
            while True:
                for seat in range(state.players):
                    obs = state.observation(seat)
                    for key in obs:
                        keys.setdefault(key, set()).add(name)
                    for result in obs.get("hand_results") or []:
                        for key in result:
                            results.setdefault(key, set()).add(name)
                if state.is_terminal:
                    break
                state = state.apply_action(rng.choice(state.legal_actions()))
    return keys, results


def test_every_key_read_by_name_in_shared_code_is_in_the_contract():
    listed = set(contract()["every"]) | set(contract()["some"])
    unlisted = {}
    for path in shared_sources():
        for key in READ.findall(path.read_text(encoding="utf-8")):
            if key not in listed:
                unlisted.setdefault(key, path.relative_to(ROOT).as_posix())
    assert not unlisted, ("observation keys read by name in shared code, not in docs/contract.md "
                          f"(list each, or read it in the game's own modules): {unlisted}")


def test_every_game_gives_the_keys_every_game_gives():
    keys, results = observed()
    games = set(all_games())
    missing = {key: sorted(games - keys.get(key, set())) for key in contract()["every"]
               if keys.get(key, set()) != games}
    assert not missing, f"keys docs/contract.md says every game gives, and who does not: {missing}"
    missing = {key: sorted(games - results.get(key, set())) for key in contract()["results"]
               if results.get(key, set()) != games}
    assert not missing, f"hand_results keys every game gives, and who does not: {missing}"


def test_every_key_the_contract_lists_is_given_by_some_game():
    keys, _ = observed()
    unused = [key for key in contract()["some"] if key not in keys]
    assert not unused, f"keys in docs/contract.md that no game's observation gives: {unused}"


def _web_text() -> str:
    return "".join(p.read_text(encoding="utf-8", errors="replace") for p in sorted((ROOT / "web").rglob("*"))
                   if p.is_file() and p.suffix in (".py", ".js", ".mjs", ".html"))


def browser_reads() -> dict[str, str]:
    """{attribute without data-: the file that reads it} of the browser tests and bench/browser.py."""
    out = {}
    for path in sorted((ROOT / "tests" / "browser").glob("*.py")) + [ROOT / "bench" / "browser.py"]:
        text = path.read_text(encoding="utf-8")
        names = set(re.findall(r"data-([a-z][a-z-]*)", text))
        names |= {re.sub(r"[A-Z]", lambda m: "-" + m.group(0).lower(), n)
                  for n in re.findall(r"\bdataset\.([a-zA-Z]+)", text)}
        for name in names:
            out.setdefault(name, path.relative_to(ROOT).as_posix())
    return out


def test_every_attribute_the_browser_tests_read_is_listed_and_written():
    reads = browser_reads()
    unlisted = {name: where for name, where in reads.items() if name not in contract()["attributes"]}
    assert not unlisted, f"page attributes the browser tests read, not in docs/contract.md: {unlisted}"
    web = _web_text()

    def written(name: str) -> bool:
        camel = re.sub(r"-([a-z])", lambda m: m.group(1).upper(), name)
        return f"data-{name}" in web or f"dataset.{camel}" in web

    unwritten = {name: where for name, where in reads.items() if not written(name)}
    assert not unwritten, f"page attributes the tests read that nothing in web/ writes: {unwritten}"


def test_the_contract_reader_reads_each_table_without_its_header():
    text = "intro\n\n| key | what |\n|---|---|\n| `a`, `b` | x |\n| `c` or `d-e` | y |\n\nmore\n\n| k |\n|---|\n| `f` |\n"
    assert [[_names(row[0]) for row in table] for table in _tables(text)] == [[["a", "b"], ["c", "d-e"]], [["f"]]]
