"""axe-core (pinned in package-lock.json, injected from node_modules/, never
shipped) over every kind of view of the site at a desktop and a phone width:
the home page, a rules page, a table mid-hand in every game, the hint open, a
game over, a score sheet, a hand's review, the history and the statistics, the
seats of a game with friends and its pass screen. Any
violation of WCAG 2.0/2.1 A and AA or of axe's best practices fails the test.
One page per width; the finished game is imported, not played."""
from __future__ import annotations

import json
import time

import pytest

from .conftest import ROOT
from tests.catalog import examples

from .table import open_site, play, start_game, wait_hint, wait_my_turn

pytestmark = pytest.mark.browser

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
GOLDEN = ROOT / "tests" / "data" / "golden"
# Each game's examples (its usual table and each other form: Lunar's Sky), mid-hand.
TABLES = examples()

RUN_AXE = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map(n => `${n.target.join(" ")}: ${n.failureSummary.split("\\n").slice(1, 2).join("")} ${n.html.slice(0, 300)}`),
    count: v.nodes.length}));
}"""


def audit(page, view: str, found: dict) -> None:
    assert AXE.exists(), f"{AXE} is missing: build.py's npm ci installs axe-core (package-lock.json)"
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    page.wait_for_timeout(150)           # a card still travelling settles
    for violation in page.evaluate(RUN_AXE, TAGS):
        found.setdefault(view, []).append(violation)


def go(page, address: str, ready: str) -> None:
    page.goto(page.url.split("#")[0] + address)
    page.wait_for_selector(ready)


def every_view(page, tmp_path, found: dict) -> None:
    go(page, "#home", "#game-raven")
    audit(page, "home", found)
    go(page, "#rules/voren", ".guide h2")
    audit(page, "rules", found)
    for n, (game, rules) in enumerate(TABLES):
        start_game(page, game, rules, seed=11)
        wait_my_turn(page)
        play(page, limit=1)
        wait_my_turn(page)
        audit(page, f"table {game}", found)
        if n == 0:
            page.click("#hint")
            wait_hint(page)
            audit(page, "hint", found)
            page.click("#hint-close")
    # a finished game, imported: its end, a hand's score sheet, a hand's review
    path = tmp_path / "voren.json"
    path.write_text(json.dumps(json.loads((GOLDEN / "voren-3p.json").read_text())["record"]))
    go(page, "#home", "#home-import")
    page.set_input_files("#home-import", str(path))
    page.wait_for_selector("#result #final-scores")
    audit(page, "game over", found)
    page.click("#result [data-ui=end-close]")
    page.click('[data-ui="scores"]')
    page.click('#score-pad [data-ui="sheet"][data-hand="0"]')
    page.wait_for_selector("#score-sheet")
    audit(page, "score sheet", found)
    page.click("#review-hand")
    page.wait_for_selector("#review-body", timeout=120_000)
    audit(page, "review", found)
    go(page, "#history", "#view-history:not([hidden])")
    audit(page, "history", found)
    go(page, "#stats", "#view-stats:not([hidden])")
    audit(page, "stats", found)
    # friends at one device: choosing the seats, then the pass screen
    game = TABLES[0][0]
    go(page, "#home", f"#friends-{game}")
    page.click(f"#friends-{game}")
    page.wait_for_selector("#friends-dialog[open]")
    audit(page, "seats", found)
    page.click("#friends-start")
    page.wait_for_selector("#pass-screen")
    audit(page, "pass screen", found)


@pytest.mark.parametrize("size", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}],
                         ids=["desktop", "phone"])
def test_axe_finds_no_violation_in_any_view(browser, site, tmp_path, size):
    context = browser.new_context(viewport=size)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    started = time.monotonic()
    found: dict = {}
    try:
        open_site(page, site, "pace=0&budget=8")
        every_view(page, tmp_path, found)
    finally:
        context.close()
    print(f"axe over every view at {size['width']} px: {time.monotonic() - started:.1f} s")
    assert not found, json.dumps(found, indent=1)
    assert not errors
