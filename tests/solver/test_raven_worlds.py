"""Raven: the constraint model a seat derives is exactly the set of consistent
worlds (replaying the history with the world's cards is legal and shows the seat
the same observation), checked against brute force, CP-SAT and the truth."""
import functools
import itertools
import random

import pytest

from pycore.games.raven import SHAMAN
from solver.games import raven as adapter
from solver.view import view_of
from solver.worlds import Counter, Model, canonical
from tests.solver.positions import positions, truth
from tests.solver.stats import chi_square_p

PLAYERS = [2, 3, 4, 5, 6]


@functools.lru_cache(maxsize=None)
def cases(players: int, count: int = 100, seed: int | None = None):
    """Seeded mid-game positions with the seat's view (built once per module)."""
    found = positions("raven", {"players": players}, count, seed=players if seed is None else seed)
    return [(state, seat, view_of(state, seat)) for state, seat in found]
SMALL = 12          # worlds per reduced model: every one of them is replayed


def reduce(view, true_world, rng, limit=SMALL) -> Model:
    """The seat's model with cards pinned to their true places until at most
    `limit` worlds remain; the cards whose places the plays constrained stay free
    longest, so the test exercises what the inference derived."""
    model = view.model
    free = [c for c, _ in model.allowed]
    rng.shuffle(free)
    full = set(model.places)
    free.sort(key=lambda c: model.allowed_of(c) != full)   # unconstrained cards first
    home = {c: p for p, cs in true_world.items() for c in cs}
    for card in free:
        if Counter(model).count() <= limit:
            break
        model = model.pin(card, home[card])
    return model


def brute_force(view, model: Model, cap=150):
    """Every way to put the model's free cards in the room left, kept when the
    engine's replay says the world is consistent; None when too many."""
    fixed = {p: [] for p in model.places}
    free = []
    for card, where in model.allowed:
        if len(where) == 1:
            fixed[next(iter(where))].append(card)
        else:
            free.append(card)
    room = {p: model.places[p] - len(cs) for p, cs in fixed.items()}
    places = [p for p in room if room[p] > 0]
    total = 1
    left = len(free)
    for p in places:
        total *= __import__("math").comb(left, room[p])
        left -= room[p]
    if total > cap:
        return None
    found = set()

    def rec(i, cards, acc):
        if i == len(places):
            world = {p: tuple(sorted(fixed[p] + acc.get(p, []))) for p in model.places}
            if adapter.consistent_fast(view, world):
                found.add(canonical(world))
            return
        for combo in itertools.combinations(cards, room[places[i]]):
            rest = [c for c in cards if c not in combo]
            rec(i + 1, rest, {**acc, places[i]: list(combo)})
    rec(0, free, {})
    return found


@pytest.mark.parametrize("players", PLAYERS)
def test_derived_worlds_are_exactly_the_consistent_ones(players):
    rng = random.Random(players)
    brute_checked = 0
    constrained = 0
    for state, seat, view in cases(players):
        true_world = truth(state, seat)
        assert view.model.contains(true_world), "the true deal must be a world"
        assert adapter.consistent(view, true_world)
        if any(len(w) < len(view.model.places) for _, w in view.model.allowed):
            constrained += 1
        model = reduce(view, true_world, rng)
        worlds = [canonical(w) for w in Counter(model).worlds()]
        assert canonical(true_world) in worlds
        assert len(worlds) == Counter(model).count() == len(set(worlds))
        for w in worlds:
            assert adapter.consistent_fast(view, dict(w)), "every produced world replays"
        for w in rng.sample(worlds, min(2, len(worlds))):
            assert adapter.consistent(view, dict(w)), "the whole record replays too"
        expected = brute_force(view, model)
        if expected is not None:
            brute_checked += 1
            assert set(worlds) == expected
    assert constrained >= 20, "too few positions where plays revealed anything"
    assert brute_checked >= 30


@pytest.mark.parametrize("players", PLAYERS)
def test_python_worlds_equal_cpsat_enumeration(players):
    pytest.importorskip("ortools", reason="CP-SAT reference needs OR-Tools (native only)")
    from solver import cpsat
    rng = random.Random(100 + players)
    for state, seat, view in cases(players):
        model = reduce(view, truth(state, seat), rng, limit=60)
        ours = sorted(canonical(w) for w in Counter(model).worlds())
        theirs = sorted(canonical(w) for w in cpsat.enumerate_worlds(model))
        assert ours == theirs


def test_neighbours_of_worlds_agree_with_replay():
    """Swap two unseen cards between places in a world: the model and the engine's
    replay agree on whether the result is still consistent (both directions)."""
    rng = random.Random(7)
    disagreements, inconsistent = 0, 0
    for players in PLAYERS:
        for state, seat in positions("raven", {"players": players}, 20, seed=50 + players):
            view = view_of(state, seat)
            world = dict(truth(state, seat))
            names = [p for p in world if world[p]]
            for _ in range(15):
                if len(names) < 2:
                    break
                a, b = rng.sample(names, 2)
                ca, cb = rng.choice(world[a]), rng.choice(world[b])
                other = dict(world)
                other[a] = tuple(sorted([c for c in world[a] if c != ca] + [cb]))
                other[b] = tuple(sorted([c for c in world[b] if c != cb] + [ca]))
                replayed = adapter.consistent_fast(view, other)
                inconsistent += not replayed
                disagreements += view.model.contains(other) != replayed
    assert disagreements == 0
    assert inconsistent > 50   # the swaps did reach worlds the history rules out


def test_sampling_is_uniform_on_a_known_count():
    rng = random.Random(3)
    for state, seat in positions("raven", {"players": 4}, 30, seed=9):
        view = view_of(state, seat)
        model = reduce(view, truth(state, seat), rng, limit=60)
        counter = Counter(model)
        if counter.count() < 25:
            continue
        tally = {canonical(w): 0 for w in counter.worlds()}
        for _ in range(40 * len(tally)):
            tally[canonical(counter.sample(rng))] += 1
        assert chi_square_p(list(tally.values())) > 1e-4
        return
    pytest.fail("no position with a suitable count")


def test_bid_piles_fast_path_matches_asking_the_engine():
    from pycore.game import get_game
    for players in (3, 4, 5, 6):
        state = get_game("raven").new_game({"players": players}, seed=players)
        state = state.apply_action(state.legal_actions()[0])          # one bid made
        seat = (state.current_player + 1) % players
        assert adapter.bid_allowed_generic(state, seat) == adapter.bid_allowed(state)


def test_lone_shaman_reveal_is_a_known_card():
    """Ruling R2 in the trick under way pins the Shaman to the last winner's hand."""
    from pycore.game import get_game
    game = get_game("raven")
    found = 0
    for seed in range(400):
        rng = random.Random(seed)
        state = game.new_game({"players": 3}, seed=seed)
        while not state.is_terminal:
            if state.phase == "play" and len(state.tricks) > 1:
                t = state.tricks[-1]
                if t.leader != state.tricks[-2].winner and not t.plays:
                    holder = state.tricks[-2].winner
                    seat = (holder + 1) % 3
                    view = view_of(state, seat)
                    assert view.model.allowed_of(SHAMAN) == {f"hand:{holder}"}
                    assert view.count() == 1 or view.model.contains(truth(state, seat))
                    found += 1
                    break
            state = state.apply_action(rng.choice(state.legal_actions()))
        if found >= 3:
            break
    assert found >= 1
