"""What most trick-taking games share: the four suits of the standard deck and its
52 cards, and the plain rules of trick play.

The standard deck: suits Clubs, Diamonds, Hearts, Spades (record codes C D H S,
suit indexes 0..3), ranks 2..10, Jack, Queen, King, Ace (codes 2..9, T, J, Q, K,
A; rank indexes 0..12); card `suit * 13 + rank`, token rank then suit ("AS",
"TH"). A game with other ranks (a short deck, its own picture cards) keeps the
suits and the rank-then-suit tokens, and says its own ranks.

The plain rules, on plain values (a trick is its `plays`, ((seat, card), ...) in
order; suits are indexes, `trump` None for no trump):
- follow the suit led if you can, else play any card (`following`, `playable`);
- the highest trump takes the trick, else the highest card of the suit led; a
  card of another suit cannot take it (`strength`, `trick_winner`).

A game whose cards break these rules (named cards without a suit, a rule to
trump when void) states its own rule with these as its parts.

    >>> DECK.tokens[:3], DECK.tokens[-1], len(DECK)
    (('2C', '3C', '4C'), 'AS', 52)
    >>> card_words("TH"), card_words("QS")
    ('10 of Hearts', 'Queen of Spades')
"""
from __future__ import annotations

from typing import Callable, Iterable

from .cards import Deck

SUITS = "CDHS"
SUIT_NAMES = ("Clubs", "Diamonds", "Hearts", "Spades")
RANKS = "23456789TJQKA"
RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King", "Ace")
DECK = Deck([f"{r}{s}" for s in SUITS for r in RANKS])
TRUMP, LED = 50, 20      # `strength`'s floors: any trump over any card of the led suit


def suit_of(card: int) -> int:
    return card // len(RANKS)


def rank_of(card: int) -> int:
    return card % len(RANKS)


def suit_name(code: str) -> str:
    """A suit as the record codes it ("H") or as the solver names it ("Hearts"), in words.

    >>> suit_name("H"), suit_name("Hearts")
    ('Hearts', 'Hearts')
    """
    return code if code in SUIT_NAMES else SUIT_NAMES[SUITS.index(code)]


def card_words(token: str, ranks: str = RANKS, rank_names: tuple[str, ...] = RANK_NAMES) -> str:
    """A suited card's token (rank then suit) in words, "Queen of Spades"; a game
    with its own ranks passes their codes and names."""
    return f"{rank_names[ranks.index(token[0])]} of {SUIT_NAMES[SUITS.index(token[1])]}"


def strength(suit: int | None, rank: int, trump: int | None, led: int | None) -> int:
    """How strongly a card of `suit` and `rank` contests a trick led in `led`:
    a trump over a card of the led suit, the higher rank over the lower; 0 cannot
    take the trick (another suit, or no suit).

    >>> strength(0, 3, 0, 1), strength(1, 12, 0, 1), strength(2, 12, 0, 1)
    (53, 32, 0)
    """
    if suit is None:
        return 0
    if suit == trump:
        return TRUMP + rank
    if suit == led:
        return LED + rank
    return 0


def following(hand: Iterable[int], led: int | None, suit_of: Callable[[int], int | None] = suit_of) -> list[int]:
    """The cards of `hand` in the suit led (none: the hand cannot follow).

    >>> following((0, 14, 40), 1), following((0, 40), 1)
    ([14], [])
    """
    if led is None:
        return []                                   # no suit led (a suitless card led): none to follow
    return [c for c in hand if suit_of(c) == led]


def playable(hand: tuple[int, ...], plays, suit_of: Callable[[int], int | None] = suit_of) -> list[int]:
    """The cards of `hand` that may be played to the trick `plays`: any card to
    lead; after, the suit led if held, else any card.

    >>> playable((0, 14, 40), ((1, 20),)), playable((0, 40), ((1, 20),))
    ([14], [0, 40])
    """
    if not plays:
        return list(hand)
    return following(hand, suit_of(plays[0][1]), suit_of) or list(hand)


def trick_winner(plays, trump: int | None, suit_of: Callable[[int], int | None] = suit_of,
                 rank_of: Callable[[int], int] = rank_of) -> int:
    """The seat that takes the trick `plays` (complete, or so far): the first
    strongest card (`strength`) against the lead card's suit.

    >>> trick_winner(((0, 14), (1, 25), (2, 1)), 0)      # Diamonds led, Clubs trump: the 3 of Clubs
    2
    >>> trick_winner(((0, 14), (1, 25), (2, 51)), None)  # no trump: the Ace of Diamonds
    1
    """
    led = suit_of(plays[0][1])
    return max(plays, key=lambda p: strength(suit_of(p[1]), rank_of(p[1]), trump, led))[0]
