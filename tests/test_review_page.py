"""The review panel's Python, natively (web/manyhands_web/review_view.py and the
session's branching): every decision of a seeded hand's review drawn in player
words only, the hand stepped through face up, "Play from here" and "Replay this
deal" records, the key the page keeps a review under. (The browser tests drive
the same code in the page: tests/browser/test_review.py.)"""
from __future__ import annotations

import functools
import json
import re
import sys
from pathlib import Path

import pytest

from pycore.records import load_record
from solver import review as rv
from tests.engine_tokens import engine_tokens
from tests.solver.test_review import BUDGET, GAMES, IDS, SEAT, record_text

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from manyhands_web import review_view  # noqa: E402
from manyhands_web.session import Session, hand_end, review_key, review_narrator  # noqa: E402


@functools.lru_cache(maxsize=None)
def exported(name: str, players: int) -> dict:
    return rv.review(record_text(name, players), SEAT, 1, BUDGET, cache={})


def visible_text(markup: str) -> str:
    """What a player reads: the text and the accessible names, not data- attributes."""
    said = " ".join(re.findall(r'(?:aria-label|title)="([^"]*)"', markup))
    text = re.sub(r"<[^>]+>", " ", markup)
    return text + " " + said


@pytest.mark.parametrize("name,rules", GAMES, ids=IDS)
def test_the_review_shows_every_decision_in_player_words(name, rules):
    data = exported(name, rules.get("players", 4))
    hand = data["hands"][0]
    tell = review_narrator(data["record"], data["seat"])
    markup = review_view.review_html(hand, tell)
    items = re.findall(r'<li class="decision[^"]*" data-index="(\d+)"', markup)
    assert [int(i) for i in items] == [d["index"] for d in hand["decisions"]]
    assert markup.count("By what you knew") == len(hand["decisions"])
    # "Your choice: Give 3, 4, Wolf and Wolf to your partner.", not "You chose Give ..."
    assert markup.count("<p>Your choice: <b") == len(hand["decisions"]) and "You chose <b" not in markup
    assert markup.count("With all hands seen") == len(hand["decisions"])
    assert hand["summary"] in markup.replace("&#x27;", "'")
    big = sum(d["big"] for d in hand["decisions"])
    assert markup.count('class="decision decision-big big"') == big
    # every trick, and the deal, face up: each seat's cards shown
    for step in range(len(hand["tricks"]) + 1):
        shown = review_view.review_html(hand, tell, step)
        faces = hand["start"]["hands"] if step == 0 else hand["tricks"][step - 1]["hands"]
        assert shown.count('class="card ') >= sum(len(h) for h in faces)
        assert not engine_tokens(visible_text(shown)), engine_tokens(visible_text(shown))[:5]


@pytest.mark.parametrize("name,rules", GAMES, ids=IDS)
def test_the_review_tells_the_hand_s_tricks_and_score_as_the_table_did(name, rules):
    """Stepping through the hand face up, each trick is told by the table's own
    caption (in Lunar and Tricksters a team or pair takes it, and why), and the
    hand's score is its score sheet's lines, not one number per seat."""
    import html
    data = exported(name, rules.get("players", 4))
    hand = data["hands"][0]
    tell = review_narrator(data["record"], data["seat"], upto=hand["end_action"])
    lines = tell.hand_lines(tell.obs["hand_results"][0])
    assert " ".join(lines) in html.unescape(review_view.review_html(hand, tell))
    for k, trick in enumerate(hand["tricks"]):
        shown = html.unescape(review_view.review_html(hand, tell, k + 1))
        said = re.search(r'<p class="trick-won">(.*?)</p>', shown).group(1)
        assert said == tell.trick_taken(trick, 0, k)
        if name in ("lunar", "tricksters") and rules.get("players", 4) == 4:
            assert re.match(r"(You|Ada|Bruno|Chidi) and (you|Ada|Bruno|Chidi) takes? the", said), said


@pytest.mark.parametrize("name,rules", GAMES[:1] + GAMES[2:3], ids=IDS[:1] + IDS[2:3])
def test_play_from_here_and_replay_this_deal(name, rules):
    data = exported(name, rules.get("players", 4))
    record = data["record"]
    hand = data["hands"][0]
    decision = hand["decisions"][len(hand["decisions"]) // 2]
    other = next(t for t in decision["values"] if t != decision["choice"])
    branched = Session.branch(record, decision["index"], other, seat=SEAT)
    assert branched.record()["actions"] == record["actions"][:decision["index"]] + [other]
    assert branched.state.seed == load_record(record).seed
    at = Session.branch(record, decision["index"], None, seat=SEAT)
    assert at.my_turn and at.record()["actions"] == record["actions"][:decision["index"]]
    again = Session.branch(record, hand["first_action"], None, seat=SEAT)
    assert again.observation()["hand"] == Session.branch(record, 0, None, seat=SEAT).observation()["hand"]
    assert again.record()["actions"] == record["actions"][:hand["first_action"]]
    with pytest.raises(Exception):
        Session.branch(record, decision["index"], "not a move", seat=SEAT)
    with pytest.raises(Exception):
        Session.branch(record, len(record["actions"]) + 1, None, seat=SEAT)


def test_a_review_is_kept_under_its_hand_not_the_moves_after_it():
    text = record_text("raven", 4, hands=2)
    record = load_record(text).to_json()
    end = hand_end(record, 1)
    assert end is not None and hand_end(record, 2) == len(record["actions"])
    later = dict(record, actions=record["actions"] + ["anything"])
    assert review_key(record, end, 0, 1, None, "") == review_key(later, end, 0, 1, None, "")
    assert review_key(record, end, 0, 1, None, "") != review_key(record, end, 1, 1, None, "")
    assert review_key(record, end, 0, 1, None, "") != review_key(record, end, 0, 1, 24, "")
    assert hand_end(record, 3) is None


def test_the_worker_passes_each_analysis_on_and_takes_kept_ones_back():
    """A review's analyses go to the page as they are made (progress' third
    argument); given back as "known" to a fresh worker they are not made again,
    and the review is the same; a malformed one is refused in one line."""
    from manyhands_web import worker_api
    record = load_record(record_text("raven", 4)).to_json()
    request = {"op": "review", "record": record, "seat": SEAT, "hand": 1, "budget": BUDGET}
    worker_api.KEPT.clear()
    sent, reports = [], []

    def progress(done, total, made):
        reports.append((done, total))
        sent.extend(json.loads(made))
    first = json.loads(worker_api.handle(json.dumps(request), progress))
    decisions = first["hands"][0]["decisions"]
    assert first["reused"] == 0 and len(sent) == len(decisions) == reports[-1][0]
    assert [g["key"] for g in sent] == [d["key"] for d in decisions]
    worker_api.KEPT.clear()                     # a fresh worker: only what the page kept
    known = {g["key"]: dict(g, worlds=str(g["worlds"])) for g in sent[:3]}
    again = []
    second = json.loads(worker_api.handle(json.dumps(dict(request, known=known)),
                                          lambda d, t, made: again.extend(json.loads(made))))
    assert second["reused"] == 3 and len(again) == len(decisions) - 3
    assert {k: v for k, v in second.items() if k != "reused"} == {k: v for k, v in first.items() if k != "reused"}
    bad = dict(known)
    key = next(iter(bad))
    bad[key] = dict(bad[key], key="another")
    refused = json.loads(worker_api.handle(json.dumps(dict(request, known=bad))))
    assert refused["available"] is False and "not an analysis" in refused["message"]


def test_a_value_the_same_on_every_deal_is_said_so_not_plus_or_minus_nothing():
    """A choice worth the same on every deal the review searched says so ("the
    same on every one of the 16 deals ..."), never "± 0.00 (95% range)", which
    reads as a measured spread of nothing; a spread keeps its interval."""
    _certainty = review_view._certainty
    flat = {"best": "Ax3", "intervals": {"Ax3": [5.0, 5.0]}, "searched_worlds": 16}
    assert _certainty(flat) == "the same on every one of the 16 deals you could not tell apart"
    spread = dict(flat, intervals={"Ax3": [4.0, 6.5]})
    assert _certainty(spread) == "±\u00a01.25 (95% range), from 16 deals you could not tell apart"
    tiny = dict(flat, intervals={"Ax3": [5.0, 5.004]})
    assert _certainty(tiny) == "±\u00a00.002 (95% range), from 16 deals you could not tell apart"


def test_a_small_cost_is_not_said_as_nothing():
    """A decision that cost 0.003 points read "−0.00 points" on its badge: a
    loss of nothing, beside a verdict that it lost something. A cost gets the
    digits it needs, as a spread does."""
    decision = {"verdict": "small loss", "values": {"Ax3": 5.0, "Ax4": 4.997}, "cost": 0.003,
                "choice": "Ax4", "best": "Ax3", "index": 7, "when": "Trick 2", "searched_worlds": 16,
                "choice_said": "the 4 of Axes", "best_said": "the 3 of Axes",
                "face_up": {"values": {"Ax3": 5.0, "Ax4": 4.997}, "best": "Ax3", "best_said": "the 3 of Axes",
                            "label": "every hand seen"}}
    html = review_view.decision_html(decision, 1, "points")
    assert "−0.003 points" in html and "−0.00 " not in html, html


def test_a_big_cost_within_the_best_s_interval_is_a_maybe_not_about_as_good():
    """A Sky follow whose estimate cost 2.42 points, its interval reaching the
    best's, read "About as good · −2.42 points": the badge says it may be a loss,
    in the amber of a small one; a small cost within the interval stays "About
    as good"."""
    decision = {"verdict": "about as good", "values": {"Wolf": 7.42, "R6": 5.0}, "cost": 2.42,
                "intervals": {"Wolf": [6.45, 8.39], "R6": [3.0, 7.0]},
                "choice": "R6", "best": "Wolf", "index": 7, "when": "Trick 1, follow", "searched_worlds": 19,
                "choice_said": "6", "best_said": "Wolf",
                "face_up": {"values": {"Wolf": 6.0, "R6": 6.0}, "best": "Wolf", "best_said": "Wolf",
                            "label": "estimated"}}
    html = review_view.decision_html(decision, 1, "points", big_loss=0.5)
    assert '<span class="verdict verdict-small">Maybe a loss · −2.42 points</span>' in html, html
    one = dict(decision, verdict="big loss", cost=1.0, values={"Wolf": 6.0, "R6": 5.0},
               face_up={"values": {"Wolf": 1.0, "R6": 1.0}, "best": "Wolf", "best_said": "Wolf", "label": "exact"})
    html = review_view.decision_html(one, 1, "points", big_loss=0.5)      # "−1 point", not "−1 points"
    assert "Big loss · −1 point<" in html and "6 points expected" in html and "your choice too, 1 point." in html, html
    small = dict(decision, cost=0.3, values={"Wolf": 7.42, "R6": 7.12})
    html = review_view.decision_html(small, 1, "points", big_loss=0.5)
    assert '<span class="verdict verdict-good">About as good · −0.30 points</span>' in html, html


def test_a_hand_that_cost_nothing_says_nothing_and_a_loss_has_its_minus_sign():
    """"Your 1 decision cost about 0.00 chips in all ...; with all hands seen,
    0.00 chips" (a Voren fold, seen at 390 px) says it cost nothing, and a whole
    cost no decimals ("about 23 points", not "23.00"); an expected
    value below zero reads "−3.25 chips", as the hint and the score sheet write it,
    and a whole one "−3 chips" (a hand seen face up scores whole tricks: "Best:
    your choice too, 12 chips", not "12.00")."""
    said = {"decisions": [{}], "unit": "chips", "big_losses": 0, "hand": 1, "hand_word": "hand"}
    assert rv.summary_line(dict(said, cost=0, face_up_cost=0)) == \
        "Hand 1: your 1 decision cost nothing, by what you could know and with all hands seen."
    assert rv.summary_line(dict(said, decisions=[{}, {}], cost=0.004, face_up_cost=15)) == \
        "Hand 1: your 2 decisions cost about 0.004 chips in all by what you could know; " \
        "with all hands seen, about 15 chips."
    assert rv.summary_line(dict(said, cost=6, face_up_cost=8.5, big_losses=1)) == \
        "Hand 1: your 1 decision cost about 6 chips by what you could know, 1 of them marked as " \
        "a big loss; with all hands seen, about 8.5 chips."
    assert rv.summary_line(dict(said, cost=1.0, face_up_cost=1.0, unit="points")).endswith(
        "cost about 1 point by what you could know; with all hands seen, about 1 point.")
    fold = {"verdict": "best", "values": {"fold": -3.25, "play": -4.5}, "cost": 0.0,
            "choice": "fold", "best": "fold", "index": 3, "when": "Play or fold", "searched_worlds": 32,
            "choice_said": "Fold", "best_said": "Fold",
            "face_up": {"values": {"fold": -3.0, "play": -4.5}, "best": "fold", "best_said": "Fold",
                        "label": "every hand seen"}}
    html = review_view.decision_html(fold, 1, "chips")
    assert "−3.25 chips expected" in html and not re.search(r"[^\w]-\d", html.replace('data-', '')), html
    assert "your choice too, −3 chips" in html, html

