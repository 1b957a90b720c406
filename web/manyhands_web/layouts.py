"""The table layout every game starts from, and the registry of the games' own.

`render.table_html` places the seats around the table (you at the bottom, the
others clockwise from your left), the current trick in the middle with each card
at its player's side, your hand and the prompt. A layout adds what makes the
table look like its game, read only from the seat's observation (never from the
state) and told in the game's words (a `pycore.words.Narrator`, `tell`): badges
and lines in each seat's box, regions in the middle (Tricksters' draft centre,
Lunar's trump tiles, track and Sky, Raven's trump schedule, Voren's pot and
turned card), card faces (`art`: each game's cards drawn as cards with
card_art.py's parts), notes on played cards, and the columns of the score pad
and of a hand's score sheet. Observation keys a layout draws are listed in
`placed` so the generic "Table details" list leaves them out. Each game's
layout, with its home-page intro, is a module of `games/` (`class Lunar(Layout,
game="lunar")` registers it); the underscored helpers here are the ones those
modules share.

What is drawn clickable still comes only from legal tokens (`data-action`). A layout
decides nothing: where it summarises (Tricksters' pair sums, what Lunar's Sky still
owes each player this trick) it restates public facts for reading, and the legal
tokens stay the only authority on what may be played.
"""
from __future__ import annotations

from pycore.game import get_game
from pycore.words import count, minus, signed

from . import card_art
from .markup import esc


FAN = 5        # face-down cards drawn in a fan at most (the count is written on it)


def _backs(count_: int, label: str) -> str:
    """`count_` face-down cards as a small fan of card backs (cards.css draws them:
    too small for card_art's back to show more) with their number, one label for
    all of them."""
    backs = '<span class="card-back"></span>' * min(count_, FAN)
    return (f'<span class="backs" role="img" aria-label="{esc(label)}" data-count="{count_}">{backs}'
            f'<span class="backs-n" aria-hidden="true">{count_}</span></span>')


def _badge(text: str, cls: str = "") -> str:
    return f'<span class="badge {cls}">{esc(text)}</span>'


def _pad_cell(points: int, running: int) -> str:
    """A score pad's cell: a hand's points and, in brackets, the total after it."""
    return (f'<span class="pts" data-points="{points}">{esc(signed(points))}</span> '
            f'<span class="run">({esc(running)})</span>')


LAYOUTS: dict[str, "Layout"] = {}


class Layout:
    """The generic table: no per-game touches. A game's layout registers against the
    game by subclassing with its name, `class Lunar(Layout, game="lunar")` (in
    games/lunar.py); the conformance suite fails for a game of the catalog without one."""
    # the observation's keys this layout draws itself (in a seat's box, the middle): the
    # "Table details" panel lists every other key, so that nothing is shown twice or lost
    placed: frozenset = frozenset()
    hidden_details: frozenset = frozenset()   # fields the details panel leaves out (drawn elsewhere)
    total_in_header = True      # False where the seat's box shows its score or chips itself
    hand_word = "hand"          # the game's word for a deal played out (its Words.hand_word)
    pad_note = "Points per hand, the running total in brackets."
    specials: frozenset = frozenset()         # suitless named cards, drawn apart
    # the game's card on the home page: what makes it special in one sentence, and a
    # small picture drawn in SVG (pictures.py)
    pitch = ""
    picture = ""

    def __init_subclass__(cls, game: str = "", **kwargs):
        super().__init_subclass__(**kwargs)
        if game:
            cls.hand_word = get_game(game).words.hand_word   # (a game of the catalog only)
            LAYOUTS[game] = cls()

    def seat_classes(self, obs: dict, seat: int) -> str:
        """A seat's box on your side or the other (the engine's `sides`, where the
        game has them now: Lunar's teams, Tricksters' pairs once chosen)."""
        sides = obs.get("sides")
        if not sides:
            return ""
        mine = next(side for side in sides if obs["seat"] in side)
        return " pair-ours" if seat in mine else " pair-theirs"

    def is_special(self, token: str) -> bool:
        return token in self.specials

    def face(self, token: str, tell, led: str | None) -> tuple[str, str]:
        """(the card's face, drawn as a card by `art`, its spoken name)."""
        return card_art.svg(self.art(token, tell.theme)), tell.card(token)

    def art(self, token: str, theme: str = "", **drawn) -> str:
        """The card's face in card_art's units (100 x 140), to draw with card_art.svg
        or place in a picture with card_art.placed: each game draws its own (`drawn`:
        what a face shows beyond its token: Tricksters' values and the critter it
        is turned to, Lunar's star); a game without art, a plain card."""
        return card_art.frame()

    def trump_words(self, tell) -> str:
        """The status line's trump while the game goes on ("Trump: Hearts"): the
        observation's `trump` in the game's words (`Words.suit_name`); "" when the
        observation has none. A game with more to say (a trump made by a turned card,
        a card that overrules it) overrides this."""
        obs = tell.obs
        trump = obs.get("trump")
        if obs.get("terminal") or trump in (None, ""):
            return ""
        return f"Trump: {tell.words.suit_name(trump, tell)}"

    def seat_badges(self, tell, seat: int) -> list[str]:
        dealer = tell.obs.get("dealer")
        return [_badge("Dealer", "dealer")] if dealer == seat else []

    def seat_body(self, tell, seat: int) -> str:
        obs = tell.obs
        sizes = obs.get("hand_sizes")
        if isinstance(sizes, list) and seat != tell.me and seat < len(sizes) and sizes[seat]:
            return (f'<div class="held"><span class="lbl">Hand</span>'
                    f'{_backs(sizes[seat], count(sizes[seat], "card") + " in hand")}</div>')
        return ""

    def middle(self, tell, legal: set, why=None) -> str:
        """Regions drawn in the middle of the table, above the trick (`why`: while
        it is your turn, why a token is not a choice now)."""
        return ""

    def below(self, tell, legal: set, why=None) -> str:
        """Regions drawn under the table, above your hand."""
        return ""

    def on_table_words(self, tell) -> str:
        """What your choices drawn on the table are, for "Your turn: ..." (they are
        chosen there, not repeated under your hand)."""
        return "choose on the table"

    def plays_in_trick(self, obs: dict) -> list[int]:
        """Seats expected to play in the current trick (an empty place is kept for them)."""
        return list(range(obs["players"]))

    def play_notes(self, obs: dict, trick: dict) -> list[str]:
        """A short note per card of the current trick (e.g. Lunar's "Sky")."""
        return [""] * len(trick["cards"])

    def trick_footer(self, tell, trick: dict) -> str:
        return ""

    def trick_led(self, tell, hand: int, number: int) -> str | None:
        """The suit a finished trick's cards count in, where a card has several."""
        return None

    def winning_seats(self, tell, trick: dict, where) -> set[int]:
        """The seats whose cards took a finished trick (highlighted)."""
        return {trick["winner"]}

    # --- the score pad and a hand's score sheet -------------------------------------------
    def pad(self, tell) -> tuple[list[str], list[list[str]]]:
        """(column heads, one row of cells per finished hand): the points of that hand
        and the running total, per player."""
        results = tell.obs.get("hand_results") or []
        heads = [tell.seat(s) for s in range(tell.players)]
        rows, added = [], [0] * tell.players
        for result in results:
            added = [a + p for a, p in zip(added, result["points"])]
            rows.append([_pad_cell(p, t) for p, t in zip(result["points"], self.running(result) or added)])
        return heads, rows

    def running(self, result: dict) -> list[int] | None:
        """Each player's total after a finished hand, where the game keeps it per hand
        (`totals`); None: the pad adds the hands' points."""
        return result.get("totals")

    def sheet_table(self, tell, result: dict) -> str:
        return ""

    def face_marks(self, result: dict, seat: int) -> tuple[set, str]:
        """Cards of a seat's face-up hand drawn apart on the score sheet, and what
        that marks (Raven: the bid cards)."""
        return set(), ""


def _table(heads: list[str], rows: list[tuple[str, list[str]]], caption: str = "") -> str:
    """A score table: `rows` as (tr attributes, cells), the first cell a row header."""
    head = "".join(f"<th scope=col>{esc(h)}</th>" for h in heads)
    body = "".join(f"<tr {attrs}><th scope=row>{cells[0]}</th>" + "".join(f"<td>{c}</td>" for c in cells[1:])
                   + "</tr>" for attrs, cells in rows)
    cap = f"<caption>{esc(caption)}</caption>" if caption else ""
    return f'<table class="sheet">{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def _points(n: int) -> str:
    return f'<b class="points" data-points="{n}">{esc(minus(n))}</b>'


def _tricks(n: int) -> str:
    return f'<span class="tricks">{esc(n)}</span>'


def layout_for(game: str) -> Layout:
    """The game's layout (the generic table for a name not in the catalog)."""
    return LAYOUTS.get(game) or Layout()


def sides(n: int, me: int) -> dict[int, tuple[str, int]]:
    """Where each seat sits: (side, index along that side). You at the bottom; the
    others clockwise from your left: up the left side, along the top, down the right."""
    others = n - 1
    left = {1: 0, 2: 1, 3: 1, 4: 1, 5: 1, 6: 2, 7: 2}.get(others, others // 3)
    right = left
    top = others - left - right
    out = {me: ("bottom", 0)}
    for k in range(1, n):
        seat = (me + k) % n
        if k <= left:
            out[seat] = ("left", left - k)          # drawn top to bottom: the farthest first
        elif k <= left + top:
            out[seat] = ("top", k - left - 1)
        else:
            out[seat] = ("right", k - left - top - 1)
    return out
