"""Voren: the constraint model a seat derives is exactly the set of consistent
worlds (replaying the hand with the world's deal is legal and shows the seat the
same observation), checked against brute force, CP-SAT and the truth.

No player count is small enough to enumerate a whole Voren model (the stock alone
holds 6 to 27 unseen cards that may be anywhere), so, as for Raven, each model is
narrowed by pinning cards where they truly are, the cards the plays constrained
pinned last; the pure-Python count of every whole model is checked on its own
(closed form before the deal, agreement with replay on neighbouring worlds)."""
import functools
import itertools
import math
import random

import pytest

from pycore.game import get_game
from pycore.games.voren import DECK
from solver.games import voren as adapter
from solver.view import view_of
from solver.worlds import Counter, Model, canonical
from tests.solver.positions import positions, truth
from tests.solver.stats import chi_square_p

PLAYERS = [3, 4, 5, 6, 7, 8]


@functools.lru_cache(maxsize=None)
def cases(players: int, count: int = 100, seed: int | None = None):
    """Seeded mid-game positions with the seat's view (built once per module)."""
    found = positions("voren", {"players": players}, count, seed=players if seed is None else seed)
    return [(state, seat, view_of(state, seat)) for state, seat in found]


SMALL = 10          # worlds per reduced model: every one of them is replayed


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
    for i, card in enumerate(free):
        # counting is cheap once few cards are free; before that, just pin
        if len(free) - i <= 12 and Counter(model).count() <= limit:
            break
        model = model.pin(card, home[card])
    return model


def brute_force(view, model: Model, cap=250):
    """Every way to put the model's free cards in the room left (ignoring what the
    model says about them), kept when the engine's replay says the world is
    consistent; None when there are too many."""
    fixed = {p: [] for p in model.places}
    free = []
    for card, where in model.allowed:
        if len(where) == 1:
            fixed[next(iter(where))].append(card)
        else:
            free.append(card)
    room = {p: model.places[p] - len(cs) for p, cs in fixed.items()}
    places = [p for p in room if room[p] > 0]
    total, left = 1, len(free)
    for p in places:
        total *= math.comb(left, room[p])
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
    brute_checked = constrained = 0
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
        for w in rng.sample(worlds, 1):
            assert adapter.consistent(view, dict(w)), "the whole record replays too"
        expected = brute_force(view, model)
        if expected is not None:
            brute_checked += 1
            assert set(worlds) == expected
    assert constrained >= 30, "too few positions where plays revealed anything"
    assert brute_checked >= 30


@pytest.mark.parametrize("players", PLAYERS)
def test_python_worlds_equal_cpsat_enumeration(players):
    pytest.importorskip("ortools", reason="CP-SAT reference needs OR-Tools (native only)")
    from solver import cpsat
    rng = random.Random(100 + players)
    for state, seat, view in cases(players):
        model = reduce(view, truth(state, seat), rng, limit=40)
        ours = sorted(canonical(w) for w in Counter(model).worlds())
        theirs = sorted(canonical(w) for w in cpsat.enumerate_worlds(model))
        assert ours == theirs


def test_neighbours_of_worlds_agree_with_replay():
    """Swap two unseen cards between places of the true world, on the whole model:
    the model and the engine's replay agree on whether the result is consistent."""
    rng = random.Random(7)
    disagreements = inconsistent = 0
    for players in PLAYERS:
        for state, seat, view in cases(players)[:25]:
            world = dict(truth(state, seat))
            # swaps that touch a hand whose plays revealed something are the interesting ones
            names = [p for p in world if world[p]]
            for _ in range(12):
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
    assert inconsistent > 30   # the swaps did reach worlds the history rules out


def test_before_the_deal_every_card_may_be_anywhere():
    """At the dealer's options nobody has seen a card: the count is the multinomial
    of the whole deck into the hands, the poke, the turnup and the stock."""
    game = get_game("voren")
    for players in (3, 5, 8):
        state = game.new_game({"players": players}, seed=players)
        assert state.phase == "options"
        view = view_of(state, (state.dealer + 1) % players)
        sizes = list(view.model.places.values())
        assert sorted(view.model.places) == sorted(
            [f"hand:{s}" for s in range(players)] + ["poke", "turnup", "stock"])
        expected = math.factorial(34)
        for n in sizes:
            expected //= math.factorial(n)
        assert view.count() == expected
        world = view.counter.sample(random.Random(1))
        assert adapter.consistent(view, world) and adapter.consistent_fast(view, world)


def test_sampling_is_uniform_on_a_known_count():
    rng = random.Random(3)
    for state, seat, view in cases(4):
        if state.phase != "play":
            continue
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


# --- scenario tests, written with card names: each forced play and what it reveals -----------
def play_hand(deal: dict, actions: list[str], players: int = 3):
    game = get_game("voren")
    state = game.new_game({"players": players}, deals=[deal])
    for token in actions:
        state = state.apply_token(token)
    return state


def allowed(view, token: str) -> set:
    return set(view.model.allowed_of(DECK.card(token)))


def test_not_following_reveals_a_void_and_not_trumping_reveals_no_trump():
    # dealer 0; seat 1 leads (first to the dealer's left). Trump Spades (turnup 1S).
    deal = {"dealer": 0, "hands": [["2C", "3D", "4H"], ["GC", "2D", "2H"], ["5D", "LH", "3H"]],
            "poke": ["1C", "1D", "1H"], "turnup": "1S"}
    state = play_hand(deal, ["deal", "play", "play", "play", "GC", "5D", "2C"])
    # seat 2 played 5D on a Club lead: no Club, and (not trumping) no Spade, Wolf, Treachery
    view = view_of(state, 0)
    assert "hand:2" not in allowed(view, "1C") | allowed(view, "GS") | allowed(view, "Wolf")
    assert "hand:2" in allowed(view, "GD") | allowed(view, "GH")    # any other card may be there
    assert view.model.contains(truth(state, 0)) and adapter.consistent(view, truth(state, 0))


def test_not_taking_the_trick_when_able_reveals_no_higher_card():
    # trump Spades; seat 1 leads 3C, seat 2 follows 1C: it could not beat the 3C,
    # so it holds no Club above 3 (4C, 5C, RC, LC, GC) apart from what is seen.
    deal = {"dealer": 0, "hands": [["2S", "3D", "4H"], ["3C", "2D", "2H"], ["1C", "LH", "3H"]],
            "poke": ["1D", "1H", "2C"], "turnup": "1S"}
    state = play_hand(deal, ["deal", "play", "play", "play", "3C", "1C"])
    view = view_of(state, 0)
    for token in ("4C", "5C", "RC", "LC", "GC"):
        assert "hand:2" not in allowed(view, token), token
    assert "hand:2" in allowed(view, "2C") or "2C" in truth(state, 0).get("poke", ())
    assert "hand:2" in allowed(view, "5H")


def test_not_leading_the_greater_crown_of_trump_reveals_it_is_elsewhere():
    deal = {"dealer": 0, "hands": [["2C", "3D", "4H"], ["5C", "2D", "2H"], ["1C", "LH", "3H"]],
            "poke": ["1D", "1H", "2C"][:2] + ["GS"], "turnup": "1S"}
    state = play_hand(deal, ["deal", "play", "play", "play", "5C"])
    view = view_of(state, 0)
    assert "hand:1" not in allowed(view, "GS")
    assert "hand:1" in allowed(view, "LS")


def test_not_leading_trump_to_the_second_trick_reveals_no_trump():
    # seat 2 trumps trick 1 with 2S: had it held the Treachery or the Wolf it would
    # have had to take with that (the highest card that takes); then it leads a
    # Heart to trick 2: it holds no Spade either.
    deal = {"dealer": 0, "hands": [["3C", "3D", "4H"], ["5C", "2D", "2H"], ["2S", "LH", "3H"]],
            "poke": ["1D", "1H", "2C"], "turnup": "1S"}
    state = play_hand(deal, ["deal", "play", "play", "play", "5C", "2S", "3C", "LH"])
    view = view_of(state, 0)
    for token in ("3S", "GS", "RS"):
        assert "hand:2" not in allowed(view, token), token
    assert "hand:2" not in allowed(view, "Wolf") | allowed(view, "Treachery")
    assert "hand:2" in allowed(view, "5D")


def test_a_poke_taker_discard_and_hand_are_places():
    deal = {"dealer": 0, "hands": [["2C", "3D", "4H"], ["5C", "2D", "2H"], ["2S", "LH", "3H"]],
            "poke": ["1D", "1H", "RC"], "turnup": "1S"}
    state = play_hand(deal, ["deal poke", "poke", "play", "play"])
    view = view_of(state, 0)
    assert view.model.places["discard:1"] == 3 and view.model.places["hand:1"] == 3
    assert "poke" not in view.model.places
    own = view_of(state, 1)
    assert "discard:1" not in own.model.places and "poke" not in own.model.places
    assert view.model.contains(truth(state, 0)) and own.model.contains(truth(state, 1))
