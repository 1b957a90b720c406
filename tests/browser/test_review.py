"""The hand review in the page: a finished hand of every game reviewed
from its score sheet or from the end of the game, with progress, in player words
only; kept, so that after a reload it is there at once; "Play from here" starts
a game whose record is the reviewed prefix plus your new choice; "Replay this
deal" restarts the hand with the same deal. A small hint budget (?budget=8)
keeps the analysis short: the numbers are the solver's (tests/solver/test_review.py
holds them to the hint's)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from solver import review as rv

from tests.catalog import own_cases
from tests.engine_tokens import engine_tokens

from pycore import get_game

from tests.test_review_player_words import report_words

from .conftest import ROOT
from .table import PLAY_ONE, export_record, open_site, play, settle, shot, start_game

sys.path.insert(0, str(ROOT / "web"))
from manyhands_web.cast import seat_names  # noqa: E402

pytestmark = pytest.mark.browser

QUERY = "pace=0&budget=8"

# Play your decisions until `count` hands are finished (the score pad's button
# appears with the first): "hands"; or the game is over: "over"; "" on time out.
PLAY_HANDS = """
async ([count, timeoutMs]) => {
  const start = Date.now();
  const playOne = %s;
  while (Date.now() - start < timeoutMs) {
    if (document.querySelector('#final-scores')) return 'over';
    if (document.querySelectorAll('#score-pad tbody tr').length >= count) return 'hands';
    if (!document.querySelector('#score-pad') && document.querySelector('[data-ui="scores"]')) {
      document.querySelector('[data-ui="scores"]').click();
      while (document.body.dataset.busy) await new Promise(r => setTimeout(r, 5));     // (its answer drawn)
      continue;
    }
    if (document.body.dataset.turn === 'you' && await playOne()) continue;
    await new Promise(r => setTimeout(r, 5));
  }
  return '';
}
""" % PLAY_ONE

# The review panel as a player reads it, and its numbers from the data- attributes.
REVIEW = """() => {
  const body = document.querySelector('#review-body');
  const panel = document.querySelector('#review-panel');
  const words = [panel.innerText];
  for (const el of panel.querySelectorAll('[aria-label], [title]'))
    words.push(el.getAttribute('aria-label') || '', el.getAttribute('title') || '');
  return {hand: +body.dataset.hand, source: body.dataset.source, words,
    summary: document.querySelector('#review-summary').textContent,
    decisions: [...body.querySelectorAll('li.decision')].map(li => ({index: +li.dataset.index,
      choice: li.dataset.choice, best: li.dataset.best, verdict: li.dataset.verdict,
      cost: li.dataset.cost === '' ? null : +li.dataset.cost, big: li.classList.contains('big')}))};
}"""

PROGRESS = """() => {
  const seen = new Set();
  const text = document.querySelector('#review-progress-text');
  const watch = new MutationObserver(() => seen.add(text.textContent));
  watch.observe(text, {childList: true, characterData: true, subtree: true});
  window.reviewProgressSeen = seen;
}"""


def _deal(record: dict) -> tuple:
    """The game and its first hand's deal (a record lists the deals used so far)."""
    return record["game"], record["rules"], record["seed"], record["deals"][0]


def _review_first_hand(page, name: str) -> dict:
    """Play hand 1, open its score sheet, Review this hand; the review once shown."""
    ended = page.evaluate(PLAY_HANDS, [1, 120_000])
    assert ended, "the first hand did not finish in 120 s"
    assert ended == "hands", ("the game ended with its first hand: the review is made while the next "
                              "hand is played, so this case's rules need a second hand")
    page.click('#score-pad [data-ui="sheet"][data-hand="0"]')
    page.wait_for_selector("#score-sheet")
    page.evaluate(PROGRESS)
    page.click("#review-hand")
    page.wait_for_selector("#review-panel:not([hidden])")
    assert page.locator("#score-sheet").count() == 0, "the sheet stays open over the review"
    # the table stays live while the review is made: the next hand is played on
    before = int(page.evaluate("document.body.dataset.actions"))
    page.wait_for_selector("body[data-turn=you]", state="attached", timeout=60_000)
    played = page.evaluate(PLAY_ONE)
    assert played and int(page.evaluate("document.body.dataset.actions")) > before
    page.wait_for_selector("#review-body", timeout=120_000)
    seen = page.evaluate("[...window.reviewProgressSeen]")
    review = page.evaluate(REVIEW)
    assert review["hand"] == 1 and review["source"] == "worker"
    n = len(review["decisions"])
    assert n >= 1
    assert any(f"of {n}" in text and text.startswith("Analysing decision") for text in seen), seen
    tokens = [(kind, piece) for text in review["words"] for kind, piece in engine_tokens(text)]
    assert not tokens, tokens[:5]
    # the player's text: the statistics report's words only behind the closed "How do we know?" folds
    assert not report_words(review["words"][0]), report_words(review["words"][0])
    assert page.locator("#review-decisions details.how").count() == n
    assert page.locator("#review-lesson").inner_text().startswith("The biggest lesson: ")
    called = get_game(name).words.hand_word.capitalize()     # "Round" in Lunar and Tricksters
    assert review["summary"].startswith(f"{called} 1 (you scored "), review["summary"]
    for d in review["decisions"]:
        assert d["cost"] is None or d["cost"] >= 0
        if d["choice"] == d["best"]:
            assert d["cost"] == 0 and not d["big"]
    return review


# (name, rules, its review panel kept as a screenshot), each game's own (its REVIEW_CASES)
CASES = own_cases("REVIEW_CASES")


@pytest.mark.parametrize("game,rules,screenshot", CASES, ids=[name for name, *_ in CASES])
def test_review_a_finished_hand_from_its_score_sheet(page, site, game, rules, screenshot):
    open_site(page, site, QUERY)
    start_game(page, game, rules, seed=5)
    review = _review_first_hand(page, game)
    # the hand face up: the deal, then trick by trick, every seat's cards
    assert page.get_attribute("#review-steps", "data-step") == "0"
    seats = page.locator("#review-steps .faces li").count()
    assert seats >= 2
    page.click('#review-steps [data-review="step"][data-step="1"]')
    settle(page)
    assert page.get_attribute("#review-steps", "data-step") == "1"
    assert page.locator("#review-steps .review-trick li").count() >= 2
    assert page.locator("#review-steps .faces li").count() == seats
    if screenshot:
        shot(page, f"review-{game}", "#review-panel", block="start")
    assert review["decisions"] and page.errors == []


def test_review_from_the_end_of_the_game(page, site):
    open_site(page, site, QUERY)
    start_game(page, "voren", {"players": 3, "hands_per_player": 1}, seed=4)
    assert play(page, timeout_s=120)["done"]
    buttons = page.locator('#review-hands [data-ui="review"]')
    assert buttons.count() == 3              # one deal each, a review for every hand
    # each hand's par, worked out in the background, redraws the game's end as it comes
    page.wait_for_function("(document.querySelector('#result .par-line') || {}).textContent?.includes('Hand 3')",
                           timeout=90_000)
    shot(page, "review-game-end", "#result", block="start")
    # Cancel while the review is under way (held until cancelled: a warm worker
    # reviews Voren's decisions before a click could land): the analysis stops,
    # the panel says so
    page.evaluate("""() => { const pool = window.manyhands.pool; const run = pool.run.bind(pool);
      window.restoreRun = () => { pool.run = run; };
      pool.run = (text, progress, background) => background ? run(text, progress, background)
        : new Promise(() => {}); }""")
    buttons.nth(0).click()
    page.click("#review-cancel")
    settle(page)
    assert "cancelled" in page.text_content("#review-message")
    assert page.is_hidden("#review-progress")
    page.evaluate("window.restoreRun()")
    page.evaluate(PROGRESS)
    page.locator('#review-hands [data-ui="review"]').nth(1).click()
    page.wait_for_selector("#review-body", timeout=120_000)
    review = page.evaluate(REVIEW)
    assert review["hand"] == 2
    tokens = [(kind, piece) for text in review["words"] for kind, piece in engine_tokens(text)]
    assert not tokens, tokens[:5]
    assert page.errors == []


def test_play_from_here_replay_this_deal_and_a_reload(page, site):
    open_site(page, site, QUERY)
    start_game(page, "raven", {"players": 4, "short_game": True}, seed=7)
    review = _review_first_hand(page, "raven")
    record = export_record(page)
    # Export review: the review's JSON with the record up to the end of the hand;
    # the command line's review of that record is the same
    with page.expect_download() as info:
        page.click("#review-export")
    exported = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert exported["format"] == "manyhands-review/1" and "reused" not in exported
    hand = exported["hands"][0]
    assert hand["hand"] == 1 and exported["record"]["actions"] == record["actions"][:hand["end_action"]]
    assert [(d["index"], d["choice"], d["best"]) for d in hand["decisions"]] == \
        [(d["index"], d["choice"], d["best"]) for d in review["decisions"]]
    # (the page names the computer players by its cast: manyhands_web/cast.py)
    native = rv.review(exported["record"], exported["seat"], 1, exported["budget"],
                       theme=exported["theme"], cache={}, namer=seat_names)
    assert native == exported
    # a reload: the review is there again at once, from where it was kept
    page.reload()
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
    page.wait_for_selector("#review-body", timeout=5_000)
    again = page.evaluate(REVIEW)
    assert again["source"] == "saved" and again["decisions"] == review["decisions"]
    # ... and asking again from the score sheet too (no analysis: no progress)
    page.click('[data-ui="scores"]')
    page.click('#score-pad [data-ui="sheet"][data-hand="0"]')
    page.click("#review-hand")
    page.wait_for_selector('#review-body[data-source="saved"]', timeout=5_000)

    # Play from here: the record up to the decision, then your new choice
    decision = review["decisions"][len(review["decisions"]) // 2]
    page.click(f'#review-decisions li[data-index="{decision["index"]}"] [data-review="branch"]')
    page.wait_for_function(f"+document.body.dataset.actions === {decision['index']}")
    assert page.is_hidden("#review-panel")        # a new game: the review stays with its own game
    assert page.evaluate("document.body.dataset.turn") == "you"
    legal = json.loads(page.get_attribute("#prompt", "data-legal"))
    other = next((t for t in legal if t != decision["choice"]), legal[0])
    assert page.evaluate(PLAY_ONE, other) == other
    page.wait_for_function(f"+document.body.dataset.actions > {decision['index']}")
    branched = export_record(page)
    assert branched["actions"][:decision["index"] + 1] == record["actions"][:decision["index"]] + [other]
    assert _deal(branched) == _deal(record)
    # the branched hand reviewed: the decisions before the branch share the record and
    # the choice with the reviewed hand, so their analyses are the ones kept (the branch's
    # own has another choice, which the face-up column values: analysed anew)
    assert page.evaluate(PLAY_HANDS, [1, 120_000])
    page.click('#score-pad [data-ui="sheet"][data-hand="0"]')
    page.click("#review-hand")
    page.wait_for_selector('#review-body[data-source="worker"]', timeout=120_000)
    shared = sum(d["index"] <= decision["index"] for d in review["decisions"])
    assert int(page.get_attribute("#review-panel", "data-reused")) >= shared - 1
    branch_review = page.evaluate(REVIEW)
    assert branch_review["decisions"][:shared - 1] == review["decisions"][:shared - 1]

    # Replay this deal: the hand from its first decision, the same cards
    assert page.inner_text("#review-replay") == "Replay this deal (Raven, hand 1)"
    page.click("#review-replay")
    page.wait_for_function(f"+document.body.dataset.actions < {decision['index']}")
    page.wait_for_selector("body[data-turn=you]", state="attached")
    replayed = export_record(page)
    # the computer players (seeded as before) open the deal as they did: you are at
    # your first decision of the same hand
    done = len(replayed["actions"])
    assert done < decision["index"] and replayed["actions"] == record["actions"][:done]
    assert _deal(replayed) == _deal(record)
    # the same cards in your hand on the table as in the reviewed hand as dealt
    shown = page.locator("#hand .card").count()
    assert shown == len(record["deals"][0]["hands"][0])
    assert page.errors == []
