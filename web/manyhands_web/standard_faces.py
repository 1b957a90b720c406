"""The faces of the standard deck's cards (pycore/standard.py): Clubs and Spades in
black, Diamonds and Hearts in red, each with its symbol; number cards with their
pips, picture cards with a framed picture. A game on the standard deck draws its
faces with `standard_face`; a game with the standard suits and ranks of its own
draws its suited cards with `suited_face`, its pictures passed in, and its named
cards apart.

    >>> standard_face("TH") == suited_face("T", "H")
    True
    >>> standard_face("AS").count("scale(0.36)"), standard_face("TD").count("scale(0.18)")  # the pips
    (1, 10)
"""
from __future__ import annotations

from functools import lru_cache

from . import card_symbols as sym
from .card_art import _at, _indices, frame

SUIT_INKS = {"C": ("#1b1b1b", sym.club), "D": ("#c0392b", sym.diamond),
             "H": ("#c0392b", sym.heart), "S": ("#1b1b1b", sym.spade)}
STANDARD_FIGURES = {"J": sym.realm, "Q": sym.lesser_crown, "K": sym.greater_crown}
INDEX = {"T": "10"}                              # a rank's code to its corner index
PIP_COUNT = {"A": 1, "T": 10}                    # else the rank's digit
# where a number card's pips go (centres), 1 to 10
PIPS = {1: [(50, 70)], 2: [(50, 46), (50, 94)], 3: [(50, 40), (50, 70), (50, 100)],
        4: [(36, 48), (64, 48), (36, 92), (64, 92)], 5: [(36, 46), (64, 46), (50, 70), (36, 94), (64, 94)],
        6: [(36, 42), (64, 42), (36, 70), (64, 70), (36, 98), (64, 98)],
        7: [(36, 42), (64, 42), (50, 56), (36, 70), (64, 70), (36, 98), (64, 98)],
        8: [(36, 42), (64, 42), (50, 56), (36, 70), (64, 70), (50, 84), (36, 98), (64, 98)],
        9: [(36, 40), (64, 40), (36, 60), (64, 60), (50, 70), (36, 80), (64, 80), (36, 100), (64, 100)],
        10: [(36, 40), (64, 40), (50, 50), (36, 60), (64, 60), (36, 80), (64, 80), (50, 90), (36, 100), (64, 100)]}


def suited_face(rank: str, suit: str, figures: dict = STANDARD_FIGURES) -> str:
    """A suited card's face in card_art's units: `rank`'s code in the corners with
    the suit's symbol; a picture of `figures` framed, or the rank's pips."""
    colour, symbol = SUIT_INKS[suit]
    shape = symbol(colour)
    if rank in figures:
        middle = (f'<rect x="22" y="32" width="56" height="76" rx="5" fill="none" stroke="{colour}" '
                  f'stroke-width="2" opacity=".5"/>' + _at(figures[rank](colour, "#e0a526"), 26, 44, 48))
    else:
        pips = PIP_COUNT.get(rank) or int(rank)
        size = 36 if pips == 1 else 24 if pips <= 5 else 18
        middle = "".join(_at(shape, x - size / 2, y - size / 2, size) for x, y in PIPS[pips])
    return frame() + _indices(INDEX.get(rank, rank), colour, shape) + middle


@lru_cache(maxsize=64)
def standard_face(token: str) -> str:
    """A standard deck's card ("QS", "TH") as a face."""
    return suited_face(token[0], token[1])
