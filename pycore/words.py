"""Player words: what a card, a choice, a seat and a phase are called at the table.

The one place the page's buttons, game log, hints and screen-reader labels take
their words from, so that no record token (`Sh10`, `deal poke`, `partner 3`)
ever reaches a player. Each game module gives its `Words` subclass (on
`Game.words`); a `Narrator` tells one seat's story: it names the other seats
from that seat (You, Left, Across, Right; numbered beyond four) and cards in the
chosen theme.

    >>> from pycore import get_game
    >>> game = get_game("raven")
    >>> game.words.card("Sh10")
    '10 of Shields'
    >>> state = game.new_game({"players": 4}, seed=1)
    >>> tell = Narrator(game, state.observation(0))
    >>> tell.choice("Dwarf Sh")
    'Lead the Dwarf and name Shields'
    >>> tell.sentence(1, "Dwarf Sh")
    'Left led the Dwarf, naming Shields.'
"""
from __future__ import annotations

from typing import Iterable


def seat_names(players: int, me: int) -> list[str]:
    """Every seat's name as `me` says it: where it sits at the table, clockwise from
    your left (the order of play). Two players: You and Opponent; three: Left and
    Right; four: Left, Across, Right; five or more, numbered in order of play from
    you (Player 2 is on your left)."""
    names = []
    for seat in range(players):
        k = (seat - me) % players          # steps clockwise from you
        if k == 0:
            names.append("You")
        elif players == 2:
            names.append("Opponent")
        elif players <= 4:
            names.append({1: "Left", players - 1: "Right"}.get(k, "Across"))
        else:
            names.append(f"Player {k + 1}")
    return names


def join(items: Iterable[str], word: str = "and") -> str:
    """'a', 'a and b', 'a, b and c'."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def count(n: int, one: str, many: str | None = None) -> str:
    """'1 trick', '3 tricks'."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


class Words:
    """How one game's cards and choices are said. Subclasses override `card` (a
    card's bare name), `choice` (a choice's name, as its button, hint line or
    screen-reader label says it: "Deal with a poke") and `done` (what the seat
    did, after its name in the log: "dealt with a poke"); `hidden` is what a log
    says of an action the listener may not see."""

    hidden = "made a choice you cannot see"
    phases: dict[str, str] = {}
    themes: dict[str, str] = {}        # theme -> the game's title in that theme

    def __init__(self, title: str):
        self.title_default = title

    def title(self, theme: str = "") -> str:
        return self.themes.get(theme, self.title_default)

    def card(self, token: str, tell: "Narrator | None" = None) -> str:
        """A card's bare name ("10 of Shields"); `tell` gives the theme and what the
        listener sees (Tricksters' card values)."""
        raise NotImplementedError

    def the(self, token: str, tell: "Narrator | None" = None) -> str:
        """The card with its article, as a sentence says it ("the 10 of Shields")."""
        return f"the {self.card(token, tell)}"

    def phase(self, phase: str | None) -> str:
        return self.phases.get(phase or "", "")

    def choice(self, token: str, tell: "Narrator") -> str:
        """A legal choice's name. Default: a card to play."""
        return self.card(token, tell)

    def done(self, token: str, tell: "Narrator", actor: int) -> str:
        """What `actor` did (a predicate: "played the 10 of Shields")."""
        return f"played {self.the(token, tell)}"


class Narrator:
    """The game told to one seat: seats named from it, cards in its theme, choices
    read against its observation `obs` (the position the choices are made in).
    Without an observation it names cards and choices only (seats by number)."""

    def __init__(self, game, obs: dict | None = None, theme: str = ""):
        self.game = game
        self.words: Words = game.words
        self.obs = obs or {}
        self.theme = theme
        if obs:
            self.me, self.players = obs["seat"], obs["players"]
            self.names = seat_names(self.players, self.me)
        else:
            self.me, self.players, self.names = None, 0, []

    def seat(self, seat: int, *, start: bool = True) -> str:
        """A seat's name; `start=False` where it is not at the start of a sentence
        ("paired with you")."""
        if seat >= len(self.names):
            return f"Seat {seat}"
        name = self.names[seat]
        return name if start or seat != self.me else name.lower()

    def card(self, token: str) -> str:
        return self.words.card(token, self)

    def the(self, token: str) -> str:
        return self.words.the(token, self)

    def cards(self, tokens: Iterable[str]) -> str:
        return join(self.card(t) for t in tokens)

    def choice(self, token: str) -> str:
        return self.words.choice(token, self)

    def done(self, actor: int, token: str | None) -> str:
        return self.words.hidden if token is None else self.words.done(token, self, actor)

    def sentence(self, actor: int, token: str | None) -> str:
        """One log line: "Left played the 10 of Shields." """
        return f"{self.seat(actor)} {self.done(actor, token)}."

    def phase(self) -> str:
        return self.words.phase(self.obs.get("phase"))

    def title(self) -> str:
        return self.words.title(self.theme)
