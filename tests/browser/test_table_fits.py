"""The table fits the window: at eight window sizes (three desktops, a laptop, a
desktop's window narrowed, two phones upright, one on its side), for every game
and preset of the registry, at a decision of yours with a trick on the table in the game's second hand where it
has one (scores so far, and what the rules make public from then on, such as a
bid set aside face up; imported as a record, not played to), the page does not scroll, and the status, every choice you may make, the
trick's cards and every seat's name are inside the window and are the element
found at their own centre (nothing covers them); and every fact the table shows
(each seat's name, face, score, cards in hand, bid, cards face up; what the
middle shows besides the trick: a game's track, tiles, schedule, pot, the card
turned up) is whole in the window too, cut by no box it lies in. Then the same,
your card played and the trick it ends held for Continue: the trick's cards, who
took it and Continue in their place of the choices. And the same on a desktop's
window with the hint's panel open beside the table. One page for every table and
size: each table is imported once and looked at in each size."""
from __future__ import annotations

import pytest

from pycore import all_games

from .conftest import Requests
from .table import (HIDDEN, UNFIT, import_state, open_site, set_trick_pause, settle, trick_decision,
                    trick_you_end, tricks_done, wait_hint)

pytestmark = pytest.mark.browser
SIZES = [(1280, 800), (1366, 768), (1920, 1080), (1024, 768), (900, 700), (390, 844), (360, 640), (844, 390)]
PRESETS = [(name, rules) for name, game in sorted(all_games().items()) for rules in game.presets()]
IDS = [f"{name}-{index}" for index, (name, _) in enumerate(PRESETS)]
# The tables that do not fit yet, and where (the rest must): a table listed here that
# comes to fit fails the test too, so that this list only shrinks.
UNFIT_YET: dict[str, str] = {}
# The tables whose facts are not all in sight yet, and where (the same rule: the list only
# shrinks).
HIDDEN_YET: dict[str, str] = {}

@pytest.fixture(scope="module")
def table(browser, site):
    # no motion: a card still travelling to the trick is not where it lies (test_card_table.py checks motion)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    requests = Requests(ctx, site.url)
    page = ctx.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    open_site(page, site, "pace=0&budget=20")      # (a short hint: the hint's panel is looked at, not its advice)
    yield page
    ctx.close()
    assert not requests.outside(), f"requests left the page's origin: {requests.outside()[:5]}"


def _look(page) -> tuple[dict, dict]:
    """At each size: what does not fit (UNFIT) and what is not seen whole (HIDDEN)."""
    unfit, unseen = {}, {}
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(120)
        for found, check in ((unfit, UNFIT), (unseen, HIDDEN)):
            problems = page.evaluate(check)
            if problems:
                found[f"{width}x{height}"] = problems
    return unfit, unseen


@pytest.mark.parametrize("name,rules,known,hidden", [(n, r, UNFIT_YET.get(i, ""), HIDDEN_YET.get(i, ""))
                                                     for (n, r), i in zip(PRESETS, IDS)], ids=IDS)
def test_the_table_fits_the_window_at_every_size(table, name, rules, known, hidden):
    """The page no larger than the window; the status, your choices, the trick and
    every seat's name in it and uncovered, at each size (but those of UNFIT_YET);
    every seat's facts and what the middle shows whole in it (but those of HIDDEN_YET).
    The same once your card has ended the trick and the table holds it for Continue."""
    page = table
    state, ending = trick_you_end(name, rules, hand=2)
    page.set_viewport_size({"width": 1280, "height": 800})
    import_state(page, state)
    at_decision = _look(page)
    page.set_viewport_size({"width": 1280, "height": 800})
    set_trick_pause(page, "wait")
    try:
        page.locator(", ".join(f'#table [data-action="{t}"]' for t in ending)).first.click()
        page.wait_for_selector("body[data-hold=trick]", state="attached")
        held = _look(page)
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
        set_trick_pause(page, "0")
    for moment, (unfit, unseen) in (("at your decision", at_decision), ("with the trick held", held)):
        for found, listed, name_of_list in ((unfit, known, "UNFIT_YET"), (unseen, hidden, "HIDDEN_YET")):
            expected = set(listed.split())
            assert not set(found) - expected, f"{name} {rules} {moment}: {found}"
            assert not expected - set(found), \
                f"{name} {rules} passes {moment} at {sorted(expected - set(found))}: take it off {name_of_list}"
    assert not page.errors


# One preset of each game and player count: the table beside the open hint is
# a laptop's width (about 950 px of a 1280 px window), its window a desktop's
BESIDE_HINT = [(name, rules) for name, game in sorted(all_games().items())
               for rules in sorted({r["players"]: r for r in reversed(game.presets())}.values(),
                                   key=lambda r: r["players"])]


@pytest.mark.parametrize("name,rules", BESIDE_HINT, ids=[f"{n}-{r['players']}p" for n, r in BESIDE_HINT])
def test_the_table_fits_beside_the_open_hint(table, name, rules):
    """With the hint's panel open beside it on a desktop's window, the table fits
    what is left as it fits a laptop's window: the same checks, at 1280 x 800 and
    1366 x 768."""
    page = table
    state, _ = trick_you_end(name, rules, hand=2)
    page.set_viewport_size({"width": 1280, "height": 800})
    import_state(page, state)
    page.click("#hint")
    try:
        wait_hint(page)
        for width, height in ((1280, 800), (1366, 768)):
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(120)
            beside = page.evaluate("innerWidth - document.querySelector('#table').getBoundingClientRect().right")
            assert beside > 250, f"the hint is not beside the table at {width} x {height}"
            for check in (UNFIT, HIDDEN):
                problems = page.evaluate(check)
                assert not problems, f"{name} {rules} at {width} x {height}: {problems}"
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
        page.click("#hint-close")
    assert not page.errors


def test_the_settings_panel_closes_once_it_has_done_its_work(table):
    """On a phone, the Settings panel (a panel over the table) closes after the theme
    switch and after New game, uncovering the table it was over."""
    page = table
    page.set_viewport_size({"width": 390, "height": 844})
    themed = next((n, r) for n, r in PRESETS if getattr(all_games()[n], "themes", ()))
    import_state(page, trick_decision(*themed, seed=1))
    page.click("#menu-toggle")
    page.click("#theme-toggle")
    page.wait_for_timeout(150)
    assert not page.is_visible("#game-menu"), "the panel stays open after the theme switch"
    page.click("#menu-toggle")
    page.click("#new-game")
    page.wait_for_selector("#view-home:not([hidden])")
    page.evaluate("location.hash = '#table'")
    page.wait_for_selector("#view-table:not([hidden])")
    assert not page.is_visible("#game-menu"), "the panel stays open after New game"
    assert page.get_attribute("#menu-toggle", "aria-expanded") == "false"


def ending_a_trick():
    """(a state, your card that ends the trick under way), after which a computer
    plays on in the same hand: the first such of the registry's first game."""
    name, rules = PRESETS[0]
    state = all_games()[name].new_game(rules, seed=1)
    while not state.is_terminal:
        obs = state.observation(0)
        if state.current_player == 0 and obs.get("phase") == "play":
            for token in obs["legal"]:
                if token not in (obs.get("hand") or []):
                    continue
                after = state.apply_action(state.game.parse_action(state, token))
                if (tricks_done(after) > tricks_done(state) and not after.is_terminal and after.current_player != 0
                        and len(after.observation(0).get("hand_results") or []) == len(obs.get("hand_results") or [])):
                    return state, token
        state = state.apply_action(state.legal_actions()[0])
    raise AssertionError("no card of yours ends a trick with a computer to play on")


def test_during_the_pause_after_a_trick_nothing_asks_for_a_click(table):
    """The pause after a trick set to 2 seconds: while it lasts, the line under your
    hand says whom the table waits for, not that it waits for you to continue."""
    page = table
    page.set_viewport_size({"width": 1280, "height": 800})
    state, token = ending_a_trick()
    import_state(page, state)
    set_trick_pause(page, "2")
    try:
        page.click(f'#hand [data-action="{token}"]')
        page.wait_for_selector("body[data-hold=trick]", state="attached")
        said = page.text_content("#prompt")
    finally:
        set_trick_pause(page, "0")
    assert "once you continue" not in said, said


def ending_a_hand():
    """(a state, your card that ends the hand under way), after which the next hand
    asks you first: the first such of the registry."""
    for name, game in sorted(all_games().items()):
        for rules in game.presets():
            state = game.new_game(rules, seed=1)
            while not state.is_terminal:
                obs = state.observation(0)
                if state.current_player == 0 and obs.get("phase") == "play":
                    done = len(obs.get("hand_results") or [])
                    for token in obs["legal"]:
                        if token not in (obs.get("hand") or []):
                            continue
                        after = state.apply_action(state.game.parse_action(state, token))
                        if (len(after.observation(0).get("hand_results") or []) > done and not after.is_terminal
                                and after.current_player == 0):
                            return state, token
                state = state.apply_action(state.legal_actions()[0])
    raise AssertionError("no card of yours ends a hand with you to act first in the next")


# From now on, the cards of your hand that move (table.js animates them), counted
WATCH_FLYING = """() => { window.flown = 0; const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) { if (this.closest('#hand')) window.flown++; return animate.apply(this, args); }; }"""


def test_a_hands_score_sheet_is_what_the_table_shows_until_you_go_on(table):
    """At a hand's end, with the next hand asking you first: under its score sheet no
    "Your turn" and no card of the next deal flying in (with motion on); "Review this
    hand" opens the review and leaves the sheet, which Close returns to, the table
    still waiting; "Share this deal" shows its link in the sheet, in view."""
    page = table
    page.set_viewport_size({"width": 1280, "height": 800})
    state, token = ending_a_hand()
    import_state(page, state)
    set_trick_pause(page, "wait")
    page.emulate_media(reduced_motion="no-preference")
    try:
        page.evaluate(WATCH_FLYING)
        page.click(f'#hand [data-action="{token}"]')
        page.wait_for_selector("body[data-hold=hand] #score-sheet", state="attached")
        page.wait_for_timeout(700)          # a deal's cards would fly now (220 ms each, staggered)
        status = page.text_content("#status")       # the hand that ended, not the next one's phase
        assert "Your turn" not in status and status.endswith(" over"), status
        assert not page.locator("#hand :is([data-action], [data-toggle], [data-sub])").count(), \
            "the next deal's cards are choices under the sheet"
        assert page.evaluate("window.flown") == 0, "the next deal's cards fly across the sheet"
        page.click("#share-hand")
        settle(page)
        link = page.locator("#score-sheet #share-link-sheet")
        assert link.count(), "the deal's link is not in the sheet"
        assert page.evaluate(UNFIT_SHARE) == [], page.evaluate(UNFIT_SHARE)
        page.click("#review-hand")
        page.wait_for_selector("#review-panel:not([hidden])")
        page.click('#review-panel [data-review="close"]')
        page.wait_for_selector("#review-panel", state="hidden")
        assert page.locator("#score-sheet").count(), "Close of the review skipped the hand's score sheet"
        assert page.get_attribute("body", "data-hold") == "hand", "the next hand started without you"
        page.click("#continue")
        page.wait_for_selector("body:not([data-hold=hand])", state="attached")
        assert "Your turn" in page.text_content("#status")
    finally:
        page.emulate_media(reduced_motion="reduce")
        set_trick_pause(page, "0")
    assert not page.errors


# The shared deal's link: in the window and not covered
UNFIT_SHARE = """() => { const el = document.querySelector('#share-link-sheet'); const r = el.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) return [`the link is outside the window (${r.top|0})`];
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return el.contains(top) ? [] : [`the link is covered by ${top && top.tagName}`]; }"""


# A house rule that is a table of numbers: every column in sight (none scrolled away),
# each row's name on one line
UNFIT_GRIDS = """() => {
  const out = [];
  for (const d of document.querySelectorAll('#view-home details[id^=house-]')) d.open = true;
  for (const field of document.querySelectorAll('#view-home .rule-field[data-kind=table]')) {
    const wrap = field.querySelector('.grid-wrap');
    if (wrap.scrollWidth > wrap.clientWidth + 1) out.push(`${field.dataset.field}: ${wrap.scrollWidth - wrap.clientWidth} px of columns scrolled away`);
    const line = parseFloat(getComputedStyle(field.querySelector('tbody th')).lineHeight);
    for (const th of field.querySelectorAll('tbody th'))
      if (th.getBoundingClientRect().height > 2 * line + 12) { out.push(`${field.dataset.field}: the row ${th.textContent} takes ${th.getBoundingClientRect().height | 0} px`); break; }
  }
  return out;
}"""


def test_a_house_rule_of_numbers_shows_every_column_and_short_row_names(table):
    """The home page's house rules: a table of numbers (each card's values, say) shows
    every column in its game's card, and its rows' names do not wrap."""
    page = table
    page.evaluate("location.hash = '#home'")
    page.wait_for_selector("#view-home:not([hidden])")
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(120)
        assert page.locator("#view-home .rule-field[data-kind=table]").count()
        assert page.evaluate(UNFIT_GRIDS) == [], f"at {width} x {height}"


def a_choice_on_the_table():
    """The first state of the registry where your decision is a choice drawn on the
    table that is not a card (a tile, say): each deal played on by first choices."""
    for name, game in sorted(all_games().items()):
        for rules in game.presets():
            state = game.new_game(rules, seed=1)
            for _ in range(60):
                if state.is_terminal:
                    break
                obs = state.observation(0)
                hand = set(obs.get("hand") or [])
                if state.current_player == 0 and any(" " in t and not hand & set(t.split(" ")) for t in obs["legal"]):
                    return state
                state = state.apply_action(state.legal_actions()[0])
    raise AssertionError("no choice drawn on the table")


# The hint's tag put on each choice drawn on the table that is not a card: the
# tag's box (its ::after) against the box of the words inside the choice
BADGE_COVERS = """() => {
  const out = [];
  for (const el of document.querySelectorAll('#middle [data-action]:not(.card), #table .below [data-action]:not(.card)')) {
    el.setAttribute('data-suggested', 'true');
    const r = el.getBoundingClientRect(), tag = getComputedStyle(el, '::after');
    const top = r.top + parseFloat(tag.top), bottom = top + parseFloat(tag.height);
    const left = r.left + r.width / 2 - parseFloat(tag.width) / 2, right = left + parseFloat(tag.width);
    for (const words of el.querySelectorAll('*')) {
      if (!words.textContent.trim() || words.children.length) continue;
      const w = words.getBoundingClientRect();
      if (w.top < bottom - 0.5 && w.bottom > top && w.left < right && w.right > left)
        out.push(`the tag covers "${words.textContent}" of ${el.getAttribute('aria-label')}`);
    }
    el.removeAttribute('data-suggested');
  }
  return out;
}"""


def test_the_hints_tag_leaves_the_words_of_the_choice_it_marks(table):
    """The hint's "Hint" tag on a choice drawn on the table (a tile): clear of its words."""
    page = table
    import_state(page, a_choice_on_the_table())
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(120)
        assert page.locator("#middle [data-action]:not(.card), #table .below [data-action]:not(.card)").count()
        assert page.evaluate(BADGE_COVERS) == [], f"at {width} x {height}"
