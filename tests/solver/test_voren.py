"""Voren: the seat's worlds are exactly the consistent ones (neighbour swaps
checked against the engine's replay, reduced models against brute force and
CP-SAT), every decision is hinted, bots are blind to hidden cards."""
import functools
import itertools
import random

import pytest

from solver import bots
from solver.games import voren as adapter
from solver.hints import hint
from solver.view import view_of
from solver.worlds import Counter, canonical
from tests.solver.positions import positions, truth
from tests.solver.test_raven_worlds import reduce

PLAYERS = [3, 5, 8]


@functools.lru_cache(maxsize=None)
def cases(players, count=100):
    return [(s, seat, view_of(s, seat)) for s, seat in positions("voren", {"players": players}, count, seed=players)]


def brute(view, model, cap=400):
    fixed = {p: [] for p in model.places}
    free = []
    for card, where in model.allowed:
        (fixed[next(iter(where))].append(card) if len(where) == 1 else free.append(card))
    room = {p: model.places[p] - len(cs) for p, cs in fixed.items()}
    places = [p for p in room if room[p]]
    found, tried = set(), 0

    def rec(i, cards, acc):
        nonlocal tried
        if i == len(places):
            tried += 1
            world = {p: tuple(sorted(fixed[p] + acc.get(p, []))) for p in model.places}
            if adapter.consistent(view, world):
                found.add(canonical(world))
            return
        for combo in itertools.combinations(cards, room[places[i]]):
            rec(i + 1, [c for c in cards if c not in combo], {**acc, places[i]: list(combo)})
    total = 1
    left = len(free)
    from math import comb
    for p in places:
        total *= comb(left, room[p])
        left -= room[p]
    if total > cap:
        return None
    rec(0, free, {})
    return found


@pytest.mark.parametrize("players", PLAYERS)
def test_worlds_are_the_consistent_ones(players):
    rng = random.Random(players)
    brute_checked = constrained = 0
    for state, seat, view in cases(players):
        real = truth(state, seat)
        assert view.model.contains(real) and adapter.consistent(view, real)
        constrained += any(len(w) < len(view.model.places) for _, w in view.model.allowed)
        model = reduce(view, real, rng, limit=16)
        worlds = {canonical(w) for w in Counter(model).worlds()}
        assert canonical(real) in worlds
        for w in worlds:
            assert adapter.consistent(view, dict(w))
        expected = brute(view, model)
        if expected is not None:
            brute_checked += 1
            assert worlds == expected
    assert brute_checked >= 30
    assert constrained >= 5


@pytest.mark.parametrize("players", PLAYERS)
def test_python_worlds_equal_cpsat(players):
    pytest.importorskip("ortools", reason="CP-SAT reference needs OR-Tools (native only)")
    from solver import cpsat
    rng = random.Random(10 + players)
    for state, seat, view in cases(players):
        model = reduce(view, truth(state, seat), rng, limit=40)
        assert sorted(canonical(w) for w in Counter(model).worlds()) == \
            sorted(canonical(w) for w in cpsat.enumerate_worlds(model))


def test_neighbour_swaps_agree_with_replay():
    rng = random.Random(4)
    disagreements = ruled_out = 0
    for players in PLAYERS:
        for state, seat, view in cases(players)[:40]:
            world = dict(truth(state, seat))
            names = [p for p in world if world[p]]
            for _ in range(10):
                if len(names) < 2:
                    break
                a, b = rng.sample(names, 2)
                ca, cb = rng.choice(world[a]), rng.choice(world[b])
                other = dict(world)
                other[a] = tuple(sorted([c for c in world[a] if c != ca] + [cb]))
                other[b] = tuple(sorted([c for c in world[b] if c != cb] + [ca]))
                replayed = adapter.consistent(view, other)
                ruled_out += not replayed
                disagreements += view.model.contains(other) != replayed
    assert disagreements == 0
    assert ruled_out >= 10


def test_every_decision_hinted_and_bots_blind():
    kinds = set()
    rng = random.Random(5)
    from pycore.game import get_game
    for players in PLAYERS:
        fresh = get_game("voren").new_game({"players": players}, seed=players)   # the dealer's options
        for state in [fresh] + [s for s, _, _ in cases(players)[:8]]:
            seat = state.current_player
            h = hint(state, seat, effort=30, seed=1)
            assert sorted(a["action"] for a in h["actions"]) == sorted(state.observation(seat)["legal"])
            kinds.add(h["decision"])
            view = view_of(state, seat)
            other = view.world_state(view.counter.sample(rng))
            assert other.observation(seat) == state.observation(seat)
            for level, effort in (("easy", None), ("normal", 20)):
                assert bots.choose(state, seat, level, 2, effort) == bots.choose(other, seat, level, 2, effort)
    assert kinds == {"options", "decide", "play"}
