"""Lunar's own checks of the constraint model (the checks every game passes are
in test_worlds.py): the Sky's one world, CP-SAT counting copies once, the voids
and gifts the plays reveal, and the kind-by-kind counter against the generic one.
Copies of a kind are one world, not many: worlds are compared as multisets."""
import random

import pytest

from pycore.game import get_game
from pycore.games.lunar import DECK
from solver.games import lunar as adapter
from solver.testing import lunar_by_type, lunar_truth, reduce_lunar
from solver.view import view_of
from solver.worlds import Counter, canonical
from tests.solver import checks
from tests.solver.stats import chi_square_p


def cases(players: int):
    return checks.view_cases("lunar", players, 100, players)


def test_two_players_have_one_world():
    """With the Sky face up the seat sees every card but the other hand's: one world."""
    for state, seat, view in cases(2):
        assert view.count() == 1
        assert list(view.counter.worlds()) == [lunar_truth(state, seat)]


def test_cpsat_counts_copies_once_on_a_whole_view():
    """Unreduced views of the last tricks: CP-SAT's enumeration has exactly the
    Python count of worlds (copies of a kind are one world)."""
    pytest.importorskip("ortools", reason="CP-SAT reference needs OR-Tools (native only)")
    from solver import cpsat
    done = 0
    for state, seat, view in cases(4):
        if state.phase != "play" or len(state.tricks) < 9:
            continue                        # the last tricks: few enough worlds to list
        n = view.count()
        if 2 <= n <= 150 and done < 6:
            assert len(cpsat.enumerate_worlds(view.model)) == n
            done += 1
    assert done >= 5


def test_a_suit_card_off_the_lead_suit_shows_a_void():
    """Scenario with card names: seat 1 plays Bat on an Owl lead, so seat 0 (who
    watched) knows seat 1 holds no Owl; the partner's known gift stays known."""
    game = get_game("lunar")
    found = 0
    for seed in range(300):
        rng = random.Random(seed)
        state = game.new_game({"players": 4}, seed=seed)
        while not state.is_terminal and found < 3:
            if state.phase == "play" and len(state.tricks[-1].plays) == 2:
                lead = state.lead_suit
                actor = state.current_player
                legal = state.legal_actions()
                off = [a for a in legal if a.card >= 8 and a.card != lead]
                if lead is not None and off:
                    after = state.apply_action(off[0])
                    watcher = (actor + 1) % 4
                    view = view_of(after, watcher)
                    if lead in view.model.cards:
                        assert f"hand:{actor}/suit" not in view.model.allowed_of(lead)
                        assert DECK.token(lead) in adapter.inference(view)[f"hand:{actor}"]["voids"]
                        found += 1
                    break
            state = state.apply_action(rng.choice(state.legal_actions()))
        if found >= 3:
            break
    assert found >= 1


def test_exchange_gifts_are_hidden_places_with_two_of_each_type():
    game = get_game("lunar")
    state = game.new_game({"players": 4}, seed=11)
    state = state.apply_action(state.legal_actions()[0])          # the start player gives
    giver = state.history[0][0]
    seat = (giver + 1) % 4
    view = view_of(state, seat)
    assert view.model.places[f"gift:{giver}/rank"] == view.model.places[f"gift:{giver}/suit"] == 2
    assert view.model.places[f"hand:{giver}/rank"] == 4
    partner_view = view_of(state, (giver + 2) % 4)
    assert f"gift:{giver}/rank" in partner_view.model.places      # not yet delivered
    assert view.model.contains(lunar_truth(state, seat))


def test_kind_counter_equals_the_generic_counter():
    """The adapter's kind-by-kind counter reads the same model as `worlds.Counter`:
    same count, same worlds, and its expected copies match the listed worlds."""
    rng = random.Random(21)
    for state, seat, view in cases(4)[:40]:
        model = reduce_lunar(view, lunar_truth(state, seat), rng, limit=200)
        ours = adapter.KindCounter(model)
        theirs = Counter(model)
        assert ours.count() == theirs.count()
        listed = sorted(canonical(w) for w in ours.worlds())
        assert listed == sorted(canonical(w) for w in theirs.worlds())
        expected = ours.expected()
        for (card, place), (e, h) in expected.items():
            worlds = [dict(w) for w in listed]
            assert e == pytest.approx(sum(w[place].count(card) for w in worlds) / len(worlds))
            if len([1 for c, _ in model.allowed if c == card]) == \
                    len([1 for c, w in model.allowed if c == card and w == model.allowed_of(card)]):
                assert h == pytest.approx(sum(card in w[place] for w in worlds) / len(worlds))
    # the whole views: the same count as the generic counter where it is quick
    for state, seat, view in cases(4)[:100]:
        if state.phase == "play" and len(state.tricks) >= 6:
            assert view.count() == Counter(view.model).count()


def test_kind_counter_samples_uniformly():
    rng = random.Random(4)
    for state, seat, view in cases(4):
        model = reduce_lunar(view, lunar_truth(state, seat), rng, limit=80)
        counter = adapter.KindCounter(model)
        if counter.count() < 30:
            continue
        tally = {canonical(w): 0 for w in counter.worlds()}
        for _ in range(40 * len(tally)):
            tally[canonical(counter.sample(rng))] += 1
        assert chi_square_p(list(tally.values())) > 1e-4
        return
    pytest.fail("no position with a suitable count")


# --- the model's checks in tests/solver/test_worlds.py ---------------------------------------------
def brute_force(view, model):
    """Lunar's copies shared out over the engine's places (a hand, not its rank
    and suit places), split back by type."""
    return checks.brute_force_copies(view, model, adapter.consistent_fast, cap=250,
                                     merge=lambda place: place.split("/")[0], split=lunar_by_type)


def narrowed_by_plays(view) -> bool:
    """Some kind may not be in every place of its type."""
    sizes = view.model.places
    return any(len(w) < sum(1 for p in sizes if p.endswith(adapter.card_type(c)))
               for c, w in view.model.allowed)


def swap(world, a, ca, b, cb):
    """Two copies swapped: one copy of `ca` out of `a`, one of `cb` out of `b`."""
    other = dict(world)
    other[a] = tuple(sorted(list(adapter._minus(world[a], [ca])) + [cb]))
    other[b] = tuple(sorted(list(adapter._minus(world[b], [cb])) + [ca]))
    return other


WORLD_CHECKS = checks.ModelChecks(
    "lunar", adapter, (4, 2), reduce_lunar, small=16, truth=lunar_truth, brute=brute_force,
    constrained_if=narrowed_by_plays, least_constrained={4: 20}, swaps=30, swap_players=(4,),
    same_worlds=lambda worlds, expected: {canonical(adapter.engine_places(dict(w))) for w in worlds} == expected,
    neighbours={"swap": swap, "may_swap": lambda a, b: a.split("/")[1] == b.split("/")[1]})
