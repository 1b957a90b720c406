"""A position as one line of text, like chess's FEN: for tests and bug reports.

    raven rules={"players":4} seed=0 hand=1 dealer=3 phase=play ...

The text is the game's name, then `key=value` fields separated by single spaces;
no value holds a space. `rules` is the rules object as a record writes it (compact
JSON), `seed` makes the later hands' deals; the other fields are the game's own
(each game module's `position_fields` documents them, with an example). Shared
value forms:

- a number: `7`; a list of numbers, one per seat or team: `0,3,1,2`; where a
  number may be below 0 (a game of penalties scores them negative), `-3,0,-13,0`,
  read with `numbers(..., signed=True)`, which sets no floor unless given a
  `minimum` (unsigned, a `-` is refused);
- cards: record tokens separated by commas, `-` for none: `Sh1,Sw5,Raven`;
- cards per seat: seat 0's cards, `/`, seat 1's...: `Sh1,Sw5/Ax2/-/Wa9`; `?` for a
  seat that has not yet chosen (a bid not yet made);
- the tricks of the current hand, in order, separated by `/`: the leader's seat,
  `:`, the cards in play order, and `>` the winner once complete:
  `0:Sw5,Sw9,Sw2,Sw3>1/1:Sw9` (the seats follow from the game's order of play).

A position read from text has no history: its `history` is empty and it knows
no earlier hand (their score sheets, bids and tricks), only the scores they left;
so it has no game record either: record_of refuses it with a RecordError.
Everything it needs to play on is there: the same legal actions, the same
observation of the hand in progress, and the same next positions as the state
it was written from (tests/test_position.py holds every game to this).
Malformed text raises PositionError saying which field is wrong and why.
"""
from __future__ import annotations

import json
from typing import Callable, Iterable

from .cards import Deck
from .errors import PositionError, TokenError, quote
from .tricks import Trick

NONE = "-"          # an empty list of cards, or no value
UNCHOSEN = "?"      # a seat's choice not yet made


def split_fields(name: str, text: str) -> dict[str, str]:
    """`text`'s fields by key, after checking it starts with the game's `name`."""
    if not isinstance(text, str):
        raise PositionError(f"a position is text, not {quote(text)}")
    words = text.split(" ")
    if words[0] != name:
        raise PositionError(f"a {name} position starts with {name!r}, not {quote(words[0])}")
    fields: dict[str, str] = {}
    for word in words[1:]:
        key, eq, value = word.partition("=")
        if not eq or not key:
            raise PositionError(f"{quote(word)} is not a key=value field (fields are separated "
                                f"by single spaces)")
        if key in fields:
            raise PositionError(f"field {key!r} is given twice")
        fields[key] = value
    return fields


def rules_text(rules) -> str:
    return json.dumps(rules.to_dict(), separators=(",", ":"))


def rules_value(text: str):
    try:
        return json.loads(text)
    except ValueError:
        raise PositionError(f"field 'rules' must be a JSON object of rules fields, "
                            f"not {quote(text)}") from None


# --- writing -------------------------------------------------------------------------------
def cards_text(deck: Deck, cards: Iterable[int]) -> str:
    return ",".join(deck.tokens_of(cards)) or NONE


def places_text(deck: Deck, places: Iterable) -> str:
    """Cards per seat; None (not chosen yet) as `?`."""
    return "/".join(UNCHOSEN if cards is None else cards_text(deck, cards) for cards in places)


def numbers_text(values: Iterable[int]) -> str:
    return ",".join(str(v) for v in values)


def tricks_text(tricks: Iterable[Trick], token: Callable[[int, int, int], str]) -> str:
    """`token(trick index, play index, card)` names a card (a game may mark how it
    was played, as Lunar's `sky:`)."""
    out = []
    for i, trick in enumerate(tricks):
        cards = ",".join(token(i, j, card) for j, (_, card) in enumerate(trick.plays))
        out.append(f"{trick.leader}:{cards}" + ("" if trick.winner is None else f">{trick.winner}"))
    return "/".join(out) or NONE


# --- reading -------------------------------------------------------------------------------
class PositionReader:
    """Typed reading of a position's fields, each refusal naming its field."""

    def __init__(self, game_name: str, deck: Deck, fields: dict[str, str], players: int):
        self.game_name = game_name
        self.deck = deck
        self.fields = dict(fields)
        self.players = players
        self.used: set[str] = set()

    def error(self, key: str, problem: str) -> PositionError:
        return PositionError(f"{self.game_name} position, field {key!r}: {problem}")

    def text(self, key: str) -> str:
        if key not in self.fields:
            raise PositionError(f"{self.game_name} position: field {key!r} is missing")
        self.used.add(key)
        return self.fields[key]

    def finish(self) -> None:
        unknown = [key for key in self.fields if key not in self.used]
        if unknown:
            raise PositionError(f"{self.game_name} position: unknown field {unknown[0]!r}; "
                                f"fields: {', '.join(sorted(self.used))}")

    def number(self, key: str, minimum: int = 0, maximum: int | None = None,
               text: str | None = None) -> int:
        text = self.text(key) if text is None else text
        if not (text.isascii() and text.isdigit() and len(text) <= 9):
            raise self.error(key, f"{quote(text)} is not a whole number")
        value = int(text)
        if value < minimum or (maximum is not None and value > maximum):
            limit = f"{minimum}..{maximum}" if maximum is not None else f"at least {minimum}"
            raise self.error(key, f"{value} is out of range ({limit})")
        return value

    def optional_number(self, key: str, minimum: int = 0) -> int | None:
        """A number, or `-` for none."""
        text = self.text(key)
        return None if text == NONE else self.number(key, minimum, None, text)

    def seed(self, key: str = "seed") -> int:
        text = self.text(key)
        digits = text[1:] if text.startswith("-") else text
        if not (digits.isascii() and digits.isdigit() and len(digits) <= 40):
            raise self.error(key, f"{quote(text)} is not a whole number")
        return int(text)

    def seat(self, key: str) -> int:
        return self.number(key, 0, self.players - 1)

    def choice(self, key: str, options: Iterable[str]) -> str:
        options = tuple(options)
        value = self.text(key)
        if value not in options:
            raise self.error(key, f"{quote(value)} is not one of {', '.join(options)}")
        return value

    def numbers(self, key: str, count: int, minimum: int | None = None, maximum: int | None = None,
                signed: bool = False) -> tuple[int, ...]:
        """`count` numbers, each `minimum` (default 0; signed: no floor) to `maximum`
        (default none); `signed` lets them go below 0.

        >>> reader = PositionReader("g", None, {"scores": "-120,42"}, 2)
        >>> reader.numbers("scores", 2, signed=True)
        (-120, 42)
        """
        if minimum is None:
            minimum = None if signed else 0
        parts = self.text(key).split(",")
        if len(parts) != count:
            raise self.error(key, f"lists {count} numbers separated by commas, not {len(parts)}")
        out = []
        for part in parts:
            negative = signed and part.startswith("-") and len(part) > 1
            if not signed and part.startswith("-") and part[1:].isdigit():
                raise self.error(key, f"{quote(part)} is below 0, and this field's numbers are 0 or "
                                      f"more (a field that may be negative is read with signed=True)")
            value = self.number(key, 0, None, part[1:] if negative else part)
            value = -value if negative else value
            if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
                raise self.error(key, f"{value} is out of range ({'no floor' if minimum is None else minimum} "
                                      f"to {'no ceiling' if maximum is None else maximum})")
            out.append(value)
        return tuple(out)

    def seats(self, key: str) -> tuple:
        """A list of seats ("-" for none)."""
        text = self.text(key)
        if text == NONE:
            return ()
        return tuple(self.number(key, 0, self.players - 1, part) for part in text.split(","))

    def card_list(self, key: str, text: str, *, sort: bool = True) -> tuple[int, ...]:
        if text == NONE:
            return ()
        try:
            cards = tuple(self.deck.card(token) for token in text.split(","))
        except TokenError as exc:
            raise self.error(key, str(exc)) from None
        return tuple(sorted(cards)) if sort else cards

    def cards(self, key: str, *, sort: bool = True) -> tuple[int, ...]:
        return self.card_list(key, self.text(key), sort=sort)

    def places(self, key: str, count: int | None = None, *, allow_unchosen: bool = False,
               sort: bool = True) -> tuple:
        """Cards per seat (`count` places, the number of seats by default)."""
        count = self.players if count is None else count
        parts = self.text(key).split("/")
        if len(parts) != count:
            raise self.error(key, f"lists {count} places separated by '/', not {len(parts)}")
        out = []
        for part in parts:
            if part == UNCHOSEN:
                if not allow_unchosen:
                    raise self.error(key, f"'{UNCHOSEN}' (not chosen yet) is not a value here")
                out.append(None)
            else:
                out.append(self.card_list(key, part, sort=sort))
        return tuple(out)

    def tricks(self, key: str, order: Callable[[int], Iterable[int]],
               card: Callable[[str], int] | None = None) -> tuple[tuple[Trick, ...], list[list[str]]]:
        """The tricks of the hand (each but the last complete, with its winner) and
        each trick's card words as written. `order(leader)` gives the seats of a
        trick in order of play; `card(word)` reads one card word (a card token by
        default)."""
        text = self.text(key)
        if text == NONE:
            return (), []
        read = card or self.deck.card
        tricks, words = [], []
        parts = text.split("/")
        for index, part in enumerate(parts):
            where = f"trick {index + 1}"
            head, colon, rest = part.partition(":")
            if not colon:
                raise self.error(key, f"{where} {quote(part)} is not leader:cards")
            leader = self.number(key, 0, self.players - 1, head)
            body, gt, win = rest.partition(">")
            cards_words = body.split(",") if body else []
            seats = tuple(order(leader))
            if len(cards_words) > len(seats):
                raise self.error(key, f"{where} has {len(cards_words)} cards; at most {len(seats)} play to it")
            try:
                cards = [read(w) for w in cards_words]
            except TokenError as exc:
                raise self.error(key, f"{where}: {exc}") from None
            complete = len(cards) == len(seats)
            winner = None
            if gt:
                if not complete:
                    raise self.error(key, f"{where} is not complete and has no winner yet")
                winner = self.number(key, 0, self.players - 1, win)
                if winner not in seats:
                    raise self.error(key, f"{where}: seat {winner} did not play to it")
            elif complete:
                raise self.error(key, f"{where} is complete: give its winner as >seat")
            if winner is None and index != len(parts) - 1:
                raise self.error(key, f"{where} is not finished but is not the last trick")
            tricks.append(Trick(leader, tuple(zip(seats, cards)), winner))
            words.append(cards_words)
        return tuple(tricks), words


def check_cards(reader: PositionReader, cards: Iterable[int], full: Iterable[int]) -> None:
    """No card is in two places (more often than the deck holds it)."""
    from collections import Counter
    extra = Counter(cards) - Counter(full)
    if extra:
        card = min(extra)
        raise PositionError(f"{reader.game_name} position: {reader.deck.token(card)} is in more "
                            f"places than the deck holds it")
