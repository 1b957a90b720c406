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
