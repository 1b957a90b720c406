"""Your games, in Chromium: every way of starting a game (a game's card, New game,
Play again, Replay this deal, Play from here, Import) keeps the game in progress,
which resumes where it was; Delete asks; a full store drops the oldest finished
game first and never an unfinished one, and says when a game could not be saved;
a review shows under its own game only, before and after a reload; a game saved
by the site that kept one game still resumes; and the worker's errors are told
apart by their kind (a refusal in its own words, a cancel asked again, a bug
left to surface)."""
from __future__ import annotations

import json

import pytest

from tests.test_storage import FINISHED, played

from .conftest import SCREENSHOTS
from .table import (PLAY_ONE, READY, export_record, kept_game, open_site, play, settle, start_game,
                    wait_my_turn)

pytestmark = pytest.mark.browser

QUERY = "pace=0&budget=8"
PHONE = {"width": 390, "height": 844}
KEPT_IDS = "() => JSON.parse(localStorage.getItem('manyhands/games') || '[]').map((e) => e.id)"
OPEN_ID = "() => localStorage.getItem('manyhands/open')"
# The browser's storage filled to within a few characters (keys of its own, in
# chunks of 4 M characters down to 1).
FILL = """() => {
  let n = Object.keys(localStorage).filter((k) => k.startsWith('filler-')).length;
  for (let size = 1 << 22; size >= 1; size >>= 2) {
    const chunk = 'x'.repeat(size);
    for (;;) { try { localStorage.setItem('filler-' + n, chunk); n++; } catch { break; } }
  }
  return n;
}"""
UNFILL = """() => Object.keys(localStorage).filter((k) => k.startsWith('filler-'))
  .forEach((k) => localStorage.removeItem(k))"""


def shot(page, name: str, full: bool = False) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full)


def go_home(page) -> None:
    page.goto(page.url.split("#")[0] + "#home")
    page.wait_for_selector("#view-home:not([hidden])")


def resume(page, game_id: str) -> None:
    go_home(page)
    page.click(f'#saved-games [data-open="{game_id}"]')
    page.wait_for_selector("#view-table:not([hidden])")
    page.wait_for_function(f"localStorage.getItem('manyhands/open') === {json.dumps(game_id)}")


def listed(page) -> list[dict]:
    """The home page's Your games, as shown."""
    return page.evaluate("""() => [...document.querySelectorAll('#saved-games .saved-game')].map((li) => ({
      id: li.dataset.id, title: li.querySelector('h3').textContent, finished: li.dataset.finished === 'true',
      table: !!li.querySelector('.at-table')}))""")


def said(page, text: str) -> None:
    page.wait_for_function("(text) => [...document.querySelectorAll('#announce p')].some((p) => p.textContent === text)",
                           arg=text, timeout=30_000)


def finish_short_game(page, seed: int) -> str:
    """A short Voren game (one deal each) from its card, played to its end; its id."""
    start_game(page, *FINISHED, seed=seed)
    assert play(page, timeout_s=120)["done"]
    return page.evaluate(OPEN_ID)


def review_first_hand(page) -> None:
    page.click('#review-hands [data-ui="review"]')
    page.wait_for_selector("#review-body", timeout=120_000)


def test_every_way_of_starting_a_game_keeps_the_game_in_progress(page, site, tmp_path):
    open_site(page, site, QUERY)
    start_game(page, "raven", {"players": 6}, seed=3)       # the game to keep: hand 1 under way
    wait_my_turn(page)
    play(page, limit=2)
    wait_my_turn(page)
    first, hand = export_record(page), page.inner_text("#hand")
    ids = [page.evaluate(OPEN_ID)]

    def started(way: str) -> None:
        """A new game at the table, kept beside every game before it."""
        page.wait_for_selector("#view-table:not([hidden])")
        page.wait_for_function(f"!{json.dumps(ids)}.includes(localStorage.getItem('manyhands/open'))")
        ids.append(page.evaluate(OPEN_ID))
        assert sorted(page.evaluate(KEPT_IDS)) == sorted(ids), way

    finished = finish_short_game(page, seed=4)                            # 1. a game's card
    started("a game's card")
    voren = export_record(page)
    page.click("#play-again")                                              # 2. Play again
    started("Play again")
    page.click("#menu-toggle")                                             # 3. New game (Settings), then a card
    page.click("#new-game")
    page.wait_for_selector("#view-home:not([hidden])")
    page.click("#play-lunar")
    started("New game")
    path = tmp_path / "voren.json"                                         # 4. Import
    path.write_text(json.dumps(voren))
    go_home(page)
    page.set_input_files("#home-import", str(path))
    started("Import")
    resume(page, finished)                                                 # 5. Play from here
    review_first_hand(page)
    page.click('#review-decisions [data-review="branch"]')
    started("Play from here")
    resume(page, finished)                                                 # 6. Replay this deal
    page.wait_for_selector('#review-body[data-source="saved"]')            # its review, open in it
    assert page.inner_text("#review-replay") == "Replay this deal (Voren, hand 1)"
    page.click("#review-replay")
    started("Replay this deal")
    # every game is listed; the first one resumes as it was left
    go_home(page)
    assert [g["id"] for g in listed(page)].count(ids[0]) == 1 and len(listed(page)) == 7
    resume(page, ids[0])
    wait_my_turn(page)
    assert export_record(page) == first and page.inner_text("#hand") == hand
    assert not page.errors


def test_a_review_shows_under_its_own_game_only_before_and_after_a_reload(page, site):
    open_site(page, site, QUERY)
    voren = finish_short_game(page, seed=4)
    review_first_hand(page)
    start_game(page, "raven", {"players": 4}, seed=5)
    raven = page.evaluate(OPEN_ID)
    assert page.is_hidden("#review-panel")
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    wait_my_turn(page)
    assert page.inner_text("#game-title") == "Raven" and page.is_hidden("#review-panel")
    resume(page, voren)
    page.wait_for_selector('#review-body[data-source="saved"]')
    assert page.get_attribute("#review-panel", "data-game") == voren
    assert page.inner_text("#review-title") == "Review of hand 1"
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    page.wait_for_selector('#review-body[data-source="saved"]')
    assert page.inner_text("#game-title") == "Voren"
    resume(page, raven)
    assert page.is_hidden("#review-panel")
    assert not page.errors


def test_delete_asks_and_keeping_is_the_answer_ready(page, site):
    open_site(page, site)
    start_game(page, "raven", {"players": 4}, seed=6)
    wait_my_turn(page)
    play(page, limit=1)
    start_game(page, "tricksters", {}, seed=7)
    wait_my_turn(page)
    raven, tricksters = page.evaluate(KEPT_IDS)[::-1]
    go_home(page)
    assert [(g["id"], g["table"]) for g in listed(page)] == [(tricksters, True), (raven, False)]
    for size, name in (({"width": 1280, "height": 900}, "desktop"), (PHONE, "phone")):
        page.set_viewport_size(size)
        shot(page, f"your-games-{name}", full=name == "phone")
        page.click(f'[data-delete="{raven}"]')
        page.wait_for_selector("#confirm-dialog[open]")
        text = page.inner_text("#confirm-text")
        assert text.startswith("Delete your game of Raven, 4 players, hand 1 of 8") and "not finished" in text
        assert page.evaluate("document.activeElement.id") == "confirm-keep"
        shot(page, f"delete-game-{name}")
        page.click("#confirm-keep")
        page.wait_for_selector("#confirm-dialog:not([open])", state="attached")
        assert raven in page.evaluate(KEPT_IDS)
    page.click(f'[data-delete="{raven}"]')
    page.wait_for_selector("#confirm-dialog[open]")
    page.keyboard.press("Escape")                       # Escape keeps it too
    page.wait_for_selector("#confirm-dialog:not([open])", state="attached")
    assert raven in page.evaluate(KEPT_IDS)
    page.click(f'[data-delete="{raven}"]')
    page.click("#confirm-yes")
    page.wait_for_selector(f'[data-delete="{raven}"]', state="detached")
    assert page.evaluate(KEPT_IDS) == [tricksters]
    assert page.evaluate(f"localStorage.getItem('manyhands/game/{raven}')") is None
    assert "Deleted your game of Raven" in page.inner_text("#games-note")
    page.click(f'[data-delete="{tricksters}"]')            # the one at the table
    page.click("#confirm-yes")
    page.wait_for_selector(f'[data-delete="{tricksters}"]', state="detached")
    assert page.is_hidden("#nav-table") and page.evaluate(OPEN_ID) is None
    assert not page.errors


def test_a_full_store_drops_the_oldest_finished_game_first_and_never_an_unfinished_one(page, site):
    # kept before the page first loads: two finished games (one played longer ago), one not
    games = {"old-finished": (played(*FINISHED, 2, None), 1_000), "new-finished": (played(*FINISHED, 3, None), 2_000),
             "unfinished": (played("raven", {"players": 4}, 4, 30), 500)}
    items = {f"manyhands/game/{k}": json.dumps(s.saved()) for k, (s, _) in games.items()}
    items["manyhands/games"] = json.dumps([{"id": k, "summary": s.summary(), "updated": t, "review": None}
                                           for k, (s, t) in games.items()])
    page.add_init_script(f"""if (!sessionStorage.getItem('kept')) {{
      sessionStorage.setItem('kept', '1');
      for (const [key, text] of Object.entries({json.dumps(items)})) localStorage.setItem(key, text);
    }}""")
    open_site(page, site)
    assert sorted(page.evaluate(KEPT_IDS)) == sorted(games)
    page.evaluate(FILL)
    start_game(page, "lunar", {}, seed=8)                 # full: the finished game played longest ago goes
    wait_my_turn(page)
    kept = page.evaluate(KEPT_IDS)
    assert "old-finished" not in kept and {"new-finished", "unfinished"} <= set(kept)
    assert kept_game(page)["record"]["game"] == "lunar" and page.is_hidden("#save-error")
    go_home(page)
    assert "oldest finished game was removed (Voren, 3 players, finished after 3 hands)" in page.inner_text("#games-note")
    page.evaluate(FILL)
    start_game(page, "tricksters", {}, seed=9)            # then the other finished one
    wait_my_turn(page)
    assert "new-finished" not in page.evaluate(KEPT_IDS)
    lunar, tricksters = page.evaluate(KEPT_IDS)[1], page.evaluate(KEPT_IDS)[0]
    page.evaluate(FILL)
    start_game(page, "raven", {"players": 3}, seed=10)     # only unfinished games: none goes, the player is told
    page.wait_for_selector("#save-error:not([hidden])")
    assert "not saved" in page.inner_text("#save-error")
    shot(page, "save-error-desktop")
    assert sorted(page.evaluate(KEPT_IDS)) == sorted(["unfinished", lunar, tricksters])
    assert page.evaluate(OPEN_ID) == tricksters
    page.evaluate(UNFILL)                                  # room again: the next move is saved
    wait_my_turn(page)
    assert page.evaluate(PLAY_ONE)
    page.wait_for_selector("#save-error", state="hidden")
    assert kept_game(page)["record"]["game"] == "raven"
    for game_id in ("unfinished", lunar, tricksters):
        resume(page, game_id)
        assert page.is_visible("#table") and not page.inner_text("#games-note").startswith("Could not")
    assert not page.errors


def test_a_game_saved_by_the_site_that_kept_one_game_still_resumes(page, site):
    """Saved as the site kept its one game until now: "manyhands/current" holding
    {record, seat, level, theme}."""
    session = played("raven", {"players": 4}, 7, 60)
    saved = json.dumps({"record": session.record(), "seat": 0, "level": "easy", "theme": "prophecy"})
    page.add_init_script(f"""if (!sessionStorage.getItem('kept')) {{
      sessionStorage.setItem('kept', '1');
      localStorage.setItem('manyhands/current', {json.dumps(saved)});
    }}""")
    open_site(page, site)
    assert page.is_visible("#view-table") and page.inner_text("#game-title") == "Prophecy"
    assert export_record(page)["actions"][:len(session.record()["actions"])] == session.record()["actions"]
    go_home(page)
    assert [(g["title"], g["table"]) for g in listed(page)] == [("Prophecy", True)]
    assert page.evaluate("localStorage.getItem('manyhands/current')") is None
    assert not page.errors


# --- the worker's errors, told apart by their kind -------------------------------------------
FAIL_NEXT_ASK = """([name, message]) => {
  const real = window.manyhands.ask;
  window.manyhands.ask = (request) => {
    window.manyhands.ask = real;
    const error = name === 'TypeError' ? new TypeError(message) : Object.assign(new Error(message), {name});
    return Promise.reject(error);
  };
}"""


def test_the_worker_errors_are_told_apart_by_their_kind(page, site):
    console = []
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    open_site(page, site)
    start_game(page, "raven", {"players": 4}, seed=3)
    wait_my_turn(page)
    # a computer move the worker refuses: said in the worker's own words
    page.evaluate(FAIL_NEXT_ASK, ["WorkerRefusal", "no move for that seat"])
    assert page.evaluate(PLAY_ONE)
    said(page, "Computer player failed: no move for that seat")
    # a cancelled request (the worker restarted): asked again, the game goes on
    page.click("#undo")
    wait_my_turn(page)
    before = page.evaluate("+document.body.dataset.actions")
    page.evaluate(FAIL_NEXT_ASK, ["Cancelled", "cancelled"])
    wait_my_turn(page)
    assert page.evaluate(PLAY_ONE)
    wait_my_turn(page)
    assert page.evaluate("+document.body.dataset.actions") > before + 1
    # a hint the worker refuses: the panel says why, in its words
    page.evaluate(FAIL_NEXT_ASK, ["WorkerRefusal", "no hint here"])
    page.click("#hint")
    page.wait_for_selector("#hint-body .error")
    assert page.inner_text("#hint-body .error") == "Hint failed: no hint here"
    # anything else is a bug: not passed off as the worker's refusal, it surfaces
    page.evaluate(FAIL_NEXT_ASK, ["TypeError", "a bug in the page"])
    page.click("#hint-close")
    settle(page)
    assert page.evaluate(PLAY_ONE)
    for _ in range(100):
        if any("a bug in the page" in line for line in console):
            break
        page.wait_for_timeout(100)
    assert any("JsException: TypeError: a bug in the page" in line for line in console), console[-5:]
    assert not page.evaluate("[...document.querySelectorAll('#announce p')].some((p) => p.textContent.includes('a bug'))")
