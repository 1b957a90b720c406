"""Tricksters: worlds against brute force and CP-SAT; trick-play hints from the
fourth trick equal brute-force expectimax over every consistent world."""
import functools
import itertools
import random

import pytest

from pycore.games.tricksters import ROUND_POINTS
from solver import bots
from solver.games import tricksters as adapter
from solver.hints import hint
from solver.search import rank
from solver.view import view_of
from solver.worlds import Counter, canonical
from tests.solver.positions import positions, truth


@functools.lru_cache(maxsize=None)
def cases(count=100, seed=0):
    found = positions("tricksters", {}, count, seed=seed)
    return [(s, seat, view_of(s, seat)) for s, seat in found]


def brute_worlds(view):
    """Every split of the unseen cards into the hidden places that replays legally
    and reproduces the seat's observation."""
    places = list(view.model.places)
    cards = view.model.cards
    found = set()

    def rec(i, left, acc):
        if i == len(places):
            world = dict(acc)
            if adapter.consistent(view, world):
                found.add(canonical(world))
            return
        for combo in itertools.combinations(left, view.model.places[places[i]]):
            rec(i + 1, [c for c in left if c not in combo], {**acc, places[i]: combo})
    rec(0, cards, {})
    return found


def test_worlds_are_the_consistent_ones():
    checked = 0
    for state, seat, view in cases():
        real = truth(state, seat)
        assert view.model.contains(real) and adapter.consistent(view, real)
        counter = Counter(view.model)
        if counter.count() <= 90:
            assert {canonical(w) for w in counter.worlds()} == brute_worlds(view)
            checked += 1
        else:
            rng = random.Random(checked)
            for _ in range(3):
                assert adapter.consistent(view, counter.sample(rng))
    assert checked >= 20


def test_python_worlds_equal_cpsat():
    pytest.importorskip("ortools", reason="CP-SAT reference needs OR-Tools (native only)")
    from solver import cpsat
    small = [(s, x, v) for s, x, v in cases(300, seed=1) if v.count() <= 300][:100]
    assert len(small) == 100
    for state, seat, view in small:
        ours = sorted(canonical(w) for w in Counter(view.model).worlds())
        assert ours == sorted(canonical(w) for w in cpsat.enumerate_worlds(view.model))


def minimax(state, seat, mark):
    """Plain pair-vs-pair minimax, nothing cached or cut: the seat's pair maximises
    its round points, the other pair minimises them."""
    if len(state.finished_hands) != mark:
        return state.finished_hands[mark][1][seat]
    values = [minimax(state.apply_action(a), seat, mark) for a in state.legal_actions()]
    return max(values) if state.current_player in (seat, state.partner[seat]) else min(values)


@functools.lru_cache(maxsize=None)
def late_positions(count=40):
    found = []
    rng = random.Random(12)
    from pycore.game import get_game
    game = get_game("tricksters")
    while len(found) < count:
        state = game.new_game({}, seed=rng.randrange(10**6))
        for _ in range(rng.randrange(0, 3) * 33):          # some later rounds too
            state = state.apply_action(rng.choice(state.legal_actions()))
        while not (state.phase == "play" and adapter.cards_left(state) <= 8):
            state = state.apply_action(rng.choice(state.legal_actions()))
        for _ in range(rng.randrange(0, 6)):
            if state.is_terminal or state.phase != "play":
                break
            state = state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal or state.phase != "play" or len(state.legal_actions()) < 2:
            continue
        found.append(state)
    return found


def test_trick_play_hints_equal_brute_force_expectimax():
    for state in late_positions():
        seat = state.current_player
        view = view_of(state, seat)
        r = rank(view, effort=10**6)
        assert r.enumerated and r.exact_search
        worlds = brute_worlds(view)
        assert r.worlds == len(worlds)
        mark = len(state.finished_hands)
        for st in r.stats:
            values = [minimax(view.world_state(dict(w)).apply_action(st.action), seat, mark)
                      for w in worlds]
            assert st.ev == pytest.approx(sum(values) / len(values))


def test_every_decision_is_hinted_and_bots_are_blind():
    kinds = set()
    rng = random.Random(3)
    from pycore.game import get_game
    chooser = get_game("tricksters").new_game({}, seed=5)
    while chooser.phase != "partners":
        chooser = chooser.apply_action(rng.choice(chooser.legal_actions()))
    for state, seat in [(chooser, None)] + [(s, x) for s, x, _ in cases()[:40]]:
        seat = state.current_player
        h = hint(state, seat, effort=40, seed=1)
        assert sorted(a["action"] for a in h["actions"]) == sorted(state.observation(seat)["legal"])
        kinds.add(h["decision"])
        sv = view_of(state, seat)
        world = sv.counter.sample(rng)
        other = sv.world_state(world)
        for level, effort in (("easy", None), ("normal", 30)):
            assert bots.choose(state, seat, level, 4, effort) == bots.choose(other, seat, level, 4, effort)
    assert kinds == {"draft", "suit", "partners", "play"}
