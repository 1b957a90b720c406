"""Your history, statistics, par and shared deals, in Chromium at 390 px: a finished
game (Voren, 3 players, one hand each: the quickest) appears in the history with
its par and reviewed hands (automatic review on, worked out in the background
worker) and replays to the same final scores; the statistics page shows the
figures a native computation from the stored records gives, and its chart
renders inside a 390 px screen; the history exported and imported into a fresh
profile (a new browser context) is the same history, twice without duplicates;
a shared link opens the same deal, and a damaged one is refused with a message,
starting nothing."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pycore.records import replay
from pycore.share import decode
from pycore.words import minus

from .conftest import SCREENSHOTS, Requests
from pycore.share import pack, payload

from .table import open_site, play, settle, start_game, wait_hint, wait_my_turn

pytestmark = pytest.mark.browser

QUERY = "pace=0&budget=8"
PHONE = {"width": 390, "height": 844}
GAMES = "() => JSON.parse(localStorage.getItem('manyhands/games') || '[]')"
SAVED = "(id) => JSON.parse(localStorage.getItem('manyhands/game/' + id))"
ENTRY = "(id) => JSON.parse(localStorage.getItem('manyhands/games')).find((e) => e.id === id)"
# The browser's storage filled to within a few characters (test_your_games.py's way).
FILL = """() => {
  let n = 0;
  for (let size = 1 << 22; size >= 1; size >>= 2) {
    const chunk = 'x'.repeat(size);
    for (;;) { try { localStorage.setItem('filler-' + n, chunk); n++; } catch { break; } }
  }
}"""
UNFILL = """() => Object.keys(localStorage).filter((k) => k.startsWith('filler-'))
  .forEach((k) => localStorage.removeItem(k))"""


def shot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def go(page, view: str) -> None:
    page.goto(page.url.split("#")[0] + f"#{view}")
    page.wait_for_selector(f"#view-{view}:not([hidden])")
    settle(page)


@pytest.fixture(scope="module")
def finished(browser, site, tmp_path_factory):
    """One finished game at 390 px, automatic review on, its par and reviews worked
    out: (context, page, the exported history file, a shared link)."""
    context = browser.new_context(accept_downloads=True, viewport=PHONE)
    context.requests = Requests(context, f"http://127.0.0.1:{site.port}/")
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    open_site(page, site, QUERY)
    go(page, "stats")
    page.check("#auto-review")
    start_game(page, "voren", {"players": 3, "hands_per_player": 1}, seed=7)
    wait_my_turn(page)
    page.click("#hint")                   # one hint, counted in the statistics
    wait_hint(page)
    page.click("#hint-close")
    assert play(page)["done"]
    page.wait_for_function(f"""() => {{ const e = ({GAMES})()[0];
        return e && Object.keys(e.par || {{}}).length === 3 && Object.keys(e.decisions || {{}}).length === 3; }}""",
                           timeout=180_000)
    page.game_id = page.evaluate(GAMES)[0]["id"]
    yield context, page, tmp_path_factory.mktemp("history")
    outside = context.requests.outside()
    context.close()
    assert not page.errors and not outside, (page.errors, outside[:5])


def test_a_finished_game_is_in_the_history_and_replays_to_the_same_result(finished):
    _, page, _ = finished
    final = json.loads(page.evaluate("() => JSON.stringify(JSON.parse(document.querySelector('#final-scores')"
                                     " ? document.querySelector('#final-scores').dataset.totals : 'null'))"))
    entry = page.evaluate(ENTRY, page.game_id)
    saved = page.evaluate(SAVED, entry["id"])
    totals = replay(saved["record"]).observation(saved["seat"])["totals"]
    go(page, "history")
    item = page.locator(f'.history-game[data-id="{entry["id"]}"]')
    assert item.is_visible()
    par = entry["par"]
    text = item.inner_text()
    assert f"Hand 1: you {minus(str(par['1']['score']))}, par {minus(str(par['1']['par']))}" in text and "3 hands reviewed" in text
    shot(page, "history-390")
    item.locator('[data-history="replay"]').click()
    page.click('#replay [data-history="step"]:text("To the end")')
    settle(page)
    shown = json.loads(page.get_attribute("#replay-totals", "data-totals"))
    assert shown == totals and (final is None or final == totals)
    shot(page, "history-replay-390")
    page.click('[data-history="close-replay"]')
    # the filters: another player count shows none of it
    page.select_option("#history-game", "voren")
    settle(page)
    assert page.locator(".history-game").count() == 1
    # a full store says so, and which game it would drop first
    page.evaluate(FILL)
    go(page, "home")
    go(page, "history")
    storage = page.inner_text("#history-storage")
    page.evaluate(UNFILL)
    assert "The storage is full" in storage and "Voren, 3 players, finished after 3 hands" in storage
    # review a hand: the game at the table, its review (made in the background) open
    go(page, "history")
    page.select_option(f"#pick-{entry['id']}", "1")
    page.click(f'[data-history="review"][data-id="{entry["id"]}"]')
    page.wait_for_selector("#review-panel:not([hidden]) #review-content .decision, #review-panel:not([hidden]) "
                           "#review-content [data-step]", state="attached")
    assert page.inner_text("#review-title") == "Review of hand 2"
    # play its deal again: a new game, the same rules and cards
    go(page, "history")
    page.click(f'[data-history="again"][data-id="{entry["id"]}"]')
    page.wait_for_function(f"localStorage.getItem('manyhands/open') !== {json.dumps(entry['id'])}")
    again = page.evaluate(SAVED, page.evaluate("() => localStorage.getItem('manyhands/open')"))
    assert {k: again["record"][k] for k in ("game", "rules", "seed")} == \
        {k: saved["record"][k] for k in ("game", "rules", "seed")}
    assert again["seat"] == saved["seat"] and again["level"] == saved["level"]


def test_the_statistics_page_shows_the_figures_of_the_stored_records_and_its_chart_fits_390px(finished):
    _, page, _ = finished
    entry = page.evaluate(ENTRY, page.game_id)
    saved = page.evaluate(SAVED, entry["id"])
    state = replay(saved["record"])
    seat = saved["seat"]
    obs = state.observation(seat)
    points = [p[seat] for _, p in state.finished_hands]
    costs = [d[1] for ds in entry["decisions"].values() for d in ds if d[1] is not None]
    good = [d[2] for ds in entry["decisions"].values() for d in ds if d[1] is not None]
    place = next(e["place"] for e in obs["ranking"] if seat in e["seats"])
    go(page, "stats")
    cells = page.locator(".stats-group").first.locator("td[data-stat]").all_inner_texts()
    assert cells[0] == "1"
    assert cells[1].startswith(str(int(seat in obs["winners"])))
    assert cells[2] == f"{place:.1f}"
    assert cells[3].startswith(f"{sum(points) / len(points):.1f}")
    assert cells[4].startswith(f"{entry['hints']:.1f}") and entry["hints"] == 1      # the one hint asked
    assert cells[5].startswith(f"{sum(g['score'] - g['par'] for g in entry['par'].values()) / 3:+.1f}")
    if costs:
        assert cells[6] == f"{sum(costs) / len(costs):.2f}"
        assert cells[7].startswith(f"{round(100 * sum(good) / len(good))}% of {len(costs)}")
        chart = page.locator("#chart-cost-0")
        box = chart.bounding_box()
        assert chart.is_visible() and box["width"] > 200 and box["x"] >= 0 and box["x"] + box["width"] <= 390
        assert f"game 1: {sum(costs) / len(costs):.2f}" in page.locator("#chart-cost-0-desc").text_content()
    shot(page, "stats-390")


def test_export_then_import_into_a_fresh_profile_is_the_same_history_twice(finished, browser, site):
    _, page, folder = finished
    go(page, "history")
    with page.expect_download() as info:
        page.click("#history-export")
    path = folder / "history.json"
    info.value.save_as(path)
    mine = [page.evaluate(ENTRY, page.game_id)]
    fresh = browser.new_context(accept_downloads=True, viewport=PHONE)
    other = fresh.new_page()
    try:
        open_site(other, site, QUERY)
        go(other, "history")
        for round_ in (1, 2):
            other.set_input_files("#history-import", str(path))
            other.wait_for_function(f"(document.querySelector('#history-note') || {{}}).textContent"
                                    f" && document.querySelector('#history-note').textContent.includes("
                                    f"{json.dumps('already' if round_ == 2 else 'Imported 1')})")
            theirs = other.evaluate(GAMES)
            assert len(theirs) == 1
            for key in ("summary", "updated", "par", "decisions"):
                assert theirs[0].get(key) == mine[0].get(key), key
            assert theirs[0].get("hints") == mine[0].get("hints", 0)
        assert other.locator(".history-game").count() == 1
        shot(other, "history-imported-390")
    finally:
        fresh.close()


def test_a_shared_link_opens_the_same_deal_and_a_damaged_one_is_refused(finished, browser, site):
    _, page, _ = finished
    go(page, "history")
    page.click('.history-game [data-history="share"]')
    settle(page)
    link = page.input_value(".share-link-text")
    assert link.startswith(page.url.split("#")[0]) and "#deal=" in link
    shot(page, "history-share-390")
    challenge = decode(link)
    friend = browser.new_context(viewport=PHONE)
    other = friend.new_page()
    try:
        open_site(other, site, QUERY)
        start_game(other, "voren", {"players": 4, "hands_per_player": 1}, seed=3)    # a game in progress
        before = other.evaluate(GAMES)
        damaged = link[:-6] + ("A" if link[-6] != "A" else "B") + link[-5:]
        other.goto(damaged)
        other.wait_for_selector("#share-error:not([hidden])")
        assert "damaged" in other.inner_text("#share-error")
        assert "kept" in other.inner_text("#share-error")
        assert other.evaluate(GAMES) == before                 # nothing started, nothing lost
        shot(other, "share-refused-390")
        newer = link.split("#")[0] + "#deal=" + pack(payload(challenge), version=2)
        other.goto(newer)
        other.wait_for_function("document.querySelector('#share-error').textContent.includes('newer version')")
        assert other.evaluate(GAMES) == before
        other.goto("about:blank")              # the link opened as a new page load
        other.goto(link)
        other.wait_for_selector("#view-table:not([hidden])", timeout=60_000)
        other.wait_for_function("localStorage.getItem('manyhands/open') && "
                                "JSON.parse(localStorage.getItem('manyhands/games')).length === 2")
        game_id = other.evaluate("() => localStorage.getItem('manyhands/open')")
        saved = other.evaluate(SAVED, game_id)
        shared = challenge.record.to_json()
        assert saved["record"]["actions"][:len(shared["actions"])] == shared["actions"]
        assert {k: saved["record"].get(k) for k in ("game", "rules", "seed")} == \
            {k: shared.get(k) for k in ("game", "rules", "seed")}
        assert saved["level"] == challenge.level and saved["seat"] == challenge.seat
        assert other.evaluate(GAMES)[0]["challenge"]["score"] == challenge.score
        # played as the sender played it (the first legal choice each time), against the
        # same computer players: the very same game; at its end the scores side by side
        assert play(other)["done"]
        assert other.evaluate(SAVED, game_id)["record"] == page.evaluate(SAVED, page.game_id)["record"]
        other.wait_for_selector("#challenge")
        cells = other.locator("#challenge td").all_inner_texts()
        assert cells[0] == str(challenge.score) and cells[1] == str(challenge.score)
        shot(other, "share-played-390")
    finally:
        friend.close()
