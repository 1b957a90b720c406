"""Tricksters' own checks of the constraint model (the checks every game passes
are in test_worlds.py): whole models, small enough here to list, against a brute
force over every deal of the round and CP-SAT; the count the rules file gives;
and a made-up rule the model learns from the engine alone."""
import functools
import itertools
import random

from pycore.game import get_game
from pycore.records import record_of, replay
from solver.games import tricksters as adapter
from solver.testing import reduce, truth
from solver.view import view_of
from solver.worlds import Counter, canonical
from tests.solver import checks

RULES = {"players": 4}


def cases():
    return checks.view_cases("tricksters", 4, 100, 4)


def brute_force_worlds(state, seat) -> set:
    """Every deal of the current round that agrees with what the seat saw dealt
    (its own three cards and the centre), kept when the engine replays the whole
    record with it and shows the seat the same observation; as worlds (the dealt
    cards each other seat still holds). Independent of the adapter: it reads the
    true record and changes only the other seats' dealt cards."""
    record = record_of(state)
    current = len(record.deals) - 1
    deal = record.deals[current]
    game = get_game("tricksters")
    own = set(deal["hands"][seat])
    pool = sorted(c for s, h in enumerate(deal["hands"]) if s != seat for c in h)
    others = [s for s in range(4) if s != seat]
    obs = state.observation(seat)
    found = set()
    for first in itertools.combinations(pool, 3):
        rest = [c for c in pool if c not in first]
        for second in itertools.combinations(rest, 3):
            third = tuple(c for c in rest if c not in second)
            hands = dict(zip(others, (first, second, third)))
            deals = list(record.deals)
            deals[current] = dict(deal, hands=[sorted(own) if s == seat else sorted(hands[s])
                                               for s in range(4)])
            try:
                again = replay(record.__class__(record.game, record.rules, record.seed, deals,
                                                record.actions))
            except Exception:
                continue
            if again.observation(seat) == obs:
                found.add(canonical({f"hand:{s}": tuple(sorted(set(game.deck.cards(hands[s]))
                                                              & set(again.hands[s])))
                                     for s in others}))
    return found


def test_small_whole_models_equal_brute_force():
    """Whole models of at most 90 worlds (no pinning) against every split of the
    unseen cards that replays the whole record; larger ones, sampled worlds replay."""
    checked = 0
    for state, seat, view in checks.view_cases("tricksters", None, 100, 0):
        real = truth(state, seat)
        assert view.model.contains(real) and adapter.consistent(view, real)
        expected = checks.brute_force(view, view.model, adapter.consistent, cap=90)
        if expected is not None:
            assert {canonical(w) for w in view.counter.worlds()} == expected
            checked += 1
        else:
            rng = random.Random(checked)
            for _ in range(3):
                assert adapter.consistent(view, view.counter.sample(rng))
    assert checked >= 20


def test_worlds_equal_brute_force_over_every_deal_of_the_round():
    """The whole model (not reduced) against all 1,680 deals the seat could not
    tell apart, each replayed by the engine."""
    checked = 0
    first_round = [case for case in cases() if case[0].round_index == 0]
    for state, seat, view in first_round[:10]:
        expected = brute_force_worlds(state, seat)
        ours = {canonical(w) for w in view.counter.worlds()}
        assert ours == expected
        assert view.count() == len(expected)
        checked += 1
    assert checked == 10


def test_whole_models_equal_cpsat_enumeration():
    """Whole models of at most 300 worlds (100 of them, from a longer list of
    positions), not narrowed at all."""
    whole = [case for case in checks.view_cases("tricksters", None, 300, 1) if case[2].count() <= 300][:100]
    assert len(whole) == 100
    checks.check_python_worlds_equal_cpsat(whole, random.Random(2),
                                           reduce_model=lambda view, world, rng: view.model)


def test_the_first_trick_seat_sees_1680_deals():
    """The rules file's count: 9 unseen cards, C(9,3) x C(6,3) = 1,680 deals."""
    game = get_game("tricksters")
    state = game.new_game(RULES, seed=11)
    rng = random.Random(0)
    while state.phase != "play":
        state = state.apply_action(rng.choice(state.legal_actions()))
    for seat in range(4):
        assert view_of(state, seat).count() == 1680


def test_probes_reveal_what_a_stricter_rule_would_forbid(monkeypatch):
    """The model asks the engine: under a (made-up) rule that a seat holding a 5
    in the led critter must play one, a play of a lower card rules those cards
    out of that seat's hidden hand, with no change to the adapter."""
    from pycore.games import tricksters as engine
    original = engine.TrickstersState.legal_actions

    def must_play_five(self):
        legal = original(self)
        if self.phase == "play" and self.tricks[-1].plays:
            led = self.suits[self.tricks[-1].leader]
            fives = [a for a in legal if self.rules.deck[a.card][led] == 5]
            return fives or legal
        return legal
    monkeypatch.setattr(engine.TrickstersState, "legal_actions", must_play_five)
    rng = random.Random(5)
    narrowed = 0
    for seed in range(40):
        state = get_game("tricksters").new_game(RULES, seed=seed)
        target = rng.randrange(16, 33)
        while len(state.history) < target:
            state = state.apply_action(rng.choice(state.legal_actions()))
        seat = rng.randrange(4)
        view = view_of(state, seat)
        true_world = truth(state, seat)
        assert view.model.contains(true_world)
        if any(len(w) < len(view.model.places) for _, w in view.model.allowed):
            narrowed += 1
            model = reduce(view, true_world, rng, limit=12, constrained_last=False)
            for w in Counter(model).worlds():
                assert adapter.consistent_fast(view, w)
    assert narrowed >= 5


# --- the model's checks in tests/solver/test_worlds.py ---------------------------------------------
def seen_cards(state, seat, world) -> list:
    """The cards of the deck the seat has seen (its own, the centre, the plays)."""
    hidden = {c for cards in world.values() for c in cards}
    return [c for c in range(20) if c not in hidden]


WORLD_CHECKS = checks.ModelChecks(
    "tricksters", adapter, (4,), functools.partial(reduce, constrained_last=False), small=12,
    full_replays=2, least_brute=0, cpsat_limit=100, swaps=6, neighbours={"seen": seen_cards})
