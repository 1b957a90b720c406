"""The table as a card table, in Chromium at a 390 x 844 phone and a 1280 x 800
desktop: no text on it under 12 CSS px in any game; nothing covers a control in
view (the hint open, a hand's score sheet open, the game's end open), and with
the hint open its card and the trick are in view; cards move, each within 300
ms, and not at all when the system asks for reduced motion; the arrow keys move
along your hand."""
from __future__ import annotations

import pytest

from tests.catalog import own_cases

from .conftest import SCREENSHOTS
from .table import PLAY_ONE, open_site, set_trick_pause, start_game, wait_hint, wait_my_turn

pytestmark = pytest.mark.browser
PHONE, DESKTOP = {"width": 390, "height": 844}, {"width": 1280, "height": 800}
QUERY = "pace=0&budget=20"

# Every visible piece of text in the table's view smaller than 12 CSS px: HTML text
# by its computed size, SVG text (the card faces) by its size times the scale the
# card is drawn at. Text out of sight (hidden, folded away, visually hidden for
# screen readers only) is not looked at.
SMALL_TEXT = """(root) => {
  const out = [];
  const walker = document.createTreeWalker(document.querySelector(root), NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const text = node.textContent.trim();
    const el = node.parentElement;
    if (!text || !el || !el.getClientRects().length || el.closest('[hidden], .visually-hidden')) continue;
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
    let size = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGElement) {
      const m = el.getScreenCTM();
      size = parseFloat(el.getAttribute('font-size') || size) * Math.hypot(m.a, m.b);
    }
    if (size < 11.95) out.push(`${text.slice(0, 30)} (${el.tagName.toLowerCase()}.${el.getAttribute('class') || ''}): ${size.toFixed(1)}px`);
  }
  // text drawn by CSS (the hint's "Hint" tag, a winner's star)
  for (const el of document.querySelector(root).querySelectorAll('*')) {
    if (!el.getClientRects().length || el.closest('[hidden], .visually-hidden')) continue;
    for (const pseudo of ['::before', '::after']) {
      const style = getComputedStyle(el, pseudo);
      if (!/^".*[^\\s"].*"$/.test(style.content) || style.display === 'none') continue;
      if (parseFloat(style.fontSize) < 11.95) out.push(`${style.content} (${pseudo} of ${el.tagName.toLowerCase()}.${el.getAttribute('class') || ''}): ${style.fontSize}`);
    }
  }
  return [...new Set(out)];
}"""

# Every enabled control whose centre is in the viewport and that is not the element
# found there (something covers it). A control of the page scrolled under its
# docked bars (the toolbar on top, on a phone the hint's sheet docked under it,
# your hand and decision at the bottom) is out of view, as on any scrolling page;
# the bars themselves may not be covered, nor anything else (a panel, a sheet).
COVERED = """() => {
  const sheet = document.querySelector('#hint-panel');
  const docked = sheet && getComputedStyle(sheet).position === 'fixed' && innerWidth <= 640;
  const bars = '#view-table .toolbar, #table .gametable > .hand, #table .gametable > #prompt'
    + (docked ? ', #hint-panel' : '');
  const say = (e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${(e.getAttribute('class') || '').split(' ').join('.')}`
    + ` "${(e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 30)}"`;
  // scrolled out of sight inside a box of its own that scrolls (the hint's sheet, a score table)
  const clipped = (el, x, y) => {
    for (let box = el.parentElement; box; box = box.parentElement) {
      if (!/(auto|scroll|hidden)/.test(getComputedStyle(box).overflow)) continue;
      const b = box.getBoundingClientRect();
      if (x < b.left || x > b.right || y < b.top || y > b.bottom) return true;
    }
    return false;
  };
  const out = [];
  const controls = document.querySelectorAll('#view-table :is(button, a[href], select, input, summary), header.site a');
  for (const el of controls) {
    if (el.disabled || el.closest('[hidden], [inert], .visually-hidden') || !el.getClientRects().length) continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight || clipped(el, x, y)) continue;
    const top = document.elementFromPoint(x, y);
    if (!top || el.contains(top)) continue;
    if (top.closest(bars) && !el.closest(bars)) continue;
    out.push(`${say(el)} under ${say(top)}`);
  }
  return out;
}"""

# Elements that are not the element found at their centre (`selector`: the hint's
# marked choices, the trick's cards), or that are out of the viewport.
HIDDEN = """(selector) => [...document.querySelectorAll(selector)].filter((el) => {
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return true;
  const top = document.elementFromPoint(x, y);
  return !top || !el.contains(top);
}).map((el) => el.getAttribute('aria-label') || el.dataset.action || el.className.baseVal || el.className)"""

# Go on from a held trick or hand, once the page has answered (body[data-busy]
# gone: from a worker the Python answers after the click).
GO_ON = """async () => {
    document.querySelector('#continue')?.click();
    while (document.body.dataset.busy) await new Promise((r) => setTimeout(r, 5));
  }"""

# Your decisions until the table holds `kind` ("trick", "hand"), or the game is over
# ("over"): a held trick or hand is gone on from, your decisions are the first legal ones.
ADVANCE = """async ([kind, timeoutMs]) => {
  const start = Date.now();
  const playOne = %s;
  const goOn = %s;
  while (Date.now() - start < timeoutMs) {
    const d = document.body.dataset;
    const over = !!document.querySelector('#final-scores');
    if ((kind === 'over' && over && d.hold !== 'hand') || (kind !== 'over' && d.hold === kind)) return true;
    if (d.hold) await goOn();
    else if (d.turn === 'you') await playOne();
    await new Promise((r) => setTimeout(r, 10));
  }
  return false;
}""" % (PLAY_ONE, GO_ON)


# Your decisions until `condition` (a JS expression) holds with your turn and no hold.
UNTIL = """async () => {
  const goOn = %s;
  for (let i = 0; i < 6000; i++) {
    const d = document.body.dataset;
    if (d.turn === 'you' && !d.hold && (%s)) return true;
    if (d.hold) await goOn();
    else if (d.turn === 'you') await (%s)();
    await new Promise((r) => setTimeout(r, 10));
  }
  return false;
}"""


def advance_until(page, condition: str) -> None:
    assert page.evaluate(UNTIL % (GO_ON, condition, PLAY_ONE)), f"never reached: {condition}"
    page.wait_for_timeout(400)


def advance(page, kind: str, timeout_s: float = 120) -> None:
    assert page.evaluate(ADVANCE, [kind, int(timeout_s * 1000)]), f"never reached: {kind}"
    page.wait_for_timeout(400)          # any motion over (each at most 300 ms)


def check_view(page, what: str) -> None:
    """At both widths: no small text, no control covered."""
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        page.wait_for_timeout(200)
        where = f"{what} at {size['width']} px"
        assert page.evaluate(SMALL_TEXT, "#view-table") == [], where
        assert page.evaluate(COVERED) == [], where


def check_hint(page, name: str) -> None:
    """At both widths: the hint opened; nothing covered, the hint's marked choice
    and the trick (if one is under way) in view."""
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        page.wait_for_timeout(200)
        page.click("#hint")
        wait_hint(page)
        page.wait_for_selector("#table [data-suggested]")
        page.wait_for_timeout(400)
        where = f"{name}, hint open at {size['width']} px"
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"card-table-{name}-{size['width']}.png"))
        assert page.evaluate(SMALL_TEXT, "#view-table") == [], where
        assert page.evaluate(COVERED) == [], where
        assert page.evaluate(HIDDEN, "#table [data-suggested]") == [], where
        assert page.evaluate(HIDDEN, "#middle .ring-trick .card:not(.slot)") == [], where
        page.click("#hint-close")


# (name, rules, played on to the game's end as well), each game's own (its CARD_TABLE_CASES)
CASES = own_cases("CARD_TABLE_CASES")


@pytest.mark.parametrize("name,rules,to_the_end", CASES, ids=[f"{n}-{r.get('players', 4)}p" for n, r, _ in CASES])
def test_the_table_reads_and_nothing_covers_what_you_need(page, site, name, rules, to_the_end):
    """In each game, at both widths: the first decision with the hint open (its
    choice marked in view), a card to play with the trick under way and the hint
    open (the trick in view too), a finished trick waiting for you, the hand's score
    sheet; on rules of a few hands (Voren's three) the game's end as well."""
    page.set_viewport_size(DESKTOP)
    open_site(page, site, QUERY)
    start_game(page, name, rules, seed=5)
    set_trick_pause(page, "wait")
    wait_my_turn(page)
    check_hint(page, f"{name}-first")
    # your card to play, with a trick under way
    advance_until(page, "document.querySelector('#current-trick .play:not(.pending)') "
                        "&& document.querySelector('#hand [data-action]')")
    check_hint(page, f"{name}-trick")
    advance(page, "trick")
    check_view(page, f"{name}: a finished trick")
    advance(page, "hand")
    check_view(page, f"{name}: the hand's score sheet")
    if to_the_end:
        advance(page, "over")
        check_view(page, f"{name}: the game's end")
    assert not page.errors


# --- motion -------------------------------------------------------------------------------------------
# After every redraw of the table (recorded by an observer made after the page's
# own), the animations running and how long each takes in all.
WATCH = """() => {
  window.seen = [];
  new MutationObserver(() => window.seen.push(document.getAnimations()
    .map((a) => a.effect.getComputedTiming().endTime)))
    .observe(document.querySelector('#table'), {childList: true});
}"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_cards_move_within_300_ms_and_not_when_asked_for_less(page, site, motion):
    """Playing through two tricks and into a new hand (Voren, three cards a hand):
    with motion allowed, cards move (the cards played, the tricks gathered, the new
    hand dealt), each within 300 ms; with reduced motion asked for, nothing moves.
    The arrow keys move along your hand."""
    page.emulate_media(reduced_motion=motion)
    page.set_viewport_size(DESKTOP)
    open_site(page, site, QUERY)
    start_game(page, "voren", {"players": 3}, seed=2)
    set_trick_pause(page, "wait")
    wait_my_turn(page)
    page.evaluate(WATCH)
    advance(page, "hand")
    advance_until(page, "document.querySelectorAll('#hand button.card').length === 3")
    seen = page.evaluate("window.seen")
    assert len(seen) > 5
    if motion == "reduce":
        assert all(not running for running in seen), seen
    else:
        assert sum(len(running) for running in seen) >= 6, seen
        assert max(t for running in seen for t in running) <= 300
    at = "[...document.querySelectorAll('#hand button.card')].indexOf(document.activeElement)"
    count = page.locator("#hand button.card").count()
    page.locator("#hand button.card").first.focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate(at) == 1
    page.keyboard.press("End")
    assert page.evaluate(at) == count - 1
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(at) == count - 2
    page.keyboard.press("Home")
    assert page.evaluate(at) == 0
    assert not page.errors
