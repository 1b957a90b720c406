"""Par (solver/par.py): a hand replayed with the hard player in the seat and the
page's opponents. It equals the arena's game on the same deal and seeds (another
code path: a fresh game, moves chosen without the record's positions), and the
score of a game the page played with hard in that seat; its API, worker op and
command refuse bad input in one line."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pycore import get_game, record_of, replay
from pycore.errors import RecordError
from solver import api, arena, bots, par
from solver.errors import SolverError
from tests.catalog import own_cases

from .positions import random_hands
from .test_api_validation import refusal, worker_api

ROOT = Path(__file__).resolve().parents[2]


def arena_first_hands(game: str, players: int, level: str, deal_seed: int, effort: int | None):
    """{seat: (its points, the hand's tokens)} from the arena's seatings of the
    deal with one hard player (in each seat in turn), seeded as the page seeds
    (hard opponents: one seating, every seat's)."""
    efforts = {} if effort is None else {"hard": effort, level: effort}
    out, tokens = {}, []
    for event in arena.seatings_played(game, players, ["hard"] + [level] * (players - 1), deal_seed,
                                       1, efforts, seeding="page"):
        if event[0] == "move":
            _, state, _, _, action = event
            tokens.append(state.game.action_token(state, action))
        else:
            _, final, seating = event
            for seat in range(players) if level == "hard" else (seating.index("hard"),):
                out[seat] = (final.finished_hands[0][1][seat], tokens)
            if level == "hard":
                return out
            tokens = []
    return out


# Each game's own cases (PAR_CASES): smaller efforts run the same code, hard's tree search too.
@pytest.mark.parametrize("game,players,level,deal_seed,effort", own_cases("PAR_CASES"))
def test_par_is_the_arenas_result_for_hard_in_the_seat(game, players, level, deal_seed, effort):
    arena_hands = arena_first_hands(game, players, level, deal_seed, effort)
    record = random_hands(game, {"players": players}, deal_seed, 1)          # the player's own game of the deal
    assert sorted(arena_hands) == list(range(players))
    differs = False
    for seat, (points, tokens) in arena_hands.items():
        (hand,) = par.par(record, seat, level, effort=effort)["hands"]
        assert (hand["hand"], hand["par"], hand["actions"]) == (1, points, tokens)
        differs |= hand["score"] != hand["par"]
    assert differs            # the random player did not happen to play as hard did


def page_game(game: str, rules: dict, seed: int, seat: int, level: str, hands: int) -> dict:
    """The record of a game played as the page plays it (every move asked of the
    solver's API with no seed, as the page asks), `seat` by the hard player."""
    record = record_of(get_game(game).new_game(rules, seed=seed)).to_json()
    while True:
        state = replay(record)
        if state.is_terminal or len(state.finished_hands) >= hands:
            return record
        actor = state.current_player
        record["actions"].append(api.bot_move(record, actor, "hard" if actor == seat else level))


def test_a_game_the_page_played_with_hard_in_the_seat_is_its_own_par():
    """Move for move: the par replays the page's game, hand 2 from the scores
    hand 1 left (a different path: the API's bot moves, each from the record)."""
    record = page_game("voren", {"players": 4}, 6, 2, "easy", 2)
    result = api.par(record, 2, "easy")
    assert [h["hand"] for h in result["hands"]] == [1, 2]
    for hand in result["hands"]:
        assert hand["par"] == hand["score"]
    assert sum(len(h["actions"]) for h in result["hands"]) == len(record["actions"])
    assert [t for h in result["hands"] for t in h["actions"]] == record["actions"]
    other = api.par(record, 2, "normal", hand=2)["hands"][0]   # other opponents: another game
    assert other["actions"] != result["hands"][1]["actions"]


def test_the_page_seeds_a_computer_move_by_its_position():
    record = random_hands("raven", {"players": 3}, 5, 1)
    state = replay(record)
    seed = bots.page_seed(state)
    assert seed == (record["seed"] * 1009 + len(record["actions"])) % 2**31
    assert api.bot_move(record, state.current_player, "normal") == \
        api.bot_move(record, state.current_player, "normal", seed)


def test_par_depends_only_on_the_position_at_the_hands_start():
    record = random_hands("voren", {"players": 3}, 21, 3)
    seen = []
    whole = par.par(record, 1, "easy", progress=lambda done, total: seen.append((done, total)))
    assert [h["hand"] for h in whole["hands"]] == [1, 2, 3]
    assert seen == [(0, 3), (1, 3), (2, 3), (3, 3)]
    shorter = random_hands("voren", {"players": 3}, 21, 2)     # the same game, a hand less
    assert par.par(shorter, 1, "easy")["hands"] == whole["hands"][:2]
    assert par.par(record, 1, "easy", hand=3)["hands"] == whole["hands"][2:]


# --- refusals ---------------------------------------------------------------------------------------
RECORD = random_hands("voren", {"players": 4}, 3, 2)


@pytest.mark.parametrize("seat", [True, "0", -1, 4, 1.0, None, 10**100])
def test_a_bad_seat_is_refused(seat):
    refusal(api.par, RECORD, seat, error=SolverError, match="seat")


@pytest.mark.parametrize("level", ["expert", None, 1, ["hard"]])
def test_a_bad_level_is_refused(level):
    refusal(api.par, RECORD, 0, level, error=SolverError, match="level")


@pytest.mark.parametrize("hand", [0, -1, True, "1", 1.5, 3, 10**100])
def test_a_hand_that_is_not_finished_is_refused(hand):
    refusal(api.par, RECORD, 0, "normal", hand, error=SolverError, match="hand")


@pytest.mark.parametrize("record", ["{", {}, {**RECORD, "actions": RECORD["actions"] + ["zz"]},
                                    {**RECORD, "game": "chess"}, [RECORD] * 3])
def test_a_bad_record_is_refused(record):
    refusal(api.par, record, 0, error=RecordError)


def test_the_seat_and_level_are_checked_before_any_move_is_searched(monkeypatch):
    def searched(*args, **kwargs):
        raise AssertionError("searched a move")
    monkeypatch.setattr(bots, "choose", searched)
    refusal(api.par, RECORD, 9, error=SolverError)
    refusal(api.par, RECORD, 0, "expert", error=SolverError)
    refusal(api.par, RECORD, 0, "normal", 5, error=SolverError)


def test_a_record_with_no_finished_hand_has_no_par_yet():
    record = random_hands("voren", {"players": 4}, 3, 0)
    assert api.par(record, 0)["hands"] == []


def test_the_worker_answers_par_requests():
    ok, text = worker_api.reply(json.dumps({"op": "par", "record": RECORD, "seat": 1, "level": "easy",
                                            "hand": 2}))
    assert ok
    answer = json.loads(text)
    assert [(h["hand"], h["score"]) for h in answer["hands"]] == [(2, api.par(RECORD, 1, "easy", 2)["hands"][0]["score"])]
    assert answer == api.par(RECORD, 1, "easy", 2)
    for bad in ({"op": "par", "record": RECORD}, {"op": "par", "record": RECORD, "seat": 0, "levle": "x"},
                {"op": "par", "record": RECORD, "seat": 0, "hand": 9}):
        ok, text = worker_api.reply(json.dumps(bad))
        assert not ok and "\n" not in text and text, text


# --- the command --------------------------------------------------------------------------------------
def run(tmp_path, *args, record=RECORD, capsys=None):
    path = tmp_path / "record.json"
    path.write_text(record if isinstance(record, str) else json.dumps(record))
    code = par.main([str(path), *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_prints_each_hands_score_and_par(tmp_path, capsys):
    code, out, err = run(tmp_path, "--seat", "1", "--level", "easy", capsys=capsys)
    result = api.par(RECORD, 1, "easy")
    assert code == 0 and not err
    assert out.splitlines() == [
        f"Hand {h['hand']}: seat 1 scored {h['score']} chip{'' if abs(h['score']) == 1 else 's'}; "
        f"par {h['par']} (hard in the seat, the others easy)" for h in result["hands"]]
    code, out, err = run(tmp_path, "--seat", "1", "--level", "easy", "--hand", "2", "--json", capsys=capsys)
    assert code == 0 and json.loads(out)["hands"] == result["hands"][1:]


@pytest.mark.parametrize("args,record,message", [
    (["--seat", "4"], RECORD, "no seat 4 in a 4-player game"),
    (["--seat", "-1"], RECORD, "no seat -1"),
    (["--seat", "x"], RECORD, "'x' is not a whole number"),
    (["--seat", "9" * 5000], RECORD, "is not a whole number of at most 16 digits"),
    (["--seat", "0", "--hand", "3"], RECORD, "hand 3 is not a finished hand of this record (it has 2 finished)"),
    (["--seat", "0", "--hand", "0"], RECORD, "a hand is numbered from 1, not 0"),
    (["--seat", "0", "--level", "expert"], RECORD, "level must be one of easy, normal, hard, not 'expert'"),
    (["--seat", "0"], "{", "record is not JSON"),
    (["--seat", "0"], {**RECORD, "actions": ["deal", "zz"]}, "action 1 'zz'"),
    (["--seat", "0"], {**RECORD, "rules": {"players": 2}}, "players"),
    ([], RECORD, "--seat"),
])
def test_the_command_refuses_in_one_line_with_status_2(tmp_path, capsys, args, record, message):
    try:
        code, out, err = run(tmp_path, *args, record=record, capsys=capsys)
    except SystemExit as exc:           # argparse's refusals
        code, (out, err) = exc.code, capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and len(err) < 300 and message in err, err


def test_the_command_runs_as_a_module_and_says_when_it_cannot_read(tmp_path):
    done = subprocess.run([sys.executable, "-m", "solver.par", str(tmp_path / "missing.json"), "--seat", "0"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith("cannot read '/") and done.stderr.endswith(": No such file or directory\n")
