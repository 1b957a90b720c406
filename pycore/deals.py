"""Reading a record's deal (shared/spec/records.md, "Deals per game"), shared by
every game: the object and its fields, the first seat, lists of card tokens of
a set size, and the check that the deal holds the game's cards."""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

from .cards import Deck
from .errors import DealError, TokenError


def deal_fields(data: Any, fields: Iterable[str]) -> dict:
    """`data` as a deal object with no field outside `fields`."""
    fields = tuple(fields)
    if not isinstance(data, dict):
        raise DealError(f"a deal is an object with {', '.join(fields[:-1])} and {fields[-1]}")
    unknown = sorted(set(data) - set(fields), key=str)
    if unknown:
        raise DealError(f"unknown deal field {unknown[0]!r}")
    return data


def deal_seat(data: dict, field: str, players: int) -> int:
    """The seat named by `field` (the dealer, or Lunar's start player)."""
    seat = data.get(field)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise DealError(f"{field} must be a seat 0..{players - 1}, not {seat!r}")
    return seat


def deal_cards(deck: Deck, name: str, tokens: Any, size: int, what: str | None = None) -> tuple[int, ...]:
    """A list of exactly `size` card tokens, as a sorted tuple of cards."""
    if not isinstance(tokens, list) or len(tokens) != size:
        raise DealError(f"{name} must {what or f'hold {size} cards'}")
    try:
        return tuple(sorted(deck.cards(tokens)))
    except TokenError as exc:
        raise DealError(f"{name}: {exc}") from None


def deal_hands(deck: Deck, data: dict, players: int, size: int) -> tuple[tuple[int, ...], ...]:
    hands = data.get("hands")
    if not isinstance(hands, list) or len(hands) != players:
        raise DealError(f"hands must list {players} hands")
    return tuple(deal_cards(deck, f"hand {seat}", hand, size) for seat, hand in enumerate(hands))


def check_deal_cards(deck: Deck, cards: Iterable[int], full: Iterable[int], *, every: bool = True,
                     what: str = "every card once") -> None:
    """The deal holds no card more often than `full` does, and (`every`) all of them."""
    have, want = Counter(cards), Counter(full)
    extra = have - want
    if extra:
        card = min(extra)
        problem = f"too many {deck.token(card)}" if want[card] > 1 else f"{deck.token(card)} is repeated"
        raise DealError(f"the deal must hold {what}; {problem}")
    missing = want - have
    if every and missing:
        raise DealError(f"the deal must hold {what}; missing {deck.token(min(missing))}")
