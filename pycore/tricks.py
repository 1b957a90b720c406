"""Seats and tricks, shared by every game.

Seats are 0..n-1 clockwise, which is the order of play (rules/README.md).
"""
from __future__ import annotations

from typing import Callable, NamedTuple


def left_of(seat: int, players: int) -> int:
    """The next seat clockwise."""
    return (seat + 1) % players


def right_of(seat: int, players: int) -> int:
    return (seat - 1) % players


def clockwise_from(seat: int, players: int) -> list[int]:
    """Every seat once, starting with `seat`, in order of play."""
    return [(seat + i) % players for i in range(players)]


class Trick(NamedTuple):
    """One trick: who led, the cards in play order as (seat, card), and its winner
    (None while incomplete; where a partnership takes it, the seat that leads next)."""

    leader: int
    plays: tuple[tuple[int, int], ...] = ()
    winner: int | None = None

    def add(self, seat: int, card: int) -> "Trick":
        # the tuple built directly: _replace costs three times as much, at every card of a search
        return tuple.__new__(Trick, (self[0], self[1] + ((seat, card),), self[2]))

    @property
    def cards(self) -> list[int]:
        return [card for _, card in self.plays]

    @property
    def seats(self) -> list[int]:
        return [seat for seat, _ in self.plays]

    def card_of(self, seat: int) -> int | None:
        for s, card in self.plays:
            if s == seat:
                return card
        return None

    def to_json(self, token: Callable[[int], str]) -> dict:
        return {"leader": self.leader,
                "cards": [[seat, token(card)] for seat, card in self.plays],
                "winner": self.winner}
