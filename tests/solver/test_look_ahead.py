"""The look-ahead in a decision with one possible deal (Lunar's Sky, before its
exact endgame): search.rank searches the open deal some moves ahead, alpha-beta
with the policy's playout where it stops; more effort looks further ahead."""
import random
import re

from pycore.game import get_game
from solver import bots
from solver.search import rank
from solver.view import adapter_for, view_of

ADAPTER = adapter_for("lunar")


def sky_positions(count: int, seed: int = 0):
    """Seeded Sky positions before the exact endgame with several choices (the
    trump turning and trick play), reached by random legal moves."""
    game = get_game("lunar")
    out = []
    while len(out) < count:
        state = game.new_game({"players": 2}, seed=seed)
        rng = random.Random(seed)
        seed += 1
        while not state.finished_hands and not ADAPTER.search_exactly(state):
            if len(state.legal_actions()) > 1 and rng.random() < 0.3:
                out.append(state)
            state = state.apply_action(rng.choice(state.legal_actions()))
    return out[:count]


def minimax(state, seat: int, mark: int, depth: int) -> int:
    """The plain depth-limited minimax the look-ahead must equal: every move
    tried (no pruning), the seat maximising its points, the other minimising
    them, the policy's playout `depth` moves on (Lunar's policy draws nothing)."""
    if ADAPTER.hand_mark(state) != mark:
        return ADAPTER.hand_points(state, seat, mark)
    if depth == 0:
        return ADAPTER.hand_points(ADAPTER.playout(state, mark, random.Random(0)), seat, mark)
    values = [minimax(state.apply_action(a), seat, mark, depth - 1) for a in state.legal_actions()]
    return max(values) if state.current_player == seat else min(values)


def test_the_look_ahead_values_are_the_minimax_of_the_one_deal():
    checked = deeper = 0
    for state in sky_positions(12):
        seat = state.current_player
        view = view_of(state, seat)
        assert view.count() == 1
        r = rank(view, 200, seed=3)
        assert r.look_ahead >= 1 and not r.exact and r.stopped == "effort"
        mark = ADAPTER.hand_mark(state)
        for s in r.stats:
            assert s.n == 1 and s.ev == minimax(state.apply_action(s.action), seat, mark, r.look_ahead - 1)
        checked += 1
        deeper += r.look_ahead >= 2
    assert checked == 12 and deeper >= 6


def test_more_effort_looks_further_ahead_within_the_budget_counted_in_playouts():
    """normal and hard differ in the Sky by how far they look: each spends at most
    its effort besides the first playout of every choice, and hard looks further
    ahead than normal somewhere (never less)."""
    further = 0
    for state in sky_positions(16, seed=40):
        depths = {}
        for level, effort in bots.LEVELS.items():
            if not effort:
                continue
            r = rank(view_of(state, state.current_player), effort, seed=1)
            assert r.playouts <= effort + len(r.stats), (level, r.playouts)
            depths[level] = r.look_ahead
        assert depths["hard"] >= depths["normal"] >= 1
        further += depths["hard"] > depths["normal"]
    assert further >= 4


def test_the_look_ahead_is_a_pure_function_of_its_seed():
    for state in sky_positions(4, seed=80):
        a = rank(view_of(state, state.current_player), 200, seed=7)
        b = rank(view_of(state, state.current_player), 200, seed=7)
        assert [(s.token, s.ev) for s in a.stats] == [(s.token, s.ev) for s in b.stats]
        assert (a.look_ahead, a.playouts) == (b.look_ahead, b.playouts)


def test_a_time_limit_keeps_the_last_depth_it_finished(monkeypatch):
    """With a clock the search deepens while the time lasts; cut short, a depth
    is dropped whole: the values are still those of one depth's minimax. (The
    clock here is a counter, a millisecond a reading, so the test does not
    depend on the machine's speed.)"""
    import itertools
    ticks = itertools.count()
    monkeypatch.setattr("solver.spending.time.monotonic", lambda: next(ticks) / 1000)
    state = sky_positions(1, seed=120)[0]
    seat = state.current_player
    mark = ADAPTER.hand_mark(state)
    for seconds, depth in ((0.2, 1), (0.5, 2)):
        ticks = itertools.count()
        r = rank(view_of(state, seat), 100_000, seed=1, seconds=seconds)
        assert (r.stopped, r.look_ahead) == ("time", depth)
        if depth == 1:          # depth 2 was begun and dropped: more spent than depth 1's playouts
            assert r.playouts > len(r.stats)
        for s in r.stats:
            assert s.ev == minimax(state.apply_action(s.action), seat, mark, depth - 1)


def test_the_sky_hint_says_its_cards_and_whole_points_as_a_player_would(monkeypatch):
    """A hint looked ahead (one line of play, so whole points) says "worth about
    8 points this round, looking 4 moves ahead", not "8.0 points"; a card from the
    Sky is "the 4 from the Sky", not "“4 from the Sky”" in quotes. The Sky's
    hint searches by hard's tree now, its trump turning too, so the look-ahead's
    words are asked of it with the tree turned off (the normal level still
    looks ahead)."""
    from solver.hints import hint
    looked, cards = [], []
    states = sky_positions(16, seed=3)
    for state in states:
        h = hint(state, state.current_player, effort=400, seed=1)
        assert not h["look_ahead"]
        if h["decision"] == "play":
            assert "“" not in h["summary"], h["summary"]
            cards.append(h["summary"])
    monkeypatch.setattr(ADAPTER, "tree_search", lambda state: False)
    for state in states:
        h = hint(state, state.current_player, effort=400, seed=1)
        if h["look_ahead"] and not h["exact"]:
            assert re.search(r"worth about \d+ points? this round, looking", h["summary"]), h["summary"]
            looked.append(h["summary"])
    assert len(looked) >= 3 and sum("from the Sky" in s for s in cards) >= 1, (looked, cards)
