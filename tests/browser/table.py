"""Driving the table through the page, as a person would: the home page's game
cards, clicks on legal cards and choices, export and import."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
READY = "body[data-ready=true]"

# One decision through the page: the first legal token, clicked the way the table
# offers it (a card, a card then a choice, or cards picked and confirmed).
PLAY_ONE = """
async () => {
  const prompt = document.querySelector('#prompt');
  if (!prompt || document.body.dataset.turn !== 'you') return false;
  const legal = JSON.parse(prompt.dataset.legal || '[]');
  if (!legal.length) return false;
  const token = legal[0];
  const q = (sel) => document.querySelector(sel);
  const act = (t) => q(`#table [data-action="${CSS.escape(t)}"]`);
  if (act(token)) { act(token).click(); return token; }
  const words = token.split(' ');
  const sub = q(`#table [data-sub="${CSS.escape(words[0])}"]`);
  if (sub) { sub.click(); act(token).click(); return token; }
  for (const card of words.slice(1)) {
    const el = q(`#table [data-toggle][data-card="${CSS.escape(card)}"][aria-pressed="false"]`);
    if (!el) throw new Error(`cannot pick ${card} for ${token}`);
    el.click();
  }
  const confirm = q('#confirm');
  if (!confirm || confirm.disabled) throw new Error(`confirm not enabled for ${token}`);
  confirm.click();
  return token;
}
"""

# Play every decision of yours until the game ends (or `limit` decisions).
PLAY_UNTIL = """
async ([limit, timeoutMs]) => {
  const start = Date.now();
  const playOne = %s;
  let played = 0;
  while (played < limit) {
    if (document.querySelector('#final-scores')) return {done: true, played};
    if (Date.now() - start > timeoutMs) return {done: false, played, timeout: true};
    if (document.body.dataset.turn === 'you' && await playOne()) { played++; continue; }
    await new Promise(r => setTimeout(r, 5));
  }
  return {done: !!document.querySelector('#final-scores'), played};
}
""" % PLAY_ONE


def open_site(page, site, query: str = "pace=0"):
    page.goto(f"{site.url}?{query}")
    page.wait_for_selector(READY, state="attached", timeout=60_000)


def start_game(page, game: str, rules: dict | None = None, seed: int = 11, place: str = "",
               level: str = "easy"):
    """A new game from its card on the home page: the player count on the card, other
    rules under House rules, the deal number and your seat under Advanced (`place`:
    "" drawn with the deal, the engine's seat 0; "p0" the first dealer; computer
    players "easy" by default: the tests check the table, not the bots, and easy
    bots keep CI short)."""
    page.goto(page.url.split("#")[0] + "#home")
    page.wait_for_selector(f"#game-{game}")
    page.select_option("#level", level)
    rules = dict(rules or {})
    players = rules.pop("players", None)
    if players is not None and page.locator(f"#rule-{game}-players").count():
        page.select_option(f"#rule-{game}-players", str(players))
    if rules:
        open_details(page, f"#house-{game}")
    for key, value in rules.items():
        set_rule(page, game, key, value)
    open_details(page, f"#advanced-{game}")
    page.fill(f"#seed-{game}", str(seed))
    page.select_option(f"#seat-{game}", value=place)
    page.click(f"#play-{game}")
    page.wait_for_selector("#view-table:not([hidden])")


def open_details(page, selector: str):
    if not page.locator(selector).evaluate("d => d.open"):
        page.click(f"{selector} > summary")


def set_rule(page, game: str, key: str, value):
    """One house rule through its control: a checkbox, a select, a number, the
    checkboxes of a set (a list of options), a row of numbers or a table of them."""
    box = f"#rule-{game}-{key}"
    if isinstance(value, bool):
        page.locator(box).set_checked(value)
    elif isinstance(value, list) and value and isinstance(value[0], list):
        for i, row in enumerate(value):
            for j, v in enumerate(row):
                page.fill(f"{box}-{i}-{j}", str(v))
    elif isinstance(value, list):
        kind = page.get_attribute(f'#game-{game} .rule-field[data-field="{key}"]', "data-kind")
        if kind == "set":
            for check in page.locator(f'#game-{game} .rule-field[data-field="{key}"] input[type=checkbox]').all():
                check.set_checked(check.get_attribute("value") in value)
        else:
            for i, v in enumerate(value):
                page.fill(f"{box}-{i}", str(v))
    elif page.locator(box).evaluate("e => e.tagName") == "SELECT":
        page.select_option(box, str(value))
    else:
        page.fill(box, str(value))


KEPT_GAME = """() => {
  const id = localStorage.getItem('manyhands/open');
  return id && JSON.parse(localStorage.getItem('manyhands/game/' + id));
}"""


def kept_game(page) -> dict | None:
    """The game at the table as the page keeps it (web/manyhands_web/storage.py):
    {record, seat, level, theme}; None before any game."""
    return page.evaluate(KEPT_GAME)


def play(page, limit: int = 10_000, timeout_s: float = 240) -> dict:
    return page.evaluate(PLAY_UNTIL, [limit, int(timeout_s * 1000)])


def wait_my_turn(page, timeout_s: float = 60):
    page.wait_for_selector("body[data-turn=you], body[data-turn=over]", state="attached",
                           timeout=timeout_s * 1000)


def export_record(page) -> dict:
    if page.is_visible("#menu-toggle") and not page.is_visible("#export"):   # a phone: the game menu
        page.click("#menu-toggle")
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
    return [(kind, piece, text[:80]) for text in page.evaluate(SCREEN_WORDS)
            for kind, piece in engine_tokens(text)]


def set_trick_pause(page, value: str) -> None:
    """The "After a trick" setting: "wait", "1", "2" or "0"."""
    page.select_option("#trick-pace", value)


STATE = """() => ({turn: document.body.dataset.turn, hold: document.body.dataset.hold || '',
  over: !!document.querySelector('#final-scores'), actions: +document.body.dataset.actions})"""


def table_state(page) -> dict:
    return page.evaluate(STATE)


def shot(page, name: str, show: str = "#middle", block: str = "center") -> None:
    """The view as it is, on a desktop and on a 390 px phone (`show` scrolled to
    `block`), saved in tests/screenshots/; fails if the phone page scrolls sideways,
    or a score sheet's table inside `show` does (its last column out of sight)."""
    from .conftest import SCREENSHOTS
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(show).first.scroll_into_view_if_needed()
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


def wait_hint(page, timeout: int = 120_000) -> None:
    """Until the hint has come: its first step (the summary line) is shown."""
    page.wait_for_function("(document.querySelector('#hint-summary') || {}).textContent", timeout=timeout)
