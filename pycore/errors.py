"""Errors that say what is wrong. All are ValueError subclasses.

A message quotes a bad value through `quote`, which keeps it to a few dozen
characters whatever the value (a megabyte of text, a 5,000-digit number, a list
nested thousands deep), so that every refusal is one short line.
"""
from __future__ import annotations

import reprlib


class ManyhandsError(ValueError):
    """Base of every error the engine raises on bad input."""


class IllegalActionError(ManyhandsError):
    """An action that is not legal in the state it was applied to."""


class TokenError(ManyhandsError):
    """A card or action token that cannot be read at all."""


class RulesError(ManyhandsError):
    """An unknown rules field, or a value out of range."""


class DealError(ManyhandsError):
    """A deal that does not hold exactly the game's cards, or breaks the dealer rotation."""


class PositionError(ManyhandsError):
    """A position's text (pycore/position.py) that is malformed or impossible."""


class RecordError(ManyhandsError):
    """A game record that is malformed, or that cannot be replayed."""


class _Short(reprlib.Repr):
    """reprlib's bounded repr, with numbers too long to print (over 4,300 digits
    CPython refuses to) given by their size instead."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 2
        self.maxstring = self.maxother = 40
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = self.maxfrozenset = 3

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() <= 128:           # at most 39 digits
            return repr(x)
        return f"<a number of about {int(x.bit_length() * 0.30103) + 1:,} digits>"


_SHORT = _Short()
QUOTE_LIMIT = 60


def quote(value: object) -> str:
    """`value`'s repr for an error message, at most QUOTE_LIMIT characters:

    >>> quote("x" * 1_000_000)
    "'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"
    >>> quote(10 ** 5000)
    '<a number of about 5,001 digits>'
    """
    text = _SHORT.repr(value)
    return text if len(text) <= QUOTE_LIMIT else text[:QUOTE_LIMIT - 3] + "..."
