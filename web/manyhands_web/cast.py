"""The computer players at the table: a small fixed cast, each with a name and a
drawn face, seated the same way every game (the first clockwise from your left,
the next after them...), so that "Ada" is the player on your left in every game
and every word the page says (the table, the log, the hints, the review) agrees.

    >>> seat_names(4, 0)
    ['You', 'Ada', 'Bruno', 'Chidi']
    >>> seat_names(2, 1)
    ['Ada', 'You']

The engine's own words (pycore.words.seat_names: Left, Across, Right) stay
what the records and the engine's tests use; the page tells its Narrators to
name seats by this cast instead. Pure Python: natively testable, run in the page
and in the hint worker.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple


class Member(NamedTuple):
    name: str
    ground: str         # the face's round background
    skin: str
    hair: str
    style: str          # how the hair is drawn (see _hair)
    extra: str = ""     # glasses, beard, earrings, hat


CAST = (
    Member("Ada", "#7fc8f8", "#f1c7a5", "#3b2a20", "bob", "glasses"),
    Member("Bruno", "#f7b267", "#c98d5e", "#1f1a17", "short", "beard"),
    Member("Chidi", "#9ad1a0", "#7a4a2c", "#141010", "curly"),
    Member("Dana", "#f4a6c6", "#f3d2b6", "#c0662b", "long", "earrings"),
    Member("Emil", "#c3b5f0", "#e9bf9a", "#d9c27a", "short", "glasses"),
    Member("Freya", "#ffd166", "#f5d0b9", "#8a3b12", "bun"),
    Member("Goran", "#b6c2cc", "#d8a983", "#6d6d6d", "bald", "hat"),
)


def member(steps: int) -> Member:
    """The computer player `steps` seats clockwise from you (1: on your left)."""
    return CAST[(steps - 1) % len(CAST)]


def seat_names(players: int, me: int) -> list[str]:
    """Every seat's name as the page says it to `me`: You, and the cast clockwise
    from your left (a pycore.words Narrator's `namer`)."""
    return ["You" if seat == me else member((seat - me) % players).name for seat in range(players)]


def table_names(players: int, people: dict[int, str]) -> list[str]:
    """Every seat's name when friends share the device, the same whoever holds it:
    the people by their names, each computer by the cast's next name clockwise from
    the first person that no person has taken.

    >>> table_names(4, {0: "Mia", 2: "Ada"})
    ['Mia', 'Bruno', 'Ada', 'Chidi']
    """
    taken = {name.casefold() for name in people.values()}
    free = iter([m.name for m in CAST if m.name.casefold() not in taken] + [f"Computer {k}" for k in range(1, 9)])
    first = min(people) if people else 0
    names = dict(people)
    for k in range(players):
        seat = (first + k) % players
        if seat not in names:
            names[seat] = next(free)
    return [names[s] for s in range(players)]


def named_from(names: list[str]):
    """A Narrator's `namer` for fixed names: You for the listener, the rest by `names`."""
    return lambda players, me: ["You" if seat == me else names[seat] for seat in range(players)]


def _hair(m: Member, behind: bool) -> str:
    c = m.hair
    if behind:
        return {"long": f'<path d="M22 46C22 20 78 20 78 46V88H22Z" fill="{c}"/>',
                "bun": f'<circle cx="50" cy="16" r="11" fill="{c}"/>'}.get(m.style, "")
    return {"bob": f'<path d="M24 52C22 24 78 24 76 52C70 40 58 34 50 34C42 40 32 44 24 52Z" fill="{c}"/>',
            "short": f'<path d="M27 44C28 24 72 24 73 44C64 36 40 34 27 44Z" fill="{c}"/>',
            "curly": "".join(f'<circle cx="{x}" cy="{y}" r="8" fill="{c}"/>'
                             for x, y in ((30, 38), (38, 28), (50, 25), (62, 28), (70, 38))),
            "long": f'<path d="M26 50C24 24 76 24 74 50C66 38 44 36 26 50Z" fill="{c}"/>',
            "bun": f'<path d="M27 46C28 26 72 26 73 46C62 36 40 36 27 46Z" fill="{c}"/>',
            "bald": ""}[m.style]


def _extra(m: Member) -> str:
    if m.extra == "glasses":
        return ('<g fill="none" stroke="#222" stroke-width="2.5"><circle cx="41" cy="53" r="7"/>'
                '<circle cx="59" cy="53" r="7"/><path d="M48 53H52"/></g>')
    if m.extra == "beard":
        return f'<path d="M30 58C32 80 68 80 70 58C64 70 36 70 30 58Z" fill="{m.hair}"/>'
    if m.extra == "earrings":
        return '<circle cx="28" cy="64" r="3" fill="#ffd166"/><circle cx="72" cy="64" r="3" fill="#ffd166"/>'
    if m.extra == "hat":
        return ('<path d="M24 40C24 20 76 20 76 40Z" fill="#3a4a6b"/>'
                '<rect x="18" y="38" width="64" height="6" rx="3" fill="#3a4a6b"/>')
    return ""


def face_of(name: str) -> str:
    """The face of the computer player called `name` (friends' tables name them so)."""
    index = next((k for k, m in enumerate(CAST) if m.name == name), None)
    return face(index + 1) if index is not None else ""


@lru_cache(maxsize=None)
def face(steps: int) -> str:
    """The face of the computer player `steps` seats from you, as an SVG picture
    (decorative: the seat's name is said beside it)."""
    m = member(steps)
    return ('<svg class="avatar" viewBox="0 0 100 100" aria-hidden="true" focusable="false" '
            'xmlns="http://www.w3.org/2000/svg">'
            f'<circle cx="50" cy="50" r="48" fill="{m.ground}"/>{_hair(m, True)}'
            f'<path d="M22 100C24 80 36 74 50 74C64 74 76 80 78 100Z" fill="#fdfbf4" opacity=".85"/>'
            f'<ellipse cx="50" cy="52" rx="23" ry="26" fill="{m.skin}"/>'
            '<circle cx="41" cy="53" r="3" fill="#222"/><circle cx="59" cy="53" r="3" fill="#222"/>'
            '<path d="M42 66Q50 72 58 66" stroke="#7a3b2e" stroke-width="3" fill="none" stroke-linecap="round"/>'
            f'{_hair(m, False)}{_extra(m)}</svg>')
