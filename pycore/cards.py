"""Cards are small ints; a Deck names them.

Each game numbers its cards 0..n-1 (Lunar: one number per kind, copies repeat it)
and keeps a Deck to turn them into record tokens and back.
"""
from __future__ import annotations

from typing import Iterable

from .errors import TokenError


class Deck:
    """The names (record tokens) of a game's cards, indexed by card int."""

    def __init__(self, tokens: Iterable[str]):
        self.tokens: tuple[str, ...] = tuple(tokens)
        self._index = {token: card for card, token in enumerate(self.tokens)}
        if len(self._index) != len(self.tokens):
            raise ValueError("duplicate card token in deck")

    def __len__(self) -> int:
        return len(self.tokens)

    def __contains__(self, token) -> bool:
        """Whether `token` names a card of this deck (an action token may not)."""
        return token in self._index

    def token(self, card: int) -> str:
        return self.tokens[card]

    def card(self, token: str) -> int:
        """The card named by `token`; TokenError naming the bad token otherwise."""
        try:
            return self._index[token]
        except (KeyError, TypeError):
            raise TokenError(f"unknown card {token!r}") from None

    def cards(self, tokens: Iterable[str]) -> tuple[int, ...]:
        return tuple(self.card(t) for t in tokens)

    def tokens_of(self, cards: Iterable[int]) -> list[str]:
        return [self.tokens[c] for c in cards]


def remove_card(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    """`hand` without one copy of `card` (hands are sorted tuples)."""
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


def remove_cards(hand: tuple[int, ...], cards: Iterable[int]) -> tuple[int, ...]:
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return tuple(rest)


def add_cards(hand: tuple[int, ...], cards: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted((*hand, *cards)))
