"""Friends at one device, drawn: who sits where (the setup dialog's seats) and the
pass screen, which shows whose turn it is and nothing of anyone's cards. Pure
Python (tested natively)."""
from __future__ import annotations

from .markup import esc
from .pages import LEVELS

PERSON = "person"
MAX_NAME = 24               # characters of a name


def default_name(place: int) -> str:
    return f"Player {place + 1}"


def clean_name(text: str) -> str:
    """A name as typed, tidied: one line, spaces squeezed, at most MAX_NAME characters."""
    return " ".join(str(text or "").split())[:MAX_NAME]


def seating_html(title: str, places: list[str], kinds: list[str], names: list[str]) -> str:
    """The seats of a new game, clockwise from the first dealer: each a person (with a
    name) or a computer player at a level. `kinds[k]`: PERSON or a level."""
    rows = []
    choices = [(PERSON, "A person")] + [(key, f"Computer, {label.lower()}") for key, label, _ in LEVELS]
    for k, place in enumerate(places):
        kind = kinds[k] if k < len(kinds) else PERSON if k < 2 else "normal"
        name = names[k] if k < len(names) and names[k] else default_name(k)
        options = "".join(f'<option value="{v}"{" selected" if v == kind else ""}>{esc(label)}</option>'
                          for v, label in choices)
        rows.append(
            f'<li class="friend-seat" data-place="{k}"><span class="friend-place" id="place-{k}">{esc(place)}</span>'
            f'<label class="visually-hidden" for="friend-kind-{k}">Who sits at {esc(place)}</label>'
            f'<select id="friend-kind-{k}" data-kind="{k}">{options}</select>'
            f'<label class="visually-hidden" for="friend-name-{k}">Name at {esc(place)}</label>'
            f'<input id="friend-name-{k}" data-name="{k}" type="text" maxlength="{MAX_NAME}" autocomplete="off" '
            f'value="{esc(name)}"{" hidden" if kind != PERSON else ""}></li>')
    return (f'<h2 id="friends-title">{esc(title)} with friends</h2>'
            '<p class="help">Pass this device round the table: each person sees only their own cards. '
            'Choose who sits at each place; the places go round clockwise, from the first dealer.</p>'
            f'<ol class="friend-seats">{"".join(rows)}</ol>'
            '<p class="error" id="friends-error" role="alert"></p>'
            '<p class="dialog-buttons"><button type="button" id="friends-cancel">Cancel</button> '
            '<button type="button" class="primary" id="friends-start">Start the game</button></p>')


def read_seating(kinds: list[str], names: list[str]) -> tuple[dict[int, str], dict[int, str], str]:
    """The seating chosen, by place: ({place: a person's name}, {place: a computer's
    level}, what is wrong ("" when nothing is)). Two people at least (one is a game
    against the computers: Play), names told apart."""
    people, levels = {}, {}
    levels_known = {key for key, _, _ in LEVELS}
    for k, kind in enumerate(kinds):
        if kind == PERSON:
            people[k] = clean_name(names[k] if k < len(names) else "") or default_name(k)
        else:
            levels[k] = kind if kind in levels_known else "normal"
    if len(people) < 2:
        return people, levels, "Choose two people or more (one person against the computers: Play)."
    folded = [n.casefold() for n in people.values()]
    twice = sorted({n for n in people.values() if folded.count(n.casefold()) > 1})
    if twice:
        return people, levels, f"Give each person a name of their own ({', '.join(twice)} is taken twice)."
    return people, levels, ""


def pass_html(name: str, facts: str, can_undo_by: str | None) -> str:
    """The table while the device goes to `name`: nobody's cards, whose turn it is,
    the public `facts` (the game, the hand), and a button they press once they hold
    it. `can_undo_by`: the person who may still take their move back (Undo)."""
    undo = (f'<p class="pass-undo">{esc(can_undo_by)}: changed your mind? Undo takes your move back '
            'before it is passed on.</p>') if can_undo_by else ""
    return (f'<div class="pass-screen" id="pass-screen" data-pass-to="{esc(name)}">'
            f'<h3 class="pass-title" id="pass-title">Pass the device to {esc(name)}</h3>'
            f'<p class="pass-facts">{esc(facts)}</p>'
            f'<p class="pass-note">Only {esc(name)} should look once it is passed: your cards are shown next.</p>'
            f'<button type="button" class="primary pass-take" data-take="1" aria-describedby="pass-title">'
            f'I am {esc(name)}: show my cards</button>{undo}</div>')
