"""Cards drawn as cards: the SVG every game's faces are made of, in the page. One
module for the table, the hint's marks, the review, the score sheets and the
home page's pictures, so that they agree; each game's own faces (its suits'
colours and symbols, its named cards, Tricksters' turned card) are drawn in its
module of games/ with these parts (its `Layout.art`).

A face is drawn in a 100 x 140 box (`W`, `H`) and scales with the card: the
page sizes the card, the SVG fills it. Ranks are large indices in the corners;
suits are symbols in their colours (card_symbols.py: every suit a shape of its
own, so colour is never the only difference); named cards have pictures. The
face is a picture only (`aria-hidden`): the card's accessible name stays its
words (cards.card_html's aria-label, "the 5 of Hearts").

    >>> svg(frame()).startswith('<svg class="face"')
    True
    >>> 'data-led="Foxes"' in svg(frame(), led="Foxes")
    True
"""
from __future__ import annotations

import re
from functools import lru_cache
from urllib.parse import quote

W, H = 100, 140
PAPER, INK = "#fdfbf4", "#1b1b1b"
FONT = 'font-family="system-ui, sans-serif" font-weight="bold"'
INDEX_SIZE = 34          # a corner index, in card units (the page keeps it >= 12 CSS px)


def _text(x, y, text, size, fill, anchor="start", extra="") -> str:
    return (f'<text x="{x}" y="{y}" font-size="{size}" fill="{fill}" text-anchor="{anchor}" {FONT}{extra}>'
            f'{text}</text>')


def _at(symbol: str, x: float, y: float, size: float) -> str:
    """A 100 x 100 symbol drawn `size` units wide with its top left at (x, y)."""
    return f'<g transform="translate({x:g} {y:g}) scale({size / 100:g})">{symbol}</g>'


def frame(fill: str = PAPER, stroke: str = "#2a2a2a") -> str:
    """A card's paper and edge (alone: a plain card, for a game without art)."""
    return f'<rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="{fill}" stroke="{stroke}" stroke-width="3"/>'


def _indices(rank: str, colour: str, small: str = "") -> str:
    """The rank (and a small symbol under it) in the top left corner, and the same
    turned round in the bottom right, as on a printed card."""
    corner = _text(8, 36, rank, INDEX_SIZE, colour) + (_at(small, 9, 42, 22) if small else "")
    return corner + f'<g transform="rotate(180 50 70)">{corner}</g>'


def _svg(body: str, cls: str = "face", attrs: str = "") -> str:
    return (f'<svg class="{cls}"{attrs} viewBox="0 0 {W} {H}" aria-hidden="true" focusable="false" '
            f'xmlns="http://www.w3.org/2000/svg">{body}</svg>')


def _named(letter: str, picture, ground: str, ink: str, border: str = "") -> str:
    """A named card: its letter in the corners and its picture, on its own colours."""
    rim = f'<rect x="6" y="6" width="88" height="128" rx="6" fill="none" stroke="{ink}" stroke-width="2" opacity=".7"/>'
    return (frame(ground, border or "#111") + rim + _indices(letter, ink)
            + _at(picture(ink, ground), 20, 40, 60))


# --- backs -------------------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def back_body() -> str:
    """The back every game's cards share: a red lattice round three fanned cards."""
    diamonds = "".join(f'<path d="M{x} {y - 7}l7 7l-7 7l-7 -7z" fill="#a8323f"/>'
                       for x in range(18, 90, 16) for y in range(20, 130, 16) if not (30 < x < 70 and 46 < y < 96))
    fan = "".join(f'<rect x="42" y="50" width="16" height="24" rx="2" fill="#fdfbf4" stroke="#7a1f2b" '
                  f'stroke-width="1.5" transform="rotate({a} 50 84)"/>' for a in (-20, 0, 20))
    return (frame("#7a1f2b", "#3a0d14") + '<rect x="8" y="8" width="84" height="124" rx="5" fill="none" '
            'stroke="#f4d9a0" stroke-width="2"/>' + diamonds
            + '<circle cx="50" cy="70" r="21" fill="#5e1621" stroke="#f4d9a0" stroke-width="2"/>' + fan)


def back() -> str:
    return _svg(back_body(), "face back")


# --- a face on the page, or placed in a picture --------------------------------------------------------
def svg(body: str, led: str | None = None) -> str:
    """A face (a game's `Layout.art`) as an SVG picture sized by the page
    (`data-led`: the critter a Tricksters card is turned to)."""
    return _svg(body, attrs=f' data-led="{led}"' if led else "")


def image(face: str) -> str:
    """A face drawn by `svg` as an image of it (a data: URL, so nothing is fetched):
    for a card that is a button. A button's accessible name must hold every word it
    shows (WCAG 2.5.3, label in name), and its name is the card's words ("11 of
    Shields"): the SVG's corner indices, as text in the page, would be words it shows
    ("11 11"); drawn in an image, they are a picture.

    >>> image(svg(frame(), led="Foxes")).startswith('<img class="face" data-led="Foxes" alt="" src="data:image/svg+xml,')
    True
    """
    led = re.search(r' data-led="([^"]*)"', face)
    attrs = f' data-led="{led.group(1)}"' if led else ""
    return f'<img class="face"{attrs} alt="" src="data:image/svg+xml,{quote(face, safe=" =:/;,().-")}">'


def placed(body: str, x: float, y: float, width: float, rotate: float = 0) -> str:
    """A face (or back) body drawn `width` units wide at (x, y), turned about its centre."""
    height = width * H / W
    return (f'<g transform="translate({x:g} {y:g}) rotate({rotate:g} {width / 2:g} {height / 2:g}) '
            f'scale({width / W:g})">{body}</g>')
