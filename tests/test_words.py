"""Player words (pycore/words.py): seat names from the listener, and the examples
in its documentation. Every game's choices and log lines are checked for record
tokens by the conformance suite (tests/conformance.py check_words)."""
import doctest

import pytest

import pycore.words
from pycore.words import join, seat_names

from .engine_tokens import engine_tokens


def test_the_documented_examples_hold():
    assert doctest.testmod(pycore.words).failed == 0


@pytest.mark.parametrize("players,me,names", [
    (2, 1, ["Opponent", "You"]),
    (3, 0, ["You", "Left", "Right"]),
    (4, 2, ["Across", "Right", "You", "Left"]),
    (5, 0, ["You", "Player 2", "Player 3", "Player 4", "Player 5"]),
    (6, 4, ["Player 3", "Player 4", "Player 5", "Player 6", "You", "Player 2"]),
])
def test_seats_are_named_from_the_listener_in_order_of_play(players, me, names):
    assert seat_names(players, me) == names


def test_lists_read_as_sentences():
    assert [join([]), join(["a"]), join(["a", "b"]), join(["a", "b", "c"])] == ["", "a", "a and b", "a, b and c"]


@pytest.mark.parametrize("text", ["Sh10: takes", "play T12", "turn Owl", "sky:R5", "deal poke allplay",
                                  "partner 0", "Dwarf Sh", "give R2 R7 Owl Bat", "hand:2", "empty_loo_antes",
                                  '{"a": 1}', "GH"])
def test_token_detector_finds_engine_tokens(text):
    assert engine_tokens(text)


@pytest.mark.parametrize("text", ["10 of Shields", "Deal with a poke and declare all play",
                                  "Turn the Owl tile face down", "Pair with Left (against Across and You)",
                                  "Rats 5 (Ravens 4, Foxes 1, Toads 2)", "Greater Crown of Hearts"])
def test_token_detector_passes_player_words(text):
    assert not engine_tokens(text)


def test_a_narrator_agrees_verbs_and_says_whose():
    from pycore import get_game
    from pycore.words import Narrator, ordinal
    game = get_game("raven")
    tell = Narrator(game, game.new_game({"players": 4}, seed=1).observation(0))
    assert [tell.verb("takes", 0), tell.verb("takes", 1), tell.verb("has", [0, 2]), tell.verb("is", 3)] == \
        ["take", "takes", "have", "is"]
    # "Left, Across and Right reach the target", not "reache"
    assert [tell.verb("reaches", [1, 2, 3]), tell.verb("reaches", 1), tell.verb("passes", 0)] == \
        ["reach", "reaches", "pass"]
    assert [tell.possessive(0), tell.possessive(0, start=False), tell.possessive(2)] == ["Your", "your", "Across's"]
    assert tell.seats([0, 2]) == "You and Across" and tell.seats([1, 0], start=False) == "Left and you"
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]


def test_the_end_of_a_game_is_said_with_shared_places():
    from pycore import get_game
    from pycore.words import Narrator
    game = get_game("tricksters")
    state = game.new_game({}, seed=1)
    tell = Narrator(game, dict(state.observation(0), winners=[0, 2], scores=[9, 7, 9, 2], ranking=[
        {"place": 1, "seats": [0, 2], "score": 9}, {"place": 3, "seats": [1], "score": 7},
        {"place": 4, "seats": [3], "score": 2}]))
    assert tell.outcome() == "You share the win with Across: tied for the highest score."
    assert tell.places() == ["1st, shared: You and Across, 9 points", "3rd: Left, 7 points", "4th: Right, 2 points"]
