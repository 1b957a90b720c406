"""Voren's own checks of the constraint model (the checks every game passes are
in test_worlds.py): the whole model's count before the deal, and scenarios
written with card names, each forced play and what it reveals."""
import functools
import math
import random

from pycore.game import get_game
from pycore.games.voren import DECK
from solver.games import voren as adapter
from solver.testing import reduce, voren_truth
from solver.view import view_of
from tests.solver import checks


def test_before_the_deal_every_card_may_be_anywhere():
    """At the dealer's options nobody has seen a card: the count is the multinomial
    of the whole deck into the hands, the poke, the turnup and the stock."""
    game = get_game("voren")
    for players in (3, 5, 8):
        state = game.new_game({"players": players}, seed=players)
        assert state.phase == "options"
        view = view_of(state, (state.dealer + 1) % players)
        sizes = list(view.model.places.values())
        assert sorted(view.model.places) == sorted(
            [f"hand:{s}" for s in range(players)] + ["poke", "turnup", "stock"])
        expected = math.factorial(34)
        for n in sizes:
            expected //= math.factorial(n)
        assert view.count() == expected
        world = view.counter.sample(random.Random(1))
        assert adapter.consistent(view, world) and adapter.consistent_fast(view, world)


# --- scenario tests, written with card names: each forced play and what it reveals -----------
def play_hand(deal: dict, actions: list[str], players: int = 3):
    game = get_game("voren")
    state = game.new_game({"players": players}, deals=[deal])
    for token in actions:
        state = state.apply_token(token)
    return state


def allowed(view, token: str) -> set:
    return set(view.model.allowed_of(DECK.card(token)))


def test_not_following_reveals_a_void_and_not_trumping_reveals_no_trump():
    # dealer 0; seat 1 leads (first to the dealer's left). Trump Spades (turnup 1S).
    deal = {"dealer": 0, "hands": [["2C", "3D", "4H"], ["GC", "2D", "2H"], ["5D", "LH", "3H"]],
            "poke": ["1C", "1D", "1H"], "turnup": "1S"}
    state = play_hand(deal, ["deal", "play", "play", "play", "GC", "5D", "2C"])
    # seat 2 played 5D on a Club lead: no Club, and (not trumping) no Spade, Wolf, Treachery
    view = view_of(state, 0)
    assert "hand:2" not in allowed(view, "1C") | allowed(view, "GS") | allowed(view, "Wolf")
    assert "hand:2" in allowed(view, "GD") | allowed(view, "GH")    # any other card may be there
    assert view.model.contains(voren_truth(state, 0)) and adapter.consistent(view, voren_truth(state, 0))


def test_not_taking_the_trick_when_able_reveals_no_higher_card():
    # trump Spades; seat 1 leads 3C, seat 2 follows 1C: it could not beat the 3C,
    # so it holds no Club above 3 (4C, 5C, RC, LC, GC) apart from what is seen.
    deal = {"dealer": 0, "hands": [["2S", "3D", "4H"], ["3C", "2D", "2H"], ["1C", "LH", "3H"]],
            "poke": ["1D", "1H", "2C"], "turnup": "1S"}
    state = play_hand(deal, ["deal", "play", "play", "play", "3C", "1C"])
    view = view_of(state, 0)
    for token in ("4C", "5C", "RC", "LC", "GC"):
        assert "hand:2" not in allowed(view, token), token
    assert "hand:2" in allowed(view, "2C") or "2C" in voren_truth(state, 0)["out"]
    assert "hand:2" in allowed(view, "5H")


def test_not_leading_the_greater_crown_of_trump_reveals_it_is_elsewhere():
    deal = {"dealer": 0, "hands": [["2C", "3D", "4H"], ["5C", "2D", "2H"], ["1C", "LH", "3H"]],
            "poke": ["1D", "1H", "2C"][:2] + ["GS"], "turnup": "1S"}
    state = play_hand(deal, ["deal", "play", "play", "play", "5C"])
    view = view_of(state, 0)
    assert "hand:1" not in allowed(view, "GS")
    assert "hand:1" in allowed(view, "LS")


def test_not_leading_trump_to_the_second_trick_reveals_no_trump():
    # seat 2 trumps trick 1 with 2S: had it held the Treachery or the Wolf it would
    # have had to take with that (the highest card that takes); then it leads a
    # Heart to trick 2: it holds no Spade either.
    deal = {"dealer": 0, "hands": [["3C", "3D", "4H"], ["5C", "2D", "2H"], ["2S", "LH", "3H"]],
            "poke": ["1D", "1H", "2C"], "turnup": "1S"}
    state = play_hand(deal, ["deal", "play", "play", "play", "5C", "2S", "3C", "LH"])
    view = view_of(state, 0)
    for token in ("3S", "GS", "RS"):
        assert "hand:2" not in allowed(view, token), token
    assert "hand:2" not in allowed(view, "Wolf") | allowed(view, "Treachery")
    assert "hand:2" in allowed(view, "5D")


def test_a_poke_taker_discard_and_hand_are_places_until_the_tricks_put_the_discard_out_of_play():
    deal = {"dealer": 0, "hands": [["2C", "3D", "4H"], ["5C", "2D", "2H"], ["2S", "LH", "3H"]],
            "poke": ["1D", "1H", "RC"], "turnup": "1S"}
    state = play_hand(deal, ["deal poke", "poke", "play"])
    view = view_of(state, 0)                 # seat 0, the dealer, still to decide
    assert view.model.places["discard:1"] == 3 and view.model.places["hand:1"] == 3
    assert "poke" not in view.model.places and "out" not in view.model.places
    own = view_of(state, 1)
    assert "discard:1" not in own.model.places and "poke" not in own.model.places
    assert view.model.contains(voren_truth(state, 0)) and own.model.contains(voren_truth(state, 1))
    state = state.apply_token("play")       # the tricks begin: the discard and stock are out of play
    view = view_of(state, 0)
    assert sorted(view.model.places) == ["hand:1", "hand:2", "out"]
    assert view.model.places["out"] == 3 + 34 - 4 * 3 - 1     # the discard and the stock
    assert {DECK.card(t) for t in ("5C", "2D", "2H")} <= set(voren_truth(state, 0)["out"])
    assert view.model.contains(voren_truth(state, 0)) and adapter.consistent(view, voren_truth(state, 0))


def test_during_the_tricks_a_world_is_one_way_the_hands_still_in_play_may_lie():
    """The worlds of the model are the hands of the seats still in play, each as
    likely as the others: their count is that of the whole deals with those hands
    taken once each, and every one replays however the cards out of play are split."""
    deal = {"dealer": 0, "hands": [["2C", "3D", "4H"], ["5C", "2D", "2H"], ["2S", "LH", "3H"],
                                   ["4C", "4D", "5H"]],
            "poke": ["1D", "1H", "RC"], "turnup": "1S"}
    state = play_hand(deal, ["deal", "fold", "play", "fold", "play", "LH"], players=4)
    assert state.phase == "play" and sorted(state.active) == [0, 2]
    view = view_of(state, 0)
    assert sorted(view.model.places) == ["hand:2", "out"]
    unseen = 34 - 3 - 1 - 1                 # less my hand, the turnup and the Lord of Hearts led
    # seat 2's other two cards: any but the Greater Crown of trump, which it would have led
    assert view.count() == math.comb(unseen - 1, 2)
    worlds = list(view.counter.worlds())
    assert len(worlds) == view.count()
    for world in random.Random(5).sample(worlds, 20):
        assert adapter.consistent(view, world) and adapter.consistent_fast(view, world)


def test_a_card_the_rules_place_is_held_to_its_place_and_a_failure_says_the_world():
    """solver/games/common.py's hand_view `placed`: a hidden card the rules show
    where it lies (in a game where its holder must lead) has that place alone; the
    true deal stays a world, and the worlds are fewer. The checks' failure
    messages name the position and the cards a world moved (`checks.moved`)."""
    from solver.games.common import hand_view
    state = get_game("voren").new_game({"players": 3}, seed=4)
    state = state.apply_token("deal").apply_token("play")
    seat = state.current_player
    truth = voren_truth(state, seat)
    card = truth["hand:0" if seat else "hand:1"][0]
    where = "hand:0" if seat else "hand:1"
    free = hand_view(state, seat, None, adapter.ADAPTER, adapter.Play)
    pinned = hand_view(state, seat, None, adapter.ADAPTER, adapter.Play, placed=lambda s, k: {card: where})
    assert len(free.model.allowed_of(card)) > 1 and set(pinned.model.allowed_of(card)) == {where}
    assert pinned.model.contains(truth) and 0 < pinned.count() < free.count()
    other = next(p for p in sorted(truth) if p != where and truth[p])
    swapped = {**truth, where: tuple(sorted((*truth[where][1:], truth[other][0]))),
               other: tuple(sorted((*truth[other][1:], card)))}
    said = checks.moved(pinned, swapped, truth)
    assert f"{DECK.token(card)} in {other} (truly {where})" in said and "voren rules=" in said


# --- the model's checks in tests/solver/test_worlds.py ---------------------------------------------
def replays(view, world) -> bool:
    """The adapter's fast replay, which must agree with replaying the whole record."""
    fast = adapter.consistent_fast(view, world)
    assert fast == adapter.consistent(view, world), "fast and whole replays disagree"
    return fast


WORLD_CHECKS = checks.ModelChecks(
    "voren", adapter, (3, 4, 5, 6, 7, 8), functools.partial(reduce, count_when_free=12), small=12,
    truth=voren_truth, replay_all=replays, cpsat_limit=40,
    brute=functools.partial(checks.brute_force, consistent=adapter.consistent_fast, cap=400),
    least_constrained={p: 30 for p in (3, 4, 5, 6, 7, 8)},
    neighbours={"replays": (adapter.consistent_fast, adapter.consistent)})
