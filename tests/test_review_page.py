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

from pycore.records import load_record, positions
from solver import review as rv
from tests.engine_tokens import engine_tokens
from tests.solver.test_review import BUDGET, SEAT, TABLES, record_text

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


CASES = [pytest.param(name, players, id=f"{name}-{players}") for name, players in TABLES]


@pytest.mark.parametrize("name,players", CASES)
def test_the_review_shows_every_decision_in_player_words(name, players):
    data = exported(name, players)
    hand = data["hands"][0]
    tell = review_narrator(data["record"], data["seat"])
    markup = review_view.review_html(hand, tell)
    items = re.findall(r'<li class="decision[^"]*" data-index="(\d+)"', markup)
    assert [int(i) for i in items] == [d["index"] for d in hand["decisions"]]
    assert markup.count("By what you knew") == len(hand["decisions"])
    # "Your choice: Give 3, 4, Wolf and Wolf to your partner.", not "You chose Give ..."
    assert markup.count("<p>Your choice: <b") == len(hand["decisions"]) and "You chose <b" not in markup
    assert markup.count("<h4>With all hands seen") == len(hand["decisions"])
    assert hand["face_up_rule"] in markup.replace("&#x27;", "'")
    assert hand["summary"] in markup.replace("&#x27;", "'")
    big = sum(d["big"] for d in hand["decisions"])
    assert markup.count('class="decision decision-big big"') == big
    # every trick, and the deal, face up: each seat's cards shown
    for step in range(len(hand["tricks"]) + 1):
        shown = review_view.review_html(hand, tell, step)
        faces = hand["start"]["hands"] if step == 0 else hand["tricks"][step - 1]["hands"]
        assert shown.count('class="card ') >= sum(len(h) for h in faces)
        assert not engine_tokens(visible_text(shown)), engine_tokens(visible_text(shown))[:5]


@pytest.mark.parametrize("name,players", CASES)
def test_the_review_tells_the_hand_s_tricks_and_score_as_the_table_did(name, players):
    """Stepping through the hand face up, each trick is told by the table's own
    caption (in Lunar and Tricksters a team or pair takes it, and why), and the
    hand's score is its score sheet's lines, not one number per seat."""
    import html
    data = exported(name, players)
    hand = data["hands"][0]
    tell = review_narrator(data["record"], data["seat"], upto=hand["end_action"])
    during = list(positions(data["record"], upto=hand["end_action"] - 1))[-1]    # the hand's sides
    in_pairs = bool(during.sides()) and all(len(side) == 2 for side in during.sides())
    lines = tell.hand_lines(tell.obs["hand_results"][0])
    assert " ".join(lines) in html.unescape(review_view.review_html(hand, tell))
    for k, trick in enumerate(hand["tricks"]):
        shown = html.unescape(review_view.review_html(hand, tell, k + 1))
        said = re.search(r'<p class="trick-won">(.*?)</p>', shown).group(1)
        assert said == tell.trick_taken(trick, 0, k)
        if in_pairs:
            assert re.match(r"(You|Ada|Bruno|Chidi) and (you|Ada|Bruno|Chidi) takes? the", said), said


@pytest.mark.parametrize("name,players", CASES)
def test_play_from_here_and_replay_this_deal(name, players):
    data = exported(name, players)
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
    played = dict(flat, exact_endgame=False)       # each deal played out, not searched
    assert _certainty(played) == ("the same on every one of the 16 deals you could not tell apart, "
                                  "each played out by the computer's quick play")


def _decision(**fields) -> dict:
    d = {"verdict": "small loss", "values": {"Ax3": 5.0, "Ax4": 4.997}, "cost": 0.003,
         "choice": "Ax4", "best": "Ax3", "index": 7, "when": "Trick 2", "searched_worlds": 16,
         "choice_said": "the 4 of Axes", "best_said": "the 3 of Axes", "exact": False,
         "face_up": {"values": {"Ax3": 5.0, "Ax4": 4.997}, "best": "Ax3", "best_said": "the 3 of Axes",
                     "label": "exact", "exact": True, "cost": 0.003}}
    d.update(fields)
    d["verdict_said"] = rv.verdict_words(d, fields.get("unit", "points"))
    return d


def test_a_small_cost_is_not_said_as_nothing():
    """A decision that cost 0.003 points read "−0.00 points" on its badge: a
    loss of nothing, beside a verdict that it lost something. A cost gets the
    digits it needs, as a spread does."""
    html = review_view.decision_html(_decision(), 1, "points")
    assert "Small loss: −0.003 points, sure" in html and "−0.00 " not in html, html


def test_a_badge_says_how_big_a_loss_is_and_how_sure():
    """A Sky follow whose estimate cost 2.42 points, its interval reaching 0,
    read "Maybe a loss" beside a sure "Big loss" of 1.47: nothing said which was
    sure. Now an unsure one says so, with what it could be, outlined in amber;
    a sure one says its size and that it is sure. A loss of several points
    the review is not sure of says its likely size, never just "Unclear"."""
    unsure = _decision(verdict="unclear", values={"Wolf": 7.42, "R6": 5.0}, cost=2.42, choice="R6",
                       best="Wolf", cost_interval=[-0.1, 4.94],
                       face_up={"values": {"Wolf": 6.0, "R6": 6.0}, "best": "Wolf", "best_said": "Wolf",
                                "label": "exact", "exact": True, "cost": 0})
    unsure["verdict_said"] = rv.verdict_words(unsure, "points", 0.5)
    html = review_view.decision_html(unsure, 1, "points", big_loss=0.5)
    assert ('<span class="verdict verdict-unclear">Maybe a big loss: about −2.42 points, not sure</span>'
            in html), html
    close = dict(unsure, cost=0.3)
    assert rv.verdict_words(close, "points", 0.5) == "Too close to call: about −0.3 points"
    sure = _decision(verdict="big loss", cost=1.47, exact=False, values={"Wolf": 6.0, "R6": 4.53},
                     choice="R6", best="Wolf",
                     face_up={"values": {"Wolf": 1.0, "R6": 1.0}, "best": "Wolf", "best_said": "Wolf",
                              "label": "exact", "exact": True, "cost": 0})
    html = review_view.decision_html(sure, 1, "points", big_loss=0.5)
    assert '<span class="verdict verdict-big">Big loss: −1.47 points, sure</span>' in html, html
    assert "your choice too, 1 point." in html, html
    one = dict(sure, verdict="big loss", cost=1.0, sureness="exact", values={"Wolf": 6.0, "R6": 5.0})
    one["verdict_said"] = rv.verdict_words(one, "points")
    html = review_view.decision_html(one, 1, "points", big_loss=0.5)      # "−1 point", not "−1 points"
    assert "Big loss: −1 point, sure<" in html and "6 points expected" in html, html


def test_an_estimated_face_up_value_says_about_and_how_sure():
    d = _decision(face_up={"values": {"Ax3": 6.5, "Ax4": 5.25}, "best": "Ax3", "best_said": "the 3 of Axes",
                           "label": "estimated", "exact": False, "cost": 1.25, "cost_interval": [-0.5, 3.0],
                           "intervals": {"Ax3": [5.5, 7.5], "Ax4": [4.0, 6.5]}, "playthroughs": 8,
                           "certainty": "estimated: the rest played 8 times on the true deal"})
    html = review_view.decision_html(d, 1, "points")
    assert "about 6.50 points ±\u00a01 (yours: about 5.25; no clear difference)" in html, html
    assert "estimated: the rest played 8 times" in html


def test_the_headline_says_what_a_player_can_act_on_never_a_sum():
    """"Your 10 decisions cost about 9.72 points ... with all hands seen, about
    21 points" beside a score of 3 added losses that do not add up. The headline
    gives the score, the clear losses (the largest, where), the unclear ones,
    and with all hands seen where the exact search found a better choice."""
    def d(verdict, cost=0.0, when="Trick 2, lead", exact=True, face=0.0):
        return {"verdict": verdict, "cost": cost, "when": when,
                "face_up": {"exact": exact, "cost": face}}
    h = {"hand": 2, "hand_word": "round", "unit": "points", "scored": 3,
         "decisions": [d("big loss", 1.5, "Trick 4, follow", face=2), d("small loss", 0.2),
                       d("unclear", 2.1, exact=False, face=1), d("best"), d("as good as the best")]}
    assert rv.summary_line(h) == (
        "Round 2 (you scored 3 points): 2 of your 5 choices were the best or as good; 2 sure "
        "losses, the largest −1.5 points at trick 4, follow; 1 not sure either way. With every "
        "card face up, another choice was better at 1 of the 4 decisions short enough to work out "
        "for sure (by up to 2 points).")
    h["decisions"][1]["sureness"] = "likely"
    assert "2 sure losses" not in rv.summary_line(h)
    assert "; 1 sure loss and 1 probable one, the largest" in rv.summary_line(h)
    calm = dict(h, unit="chips", scored=-3, decisions=[d("best"), d("as good as the best", exact=False)])
    assert rv.summary_line(calm) == (
        "Round 2 (you scored −3 chips): your 2 choices were all the best or as good. With every "
        "card face up, your choice was a best one at the one decision short enough to work out "
        "for sure.")
    assert rv.summary_line(dict(h, decisions=[])) == "Round 2 (you scored 3 points): you had no choice to make."


def test_a_negative_value_has_its_minus_sign_and_a_whole_one_no_decimals():
    """An expected value below zero reads "−3.25 chips", as the hint and the
    score sheet write it, and a whole one "−3 chips" (a hand seen face up scores
    whole tricks: "Best: your choice too, −3 chips", not "−3.00")."""
    fold = _decision(verdict="best", values={"fold": -3.25, "play": -4.5}, cost=0.0, choice="fold",
                     best="fold", choice_said="Fold", best_said="Fold",
                     face_up={"values": {"fold": -3.0, "play": -4.5}, "best": "fold", "best_said": "Fold",
                              "label": "exact", "exact": True, "cost": 0})
    html = review_view.decision_html(fold, 1, "chips")
    assert "−3.25 chips expected" in html and not re.search(r"[^\w]-\d", html.replace('data-', '')), html
    assert "your choice too, −3 chips" in html, html
