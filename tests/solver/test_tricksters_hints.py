"""Tricksters hints and bots: every decision's legal actions ranked, trick play
exactly equal to a brute-force expectimax written here from the engine alone,
deterministic for a seed, blind to hidden cards."""
import functools
import random

import pytest

from pycore.games.tricksters import ROUND_POINTS
from solver.games import tricksters as adapter
from solver.hints import hint, inference
from solver.search import rank
from solver.testing import at_trick, brute_expectimax, brute_value, positions, reduce, to_act, truth
from solver.view import view_of
from tests.solver import checks

RULES = {"players": 4}


@functools.lru_cache(maxsize=None)
def cases(count=120, seed=21):
    return positions("tricksters", RULES, count, seed)


# --- the independent brute force (solver/testing.py: brute_value, brute_expectimax) ------
def test_trick_play_hints_equal_brute_force_expectimax():
    """On many trick-play positions: every world of the fourth and fifth tricks (at
    most 60: the seat's view narrowed by pinning true cards if more), and third
    tricks narrowed to a few worlds (the brute force is slow there)."""
    rng = random.Random(9)
    late = deep = 0
    for state, _ in positions("tricksters", RULES, 600, seed=33):
        if state.phase != "play" or len(state.legal_actions()) < 2:
            continue
        seat = state.current_player
        view = view_of(state, seat)
        cards = len(state.hands[seat])
        if cards == 3 and deep < 6:
            limit = 3
            deep += 1
        elif cards <= 2 and late < 30:
            limit = 60
            late += 1
        else:
            continue
        if view.count() > limit:
            view.model = reduce(view, truth(state, seat), rng, limit=limit, constrained_last=False)
            view._counter = None
        r = rank(view, all_worlds=True)
        assert r.enumerated and r.exact_search and r.used == view.count()
        expected = brute_expectimax(view)
        assert {s.token: s.ev for s in r.stats} == pytest.approx(expected)
        if late >= 30 and deep >= 6:
            break
    assert late == 30 and deep == 6


def minimax(state, seat, mark):
    """Plain pair-vs-pair minimax, nothing cached or cut: the seat's pair maximises
    its round points, the other pair minimises them."""
    if len(state.finished_hands) != mark:
        return state.finished_hands[mark][1][seat]
    values = [minimax(state.apply_action(a), seat, mark) for a in state.legal_actions()]
    return max(values) if state.current_player in (seat, state.partner[seat]) else min(values)


@functools.lru_cache(maxsize=None)
def late_positions(count=40):
    found = []
    rng = random.Random(12)
    from pycore.game import get_game
    game = get_game("tricksters")
    while len(found) < count:
        state = game.new_game({}, seed=rng.randrange(10**6))
        for _ in range(rng.randrange(0, 3) * 33):          # some later rounds too
            state = state.apply_action(rng.choice(state.legal_actions()))
        while not (state.phase == "play" and adapter.ADAPTER.cards_left(state) <= 8):
            state = state.apply_action(rng.choice(state.legal_actions()))
        for _ in range(rng.randrange(0, 6)):
            if state.is_terminal or state.phase != "play":
                break
            state = state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal or state.phase != "play" or len(state.legal_actions()) < 2:
            continue
        found.append(state)
    return found


def test_late_hints_over_whole_views_equal_plain_minimax():
    """Whole views (no pinning) with at most 8 cards left: each action's value is
    the mean over every world (brute force) of plain pair-vs-pair minimax."""
    for state in late_positions():
        seat = state.current_player
        view = view_of(state, seat)
        r = rank(view, all_worlds=True)
        assert r.enumerated and r.exact_search
        worlds = checks.brute_force(view, view.model, adapter.consistent, cap=10**6, trust_pins=False)
        assert r.worlds == len(worlds)
        mark = len(state.finished_hands)
        for st in r.stats:
            values = [minimax(view.world_state(dict(w)).apply_action(st.action), seat, mark)
                      for w in worlds]
            assert st.ev == pytest.approx(sum(values) / len(values))


def test_second_trick_hints_equal_brute_force_expectimax():
    """At the second trick (four tricks to search in every world), a lead and a
    follow: every world of the seat's view, narrowed by pinning true cards to at
    most 4 worlds when it has more (the brute force takes seconds per world)."""
    rng = random.Random(17)
    kinds = {"lead": 0, "follow": 0}
    for state in at_trick(2, 40, seed=41):
        kind = "follow" if state.tricks[-1].plays else "lead"
        if kinds[kind] == 1:
            continue
        seat = state.current_player
        view = view_of(state, seat)
        if view.count() > 4:
            view.model = reduce(view, truth(state, seat), rng, limit=4, constrained_last=False)
            view._counter = None
        r = rank(view, all_worlds=True)
        assert r.enumerated and r.exact_search and r.used == view.count()
        assert {s.token: s.ev for s in r.stats} == pytest.approx(brute_expectimax(view))
        kinds[kind] += 1
        if sum(kinds.values()) == 2:
            break
    assert kinds == {"lead": 1, "follow": 1}


def line_by_full_values(position, seat, hands, leader, plays) -> bool:
    """Whether the seat's side takes the trick under way when each seat still to
    play to it picks the first card (in card order) of the best value for its
    side, every card's value searched in full by a fresh solver."""
    solver = adapter.TrickSolver(position, seat)
    while len(plays) < 4:
        mover = (leader + len(plays)) % 4
        best = None
        for c in range(20):
            if hands >> (c + 20 * mover) & 1:
                h = hands ^ (1 << (c + 20 * mover))
                v = solver.value(h, leader, plays + (c,))
                if best is None or (v > best[0] if solver.side[mover] else v < best[0]):
                    best = (v, c, h)
        _, c, hands = best
        plays = plays + (c,)
    return solver.resolve(leader, plays)[0] == 1


def test_one_table_for_every_world_equals_a_fresh_solver_per_world():
    """The hint's one table, shared by all the worlds of a view, gives each world
    and action the value and trick winner a fresh solver for that world alone
    gives: from the first trick to the fourth, worlds drawn in turn. From the
    second trick on, the trick winner of the principal line (found by null-window
    tests) is also checked against every card's full value."""
    rng = random.Random(23)
    checked = 0
    for state, _ in positions("tricksters", RULES, 400, seed=7):
        if state.phase != "play" or len(state.legal_actions()) < 2:
            continue
        seat = state.current_player
        view = view_of(state, seat)
        first = len(state.tricks) == 1
        worlds = [view.counter.sample(rng) for _ in range(3 if first else 8)]
        shared = None
        for world in worlds:
            position = view.world_state(world)
            shared = shared or adapter.TrickSolver(position, seat)
            fresh = adapter.TrickSolver(position, seat)
            hands = adapter.TrickSolver.hands_of(position)
            trick = position.tricks[-1]
            for action in position.legal_actions():
                h = hands ^ (1 << (action.card + 20 * seat))
                plays = tuple(trick.cards) + (action.card,)
                v = fresh.value(h, trick.leader, plays)
                assert shared.value(h, trick.leader, plays) == v
                took = shared.line_takes_trick(h, trick.leader, plays)
                assert took == fresh.line_takes_trick(h, trick.leader, plays, v)
                if not first:
                    assert took == line_by_full_values(position, seat, h, trick.leader, plays)
            assert adapter.solve_points(position, seat, shared) == adapter.solve_points(position, seat)
        checked += 1
        if checked == 12:
            break
    assert checked == 12


def test_solver_equals_brute_force_on_true_deals():
    """The solver alone, in the true world, for every seat: from the third trick's
    lead (three full tricks to search) in seeded random games."""
    from pycore.game import get_game
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = get_game("tricksters").new_game(RULES, seed=seed)
        while state.phase != "play" or len(state.tricks) < 3:
            state = state.apply_action(rng.choice(state.legal_actions()))
        mark = len(state.finished_hands)
        for seat in range(4):
            expected = ROUND_POINTS[brute_value(state, mark, (seat, state.partner[seat]), {})]
            assert adapter.solve_points(state, seat) == expected
            checked += 1
    assert checked == 24


# --- hints --------------------------------------------------------------------------------------
@pytest.mark.parametrize("phase", ["draft", "suits", "partners", "play"])
def test_hint_ranks_every_legal_action_and_is_deterministic(phase):
    found = to_act(cases(), 3, phase=phase)
    assert found
    for state, seat in found:
        h = checks.check_hint(state, seat, effort=80, seed=5, all_searched=True)
        assert h["decision"] == {"draft": "draft", "suits": "suit", "partners": "partners",
                                 "play": "play"}[phase]
        if len(h["actions"]) > 1:
            assert "points this round" in h["why"]
            if phase == "play":       # on the card's own line, or said once when every card shares it
                said_once = "wins this trick" in " ".join(h["shared"])
                assert ("wins this trick" in h["why"]) != said_once, (h["why"], h["shared"])
                assert said_once or "%" in h["why"] or "every" in h["why"], h["why"]
            else:
                assert "bid" not in h["why"]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_act_from_what_the_seat_may_know(level):
    effort = {"easy": None, "normal": 40, "hard": 120}[level]
    states = [state for phase in ("draft", "suits", "partners", "play")
              for state, _ in to_act(cases(), 4, phase=phase)]
    changed_choice, changed_world = checks.bots_disagreements(adapter, states, level, effort,
                                                              random.Random(level))
    assert changed_choice == 0
    assert changed_world >= 10


def test_inference_probabilities_sum_to_the_hand_sizes():
    for state, seat in [(s, seat) for s, seat in cases()[:20]]:
        view = view_of(state, seat)
        inferred = inference(view)
        real = truth(state, seat)
        assert set(inferred) == set(real)
        for name, entry in inferred.items():
            assert entry["size"] == len(real[name])
            assert sum(entry["cards"].values()) == pytest.approx(entry["size"], abs=0.01)
            assert entry["voids"] == []          # every card shows every critter


def test_json_api_round_trip():
    state, seat = to_act(cases(), 1, phase="play")[0]
    checks.check_json_api(state, seat)


def test_policy_plays_only_legal_actions_to_the_end():
    from pycore.game import get_game
    for seed in range(3):
        state = get_game("tricksters").new_game(RULES, seed=seed)
        while not state.is_terminal:
            state = state.apply_action(adapter.policy_action(state))
        assert state.winners()


@pytest.mark.parametrize("preset", [0, 1])
def test_playouts_end_the_round_as_the_engine_with_the_policy(preset):
    """The playouts' simulator (on plain lists, with the engine's trick rule) ends
    the round as the engine does with the same policy, from every phase: the same
    points and trick winners (the default deck, and the deck of many ties)."""
    from pycore.game import get_game
    rules = get_game("tricksters").presets()[preset]
    checked = 0
    for state, _ in positions("tricksters", rules, 120, seed=40 + preset):
        mark = adapter.ADAPTER.hand_mark(state)
        s = state
        while adapter.ADAPTER.hand_mark(s) == mark:
            s = s.apply_action(adapter.policy_action(s))
        fast = adapter.playout(state, mark, None)
        assert fast.points == s.finished_hands[mark][1]
        assert fast.winners == [t.winner for t in s.finished_hands[mark][0]]
        checked += 1
    assert checked == 120


def test_first_trick_solver_equals_brute_force_on_a_true_deal():
    """The solver alone, in the true world, at the first trick's last play (all
    five tricks still to search), for every card the seat may play: the
    engine-only brute force (4 s of CPU; at the first lead itself it takes a
    minute, so that check is bench/tricksters_first_lead.py's)."""
    from pycore.game import get_game
    rng = random.Random(0)
    state = get_game("tricksters").new_game(RULES, seed=0)
    while state.phase != "play":
        state = state.apply_action(rng.choice(state.legal_actions()))
    for _ in range(3):
        state = state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.tricks) == 1 and len(state.tricks[-1].plays) == 3
    seat, mark = state.current_player, len(state.finished_hands)
    side = (seat, state.partner[seat])
    memo: dict = {}
    solver = adapter.TrickSolver(state, seat)
    for action in state.legal_actions():
        after = state.apply_action(action)
        assert adapter.solve_points(after, seat, solver) == ROUND_POINTS[brute_value(after, mark, side, memo)]


def points_by_thresholds(solver, hands, leader, plays, base) -> int:
    """Round points from null-window tests at the points' trick thresholds (2, 3
    and 5 tricks in all): a count independent of the full-window value."""
    def reaches(total):
        need = total - base
        return need <= 0 or solver.trick(hands, leader, plays, need - 1, need) >= need
    return reaches(2) + reaches(3) + reaches(5)


def test_whole_first_trick_views_at_the_offered_effort_search_every_world():
    """At the first trick the default hint samples and offers to search every deal
    (`all_worlds`), at the lead too with its 1,680; asked so, it searches every
    world of the whole view, and each card's expected points equal the mean over
    every world of points counted another way: null-window tests at the points'
    thresholds, the worlds taken in reverse order through a solver of their own.
    Searched and counted at the follow with the fewest worlds (210); the lead's
    1,680 would take a minute of CPU for the same check (bench/web.py --all-deals
    and bench/tricksters_first_lead.py --whole time that search)."""
    from solver.hints import hint
    leads = [s for s in at_trick(1, 30, seed=3) if not s.tricks[-1].plays]
    follows = [s for s in at_trick(1, 30, seed=3) if s.tricks[-1].plays]
    for state in (leads[0], min(follows, key=lambda s: view_of(s, s.current_player).count())):
        seat = state.current_player
        view = view_of(state, seat)
        quick = hint(state, seat)
        assert not quick["all_worlds"] and quick["searched_worlds"] < view.count()
        assert quick["more"]["budget"] == {"all_worlds": True} and quick["all_worlds_effort"]
        if state is leads[0]:
            assert view.count() == 1680
            continue
        r = rank(view, all_worlds=True)
        assert r.enumerated and r.exact_search and r.used == r.worlds == view.count() == 210
        worlds = list(view.counter.worlds())[::-1]
        other = None
        for st in r.stats:
            total = 0
            for world in worlds:
                position = view.world_state(world)
                other = other or adapter.TrickSolver(position, seat)
                trick = position.tricks[-1]
                hands = adapter.TrickSolver.hands_of(position) ^ (1 << (st.action.card + 20 * seat))
                total += points_by_thresholds(other, hands, trick.leader,
                                              tuple(trick.cards) + (st.action.card,),
                                              position.team_tricks[seat])
            assert st.ev == pytest.approx(total / len(worlds))


def test_the_hint_names_a_card_in_play_as_its_table_does():
    """In trick play a Tricksters card counts in the led critter (yours when you
    lead), so the table of choices names it that way first ("Rats 5 (Ravens 4,
    Foxes 1, Toads 2)"); the first line and the close call name it the same, not
    as "the card Ravens 4 / Foxes 1 / Rats 5 / Toads 2" beside it."""
    named = 0
    for state, seat in to_act(cases(), 4, phase="play"):
        h = hint(state, seat, effort=80, seed=5)
        if len(h["actions"]) < 2:
            continue
        assert h["summary"].startswith(f"Consider the {h['actions'][0]['name']}: "), h["summary"]
        assert "the card " not in h["summary"] + (h["close_call"] or ""), h["summary"]
        named += 1
    assert named >= 2, named


def test_the_other_hands_table_has_no_suit_columns_for_cards_of_every_critter():
    """A Tricksters card counts in all four critters, so no card is "a Raven":
    the table of the other hands has no critter columns (they read "none" in
    every cell, as if each hand surely held no card of any), only each hand's
    size and its likely cards; Raven's, whose cards have one suit, keeps them."""
    from pycore.words import Narrator
    from solver.opponents import opponents

    def table(state):
        view = view_of(state, state.current_player)
        tell = Narrator(state.game, state.observation(state.current_player), "")
        return opponents(view, inference(view), tell).to_json()
    for state, _ in positions("tricksters", {}, 6, seed=3):
        said = table(state)
        assert said["suits"] == [] and all(row["suits"] == [] for row in said["rows"]), said
        assert "suit" not in said["note"] and (said["rows"] or said["facts"]), said
    state, _ = positions("raven", {"players": 4}, 1, seed=3)[0]
    assert table(state)["suits"] == ["Shields", "Swords", "Axes", "Waters"]


# --- where bench/exact_check.py checks this game's exact values ------------------------------------
# players: the tables it checks by default; endgame: cards left where the hint's search is exact;
# face_up: (players) -> cards left just above it, where the review's face-up column may still be exact
# (default solver.faceup.EXACT_CARDS + players); before_tricks: its decisions before the tricks count
# too; narrowed: its hint is rarely exact as it stands (deals by the million), so also on narrowed views.
EXACT_CHECK = {"players": (4,), "endgame": 12, "face_up": lambda players: 12}


# --- the reference opponents and hard's tree (tests/solver/test_reference_bots.py) -----------------
REFERENCE_TABLES = (4,)       # player counts the reference opponents are checked at
ARENA_PLAYERS = 4               # the arena's deal of hard against ISMCTS


# --- the tables tests/solver/test_hint_summary.py reads this game's hints at -----------------------
LIKELY_CARDS_TABLES = [{}]        # a likely card is one that what was seen made likelier
HAND_OR_ROUND_TABLES = [{}]       # the hint's value for this hand or round, as the table calls it
NO_OPPONENT_ROWS = True         # no suit columns and nothing to put in a row: one sentence
