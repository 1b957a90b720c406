"""The review a card player reads: `python -m solver.review RECORD --seat S`
(without --details) and the page's review outside its "How do we know?" folds
say none of the statistics report's words (how it was worked out: ranges,
play-outs, deals you could not tell apart, what was left out); `--details`
and the folds still say them. On a seeded first hand of every registered game,
at its fewest players and at its first preset (the games come from the
registry, not from a list here)."""
from __future__ import annotations

import functools
import html
import io
import json
import re
import sys
import tempfile
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from pycore import all_games
from pycore.records import dumps
from solver import bots, review as rv

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from manyhands_web import review_view  # noqa: E402
from manyhands_web.session import review_narrator  # noqa: E402

BUDGET = {"effort": 24, "seed": 3}
SEAT = 0
# the statistics report's words: never in the player's text, only in the details
REPORT_WORDS = ("95%", "range", "interval", "±", "play-outs", "quick play", "deals you could not tell apart",
                "left out after one try", "screened", "some moves at random")
ESTIMATED_OVER = re.compile(r"estimated over [\d,]+ deals?")


def report_words(text: str) -> list[str]:
    found = [w for w in REPORT_WORDS if w in text]
    return found + ESTIMATED_OVER.findall(text)


def cases():
    """(game, rules) for each registered game: its fewest players, and its first preset."""
    out = []
    for name, game in sorted(all_games().items()):
        presets = game.presets()
        fewest = min(presets, key=lambda rules: rules.get("players", 0))
        for rules in ([presets[0]] + ([fewest] if fewest != presets[0] else [])):
            out.append(pytest.param(name, rules, id=f"{name}-{json.dumps(rules, sort_keys=True)}"))
    return out


@functools.lru_cache(maxsize=None)
def record_text(name: str, rules_json: str) -> str:
    """A seeded game to the end of its first hand, every seat the easy bot."""
    state = all_games()[name].new_game(json.loads(rules_json), seed=23)
    while not state.is_terminal and not state.finished_hands:
        state = state.apply_action(bots.choose(state, state.current_player, "easy", 7))
    return dumps(state)


@functools.lru_cache(maxsize=None)
def printed(name: str, rules_json: str) -> tuple[str, str, dict]:
    """The player's text, the details (as `python -m solver.review` prints
    them), and the export of the first hand."""
    outs = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.json"
        path.write_text(record_text(name, rules_json))
        for extra in ([], ["--details"]):
            buffer = io.StringIO()
            with redirect_stdout(buffer):
                assert rv.main([str(path), "--seat", str(SEAT), "--hand", "1", "--budget",
                                json.dumps(BUDGET), *extra]) == 0
            outs.append(buffer.getvalue())
    export = rv.review(record_text(name, rules_json), SEAT, 1, BUDGET, cache={})
    return outs[0], outs[1], export


@pytest.mark.parametrize("name,rules", cases())
def test_the_player_s_text_has_no_report_words_and_the_details_keep_them(name, rules):
    plain, details, export = printed(name, json.dumps(rules, sort_keys=True))
    assert not report_words(plain), (report_words(plain), plain)
    hand = export["hands"][0]
    assert hand["lesson"] in plain and hand["summary"] in plain
    assert plain.splitlines()[1].startswith("The biggest lesson: ")    # the hand opens with its lesson
    for d in hand["decisions"]:
        assert d["said"] in plain and d["said"] in details
        # how each was worked out is printed with --details, word for word
        assert rv.known_certainty(d) in details and d["face_up"]["certainty"] in details
        if d["verdict_how"]:
            assert d["verdict_how"] in details
        if d["why"]:
            assert d["why"] in details
    assert hand["face_up_rule"] in details


def _outside_folds(markup: str) -> str:
    return re.sub(r"<details.*?</details>", " ", markup, flags=re.S)


def _text(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


@pytest.mark.parametrize("name,rules", cases())
def test_the_page_s_review_keeps_the_report_words_behind_how_do_we_know(name, rules):
    _, _, export = printed(name, json.dumps(rules, sort_keys=True))
    hand = export["hands"][0]
    tell = review_narrator(export["record"], export["seat"], "", hand["end_action"])
    markup = review_view.review_html(hand, tell)
    outside = _text(_outside_folds(markup))
    assert not report_words(outside), (report_words(outside), outside)
    assert hand["lesson"] in outside
    folds = re.findall(r"<details class=\"how\"><summary>How do we know\?</summary>(.*?)</details>", markup, re.S)
    assert len(folds) == len(hand["decisions"]) + 1        # one per decision, one for the hand
    for d, fold in zip(hand["decisions"], folds[1:]):
        assert d["face_up"]["certainty"] in _text(fold)
        assert d["said"][0].upper() + d["said"][1:] in outside


def test_the_report_words_are_found_where_they_are():
    """The check finds each word it looks for (it could not fail otherwise)."""
    for word in REPORT_WORDS:
        assert report_words(f"a line with {word} in it") == [word]
    assert report_words("estimated over 14 deals, each") == ["estimated over 14 deals"]
    assert report_words("the biggest lesson: at trick 3, the Wolf was probably better") == []


def test_the_details_say_the_report_words_somewhere():
    """Over every game's review, `--details` still prints how it was worked out
    in the statistics report's own words."""
    seen = set()
    for param in cases():
        name, rules = param.values
        _, details, _ = printed(name, json.dumps(rules, sort_keys=True))
        seen.update(w if not w.startswith("estimated over") else "estimated over N deals"
                    for w in report_words(details))
    assert {"95%", "range", "quick play", "estimated over N deals", "some moves at random"} <= seen, seen
