"""Voren hints and bots: every legal action ranked for each kind of decision
(dealer options; play, fold or take the poke; card play), with the numbers in
words, deterministic for a seed, blind to hidden cards, exact in small endgames,
and an inference that matches the model."""
import functools
import json
import random

import pytest

from pycore.records import dumps, replay
from solver import api, bots
from solver.games import voren as adapter
from solver.hints import hint, inference
from solver.view import view_of
from tests.solver.positions import positions, truth

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
        seat = state.current_player
        h = hint(state, seat, effort=60, seed=5)
        legal = state.observation(seat)["legal"]
        assert h["decision"] == kind
        assert sorted(a["action"] for a in h["actions"]) == sorted(legal)
        assert all(a["searched"] for a in h["actions"])
        assert h["best"] == h["actions"][0]["action"]
        evs = [a["ev"] for a in h["actions"]]
        assert evs == sorted(evs, reverse=True)
        assert hint(state, seat, effort=60, seed=5) == h
        assert h == json.loads(json.dumps(h))   # plain JSON
        assert "expected score this hand" in h["why"] and "%" in h["why"]
        assert "next best" in h["why"]
        if kind == "play":
            assert "takes this trick in" in h["why"]
        else:
            assert "takes at least one trick in" in h["why"] and "is looed in" in h["why"]


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
            assert "is looed in 0%" in fold["why"]
            checked += 1
            break
    assert checked >= 2


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
    for players in PLAYERS:
        for state, _ in cases(players, 6):
            seat = state.current_player
            other, differs = other_world_state(state, seat, rng)
            changed += differs
            effort = {"easy": None, "normal": 30, "hard": 60}[level]
            a = bots.choose(state, seat, level, seed=3, effort=effort)
            b = bots.choose(other, seat, level, seed=3, effort=effort)
            assert a == b
            assert a in state.legal_actions()
    assert changed >= 10


def test_inference_probabilities_and_voids():
    checked_voids = 0
    for players in PLAYERS:
        for state, seat in cases(players, 12):
            view = view_of(state, seat)
            inferred = inference(view)
            real = truth(state, seat)
            assert set(inferred) == set(view.model.places)
            for name, entry in inferred.items():
                assert sum(entry["cards"].values()) == pytest.approx(entry["size"], abs=0.01)
                for suit in entry.get("voids", []):
                    index = adapter.suit_names().index(suit)
                    assert not any(adapter.card_suit(c) == index for c in real[name])
                    checked_voids += 1
    assert checked_voids >= 3


def test_json_api_round_trip():
    state = by_decision(5)["decide"]
    seat = state.current_player
    record = dumps(state)
    h = api.hint(record, seat, {"effort": 40, "seed": 2})
    assert h == json.loads(json.dumps(h)) and h["decision"] == "decide"
    token = api.bot_move(record, seat, "normal", 2)
    assert token in state.observation(seat)["legal"]
    info = api.infer(json.loads(record), seat)
    assert info["worlds"] == view_of(state, seat).count()


def test_endgame_ranking_is_the_exact_average_over_all_worlds():
    """With few cards left and all worlds searched exactly, each action's expected
    score equals the average over the worlds of the max^n value."""
    from solver.search import exact_line, rank
    from tests.solver.test_voren_worlds import reduce
    rng = random.Random(8)
    found = 0
    for state, seat in positions("voren", {"players": 3}, 300, seed=77):
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

