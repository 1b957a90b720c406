"""The site around the table, in Chromium: the home page (one-click Play, Resume,
every house rule round-tripping into the record, bad values), import over a game,
the rules pages, phones (what fits without scrolling, the hint sheet, touch
targets), the installable app (manifest, icons, no installability errors), the
update to a new version keeping the game, the loading screen, the tab title,
focus after every action and the announcements."""
from __future__ import annotations

import json
import os
import re
import shutil
import struct
import sys
from pathlib import Path

import pytest

from bench.browser import build_module, import_state, trick_decision, wait_still
from pycore import all_games
from tests.catalog import own_cases

from .conftest import ARGS, CHROMIUM, ROOT, SCREENSHOTS, Requests
from .table import (READY, export_record, kept_game, open_details, open_site, play, set_rule,
                    settle, start_game, wait_hint, wait_my_turn)

sys.path.insert(0, str(ROOT / "web"))
sys.path.insert(0, str(ROOT))
from manyhands_web import pages  # noqa: E402
from manyhands_web.session import describe_games, card_namer  # noqa: E402
from tests.test_pages import other_value  # noqa: E402

pytestmark = pytest.mark.browser
GAMES = {g["name"]: g for g in describe_games()}
FIRST = next(iter(GAMES))      # the home page's first game
PHONE = {"width": 390, "height": 844}
SNAKE_CASE = re.compile(r"\b[a-z]+_[a-z_]+\b")


def saved(page) -> dict:
    return kept_game(page)


def shot(page, name: str, full: bool = False) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full)


def inside_viewport(page, selector: str, settle_ms: int = 2000) -> bool:
    """Whether the element is wholly inside the screen once the table has settled
    (a card still travelling to its place may stand outside for a moment)."""
    size = page.viewport_size
    for _ in range(settle_ms // 100 + 1):
        box = page.locator(selector).first.bounding_box()
        if (box is not None and box["width"] > 0 and box["x"] >= -0.5 and box["y"] >= -0.5
                and box["x"] + box["width"] <= size["width"] + 0.5
                and box["y"] + box["height"] <= size["height"] + 0.5):
            return True
        page.wait_for_timeout(100)
    return False


def focused(page) -> str:
    """The focused element as the accessibility tree has it ("- button \"Hint\"")."""
    if page.evaluate("document.activeElement === document.body || document.activeElement === null"):
        return "body"
    return page.locator("*:focus").aria_snapshot()


# Every control a finger uses, smaller than 44 x 44 px (a checkbox counts by its label).
SMALL_TARGETS = """(root) => {
  const out = [];
  const picked = document.querySelectorAll(`${root} :is(button, select, input, a.button, summary,
    label.file-button, .rules-nav a, header.site a, .how)`);
  for (const e of picked) {
    if (!e.getClientRects().length || e.closest('[hidden]') || e.classList.contains('visually-hidden')) continue;
    const target = (e.type === 'checkbox' || e.type === 'radio') ? e.labels[0] : e;
    if (!target) { out.push(`${e.id}: no label`); continue; }
    const r = target.getBoundingClientRect();
    if (r.width < 43.5 || r.height < 43.5) out.push(`${e.id || e.className || e.textContent.trim().slice(0, 24)}: ${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
  }
  return out;
}"""


# --- home ---------------------------------------------------------------------------------
def test_each_game_starts_in_one_click_with_defaults_and_resumes(page, site):
    """One click on Play starts each game: your seat, normal computer players, the
    standard rules, a new deal whose number is shown; Resume brings the game back;
    the table's Rules button opens that game's rules in one click."""
    open_site(page, site)
    shot(page, "home-desktop")
    # each card's "How to play" in the same place, under its Play button, whether or not the
    # game offers a choice of players before it
    under = page.evaluate("""() => [...document.querySelectorAll('.game-card')].map((card) => {
        const play = card.querySelector('.play').getBoundingClientRect(), how = card.querySelector('.how').getBoundingClientRect();
        return [how.top >= play.bottom, Math.round(how.left - card.getBoundingClientRect().left)]; })""")
    assert len(under) == len(GAMES) and all(below for below, _ in under) and len({left for _, left in under}) == 1, under
    for name in sorted(GAMES):
        page.goto(page.url.split("#")[0] + "#home")
        page.click(f"#play-{name}")
        page.wait_for_selector("#view-table:not([hidden])")
        game = saved(page)
        defaults = all_games()[name].Rules().to_dict()
        assert game["record"]["game"] == name and game["record"]["rules"] == defaults
        assert game["seat"] == 0 and game["level"] == "normal"
        assert f"deal {game['record']['seed']}" in page.inner_text("#game-facts")
        assert page.inner_text("#game-title") == GAMES[name]["title"]
        page.click("#rules-link")                         # the rules, at this game, in one click
        page.wait_for_selector(f".guide h2:text('How to play {GAMES[name]['title']}')")
        assert page.evaluate("location.hash") == f"#rules/{name}"
        assert "Your game in progress is played with these" in page.inner_text("#rules")
        page.click("#rules .back a")
        page.wait_for_selector("#view-table:not([hidden])")
    # every game started is kept (Your games), the last one at the table: its card
    # offers to resume it
    before = saved(page)["record"]
    page.goto(page.url.split("#")[0] + "#home")
    page.wait_for_selector("#your-games:not([hidden])")
    assert page.locator("#saved-games .saved-game").count() == len(GAMES)
    last = sorted(GAMES)[-1]                            # the game started last
    assert page.inner_text("#saved-games .saved-game:has(.at-table) h3") == GAMES[last]["title"]
    assert page.is_visible(f"#resume-{last}") and page.inner_text(f"#play-{last}") == "New game"
    assert page.locator("[data-resume]").count() == 1
    page.click(f"#resume-{last}")
    page.wait_for_selector("#view-table:not([hidden])")
    # nothing lost: the same game, every action kept (the computer players may have
    # played on since `before` was read, their moves coming from the hint workers)
    after = saved(page)["record"]
    assert {k: v for k, v in after.items() if k != "actions"} == {k: v for k, v in before.items() if k != "actions"}
    assert after["actions"][:len(before["actions"])] == before["actions"]
    assert not page.errors


@pytest.mark.parametrize("name", sorted(all_games()))
def test_every_house_rule_control_round_trips_into_the_record(page, site, name):
    """Each control set to a value other than the standard one reaches the game's
    rules (the exported record's `rules`), is kept for the next game, and the rules
    page shows it as the value at your table; nothing on the card is JSON or snake_case."""
    open_site(page, site)
    page.goto(page.url.split("#")[0] + "#home")
    open_details(page, f"#house-{name}")
    open_details(page, f"#advanced-{name}")
    text = page.inner_text(f"#game-{name}")
    assert not SNAKE_CASE.search(text) and "[" not in text and "{" not in text, text
    fields = [f for f in GAMES[name]["fields"] if pages.field_kind(f) != "fixed"]
    wanted = {f["name"]: other_value(f) for f in fields}
    if "players" in wanted:
        page.select_option(f"#rule-{name}-players", str(wanted["players"]))
    for key, value in wanted.items():
        if key != "players":
            set_rule(page, name, key, value)
    page.select_option("#level", "easy")
    page.click(f"#play-{name}")
    page.wait_for_selector("#view-table:not([hidden])")
    record = export_record(page)
    for key, value in wanted.items():
        assert record["rules"][key] == value, key
    # the rules page: the values at your table, the standard ones beside them
    page.click("#rules-link")
    page.wait_for_selector("#rules .house-table")
    for field in fields:
        row = page.locator(f'#rules tr[data-field="{field["name"]}"]')
        shown = pages.value_text(field, wanted[field["name"]], card_namer(name))
        assert row.locator(".value").inner_text().startswith(shown), field["name"]
        assert "Standard:" in row.inner_text()
    # the home page keeps them for the next game
    page.goto(page.url.split("#")[0] + "#home")
    page.click(f"#play-{name}")
    page.wait_for_selector("#view-table:not([hidden])")
    assert saved(page)["record"]["rules"] == record["rules"]
    assert not page.errors


def test_a_bad_house_rule_shows_its_message_and_starts_nothing(page, site):
    open_site(page, site)
    open_details(page, "#house-lunar")
    page.fill("#rule-lunar-target", "0")
    page.fill("#rule-lunar-track-3", "")
    page.click("#play-lunar")
    page.wait_for_selector("#rule-lunar-target-error:text('Must be at least 1')")
    assert page.inner_text("#rule-lunar-track-error") == "Enter a whole number in every box."
    assert page.get_attribute("#rule-lunar-target", "aria-invalid") == "true"
    assert "Not started" in page.inner_text("#error-lunar")
    assert page.is_visible("#view-home") and saved(page) is None
    assert focused(page) != "body"
    # a bad deal number too, then everything put right starts the game
    page.fill("#rule-lunar-target", "20")
    page.fill("#rule-lunar-track-3", "3")
    open_details(page, "#advanced-lunar")
    page.fill("#seed-lunar", "-4")
    page.click("#play-lunar")
    page.wait_for_selector("#seed-lunar-help:text('whole number')")
    assert saved(page) is None
    page.fill("#seed-lunar", "77")
    page.click("#play-lunar")
    page.wait_for_selector("#view-table:not([hidden])")
    assert saved(page)["record"]["rules"]["target"] == 20 and saved(page)["record"]["seed"] == 77
    assert not page.errors


# --- rules pages ---------------------------------------------------------------------------------
def test_the_rules_pages_are_for_players(page, site):
    """Each game's page: rendered Markdown (no **), no spec wording, the story first
    and the house rules last with their values; the complete rules one link away."""
    open_site(page, site)
    for name in sorted(GAMES):
        page.goto(page.url.split("#")[0] + f"#rules/{name}")
        page.wait_for_selector(f".guide h2:text('How to play {GAMES[name]['title']}')")
        text = page.inner_text("#rules")
        for words in ("**", "seed", "Decisions a hint must cover", "What a player can and cannot see"):
            assert words not in text, (name, words)
        headings = page.locator("#rules h3").all_inner_texts()
        assert headings[0] == "The story and the goal" and "What you know about other hands" in headings
        assert page.locator("#rules h2").all_inner_texts()[-1] == "House rules"
        for field in GAMES[name]["fields"]:
            row = page.locator(f'#rules tr[data-field="{field["name"]}"]')
            assert row.locator("th").inner_text().startswith(field["label"])
            assert row.locator(".value").inner_text() == pages.value_text(field, field["default"], card_namer(name))
            assert "Ruling" not in row.inner_text()            # its number: in the footnote
            if field["ruling"] and field["ruling"] != "gap":
                assert f"{field['ruling']}: " in page.inner_text("#rules .rulings-note")
        assert focused(page).startswith("- heading")
        if name == FIRST:
            shot(page, f"rules-{name}-desktop")
        page.click("#rules .reference-link a")
        page.wait_for_selector(".reference h2")
        assert "**" not in page.inner_text("#rules")
    assert not page.errors


# --- phones ------------------------------------------------------------------------------------
PHONE_CASES = own_cases("PHONE_DECISION_TABLES")      # (name, rules), each game's own


@pytest.mark.parametrize("name,rules", PHONE_CASES, ids=[f"{n}-{r.get('players', 4)}p" for n, r in PHONE_CASES])
def test_a_phone_shows_hand_trick_turn_and_decision_without_scrolling(phone, name, rules):
    """At 390 x 844: your hand, the trick (the middle of the table), whose turn it is
    and your decision are all inside the screen; nothing is wider than it; every
    control is at least 44 px; the hint opens as a sheet in view, focused, and closes.
    (A decision with a trick on the table, imported, then one further in.)"""
    page = phone
    page.set_viewport_size(PHONE)
    import_state(page, trick_decision(name, rules, seed=4))
    for _ in range(2):
        wait_my_turn(page)
        wait_still(page)        # (a new deal's cards fly in from the middle, smaller on their way)
        trick = "#middle .ring-trick" if page.locator("#middle .ring-trick").count() else "#middle"
        # (a choice drawn on the table, a centre card or a card of the Sky, is made there)
        decision = "#prompt [data-action], #hand [data-action]:not([disabled]), #hand [data-toggle], #table [data-action]"
        for selector in ("#hand", trick, "#prompt-text", decision):
            assert inside_viewport(page, selector), (selector, page.locator(selector).first.bounding_box())
        assert page.evaluate("document.documentElement.scrollWidth") <= 392
        assert page.evaluate(SMALL_TARGETS, "#view-table") == []
        play(page, limit=1)
    wait_my_turn(page)
    tag = f"{name}-{rules.get('players', 4)}p"
    shot(page, f"phone-{tag}")
    page.click("#hint")
    wait_hint(page)
    page.wait_for_function("document.activeElement && document.activeElement.id === 'hint-panel'")
    assert inside_viewport(page, "#hint-summary")
    assert inside_viewport(page, "#hint-close")
    shot(page, f"phone-{tag}-hint")
    page.click("#hint-close")
    settle(page)
    assert page.is_hidden("#hint-panel")
    assert focused(page) != "body"


@pytest.mark.parametrize("size", [{"width": 844, "height": 390}, {"width": 768, "height": 1024}],
                         ids=["landscape-phone", "tablet"])
def test_landscape_phones_and_tablets_are_tidy(phone, size):
    page = phone
    page.set_viewport_size(size)
    name, rules = PHONE_CASES[0]                        # the first game's first phone table
    import_state(page, trick_decision(name, rules, seed=3))
    wait_my_turn(page)
    for selector in ("#hand", "#prompt-text"):
        assert inside_viewport(page, selector), selector
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"] + 2
    shot(page, f"{name}-{size['width']}x{size['height']}")
    page.click("#hint")
    wait_hint(page)
    assert inside_viewport(page, "#hint-summary")
    page.click("#hint-close")


def test_home_and_rules_on_a_phone(browser, site):
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        open_site(page, site)
        shot(page, "home-phone")
        assert inside_viewport(page, f"#play-{FIRST}"), "the first game's Play without scrolling"
        for name in GAMES:
            open_details(page, f"#house-{name}")
            open_details(page, f"#advanced-{name}")
        assert page.evaluate("document.documentElement.scrollWidth") <= 392
        assert page.evaluate(SMALL_TARGETS, "body") == []
        shot(page, "home-phone-house-rules", full=True)
        for name in GAMES:          # every game's rules, its guide's tables included (Voren's has 7 columns)
            page.goto(page.url.split("#")[0] + f"#rules/{name}")
            page.wait_for_selector("#rules .house-table")
            page.wait_for_selector("#rules .guide h2")
            assert page.evaluate("document.documentElement.scrollWidth") <= 392, name
            assert page.evaluate(SMALL_TARGETS, "#view-rules") == [], name
        shot(page, "rules-phone")
    finally:
        context.close()


# --- the installable app -------------------------------------------------------------------------
def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_the_site_is_an_installable_app(browser, site, tmp_path):
    """Chromium finds no installability errors; the manifest parses with its icons
    (192, 512, maskable, drawn by web/icon.py), a favicon and theme colour; no
    request of the page fails (the favicon.ico 404 is gone). (A profile on disk:
    Chromium never installs from an incognito context, which new_context() is.)"""
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=ARGS, headless=True)
    requests = Requests(context, site.url)
    failed = []
    try:
        page = context.new_page()
        page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
        open_site(page, site)
        page.evaluate("() => window.manyhands.offlineReady")
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == [], manifest["errors"]
        data = json.loads(manifest["data"])
        assert data["display"] == "standalone" and data["start_url"] == "./" and data["short_name"] == "Manyhands"
        icons = {(i["sizes"], i.get("purpose", "any")): i["src"] for i in data["icons"]}
        assert set(icons) == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
        for (sizes, _), src in icons.items():
            body = context.request.get(site.url + src).body()
            assert "x".join(map(str, png_size(body))) == sizes
        for _ in range(40):                         # Chromium checks the service worker too
            errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
            if not errors:
                break
            page.wait_for_timeout(250)
        assert errors == []
        assert page.get_attribute("meta[name=theme-color]", "content") == data["theme_color"]
        favicon = page.get_attribute("link[rel=icon]", "href")
        assert png_size(context.request.get(site.url + favicon).body()) == (32, 32)
        assert failed == []
        assert not requests.outside()
    finally:
        context.close()


def test_a_new_version_offers_a_reload_that_keeps_the_game(browser, tmp_path):
    """Two builds served one after the other on the same address: the running page
    keeps its files (the service worker never swaps them under a game), offers
    "A new version is ready: reload", and the reload brings the new version with
    the game in progress where it was."""
    build = build_module()
    old, new = tmp_path / "old", tmp_path / "new"
    shutil.copytree(build.DIST, old)
    shutil.copytree(build.DIST, new)
    with open(new / "style.css", "a", encoding="utf-8") as css:
        css.write("\n/* the new version */\n")
    assert build.stamp_service_worker(old) != build.stamp_service_worker(new)
    # deployed later: a static server answers "not modified" to a file no newer than the cached one
    later = (old / "sw.js").stat().st_mtime + 60
    os.utime(new / "sw.js", (later, later))
    server = build.make_server(old, 0)
    port = server.server_address[1]
    import threading
    threading.Thread(target=server.serve_forever, daemon=True).start()
    context = browser.new_context(accept_downloads=True)
    url = f"http://127.0.0.1:{port}/"
    try:
        page = context.new_page()
        page.goto(url + "?pace=0")
        page.wait_for_selector(READY, state="attached", timeout=60_000)
        page.evaluate("() => window.manyhands.offlineReady")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
        start_game(page, "raven", {"players": 4}, seed=14)
        wait_my_turn(page)
        play(page, limit=2)
        wait_my_turn(page)
        before = export_record(page)
        assert page.is_hidden("#update")
        server.shutdown()
        server.server_close()
        server = build.make_server(new, port)          # the new build, at the same address
        threading.Thread(target=server.serve_forever, daemon=True).start()
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        page.wait_for_selector("#update:not([hidden])", timeout=60_000)
        assert " ".join(page.inner_text("#update").split()).startswith("A new version is ready: reload")
        style = "fetch('./style.css').then((r) => r.text())"
        assert "the new version" not in page.evaluate(style), "files swapped under the game"
        assert play(page, limit=1)["played"] == 1       # the game plays on meanwhile
        wait_my_turn(page)
        before = export_record(page)
        with page.expect_navigation():
            page.click("#update-reload")
        page.wait_for_selector(READY, state="attached", timeout=60_000)
        assert "the new version" in page.evaluate(style)
        wait_my_turn(page)
        assert page.is_visible("#view-table")
        assert export_record(page) == before
        assert page.is_hidden("#update")
    finally:
        context.close()
        server.shutdown()
        server.server_close()


# --- loading, title, focus, announcements ------------------------------------------------------------
STEP_TIMES = """
window.__steps = {};
new MutationObserver(() => {
  for (const li of document.querySelectorAll('.loading-steps li.done'))
    if (!(li.id in window.__steps)) window.__steps[li.id] = performance.now();
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['class']});
addEventListener('manyhands:python', () => {
  window.__title = document.getElementById('loading-title').textContent;
  window.__loadingShown = !!document.getElementById('loading').getClientRects().length;
  window.__viewAtPython = document.body.dataset.view;
});
"""


def test_the_loading_screen_marks_each_step_when_it_happens(browser, site):
    """A view that needs Python (here #history) shows the loading screen, each step
    marked when it happens, and names a saved game being brought back; the home page
    needs none: it is shown while Python starts (tests/browser/test_first_screen.py)."""
    context = browser.new_context()
    context.add_init_script(STEP_TIMES)
    try:
        page = context.new_page()
        page.goto(site.url + "?pace=0#history", wait_until="commit")
        page.wait_for_selector("#loading .loading-steps li", state="visible")
        page.wait_for_selector(READY, state="attached", timeout=60_000)
        steps = page.evaluate("window.__steps")
        wasm = page.evaluate("performance.getEntriesByName(new URL('pyodide/pyodide.asm.wasm', location).href)[0].responseEnd")
        python_up = float(page.get_attribute("body", "data-python-up"))
        assert wasm <= steps["step-runtime"] <= steps["step-python"] <= steps["step-table"]
        assert python_up <= steps["step-python"] < python_up + 1000
        assert page.evaluate("window.__loadingShown") and page.evaluate("document.getElementById('loading-meter').value") == 3
        assert page.is_hidden("#loading")
        # a saved game: the loading screen names it
        start_game(page, FIRST, {}, seed=2)
        page.reload()
        page.wait_for_selector(READY, state="attached", timeout=60_000)
        assert page.evaluate("window.__title") == GAMES[FIRST]["title"]
        page.evaluate("location.hash = 'home'")
        page.reload()
        page.wait_for_selector(READY, state="attached", timeout=60_000)
        assert page.evaluate("window.__viewAtPython") == "home"
    finally:
        context.close()


def test_focus_title_and_announcements_follow_the_game(browser, site):
    """After every action focus is on the next sensible control (your next decision,
    else the table), never the page body; the tab title says when it is your turn;
    the live region says short things (plays, tricks, your turn) and the hint in one
    sentence."""
    context = browser.new_context()
    try:
        page = context.new_page()
        open_site(page, site, "pace=0.4")
        start_game(page, "raven", {"players": 3}, seed=6)
        wait_my_turn(page)
        assert page.title().startswith("Your turn · Raven")
        me = focused(page)
        assert me.startswith("- button"), me                 # a card to bid with
        assert page.evaluate("document.activeElement.closest('#hand, #prompt') !== null")
        for _ in range(6):                                   # decisions by keyboard only
            wait_my_turn(page)
            page.wait_for_function("document.activeElement && document.activeElement.closest('#table')"
                                   " && document.activeElement.id !== 'table'")
            before = int(page.get_attribute("body", "data-actions"))
            legal = json.loads(page.get_attribute("#prompt", "data-legal"))
            if " " in legal[0]:                              # a bid: pick its cards, then confirm
                hand = page.locator("#hand [data-toggle]")
                for card in legal[0].split(" ")[1:]:
                    page.locator(f'#hand [data-toggle][data-card="{card}"][aria-pressed="false"]').first.focus()
                    page.keyboard.press("Enter")
                    settle(page)
                    assert focused(page).startswith("- button"), "focus stays on the card picked"
                assert hand.count() > 0
                page.focus("#confirm")
            page.keyboard.press("Enter")
            page.wait_for_function(f"Number(document.body.dataset.actions) > {before}")
            assert focused(page) != "body"
            if page.get_attribute("body", "data-turn") == "computer":
                assert focused(page).startswith("- region") or page.evaluate("document.activeElement.id") == "table"
                assert not page.title().startswith("Your turn")
        said = page.locator("#announce p").all_inner_texts()
        assert "Your turn." in said
        assert all(len(line) <= 90 for line in said), said
        assert any(re.fullmatch(r"(You|Ada|Bruno) takes? the trick with .+\.", line) for line in said), said
        assert any(re.fullmatch(r"(You|Left|Right) (play|played|bid|led|set) .+\.", line) for line in said), said
        wait_my_turn(page)
        page.click("#hint")
        wait_hint(page, 60_000)
        page.wait_for_function("document.querySelector('#announce').textContent.includes('Hint:')")
        sentence = page.locator("#announce p").last.inner_text()
        assert re.fullmatch(r"Hint: the best choice is [^.]+\.", sentence), sentence
        assert page.get_attribute("#hint-panel", "aria-live") is None     # details on demand, not read out
        assert page.evaluate("document.activeElement.id") == "hint-panel"
        aria = page.locator("#announce").aria_snapshot()
        assert "Hint: the best choice is" in aria
    finally:
        context.close()
