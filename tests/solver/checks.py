"""The checks every game's solver must pass, written once.

As tests/conformance.py does for the engine, each game's test files name their
positions and their game's few differences (Lunar's copies, Tricksters' exact
trick play) and call these:
- worlds: the true deal is a world, every produced world replays the history
  legally and shows the seat the same observation, the worlds equal a brute force
  over every placement of the free cards, and CP-SAT's enumeration;
- neighbours: a swap of two cards in the true world is a world exactly when the
  engine's replay accepts it;
- sampling is uniform on a known count (chi-square);
- hints rank every legal action, best first, the same for a seed, as plain JSON;
- bots choose the same in every world the seat cannot tell apart;
- the inference sums to the places' sizes and its voids are true voids;
- the JSON API round-trips; exact endgames are the average of max^n over worlds.
"""
from __future__ import annotations

import functools
import importlib
import itertools
import json
import math
import re
from dataclasses import dataclass, field
from typing import Callable

import pytest

from pycore.records import dumps, replay
from solver import api, bots
from solver.hint_words import HANDFUL
from solver.hints import hint, inference
from solver.testing import positions, reduce, truth  # noqa: F401  (reduce: checks.reduce for the tests)
from solver.view import view_of
from solver.worlds import Counter, Model, canonical
from tests.solver.stats import chi_square_p


DEFAULT_BRUTE_CAP = 200        # worlds a brute force tries at most, by default (one replay each)


@dataclass(frozen=True)
class ModelChecks:
    """How tests/solver/test_worlds.py checks a game's constraint model: its few
    differences (each game's `WORLD_CHECKS` in tests/solver/test_<game>_worlds.py)."""
    name: str
    adapter: object                      # the game's adapter module, solver/games/<game>.py (or its ADAPTER)
    players: tuple[int, ...]
    reduce: Callable                     # (view, true world, rng, limit) -> a narrower model
    small: int                           # worlds per narrowed model: every one replayed
    truth: Callable = truth              # the true world in the model's places
    # (view, model) -> every consistent world, or None where too many to try; default:
    # `brute_force` over the adapter's `consistent_fast` (a game of copies of kinds,
    # as Lunar's, gives `brute_force_copies`); least_brute=0 where no case is small
    brute: Callable | None = None
    replay_all: Callable | None = None   # every world's replay (default the adapter's fast one)
    full_replays: int = 1                # worlds per model replayed from the whole record too
    constrained_if: Callable | None = None
    same_worlds: Callable | None = None
    least_brute: int = 30                # cases checked by brute force, at least
    least_constrained: dict = field(default_factory=dict)   # players -> cases the plays narrowed
    cpsat_limit: int = 60
    swaps: int = 12                      # per position, on the first 40 positions
    least_ruled_out: int = 20            # swaps the replay refused, and kept, at least
    swap_players: tuple[int, ...] = ()   # default: every player count
    neighbours: dict = field(default_factory=dict)   # neighbour_swaps' game options
    # the uniform-sampling check's player count; default 4 where the game is played
    # by four, else the first of `players` (a game of three alone has no 4-player table)
    sampling_players: int | None = None

    def __post_init__(self):
        if not hasattr(self.adapter, "ADAPTER"):     # ADAPTER itself: the checks read its module
            object.__setattr__(self, "adapter", importlib.import_module(f"solver.games.{self.name}"))
        if self.brute is None and self.least_brute:
            object.__setattr__(self, "brute", functools.partial(
                brute_force, consistent=self.adapter.ADAPTER.consistent_fast, cap=DEFAULT_BRUTE_CAP))
        if self.sampling_players is None:
            object.__setattr__(self, "sampling_players", 4 if 4 in self.players else self.players[0])


@functools.lru_cache(maxsize=None)
def view_cases(game: str, players: int | None, count: int, seed: int) -> list:
    """Seeded mid-game positions with the seat's view (built once per session)."""
    rules = {} if players is None else {"players": players}
    return [(state, seat, view_of(state, seat)) for state, seat in positions(game, rules, count, seed)]


def brute_force(view, model: Model, consistent, cap: int, *, trust_pins: bool = True) -> set | None:
    """Every way to put the model's free cards in the room its places have left
    (ignoring what the model allows each card), kept when `consistent` (the
    engine's replay) accepts the world; None when there are more than `cap`.
    `trust_pins=False`: the cards the model pins to one place are free too, so
    nothing of the model but its place sizes is used."""
    fixed = {p: [] for p in model.places}
    free = []
    for card, where in model.allowed:
        if trust_pins and len(where) == 1:
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
            if consistent(view, world):
                found.add(canonical(world))
            return
        for combo in itertools.combinations(cards, room[places[i]]):
            rest = [c for c in cards if c not in combo]
            rec(i + 1, rest, {**acc, places[i]: list(combo)})
    rec(0, free, {})
    return found


def brute_force_copies(view, model: Model, consistent, cap: int, *, merge=None, split=None) -> set | None:
    """`brute_force` for a model whose cards are copies of kinds (Lunar): every
    way to share out each kind's free copies over the room its places have left,
    kept when `consistent` accepts the world; None when there are more than `cap`.
    `merge(place)` names the engine's place a model place is part of (Lunar's
    "hand:1/rank" of "hand:1"): the copies are shared out over the merged places,
    ignoring the model's split, and `split(world)` puts a merged world back in the
    model's places (a world whose split does not fit the model's sizes is out)."""
    merge = merge or (lambda place: place)
    fixed: dict[str, list] = {}
    free = []
    for card, where in model.allowed:
        if len(where) == 1:
            fixed.setdefault(merge(next(iter(where))), []).append(card)
        else:
            free.append(card)
    sizes: dict[str, int] = {}
    for name, size in model.places.items():
        sizes[merge(name)] = sizes.get(merge(name), 0) + size
    room = {p: sizes[p] - len(fixed.get(p, [])) for p in sizes}
    places = [p for p in sorted(room) if room[p] > 0]
    kinds = sorted(set(free))
    need = {k: free.count(k) for k in kinds}
    found = set()
    tried = 0

    def shares(n, left):
        """Ways to put n copies of a kind into `places`, within the room `left`."""
        def rec(i, n, acc):
            if i == len(places):
                if n == 0:
                    yield acc
                return
            for x in range(min(n, left[places[i]]) + 1):
                yield from rec(i + 1, n - x, acc + (x,))
        yield from rec(0, n, ())

    def rec(i, left, acc):
        nonlocal tried
        if tried > cap:
            return
        if i == len(kinds):
            if any(left[p] for p in places):
                return
            tried += 1
            world = {p: tuple(sorted(fixed.get(p, []) + acc.get(p, []))) for p in sizes}
            candidate = split(world) if split else world
            if all(len(candidate[n]) == model.places[n] for n in model.places) and \
                    consistent(view, candidate):
                found.add(canonical(world))
            return
        for xs in shares(need[kinds[i]], left):
            left2, acc2 = dict(left), {p: list(v) for p, v in acc.items()}
            for p, x in zip(places, xs):
                left2[p] -= x
                acc2.setdefault(p, []).extend([kinds[i]] * x)
            rec(i + 1, left2, acc2)
    rec(0, room, {})
    return None if tried > cap else found


def check_worlds_are_the_consistent_ones(adapter, cases, rng, *, reduce_model, brute=None,
                                         truth_of=truth, replay_all=None, full_replays: int = 1,
                                         constrained_if=None, same_worlds=None) -> tuple[int, int]:
    """On every case: the true world is in the model and replays; the reduced
    model's worlds are distinct, counted right and contain the truth; every one
    replays (`replay_all`, default the adapter's fast replay), `full_replays` of
    them replay the whole record too; and they equal `brute(view, model)` when
    that is not None. Returns (cases checked by brute force, cases where the plays
    narrowed some card's places)."""
    declared = adapter.ADAPTER          # the replay tests as the adapter declares them (defaults included)
    replay_all = replay_all or declared.consistent_fast
    constrained_if = constrained_if or (
        lambda view: any(len(w) < len(view.model.places) for _, w in view.model.allowed))
    same_worlds = same_worlds or (lambda worlds, expected: set(worlds) == expected)
    brute_checked = constrained = 0
    for state, seat, view in cases:
        true_world = truth_of(state, seat)
        assert view.model.contains(true_world), "the true deal must be a world"
        assert declared.consistent(view, true_world)
        constrained += bool(constrained_if(view))
        model = reduce_model(view, true_world, rng)
        worlds = [canonical(w) for w in Counter(model).worlds()]
        assert canonical(true_world) in worlds
        assert len(worlds) == Counter(model).count() == len(set(worlds))
        for w in worlds:
            assert replay_all(view, dict(w)), (
                "a world of the model does not replay: the model allows what the rules and the "
                "public facts rule out (adapter.py's build_view: every public fact about a hidden "
                f"card); {moved(view, dict(w), true_world)}")
        for w in rng.sample(worlds, min(full_replays, len(worlds))):
            assert declared.consistent(view, dict(w)), f"the whole record replays too: {moved(view, dict(w), true_world)}"
        expected = brute(view, model) if brute else None
        if expected is not None:
            brute_checked += 1
            assert same_worlds(worlds, expected)
    return brute_checked, constrained


def moved(view, world: dict, true_world: dict) -> str:
    """For a failure message: the position (its text) and the seat, and where
    `world` puts cards other than the true deal does, by token."""
    game = view.state.game
    truly = {c: p for p, cards in true_world.items() for c in cards}
    moves = [f"{game.card_token(c)} in {p} (truly {truly.get(c)})"
             for p, cards in world.items() for c in cards if truly.get(c) != p]
    return (f"seat {view.seat} at {game.position_text(view.state)}, the world with "
            f"{', '.join(moves) or 'the true deal'}")


def check_python_worlds_equal_cpsat(cases, rng, *, reduce_model, truth_of=truth) -> None:
    pytest.importorskip("ortools", reason="CP-SAT reference needs OR-Tools (native only)")
    from solver import cpsat
    for state, seat, view in cases:
        model = reduce_model(view, truth_of(state, seat), rng)
        ours = sorted(canonical(w) for w in Counter(model).worlds())
        theirs = sorted(canonical(w) for w in cpsat.enumerate_worlds(model))
        assert ours == theirs


def plain_swap(world: dict, a: str, ca, b: str, cb) -> dict:
    other = dict(world)
    other[a] = tuple(sorted([c for c in world[a] if c != ca] + [cb]))
    if b is not None:
        other[b] = tuple(sorted([c for c in world[b] if c != cb] + [ca]))
    return other


def neighbour_swaps(cases, rng, *, swaps: int, replays, truth_of=truth, swap=plain_swap,
                    may_swap=None, seen=None) -> tuple[list[str], int, int]:
    """Swap two cards between hidden places of the true world, `swaps` times per
    case (with `seen`, half the time a hidden card for one of `seen(state, seat,
    world)`, cards the seat has seen: `swap(world, a, ca, None, cb)`): (how often
    the model and every replay in `replays` disagreed, how often the replays
    ruled the swapped world out, how often they kept it); each disagreement said
    (`moved`: the position and the swapped world), with what the model and the
    replays said."""
    disagreements: list[str] = []
    ruled_out = kept = 0
    for state, seat, view in cases:
        world = dict(truth_of(state, seat))
        names = [p for p in world if world[p]]
        outside = seen(state, seat, world) if seen else []
        for _ in range(swaps):
            if len(names) < (1 if outside else 2):
                break
            if outside and (len(names) < 2 or rng.random() < 0.5):
                a, b = rng.choice(names), None
                other = swap(world, a, rng.choice(world[a]), None, rng.choice(outside))
            else:
                a, b = rng.sample(names, 2)
                if may_swap is not None and not may_swap(a, b):
                    continue
                other = swap(world, a, rng.choice(world[a]), b, rng.choice(world[b]))
            verdicts = {bool(consistent(view, other)) for consistent in replays}
            if len(verdicts) > 1 or view.model.contains(other) not in verdicts:
                disagreements.append(f"the model says {view.model.contains(other)}, the replays "
                                     f"{sorted(verdicts)}: {moved(view, other, world)}")
            ruled_out += not any(verdicts)
            kept += all(verdicts)
    return disagreements, ruled_out, kept


def check_uniform_sampling(counters, rng) -> None:
    """On the first counter with 25 to 300 worlds: 40 draws per world pass a
    chi-square test of uniformity."""
    for counter in counters:
        if not 25 <= counter.count() <= 300:
            continue
        tally = {canonical(w): 0 for w in counter.worlds()}
        assert len(tally) == counter.count()
        for _ in range(40 * len(tally)):
            tally[canonical(counter.sample(rng))] += 1
        assert chi_square_p(list(tally.values())) > 1e-4
        return
    pytest.fail("no position with a suitable count")


def check_value_order(actions: list[dict], key: str = "ev") -> None:
    """The choices raced first, then those screened out on a world or two; each
    in order of value (a screened one may have come out higher on its few worlds:
    it is no suggestion)."""
    raced = [a[key] for a in actions if a["group"] != "screened"]
    screened = [a[key] for a in actions if a["group"] == "screened"]
    assert [a[key] for a in actions] == raced + screened
    assert raced == sorted(raced, reverse=True) and screened == sorted(screened, reverse=True)


def check_hint(state, seat: int, *, effort: int, seed: int, all_searched: bool = False) -> dict:
    """The hint names every legal action once, best first, expected values in
    order (among the searched ones, the raced before the screened:
    check_value_order; a tree search's in the order of how often it
    tried them; on a partner's sure trick, after the card that spends least,
    `spent_least`), the same for the same seed, plain JSON."""
    h = hint(state, seat, effort=effort, seed=seed)
    legal = state.observation(seat)["legal"]
    assert sorted(a["action"] for a in h["actions"]) == sorted(legal)
    assert h["best"] == h["actions"][0]["action"]
    if all_searched:
        assert all(a["searched"] for a in h["actions"])
    ranked = h["actions"][1:] if h["spent_least"] else h["actions"]
    check_value_order([a for a in ranked if a["searched"]], "n" if h["tree"] else "ev")
    assert hint(state, seat, effort=effort, seed=seed) == h
    assert h == json.loads(json.dumps(h))
    check_hint_words(h)
    return h


def hint_texts(h: dict) -> list[str]:
    """Every text of a hint a player may read."""
    texts = [h[k] for k in ("summary", "certainty", "close_call", "worlds_text") if h.get(k)]
    texts += [a["why"] for a in h["actions"]] + [a["name"] for a in h["actions"]] + h.get("shared", [])
    if h.get("more"):
        texts.append(h["more"]["label"])
    opponents = h.get("opponents") or {}
    texts += opponents.get("facts", []) + opponents.get("suits", [])
    for row in opponents.get("rows", []):
        texts += [row["name"], row["other"], *row["suits"]]
    return texts


THIS_HAND = re.compile(r"\b(this (hand|round)|from here)\b")     # the game's word for a deal played out
#                                                                    (or from here, where part is settled)


def check_hint_words(h: dict) -> None:
    """What the player reads: no engine token anywhere; each sampled value with its
    95% interval ("±", or a range for a rate), each exact one marked exact; the
    best said once (its line gives its own value, the others compare to it);
    every choice whose difference from the best may be 0 grouped "about as good"."""
    from tests.engine_tokens import engine_tokens
    for text in hint_texts(h):
        assert not engine_tokens(text), (text, engine_tokens(text))
        assert not re.search(r"(^|\s)-\d", text), text        # a minus sign, "−1.2 chips", not a hyphen
    best = h["actions"][0]
    looked = h.get("look_ahead") and not h["exact"]
    shares = h.get("tree") and h["worlds"] == 1     # the one deal played out again and again
    for i, entry in enumerate(h["actions"]):
        why = entry["why"]
        assert "±\u00a00)" not in why and "± " not in why, why   # no "± 0" (said in words), no "±" apart from its number
        assert not re.search(r"(^|[^\d.])0 \w+ (less|more) than", why), why   # a difference that is not 0 says so
        assert not re.search(r"\b(0|100)% of the (time(?! \()|possible deals)", why), why   # a sure rate says "every deal"
        if entry["exact"]:
            assert "exact" in why, why
            continue
        if looked:          # the one deal searched some moves ahead: estimates, said so
            assert why.endswith(f"looking {h['look_ahead']} move{'s' if h['look_ahead'] > 1 else ''} ahead"), why
            assert "%" not in why and "±" not in why, why      # one line of play: no rates, no spread
            if i == 0:
                assert THIS_HAND.search(why) and "less than the best" not in why, why
            elif entry["group"] == "as good":
                assert abs(entry["diff"]) <= 0.02 and "worth as much as the best" in why, why
            else:
                assert entry["group"] == "worse" and entry["diff"] > 0 and "less than the best" in why, why
            continue
        if shares:          # how often in the playouts, not a sample's rate with its range
            assert not re.search(r"of the time\b", why) and not re.search(r"\b(0|100)% of", why), why
        if i == 0:
            assert THIS_HAND.search(why) and "less than the best" not in why, why
            if entry["n"] >= 2:           # its spread, or that every deal gave the same
                low, high = entry["interval"]
                same = "each time the deal was played out" if h["worlds"] == 1 else "on every deal searched"
                assert ("±" in why) if high > low else (same in why), why
            continue
        assert not THIS_HAND.search(why), why         # compared to the best, not said again
        if entry["group"] == "screened" or (not entry["exact"] and entry["n"] < HANDFUL):
            # dropped by the screening, or tried on a handful of deals: no difference said as a number
            assert "too few to compare" in why and not re.search(r"\d+(\.\d+)? (point|chip)", why), why
            assert ("dropped after a first quick look" in why) == (entry["group"] == "screened"), why
        elif entry["group"] in ("close", "as good"):
            low = entry["diff_interval"][0]
            if " more than " in why:    # a higher average than the suggestion, which was tried more
                assert entry["diff"] < 0 and "more than the suggestion" in why, (entry, why)
                assert why.endswith("too close to tell apart") and "the best" not in why, (entry, why)
            else:
                assert low <= 0.02 and ("as good" in why or "worth as much as" in why), (entry, why)
        elif entry["group"] == "worse":
            low, high = entry["diff_interval"]
            same = "each time the deal was played out" if h["worlds"] == 1 else "on every deal searched"
            assert low > 0 and (("±\u00a0" in why) if high > low else (same in why)), why
        else:
            raise AssertionError(f"a choice in no group: {entry}")
    assert best["group"] == "best"


def other_world_state(adapter, state, seat: int, rng, *, truth_of=truth, differs=None):
    """The same game as the seat saw it with its hidden cards redealt: another
    consistent world, replayed from its own complete record; and whether it
    differs from the true one."""
    view = view_of(state, seat)
    real = truth_of(state, seat)
    world = real
    for _ in range(20):
        world = view.counter.sample(rng)
        if world != real:
            break
    again = replay(adapter.world_record(view, world))
    assert again.observation(seat) == state.observation(seat)
    return again, (differs(world, state, seat) if differs else world != real)


def bots_disagreements(adapter, states, level: str, effort, rng, **redeal) -> tuple[int, int]:
    """(choices that changed when the hidden cards were redealt, redeals that
    changed the cards) for the seat to act in each state; every choice legal."""
    changed_choice = changed_world = 0
    for state in states:
        seat = state.current_player
        other, differs = other_world_state(adapter, state, seat, rng, **redeal)
        changed_world += differs
        a = bots.choose(state, seat, level, seed=3, effort=effort)
        b = bots.choose(other, seat, level, seed=3, effort=effort)
        assert a in state.legal_actions()
        changed_choice += a != b
    return changed_choice, changed_world


def check_inference(adapter, view, real: dict) -> int:
    """Each place's card probabilities sum to its size; every void it names is one.
    Returns the voids checked."""
    inferred = inference(view)
    voids = 0
    for name, entry in inferred.items():
        assert sum(entry["cards"].values()) == pytest.approx(entry["size"], abs=0.01)
        for suit in entry.get("voids", []):
            index = view.state.game.suit_names().index(suit)
            assert not any(view.state.game.card_suit(c) == index for c in real[name])
            voids += 1
    return voids


def check_json_api(state, seat: int, effort: int = 40) -> dict:
    record = dumps(state)
    h = api.hint(record, seat, {"effort": effort, "seed": 2})
    assert h == json.loads(json.dumps(h))
    assert api.bot_move(record, seat, "normal", 2) in state.observation(seat)["legal"]
    assert api.infer(json.loads(record), seat)["worlds"] == view_of(state, seat).count()
    return h


def check_exact_endgames(adapter, game: str, players: int, *, reduce_model, truth_of=truth,
                         rng, count: int = 400, seed: int = 77, wanted: int = 3) -> int:
    """With few cards left and all worlds searched exactly, each action's expected
    score equals the average over the worlds of the max^n value (the view narrowed
    to a few dozen worlds by pinning cards where they truly are), by the plain
    search of every line (solver/reference/plain.py, no memo)."""
    from solver.reference.plain import plain_points
    from solver.search import rank
    found = 0
    for state, _ in positions(game, {"players": players}, count, seed=seed):
        if state.phase != "play" or adapter.ADAPTER.cards_left(state) > 6 or len(state.legal_actions()) < 2:
            continue
        seat = state.current_player
        view = view_of(state, seat)
        view.model = reduce_model(view, truth_of(state, seat), rng)
        view._counter = None
        r = rank(view, all_worlds=True)
        assert r.enumerated and r.exact_search
        mark = adapter.ADAPTER.hand_mark(state)
        worlds = list(view.counter.worlds())
        for st in r.stats:
            total = sum(plain_points(adapter.ADAPTER, view.world_state(w).apply_action(st.action), seat, mark)
                        for w in worlds)
            assert st.ev == pytest.approx(total / len(worlds))
        found += 1
        if found >= wanted:
            break
    return found
