"""The pictures on the home page's game cards: small SVG drawings made here (no
image files); each game's own is in its module of games/."""
from __future__ import annotations

from .markup import esc


def _card(x, y, w, h, rotate=0.0, fill="#fdfbf4", band=None, body="") -> str:
    """An SVG playing card at (x, y), rotated about its centre, with an optional
    coloured top band and a body of SVG drawn in the card's own coordinates."""
    cx, cy = x + w / 2, y + h / 2
    top = f'<rect x="0" y="0" width="{w}" height="6" rx="3" fill="{band}"/>' if band else ""
    return (f'<g transform="rotate({rotate} {cx} {cy}) translate({x} {y})">'
            f'<rect width="{w}" height="{h}" rx="5" fill="{fill}" stroke="#333" stroke-width="1.5"/>'
            f"{top}{body}</g>")


def _svg(label: str, body: str) -> str:
    return (f'<svg class="art" viewBox="0 0 120 84" role="img" aria-label="{esc(label)}" '
            f'xmlns="http://www.w3.org/2000/svg">{body}</svg>')


def _text(x, y, text, size=12, fill="#1b1b1b", weight="bold") -> str:
    return (f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}" fill="{fill}" '
            f'text-anchor="middle" font-family="system-ui, sans-serif">{esc(text)}</text>')
