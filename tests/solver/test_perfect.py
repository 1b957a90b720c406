"""The perfect-information solver (solver/perfect.py) against the plain search it
speeds up (solver/reference/plain.py), for every registered game and preset:
the same points for every legal action and the same line of play, move by move;
its merged table keys join only positions the plain search values alike; a
search cut short by its budget says so and goes on from its table."""
from __future__ import annotations

import random

import pytest

from tests.catalog import own_tests
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycore.game import all_games, get_game
from solver.perfect import Perfect, solve_actions
from solver.reference.plain import plain_final
from solver.view import adapter_for
from tests.solver.test_endgame import ANOTHER_LINE, endgames

PRESETS = [(name, rules) for name in sorted(all_games()) for rules in get_game(name).presets()]


def preset_id(case) -> str:
    name, rules = case
    return name + "-" + "-".join(f"{k}{v}" for k, v in rules.items() if k != "deck") + \
        ("-deck" if "deck" in rules else "")


def plain_value(adapter, state, seat: int, mark: int):
    """What the solver's value is, by the plain search: two sides, the side's score
    of the plain line's end; max^n, every seat's points for the hand."""
    solver = Perfect(adapter, state, seat, mark)
    final = plain_final(adapter, state, seat, mark)
    return final.finished_hands[mark][1] if solver.sides is None else solver.sides[1](final)


def same_as_plain(state) -> Perfect:
    """Every legal action of the seat to act, by one solver (one table for all) and
    by the plain search: the same points and the same line."""
    adapter = adapter_for(state.game.name)
    seat, mark = state.current_player, adapter.hand_mark(state)
    solver = Perfect(adapter, state, seat, mark)
    start = len(state.history)
    got = solve_actions(adapter, state, seat, state.legal_actions(), solver=solver)
    assert got.report.finished
    for action in state.legal_actions():
        after = state.apply_action(action)
        plain = plain_final(adapter, after, seat, mark)
        token = state.game.action_token(state, action)
        assert got.values[action] == adapter.hand_points(plain, seat, mark), \
            f"{token}: solver {got.values[action]}, plain {adapter.hand_points(plain, seat, mark)} " \
            f"at {state.game.position_text(state)}"
        assert solver.final(after).history[start:] == plain.history[start:], \
            f"{token}: another line" + ANOTHER_LINE
    return solver


def endgame_cards(name: str, rules: dict) -> int:
    """Endgames small enough for the plain search (a few seconds a preset): 8 cards
    left, or what the game's own tests say (`plain_endgame_cards(rules)` in
    tests/games/test_<game>.py, where merged cards need more to show)."""
    own = getattr(own_tests(name), "plain_endgame_cards", None)
    return own(rules) if own else 8


@pytest.mark.parametrize("case", PRESETS, ids=preset_id)
def test_the_solver_equals_the_plain_search(case):
    name, rules = case
    found = endgames(name, rules, 5, endgame_cards(name, rules), seed=7)
    assert len(found) == 5
    for state in found:
        same_as_plain(state)


@pytest.mark.parametrize("name", sorted(all_games()))
def test_merged_keys_join_only_positions_of_one_value(name):
    """Positions of one seeded deal's endgame that the solver's table merges
    (one key) though their own memo keys differ: the plain search gives them the
    same value, less the points each has banked (the table keeps values less
    them). Where the game merges cards, some such pairs are found."""
    game = get_game(name)
    adapter = adapter_for(name)
    merged = 0
    for rules in game.presets()[:2]:
        for state in endgames(name, rules, 4, endgame_cards(name, rules), seed=11):
            seat, mark = state.current_player, adapter.hand_mark(state)
            solver = Perfect(adapter, state, seat, mark)
            seen: dict = {}
            frontier = [state]
            for _ in range(4):          # every position up to four moves ahead
                frontier = [s.apply_action(a) for s in frontier for a in s.legal_actions()
                            if adapter.hand_mark(s) == mark]
                for position in frontier:
                    if adapter.hand_mark(position) != mark:
                        continue
                    key = solver.key(position)
                    first = seen.setdefault(key, position)
                    if first is not position and first.memo_key() != position.memo_key():
                        merged += 1
                        same_value(solver, first, position)
    if adapter.card_order is not None:
        assert merged > 0
    else:
        assert merged == 0


def same_value(solver: Perfect, first, position) -> bool:
    """Two positions of one key have one plain value, less the points each has
    banked where the solver keeps values less them; whether those differ."""
    adapter, seat, mark = solver.adapter, solver.seat, solver.mark
    (_, a), (_, b) = solver._look(first), solver._look(position)
    if solver.banked is None:
        assert plain_value(adapter, first, seat, mark) == plain_value(adapter, position, seat, mark), \
            first.game.position_text(position)
    else:
        assert plain_value(adapter, first, seat, mark) - a == plain_value(adapter, position, seat, mark) - b, \
            first.game.position_text(position)
    return a != b


class Recording(Perfect):
    """The solver, keeping the first position it met under each key and banked points."""
    def __init__(self, *args):
        super().__init__(*args)
        self.met: dict = {}

    def _look(self, state, places=None):
        got = super()._look(state, places)
        self.met.setdefault(got[0], {}).setdefault(got[1], state)
        return got


@pytest.mark.parametrize("name", [n for n in sorted(all_games()) if adapter_for(n).banked is not None])
def test_positions_apart_in_banked_points_meet_with_values_apart_by_them(name):
    """Where the game banks points (the table keeps values less them), positions
    the solver met under one key with different banked points: the plain search's
    values differ by just those points. Some such pairs are found."""
    game = get_game(name)
    adapter = adapter_for(name)
    apart = 0
    for rules in game.presets():
        for state in endgames(name, rules, 3, endgame_cards(name, rules), seed=13):
            solver = Recording(adapter, state, state.current_player, adapter.hand_mark(state))
            solve_actions(adapter, state, solver.seat, state.legal_actions(), solver=solver)
            for kinds in solver.met.values():
                positions = list(kinds.values())
                for other in positions[1:]:
                    apart += same_value(solver, positions[0], other)
    assert apart > 0


@pytest.mark.parametrize("name", sorted(all_games()))
def test_a_search_past_its_budget_says_so_and_goes_on(name):
    """Out of budget: no values, the report says so; the same solver given more
    then finishes from its table with the values of a solver never cut short."""
    game = get_game(name)
    rules = game.presets()[0]
    adapter = adapter_for(name)
    for seed in range(5, 25):   # an endgame with a search to cut short: not one whose points are settled
        state = endgames(name, rules, 1, endgame_cards(name, rules), seed=seed)[0]
        seat, mark = state.current_player, adapter.hand_mark(state)
        whole = solve_actions(adapter, state, seat, state.legal_actions())
        assert whole.report.finished
        if whole.report.nodes > 2:
            break
    else:
        raise AssertionError(f"{name}: every seeded endgame was settled without a search of 3 nodes "
                             f"(the adapter's points_range gives its points already): none to cut short")
    solver = Perfect(adapter, state, seat, mark)
    short = solve_actions(adapter, state, seat, state.legal_actions(), nodes=2, solver=solver)
    assert short.values is None and not short.report.finished and short.report.nodes == 3
    again = solve_actions(adapter, state, seat, state.legal_actions(), solver=solver)
    assert again.report.finished and again.values == whole.values


# Each preset's endgame size read before hypothesis runs: reading it imports the
# game's own test module, whose @given tests, made inside a running @given test,
# fail hypothesis's nested-given check (the file run alone met it).
SIZED_PRESETS = [(name, rules, endgame_cards(name, rules)) for name, rules in PRESETS]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(SIZED_PRESETS), seed=st.integers(0, 10**6))
def test_any_seeded_endgame_equals_the_plain_search(case, seed):
    name, rules, cards = case
    found = endgames(name, rules, 1, cards, seed=seed)
    same_as_plain(found[0])


def test_a_move_is_merged_only_with_its_neighbours_held_in_one_place():
    """Of the seat's legal cards, those the solver searches: one of each run of
    cards next to each other among those in play, held in the one place, in every
    game that merges cards; never fewer than one a run."""
    for name in sorted(all_games()):
        adapter = adapter_for(name)
        if adapter.card_order is None:
            continue
        rng = random.Random(name)
        for state in endgames(name, get_game(name).presets()[0], 6, 16, seed=rng.randrange(99)):
            solver = Perfect(adapter, state, state.current_player, adapter.hand_mark(state))
            legal = state.legal_actions()
            kept = solver.moves(state, legal)
            assert kept == sorted(set(kept)) and kept and kept[0] == 0
            plays = [solver.order.play(state, legal[i]) for i in kept]
            assert len(set(plays)) == len(plays)


@pytest.mark.parametrize("case", [c for c in PRESETS if adapter_for(c[0]).points_range is not None], ids=preset_id)
def test_the_points_range_holds_on_every_line(case):
    """The cut-offs that need no search (the adapter's `points_range`): along random
    lines of play from seeded deals, from the hand's first trick to its end, every
    seat's points for the hand lie within the range it gave at every position on
    the way (a bound for every line, so for the exact one too)."""
    name, rules = case
    adapter = adapter_for(name)
    game = get_game(name)
    rng = random.Random(f"points-range/{preset_id(case)}")
    checked = 0
    for _ in range(30):
        state = game.new_game(rules, seed=rng.randrange(10**6))
        while adapter.current_trick_index(state) is None:
            state = state.apply_action(rng.choice(state.legal_actions()))
        mark = adapter.hand_mark(state)
        ranges = []
        while adapter.hand_mark(state) == mark:
            ranges.append([adapter.points_range(state, seat, mark) for seat in range(state.players)])
            state = state.apply_action(rng.choice(state.legal_actions()))
        for seat in range(state.players):
            points = adapter.hand_points(state, seat, mark)
            for where, bounds in enumerate(ranges):
                low, high = bounds[seat]
                assert low <= points <= high, f"seat {seat} scored {points}, outside {bounds[seat]} " \
                                               f"{where} moves into the hand"
                checked += 1
    assert checked > 0


def test_partners_without_a_points_range_are_searched_unbounded():
    """`allies` without `points_range` (whose default is no bound): the same values
    as with the game's bounds, not a call of a missing function."""
    import copy
    adapter = adapter_for("lunar")
    unbounded = copy.copy(adapter)
    unbounded.points_range = None
    checked = 0
    for state in endgames("lunar", {"players": 4}, 2, endgame_cards("lunar", {"players": 4}), seed=3):
        seat = state.current_player
        want = solve_actions(adapter, state, seat, state.legal_actions()).values
        assert solve_actions(unbounded, state, seat, state.legal_actions()).values == want
        checked += 1
    assert checked == 2
