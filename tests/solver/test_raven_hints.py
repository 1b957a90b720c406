"""Raven hints and bots: every legal action ranked, deterministic for a seed,
blind to hidden cards, with an inference that matches the model."""
import functools
import json
import random

import pytest

from solver.games import raven as adapter
from solver.hints import hint
from solver.view import view_of
from solver.testing import positions, to_act, truth
from tests.solver import checks


@functools.lru_cache(maxsize=None)
def cases(players, count=6, seed=0):
    return positions("raven", {"players": players}, count, seed=1000 + players + seed)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_hint_ranks_every_legal_action_and_is_deterministic(players):
    for state, seat in to_act(cases(players, 3)):
        h = checks.check_hint(state, seat, effort=60, seed=5)
        if h["decision"] == "play" and len(h["actions"]) > 1:
            # the trick's odds on the choice's line, or once for all when every card shares them
            said_once = "wins this trick" in " ".join(h["shared"])
            assert "points this hand" in h["why"] and ("wins this trick" in h["why"]) != said_once, h
            assert said_once or "%" in h["why"] or "every" in h["why"], h["why"]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_act_from_what_the_seat_may_know(level):
    rng = random.Random(level)
    effort = {"easy": None, "normal": 40, "hard": 80}[level]
    states = [state for players in [2, 3, 4, 5, 6] for state, _ in to_act(cases(players, 4))]
    changed_choice, changed_world = checks.bots_disagreements(adapter, states, level, effort, rng)
    assert changed_choice == 0
    assert changed_world >= 10


def test_inference_probabilities_and_voids():
    checked_voids = 0
    for players in [3, 4, 6]:
        for state, seat in cases(players, 10):
            checked_voids += checks.check_inference(adapter, view_of(state, seat), truth(state, seat))
    assert checked_voids >= 3


def test_json_api_round_trip():
    state, _ = cases(4)[0]
    checks.check_json_api(state, state.current_player)


def test_endgame_ranking_is_the_exact_average_over_all_worlds():
    """With few cards left and all worlds searched exactly, each action's expected
    score equals the average over the worlds of the max^n value (the seat's view
    narrowed to a few dozen worlds by pinning cards where they truly are)."""
    found = checks.check_exact_endgames(
        adapter, "raven", 4, rng=random.Random(8), count=400,
        reduce_model=lambda view, world, rng: checks.reduce(view, world, rng, 30))
    assert found >= 1


def bid_positions(players, count=2, seed=0):
    """Bid decisions: the first bidder of a game, and a later bidder of a later hand."""
    from pycore.game import get_game
    rng = random.Random(f"bids/{players}/{seed}")
    out = []
    while len(out) < count:
        state = get_game("raven").new_game({"players": players}, seed=rng.randrange(10**6))
        for _ in range(rng.choice([0, 1, 2 * (players + players * 8)])):
            if state.is_terminal:
                break
            state = state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal and state.phase == "bid":
            out.append(state)
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_bid_is_played_out_and_valued(players):
    """Every legal bid (hundreds) gets a playout-based expected value (its own, or
    the one of the bid that is the same move: see the next test): n >= 1 worlds
    each, a finite ev, and the hint says on how many deals; the same seed gives the
    same hint; the best bid was searched on the most worlds."""
    import math
    for state in bid_positions(players):
        seat = state.current_player
        h = hint(state, seat, effort=60, seed=3)
        legal = state.observation(seat)["legal"]
        assert sorted(a["action"] for a in h["actions"]) == sorted(legal)
        assert all(a["searched"] and a["n"] >= 1 and math.isfinite(a["ev"]) for a in h["actions"])
        checks.check_hint_words(h)      # each bid said with its interval, or "dropped after a first quick look"
        assert "not played out" not in json.dumps(h)
        assert h["actions"][0]["n"] == max(a["n"] for a in h["actions"]) == h["searched_worlds"]
        checks.check_value_order(h["actions"])
        assert hint(state, seat, effort=60, seed=3) == h


@pytest.mark.parametrize("players", [2, 4])
def test_bids_that_set_aside_cards_of_one_run_are_one_choice(players):
    """Holding the 5 and the 6 of Swords, setting aside either keeps a hand that
    plays the same: `same_choice` keys two bids alike exactly when their kept
    hands match card for card, each kept card in its suit with as many cards the
    bidder does not hold below it. The hint searches one bid of each key and
    values the others alike, world by world, so its first round plays each
    distinct bid once: fewer playouts than there are bids."""
    from pycore.games.raven import RANKS, bid_value
    for state in bid_positions(players, 3, seed=2):
        seat = state.current_player
        hand = state.hands[seat]
        key = adapter.same_choice(state)

        def plays_as(bid):       # each kept card: its suit, and the cards others may hold below it
            kept = [c for c in hand if c not in bid.cards]
            return sorted((c // RANKS, sum(1 for d in range(c - c % RANKS, c) if d not in hand))
                          if c < 56 else (c,) for c in kept)
        legal = state.legal_actions()
        for a, b in zip(legal, legal[1:] + legal[:1]):
            same = key(a) == key(b)
            assert same == (plays_as(a) == plays_as(b)), (a, b)
            assert not same or bid_value(a.cards) == bid_value(b.cards)
        twins = {}
        for bid in legal:
            twins.setdefault(key(bid), []).append(state.game.action_token(state, bid))
        assert len(twins) < len(legal)
        h = hint(state, seat, effort=60, seed=3)
        by_token = {a["action"]: a for a in h["actions"]}
        for tokens in twins.values():
            assert len({(by_token[t]["n"], by_token[t]["ev"]) for t in tokens}) == 1, tokens
        assert len(twins) <= h["playouts"] < len(legal)
    assert adapter.same_choice(next(s for s, _ in cases(4) if adapter.decision(s) == "play")) is None


def test_halving_schedule_plays_every_action_and_halves():
    from solver.search import FLAT_WORLDS, halving_schedule
    assert halving_schedule(10, 10 * FLAT_WORLDS) == [(10, FLAT_WORLDS)]
    for actions, effort in [(2380, 160), (364, 60), (36, 160), (225, 200), (12, 60), (2, 1)]:
        s = halving_schedule(actions, effort)
        assert s[0][0] == actions and s[0][1] >= 1 and s[-1][0] <= 2
        assert all(b[0] <= a[0] and b[1] > a[1] for a, b in zip(s, s[1:]))
        cost = sum(alive * (seen - before) for (alive, seen), before in zip(s, [0] + [x[1] for x in s]))
        assert cost <= actions * s[0][1] + 2 * effort


def test_paired_values_of_bids_left_behind_never_pass_the_best():
    """An action left behind by the halving is valued by its mean difference from the
    best one on the deals they shared: it lost to the best on those deals, so its
    value is at most the best's; its plain mean is reported beside it."""
    from solver.search import rank
    state = bid_positions(4, 1, seed=5)[0]
    r = rank(view_of(state, state.current_player), effort=80, seed=1)
    best = r.stats[0]
    assert best.paired is None and best.n == max(s.n for s in r.stats)
    for st in r.stats[1:]:
        assert st.ev <= best.ev + 1e-9
        if st.n < best.n:
            shared = sum(v - b for v, b in zip(st.values, best.values)) / st.n
            assert st.ev == pytest.approx(best.mean + shared) and st.reference == best.token


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_quick_simulator_plays_as_the_engine(players):
    """The plain-list simulator of a hand's tricks makes the same plays as the
    policy on engine states: same points and trick winners (ravenclaw included)."""
    from pycore.game import get_game
    checked = 0
    for short in (False, True):
        for seed in range(12):
            rules = {"players": players, **({"short_game": True} if short else {})}
            state = get_game("raven").new_game(rules, seed=seed)
            rng = random.Random(seed)
            for _ in range(rng.randrange(0, 400 if short else 80)):
                if state.is_terminal:
                    break
                state = state.apply_action(rng.choice(state.legal_actions()))
            if state.is_terminal:
                continue
            mark = adapter.ADAPTER.hand_mark(state)
            while len(state.finished_hands) == mark and state.phase != "play":
                state = adapter.fast_apply(state, adapter.policy_action(state))
            if len(state.finished_hands) != mark:
                continue
            engine = state
            while len(engine.finished_hands) == mark:
                engine = adapter.fast_apply(engine, adapter.policy_action(engine))
            quick = adapter.simulate(state)
            assert quick.points == tuple(engine.finished_hands[mark][1])
            assert list(quick.winners) == [t.winner for t in engine.finished_hands[mark][0]]
            checked += 1
    assert checked >= 12


def test_the_hint_counts_bids_about_as_good_and_names_cards():
    """The summary names the other choices about as good when they are cards (or
    short), and counts them when each is a bid and the four cards it sets aside,
    more than a player reads at a glance (the table names them all), out of how
    many; the close call then names none again."""
    bid = next(s for s, _ in cases(2) if adapter.decision(s) == "bid")
    h = hint(bid, bid.current_player, effort=400, seed=1)
    close = [a for a in h["actions"][1:] if a["group"] in ("close", "as good")]
    assert len(close) > 4
    assert h["summary"].count("Bid ") == 1, h["summary"]
    others = len(h["actions"]) - 1
    assert others >= 1000 and others > len(close)       # out of how many, with the thousands marked
    assert h["summary"].endswith(f" {len(close):,} of the other {others:,} choices are about as good."), h["summary"]
    assert h["close_call"] and "Bid" not in h["close_call"] and "cannot tell" in h["close_call"]
    plays = [s for s, _ in cases(2) if adapter.decision(s) == "play"]
    named = 0
    for state in plays:
        h = hint(state, state.current_player, effort=400, seed=1)
        close = [a for a in h["actions"][1:] if a["group"] == "close"]
        if close:       # the suggestion and the close ones: four named, or three and "n more"
            shown = close if len(close) <= 3 else close[:2]
            assert all(a["name"] in h["close_call"] for a in [h["actions"][0]] + shown), h["close_call"]
            assert (len(close) <= 3) == ("more" not in h["close_call"]), h["close_call"]
            named += 1
    assert named >= 2


# --- where bench/exact_check.py checks this game's exact values ------------------------------------
# players: the tables it checks by default; endgame: cards left where the hint's search is exact;
# face_up: (players) -> cards left just above it, where the review's face-up column may still be exact
# (default solver.faceup.EXACT_CARDS + players); before_tricks: its decisions before the tricks count
# too; narrowed: its hint is rarely exact as it stands (deals by the million), so also on narrowed views.
EXACT_CHECK = {"players": (2, 3, 4, 6), "endgame": 6, "narrowed": True}


# --- the reference opponents and hard's tree (tests/solver/test_reference_bots.py) -----------------
REFERENCE_TABLES = (4,)       # player counts the reference opponents are checked at
ARENA_PLAYERS = 3               # the arena's deal of hard against ISMCTS
TREE_TABLES = (4, 3, 2)         # player counts where hard may play its cards by the tree
ONE_TREE = (3,)                 # of those, where the hint grows one tree (adapter.split_trees)


# --- the tables tests/solver/test_hint_summary.py reads this game's hints at -----------------------
LIKELY_CARDS_TABLES = [{"players": 4}]        # a likely card is one that what was seen made likelier
ALIKE_ROWS_TABLES = [{"players": 4}]          # rows all alike are one sentence, your own hand has no row
SURE_CARDS_TABLES = [{"players": 6}]          # a hand's sure cards and a suit's voids are one sentence each
HAND_OR_ROUND_TABLES = [{"players": 4}]       # the hint's value for this hand or round, as the table calls it
