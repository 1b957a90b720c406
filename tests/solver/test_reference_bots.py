"""The arena's reference opponents (solver/reference/: ISMCTS and perfect-
information Monte Carlo): they decide from the seat's view only (the permutation
test: the same move in every deal the seat cannot tell apart), the same move for
a seed, with effort counted in iterations and playouts; the arena plays them in
every game; the page never gets them."""
import random

import pytest

import build
from pycore import all_games
from pycore.game import get_game
from solver import arena, reference
from solver.reference import pimc  # noqa: F401  (reference.pimc below)
from solver.errors import SolverError
from solver.games import lunar
from solver.testing import positions
from solver.view import adapter_for
from tests.catalog import own_tests
from tests.solver import checks


def tables(part: str) -> list[tuple[str, int]]:
    """(game, players) of each player count the games' own solver tests list as `part`."""
    return [(game, players) for game in sorted(all_games())
            for players in getattr(own_tests(game, "hints"), part, ())]


def one_possible_deal(game: str, players: int) -> bool:
    """Whether the seat can tell every card (Lunar's Sky): there is no other deal."""
    return players in getattr(own_tests(game, "hints"), "ONE_POSSIBLE_DEAL", ())


TABLES = tables("REFERENCE_TABLES")
TREE_TABLES = tables("TREE_TABLES")
SMALL = {"ismcts": "ismcts:40", "pimc": "pimc:4"}


def decisions(game: str, players: int, count: int) -> list:
    """Mid-game positions where the seat to act has a choice."""
    out = []
    for state, _ in positions(game, {"players": players}, 4 * count, seed=17):
        if len(state.legal_actions()) > 1:
            out.append(state)
        if len(out) == count:
            break
    return out


def redeal_options(game: str) -> dict:
    """How checks.other_world_state redeals the game (its own solver tests say)."""
    return getattr(own_tests(game, "hints"), "REDEAL", {})


# (A table where the seat can deduce every card is left out here: there is no
# other deal to redeal to.)
@pytest.mark.parametrize("kind", ["ismcts", "pimc"])
@pytest.mark.parametrize("game,players", [t for t in TABLES if not one_possible_deal(*t)])
def test_reference_bots_decide_from_the_seat_view_only(kind, game, players):
    adapter = adapter_for(game)
    rng = random.Random(f"reference/{kind}/{game}/{players}")
    changed_world = 0
    for state in decisions(game, players, 6):
        seat = state.current_player
        other, differs = checks.other_world_state(adapter, state, seat, rng, **redeal_options(game))
        changed_world += differs
        a = reference.choose(state, seat, SMALL[kind], seed=5)
        b = reference.choose(other, seat, SMALL[kind], seed=5)
        assert a in state.legal_actions()
        assert a == b, f"{kind} chose differently in a deal {game} seat {seat} cannot tell apart"
    assert changed_world >= 2        # the redeals did move hidden cards


@pytest.mark.parametrize("game,players", TABLES)
def test_reference_bots_are_deterministic_and_count_their_effort(game, players):
    for state in decisions(game, players, 3):
        seat = state.current_player
        first, second = {}, {}
        a = reference.choose(state, seat, "ismcts:30", seed=2, counts=first)
        b = reference.choose(state, seat, "ismcts:30", seed=2, counts=second)
        assert a == b and first == second
        assert first["iterations"] <= 30       # fewer once the move is settled (solver/tree.py)
        assert first.get("playouts", 0) <= 30        # at most one playout an iteration
        counts = {}
        reference.choose(state, seat, "pimc:3", seed=2, counts=counts)
        assert 1 <= counts["worlds"] <= 3
        actions = len(state.legal_actions())
        # each action in each deal: one exact search, or at most PLAYOUTS playouts
        assert counts.get("playouts", 0) <= max(actions * counts["worlds"],
                                                min(3 * actions * 6, reference.pimc.PLAYOUT_BUDGET))
        assert counts.get("playouts", 0) + counts.get("exact", 0) >= actions * counts["worlds"]


def test_reference_names_are_checked():
    assert reference.parse("ismcts:1000") == ("ismcts", 1000)
    assert reference.parse("pimc") == ("pimc", reference.DEFAULT_PIMC_WORLDS)
    for bad in ("ismcts:0", "ismcts:many", "mcts:10"):
        with pytest.raises(SolverError):
            reference.parse(bad)


@pytest.mark.parametrize("game,players", [(game, own_tests(game, "hints").ARENA_PLAYERS)
                                          for game in sorted(all_games())])
def test_the_arena_plays_hard_against_ismcts(game, players, capsys):
    arena.main(["--game", game, "--players", str(players), "--bots", "hard,ismcts:20", "--deals", "1",
                "--effort", "hard=8", "--jobs", "1"])
    out = capsys.readouterr().out
    assert "ismcts:20" in out and "margin hard-ismcts:20" in out


def test_the_page_never_gets_the_reference_bots_or_the_test_helpers():
    shipped = [p.relative_to(build.ROOT).as_posix() for p in build.browser_solver_files()]
    assert "solver/bots.py" in shipped
    assert not [p for p in shipped if p.startswith("solver/reference/")]
    assert (build.ROOT / "solver/reference/ismcts.py").exists()
    assert "solver/testing.py" not in shipped and (build.ROOT / "solver/testing.py").exists()


def test_the_tree_search_stops_once_its_move_is_settled_and_moves_the_same(monkeypatch):
    """solver/tree.py stops early once no other root action could catch up with
    the most visited one: the same move as running every iteration, in fewer."""
    from solver import tree
    from solver.view import view_of
    early = full = saved = 0
    for state in decisions("lunar", 4, 8) + decisions("voren", 4, 4):
        seat = state.current_player
        runs = []
        for settle in (True, False):
            if not settle:
                monkeypatch.setattr(tree, "_settled", lambda root, left: False)
            counts = {}
            root = tree.search(view_of(state, seat), 400, random.Random(7), counts)
            runs.append((tree.most_visited(state.legal_actions(), root), counts["iterations"]))
        monkeypatch.undo()
        (move, used), (move_full, used_full) = runs
        assert move == move_full and used_full == 400 and used <= 400
        early += used < 400
        full += 1
        saved += 400 - used
    assert early >= 3, f"the search stopped early at {early} of {full} positions"


@pytest.mark.parametrize("game,players", TREE_TABLES)
def test_hard_plays_cards_by_the_tree_from_the_seat_view_only(game, players, monkeypatch):
    """Where the adapter says the tree pays (Lunar's card play, the Sky's too,
    and Raven's with two to four players, before the exact endgame), hard plays the tree
    search's move: from the seat's view only (the same move in a redeal the seat
    cannot tell apart; with the Sky there is none, every card can be deduced),
    the same for a seed."""
    from solver import bots
    searched = []
    real = bots.grow_trees
    monkeypatch.setattr(bots, "grow_trees", lambda *a, **k: searched.append(a[1]) or real(*a, **k))
    adapter = adapter_for(game)
    sky = one_possible_deal(game, players)
    rng = random.Random(f"hard/tree/{game}")
    played = changed_world = 0
    for state in decisions(game, players, 40):
        if not adapter.tree_search(state):
            continue
        seat = state.current_player
        searched.clear()
        a = bots.choose(state, seat, "hard", seed=5, effort=60)
        assert searched == [60]              # the tree, at the effort asked
        assert a == bots.choose(state, seat, "hard", seed=5, effort=60)
        if not sky:
            other, differs = checks.other_world_state(adapter, state, seat, rng, **redeal_options(game))
            changed_world += differs
            assert a == bots.choose(other, seat, "hard", seed=5, effort=60)
        played += 1
        if played == 8:         # of about 30
            break
    assert played == 8 and (sky or changed_world >= 2)


def test_the_sky_turns_its_trump_by_the_tree_and_four_players_do_not(monkeypatch):
    """With the Sky the one possible deal lies whole ahead of the trump turning,
    so hard turns it by the tree (1,500 iterations) and the hint searches it so;
    with four players, whose turning faces many deals, the flat search stays."""
    from solver import bots
    from solver.hints import hint
    searched = []
    real = bots.grow_trees
    monkeypatch.setattr(bots, "grow_trees", lambda *a, **k: searched.append(a[1]) or real(*a, **k))
    for players, treed in ((2, True), (4, False)):
        turns = [s for s, _ in positions("lunar", {"players": players}, 80, seed=5)
                 if s.phase == "trump" and len(s.legal_actions()) > 1][:3]
        assert turns
        for state in turns:
            assert lunar.tree_search(state) is treed
            searched.clear()
            bots.choose(state, state.current_player, "hard", seed=5, effort=60)
            assert searched == ([60] if treed else [])
            assert hint(state, state.current_player, effort=60, seed=5)["tree"] is treed


@pytest.mark.parametrize("game,players", TREE_TABLES)
def test_the_hint_searches_cards_with_hard_s_tree(game, players):
    """Where hard plays by the tree (Lunar's card play, the Sky's too, and
    Raven's with two to four players, before the exact endgame), the hint searches with
    the same tree, so that it suggests what hard would: the tree's most tried
    card at the effort asked (counted in iterations), each choice valued by the
    iterations that began with it, its difference from the suggestion with
    Welch's 95% interval (the iterations are not common worlds), in the hint's
    words (the Sky's: the only possible deal played out again and again)."""
    from solver import open_deal, search, tree
    from solver.hints import hint
    from solver.stats import welch_half_width
    from solver.view import view_of
    EFFORT = 600        # (several trees: search.trees_for)
    adapter = adapter_for(game)
    sky = one_possible_deal(game, players)
    one_tree = players in getattr(own_tests(game, "hints"), "ONE_TREE", ())   # (adapter.split_trees)
    checked = multi = 0
    for state in decisions(game, players, 40):
        if checked >= 6:        # (six positions of each table are enough)
            break
        legal = state.legal_actions()
        if not adapter.tree_search(state) or len(legal) < 2:
            continue
        seat = state.current_player
        solved = open_deal.solve(view_of(state, seat), open_deal.nodes_for(EFFORT, None))
        if solved is not None and solved.finished:
            continue        # (the one possible deal solved exactly: hint and hard alike, test_open_deal.py)
        h = hint(state, seat, effort=EFFORT, seed=7)
        # (each tree stops at its share of the iterations, or once its move is settled)
        assert h["tree"] and h["playouts"] <= EFFORT and h["stopped"] in ("effort", "settled"), h["stopped"]
        # the hint's trees (search.trees_for), each from its own stream with its share of
        # the iterations, grown alone here; their root actions' outcomes merged tree by tree
        values = {}
        stream = f"manyhands/solver/7/{len(state.history)}/{seat}"
        trees = search.trees_for(EFFORT, len(legal), adapter.split_trees(state))
        multi += trees > 1
        for t in range(trees):
            tree.search(view_of(state, seat), EFFORT // trees + (t < EFFORT % trees),
                        random.Random(stream if trees == 1 else f"{stream}/{t}"),
                        record=lambda a, final: values.setdefault(a, []).append(
                            adapter.hand_points(final, seat, adapter.hand_mark(state))))
        root = tree.merged_root(values)
        assert h["best"] == state.game.action_token(state, tree.most_visited(legal, root))
        best = values[tree.most_visited(legal, root)]
        for entry in h["actions"]:
            mine = values.get(state.game.parse_action(state, entry["action"]), [])
            assert entry["n"] == len(mine)
            if entry is not h["actions"][0] and len(mine) >= 2:
                low, high = entry["diff_interval"]
                assert (high - low) / 2 == pytest.approx(welch_half_width(best, mine), abs=2e-3)
        checks.check_hint_words(h)
        said = ("You can see every card or tell where it is: the search played this one deal out" if sky
                else f"Played out {h['playouts']:,} deals drawn from ")
        assert h["certainty"].startswith(said), h["certainty"]
        if sky:    # "search all 1 deals" would be less than the tree did: never offered
            assert not (h["more"] and h["more"]["budget"].get("all_worlds")), h["more"]
        checked += 1
    assert checked == 6 and (multi == 0 if one_tree else multi >= 3)
