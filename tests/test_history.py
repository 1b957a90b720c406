"""The player's history and statistics (web/manyhands_web/history.py, stats.py,
replay_view.py), natively: the statistics equal a direct computation from the
kept records (replayed by pycore), the history exported and imported into a fresh
store gives the same history, twice without duplicates; a file that is not a
history changes nothing; a replay ends on the record's final scores."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from pycore.records import replay

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from manyhands_web import history, history_view, replay_view, stats, stats_view  # noqa: E402
from manyhands_web.session import Session  # noqa: E402
from manyhands_web.storage import MemoryStore, PageStorage  # noqa: E402
from tests.test_storage import Clock, played  # noqa: E402

GAMES = [("voren", {"players": 3, "hands_per_player": 1}, 2, "easy"),
         ("voren", {"players": 3, "hands_per_player": 1}, 3, "easy"),
         ("voren", {"players": 4, "hands_per_player": 1}, 4, "easy"),
         ("lunar", {"players": 2}, 5, "hard")]


def kept_history() -> tuple[PageStorage, list[str]]:
    """Four finished games kept, with hints, pars and reviewed decisions noted."""
    kept = PageStorage(MemoryStore(), Clock())
    ids = []
    for n, (name, rules, seed, level) in enumerate(GAMES):
        session = played(name, rules, seed, None)
        session.level = level
        game_id = kept.new_id()
        assert kept.save_game(game_id, session.saved(), session.summary()).ok
        hands = len(session.state.finished_hands)
        kept.note(game_id, hints=n, par={str(h): {"score": session.state.finished_hands[h - 1][1][0], "par": h - n}
                                         for h in range(1, hands + 1)},
                  decisions={"1": [["bid" if n % 2 else "lead", 0.5 * n, n % 2 == 0], ["follow", None, False],
                                   ["follow", 1.25, False]]} if n != 2 else {})
        ids.append(game_id)
    return kept, ids


def direct(kept: PageStorage) -> dict:
    """The statistics computed straight from the records (replayed) and the notes."""
    out: dict = {}
    for entry in kept.games():
        saved = kept.load_game(entry["id"])
        state = replay(saved["record"])
        seat = saved["seat"]
        obs = state.observation(seat)
        key = (state.game.name, state.players, saved["level"])
        g = out.setdefault(key, {"played": 0, "wins": 0, "places": [], "points": [], "hints": 0,
                                 "costs": [], "good": [], "par": []})
        g["played"] += 1
        g["wins"] += seat in obs["winners"]
        g["places"] += [e["place"] for e in obs["ranking"] if seat in e["seats"]]
        g["points"] += [points[seat] for _, points in state.finished_hands]
        g["hints"] += entry.get("hints", 0)
        for decisions in (entry.get("decisions") or {}).values():
            for _, cost, good in decisions:
                if cost is not None:
                    g["costs"].append(cost)
                    g["good"].append(good)
        g["par"] += [got["score"] - got["par"] for got in (entry.get("par") or {}).values()]
    return out


def test_statistics_equal_a_direct_computation_from_the_records():
    kept, _ = kept_history()
    groups = stats.statistics(kept.games())
    expected = direct(kept)
    assert {(g["game"], g["players"], g["level"]) for g in groups} == set(expected)
    for g in groups:
        e = expected[(g["game"], g["players"], g["level"])]
        assert g["played"] == e["played"] and g["wins"] == e["wins"]
        assert g["avg_place"] == pytest.approx(sum(e["places"]) / len(e["places"]))
        assert g["avg_points"] == pytest.approx(sum(e["points"]) / len(e["points"]))
        assert g["hints_per_game"] == pytest.approx(e["hints"] / e["played"])
        assert g["avg_par_diff"] == pytest.approx(sum(e["par"]) / len(e["par"]))
        if e["costs"]:
            assert g["quality"]["avg_cost"] == pytest.approx(sum(e["costs"]) / len(e["costs"]))
            assert g["quality"]["good_share"] == pytest.approx(sum(e["good"]) / len(e["good"]))
        else:
            assert g["quality"]["decisions"] == 0 and g["series"] == []
    voren3 = next(g for g in groups if g["players"] == 3)
    assert [s["avg_cost"] for s in voren3["series"]] == [pytest.approx(0.625), pytest.approx(0.875)]  # by game, in time
    assert voren3["kinds"]["follow"]["decisions"] == 2        # the unvalued one is not counted


def test_the_hands_still_without_a_par_are_those_finished_and_not_kept():
    kept, ids = kept_history()
    lunar = kept.entry(ids[3])                       # every finished hand has its par
    hands = len(lunar["summary"]["points"])
    assert hands > 2 and history.par_missing(lunar) == []
    kept.note(ids[3], par={k: v for k, v in lunar["par"].items() if k != "2"})
    assert history.par_missing(kept.entry(ids[3])) == [2]
    going = played("raven", {"players": 4}, 9, 120)       # a game in progress: its finished hands only
    game_id = kept.new_id()
    kept.save_game(game_id, going.saved(), going.summary())
    done = len(going.state.finished_hands)
    assert done >= 1 and history.par_missing(kept.entry(game_id)) == list(range(1, done + 1))
    # a par that could not be worked out is kept as such, with why, until its par comes
    history.keep_par_failure(kept, ids[3], 2, "the workers were lost")
    entry = kept.entry(ids[3])
    assert entry["par_failed"] == {"2": "the workers were lost"} and history.par_missing(entry) == [2]
    history.keep_par(kept, ids[3], {"hands": [{"hand": 2, "score": 1, "par": 3}]})
    entry = kept.entry(ids[3])
    assert entry["par_failed"] == {} and history.par_missing(entry) == [] and entry["par"]["2"] == {"score": 1, "par": 3}


def test_a_hand_without_a_par_says_so_where_its_par_would_stand():
    kept, ids = kept_history()
    kept.note(ids[3], par={"1": {"score": 4, "par": 6}}, par_failed={"3": "the solver refused it"})
    entry = kept.entry(ids[3])
    word = entry["summary"]["hand_word"]
    assert history_view.par_hand_text(entry, 1, word) == f"{word.capitalize()} 1: you 4, par 6"
    lost = dict(entry, par={"1": {"score": -21, "par": -3}})      # a minus sign, as in print, not a hyphen
    assert history_view.par_hand_text(lost, 1, word) == f"{word.capitalize()} 1: you \N{MINUS SIGN}21, par \N{MINUS SIGN}3"
    assert history_view.par_hand_text(entry, 2, word) == f"{word.capitalize()} 2: par being worked out…"
    assert history_view.par_hand_text(entry, 3, word).startswith(
        f"{word.capitalize()} 3: no par, it could not be worked out (the solver refused it); it is asked again")
    hands = len(entry["summary"]["points"])
    assert history_view.par_text(entry, word).count(" · ") == hands - 1      # every finished hand, said
    html = history_view.entry_html(entry)
    assert html.count('<li data-hand=') == hands and "could not be worked out (the solver refused it)" in html


def test_the_statistics_say_how_many_hands_their_par_counts():
    assert stats_view.counted_text(6, 8, "hand") == "over 6 of 8 hands"
    assert stats_view.counted_text(8, 8, "round") == "over all 8 rounds"
    assert stats_view.counted_text(1, 1, "hand") == "over the one hand"
    assert stats_view.counted_text(0, 1, "hand") == "over 0 of 1 hand"
    kept, ids = kept_history()
    lunar = kept.entry(ids[3])
    hands = len(lunar["summary"]["points"])
    kept.note(ids[3], par={k: v for k, v in lunar["par"].items() if k != "1"})
    group = next(g for g in stats.statistics(kept.games()) if g["game"] == lunar["summary"]["game"])
    assert (group["par_hands"], group["hands"]) == (hands - 1, hands)
    word = group["hand_word"]
    assert f"(over {hands - 1} of {hands} {word}s)" in stats_view.group_html(group, 0)
    voren = next(g for g in stats.statistics(kept.games()) if g["players"] == 3)
    assert f"(over all {voren['hands']} {voren['hand_word']}s)" in stats_view.group_html(voren, 0)


def test_unfinished_games_are_no_part_of_the_history():
    kept, _ = kept_history()
    going = played("raven", {"players": 4}, 9, 20)
    kept.save_game(kept.new_id(), going.saved(), going.summary())
    assert len(history.finished(kept)) == len(GAMES)
    assert sum(g["played"] for g in stats.statistics(kept.games())) == len(GAMES)


def comparable(kept: PageStorage) -> list:
    out = []
    for e in kept.games():
        saved = kept.load_game(e["id"])
        out.append((history.game_key(saved["record"], saved["seat"]), e["summary"], e["updated"],
                    e.get("hints"), e.get("par"), e.get("decisions"), e.get("review_wanted")))
    return sorted(out, key=json.dumps)


def test_export_then_import_into_a_fresh_store_gives_the_same_history_twice_without_duplicates():
    """Games, hints, pars, reviewed decisions, kept reviews and the hands whose
    automatic review is still to come (asked again after the import) go with the file."""
    kept, ids = kept_history()
    history.want_review(kept, ids[1], 2)
    review = {"format": "x", "record": kept.load_game(ids[0])["record"], "seat": 0, "budget": {}, "theme": "",
              "hands": [{"hand": 1, "decisions": []}]}
    kept.keep_review("r0", review)
    text = json.dumps(history.export_games(kept, kept.review_keys(), 1))
    fresh = PageStorage(MemoryStore(), Clock())
    reviews = []

    def summarize(saved):
        return Session.from_saved(saved).summary()
    first = history.import_games(fresh, history.read_file(text), summarize, reviews.append)
    assert (first["added"], first["already"], first["refused"]) == (len(GAMES), 0, [])
    assert comparable(fresh) == comparable(kept)
    assert reviews == [review]                      # the review went with its game
    second = history.import_games(fresh, history.read_file(text), summarize, reviews.append)
    assert (second["added"], second["already"]) == (0, len(GAMES))
    assert comparable(fresh) == comparable(kept)
    assert stats.statistics(fresh.games()) == stats.statistics(kept.games())


@pytest.mark.parametrize("text, says", [
    ("not json", "not JSON"),
    ('{"format": "manyhands-history/9", "games": []}', "another version"),
    ('{"games": []}', "not a Manyhands history"),
])
def test_a_file_that_is_not_a_history_is_refused_in_one_line(text, says):
    with pytest.raises(history.HistoryFileError, match=says):
        history.read_file(text)


def test_a_game_that_does_not_replay_is_refused_and_the_others_imported():
    kept, _ = kept_history()
    data = history.export_games(kept, [], 1)
    data["games"][0]["record"]["actions"][3] = "no such move"
    fresh = PageStorage(MemoryStore(), Clock())
    got = history.import_games(fresh, data["games"], lambda s: Session.from_saved(s).summary(), lambda r: None)
    assert got["added"] == len(GAMES) - 1 and got["refused"][0].startswith("game 1:")
    assert "could not be read" in history.import_text(got)


def test_a_replay_ends_on_the_records_final_scores():
    session = played("raven", {"players": 4}, 3, None)
    steps = replay_view.steps(session.record(), 0)
    assert steps[-1]["totals"] == session.observation()["totals"]
    tricks = sum(len(tricks) for tricks, _ in session.state.finished_hands)
    assert sum(s["trick"] is not None for s in steps) == tricks
    assert [s["scored"] for s in steps if s["scored"] is not None] == \
        [list(points) for _, points in session.state.finished_hands]


def test_a_decisions_kind_is_lead_follow_or_the_games_phase_in_its_words():
    assert history.decision_kind({"decision": "play", "trick": 2, "when": "Trick 2, lead"}) == "lead"
    assert history.decision_kind({"decision": "play", "trick": 2, "when": "Trick 2, follow"}) == "follow"
    assert history.decision_kind({"decision": "bid", "trick": None, "when": "Bidding"}) == "bidding"


def test_each_kind_of_decision_has_its_own_series_over_time():
    kept, _ = kept_history()
    voren3 = next(g for g in stats.statistics(kept.games()) if g["players"] == 3)
    assert [s["kinds"].get("follow", {}).get("avg_cost") for s in voren3["series"]] == [1.25, 1.25]
    assert [s["kinds"].get("lead", {}).get("avg_cost") for s in voren3["series"]] == [0.0, None]
    from manyhands_web import stats_view
    page = stats_view.stats_html([voren3], False)
    assert len(re.findall(r'<svg[^>]* id="chart-kind-0-\d+"', page)) == len(voren3["kinds"])
