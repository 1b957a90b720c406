"""The built site in Debian's Chromium: hints, import errors, resume, offline play,
rules pages, each game's table at phone width; no request ever leaves the page's
origin (checked by the `context` fixture). Whole games of every game through the
page, with their moments, are in test_moments.py."""
from __future__ import annotations

import itertools
import json

import pytest

from bench.browser import first_choices, import_state
from pycore import all_games
from tests.catalog import own_cases

from .conftest import SCREENSHOTS, Requests, Site
from .table import (READY, export_record, open_site, play, settle, start_game,
                    wait_hint, wait_my_turn)

pytestmark = pytest.mark.browser


def test_hint_panel_ranks_legal_choices(page, site):
    open_site(page, site)
    start_game(page, "raven", {"players": 4}, seed=3)
    wait_my_turn(page)
    page.click("#hint")
    page.wait_for_selector("#hint-table summary", timeout=60_000)
    page.click("#hint-table summary")
    items = page.locator("#hint-list li")
    assert items.count() >= 1
    legal = json.loads(page.get_attribute("#prompt", "data-legal"))
    assert {items.nth(i).get_attribute("data-token") for i in range(items.count())} == set(legal)


def test_the_hints_suggestion_is_marked_on_the_table_until_you_choose(page, site):
    """The hint's best choice is marked where you make it, and stays marked once
    the panel is closed (on a phone the panel covers the hand): a gift's four
    cards, picked for you on request (you still confirm); then the card to play;
    no mark once you have chosen."""
    open_site(page, site)
    start_game(page, "lunar", {"players": 4}, seed=5)
    wait_my_turn(page)                                   # the exchange: 4 of your 12 cards
    page.click("#hint")
    wait_hint(page)
    assert page.locator("#hint-list li").count(), page.inner_text("#hint-panel")
    best = page.get_attribute("#hint-list li >> nth=0", "data-token")
    marked = "sel => [...document.querySelectorAll(sel)].map(e => e.dataset.card || e.dataset.action)"
    assert sorted(page.evaluate(marked, "#table [data-suggested]")) == sorted(best.split(" ")[1:])
    page.click("#hint-close")
    settle(page)
    assert sorted(page.evaluate(marked, "#hand [data-suggested]")) == sorted(best.split(" ")[1:])
    page.click("#pick-suggested")
    settle(page)
    assert page.get_attribute("#confirm", "data-action") == best
    assert page.evaluate("document.activeElement.id") == "confirm"
    page.click("#confirm")
    page.wait_for_function("!document.querySelector('#confirm')")
    wait_my_turn(page)
    assert page.evaluate(marked, "#table [data-suggested]") == []
    # The hint's pick in the exchange is an estimate, so the hand that follows may vary:
    # a decision with one legal card has nothing to rank (the hint says "Only one choice").
    while len(json.loads(page.get_attribute("#prompt", "data-legal"))) < 2:
        assert play(page, limit=1)["played"] == 1
        wait_my_turn(page)
    page.click("#hint")
    wait_hint(page)
    assert page.locator("#hint-list li").count(), page.inner_text("#hint-panel")
    best = page.get_attribute("#hint-list li >> nth=0", "data-token")
    shown = page.evaluate(marked, "#table [data-suggested]")
    assert shown and set(shown) == {best}, (shown, best)


# The cells of the other hands' table that are one word ("Hand", "Shields", "0.8")
# but were laid out on more than one line: a header broken as "Ha" / "nd".
BROKEN_WORDS = """() => [...document.querySelectorAll('.hint-hands th, .hint-hands tr:not(.hint-other) td')]
  .filter(cell => !/\\s/.test(cell.textContent.trim()) && cell.firstChild)
  .filter(cell => { const r = document.createRange(); r.selectNodeContents(cell);
                    return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size > 1; })
  .map(cell => cell.textContent)"""


@pytest.mark.parametrize("game,players,widths", own_cases("OTHER_HANDS_TABLES"))      # each game's own
def test_the_other_hands_table_keeps_its_words_whole(browser, site, game, players, widths):
    """The table of the other hands (a column a suit) in the phone's panel and
    the desktop's side panel: every header and count on one line (the headers
    read "Ha" / "nd", "Shie" / "lds" when the last column's list could squeeze
    them to a letter), and no column out of sight: beside the suits a hand's
    other cards take a line of their own."""
    context = browser.new_context(viewport={"width": widths[0], "height": 844})
    try:
        page = context.new_page()
        open_site(page, site, "pace=0")
        start_game(page, game, {"players": players}, seed=6)
        for _ in range(8):
            assert play(page, limit=3)["played"] == 3
            wait_my_turn(page)
            page.click("#hint")
            wait_hint(page)
            if page.locator("#hint-inference .hint-hands").count():
                break
            page.click("#hint-close")
        page.click("#hint-inference summary")
        for width in widths:                # the same hint, the phone's panel then the side panel
            page.set_viewport_size({"width": width, "height": 844})
            page.wait_for_timeout(150)
            assert page.locator(".hint-hands tbody tr").count() >= 2
            assert not page.evaluate(BROKEN_WORDS), (width, page.evaluate(BROKEN_WORDS))
            for box in ("#hint-panel", ".hint-table-wrap"):     # nor scrolls sideways to show a column
                wide, room = page.evaluate(f"() => {{ const p = document.querySelector('{box}');"
                                           " return [p.scrollWidth, p.clientWidth]; }")
                assert wide <= room + 1, (width, box, wide, room)
    finally:
        context.close()


@pytest.mark.parametrize("name,rules", [("tricksters", {}), ("raven", {"players": 4})])
def test_the_hint_steps_fit_a_phone(browser, site, name, rules):
    """At 390 px: the hint's first step is one suggestion and its reason; the
    full table of choices opens on request (closed before); nothing in the panel
    is wider than the screen, closed or open; no word of the other hands' table
    is broken across lines; no engine token in its text."""
    from tests.engine_tokens import engine_tokens
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        open_site(page, site, "pace=0")
        start_game(page, name, rules, seed=6)
        wait_my_turn(page)
        page.click("#hint")
        page.wait_for_selector("#hint-table summary", timeout=120_000)
        first = page.inner_text("#hint-summary")
        legal = json.loads(page.get_attribute("#prompt", "data-legal"))
        assert first.startswith("Consider ") and ": it " in first, first
        assert first.count("Consider ") == 1
        assert page.is_hidden("#hint-list li >> nth=0")            # the table: on request
        overflow = ("() => { const p = document.querySelector('#hint-panel');"
                    " return [p.scrollWidth, p.clientWidth, document.documentElement.scrollWidth]; }")
        wide, room, page_wide = page.evaluate(overflow)
        assert wide <= room + 1 and page_wide <= 392, (wide, room, page_wide)
        page.click("#hint-table summary")
        page.wait_for_selector("#hint-list li")
        assert page.locator("#hint-list li").count() == len(legal)
        if page.locator("#hint-inference").count():
            page.click("#hint-inference summary")
            settle(page)
            assert not page.evaluate(BROKEN_WORDS), page.evaluate(BROKEN_WORDS)
        wide, room, page_wide = page.evaluate(overflow)
        assert wide <= room + 1 and page_wide <= 392, (wide, room, page_wide)
        text = page.inner_text("#hint-panel")
        assert not engine_tokens(text), engine_tokens(text)
    finally:
        context.close()


def test_hint_can_be_cancelled_and_table_stays_live(page, site):
    open_site(page, site)
    start_game(page, "raven", {"players": 4}, seed=4)
    wait_my_turn(page)
    page.click("#hint")
    page.click("#hint-cancel")
    settle(page)
    assert page.is_hidden("#hint-progress")
    assert "cancelled" in page.inner_text("#hint-body").lower()
    # the table still answers while (and after) the worker restarts
    assert play(page, limit=1)["played"] == 1


def to_first_card_play(page) -> None:
    """Through the Tricksters drafts to your first card to play (a token with no space)."""
    while True:
        wait_my_turn(page)
        legal = json.loads(page.get_attribute("#prompt", "data-legal"))
        if " " not in legal[0] and len(legal) > 1:
            return
        assert play(page, limit=1)["played"] == 1


def test_hint_shows_its_progress_and_can_still_be_cancelled(page, site):
    """A long hint (every deal of a Tricksters first trick; the default adaptive
    hint stops as soon as the best choice is clear, too soon to watch): the
    progress bar gets a value from the worker's reports (deals searched of those
    to search), labelled for assistive technology; Cancel still stops it and the
    table plays on."""
    open_site(page, site, "pace=0")
    start_game(page, "tricksters", {}, seed=6)
    to_first_card_play(page)
    page.click("#hint")
    page.wait_for_selector("#hint-all", timeout=60_000)
    page.click("#hint-all")
    page.wait_for_function(
        "() => { const m = document.querySelector('#hint-meter');"
        "  return m.hasAttribute('value') && m.value > 0 && m.value < m.max; }", timeout=120_000)
    meter = page.locator("#hint-meter")
    assert page.is_visible("#hint-meter")
    assert page.evaluate("document.querySelector('#hint-meter').matches('progress')")  # role progressbar
    assert meter.get_attribute("aria-label") == "Hint progress"
    assert "%" in meter.get_attribute("aria-valuetext")
    page.wait_for_function("/\\d+%/.test(document.querySelector('#hint-progress-text').textContent)")
    page.click("#hint-cancel")
    settle(page)
    assert page.is_hidden("#hint-progress")
    assert "cancelled" in page.inner_text("#hint-body").lower()
    assert page.get_attribute("#hint-meter", "value") is None      # reset for the next hint
    assert play(page, limit=1)["played"] == 1
    assert not page.errors


def test_a_sampled_hint_offers_to_search_every_deal(page, site, tmp_path):
    """A hint that searched a uniform sample (here a small page budget) offers
    "Search all N deals"; clicked, the deals are searched over the pool's
    workers (two here), every deal at the effort the hint offered, and the page
    shows exactly the ranking the native solver gives for that record, seat and
    effort. Cancel stops it; the workers stay for the next search."""
    open_site(page, site, "pace=0&budget=4&workers=2")
    start_game(page, "tricksters", {}, seed=6)
    to_first_card_play(page)
    page.click("#hint")
    page.wait_for_selector("#hint-all", timeout=60_000)
    deals = page.inner_text("#hint-all").split()[2]          # "Search all 1,680 deals"
    assert f"Every possible deal searched exactly ({deals})" not in page.inner_text("#hint-body")
    assert json.loads(page.get_attribute("#hint-all", "data-budget")) == {"all_worlds": True}
    page.click("#hint-all")
    page.click("#hint-cancel")
    settle(page)
    assert "cancelled" in page.inner_text("#hint-body").lower()
    page.wait_for_function("() => !document.querySelector('#hint').disabled")
    page.wait_for_function("window.manyhands.pool.ready().length === 2", timeout=120_000)
    assert len(_pool_workers(page)) == 2
    page.click("#hint")
    page.wait_for_selector("#hint-all", timeout=60_000)
    page.click("#hint-all")
    page.wait_for_function(
        "(d) => document.querySelector('#hint-body').textContent.includes("
        "`Every possible deal searched exactly (${d})`)", arg=deals, timeout=240_000)
    assert page.locator("#hint-all").count() == 0
    page.click("#hint-table summary")
    items = page.locator("#hint-list li")
    shown = [(items.nth(i).get_attribute("data-token"), items.nth(i).inner_text())
             for i in range(items.count())]
    legal = json.loads(page.get_attribute("#prompt", "data-legal"))
    assert {token for token, _ in shown} == set(legal)
    from solver import api
    native = api.hint(export_record(page), 0, {"all_worlds": True})
    assert native["all_worlds"] and native["exact"]
    assert [(t, line.split(": ", 1)[1]) for t, line in shown] == [(a["action"], a["why"]) for a in native["actions"]]
    assert len(_pool_workers(page)) == 2    # the pool's workers stay for the next search
    assert not page.errors


SNAPSHOT_KEPT = """async () => (await caches.has('manyhands-snapshot'))
  && (await (await caches.open('manyhands-snapshot')).keys()).length > 0"""


def _pool_workers(page) -> list:
    """The page's hint workers (not PyScript's own worker, where the page's Python runs in one)."""
    return [w for w in page.workers if w.url.endswith("/worker.mjs")]


def _deals_searched(page) -> int:
    """The deals a hint says it searched ("Searched 3,104 of about 5 × 10²⁶ possible deals; ...")."""
    text = page.text_content("#hint-certainty")      # (folded under "How do we know?")
    assert text.startswith("Searched "), text
    return int(text.split()[1].replace(",", ""))


def _suggested(summary: str) -> str:
    """The choice a hint's first step names ("Consider “Bid 2: ...”: it makes ...")."""
    return summary.split("“", 1)[1].split("”", 1)[0]


def test_a_close_call_offers_to_think_longer_and_does(page, site):
    """A Raven bid the hint could not settle in its time (here ?hint=0.5: half a
    second) offers "Think longer": four times the page's time (THINK_LONGER).
    Clicked, the hint searches again at that time, with its progress and Cancel,
    says it searched more deals, whether it kept the suggestion before it (or
    what it changed it to) and how sure the new advice is; the table plays on
    after it."""
    from solver.hints import THINK_LONGER
    open_site(page, site, "pace=0&hint=0.5")
    start_game(page, "raven", {"players": 4}, seed=3)
    wait_my_turn(page)
    page.click("#hint")
    page.wait_for_selector("#hint-longer", timeout=60_000)
    assert page.inner_text("#hint-longer") == "Think longer"
    assert json.loads(page.get_attribute("#hint-longer", "data-budget")) == {"seconds": 0.5 * THINK_LONGER}
    assert "the time ran out" in page.text_content("#hint-certainty")
    first = _deals_searched(page)
    suggested = page.inner_text("#hint-summary")
    page.click("#hint-longer")
    page.wait_for_selector("#hint-cancel", state="visible", timeout=10_000)
    page.wait_for_selector("#hint-cancel", state="hidden", timeout=60_000)
    # four times the time, so more deals (not a set ratio: deals per second vary
    # with whatever else the machine runs, another test process among them)
    assert _deals_searched(page) > first
    now = page.inner_text("#hint-summary")
    assert now.startswith("Consider ")
    change = page.inner_text("#hint-change")      # what became of it, and how sure the new advice is
    if _suggested(now) == _suggested(suggested):
        assert change.startswith(f"The longer search kept the suggestion, “{_suggested(now)}”: "), change
    else:
        assert change.startswith(f"The longer search changed the suggestion from “{_suggested(suggested)}” "
                                 f"to “{_suggested(now)}”: "), change
    assert any(sure in change for sure in ("stands out clearly", "exact", "could not have changed", "close call")), change
    assert play(page, limit=1)["played"] == 1
    assert not page.errors


PENDING = "new URL('pyodide/snapshot-pending', location).href"     # (pyodide/boot.mjs)


def wait_for_snapshot(page) -> None:
    for _ in range(240):
        if page.evaluate(SNAPSHOT_KEPT):
            return
        page.wait_for_timeout(500)
    pytest.fail("the hint worker kept no memory snapshot")


def test_warm_load_starts_from_the_kept_memory_snapshot(page, site):
    """The hint worker keeps Pyodide's memory snapshot after its first start; a
    reload then starts from it (pyodide/boot.mjs): the table is ready, the home
    form's random seed still differs between loads, games play and hints answer."""
    open_site(page, site)
    wait_for_snapshot(page)
    deals = set()
    for _ in range(2):
        page.reload()
        page.wait_for_selector(READY, state="attached", timeout=60_000)
        assert page.get_attribute("body", "data-boot") == "snapshot"
        page.goto(page.url.split("#")[0] + "#home")
        page.click("#play-raven")              # a new deal: its number drawn at random
        page.wait_for_selector("#view-table:not([hidden])")
        deals.add(page.inner_text("#game-facts"))
    assert len(deals) == 2, "random is seeded afresh after a snapshot"
    # a start from the snapshot that never got ready (the mark client.js clears at
    # ready is left set, beside the snapshot): the next load drops the snapshot and starts afresh
    page.evaluate(f"caches.open('manyhands-snapshot').then((c) => c.put({PENDING}, new Response('1')))")
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    assert page.get_attribute("body", "data-boot") == "fresh"
    page.wait_for_function(f"caches.open('manyhands-snapshot').then((c) => c.match({PENDING})).then((hit) => !hit)")
    # a damaged snapshot (its bytes are read while Pyodide loads, and restored from): the
    # start fails over it, drops it and starts afresh
    wait_for_snapshot(page)
    assert page.evaluate("""async () => {
      const cache = await caches.open('manyhands-snapshot');
      let damaged = 0;
      for (const request of await cache.keys())
        if (request.url.endsWith('.bin')) damaged += await cache.put(request, new Response(new Uint8Array(4096).fill(7))) ?? 1;
      return damaged;
    }""") == 1
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    assert page.get_attribute("body", "data-boot") == "fresh"
    start_game(page, "raven", {"players": 4}, seed=3)
    wait_my_turn(page)
    page.click("#hint")
    page.wait_for_selector("#hint-table summary", timeout=60_000)
    assert play(page, limit=2)["played"] >= 1
    assert not page.errors


def test_bad_import_shows_an_error_and_keeps_the_game(page, site, tmp_path):
    open_site(page, site)
    start_game(page, "raven", {"players": 3}, seed=8)
    wait_my_turn(page)
    play(page, limit=1)
    wait_my_turn(page)
    before = export_record(page)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "manyhands-record/1", "game": "raven", "actions": ["nonsense"]}')
    page.set_input_files("#import-file", str(bad))
    page.wait_for_selector("#import-error:not([hidden])")
    assert "nonsense" in page.inner_text("#import-error")
    assert "kept" in page.inner_text("#import-error")
    (tmp_path / "worse.json").write_text("not json at all")
    page.set_input_files("#import-file", str(tmp_path / "worse.json"))
    page.wait_for_function("document.querySelector('#import-error').textContent.includes('worse.json')")
    assert export_record(page) == before


def test_import_of_a_good_record_starts_it_at_the_table(page, site, tmp_path):
    open_site(page, site)
    start_game(page, "raven", {"players": 4}, seed=9)
    wait_my_turn(page)
    play(page, limit=2)
    wait_my_turn(page)
    record = export_record(page)
    start_game(page, "raven", {"players": 5}, seed=10)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(record))
    page.set_input_files("#import-file", str(good))       # a game of its own (the other is kept)
    page.wait_for_function(f"document.body.dataset.actions >= {len(record['actions'])}")
    wait_my_turn(page)
    assert export_record(page)["actions"][:len(record["actions"])] == record["actions"]


def test_reload_resumes_the_same_position(page, site):
    open_site(page, site)
    start_game(page, "raven", {"players": 4}, seed=12)
    wait_my_turn(page)
    play(page, limit=3)
    wait_my_turn(page)
    before = export_record(page)
    hand = page.inner_text("#hand")
    page.reload()
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
    wait_my_turn(page)
    assert export_record(page) == before
    assert page.inner_text("#hand") == hand


def test_undo_takes_back_your_last_decision(page, site):
    open_site(page, site)
    start_game(page, "raven", {"players": 4}, seed=13)
    wait_my_turn(page)
    before = export_record(page)
    play(page, limit=1)
    wait_my_turn(page)
    page.click("#undo")
    wait_my_turn(page)
    assert export_record(page)["actions"] == before["actions"]


def test_offline_after_the_first_visit(browser, tmp_path):
    own = Site()            # a server of our own, to stop
    context = browser.new_context(accept_downloads=True)
    outside = []
    context.on("request", lambda r: None if r.url.startswith(own.url) or r.url.startswith("blob:")
               else outside.append(r.url))
    try:
        page = context.new_page()
        open_site(page, own)
        page.evaluate("() => window.manyhands.offlineReady")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
        own.stop()
        page.reload()
        page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
        start_game(page, "raven", {"players": 4}, seed=21)
        wait_my_turn(page)
        assert play(page, limit=3)["played"] == 3
        wait_my_turn(page)      # computer players (the worker) answered offline too
        assert int(page.get_attribute("body", "data-actions")) >= 3
    finally:
        context.close()
        own.stop()
    assert not outside


def test_keyboard_and_phone_width(browser, site):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        open_site(page, site)
        start_game(page, "raven", {"players": 4, "short_game": True}, seed=2)
        wait_my_turn(page)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "raven-phone.png"), full_page=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 392, f"page is {width}px wide on a 390px screen"
        # cards are buttons with names; the live region announces plays
        assert page.locator("#hand button.card[aria-label]").count() > 0
        assert page.get_attribute("#announce", "aria-live") == "polite"
        # a legal card reached by keyboard and played with Enter
        page.wait_for_selector("#hand .card.legal, #prompt [data-action], #hand [data-toggle]")
        first = page.locator("#table [data-action], #table [data-toggle]").first
        first.focus()
        page.keyboard.press("Enter")
        settle(page)
        assert page.evaluate("document.activeElement !== document.body")
    finally:
        context.close()


def test_prophecy_theme_renames_the_cards(page, site):
    open_site(page, site)
    start_game(page, "raven", {"players": 4}, seed=6)
    wait_my_turn(page)
    standard = page.locator("#hand .card .face").first.get_attribute("src")
    page.click("#menu-toggle")
    page.click("#theme-toggle")
    settle(page)
    # the cards' names (their accessible names) and their faces (Prophecy's own art)
    text = " ".join(page.locator("#hand .card").evaluate_all("cs => cs.map(c => c.getAttribute('aria-label'))"))
    assert any(word in text for word in ("Sunburst", "Spears", "Serpents", "Eagles", "Jaguar", "Monkey", "Lizard"))
    assert page.locator("#hand .card .face").first.get_attribute("src") != standard
    # the title and every label follow the theme
    assert page.inner_text("#game-title").startswith("Prophecy")
    assert page.inner_text("#status").startswith("Prophecy")
    assert "Sunburst" in page.inner_text("#trump-schedule")


# Each game's tables on a phone, with the regions it adds (web/manyhands_web/games/): (name, rules,
# the regions), each game's own.
PHONE_TABLES = own_cases("PHONE_TABLE_REGIONS")


# The pool's searches held when asked (window.manyhands.pool.run): a background one
# (a finished hand's par) until releasePar(), and the next computer move asked once
# holdMove is set until releaseMove().
HOLD_SEARCHES = """() => {
  const pool = window.manyhands.pool;
  const run = pool.run.bind(pool);
  Object.assign(window, { releasePar: null, holdMove: false, releaseMove: null });
  pool.run = (text, progress, background) => {
    if (background) return new Promise((done) => { window.releasePar = () => done(run(text, progress, background)); });
    if (!window.holdMove) return run(text, progress, background);
    window.holdMove = false;
    return new Promise((done) => { window.releaseMove = () => done(run(text, progress, background)); });
  };
}"""

SAME_CONTROL_FOCUSED = """() => { const [was, now] = [window.focusedBefore, document.activeElement];
  return now !== document.body && now.isConnected && now.tagName === was.tagName
    && ["data-ui", "data-action"].every((a) => now.getAttribute(a) === was.getAttribute(a)); }"""


def focus_and_release(page, control: str, release: str) -> None:
    """`control` focused, then the held search let through, until the table is drawn again."""
    page.locator(control).first.focus()
    page.evaluate(f"window.focusedBefore = document.activeElement; window.drawnBefore = document.body.dataset.drawn; {release}()")
    page.wait_for_function("document.body.dataset.drawn !== window.drawnBefore", timeout=60_000)
    settle(page)


@pytest.mark.parametrize("control", ['#table [data-ui="details"]', "#table [data-action]"], ids=["details", "choice"])
def test_the_control_you_focused_keeps_focus_when_the_table_is_drawn_again(page, site, control):
    """A redraw you did not ask for (here a finished hand's par, worked out in the
    background, arriving while you look at the table's details, or while a card
    or choice of yours has the keyboard's focus): focus stays on the control, not
    on the page's body; where the table is drawn as it was, the very control stays
    (nothing is replaced under a click on its way). The par is held until the
    control has focus, then let through."""
    open_site(page, site)
    page.evaluate(HOLD_SEARCHES)
    start_game(page, "voren", {"players": 3}, seed=4)
    for _ in range(12):             # a hand of three cards ends within a few of your moves
        wait_my_turn(page)
        if page.evaluate("window.releasePar !== null"):
            break
        play(page, limit=1)
    page.wait_for_function("window.releasePar !== null", timeout=60_000)
    wait_my_turn(page)
    focus_and_release(page, control, "window.releasePar")
    assert page.evaluate(SAME_CONTROL_FOCUSED)
    assert page.evaluate("window.focusedBefore.isConnected"), "the table drawn as it was replaced the control"
    # a redraw that changes the table (a computer's card) draws the control anew, and focus follows it
    if control.endswith('[data-ui="details"]'):
        for _ in range(6):          # your move, then a computer's (not where you lead again)
            page.evaluate("window.holdMove = true")
            play(page, limit=1)
            page.wait_for_function("window.releaseMove !== null || document.body.dataset.turn === 'you'", timeout=60_000)
            if page.evaluate("window.releaseMove !== null"):
                break
        focus_and_release(page, control, "window.releaseMove")
        assert not page.evaluate("window.focusedBefore.isConnected")
        assert page.evaluate(SAME_CONTROL_FOCUSED)


def your_decision(name: str, rules: dict, seed: int, number: int):
    """The engine's state at seat 0's `number`-th decision (`first_choices`)."""
    yours = (state for state in first_choices(name, rules, seed)
             if not state.is_terminal and state.current_player == 0)
    return next(itertools.islice(yours, number - 1, None))


@pytest.mark.parametrize("name,rules,regions", PHONE_TABLES,
                         ids=[f"{n}-{r['players']}p" if "players" in r else n for n, r, _ in PHONE_TABLES])
def test_each_games_table_fits_a_phone(phone, name, rules, regions):
    """At 390 px: the game's own regions are there, the seats sit around the middle,
    nothing is wider than the screen; a screenshot per game for people to look at.
    (Your third decision, every seat playing its first choice, imported.)"""
    page = phone
    import_state(page, your_decision(name, rules, seed=4, number=3))
    wait_my_turn(page)
    for selector in regions:
        assert page.locator(f"#table {selector}").count() == 1, selector
    game = all_games()[name]
    seats = game.players(game.make_rules(rules))
    assert page.locator("#ring .seatbox").count() == seats - 1      # yours is docked with your hand
    assert page.locator("#table .hand .seatbox.me").count() == 1
    assert page.locator("#table .seatbox.acting").count() == 1
    tag = f"{name}-{rules['players']}p" if "players" in rules else name
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{tag}-390px.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 392, f"{name}: page is {width}px wide on a 390px screen"
    # every public field in full, folded away behind one button (kept open across redraws)
    details = page.get_attribute('#table [data-ui="details"]', "aria-expanded")
    if details == "true":           # (kept open from the game before)
        page.click('#table [data-ui="details"]')
    page.click('#table [data-ui="details"]')
    page.wait_for_selector("#table #seats")
    assert page.get_attribute('#table [data-ui="details"]', "aria-expanded") == "true"
    assert page.evaluate("document.activeElement.dataset.ui") == "details"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 392, f"{name}: with the details open the page is {width}px wide"
