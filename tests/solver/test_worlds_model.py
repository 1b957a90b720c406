"""The pure-Python readers of a constraint model against brute force, on small
random models (any game's model has this shape)."""
import itertools
import random

import pytest

from solver.worlds import Counter, Model, canonical
from tests.solver.stats import chi_square_p


def brute(model: Model) -> set:
    places = list(model.places)
    cards = [c for c, _ in model.allowed]
    found = set()
    for assign in itertools.product(places, repeat=len(cards)):
        world = {p: [] for p in places}
        for card, place in zip(cards, assign):
            world[place].append(card)
        world = {p: tuple(sorted(cs)) for p, cs in world.items()}
        if model.contains(world):
            found.add(canonical(world))
    return found


def random_model(rng, copies=False) -> Model:
    n = rng.randint(1, 8)
    cards = [rng.randrange(4) for _ in range(n)] if copies else list(range(n))
    places = {f"p{i}": 0 for i in range(rng.randint(1, 4))}
    for _ in cards:
        places[rng.choice(list(places))] += 1
    allowed = []
    for c in cards:
        where = frozenset(p for p in places if rng.random() < 0.7) or frozenset([rng.choice(list(places))])
        allowed.append((c, where))
    if copies:  # copies of a kind share their places (only pins split them)
        first = {}
        allowed = [(c, first.setdefault(c, w)) for c, w in allowed]
        return Model(places, allowed, copies={c: cards.count(c) for c in set(cards)})
    return Model(places, dict(allowed))


@pytest.mark.parametrize("copies", [False, True])
def test_count_enumerate_sample_marginals_match_brute_force(copies):
    rng = random.Random(5 + copies)
    nonempty = 0
    for _ in range(150):
        model = random_model(rng, copies)
        counter = Counter(model)
        expected = brute(model)
        listed = [canonical(w) for w in counter.worlds()]
        assert len(listed) == len(set(listed)) == counter.count() == len(expected)
        assert set(listed) == expected
        if not expected:
            continue
        nonempty += 1
        assert canonical(counter.sample(rng)) in expected
        marg = counter.marginals()
        for card in set(model.cards):
            for place in model.places:
                if copies:
                    share = sum(dict(w)[place].count(card) for w in expected) / len(expected)
                    share /= model.cards.count(card)
                else:
                    share = sum(card in dict(w)[place] for w in expected) / len(expected)
                assert marg[card].get(place, 0.0) == pytest.approx(share)
    assert nonempty > 50


def test_sampler_is_uniform_and_the_test_catches_bias():
    model = Model({"a": 3, "b": 3, "c": 2},
                  {0: {"a", "b"}, 1: {"a", "b", "c"}, 2: {"b", "c"}, 3: {"a", "b", "c"},
                   4: {"a", "c"}, 5: {"a", "b", "c"}, 6: {"a", "b", "c"}, 7: {"b"}})
    counter = Counter(model)
    worlds = [canonical(w) for w in counter.worlds()]
    k = len(worlds)
    assert k > 20
    rng = random.Random(11)
    draws = 60 * k
    tally = {w: 0 for w in worlds}
    for _ in range(draws):
        tally[canonical(counter.sample(rng))] += 1
    assert chi_square_p(list(tally.values())) > 1e-4
    # a sampler that fills places greedily card by card is not uniform: the test sees it
    biased = {w: 0 for w in worlds}
    for _ in range(draws):
        while True:
            room = dict(model.places)
            world = {p: [] for p in room}
            for card, where in model.allowed:
                options = [p for p in sorted(where) if room[p]]
                if not options:
                    break
                p = rng.choice(options)
                room[p] -= 1
                world[p].append(card)
            else:
                biased[canonical({p: tuple(sorted(v)) for p, v in world.items()})] += 1
                break
    assert chi_square_p(list(biased.values())) < 1e-6


@pytest.mark.parametrize("copies", [False, True])
def test_cpsat_enumerates_the_same_worlds(copies):
    pytest.importorskip("ortools", reason="CP-SAT reference needs OR-Tools (native only)")
    from solver import cpsat
    rng = random.Random(21 + copies)
    for _ in range(60):
        model = random_model(rng, copies)
        ours = sorted(canonical(w) for w in Counter(model).worlds())
        assert ours == sorted(canonical(w) for w in cpsat.enumerate_worlds(model))
