"""A card as HTML: its face as its game's layout draws it (layouts.py, games/),
its spoken name, and whether it is a choice now. Runs natively (tests) and in Pyodide."""
from __future__ import annotations

import re

from pycore.words import Narrator

from .card_art import image
from .layouts import layout_for
from .markup import esc, sentence


def card_html(token: str, tell: Narrator, *, action: str | None = None, enabled: bool = False,
              classes: str = "", attrs: str = "", why: str | None = None, uid: str = "",
              led: str | None = None) -> str:
    """A card: a focusable button when it is a choice (or one that says why it is
    not: `why`, described by an element with id `uid`), else a static picture.
    `led`: the suit the card counts in, where a card has a value per suit
    (Tricksters: the critter a trick was led in; default: the one led now)."""
    suit = re.match(r"[A-Za-z]+", token)
    suit_class = f"suit-{suit.group(0).lower()}" if suit else "suit-none"
    layout = layout_for(tell.game.name)
    face, spoken = layout.face(token, tell, led)
    if layout.is_special(token):
        classes += " specialist"
    elif " of " in spoken:       # "3 of Hearts": a class per suit name, for colour
        classes += " of-" + re.sub(r"[^a-z]", "", spoken.split(",")[0].rpartition(" of ")[2].lower())
    if action is not None or attrs or why:
        face = image(face)        # a button says its words only (its name): the face is a picture
        if why:
            note = f'<span class="visually-hidden why" id="{esc(uid)}">{esc(sentence(why))}</span>'
            return (f'<button type="button" class="card {suit_class} {classes} unavailable"{attrs} '
                    f'aria-label="{esc(spoken)}" aria-disabled="true" aria-describedby="{esc(uid)}" '
                    f'title="{esc(sentence(why))}" data-ui="why" data-card="{esc(token)}">{face}{note}</button>')
        state = "" if enabled else " disabled"
        act = f' data-action="{esc(action)}"' if action is not None and enabled else ""
        return (f'<button type="button" class="card {suit_class} {classes}{" legal" if enabled else ""}"'
                f'{act}{attrs} aria-label="{esc(spoken)}"{state}>{face}</button>')
    return f'<span class="card {suit_class} {classes}" role="img" aria-label="{esc(spoken)}">{face}</span>'


def _cards(tokens, tell, cls: str = "small", led=None) -> str:
    return "".join(card_html(t, tell, classes=cls, led=led) for t in tokens)


def _clickable(token: str, legal: set, tell, shown: str, cls: str = "small", why=None, uid: str = "") -> str:
    """A card that is also a choice when `token` is legal (else, with `why`, it says
    why it is not)."""
    if token in legal:
        return card_html(shown, tell, action=token, enabled=True, classes=cls)
    if why is not None:
        return card_html(shown, tell, classes=cls, why=why(token) or "not a choice now", uid=uid)
    return card_html(shown, tell, classes=cls)
