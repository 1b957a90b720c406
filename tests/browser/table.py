"""Driving the table through the page, as a person would: export and import,
what the table shows and says; the moves themselves (the home page's game cards,
clicks on legal cards and choices) are bench/browser.py's, imported here."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError

from bench.browser import (HIDDEN, PLAY_ONE, PLAY_UNTIL, READY, UNFIT, import_state, in_settings, open_details, open_site,  # noqa: F401
                           first_choices, hand_tricks, play, set_rule, set_trick_pause, settle, start_game,
                           trick_decision, tricks_done, trick_you_end, wait_hint, wait_my_turn)

ROOT = Path(__file__).resolve().parents[2]


KEPT_GAME = """() => {
  const id = localStorage.getItem('manyhands/open');
  return id && JSON.parse(localStorage.getItem('manyhands/game/' + id));
}"""


def kept_game(page) -> dict | None:
    """The game at the table as the page keeps it (web/manyhands_web/storage.py):
    {record, seat, level, theme}; None before any game."""
    settle(page)
    return page.evaluate(KEPT_GAME)


def export_record(page) -> dict:
    settle(page)
    if not page.is_visible("#export"):          # in the Settings panel
        page.click("#menu-toggle")
        settle(page)
    with page.expect_download() as info:
        page.click("#export")
    return json.loads(Path(info.value.path()).read_text(encoding="utf-8"))


def replay_summary(record: dict, tmp_path: Path) -> dict:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "pycore", "replay", str(path)], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def page_totals(page) -> tuple[list, list]:
    settle(page)
    scores = page.locator("#final-scores")
    return (json.loads(scores.get_attribute("data-totals")),
            json.loads(scores.get_attribute("data-winners")))


# Every word the table shows or says: the visible text of the table view (the hint
# panel aside: its content is the solver's), the log, and each element's accessible
# name and description (aria-label, title, aria-describedby).
SCREEN_WORDS = """
() => {
  const out = [];
  const view = document.querySelector('#view-table');
  for (const sel of ['#game-title', '#table', '.toolbar']) {
    const el = view.querySelector(sel);
    if (el) out.push(el.innerText);
  }
  out.push(document.querySelector('#log').textContent);
  for (const el of view.querySelectorAll('#table *, .toolbar *, #log *')) {
    for (const attr of ['aria-label', 'title']) {
      if (el.hasAttribute(attr)) out.push(el.getAttribute(attr));
    }
    const described = el.getAttribute('aria-describedby');
    if (described) {
      for (const id of described.split(' ')) {
        const target = document.getElementById(id);
        if (target) out.push(target.textContent);
      }
    }
  }
  return out;
}
"""


def screen_tokens(page) -> list:
    """Engine tokens anywhere a player reads or hears the table (tests/engine_tokens.py)."""
    from tests.engine_tokens import engine_tokens
    settle(page)
    return [(kind, piece, text[:80]) for text in page.evaluate(SCREEN_WORDS)
            for kind, piece in engine_tokens(text)]


STATE = """() => ({turn: document.body.dataset.turn, hold: document.body.dataset.hold || '',
  over: !!document.querySelector('#final-scores'), actions: +document.body.dataset.actions})"""


def table_state(page) -> dict:
    settle(page)
    return page.evaluate(STATE)


def shot(page, name: str, show: str = "#middle", block: str = "center") -> None:
    """The view as it is, on a desktop and on a 390 px phone (`show` scrolled to
    `block`), saved in tests/screenshots/; fails if the phone page scrolls sideways,
    or a score sheet's table inside `show` does (its last column out of sight)."""
    from .conftest import SCREENSHOTS
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    settle(page)
    for attempt in range(5):    # a panel redrawn as background work (a hand's par) arrives is found anew
        try:
            page.locator(show).first.scroll_into_view_if_needed()
            break
        except PlaywrightError as error:
            if "not attached" not in str(error) or attempt == 4:
                raise
            page.wait_for_timeout(200)
    page.screenshot(path=str(SCREENSHOTS / f"{name}-desktop.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(150)
    page.locator(show).first.evaluate(f"e => e.scrollIntoView({{block: '{block}'}})")
    page.screenshot(path=str(SCREENSHOTS / f"{name}-phone.png"))
    width = page.evaluate("document.documentElement.scrollWidth")
    sheets = page.evaluate(f"""() => [...document.querySelectorAll('{show} .scroll')]
        .filter(e => e.querySelector('table.sheet')).map(e => [e.scrollWidth, e.clientWidth])""")
    page.set_viewport_size({"width": 1200, "height": 900})
    assert width <= 392, f"{name}: the page is {width}px wide on a 390px phone"
    assert all(wide <= room + 1 for wide, room in sheets), f"{name}: a score table scrolls sideways at 390px: {sheets}"


