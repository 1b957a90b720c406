"""The guided first hands in Chromium (web/manyhands_web/guide.py): each lesson
followed from its home card to its final score by clicking only what each step
points at (and one left at a free decision by another move, played on to its score) (bench/guide_shots.py's `follow`), at a phone's size and a laptop's,
one page per size; each pointed-at control in the window, uncovered at its
centre and focused, the table at each step fitting the window by test_table_fits'
checks and the coach's words not scrolling. A guided hand leaves nothing behind: no game kept (Your games,
#history and the statistics are read from the kept games), none open; and
"Play a real game with these settings" starts one that is kept."""
from __future__ import annotations

import json

import pytest

from bench.guide_shots import follow
from tests.browser.conftest import settle, sized_page
from tests.test_guide import KEYS, LESSONS, OFF_SCRIPT, steps

pytestmark = pytest.mark.browser

SIZES = {"phone": (390, 844), "laptop": (1280, 800)}
BACKGROUND = "n => getComputedStyle(n).backgroundColor"
KEPT = """() => ({games: JSON.parse(localStorage.getItem("manyhands/games") || "[]"),
                  open: localStorage.getItem("manyhands/open")})"""


@pytest.fixture(scope="module", params=list(SIZES))
def sized(request, browser, site):
    with sized_page(browser, site, *SIZES[request.param], motion=False) as page:
        yield page


def kept_games(page) -> list:
    games = page.evaluate(KEPT)["games"]
    return list(games) if isinstance(games, (list, dict)) else []


@pytest.mark.parametrize("key", KEYS)
def test_a_lesson_followed_by_what_it_points_at(sized, key):
    page = sized
    before = page.evaluate(KEPT)
    page.goto(page.url.split("#")[0] + "#home")
    settle(page)
    link = page.locator(f"#learn-{key}")
    if "primary" in (link.get_attribute("class") or ""):     # not learnt yet: as prominent as Play
        play = link.locator("xpath=..").locator("[data-play]")
        assert link.evaluate(BACKGROUND) == play.evaluate(BACKGROUND)
    facts = follow(page, key)
    assert len(facts) > 3
    for fact in facts:
        assert fact["inside"] and fact["uncovered"], fact
    for fact in facts[1:]:      # and the table around it fits the window as a game's does; the words, the coach
        assert fact["focused"] and not fact["unfit"] and not fact["overflows"], fact
    assert facts[-1]["point"] == "coach-real"
    assert page.locator("#score-sheet").is_visible()
    assert page.locator("#prompt-text").inner_text() == "The lesson ends with this hand."     # not who deals next
    assert page.locator(".coach-lines li").count() >= 1
    # nothing kept: no game in progress, none in Your games (which #history and the statistics read)
    assert page.evaluate(KEPT) == before
    page.goto(page.url.split("#")[0] + "#history")
    settle(page)
    assert page.locator("#view-history").is_visible()
    assert not page.locator(f"#view-history [data-game='{key}']").count()


def test_leave_and_start_again_then_a_real_game(sized):
    page = sized
    key = KEYS[0]
    before = page.evaluate(KEPT)
    page.goto(page.url.split("#")[0] + f"#learn/{key}")
    page.wait_for_selector("#coach:not([hidden]) ~ .layout [data-point]")
    page.goto(page.url.split("#")[0] + "#home")     # a lesson at the table is no game to resume
    settle(page)
    assert not page.locator("[data-resume]").count() and not page.get_by_role("button", name="New game").count()
    page.goto(page.url.split("#")[0] + "#table")
    page.wait_for_selector("#coach:not([hidden]) ~ .layout [data-point]")
    page.click("#coach-again")          # restarted: step 1 again
    page.wait_for_selector("#coach:not([hidden]) ~ .layout [data-point]")
    settle(page)
    assert "step 1 of" in page.locator("#coach-title").inner_text()
    page.click("#coach-leave")
    page.wait_for_selector("#view-home:not([hidden])")
    settle(page)
    assert page.evaluate(KEPT) == before
    assert page.locator("#coach").is_hidden()
    # finished: the home card's "Learn by playing" is no longer the first thing offered
    follow(page, key)
    page.click("#coach-real")
    page.wait_for_selector("#coach[hidden]", state="attached")
    settle(page)
    kept = page.evaluate(KEPT)
    assert len(json.dumps(kept["games"])) > len(json.dumps(before["games"])) and kept["open"]
    page.goto(page.url.split("#")[0] + "#home")
    settle(page)
    assert "primary" not in (page.locator(f"#learn-{key}").get_attribute("class") or "")


def test_another_move_at_a_free_decision_and_the_hand_plays_on(sized):
    """At a decision where several moves are fine, a card the lesson does not point at
    is taken; the coach says the script is left, the computers play for themselves
    (the worker), and each step's pointed control leads to the hand's score."""
    page = sized
    key = min(LESSONS, key=lambda k: len(LESSONS[k].actions))         # the shortest hand
    lesson = LESSONS[key]
    free = min(lesson.free)
    number = next(n for n, s in enumerate(steps(lesson), 1) if s.at == free and s.kind == "move")
    follow(page, key, upto=number)
    assert "Any of them is fine here" in page.locator("#coach-words").inner_text()
    legal = json.loads(page.locator("#prompt").get_attribute("data-legal"))
    pointed = page.locator("[data-point]").get_attribute("data-action")
    other = next(t for t in legal if t != pointed)
    page.locator(f'#table [data-action="{other}"]').first.click()
    facts = follow(page, key, start=False, number=number, timeout_s=60)
    assert OFF_SCRIPT in facts[0]["words"]
    assert facts[-1]["point"] == "coach-real" and page.locator(".coach-lines li").count() >= 1
    assert " of " not in page.locator("#coach-title .coach-count").inner_text()     # its length is not known
    for fact in facts:
        assert fact["inside"] and fact["uncovered"] and fact["focused"], fact
