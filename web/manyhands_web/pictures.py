"""The pictures on the home page's game cards: small SVG drawings made here (no
image files), of the cards as the table draws them (card_art.py); each game's
own is in its module of games/."""
from __future__ import annotations

from .card_art import placed
from .markup import esc


def picture(label: str, body: str) -> str:
    """A home page card's picture: `body` (SVG in a 120 x 84 box, e.g. `cards_laid`'s
    cards and a game's own shapes), spoken as `label`."""
    return (f'<svg class="art" viewBox="0 0 120 84" role="img" aria-label="{esc(label)}" '
            f'xmlns="http://www.w3.org/2000/svg">{body}</svg>')


def cards_laid(*cards) -> str:
    """Cards laid in a picture: each (its face or back in card units, as its game's
    `Layout.art` or card_art.back_body draws it, x, y, width, turned)."""
    return "".join(placed(body, x, y, width, turn) for body, x, y, width, turn in cards)
