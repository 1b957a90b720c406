"""The table's pace, in Chromium: a decision with only one legal choice plays
itself after a short moment, through the same path as a click (the kept record
and the log say it), and waits for the click when the setting is off; a card
chosen while others play is shown as chosen, can be changed and cancelled (tap,
Escape, the keyboard), is played when your turn comes, and when it has become
illegal is not played and you are told why in one line. Neither plays past a
moment you should see: the hint open, a score sheet open, the trick you just
took with "wait for me" after a trick; and the "Next" tag stays on its own card,
clear of your seat's line, on a phone and on a desktop.

The holds are checked on one page (Pyodide started once), each from a position
built here with the engine and imported as a record, so that each takes seconds."""
from __future__ import annotations

import json
import re

import pytest

from pycore import get_game
from pycore.records import load_record, record_of, replay

from .conftest import Requests
from .table import PLAY_ONE, in_settings, kept_game, open_site, set_trick_pause, settle, start_game, wait_hint

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
    settle(page)
    back = page.evaluate(FORCED)
    assert back, "Undo took back an only choice"
    page.wait_for_timeout(1000)
    assert actions(page) == back["actions"] and not page.locator("#forced-note").count()
    assert not page.errors


def test_with_the_setting_off_an_only_choice_waits_for_the_click(page, site):
    open_site(page, site, OWN)
    start_game(page, "voren", seed=3)
    in_settings(page, lambda p: p.uncheck("#play-forced"))
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
    settle(page)
    assert pressed()[:2] == [True, False]
    assert cards.nth(0).get_attribute("aria-description") == "chosen to play next"
    name = cards.nth(0).get_attribute("aria-label")
    assert page.locator("#prepick-note").text_content().startswith(f"Chosen to play next: the {name}.")
    cards.nth(1).click()                     # changed
    settle(page)
    assert pressed()[:2] == [False, True]
    cards.nth(1).click()                     # tapped again: cancelled
    settle(page)
    assert not any(pressed())
    cards.nth(0).focus()                     # the keyboard: along the hand, Enter, Escape
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    settle(page)
    assert pressed()[:2] == [False, True]
    page.keyboard.press("Escape")
    settle(page)
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
    # the computers 1.5 s apart (?pace=1.5): you choose while they play a trick led in a suit you hold
    # (at half a second, a loaded machine's click came after your turn, when there was nothing to choose early)
    open_site(page, site, "pace=1.5&forced=")
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
    settle(page)
    # chosen (pressed) while the computers play; on a loaded machine your turn may already
    # have come, and the card gone from your hand to the trick
    if len(my_plays(page)) == before:
        chosen = page.locator(f'#hand [data-card="{following[0]}"]')
        assert chosen.count() == 0 or chosen.get_attribute("aria-pressed") == "true"
    _wait_my_plays(page, before)
    assert my_plays(page)[before] == following[0]
    assert not page.errors


def test_a_card_chosen_early_that_became_illegal_is_not_played_and_you_are_told(page, site):
    held_trick(page, site, seed=7)
    # chosen before the computers lead the next trick (your 2 of Swords): they lead Shields, you hold one
    card = page.locator("#hand [data-prepick]").nth(1).get_attribute("data-card")
    page.click(f'#hand [data-prepick][data-card="{card}"]')
    settle(page)
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


# --- never past a moment you should see: one page, positions imported ---------------------------------
# An only choice plays itself 0.25 s after it is shown at ?pace=0 (pace.py FORCED_SECONDS):
# a quiet second shows that it waited.
QUIET_MS = 1000


@pytest.fixture(scope="module")
def table(browser, site):
    """One page for the holds below: the site at ?pace=0 with a game at the table (its
    settings at hand); each test imports the position it needs (your seat: 0)."""
    ctx = browser.new_context(viewport={"width": 1200, "height": 900})
    requests = Requests(ctx, site.url)
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    open_site(page, site, "pace=0&budget=20")   # a quick hint; an only choice waits until a test says otherwise
    start_game(page, "raven", {"players": 4}, seed=4)     # your seat: 0, as in every position below
    yield page
    ctx.close()
    assert not requests.outside(), f"requests left the page's origin: {requests.outside()[:5]}"


def first_position(game: str, rules: dict, seed: int, found):
    """The first position of the deal `seed`, every seat playing its first legal
    choice, at which `found(state)` is true (the engine's own play: no record kept here)."""
    state = get_game(game).new_game(rules, seed=seed)
    while not state.is_terminal:
        if found(state):
            return state
        state = state.apply_action(state.legal_actions()[0])
    raise AssertionError(f"no such position in {game} deal {seed}")


def _tricks_done(state) -> int:
    return sum(t.get("winner") is not None for h in state.observation(0).get("hands") or [] for t in h["tricks"])


def _your_only_card(state) -> str | None:
    """Your decision's one legal choice, if it is one card to play (seat 0)."""
    obs = state.observation(0)
    legal = obs.get("legal") or []
    return legal[0] if (state.current_player == 0 and obs.get("phase") == "play" and len(legal) == 1
                        and " " not in legal[0]) else None


def _ending_the_trick(state, then) -> str | None:
    """Your card (seat 0) that finishes the trick under way with `then(state after)` true."""
    if state.current_player != 0 or state.observation(0).get("phase") != "play":
        return None
    for token in state.observation(0)["legal"]:
        after = state.apply_action(state.game.parse_action(state, token))
        if _tricks_done(after) > _tricks_done(state) and not after.is_terminal and then(after):
            return token
    return None


def forced_after_a_hand():
    """Raven, 4 players: your only card to play, in the second hand (the first's score sheet to open)."""
    return first_position("raven", {"players": 4}, 4, lambda s: s.finished_hands and _your_only_card(s))


def import_position(page, tmp_path, state, *, forced_plays: bool, trick_pause: str = "0") -> None:
    """The table at `state` (imported as a record), the settings first: "Play my only
    choice for me" and the pause after a trick."""
    in_settings(page, lambda p: p.set_checked("#play-forced", forced_plays))
    set_trick_pause(page, trick_pause)
    path = tmp_path / "position.json"
    path.write_text(json.dumps(record_of(state).to_json()), encoding="utf-8")
    before = page.evaluate("localStorage.getItem('manyhands/open')")
    page.set_input_files("#import-file", str(path))       # a game of its own: the open game changes
    page.wait_for_function("([before, actions]) => localStorage.getItem('manyhands/open') !== before "
                           "&& +document.body.dataset.actions === actions", arg=[before, len(state.history)])


def _plays_itself_now(page, state, token: str) -> None:
    """Your only choice, held until now, plays itself (within a few seconds), as itself."""
    page.wait_for_function(f"+document.body.dataset.actions > {len(state.history)}", timeout=5000)
    assert kept_game(page)["record"]["actions"][len(state.history)] == token


def _waits_while_open(page, tmp_path, open_it, close_it, what: str) -> None:
    """At a forced decision of yours (the setting off, so it waits), open
    something, turn "Play my only choice for me" on (the table is drawn again
    under it), and see the choice wait; once it is closed, it plays itself."""
    state = forced_after_a_hand()
    token = _your_only_card(state)
    import_position(page, tmp_path, state, forced_plays=False)
    open_it()
    in_settings(page, lambda p: p.check("#play-forced"))
    page.wait_for_timeout(QUIET_MS)
    assert actions(page) == len(state.history), f"an only choice played itself under {what}"
    close_it()
    _plays_itself_now(page, state, token)
    assert not page.errors


def test_an_only_choice_waits_while_the_hint_is_open(table, tmp_path):
    def open_hint():
        table.click("#hint")
        wait_hint(table)

    def close_hint():
        assert not table.locator("#forced-note").count()
        table.click("#hint-close")
    _waits_while_open(table, tmp_path, open_hint, close_hint, "the open hint")


def test_an_only_choice_waits_while_a_score_sheet_is_open(table, tmp_path):
    # (At a hand's end the sheet is held for you and the computers wait with it; no
    # game opens a hand with an only choice of yours, so the sheet is opened here
    # from the score pad, where it is not held: what keeps the choice is the sheet.)
    def open_sheet():
        table.click('#table [data-ui="scores"]')
        table.click('#score-pad [data-ui="sheet"][data-hand="0"]')
        table.wait_for_selector("#score-sheet")

    def close_sheet():
        assert table.locator("#score-sheet").count()
        table.click("#sheet-close")
    _waits_while_open(table, tmp_path, open_sheet, close_sheet, "the score sheet")


def test_after_a_trick_you_took_your_only_card_waits_for_you(table, tmp_path):
    """"Wait for me" after a trick: the trick you just took stays, and your only card
    (the hand's last) waits for your click."""
    page = table
    alone = lambda s: s.current_player == 0 and _your_only_card(s)     # noqa: E731  (you lead it)
    state = first_position("raven", {"players": 4}, 4, lambda s: _ending_the_trick(s, alone))
    taking = _ending_the_trick(state, alone)
    last = _your_only_card(state.apply_action(state.game.parse_action(state, taking)))
    import_position(page, tmp_path, state, forced_plays=True, trick_pause="wait")
    page.click(f'#hand [data-action="{taking}"]')
    # (at least: a card that played itself past the trick fails the assertion below, not a timeout)
    page.wait_for_function(f"+document.body.dataset.actions >= {len(state.history) + 1}")
    page.wait_for_timeout(QUIET_MS)
    assert actions(page) == len(state.history) + 1, "your only card played itself past the trick you took"
    assert page.evaluate("document.body.dataset.turn") == "you"
    assert page.locator("#previous-trick").count(), "the trick you took is on the table"
    page.click(f'#hand [data-action="{last}"]')
    page.wait_for_function(f"+document.body.dataset.actions > {len(state.history) + 1}", timeout=5000)
    assert kept_game(page)["record"]["actions"][len(state.history) + 1] == last
    assert not page.errors


# The "Next" tag (the ::after of the chosen card, drawn by CSS; its text size), your seat's line above
# the hand and the chosen card, as boxes; and whether the chosen card is what is seen at
# each corner of the tag (drawn over its neighbours, the tag covers none of theirs).
NEXT_TAG = """() => {
  const card = document.querySelector('#hand .card.chosen');
  const box = (r) => ({left: r.left, top: r.top, right: r.right, bottom: r.bottom});
  const c = card.getBoundingClientRect(), s = getComputedStyle(card, '::after');
  const px = (v) => parseFloat(v) || 0;
  const move = new DOMMatrix(s.transform === 'none' ? '' : s.transform);
  const left = c.left + px(s.left) + move.e, top = c.top + px(s.top) + move.f;
  const tag = {left, top, right: left + px(s.width) + px(s.paddingLeft) + px(s.paddingRight),
               bottom: top + px(s.height) + px(s.paddingTop) + px(s.paddingBottom)};
  const corners = [[tag.left + 1, tag.top + 1], [tag.right - 1, tag.top + 1],
                   [tag.left + 1, tag.bottom - 1], [tag.right - 1, tag.bottom - 1]];
  const seat = document.querySelector('#table .hand .hand-head').getBoundingClientRect();
  return {tag, card: box(c), seat: box(seat), text: s.content, size: px(s.fontSize),
          own: corners.every(([x, y]) => card.contains(document.elementFromPoint(x, y)))};
}"""


def _overlap(a: dict, b: dict) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def test_the_next_tag_stays_on_its_card_clear_of_your_seat(table, tmp_path):
    """A card chosen in the top row of a phone's hand (rows of overlapping cards) and
    on a desktop: its "Next" tag lies on that card, clear of your seat's line above."""
    page = table
    many = lambda s: s.current_player != 0 and len(s.observation(0)["hand"]) > 8     # noqa: E731  (two rows)
    state = first_position("raven", {"players": 4}, 4, lambda s: _ending_the_trick(s, many))
    import_position(page, tmp_path, state, forced_plays=False, trick_pause="wait")
    page.click(f'#hand [data-action="{_ending_the_trick(state, many)}"]')
    page.wait_for_selector("body[data-hold=trick]", state="attached")      # the computers wait: cards to choose
    try:
        for size in ({"width": 390, "height": 844}, {"width": 1280, "height": 800}):
            page.set_viewport_size(size)
            if not page.locator("#hand .card.chosen").count():
                page.click("#hand [data-prepick] >> nth=1")         # the top row's second card
                settle(page)
            page.locator("#table .hand").scroll_into_view_if_needed()
            page.wait_for_timeout(300)                              # the card has stood up (0.15 s)
            seen = page.evaluate(NEXT_TAG)
            where = f"at {size['width']} px: {seen}"
            assert seen["text"] == '"Next"' and seen["size"] >= 11.95, where       # no table text under 12 px
            assert not _overlap(seen["tag"], seen["seat"]), f"the tag covers your seat's line {where}"
            assert seen["own"], f"the tag is not on its own card {where}"
    finally:
        page.set_viewport_size({"width": 1200, "height": 900})
    assert not page.errors
