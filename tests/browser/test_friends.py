"""Friends at one device, through the page: a short game of every game with two or
more people (and computers where the table has room) played to its end at a
phone's or a laptop's width. At every pass screen nothing of any seat's hidden
cards (the engine's `hidden_places`) is in the page's text, its attributes or its
accessibility tree; a reload at a pass screen comes back to it; the final result
names the people, and the game is kept with them."""
from __future__ import annotations

import json
import re
from contextlib import ExitStack

import pytest

from pycore import get_game, load_record, replay
from pycore.words import Narrator
from tests.catalog import case_id, own_cases

from .conftest import sized_page
from .table import PLAY_ONE, kept_game, settle

pytestmark = pytest.mark.browser

CASES = own_cases("FRIENDS_TABLES")       # (name, rules, people) of each game's own tests
NAMES = ("Mia", "Theo", "Zoe", "Ravi")
SIZES = {390: (390, 844), 1280: (1280, 800)}

# The page as a person could read it, but the home page and the rules pages (their
# pictures and guides show cards of no one's hand): every text, every attribute,
# the tab's title.
PAGE_TEXT = """() => {
  const skip = [...document.querySelectorAll('#view-home, #view-rules, template')];
  const out = [document.title];
  const walk = (el) => {
    if (skip.includes(el)) return;
    for (const a of el.attributes) out.push(a.value);
    for (const child of el.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) out.push(child.textContent);
      else if (child.nodeType === Node.ELEMENT_NODE) walk(child);
    }
  };
  walk(document.body);
  return out.join('\\n');
}"""


@pytest.fixture(scope="module")
def pages(browser, site):
    """One page a size for the module, made when first asked for."""
    with ExitStack() as stack:
        made = {}

        def at(width: int):
            if width not in made:
                made[width] = stack.enter_context(sized_page(browser, site, *SIZES[width]))
            return made[width]
        yield at


def hidden_words(state) -> set[str]:
    """Every card some seat cannot see now, as a token and in the page's words; but
    not a word that a card in sight also has (Lunar's cards come in copies: a
    played Owl says nothing of the Owl in a hand)."""
    game = state.game
    tell = Narrator(game, None)
    places = {name: cards for seat in range(state.players) for name, cards in state.hidden_places(seat).items()}
    hidden = [c for cards in places.values() for c in cards]
    public = list(state.cards_in_play())
    for card in hidden:
        if card in public:
            public.remove(card)

    def words(cards):
        return {w for c in cards for w in (game.card_token(c), tell.card(game.card_token(c)))}
    return {w for w in words(set(hidden)) - words(public) if re.search(r"[A-Za-z]", w)}


def leaks(text: str, words: set[str], title: str) -> list[str]:
    text = text.replace(title, " ")
    return sorted(w for w in words if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text))


def seat_the_table(page, name: str, rules: dict, people: int) -> None:
    page.goto(page.url.split("#")[0] + "#home")
    page.wait_for_selector(f"#game-{name}")
    settle(page)
    rules = dict(rules)
    players = rules.pop("players", None)
    if players is not None and page.locator(f"#rule-{name}-players").count():
        page.select_option(f"#rule-{name}-players", str(players))
        settle(page)
    if rules:
        from .table import open_details, set_rule
        open_details(page, f"#house-{name}")
        for key, value in rules.items():
            set_rule(page, name, key, value)
    page.click(f"#friends-{name}")
    page.wait_for_selector("#friends-dialog[open]")
    settle(page)
    places = page.locator(".friend-seat").count()
    for k in range(places):
        if k < people:
            page.select_option(f"#friend-kind-{k}", "person")
            page.fill(f"#friend-name-{k}", NAMES[k])
        else:
            page.select_option(f"#friend-kind-{k}", "easy")
    settle(page)
    page.click("#friends-start")
    page.wait_for_selector("#view-table:not([hidden])")
    settle(page)


# Play every decision of the person holding the device until a pass screen shows
# (the page settled) or the game ends, in the page: "pass", "over" or "timeout".
PLAY_TO_PASS = """
async ([timeoutMs]) => {
  const playOne = %s;
  const start = Date.now();
  for (;;) {
    if (document.querySelector('#final-scores')) return 'over';
    const turn = document.body.dataset.turn;
    if (turn === 'pass' && !document.body.dataset.busy) return 'pass';
    if (Date.now() - start > timeoutMs) return 'timeout';
    if (turn === 'you' && await playOne()) continue;
    await new Promise(r => setTimeout(r, 5));
  }
}
""" % PLAY_ONE


# The pass screen's button kept as window.takeButton, and the table drawn again
# with nothing changed (the setting "play an only choice for me" flipped).
REDRAW_MARKING_THE_BUTTON = """() => {
  window.takeButton = document.querySelector('[data-take]');
  const box = document.querySelector('#play-forced');
  box.checked = !box.checked;
  box.dispatchEvent(new Event('change', { bubbles: true }));
}"""


class Followed:
    """The game at the table, replayed natively as the page keeps it (new actions
    applied as they come: a whole replay at every pass screen costs seconds)."""

    def __init__(self):
        self.state = None

    def now(self, page):
        record = kept_game(page)["record"]
        if self.state is None:
            self.state = replay(load_record(record))
        for token in record["actions"][len(self.state.history):]:
            self.state = self.state.apply_token(token)
        return self.state


# Each table at one of the sizes, in turn: the page's markup is the same at every
# width (only what CSS shows differs, which the accessibility tree checks), and a
# whole game at both cost three minutes more.
SIZED_CASES = [(*case, sorted(SIZES)[k % len(SIZES)]) for k, case in enumerate(CASES)]


@pytest.mark.parametrize("name,rules,people,width", SIZED_CASES, ids=[f"{case_id(n, r)}-{w}" for n, r, _, w in SIZED_CASES])
def test_friends_play_a_whole_game_and_no_pass_screen_shows_a_hidden_card(pages, name, rules, people, width):
    page = pages(width)
    seat_the_table(page, name, rules, people)
    title = page.text_content("#game-title")
    followed = Followed()
    passes, reloaded = 0, False
    while (where := page.evaluate(PLAY_TO_PASS, [120_000])) == "pass":
        words = hidden_words(followed.now(page))
        to = page.get_attribute("#pass-screen", "data-pass-to")
        assert page.evaluate("document.activeElement.matches('[data-take]')"), ("the pass screen's button has focus", passes, page.evaluate("document.activeElement.outerHTML.slice(0, 120)"))
        assert not leaks(page.evaluate(PAGE_TEXT), words, title), (passes, to)
        assert not leaks(page.locator("body").aria_snapshot(), words, title), (passes, to)
        if passes == 1:          # the pass screen drawn again as it is (a setting changed) is not replaced
            page.evaluate(REDRAW_MARKING_THE_BUTTON)
            settle(page)
            assert page.evaluate("document.querySelector('[data-take]') === window.takeButton"), "the pass screen was replaced"
            assert page.evaluate("document.activeElement === window.takeButton")
            page.evaluate(REDRAW_MARKING_THE_BUTTON)
            settle(page)
        if passes == 3 and not reloaded:       # a reload at a pass screen comes back to it
            page.reload()
            page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
            settle(page)
            assert page.evaluate("document.body.dataset.turn") == "pass"
            assert page.get_attribute("#pass-screen", "data-pass-to") == to
            reloaded = True
            continue
        passes += 1
        page.click("[data-take]")
    assert where == "over", f"the game did not end ({passes} passes)"
    assert passes >= 2 and reloaded
    settle(page)
    final = page.text_content("#final-scores") + page.text_content("#table")
    for k in range(people):
        assert NAMES[k] in final
    assert "You" not in page.text_content("#final-scores")       # the result by name
    kept = kept_game(page)
    assert sorted(n for _, n in kept["people"]) == sorted(NAMES[:people])
    totals = json.loads(page.get_attribute("#final-scores", "data-totals"))
    assert replay(load_record(kept["record"])).observation(0)["totals"] == totals
    assert get_game(name).title in title
    # the statistics, filtered by person: the game counts for each person, not for "you"
    page.goto(page.url.split("#")[0] + "#stats")
    page.wait_for_selector("#stats-person")
    settle(page)
    page.select_option("#stats-person", NAMES[1])
    settle(page)
    assert get_game(name).title in page.text_content("#stats")
    assert page.input_value("#stats-person") == NAMES[1]
