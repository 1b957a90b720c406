"""Text made safe for HTML, and words made sentences: what every part of the page
that writes markup shares. Pure Python, standard library only."""
from __future__ import annotations

import html


def esc(value) -> str:
    return html.escape(str(value), quote=True)


def sentence(text: str) -> str:
    """A reason as a sentence: capitalised, with a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."
