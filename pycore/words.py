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


IRREGULAR_PLURALS = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}


def plural_verb(third_person: str) -> str:
    """A verb's form after "you" or several seats, from its third person singular.

    >>> [plural_verb(v) for v in ("takes", "reaches", "wishes", "passes", "fixes", "carries", "has", "was")]
    ['take', 'reach', 'wish', 'pass', 'fix', 'carry', 'have', 'were']
    """
    if third_person in IRREGULAR_PLURALS:
        return IRREGULAR_PLURALS[third_person]
    if third_person.endswith(("ches", "shes", "sses", "xes", "zes")):
        return third_person[:-2]
    if third_person.endswith("ies") and len(third_person) > 4:
        return third_person[:-3] + "y"
    return third_person[:-1] if third_person.endswith("s") else third_person


def join(items: Iterable[str], word: str = "and") -> str:
    """'a', 'a and b', 'a, b and c'."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def minus(text) -> str:
    """A number as print writes it, with a true minus sign: "−1.2", not "-1.2"."""
    return str(text).replace("-", "\N{MINUS SIGN}")


def signed(n: float) -> str:
    """A score change with its sign, a true minus: "+3", "−2", "0"."""
    return "0" if n == 0 else minus(f"{n:+g}")


def with_unit(amount: str, unit: str) -> str:
    """An amount as written and its unit (plural), agreeing: "1 point", "−1 point",
    "2.31 points"."""
    one = amount.lstrip("\N{MINUS SIGN}") == "1"
    return f"{amount} {unit[:-1] if one and unit.endswith('s') else unit}"


def decimals(x: float, digits: int, most: int = 4) -> int:
    """The decimals to show `x` with: `digits`, or more (up to `most`) where a
    non-zero `x` would read as 0 ("0.02 points less", not "0 points less").

    >>> decimals(0.021, 1), decimals(0.003, 2), decimals(0.0, 1), decimals(1.5, 1)
    (2, 3, 1, 1)
    """
    while x and float(f"{x:.{digits}f}") == 0 and digits < most:
        digits += 1
    return digits


def count(n: int, one: str, many: str | None = None) -> str:
    """'1 trick', '3 tricks', '1,311 other choices'."""
    return f"{n:,} {one if n == 1 else (many or one + 's')}"


class Words:
    """How one game's cards and choices are said. Subclasses override `card` (a
    card's bare name), `choice` (a choice's name, as its button, hint line or
    screen-reader label says it: "Deal with a poke") and `done` (what the seat
    did, after its name in the log: "dealt with a poke"); `hidden` is what a log
    says of an action the listener may not see (`hidden_done`, where the rules
    in play change it)."""

    hidden = "made a choice you cannot see"
    phases: dict[str, str] = {}
    picks: dict[str, str] = {}         # a choice made by picking cards: what the cards are for
    themes: dict[str, str] = {}        # theme -> the game's title in that theme
    trick_taker_words = "wins this trick"   # a hint's fact about a card that takes the trick

    def __init__(self, title: str):
        self.title_default = title

    def title(self, theme: str = "") -> str:
        return self.themes.get(theme, self.title_default)

    def hidden_done(self, tell: "Narrator") -> str:
        return self.hidden

    @staticmethod
    def trump_of(tell: "Narrator", hand: int):
        """Hand `hand`'s trump token: its score sheet's, or the current hand's."""
        results = tell.obs.get("hand_results") or []
        return results[hand]["trump"] if hand < len(results) else tell.obs.get("trump")

    def card(self, token: str, tell: "Narrator | None" = None) -> str:
        """A card's bare name ("10 of Shields"); `tell` gives the theme and what the
        listener sees (Tricksters' card values)."""
        raise NotImplementedError

    def suit_name(self, code: str, tell: "Narrator | None" = None) -> str:
        """A suit as the observation names it ("Sh", "H", "Owl") in words."""
        return code

    def the(self, token: str, tell: "Narrator | None" = None) -> str:
        """The card with its article, as a sentence says it ("the 10 of Shields")."""
        return f"the {self.card(token, tell)}"

    def phase(self, phase: str | None) -> str:
        return self.phases.get(phase or "", "")

    def choice(self, token: str, tell: "Narrator") -> str:
        """A legal choice's name. Default: a card to play."""
        return self.card(token, tell)

    def done(self, token: str, tell: "Narrator", actor: int, where: tuple[int, int] | None = None) -> str:
        """What `actor` did (a predicate: "played the 10 of Shields"); `where`, for a
        card played in a trick: (hand index, trick index)."""
        return f"played {self.the(token, tell)}"

    def trick_taken(self, trick: dict, tell: "Narrator", hand: int, number: int) -> str:
        """A finished trick in a sentence ("Left takes the trick with the 12 of
        Shields, trump."; where partners play, the engine's `sides`, their side:
        "You and Across take the trick with Across's Ace of Hearts."): `trick` as
        the summary writes it, `hand` and `number` its hand's and its own index."""
        winner = trick["winner"]
        card = dict(map(tuple, trick["cards"]))[winner]
        side = next((s for s in tell.obs.get("sides") or () if winner in s and len(s) > 1), None)
        if side:             # partners (the engine's sides): the side takes it, with one partner's card
            side = sorted(side, key=lambda seat: (seat - tell.me) % tell.players)
            return (f"{tell.seats(side)} {tell.verb('takes', side)} the trick with "
                    f"{tell.possessive(winner, start=False)} {tell.card(card)}.")
        return f"{tell.seat(winner)} {tell.verb('takes', winner)} the trick with {tell.the(card)}."

    def hand_lines(self, result: dict, tell: "Narrator") -> list[str]:
        """A finished hand's score sheet in sentences (`result`: one entry of the
        observation's `hand_results`)."""
        return []

    def unshown(self, result: dict, seat: int) -> str:
        """Why a finished hand's sheet does not show `seat`'s cards face up."""
        return "not shown"

    def outcome(self, tell: "Narrator") -> str:
        """The end of the game in one sentence: who won."""
        winners = tell.obs.get("winners") or []
        if tell.you in winners:
            others = [w for w in winners if w != tell.you]
            return "You win!" if not others else f"You share the win with {tell.seats(others, start=False)}!"
        return f"{tell.seats(winners)} {tell.verb('wins', winners)}."

    unit = "point"          # what the totals count (Voren: chips)
    hand_word = "hand"      # what one deal played out is called (Lunar, Tricksters: a round)
    first_player = "dealer"  # the seat places are counted from (Lunar: the start player)

    def place(self, entry: dict, tell: "Narrator") -> str:
        """One line of the final ranking ("1st, shared: You and Left, 12 points")."""
        shared = ", shared" if len(entry["seats"]) > 1 else ""
        return (f"{ordinal(entry['place'])}{shared}: {tell.seats(entry['seats'])}, "
                f"{count(entry['score'], self.unit)}")


class Narrator:
    """The game told to one seat: seats named from it, cards in its theme, choices
    read against its observation `obs` (the position the choices are made in).
    Without an observation it names cards and choices only (seats by number).
    `namer(players, me)`: every seat's name as `me` says it (default
    `seat_names`: You, Left, Across, Right; the page names the computer players
    by a cast of its own), "You" for `me`. `addressed=False`: told to the whole
    table, not to `me` (the page's friends at one device): every seat by its
    name and in the third person, `me` only where the table is seen from."""

    def __init__(self, game, obs: dict | None = None, theme: str = "", namer=None, addressed: bool = True):
        self.game = game
        self.words: Words = game.words
        self.obs = obs or {}
        self.theme = theme
        if obs:
            self.me, self.players = obs["seat"], obs["players"]
            self.names = (namer or seat_names)(self.players, self.me)
        else:
            self.me, self.players, self.names = None, 0, []
        self.you = self.me if addressed else None     # who "you" is in the words (None: nobody)

    def seat(self, seat: int, *, start: bool = True) -> str:
        """A seat's name; `start=False` where it is not at the start of a sentence
        ("paired with you")."""
        if seat >= len(self.names):
            return f"Seat {seat}"
        name = self.names[seat]
        return name if start or seat != self.you else name.lower()

    def possessive(self, seat: int, *, start: bool = True) -> str:
        """"Your" for the listener, else "Left's"."""
        if seat == self.you:
            return "Your" if start else "your"
        return f"{self.seat(seat)}'s"

    def verb(self, third_person: str, seat: int | list) -> str:
        """A verb agreeing with its subject: "takes" for Left, "take" for you or for
        several seats ("have"/"has", "are"/"is")."""
        plural = seat == self.you if isinstance(seat, int) else len(seat) != 1 or seat[0] == self.you
        return plural_verb(third_person) if plural else third_person

    def seats(self, seats, *, start: bool = True) -> str:
        """Several seats: "You and Across", "Left, Across and Right"."""
        seats = list(seats)
        return join(self.seat(s, start=start and i == 0) for i, s in enumerate(seats))

    def card(self, token: str) -> str:
        return self.words.card(token, self)

    def the(self, token: str) -> str:
        return self.words.the(token, self)

    def cards(self, tokens: Iterable[str]) -> str:
        return join(self.card(t) for t in tokens)

    def choice(self, token: str) -> str:
        return self.words.choice(token, self)

    def done(self, actor: int, token: str | None, where: tuple[int, int] | None = None) -> str:
        return self.words.hidden_done(self) if token is None else self.words.done(token, self, actor, where)

    def sentence(self, actor: int, token: str | None, where: tuple[int, int] | None = None) -> str:
        """One log line: "Left played the 10 of Shields." (`where`: (hand, trick)
        index of a card played in a trick)."""
        return f"{self.seat(actor)} {self.done(actor, token, where)}."

    def trick_taken(self, trick: dict, hand: int, number: int) -> str:
        return self.words.trick_taken(trick, self, hand, number)

    def hand_lines(self, result: dict) -> list[str]:
        return self.words.hand_lines(result, self)

    def outcome(self) -> str:
        return self.words.outcome(self)

    def places(self) -> list[str]:
        """The final ranking, one line per place (the observation's "ranking")."""
        return [self.words.place(entry, self) for entry in self.obs.get("ranking") or []]

    def phase(self) -> str:
        return self.words.phase(self.obs.get("phase"))

    def title(self) -> str:
        return self.words.title(self.theme)
