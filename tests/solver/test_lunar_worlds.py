"""Lunar: the constraint model a seat derives is exactly the set of consistent
worlds (replaying the history with the world's cards is legal and shows the seat
the same observation), checked against brute force, CP-SAT and the truth.
Copies of a kind are one world, not many: worlds are compared as multisets."""
import random

import pytest

from pycore.game import get_game
from pycore.games.lunar import DECK
from solver.games import lunar as adapter
from solver.view import view_of
from solver.worlds import Counter, Model, canonical
from tests.solver import checks
from tests.solver.positions import truth
from tests.solver.stats import chi_square_p

PLAYERS = [4, 2]


def cases(players: int):
    return checks.view_cases("lunar", players, 100, players)


def split_truth(state, seat) -> dict:
    """The true hidden cards in the model's places (one place per type)."""
    return {f"{name}/{kind}": tuple(c for c in cards if adapter._type(c) == kind)
            for name, cards in truth(state, seat).items() for kind in adapter.TYPES}


def engine_world(world) -> tuple:
    return canonical(adapter.engine_places(dict(world)))


def pin_one(model: Model, card: int, place: str) -> Model:
    """One still-free copy of `card` pinned to `place`."""
    allowed, done = [], False
    for c, where in model.allowed:
        if not done and c == card and place in where and len(where) > 1:
            allowed.append((c, frozenset([place])))
            done = True
        else:
            allowed.append((c, where))
    assert done
    return Model(model.places, allowed, copies=model.copies)


SMALL = 16          # worlds per reduced model: every one of them is replayed


def reduce(view, true_world, rng, limit=SMALL) -> Model:
    """The seat's model with copies pinned to their true places until at most
    `limit` worlds remain; kinds the plays constrained stay free longest."""
    model = view.model
    home = [(c, p) for p, cs in true_world.items() for c in cs]
    rng.shuffle(home)
    full = {c: len(model.allowed_of(c)) for c in set(model.cards)}
    widest = {adapter._type(c): max(n for k, n in full.items() if adapter._type(k) == adapter._type(c))
              for c in full}
    home.sort(key=lambda x: full[x[0]] != widest[adapter._type(x[0])])
    home = [(c, p) for c, p in home
            if any(k == c and p in w and len(w) > 1 for k, w in model.allowed)]
    # pin in bulk while many copies are free (counting big models is slow), then
    # one at a time
    bulk = max(0, len(home) - 14)
    for card, place in home[len(home) - bulk:][::-1]:
        model = pin_one(model, card, place)
    for card, place in home[:len(home) - bulk]:
        if Counter(model).count() <= limit:
            break
        model = pin_one(model, card, place)
    return model


def brute_force(view, model: Model, cap=250):
    """Every way to put the model's free copies in the room left of the engine's
    hidden places (ignoring what the model allows them), kept when the engine's
    replay says the world is consistent; None when too many."""
    fixed: dict[str, list] = {}
    free = []
    for card, where in model.allowed:
        if len(where) == 1:
            fixed.setdefault(next(iter(where)).split("/")[0], []).append(card)
        else:
            free.append(card)
    sizes = {}
    for name, size in model.places.items():
        base = name.split("/")[0]
        sizes[base] = sizes.get(base, 0) + size
    room = {p: sizes[p] - len(fixed.get(p, [])) for p in sizes}
    places = [p for p in sorted(room) if room[p] > 0]
    kinds = sorted(set(free))
    need = {k: free.count(k) for k in kinds}
    found = set()
    tried = 0

    def splits(k, left_room):
        """Ways to put the need[k] copies of kind k into places within room."""
        def rec(i, left, acc):
            if i == len(places):
                if left == 0:
                    yield acc
                return
            for x in range(min(left, left_room[places[i]]) + 1):
                yield from rec(i + 1, left - x, acc + (x,))
        yield from rec(0, need[k], ())

    def rec(i, left_room, acc):
        nonlocal tried
        if tried > cap:
            return
        if i == len(kinds):
            if any(left_room[p] for p in places):
                return
            tried += 1
            world = {p: tuple(sorted(fixed.get(p, []) + acc.get(p, []))) for p in sizes}
            split = {f"{p}/{kind}": tuple(c for c in cs if adapter._type(c) == kind)
                     for p, cs in world.items() for kind in adapter.TYPES}
            if all(len(split[n]) == model.places[n] for n in model.places) and \
                    adapter.consistent_fast(view, split):
                found.add(canonical(world))
            return
        for xs in splits(kinds[i], left_room):
            room2 = dict(left_room)
            acc2 = {p: list(v) for p, v in acc.items()}
            for p, x in zip(places, xs):
                room2[p] -= x
                acc2.setdefault(p, []).extend([kinds[i]] * x)
            rec(i + 1, room2, acc2)
    rec(0, room, {})
    return None if tried > cap else found


def narrowed_by_plays(view) -> bool:
    """Some kind may not be in every place of its type."""
    sizes = view.model.places
    return any(len(w) < sum(1 for p in sizes if p.endswith(adapter._type(c)))
               for c, w in view.model.allowed)


@pytest.mark.parametrize("players", PLAYERS)
def test_derived_worlds_are_exactly_the_consistent_ones(players):
    brute_checked, constrained = checks.check_worlds_are_the_consistent_ones(
        adapter, cases(players), random.Random(players), reduce_model=reduce,
        truth_of=split_truth, constrained_if=narrowed_by_plays, brute=brute_force,
        same_worlds=lambda worlds, expected: {engine_world(w) for w in worlds} == expected)
    if players == 4:
        assert constrained >= 20, "too few positions where plays revealed anything"
    assert brute_checked >= 30


def test_two_players_have_one_world():
    """With the Sky face up the seat sees every card but the other hand's: one world."""
    for state, seat, view in cases(2):
        assert view.count() == 1
        assert list(view.counter.worlds()) == [split_truth(state, seat)]


@pytest.mark.parametrize("players", PLAYERS)
def test_python_worlds_equal_cpsat_enumeration(players):
    checks.check_python_worlds_equal_cpsat(
        cases(players), random.Random(100 + players), truth_of=split_truth,
        reduce_model=lambda view, world, rng: reduce(view, world, rng, limit=60))


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


def swap_copies(world, a, ca, b, cb):
    other = dict(world)
    other[a] = tuple(sorted(list(adapter._minus(world[a], [ca])) + [cb]))
    other[b] = tuple(sorted(list(adapter._minus(world[b], [cb])) + [ca]))
    return other


def test_neighbours_of_worlds_agree_with_replay():
    """Swap two unseen cards of one type between places in a world (a swap across
    types breaks the public counts): the model and the engine's replay agree on
    whether the result is still consistent (both directions)."""
    disagreements, ruled_out = checks.neighbour_swaps(
        checks.view_cases("lunar", 4, 40, 54), random.Random(7), swaps=30,
        replays=(adapter.consistent_fast,), truth_of=split_truth, swap=swap_copies,
        may_swap=lambda a, b: a.split("/")[1] == b.split("/")[1])
    assert disagreements == 0
    assert ruled_out >= 10   # the swaps did reach worlds the history rules out


def test_sampling_is_uniform_on_a_known_count():
    rng = random.Random(3)
    checks.check_uniform_sampling(
        (Counter(reduce(view, split_truth(state, seat), rng, limit=60))
         for state, seat, view in checks.view_cases("lunar", 4, 30, 9)), rng)


def play_tokens(state, tokens):
    for token in tokens:
        state = state.apply_token(token)
    return state


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
    assert view.model.contains(split_truth(state, seat))


def test_kind_counter_equals_the_generic_counter():
    """The adapter's kind-by-kind counter reads the same model as `worlds.Counter`:
    same count, same worlds, and its expected copies match the listed worlds."""
    rng = random.Random(21)
    for state, seat, view in cases(4)[:40]:
        model = reduce(view, split_truth(state, seat), rng, limit=200)
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
        model = reduce(view, split_truth(state, seat), rng, limit=80)
        counter = adapter.KindCounter(model)
        if counter.count() < 30:
            continue
        tally = {canonical(w): 0 for w in counter.worlds()}
        for _ in range(40 * len(tally)):
            tally[canonical(counter.sample(rng))] += 1
        assert chi_square_p(list(tally.values())) > 1e-4
        return
    pytest.fail("no position with a suitable count")
