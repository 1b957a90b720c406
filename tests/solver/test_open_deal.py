"""One possible deal solved exactly (solver/open_deal.py): the Sky's hint takes
the perfect-information solver's values where it finishes within the hint's
budget of positions, each equal to the plain search's (solver/reference/plain.py)
and said to be exact; where it does not finish, the hint is the one of before."""
from __future__ import annotations

import random

import pytest

from pycore.game import get_game
from solver import api, bots, hints, open_deal
from solver.games import lunar
from solver.reference.plain import plain_points
from solver.view import view_of
from tests.solver import checks

EXACT_WORDS = "You can see every card or tell where it is, and every way to play it was searched: the values are exact."


def sky_positions(count: int, seed: int, cards: tuple) -> list:
    """Card-play positions of the Sky with a choice, `cards` (low, high) cards left,
    from seeded random games: at most one a game."""
    game = get_game("lunar")
    out = []
    for s in range(seed, seed + 10 * count):
        rng = random.Random(f"open-deal/{s}")
        state = game.new_game({"players": 2}, seed=s)
        while state.phase != "over" and not state.finished_hands:
            if state.phase == "play" and cards[0] <= lunar.cards_left(state) <= cards[1] \
                    and len(state.legal_actions()) > 1:
                out.append(state)
                break
            state = state.apply_action(rng.choice(state.legal_actions()))
        if len(out) == count:
            return out
    raise AssertionError(f"only {len(out)} positions")


def test_the_budget_is_positions_from_the_effort_or_the_time():
    assert open_deal.nodes_for(160, None) == 160 * open_deal.NODES_PER_EFFORT
    assert open_deal.nodes_for(100_000, 1.7) == int(1.7 * open_deal.NODES_PER_SECOND)
    assert open_deal.nodes_for(4, 1.7) == 4 * open_deal.NODES_PER_EFFORT


def test_where_the_solver_finishes_the_sky_hint_is_the_plain_search(monkeypatch):
    """With the endgame search moved out of the way (it is exact from three tricks
    before the end), the hint at positions of the last three tricks goes by the
    solver, where the plain search is affordable: every value equals the plain
    search's, each choice is marked exact and so are the words; "wins this trick"
    is read from the line of exact play."""
    monkeypatch.setattr(lunar, "EXACT_CARDS_SKY", 4)
    checked = 0
    for state in sky_positions(6, 0, (5, 11)):
        seat, mark = state.current_player, lunar.ADAPTER.hand_mark(state)
        assert open_deal.applies(view_of(state, seat))
        h = hints.hint(state, seat, effort=400, seed=1)
        assert h["exact"] and h["worlds"] == 1 and not h["tree"] and h["certainty"] == EXACT_WORDS
        checks.check_hint_words(h)
        for a in h["actions"]:
            assert a["exact"] and "(exact)" in a["why"]
            action = state.game.parse_action(state, a["action"])
            assert a["ev"] == plain_points(lunar.ADAPTER, state.apply_action(action), seat, mark), a["action"]
            checked += 1
    assert checked >= 20


def test_where_the_solver_does_not_finish_the_hint_is_the_one_of_before(monkeypatch):
    """Early in the round the solver does not finish within the hint's positions:
    the hint is the tree search's, the same as with no attempt at all (a budget of
    effort alone: no clock the attempt's time could take from). (The attempt is
    made here though the game's adapter would skip it: see the next test.)"""
    monkeypatch.setattr(lunar.ADAPTER, "solvable", lambda state, nodes: True)
    seen = 0
    for state in sky_positions(3, 20, (36, 40)):
        seat = state.current_player
        got = open_deal.solve(view_of(state, seat), open_deal.nodes_for(30, None))
        assert got is not None and not got.finished
        h = hints.hint(state, seat, effort=30, seed=2)
        assert h["tree"] and not h["exact"]
        with monkeypatch.context() as m:
            m.setattr(open_deal, "applies", lambda view: False)
            assert hints.hint(state, seat, effort=30, seed=2) == h
        seen += 1
    assert seen == 3


def test_the_solver_is_not_tried_only_where_it_would_not_finish():
    """The Sky's adapter skips the attempt where the solver never finished in so
    few positions (lunar.SKY_LEAST_NODES, by tricks to play): at seeded positions
    with six, seven and eight tricks to play, just under its bound (eight: 50,000),
    the solver indeed does not finish; with fewer than five it is always tried."""
    from solver.perfect import solve_actions
    cases = [(state, 999) for state in sky_positions(3, 100, (21, 24))] + \
            [(state, 49_999) for state in sky_positions(2, 120, (25, 32))]
    for state, nodes in cases:
        assert not lunar.solvable(state, nodes) and lunar.solvable(state, nodes + 1) == (
            lunar.cards_left(state) <= 28)
        got = solve_actions(lunar.ADAPTER, state, state.current_player, state.legal_actions(), nodes=nodes)
        assert not got.report.finished, (lunar.cards_left(state), got.report.nodes)
    assert all(lunar.solvable(state, 1) for state in sky_positions(3, 140, (1, 16)))


def test_a_timed_hint_through_the_api_is_exact_late_in_the_round():
    """The page's kind of request (a time, no effort): a node count from the time,
    so the same request gives the same values wherever it runs fast enough; a few
    tricks before the end of the round it is exact. (At a position the solver
    finishes in at most 5,000 positions: some 0.2 s natively, far within the
    attempt's share of the time, TIME_SHARE of 4 s, however loaded the machine.)"""
    from pycore.records import record_of
    nodes = open_deal.nodes_for(api.MAX_EFFORT, 4.0)
    for state in sky_positions(4, 40, (13, 16)):
        seat = state.current_player
        solved = open_deal.solve(view_of(state, seat), nodes)
        if solved.finished and solved.report.nodes <= 5_000:
            break
    else:
        pytest.fail("no position solved within 5,000 positions")
    h = api.hint(record_of(state).to_json(), seat, {"seconds": 4.0})
    assert h["exact"] and h["certainty"] == EXACT_WORDS
    tokens = {state.game.action_token(state, a): v for a, v in solved.values.items()}
    assert {a["action"]: a["ev"] for a in h["actions"]} == tokens


def test_the_hard_player_in_the_sky_plays_an_optimal_card_late(monkeypatch):
    """Where the solver finishes within the hard player's budget it plays the plain
    search's own move (the first legal card of the best value), here in the last
    three tricks with the endgame search out of the way (as above); early in the
    round, where it does not finish, hard plays as before (the tree's move)."""
    with monkeypatch.context() as m:
        m.setattr(lunar, "EXACT_CARDS_SKY", 4)
        for state in sky_positions(4, 60, (5, 11)):
            seat, mark = state.current_player, lunar.ADAPTER.hand_mark(state)
            legal = state.legal_actions()
            plain = [plain_points(lunar.ADAPTER, state.apply_action(a), seat, mark) for a in legal]
            got = open_deal.solve(view_of(state, seat), open_deal.nodes_for(bots.TREE_ITERATIONS["hard"], None))
            assert got.finished         # (the tree plays here otherwise)
            move = bots.choose(state, seat, "hard", seed=3)
            assert move == legal[plain.index(max(plain))]
    for state in sky_positions(2, 80, (36, 40)):
        seat = state.current_player
        move = bots.choose(state, seat, "hard", seed=3)
        with monkeypatch.context() as m:
            m.setattr(open_deal, "applies", lambda view: False)
            assert bots.choose(state, seat, "hard", seed=3) == move
