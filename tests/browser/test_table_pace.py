"""The table's pace, in Chromium: a decision with only one legal choice plays
itself after a short moment, through the same path as a click (the kept record
and the log say it), and waits for the click when the setting is off; a card
chosen while others play is shown as chosen, can be changed and cancelled (tap,
Escape, the keyboard), is played when your turn comes, and when it has become
illegal is not played and you are told why in one line."""
from __future__ import annotations

import re

import pytest

from pycore.records import load_record, replay

from .table import PLAY_ONE, kept_game, open_site, set_trick_pause, start_game

pytestmark = pytest.mark.browser
OWN = "pace=0&forced="      # the computers fast, an only choice as the page's setting says (open_site)

# Play your decisions (the first legal choice) until `stop()` says so; returns
# what it returned. A decision with one choice is left to the page.
PLAY_UNTIL_JS = """async ([stop, timeoutMs]) => {
  const playOne = %s;
  const until = new Function('return (' + stop + ')')();
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    const found = until();
    if (found) return found;
    const legal = JSON.parse(document.querySelector('#prompt')?.dataset.legal || '[]');
    if (document.body.dataset.turn === 'you' && legal.length > 1) { await playOne(); continue; }
    await new Promise(r => setTimeout(r, 5));
  }
  return null;
}""" % PLAY_ONE

# A decision of yours with only one legal choice: its token, the actions before it, the line shown.
FORCED = """() => {
  const legal = JSON.parse(document.querySelector('#prompt')?.dataset.legal || '[]');
  return document.body.dataset.turn === 'you' && legal.length === 1 &&
    {token: legal[0], actions: +document.body.dataset.actions,
     note: document.querySelector('#forced-note')?.textContent || ''};
}"""

# Others play a trick already led, and you are still to play in it: a card may be chosen.
LED_NOT_YOU = """() => {
  const me = document.querySelector('#ring')?.dataset.me;
  return document.body.dataset.turn === 'computer' && document.querySelector('#current-trick .played')
    && document.querySelector(`#current-trick .play.pending[data-seat="${me}"]`)
    && document.querySelector('[data-prepick]') && {actions: +document.body.dataset.actions};
}"""


def play_until(page, stop: str, timeout_s: float = 60):
    found = page.evaluate(PLAY_UNTIL_JS, [stop, int(timeout_s * 1000)])
    assert found, f"never reached: {stop}"
    return found


def held_trick(page, site, seed: int) -> None:
    """A 4-player Raven game (deal `seed`), "wait for me" after a trick, played until a
    trick the computers took is held for you: they lead next, you may choose your card."""
    open_site(page, site, OWN)
    start_game(page, "raven", {"players": 4}, seed=seed)
    set_trick_pause(page, "wait")
    play_until(page, "() => document.body.dataset.hold === 'trick' && document.body.dataset.turn === 'computer'")


def actions(page) -> int:
    return int(page.evaluate("+document.body.dataset.actions"))


def my_plays(page) -> list[str]:
    """Your decisions in the kept record (whose each action is, its replay says)."""
    kept = kept_game(page)
    record = kept["record"]
    return [token for token, (actor, _) in zip(record["actions"], replay(load_record(record)).history)
            if actor == kept["seat"]]


def test_an_only_choice_plays_itself_as_a_click_would(page, site):
    open_site(page, site, OWN)
    start_game(page, "voren", seed=3)          # an only choice at the 7th action
    forced = play_until(page, FORCED)
    assert forced["note"].startswith("Only one choice: "), forced
    page.wait_for_function(f"+document.body.dataset.actions > {forced['actions']}", timeout=5000)
    kept = kept_game(page)
    state = replay(load_record(kept["record"]))
    assert kept["record"]["actions"][forced["actions"]] == forced["token"]
    assert state.history[forced["actions"]][0] == kept["seat"]
    from pycore.words import Narrator
    card = Narrator(state.game, state.observation(kept["seat"])).card(forced["token"])
    assert card in page.locator("#log").text_content()
    # Undo takes it back: the only choice then waits for you (else Undo could not undo it)
    page.click("#undo")
    back = page.evaluate(FORCED)
    assert back, "Undo took back an only choice"
    page.wait_for_timeout(1000)
    assert actions(page) == back["actions"] and not page.locator("#forced-note").count()
    assert not page.errors


def test_with_the_setting_off_an_only_choice_waits_for_the_click(page, site):
    open_site(page, site, OWN)
    start_game(page, "voren", seed=3)
    page.uncheck("#play-forced")
    forced = play_until(page, FORCED)
    page.wait_for_timeout(1500)              # 0.25 s is the moment at ?pace=0: it would have played
    assert actions(page) == forced["actions"] and not forced["note"]
    page.click(f'#table [data-action="{forced["token"]}"]')
    page.wait_for_function(f"+document.body.dataset.actions > {forced['actions']}", timeout=5000)
    page.reload()
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
    assert not page.is_checked("#play-forced"), "the setting is kept"
    assert not page.errors


def test_a_card_chosen_early_is_shown_changed_and_cancelled(page, site):
    held_trick(page, site, seed=5)
    cards = page.locator("#hand [data-prepick]")
    pressed = lambda: [c.get_attribute("aria-pressed") == "true" for c in cards.all()]  # noqa: E731
    cards.nth(0).click()
    assert pressed()[:2] == [True, False]
    assert cards.nth(0).get_attribute("aria-description") == "chosen to play next"
    name = cards.nth(0).get_attribute("aria-label")
    assert page.locator("#prepick-note").text_content().startswith(f"Chosen to play next: the {name}.")
    cards.nth(1).click()                     # changed
    assert pressed()[:2] == [False, True]
    cards.nth(1).click()                     # tapped again: cancelled
    assert not any(pressed())
    cards.nth(0).focus()                     # the keyboard: along the hand, Enter, Escape
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert pressed()[:2] == [False, True]
    page.keyboard.press("Escape")
    assert not any(pressed())
    assert page.evaluate("document.body.dataset.hold") == "trick", "Escape cancelled the card, not the pause"
    assert not page.errors


def _suit(token: str) -> str:
    return re.match(r"[A-Za-z]+", token).group(0)


def _card_name(page, card: str) -> str:
    from pycore.words import Narrator
    kept = kept_game(page)
    state = replay(load_record(kept["record"]))
    return Narrator(state.game, state.observation(kept["seat"])).card(card)


def _wait_my_plays(page, more_than: int) -> None:
    for _ in range(150):
        if len(my_plays(page)) > more_than:
            return
        page.wait_for_timeout(100)
    raise AssertionError("your chosen card was not played")


def test_a_card_chosen_early_plays_when_your_turn_comes(page, site):
    # the computers half a second apart (?pace=0.5): you choose while they play a trick led in a suit you hold
    open_site(page, site, "pace=0.5&forced=")
    start_game(page, "raven", {"players": 4}, seed=5)
    set_trick_pause(page, "0")
    play_until(page, LED_NOT_YOU, timeout_s=90)
    kept = kept_game(page)
    obs = replay(load_record(kept["record"])).observation(kept["seat"])
    led = obs["hands"][-1]["tricks"][-1]["cards"][0][1]
    following = [c for c in obs["hand"] if _suit(c) == _suit(led)] or [    # else any card of a suit
        c for c in obs["hand"] if _suit(c) in ("Sh", "Sw", "Ax", "Wa")]
    before = len(my_plays(page))
    page.click(f'#hand [data-prepick][data-card="{following[0]}"]')
    assert page.get_attribute(f'#hand [data-card="{following[0]}"]', "aria-pressed") == "true"
    _wait_my_plays(page, before)
    assert my_plays(page)[before] == following[0]
    assert not page.errors


def test_a_card_chosen_early_that_became_illegal_is_not_played_and_you_are_told(page, site):
    held_trick(page, site, seed=7)
    # chosen before the computers lead the next trick (your 2 of Swords): they lead Shields, you hold one
    card = page.locator("#hand [data-prepick]").nth(1).get_attribute("data-card")
    page.click(f'#hand [data-prepick][data-card="{card}"]')
    before = len(my_plays(page))
    page.click("#continue")
    page.wait_for_selector("body[data-turn=you]", state="attached", timeout=15_000)
    page.wait_for_selector("#prepick-said", timeout=5000)
    said = page.locator("#prepick-said").text_content()
    assert said.startswith(f"The {_card_name(page, card)} can no longer be played: you must "), said
    assert len(my_plays(page)) == before, "the card that became illegal was not played"
    assert not page.locator('#hand [aria-pressed="true"]').count()
    page.wait_for_timeout(500)
    assert page.evaluate("document.body.dataset.turn") == "you" and len(my_plays(page)) == before
    assert not page.errors
