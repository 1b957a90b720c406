"""Friends at one device, natively (web/manyhands_web/session.py, friends_view.py,
cast.py, history.py): the device passes only between people, undo takes back
only your own move before the next person has seen the table, a saved game comes
back at the pass screen, every seat has one name whoever holds the device, and
a game with people exported with the history replays to the same totals with
`python -m pycore replay` (the record is unchanged) and imports back with its
names."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from pycore.records import load_record, replay

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from manyhands_web import friends_view, history, stats  # noqa: E402
from manyhands_web.cast import seat_names, table_names  # noqa: E402
from manyhands_web.session import Session  # noqa: E402
from manyhands_web.storage import MemoryStore, PageStorage, SavedGameError, parse_saved  # noqa: E402
from tests.test_storage import FINISHED, Clock  # noqa: E402

NAME, RULES = FINISHED          # one game as the example: a short one
PEOPLE = {0: "Mia", 1: "Theo"}


def friends(seed: int = 4, people=None) -> Session:
    return Session.new(NAME, RULES, seed, 0, "easy", "", PEOPLE if people is None else people, {2: "hard"})


def move(session: Session, rng: random.Random) -> None:
    state = session.state
    session.apply(state.game.action_token(state, rng.choice(state.legal_actions())))
    session.pass_on()


def play_out(session: Session, rng: random.Random, passes: list | None = None) -> Session:
    """To the end, as the page plays it: the device taken at every pass screen."""
    while not session.state.is_terminal:
        if session.passing is not None:
            if passes is not None:
                passes.append((session.seat, session.passing))
            session.take_device()
        move(session, rng)
    return session


def test_the_device_passes_only_between_people_and_only_the_person_holding_it_acts():
    session = friends()
    rng = random.Random(1)
    passes: list = []
    assert session.passing is not None and not session.my_turn        # the game starts at the pass screen
    while not session.state.is_terminal:
        if session.passing is not None:
            assert not session.my_turn and not session.computer_to_act       # nothing moves meanwhile
            passes.append((session.seat, session.passing))
            session.take_device()
        to_act = session.state.current_player
        if to_act in PEOPLE:
            assert to_act == session.seat and session.my_turn
        else:
            assert session.computer_to_act and session.computers()[to_act] == "hard"
        move(session, rng)
    assert all(giver in PEOPLE and taker in PEOPLE for giver, taker in passes[1:])
    assert any(giver != taker for giver, taker in passes)


def test_one_person_plays_as_today_no_pass_screen():
    session = Session.new(NAME, RULES, 4, 0, "easy", "", {0: "Mia"})
    assert not session.together and session.passing is None
    rng = random.Random(2)
    while not session.state.is_terminal:
        assert session.passing is None and session.my_turn == (session.state.current_player == 0)
        move(session, rng)
    assert session.narrator().seat(0) == "You"


def test_undo_takes_back_only_your_own_move_and_only_before_the_next_person_sees_the_table():
    rng = random.Random(3)
    session = friends(seed=6)
    seen_undo = seen_blocked = False
    while not session.state.is_terminal and not (seen_undo and seen_blocked):
        if session.passing is not None:
            mover = session.seat
            point = session.undo_point()
            if point is not None and session.passing != mover:
                assert session.state.history[point][0] == mover
                assert all(actor not in PEOPLE for actor, _ in session.state.history[point + 1:])
                seen_undo = True
            session.take_device()
            point = session.undo_point()        # the next person holds it: nothing of the last one's
            if point is not None:
                assert session.state.history[point][0] == session.seat
                assert all(actor not in PEOPLE for actor, _ in session.state.history[point + 1:])
            elif any(actor == session.seat for actor, _ in session.state.history):
                seen_blocked = True
        move(session, rng)
    assert seen_undo and seen_blocked
    # taken back at a pass screen: the same person's decision again, no pass screen
    session = friends(seed=6)
    session.take_device()
    while session.passing is None or session.passing == session.seat:
        if session.passing is not None:
            session.take_device()
        move(session, rng)
    mover, actions = session.seat, len(session.state.history)
    assert session.undo()
    assert session.passing is None and session.my_turn and session.seat == mover
    assert len(session.state.history) < actions


def test_a_saved_game_comes_back_at_the_pass_screen_never_showing_a_hand():
    rng = random.Random(5)
    session = friends(seed=7)
    session.take_device()
    for _ in range(9):
        if session.passing is not None:
            session.take_device()
        move(session, rng)
    session.take_device()       # someone holds it, their hand shown
    back = Session.from_saved(parse_saved(json.dumps(session.saved())))
    assert back.passing is not None and not back.my_turn
    assert back.people == session.people and back.computers() == session.computers()
    assert back.record() == session.record()


@pytest.mark.parametrize("bad", [{"people": "Mia"}, {"people": [[0, ""]]}, {"people": [["0", "Mia"]]},
                                 {"levels": [[2]]}])
def test_a_saved_game_with_bad_seats_is_refused_saying_what(bad):
    saved = dict(friends().saved(), **bad)
    with pytest.raises(SavedGameError, match="people|levels"):
        parse_saved(json.dumps(saved))


def test_every_seat_has_one_name_whoever_holds_the_device():
    session = friends()
    names = session.names()
    assert names[0] == "Mia" and names[1] == "Theo" and names[2] not in PEOPLE.values()
    for seat in PEOPLE:
        session.seat = seat
        said = session.narrator().names
        assert [n for s, n in enumerate(said) if s != seat] == [n for s, n in enumerate(names) if s != seat]
        assert session.narrator(addressed=False).names == names
    assert table_names(4, {1: "Ada", 3: "bruno"}) == ["Dana", "Ada", "Chidi", "bruno"]     # clockwise from the first person
    assert seat_names(3, 0)[0] == "You"


@pytest.mark.parametrize("kinds,names,wrong", [
    (["person", "easy", "easy"], ["Mia", "", ""], "two people"),
    (["person", "person", "easy"], ["Mia", " mia ", ""], "taken twice"),
    (["person", "person", "hard"], ["  Mia  Lee ", "", ""], ""),
])
def test_the_seats_chosen_are_read_back_with_what_is_wrong(kinds, names, wrong):
    people, levels, said = friends_view.read_seating(kinds, names)
    assert (wrong in said) if wrong else said == ""
    if not wrong:
        assert people == {0: "Mia Lee", 1: "Player 2"} and levels == {2: "hard"}


def test_a_game_with_people_exports_replays_to_the_same_totals_and_imports_back_with_its_names(tmp_path):
    kept = PageStorage(MemoryStore(), Clock())
    session = play_out(friends(seed=8), random.Random(8))
    game_id = kept.new_id()
    assert kept.save_game(game_id, session.saved(), session.summary()).ok
    summary = kept.entry(game_id)["summary"]
    assert sorted(summary["by_person"]) == ["Mia", "Theo"]
    exported = history.export_games(kept, [], 1_700_000_000_000)
    game = exported["games"][0]
    assert game["people"] == [[0, "Mia"], [1, "Theo"]]
    # the record is the spec's, unchanged: the replay command reads it as any record
    path = tmp_path / "record.json"
    path.write_text(json.dumps(game["record"]), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "pycore", "replay", str(path)], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    totals = session.observation()["totals"]
    assert json.loads(out.stdout)["totals"] == totals
    assert set(game["record"]) <= {"format", "game", "rules", "seed", "players", "actions", "result"} | set(
        load_record(game["record"]).to_json())
    # imported into a fresh store: the names come back, the statistics per person
    fresh = PageStorage(MemoryStore(), Clock())
    result = history.import_games(fresh, history.read_file(json.dumps(exported)),
                                  lambda saved: Session.from_saved(saved).summary(), lambda review: None)
    assert result["added"] == 1
    entry = fresh.games()[0]
    back = Session.from_saved(fresh.load_game(entry["id"]))
    assert back.people == PEOPLE and back.names() == session.names()
    assert history.person_names(fresh.games()) == ["Mia", "Theo"]
    for seat, name in PEOPLE.items():
        [group] = stats.statistics([history.as_person(entry, name)])
        state = replay(game["record"])
        ranking = state.observation(seat)["ranking"]
        assert group["played"] == 1
        assert group["avg_place"] == next(e["place"] for e in ranking if seat in e["seats"])
        assert group["avg_points"] == pytest.approx(
            sum(points[seat] for _, points in state.finished_hands) / len(state.finished_hands))
    assert history.as_person(entry, "Nobody") is None


def test_each_persons_par_is_asked_from_their_seat():
    kept = PageStorage(MemoryStore(), Clock())
    session = play_out(friends(seed=9), random.Random(9))
    game_id = kept.new_id()
    kept.save_game(game_id, session.saved(), session.summary())
    entry = kept.entry(game_id)
    hands = len(session.state.finished_hands)
    assert history.par_seats(entry) == [0, 1] and history.par_missing(entry) == list(range(1, hands + 1))
    history.keep_par(kept, game_id, {"hands": [{"hand": 1, "score": 3, "par": 2}]}, seat=0)
    assert 1 in history.par_missing(kept.entry(game_id))         # Theo's still to come
    history.keep_par(kept, game_id, {"hands": [{"hand": 1, "score": -1, "par": 0}]}, seat=1)
    assert 1 not in history.par_missing(kept.entry(game_id))
    theo = history.as_person(kept.entry(game_id), "Theo")
    assert theo["par"] == {"1": {"score": -1, "par": 0}}


def test_a_deal_played_again_keeps_the_people_and_a_replay_names_them():
    from manyhands_web import replay_view
    from manyhands_web.session import namer_of
    session = play_out(friends(seed=10), random.Random(10))
    saved = parse_saved(json.dumps(session.saved()))
    again = Session.branch(saved["record"], 0, None, saved["seat"], saved["level"], saved["theme"],
                           dict(saved["people"]), dict(saved["levels"]))
    assert again.people == PEOPLE and again.passing is not None and again.names() == session.names()
    shown = replay_view.replay_html(replay_view.steps(saved["record"], saved["seat"], "", namer_of(saved)),
                                    saved["record"], saved["seat"], "", 1, "t", namer_of(saved))
    assert "Mia" in shown and "Theo" in shown and "You" not in shown and "you " not in shown
    alone = dict(saved, people=[])
    assert namer_of(alone)(3, 0)[0] == "You"
