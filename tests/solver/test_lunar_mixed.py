"""Lunar's mixed deal (rules field `deal: "mixed"`): the seat's worlds are exactly
the consistent ones (brute force by replay, CP-SAT on the model filtered by the
type-count predicate, the true deal always among them), sampling is uniform,
and hints rank every legal action. Hands short of a type (which give all they
hold of it) come from a fixed deal; the rest from seeded random games."""
import functools
import json
import math
import random

import pytest

from pycore.records import Record, replay
from solver.games import lunar as adapter
from solver.hints import hint
from solver.testing import positions, reduce_lunar, truth
from solver.view import view_of
from solver.worlds import canonical
from tests.solver import checks
from tests.solver.stats import chi_square_p

MIXED = {"players": 4, "deal": "mixed"}

# seat 1 holds one rank card, seat 3 one suit card: both give all they hold of it
SHORT_DEAL = {"start": 0, "hands": [
    ["R1", "R1", "R5", "R6", "R6", "R6"] + ["Lynx"] * 6,
    ["R1"] + ["Wolf"] * 6 + ["Owl"] * 5,
    ["R7"] * 3 + ["R8"] * 3 + ["Bat"] * 6,
    ["R2"] * 3 + ["R3"] * 3 + ["R4"] * 3 + ["R5"] * 2 + ["Owl"]]}


def short_positions(count=24, seed=0):
    """Positions of the short-handed deal, stopped at random steps."""
    rng = random.Random(f"short/{seed}")
    out = []
    while len(out) < count:
        state = replay(Record(game="lunar", rules=dict(MIXED), seed=0, deals=[SHORT_DEAL], actions=[]))
        for _ in range(rng.randrange(0, 40)):
            state = state.apply_action(rng.choice(state.legal_actions()))
        out.append((state, rng.randrange(4)))
    return out


@functools.lru_cache(maxsize=None)
def cases(players: int):
    found = positions("lunar", {**MIXED, "players": players}, 60, seed=300 + players)
    if players == 4:
        found = found + short_positions()
    return [(state, seat, view_of(state, seat)) for state, seat in found]


def ranks_of(view, world) -> tuple:
    return tuple(sum(1 for c in world[p] if adapter.is_rank(c)) for p in view.model.places)


def in_view(view, world) -> bool:
    check = view.extra["check"]
    return view.model.contains(world) and (check is None or check(ranks_of(view, world)))


def counter(view, model):
    return adapter.KindCounter(model, view.extra["check"])


def reduce(view, true_world, rng, limit=16):
    """The seat's model narrowed to at most `limit` worlds of the view."""
    return reduce_lunar(view, true_world, rng, limit, count=lambda model: counter(view, model).count())


def brute_force(view, model):
    """Every way to share out the model's free copies over the room left in its
    places (ignoring what the model allows and the predicate), kept when the
    engine's replay says the world is consistent; None when too many."""
    return checks.brute_force_copies(view, model, adapter.consistent_fast, cap=300)


def test_short_deal_gives_all_of_the_short_type():
    state = replay(Record(game="lunar", rules=dict(MIXED), seed=0, deals=[SHORT_DEAL], actions=[]))
    shapes = {}
    while state.phase == "exchange":
        seat = state.current_player
        shapes[seat] = {sum(1 for c in a.cards if adapter.is_rank(c)) for a in state.legal_actions()}
        state = state.apply_action(state.legal_actions()[0])
    assert shapes == {0: {2}, 1: {1}, 2: {2}, 3: {3}}


@pytest.mark.parametrize("players", [4, 2])
def test_mixed_worlds_are_exactly_the_consistent_ones(players):
    rng = random.Random(players)
    brute_checked = 0
    for state, seat, view in cases(players):
        true_world = truth(state, seat)
        assert in_view(view, true_world), "the true deal must be a world"
        assert adapter.consistent_fast(view, true_world)
        model = reduce(view, true_world, rng)
        c = counter(view, model)
        worlds = [canonical(w) for w in c.worlds()]
        assert canonical(true_world) in worlds
        assert len(worlds) == c.count() == len(set(worlds))
        for w in worlds:
            assert adapter.consistent_fast(view, dict(w)), "every produced world replays"
        for w in rng.sample(worlds, min(1, len(worlds))):
            assert adapter.consistent(view, dict(w)), "the whole record replays too"
        expected = brute_force(view, model)
        if expected is not None:
            brute_checked += 1
            assert set(worlds) == expected
    assert brute_checked >= (30 if players == 4 else 10)


def test_mixed_samples_replay_on_whole_views():
    rng = random.Random(5)
    for state, seat, view in cases(4)[::3]:
        for _ in range(3):
            world = view.counter.sample(rng)
            assert in_view(view, world) and adapter.consistent_fast(view, world)


def test_mixed_worlds_equal_cpsat_filtered_by_the_predicate():
    pytest.importorskip("ortools", reason="CP-SAT reference needs OR-Tools (native only)")
    from solver import cpsat
    rng = random.Random(104)
    checked = 0
    for state, seat, view in cases(4)[::2]:
        model = reduce(view, truth(state, seat), rng, limit=60)
        ours = sorted(canonical(w) for w in counter(view, model).worlds())
        check = view.extra["check"]
        theirs = sorted(canonical(w) for w in cpsat.enumerate_worlds(model)
                        if check is None or check(ranks_of(view, w)))
        assert ours == theirs
        checked += 1
    assert checked >= 20


def test_neighbours_of_mixed_worlds_agree_with_replay():
    """Swap two unseen cards between places (across types too): the view and the
    engine's replay agree on whether the result is still consistent."""
    rng = random.Random(7)
    disagreements, inconsistent, across = 0, 0, 0
    for state, seat, view in cases(4):
        world = dict(truth(state, seat))
        names = [p for p in world if world[p]]
        for _ in range(20):
            if len(names) < 2:
                break
            a, b = rng.sample(names, 2)
            ca, cb = rng.choice(world[a]), rng.choice(world[b])
            other = dict(world)
            other[a] = tuple(sorted(list(adapter._minus(world[a], [ca])) + [cb]))
            other[b] = tuple(sorted(list(adapter._minus(world[b], [cb])) + [ca]))
            replayed = adapter.consistent_fast(view, other)
            inconsistent += not replayed
            across += adapter.is_rank(ca) != adapter.is_rank(cb)
            disagreements += in_view(view, other) != replayed
    assert disagreements == 0
    assert inconsistent >= 10 and across >= 10


def test_mixed_sampling_is_uniform_on_a_known_count():
    rng = random.Random(3)
    for state, seat, view in cases(4):
        model = reduce(view, truth(state, seat), rng, limit=60)
        c = counter(view, model)
        if c.count() < 25:
            continue
        tally = {canonical(w): 0 for w in c.worlds()}
        for _ in range(40 * len(tally)):
            tally[canonical(c.sample(rng))] += 1
        assert chi_square_p(list(tally.values())) > 1e-4
        return
    pytest.fail("no position with a suitable count")


def test_mixed_hints_rank_every_legal_action():
    seen = set()
    for players in (4, 2):
        for state, seat, view in cases(players)[::4]:
            seat = state.current_player
            h = hint(state, seat, effort=40, seed=1)
            legal = state.observation(seat)["legal"]
            assert sorted(a["action"] for a in h["actions"]) == sorted(legal)
            assert all(a["n"] >= 1 and math.isfinite(a["ev"]) for a in h["actions"])
            assert h == json.loads(json.dumps(h)) == hint(state, seat, effort=40, seed=1)
            seen.add((players, h["decision"]))
    assert {(4, "give"), (4, "play"), (2, "play")} <= seen


def test_mixed_inference_types_sum_to_sizes():
    for state, seat, view in cases(4)[::6]:
        for name, entry in adapter.inference(view).items():
            assert sum(entry["cards"].values()) == pytest.approx(entry["size"], abs=0.01)
            assert sum(entry["types"].values()) == pytest.approx(entry["size"], abs=0.01)
