"""The solver's declared adapter (solver/adapter.py): every game of the catalog has
one with every required part, a game without one or with a part missing is
refused with a SolverError saying what is missing, and cards' suits are the
engine's (pycore.game.Game.card_suit / suit_names)."""
import pytest

import pycore.game
import solver.adapter
from pycore import all_games
from solver.adapter import OPTIONAL_FUNCTIONS, REQUIRED, Adapter
from solver.errors import SolverError
from solver.games import raven
from solver.view import adapter_for

GAMES = sorted(all_games())


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_an_adapter_with_every_required_part(name):
    adapter = adapter_for(name)
    assert isinstance(adapter, Adapter) and adapter.game == name
    for part in REQUIRED + ("consistent", "playout", "search_exactly", "target_of", "open_places"):
        assert callable(getattr(adapter, part)), f"{name}'s adapter: {part}"
    for part in OPTIONAL_FUNCTIONS:
        value = getattr(adapter, part)
        assert value is None or callable(value), f"{name}'s adapter: {part}"
    assert (adapter.exact_final is not None) == (adapter.search_exactly is not solver.adapter._never)
    assert (adapter.tricks_taken is not None) == adapter.bids


@pytest.mark.parametrize("name", GAMES)
def test_every_card_suit_names_a_suit_of_the_game(name):
    game = all_games()[name]
    suits = game.suit_names()
    for card in range(len(game.deck)):
        suit = game.card_suit(card)
        assert suit is None or 0 <= suit < len(suits), (name, game.card_token(card), suit)
        if suit is not None:      # the game's words read every suit name
            assert game.words.suit_name(suits[suit])


@pytest.mark.parametrize("name", GAMES)
def test_an_adapters_hand_points_are_the_engines(name):
    """At a hand's end, the points the playouts and the hint read (the adapter's
    `hand_points`) are the engine's: the exact searches, par and the review read
    the engine's finished hands directly and maximise them."""
    import random
    game, adapter = all_games()[name], adapter_for(name)
    state = game.new_game(game.presets()[0], seed=4)
    rng = random.Random(4)
    while not state.finished_hands:
        state = state.apply_action(rng.choice(state.legal_actions()))
    engine = list(state.finished_hands[0][1])
    assert [adapter.hand_points(state, s, 0) for s in range(state.players)] == engine, (
        f"{name}'s adapter's hand_points differ from the engine's points for the hand: the "
        f"solver maximises the engine's points, so a game where points are bad scores them "
        f"negative in the engine (README, step 2), not in the adapter")


def test_a_game_without_an_adapter_is_refused_saying_so(monkeypatch):
    monkeypatch.setitem(pycore.game.GAMES, "chess", all_games()["raven"])
    with pytest.raises(SolverError, match=r"chess has no solver adapter \(solver/games/chess.py\)"):
        adapter_for("chess")
    with pytest.raises(SolverError, match="unknown game 'go'"):
        adapter_for("go")


def test_a_module_without_its_declared_adapter_is_refused(monkeypatch):
    monkeypatch.delattr(raven, "ADAPTER")
    with pytest.raises(SolverError, match=r"declares no ADAPTER = Adapter\('raven', \.\.\.\)"):
        adapter_for("raven")


def test_an_adapter_missing_a_required_part_is_refused_naming_it():
    parts = {name: getattr(raven.ADAPTER, name) for name in REQUIRED}
    assert Adapter("raven", **parts).playout is not None
    del parts["decision"], parts["cards_left"]
    with pytest.raises(SolverError, match="the solver's adapter for raven lacks decision, cards_left$"):
        Adapter("raven", **parts)


def test_an_adapter_with_an_unknown_or_half_declared_capability_is_refused():
    parts = {name: getattr(raven.ADAPTER, name) for name in REQUIRED}
    with pytest.raises(SolverError, match="unknown parts HAS_BIDS"):
        Adapter("raven", HAS_BIDS=True, **parts)
    with pytest.raises(SolverError, match="search_exactly without exact_final"):
        Adapter("raven", search_exactly=raven.search_exactly, **parts)
    with pytest.raises(SolverError, match="bids must be a bool"):
        Adapter("raven", bids="yes", **parts)


def test_the_default_playout_plays_the_policy_to_the_end_of_the_hand():
    """An adapter without its own playout plays the policy with fast_apply."""
    import random
    parts = {name: getattr(raven.ADAPTER, name) for name in REQUIRED}
    adapter = Adapter("raven", **parts)
    state = pycore.game.get_game("raven").new_game({"players": 4}, seed=3)
    final = adapter.playout(state, 0, random.Random(1))
    assert len(final.finished_hands) == 1
    again = state
    rng = random.Random(1)
    while len(again.finished_hands) == 0:
        again = raven.fast_apply(again, raven.policy_action(again, rng))
    assert final.finished_hands == again.finished_hands
