"""Raven hints and bots: every legal action ranked, deterministic for a seed,
blind to hidden cards, with an inference that matches the model."""
import functools
import json
import random

import pytest

from pycore.records import dumps, replay
from solver import api, bots
from solver.games import raven as adapter
from solver.hints import hint, inference
from solver.view import view_of
from tests.solver.positions import positions, truth


@functools.lru_cache(maxsize=None)
def cases(players, count=6, seed=0):
    return positions("raven", {"players": players}, count, seed=1000 + players + seed)


def to_act(players, count=6):
    return [(s, s.current_player) for s, _ in cases(players, count)]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_hint_ranks_every_legal_action_and_is_deterministic(players):
    for state, seat in to_act(players, 3):
        h = hint(state, seat, effort=60, seed=5)
        legal = state.observation(seat)["legal"]
        assert sorted(a["action"] for a in h["actions"]) == sorted(legal)
        assert h["best"] == h["actions"][0]["action"]
        evs = [a["ev"] for a in h["actions"] if a["searched"]]
        assert evs == sorted(evs, reverse=True)
        assert hint(state, seat, effort=60, seed=5) == h
        json.dumps(h)   # plain JSON
        if h["decision"] == "play" and len(legal) > 1:
            assert "expected score this hand" in h["why"] and "%" in h["why"]


def other_world_state(state, seat, rng):
    """The same game as the seat saw it, with its hidden cards redealt: another
    consistent world, replayed from its own complete record."""
    view = view_of(state, seat)
    for _ in range(20):
        world = view.counter.sample(rng)
        if world != truth(state, seat):
            break
    again = replay(adapter.world_record(view, world))
    assert again.observation(seat) == state.observation(seat)
    return again, world != truth(state, seat)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_act_from_what_the_seat_may_know(level):
    rng = random.Random(level)
    changed = 0
    for players in [2, 3, 4, 5, 6]:
        for state, seat in to_act(players, 4):
            other, differs = other_world_state(state, seat, rng)
            changed += differs
            effort = {"easy": None, "normal": 40, "hard": 80}[level]
            a = bots.choose(state, seat, level, seed=3, effort=effort)
            b = bots.choose(other, seat, level, seed=3, effort=effort)
            assert a == b
    assert changed >= 10


def test_inference_probabilities_and_voids():
    checked_voids = 0
    for players in [3, 4, 6]:
        for state, seat in cases(players, 10):
            view = view_of(state, seat)
            inferred = inference(view)
            real = truth(state, seat)
            for name, entry in inferred.items():
                assert sum(entry["cards"].values()) == pytest.approx(entry["size"], abs=0.01)
                for suit in entry.get("voids", []):
                    index = adapter.suit_names().index(suit)
                    assert not any(adapter.card_suit(c) == index for c in real[name])
                    checked_voids += 1
    assert checked_voids >= 3


def test_json_api_round_trip():
    state, _ = cases(4)[0]
    seat = state.current_player
    record = dumps(state)
    h = api.hint(record, seat, {"effort": 40, "seed": 2})
    assert h == json.loads(json.dumps(h))
    token = api.bot_move(record, seat, "normal", 2)
    assert token in state.observation(seat)["legal"]
    info = api.infer(json.loads(record), seat)
    assert info["worlds"] == view_of(state, seat).count()


def test_endgame_ranking_is_the_exact_average_over_all_worlds():
    """With few cards left and all worlds searched exactly, each action's expected
    score equals the average over the worlds of the max^n value (the seat's view
    narrowed to a few dozen worlds by pinning cards where they truly are)."""
    from solver.search import exact_line, rank
    from tests.solver.test_raven_worlds import reduce
    rng = random.Random(8)
    found = 0
    for state, seat in positions("raven", {"players": 4}, 400, seed=77):
        if state.phase != "play" or adapter.cards_left(state) > 6 or len(state.legal_actions()) < 2:
            continue
        seat = state.current_player
        view = view_of(state, seat)
        view.model = reduce(view, truth(state, seat), rng, limit=30)
        view._counter = None
        r = rank(view, effort=10**6)
        assert r.enumerated and r.exact_search
        mark = adapter.hand_mark(state)
        worlds = list(view.counter.worlds())
        for st in r.stats:
            total = sum(exact_line(adapter, view.world_state(w).apply_action(st.action), mark, {})[0][seat]
                        for w in worlds)
            assert st.ev == pytest.approx(total / len(worlds))
        found += 1
        if found >= 3:
            break
    assert found >= 1
