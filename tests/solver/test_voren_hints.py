"""Voren hints and bots: every legal action ranked for each kind of decision
(dealer options; play, fold or take the poke; card play), with the numbers in
words, deterministic for a seed, blind to hidden cards, exact in small endgames,
and an inference that matches the model."""
import functools
import random

import pytest

from pycore.game import get_game
from solver.games import voren as adapter
from solver.hints import hint, inference
from solver.testing import positions, voren_truth
from solver.view import view_of
from tests.conformance import played
from tests.solver import checks

PLAYERS = [3, 5, 8]


@functools.lru_cache(maxsize=None)
def cases(players, count=12, seed=0):
    return positions("voren", {"players": players}, count, seed=2000 + players + seed)


def by_decision(players, count=40):
    """One position per kind of decision with a real choice (seat to act)."""
    found = {}
    for state, _ in cases(players, count):
        kind = adapter.decision(state)
        if kind not in found and len(state.legal_actions()) > 1:
            found[kind] = state
    return found


@pytest.mark.parametrize("players", PLAYERS)
def test_hint_ranks_every_legal_action_for_every_decision_and_is_deterministic(players):
    found = by_decision(players)
    assert set(found) == {"options", "decide", "play"}
    for kind, state in found.items():
        h = checks.check_hint(state, state.current_player, effort=60, seed=5, all_searched=True)
        assert h["decision"] == kind
        settled = adapter.ADAPTER.settled(state.observation(state.current_player), state.current_player)
        assert ("chips from here" if settled else "chips this hand") in h["why"]     # the ante: paid either way
        second = h["actions"][1]["why"]         # the others compared to the best
        assert "less than the best" in second or "as good" in second or "worth as much as" in second
        shared = " ".join(h["shared"])          # what every choice does alike, said once
        outcomes = ["takes at least one trick", "is looed"] + (["wins this trick"] if kind == "play" else [])
        if h["best"] == "fold":                 # no trick, never looed: its chips alone
            assert "%" not in h["why"], h["why"]
            continue
        for outcome in outcomes:
            assert (outcome in h["why"]) != (outcome in shared), (outcome, h["why"], shared)
        assert "%" in h["why"] or all(outcome in shared for outcome in outcomes), h["why"]


def test_folding_is_explained_and_scores_nothing_more():
    """A fold pays nothing more this hand: its expected score is minus what the
    seat already paid (the ante), and it never takes a trick nor is looed."""
    checked = 0
    for players in PLAYERS:
        for state, _ in cases(players, 40):
            if state.phase != "decide" or len(state.legal_actions()) < 2:
                continue
            seat = state.current_player
            if "fold" not in state.observation(seat)["legal"]:
                continue
            h = hint(state, seat, effort=40, seed=1)
            fold = next(a for a in h["actions"] if a["action"] == "fold")
            assert fold["ev"] == pytest.approx(-state.paid[seat])
            assert fold["trick"] == 0 and fold["looed"] == 0
            # it cannot take a trick nor be looed: its line gives its chips alone, no "0% (0–32%)"
            assert "%" not in fold["why"] and "trick" not in fold["why"] and "looed" not in fold["why"], fold["why"]
            checked += 1
            break
    assert checked >= 2


def test_a_play_that_may_take_the_pot_without_play_says_how_often():
    """First to choose among five, a play may take the pot without play (Ruling
    V4: everyone else folds): no trick and no loo. The hint said "takes at least
    one trick 59%" beside "No choice is looed", leaving 41% of its deals unsaid;
    it now counts that outcome too, said only where it happened (never as "0%",
    and never in card play, where no choice can reach it)."""
    said = 0
    for state, _ in cases(5, 40):
        seat = state.current_player
        if state.phase not in ("decide", "play") or len(state.legal_actions()) < 2:
            continue
        h = hint(state, seat, effort=120, seed=2)
        for a in h["actions"]:
            assert a["trick"] + a["looed"] + a["pot"] <= 1 + 1e-9      # one outcome a deal at most
            if a["pot"] > 0:
                assert state.phase == "decide" and "takes the pot without play" in a["why"], a
                said += 1
            else:
                assert "pot without play" not in a["why"], a["why"]
        assert not any("pot without play" in fact for fact in h["shared"]), h["shared"]
    assert said >= 1


def test_the_pot_without_play_is_the_engines_own():
    """The outcome is read from the hand's score sheet, as the table shows it."""
    seen = 0
    for seed in range(40):
        state = played(get_game("voren"), {"players": 5}, seed, until=lambda s: s.hand_index > 0 or s.is_terminal)
        sheet = state.hand_log[0]
        for seat in range(5):
            taken = "pot" in adapter.outcomes(state, seat, 0)
            assert taken == (sheet["uncontested"] == seat)
            seen += taken
    assert seen >= 1


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_act_from_what_the_seat_may_know(level):
    """Redealing what the seat cannot see never changes a bot's choice: at the
    dealer's options of a fresh game and at seeded positions."""
    rng = random.Random(level)
    effort = {"easy": None, "normal": 30, "hard": 60}[level]
    changed_choice = changed_world = 0
    for players in PLAYERS:
        fresh = get_game("voren").new_game({"players": players}, seed=players)
        states = [fresh] + [state for state, _ in cases(players, 6)]
        c, w = checks.bots_disagreements(adapter, states, level, effort, rng)
        changed_choice += c
        changed_world += w
    assert changed_choice == 0
    assert changed_world >= 10


def test_inference_probabilities_and_voids():
    checked_voids = 0
    for players in PLAYERS:
        for state, seat in cases(players, 12):
            view = view_of(state, seat)
            assert set(inference(view)) == set(view.model.places)
            checked_voids += checks.check_inference(adapter, view, voren_truth(state, seat))
    assert checked_voids >= 3


def test_json_api_round_trip():
    state = by_decision(5)["decide"]
    assert checks.check_json_api(state, state.current_player)["decision"] == "decide"


def test_endgame_ranking_is_the_exact_average_over_all_worlds():
    """With few cards left and all worlds searched exactly, each action's expected
    score equals the average over the worlds of the max^n value."""
    found = checks.check_exact_endgames(
        adapter, "voren", 3, rng=random.Random(8), count=300, truth_of=voren_truth,
        reduce_model=lambda view, world, rng: checks.reduce(view, world, rng, 30, count_when_free=12))
    assert found >= 1


# --- where bench/exact_check.py checks this game's exact values ------------------------------------
# players: the tables it checks by default; endgame: cards left where the hint's search is exact;
# face_up: (players) -> cards left just above it, where the review's face-up column may still be exact
# (default solver.faceup.EXACT_CARDS + players); before_tricks: its decisions before the tricks count
# too; narrowed: its hint is rarely exact as it stands (deals by the million), so also on narrowed views.
EXACT_CHECK = {"players": (3, 5), "endgame": 6, "face_up": lambda players: 3 * players, "before_tricks": True,
               "narrowed": True}


# --- the reference opponents and hard's tree (tests/solver/test_reference_bots.py) -----------------
REFERENCE_TABLES = (4,)       # player counts the reference opponents are checked at
ARENA_PLAYERS = 3               # the arena's deal of hard against ISMCTS


# --- the tables tests/solver/test_hint_summary.py reads this game's hints at -----------------------
ALIKE_ROWS_TABLES = [{"players": 5}]          # rows all alike are one sentence, your own hand has no row
SURE_CARDS_TABLES = [{"players": 4}]          # a hand's sure cards and a suit's voids are one sentence each
HAND_OR_ROUND_TABLES = [{"players": 4}]       # the hint's value for this hand or round, as the table calls it
