"""Lunar hints and bots: every decision (exchange, trump turning, play, with 4
players and with the Sky) hinted with every legal action ranked, deterministic
for a seed, blind to hidden cards, with an inference that matches the model."""
import functools
import random

import pytest

from pycore.game import get_game
from solver import bots, open_deal
from solver.games import lunar as adapter
from solver.hints import hint, inference
from solver.reference.plain import plain_points
from solver.search import rank
from solver.testing import lunar_truth, positions, reduce_lunar, truth
from solver.view import view_of
from tests.solver import checks

EFFORT = 40


@functools.lru_cache(maxsize=None)
def decisions(players: int):
    """One position per kind of decision (and a later play), reached by the easy bot."""
    game = get_game("lunar")
    found = {}
    for seed in range(20):
        state = game.new_game({"players": players}, seed=seed)
        rng = random.Random(seed)
        stop = rng.randrange(4, 40)
        steps = 0
        while not state.is_terminal and steps < 60:
            kind = adapter.decision(state)
            if len(state.legal_actions()) > 1:
                if kind not in found and (kind != "play" or steps >= stop):
                    found[kind] = state
                elif kind == "play" and "late" not in found and len(state.tricks) >= 8:
                    found["late"] = state
            state = state.apply_action(bots.choose(state, state.current_player, "easy"))
            steps += 1
            if kind == "play" and len(state.tricks) >= 9:
                steps = 0
                if "late" in found:
                    break
        wanted = {"give", "turn", "play"} if players == 4 else {"turn", "play"}
        if wanted <= set(found):
            return found
    raise AssertionError(f"no position for every decision: {sorted(found)}")


@pytest.mark.parametrize("players", [4, 2])
def test_every_decision_is_hinted_with_every_legal_action(players):
    for kind, state in decisions(players).items():
        seat = state.current_player
        h = checks.check_hint(state, seat, effort=EFFORT, seed=5)
        assert h["decision"] == adapter.decision(state)
        assert sum(a["searched"] for a in h["actions"]) >= 2
        assert "points this round" in h["why"] and "deal" in h["certainty"]
        if h["decision"] == "play" and h["look_ahead"] and not h["exact"]:
            # one line of play looked ahead: the trick is won on it, or not said
            won = h["actions"][0]["takes_trick"] == 1
            assert ("wins this trick" in h["why"]) == won and "%" not in h["why"]
        elif h["decision"] == "play" and h["worlds"] == 1:
            # the Sky's cards by hard's tree: how often it won the trick in the
            # playouts of the one deal; never, that it lets it go
            share = h["actions"][0]["takes_trick"]
            said = "each time the deal was played out" if share == 1 else "% of the times it was played out"
            assert ("wins this trick" in h["why"]) == (share > 0) and (share == 0 or said in h["why"]), h["why"]
            for line in h["actions"]:    # every line says what its card does to the trick
                if line["searched"] and "this trick" not in " ".join(h["shared"]):
                    assert "this trick" in line["why"], line["why"]
        elif h["decision"] == "play":
            assert "this trick" in h["why"] and "%" in h["why"]
        if h["decision"] == "give":
            # every gift is played out (sequential halving), each on its own n deals
            assert all(a["searched"] and a["n"] >= 1 for a in h["actions"])
            checks.check_hint_words(h)


def test_endgame_ranking_is_the_exact_average_over_all_worlds():
    """With three tricks left every world is searched exactly (team against team):
    each action's expected score is the average over the worlds of the minimax
    value (the plain search, no memo), here on views narrowed to a few dozen worlds."""
    rng = random.Random(8)
    found = 0
    for state, _ in positions("lunar", {"players": 4}, 300, seed=77):
        if state.phase != "play" or not adapter.search_exactly(state) or len(state.legal_actions()) < 2:
            continue
        seat = state.current_player
        view = view_of(state, seat)
        view.model = reduce_lunar(view, lunar_truth(state, seat), rng, limit=30)
        view._counter = adapter.KindCounter(view.model)
        r = rank(view, all_worlds=True)
        assert r.enumerated and r.exact_search
        mark = adapter.ADAPTER.hand_mark(state)
        worlds = list(view.counter.worlds())
        for st in r.stats:
            total = sum(plain_points(adapter.ADAPTER, view.world_state(w).apply_action(st.action), seat, mark)
                        for w in worlds)
            assert st.ev == pytest.approx(total / len(worlds))
        found += 1
        if found >= 3:
            break
    assert found >= 2


def redeal_differs(world, state, seat) -> bool:
    return adapter.engine_places(world) != truth(state, seat)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_act_from_what_the_seat_may_know(level):
    effort = {"easy": None, "normal": 16, "hard": 32}[level]
    states = [state for players in (4, 2) for state in decisions(players).values()]
    changed_choice, changed_world = checks.bots_disagreements(
        adapter, states, level, effort, random.Random(level), truth_of=lunar_truth, differs=redeal_differs)
    assert changed_choice == 0
    assert changed_world >= 3


def test_inference_expected_copies_and_voids():
    checked_voids = 0
    for state, seat in positions("lunar", {"players": 4}, 40, seed=12):
        view = view_of(state, seat)
        inferred = inference(view)
        real = truth(state, seat)
        assert set(inferred) == set(real)
        for name, entry in inferred.items():
            assert entry["size"] == len(real[name]) == sum(entry["types"].values())
            assert entry["types"]["rank"] == sum(1 for c in real[name] if c < 8)
            if name == f"hand:{(seat + 2) % 4}":
                assert entry["known"] == state.observation(seat)["partner_known"]
            assert sum(entry["cards"].values()) == pytest.approx(entry["size"], abs=0.01)
            assert all(0 < p <= 1 for p in entry["holds"].values())
            for suit in entry["voids"]:
                assert adapter.DECK.card(suit) not in real[name]
                checked_voids += 1
    assert checked_voids >= 3


def test_json_api_round_trip():
    state = decisions(4)["play"]
    checks.check_json_api(state, state.current_player, effort=30)


@pytest.mark.parametrize("players", [4, 2])
def test_quick_simulator_plays_as_the_engine(players):
    """The playouts' simulator (on plain lists, with the engine's rule functions)
    ends the round as the engine does with the same policy: the same points and
    trick winners."""
    checked = 0
    for state, _ in positions("lunar", {"players": players}, 80, seed=3 + players):
        mark = adapter.ADAPTER.hand_mark(state)
        s = state
        while adapter.ADAPTER.hand_mark(s) == mark:
            s = s.apply_action(adapter.policy_action(s))
        fast = adapter.playout(state, mark, None)
        if isinstance(fast, adapter.Played):
            assert fast.points == s.finished_hands[mark][1]
            assert fast.winners == [t.winner for t in s.finished_hands[mark][0]]
            checked += 1
    assert checked >= 40


def exchange_positions(count=4, seed=0, rules=None):
    """Exchange decisions: each seat in turn chooses its gift (some after others chose)."""
    from pycore.game import get_game
    rng = random.Random(f"gifts/{seed}/{sorted((rules or {}).items())}")
    out = []
    while len(out) < count:
        state = get_game("lunar").new_game({"players": 4, **(rules or {})}, seed=rng.randrange(10**6))
        for _ in range(rng.randrange(4)):
            state = state.apply_action(rng.choice(state.legal_actions()))
        out.append(state)
    return out


def test_every_gift_is_played_out_and_valued():
    """All the legal gifts (up to 225) get a playout-based expected value: n >= 1
    deals each and a finite ev, the gifts raced listed before those set aside
    early, each in order of value; the same seed gives the same hint."""
    import math
    for state in exchange_positions():
        seat = state.current_player
        h = hint(state, seat, effort=EFFORT, seed=2)
        legal = state.observation(seat)["legal"]
        assert len(legal) > 20
        assert sorted(a["action"] for a in h["actions"]) == sorted(legal)
        assert all(a["n"] >= 1 and math.isfinite(a["ev"]) for a in h["actions"])
        assert h["actions"][0]["n"] == max(a["n"] for a in h["actions"])
        checks.check_value_order(h["actions"])
        assert hint(state, seat, effort=EFFORT, seed=2) == h


def test_the_sky_with_its_one_deal_is_searched_exactly_or_said_estimated():
    """With the Sky the seat sees every card but the other's hand: one possible
    deal. From three tricks before the end its hint is a full search of that deal
    (values marked exact, equal to the minimax of the round); earlier, where the
    perfect-information solver finishes within the hint's positions, its values
    (exact: tests/solver/test_open_deal.py holds them to the plain search, at
    more positions than this test's small effort affords); else
    the values are estimates and the hint says so, never exact: the trump
    turning's and the cards' from hard's tree, the deal played out again and again."""
    game = get_game("lunar")
    exact = solved = turned = treed = 0
    for seed in range(6):
        state = game.new_game({"players": 2}, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal and state.phase != "over" and len(state.finished_hands) == 0:
            seat = state.current_player
            if len(state.legal_actions()) > 1 and rng.random() < 0.25:
                h = hint(state, seat, effort=EFFORT, seed=1)
                assert h["worlds"] == 1
                checks.check_hint_words(h)
                if adapter.search_exactly(state):
                    assert h["exact"] and all("exact" in a["why"] for a in h["actions"])
                    mark = adapter.ADAPTER.hand_mark(state)
                    memo = {}
                    for a in h["actions"]:
                        action = state.game.parse_action(state, a["action"])
                        final = adapter.exact_final(state.apply_action(action), seat, mark, memo)
                        assert a["ev"] == adapter.ADAPTER.hand_points(final, seat, mark)
                    exact += 1
                elif (got := open_deal.solve(view_of(state, seat), open_deal.nodes_for(EFFORT, None))) \
                        and got.finished:
                    assert h["exact"] and all("exact" in a["why"] for a in h["actions"])
                    values = {state.game.action_token(state, a): v for a, v in got.values.items()}
                    assert {a["action"]: a["ev"] for a in h["actions"]} == values
                    solved += 1
                else:
                    assert not h["exact"] and not any(a["exact"] for a in h["actions"])
                    assert "exact" not in " ".join(a["why"] for a in h["actions"])
                    assert h["tree"] and not h["look_ahead"], h["certainty"]
                    assert h["certainty"].startswith("You can see every card or tell where it is: the search played")
                    treed += 1
                    turned += h["decision"] == "turn"
            state = state.apply_action(rng.choice(state.legal_actions()))
    assert exact >= 3 and turned >= 1 and treed >= 3, (exact, solved, turned, treed)


def test_a_tree_hint_over_few_deals_offers_no_search_of_every_deal():
    """Late in a four-player round the deals left are few (48 at the start of the
    ninth trick of seed 3) but not yet searched exactly: the hint searches them
    with hard's tree, thousands of playouts, and offers no "search all deals",
    which would play each deal out once and know less (its interval six times
    wider there, and another card best); where the choices are close it offers
    to think longer."""
    game = get_game("lunar")
    seen = 0
    for seed in range(3, 7):
        state = game.new_game({"players": 4}, seed=seed)
        while not state.is_terminal and len(state.finished_hands) == 0:
            late = state.phase == "play" and adapter.EXACT_CARDS < adapter.cards_left(state) <= 20
            if late and len(state.legal_actions()) > 1:
                h = hint(state, state.current_player, effort=400, seed=1)
                assert h["tree"] and h["worlds"] <= 2_000
                assert h["all_worlds_effort"] is None
                assert h["more"] is None or "all_worlds" not in h["more"]["budget"]
                seen += 1
            state = state.apply_action(bots.choose(state, state.current_player, "easy"))
    assert seen >= 10


# --- where bench/exact_check.py checks this game's exact values ------------------------------------
# players: the tables it checks by default; endgame: cards left where the hint's search is exact;
# face_up: (players) -> cards left just above it, where the review's face-up column may still be exact
# (default solver.faceup.EXACT_CARDS + players); before_tricks: its decisions before the tricks count
# too; narrowed: its hint is rarely exact as it stands (deals by the million), so also on narrowed views.
EXACT_CHECK = {"players": (2, 4), "endgame": 12}


# --- the reference opponents and hard's tree (tests/solver/test_reference_bots.py) -----------------
REFERENCE_TABLES = (4, 2)       # player counts the reference opponents are checked at
ARENA_PLAYERS = 4               # the arena's deal of hard against ISMCTS
TREE_TABLES = (4, 2)            # player counts where hard may play its cards by the tree
ONE_TREE = (2,)                 # of those, where the hint grows one tree (adapter.split_trees)
ONE_POSSIBLE_DEAL = (2,)        # the Sky: the seat can tell every card, no other deal to redeal to
REDEAL = {"truth_of": lunar_truth, "differs": redeal_differs}     # checks.other_world_state's options


# --- the tables tests/solver/test_hint_summary.py reads this game's hints at -----------------------
LIKELY_CARDS_TABLES = [{"players": 4}]        # a likely card is one that what was seen made likelier
ALIKE_ROWS_TABLES = [{"players": 4}]          # rows all alike are one sentence, your own hand has no row
SURE_CARDS_TABLES = [{"players": 2}, {"players": 4}]     # a hand's sure cards, a suit's voids: a sentence each
HAND_OR_ROUND_TABLES = [{"players": 4}]       # the hint's value for this hand or round, as the table calls it
