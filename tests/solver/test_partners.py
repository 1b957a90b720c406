"""Partner figures (solver/partners.py): a trick counted sure is one the engine
never lets the partnership lose, whatever the seat and the opponents still to
play choose; the counts read only what the seat may know; the bots' tie-break
spends least on a sure trick."""
import random

import pytest

from pycore.game import get_game
from solver import partners
from tests.catalog import example_tables, own_tests
from tests.conformance import hidden_cards_shuffled

# The tables of each game played in partnerships.
TABLES = [(name, players) for name, players in example_tables() if partners.has_partners(name, players)]


def play_positions(game: str, players: int, count: int):
    """Positions where a seat is to play with its partner's card already in the trick."""
    g = get_game(game)
    rng = random.Random(f"partners/{game}")
    out = []
    for seed in range(200):
        state = g.new_game({"players": players}, seed=seed)
        while not state.is_terminal and len(state.finished_hands) < 1:
            seat = state.current_player
            if partners.partner_of(state, seat) in (state.tricks[-1].seats if state.tricks else ()) \
                    and state.phase == "play":
                out.append(state)
            state = state.apply_action(rng.choice(state.legal_actions()))
        if len(out) >= count:
            break
    return out[:count]


def engine_takes(state, seat: int) -> bool:
    """Every legal play of the seat, then every legal play the real opponents
    could make: does the partnership take the trick each time? (engine only)"""
    mark, index = len(state.finished_hands), len(state.tricks) - 1

    def rec(s) -> bool:
        if len(s.finished_hands) != mark or len(s.tricks) - 1 != index or s.tricks[index].winner is not None:
            trick = (s.finished_hands[mark][0] if len(s.finished_hands) != mark else s.tricks)[index]
            return trick.winner in (seat, partners.partner_of(state, seat))
        return all(rec(s.apply_action(a)) for a in s.legal_actions())
    return rec(state)


@pytest.mark.parametrize("game,players", TABLES)
def test_a_sure_trick_cannot_be_lost(game, players):
    states = play_positions(game, players, 150)
    sure = 0
    for state in states:
        seat = state.current_player
        if partners.sure_trick(state, seat):
            sure += 1
            assert engine_takes(state, seat)
    assert sure >= 5


@pytest.mark.parametrize("game,players", TABLES)
def test_partner_figures_read_only_the_seat_view(game, players):
    rng = random.Random(game)
    for state in play_positions(game, players, 60):
        seat = state.current_player
        other, _ = hidden_cards_shuffled(state, seat, rng)
        for action in state.legal_actions():
            assert partners.judge(state, seat, action) == partners.judge(other, seat, action)


def test_tie_break_spends_the_weakest_card_on_a_sure_trick():
    found = 0
    for state in play_positions("tricksters", 4, 150):
        seat = state.current_player
        legal = state.legal_actions()
        if partners.sure_trick(state, seat) and len(legal) > 1:
            pick = partners.least_spent(state, seat, legal)
            verdict = partners.judge(state, seat, pick)
            assert verdict["overtake"] == 0
            found += 1
    assert found >= 3


def test_the_tie_break_never_gives_up_exact_value():
    """On a sure trick whose every consistent deal is searched exactly, the bot's
    thrifty tie-break never chooses a card known to be worse than the best: one
    worth less on every deal searched exactly (an exact difference is no noise,
    however small), or one the search's race let go as surely worse."""
    from solver import bots
    from solver.search import rank
    from solver.view import view_of
    checked = costly = 0
    for state in play_positions("tricksters", 4, 400):
        seat = state.current_player
        if not partners.sure_trick(state, seat) or len(state.legal_actions()) < 2:
            continue
        ranking = rank(view_of(state, seat), bots.LEVELS["hard"], 0)
        if not ranking.exact:
            continue
        best = ranking.stats[0]
        known_worse = {s.action for s in ranking.stats
                       if (s.n >= ranking.worlds and s.ev < best.ev - 1e-9) or s.left == "worse"}
        if not known_worse:
            continue
        checked += 1
        costly += bots.choose(state, seat, "hard", seed=0) in known_worse
    assert checked >= 5
    assert costly == 0


@pytest.mark.parametrize("game,players", TABLES)
def test_the_thrifty_card_is_no_fault_where_one_was_avoidable(game, players):
    """partners.thrifty, the card bench/partners.py sets against a counted fault:
    neither an overtake nor (where a plain card was there) a discarded winner."""
    found = 0
    for state in play_positions(game, players, 300):
        seat = state.current_player
        for action in state.legal_actions():
            judged = partners.judge(state, seat, action)
            if not judged or not (judged["overtake"] or judged["winner"]):
                continue
            instead = partners.thrifty(state, seat, judged)
            assert instead in state.legal_actions()
            verdict = partners.judge(state, seat, instead)
            if judged["overtake"]:
                assert verdict["overtake"] == 0
            else:
                assert verdict["winner"] == 0
            found += 1
    assert found >= 5


def _node(visits: int, mean: float, spread: float):
    """A root child of solver/tree.py with these visits, mean points and standard
    deviation (half its playouts at mean - spread, half at mean + spread)."""
    from solver import tree
    node = tree.Node()
    node.visits = node.avail = visits
    node.total = mean * visits
    node.squares = visits * (mean * mean + spread * spread)
    return node


def test_the_tree_calls_alike_only_what_its_visits_cannot_tell_apart():
    """solver.tree.alike: the most visited action first; then each action visited
    at least ALIKE_VISITS times whose mean is within the 95% interval of the
    difference from the move's; never one the tree clearly found worse, nor one
    it barely tried."""
    from solver import tree
    root = tree.Node()
    root.children = {"best": _node(600, 5.0, 2.0), "close": _node(400, 4.9, 2.0),
                     "worse": _node(400, 4.0, 2.0), "untried": _node(tree.ALIKE_VISITS - 1, 5.0, 2.0),
                     "higher mean, fewer visits": _node(100, 5.2, 2.0)}
    legal = ["worse", "close", "best", "untried", "higher mean, fewer visits", "never visited"]
    assert tree.alike(legal, root) == ["best", "close", "higher mean, fewer visits"]
    root.children["close"] = _node(400, 4.9, 0.1)       # the same gap, told apart when quiet
    root.children["best"] = _node(600, 5.0, 0.1)
    assert tree.alike(legal, root) == ["best", "higher mean, fewer visits"]
    assert tree.alike(["a", "b"], tree.Node()) == ["a"]


def test_hard_spends_least_on_a_sure_trick_among_the_cards_its_tree_calls_alike(monkeypatch):
    """Where hard plays by the tree (four-player Lunar), on a sure trick it plays
    the card that spends least among those the tree cannot tell from its move,
    and its move elsewhere: the tie-break changes some moves, and only on sure tricks."""
    from solver import bots, tree
    from solver.view import adapter_for
    roots = []
    real = bots.grow_trees

    def keeping(*args):
        root = yield from real(*args)
        roots.append(root)
        return root
    monkeypatch.setattr(bots, "grow_trees", keeping)
    adapter = adapter_for("lunar")
    sure = changed = 0
    for state in play_positions("lunar", 4, 120):
        seat = state.current_player
        if not adapter.tree_search(state) or len(state.legal_actions()) < 2:
            continue
        roots.clear()
        move = bots.choose(state, seat, "hard", seed=3, effort=400)
        (root,) = roots
        legal = state.legal_actions()
        best = tree.most_visited(legal, root)
        if not partners.sure_trick(state, seat):
            assert move == best
            continue
        sure += 1
        assert move == (partners.least_spent(state, seat, tree.alike(legal, root)) or best)
        changed += move != best
    assert sure >= 5 and changed >= 1


@pytest.mark.parametrize("game", sorted({name for name, _ in TABLES}))
def test_the_hint_suggests_what_hard_spends_on_a_sure_trick(game):
    """On a trick the seat's partner is already sure to take, the hint suggests
    the card hard plays there: the one that spends least among those its search
    cannot tell from the best (the flat search in Tricksters, the tree in
    four-player Lunar), and says why; the others are compared to "the
    suggestion", not to "the best". Elsewhere it suggests the search's best. In
    Tricksters, at hard's effort and seed, it is the very card hard plays, where
    the hint's search spent what hard's did (it may go on to value every one of a
    few deals exactly: search._finish)."""
    from solver import bots
    from solver.hints import hint
    from solver.search import alike, rank
    from solver.view import view_of
    from tests.solver import checks
    why = "Your partner has this trick whatever is played"
    flat = getattr(own_tests(game), "HARD_PLAYS_BY_THE_FLAT_SEARCH", False)
    sure = moved = as_hard = 0
    for state in play_positions(game, 4, 60):
        seat = state.current_player
        if len(state.legal_actions()) < 2:
            continue
        h = hint(state, seat, effort=200, seed=3)
        plain = rank(view_of(state, seat), 200, 3, tree=True, hint=True)    # the same search, no tie-break
        best = plain.stats[0].action
        if not partners.sure_trick(state, seat):
            assert h["best"] == plain.stats[0].token and why not in h["summary"]
            continue
        sure += 1
        pick = partners.least_spent(state, seat, alike(plain)) or best
        assert h["best"] == state.game.action_token(state, pick)
        assert (why in h["summary"]) == (pick != best) == h["spent_least"], h["summary"]
        if pick != best:
            moved += 1
            assert not any("the best" in a["why"] for a in h["actions"][1:]), h["actions"]
            checks.check_hint_words(h)
        if flat and plain.playouts == rank(view_of(state, seat), 200, 3).playouts:
            assert pick == bots.choose(state, seat, "hard", seed=3)
            as_hard += 1
    assert sure >= 5 and moved >= 1 and (as_hard >= 5 or not flat), (sure, moved, as_hard)
