"""The home page and the rules pages, as HTML from the engine's own descriptions.

Home: one card per game (a picture, its players, what makes it special, Play,
Resume; the picture and the sentence are the game's own, in games/), the house
rules behind a disclosure with a control per rules field (`Rules.describe()`:
labels, limits and data shapes all come from the engine), and the deal number
under "Advanced". Rules: the player's guide (rendered from
web/guide/ at build time) followed by the house rules at your table and their
values. Pure Python: tested natively, run in the page by home.py and views.py.
"""
from __future__ import annotations

import re

from pycore import get_game
from pycore.errors import ManyhandsError
from pycore.words import ordinal

from . import games  # noqa: F401  (every game's layout and intro registered)
from .layouts import layout_for
from .markup import esc


# The computer players' levels as they play today (solver/bots.py), one line each.
LEVELS = (
    ("easy", "Easy", "a beginner: follows the rules and plays by rule of thumb from its own "
                     "cards and the trick on the table; it does not count the cards played "
                     "or notice who is out of a suit"),
    ("normal", "Normal", "counts cards: knows which cards are gone and who has shown they lack a "
                         "suit, and tries its choices on deals that fit what it has seen "
                         "(60 played-out deals in all)"),
    ("hard", "Hard", "counts cards and plays out more than three times as many deals (200) "
                     "before each choice; in Lunar, and in Raven with two, three or four "
                     "players, it plays its cards by a search that weighs its own later moves "
                     "too (1,500 played-out deals), and in Lunar with two players it turns "
                     "the trump by it as well; in Raven with five or six players it plays out "
                     "1,500 deals before a bid, and in Tricksters before each draft, suit and "
                     "partner choice"),
)


# --- the rules fields as controls ------------------------------------------------------
def field_kind(field: dict) -> str:
    """How a rules field is edited: fixed (one possible value: shown, not edited),
    bool, choice, int, set (checkboxes), list (a row of numbers) or table."""
    choices = field.get("choices")
    if choices is not None and len(choices) == 1:
        return "fixed"
    if isinstance(field["default"], bool):
        return "bool"
    if choices:
        return "choice"
    if isinstance(field["default"], int):
        return "int"
    if field.get("options"):
        return "set"
    if field.get("columns"):
        return "table"
    if field.get("items"):
        return "list"
    raise ValueError(f"no control for rules field {field['name']!r}")


def players_text(field: dict | None) -> str:
    if field is None:
        return ""
    if field.get("choices"):
        counts = [str(c) for c in field["choices"]]
        return (" or ".join(counts) if len(counts) > 1 else counts[0]) + " players"
    return f"{field['minimum']} to {field['maximum']} players"


def player_counts(field: dict) -> list[int]:
    return list(field["choices"] or range(field["minimum"], field["maximum"] + 1))


def choice_text(value) -> str:
    return str(value).replace("_", " ").capitalize()


def value_text(field: dict, value, name=None) -> str:
    """A field's value in words, for the rules page."""
    kind = field_kind(field)
    if kind == "fixed":
        return field.get("help") or choice_text(value)
    if kind == "bool":
        return "On" if value else "Off"
    if kind == "set":
        return ", ".join((name or str)(v) for v in value) or "none"
    if kind == "list":
        shown = [f"{item}: {v}" for item, v in zip(field["items"], value) if v]
        return "; ".join(shown) + ("; any other count: 0" if len(shown) < len(value) else "")
    if kind == "table":
        return "the standard values" if value == field["default"] else "values of your own"
    return choice_text(value) if kind == "choice" and isinstance(value, str) else str(value)


def _fid(game: str, field: str, *index) -> str:
    return "-".join(["rule", game, field, *map(str, index)])


def _help(fid: str, field: dict) -> str:
    text = field.get("help") or ""
    return f'<p class="help" id="{fid}-help">{esc(text)}</p>' if text else ""


def field_html(game: str, field: dict, value, name=None) -> str:
    """One house rule: its label, its control holding `value`, its help and a place
    for its message. The wrapper says how to read it back (data-field, data-kind)."""
    key = field["name"]
    fid = _fid(game, key)
    kind = field_kind(field)
    label = esc(field["label"])
    described = f' aria-describedby="{fid}-help {fid}-error"' if field.get("help") else f' aria-describedby="{fid}-error"'
    if kind == "bool":
        control = (f'<input type="checkbox" id="{fid}"{" checked" if value else ""}{described}> '
                   f'<label for="{fid}">{label}</label>')
    elif kind == "choice":
        options = "".join(f'<option value="{esc(c)}"{" selected" if c == value else ""}>{esc(choice_text(c))}</option>'
                          for c in field["choices"])
        control = f'<label for="{fid}">{label}</label> <select id="{fid}"{described}>{options}</select>'
    elif kind == "int":
        limits = "".join(f' {attr}="{field[key_]}"' for attr, key_ in (("min", "minimum"), ("max", "maximum"))
                         if field.get(key_) is not None)
        control = (f'<label for="{fid}">{label}</label> <input type="number" id="{fid}" inputmode="numeric" '
                   f'step="1" value="{esc(value)}"{limits}{described}>')
    elif kind == "set":
        boxes = "".join(
            f'<label class="check"><input type="checkbox" id="{_fid(game, key, i)}" value="{esc(option)}"'
            f'{" checked" if option in value else ""}> {esc((name or str)(option))}</label>'
            for i, option in enumerate(field["options"]))
        control = f'<fieldset{described}><legend>{label}</legend><div class="checks">{boxes}</div></fieldset>'
    elif kind == "list":
        cells = "".join(
            f'<label class="cell"><span>{esc(item)}</span><input type="number" id="{_fid(game, key, i)}" min="0" '
            f'step="1" inputmode="numeric" value="{esc(v)}"></label>'
            for i, (item, v) in enumerate(zip(field["items"], value)))
        control = (f'<fieldset{described}><legend>{label}</legend><div class="cells">{cells}</div>'
                   f'<button type="button" class="reset" data-reset="{esc(key)}">Standard values</button></fieldset>')
    elif kind == "table":
        head = "".join(f'<th scope="col">{esc(c)}</th>' for c in field["columns"])
        rows = "".join(
            # the row's name for screen readers (its inputs say it too); in sight, its number:
            # the row's values are what the item is (a card drawn by its values, say)
            f'<tr><th scope="row"><span aria-hidden="true">{i + 1}</span>'
            f'<span class="visually-hidden">{esc((name or str)(item))}</span></th>' + "".join(
                f'<td><input type="number" id="{_fid(game, key, i, j)}" min="0" step="1" inputmode="numeric" '
                f'value="{esc(v)}" aria-label="{esc((name or str)(item))}, {esc(column)}"></td>'
                for j, (column, v) in enumerate(zip(field["columns"], row))) + "</tr>"
            for i, (item, row) in enumerate(zip(field["items"], value)))
        control = (f'<fieldset{described}><legend>{label}</legend><div class="grid-wrap"><table class="grid">'
                   f'<thead><tr><td></td>{head}</tr></thead><tbody>{rows}</tbody></table></div>'
                   f'<button type="button" class="reset" data-reset="{esc(key)}">Standard values</button></fieldset>')
    else:
        raise ValueError(f"{key!r} is fixed: it has no control")
    return (f'<div class="rule-field kind-{kind}" data-field="{esc(key)}" data-kind="{kind}">{control}'
            f'{_help(fid, field)}<p class="field-error" id="{fid}-error" role="alert"></p></div>')


def house_rules_html(game: str, fields: list[dict], values: dict, name=None) -> str:
    """Every field but the player count: a control each, then the rulings that have
    one possible value at this table, in words."""
    controls, fixed = [], []
    for field in fields:
        if field["name"] == "players":
            continue
        if field_kind(field) == "fixed":
            fixed.append(f'<li><b>{esc(field["label"])}:</b> {esc(field.get("help") or field["doc"])}</li>')
        else:
            controls.append(field_html(game, field, values.get(field["name"], field["default"]), name))
    out = "".join(controls)
    if fixed:
        out += f'<div class="fixed-rules"><p>Also at this table:</p><ul>{"".join(fixed)}</ul></div>'
    return out


def players_html(game: str, field: dict | None, value) -> str:
    """The player count on the game's card (a rules field, edited there, not in the
    house rules), or the fixed count in words."""
    if field is None:
        return ""
    counts = player_counts(field)
    fid = _fid(game, "players")
    if len(counts) == 1:
        return ""
    options = "".join(f'<option value="{n}"{" selected" if n == value else ""}>{n} players</option>' for n in counts)
    return (f'<div class="rule-field kind-choice players-field" data-field="players" data-kind="choice">'
            f'<label for="{fid}" class="visually-hidden">Players</label>'
            f'<select id="{fid}" aria-describedby="{fid}-error">{options}</select>'
            f'<p class="field-error" id="{fid}-error" role="alert"></p></div>')


def game_card_html(game: dict, values: dict, advanced: dict, in_progress: bool, name=None, learn: str = "") -> str:
    """A game on the home page. `values`: its house rules; `advanced`: seat, theme;
    `learn`: its links to a guided first hand (lesson.py)."""
    key = game["name"]
    title = esc(game["title"])
    fields = game["fields"]
    players = next((f for f in fields if f["name"] == "players"), None)
    intro = layout_for(key)         # its pitch and picture (games/)
    count = values.get("players", players["default"] if players else None)
    seats = seat_options_html(key, count or 1, advanced.get("seat"))
    themes = "".join(f'<option value="{t}"{" selected" if t == advanced.get("theme") else ""}>{esc(choice_text(t))}</option>'
                     for t in game["themes"])
    theme_field = (f'<div class="field"><label for="theme-{key}">Card names</label> '
                   f'<select id="theme-{key}">{themes}</select></div>') if len(game["themes"]) > 1 else ""
    play = "New game" if in_progress else "Play"
    resume = (f'<button type="button" class="primary" id="resume-{key}" data-resume="{key}">Resume</button>'
              if in_progress else "")
    return f'''<li class="game-card" id="game-{key}" data-game="{key}">
<div class="game-art">{intro.picture}</div>
<div class="game-head"><h3 id="title-{key}">{title}</h3><p class="players-range">{esc(players_text(players))}</p></div>
<p class="pitch">{esc(intro.pitch)}</p>
<div class="game-actions">{players_html(key, players, count)}{resume}<button type="button" class="{"" if in_progress else "primary "}play" id="play-{key}" data-play="{key}" aria-describedby="title-{key}">{play}</button>{learn}
<button type="button" class="friends" id="friends-{key}" data-friends="{key}" aria-describedby="title-{key}">With friends</button>
<a class="how" href="#rules/{key}">How to play</a></div>
<p class="error play-error" id="error-{key}" role="alert"></p>
<details class="house-rules" id="house-{key}"><summary>House rules</summary>
<div class="house-body">{house_rules_html(key, fields, values, name)}</div></details>
<details class="advanced" id="advanced-{key}"><summary>Advanced</summary>
<div class="field"><label for="seed-{key}">Replay a deal by its number</label>
<input type="number" id="seed-{key}" min="0" step="1" inputmode="numeric" placeholder="a new deal" aria-describedby="seed-{key}-help">
<p class="help" id="seed-{key}-help">Every game shows its deal number; enter it here to play the same cards again.</p></div>
<div class="field"><label for="seat-{key}">Your seat</label> <select id="seat-{key}" aria-describedby="seat-{key}-help">{seats}</select>
<p class="help" id="seat-{key}-help">Your place in the first {esc(get_game(key).words.hand_word)}; the deal moves to the left after each. The same deal number and place give you the same cards.</p></div>
{theme_field}</details>
</li>'''


# --- your seat ----------------------------------------------------------------------------
DRAWN = "Drawn with the deal"


def place_names(first: str, players: int) -> list[str]:
    """The places at the table clockwise from `first` (the first hand's dealer, Lunar's
    start player), named as the table names places from the dealer: "Dealer",
    "Dealer's left", "Across from the dealer", "Dealer's right"; with more than four
    players, "2nd to the dealer's left" and so on.

    >>> place_names("dealer", 4)
    ['Dealer', "Dealer's left", 'Across from the dealer', "Dealer's right"]
    >>> place_names("start player", 2), place_names("dealer", 5)[2]
    (['Start player', "Start player's opponent"], "2nd to the dealer's left")
    """
    head = first.capitalize()
    names = [head]
    for k in range(1, players):
        if players == 2:
            names.append(f"{head}'s opponent")
        elif k == 1:
            names.append(f"{head}'s left")
        elif k == players - 1:
            names.append(f"{head}'s right")
        elif players == 4:
            names.append(f"Across from the {first}")
        else:
            names.append(f"{ordinal(k)} to the {first}'s left")
    return names


def seat_options_html(game: str, players: int, chosen=None) -> str:
    """The "Your seat" choices: a place drawn with the deal (the engine's seat 0,
    whose place the deal number draws), or a place counted from the first hand's
    dealer (values `p0`, `p1`, ...: see `seat_at`)."""
    names = place_names(get_game(game).words.first_player, players)
    options = [("", DRAWN)] + [(f"p{k}", name) for k, name in enumerate(names)]
    return "".join(f'<option value="{value}"{" selected" if value == chosen else ""}>{esc(name)}</option>'
                   for value, name in options)


def seat_at(game: str, rules: dict, seed: int, place: str) -> int:
    """The engine's seat for a "Your seat" choice in a new game of these rules and
    deal number: `p<k>`, the k-th place left of the first dealer; anything else, seat 0."""
    if not re.fullmatch(r"p\d{1,2}", place or ""):
        return 0
    engine = get_game(game)
    chosen = engine.Rules.from_dict(rules)
    players = engine.players(chosen)
    return (engine.first_dealer(chosen, seed) + int(place[1:])) % players


def level_options_html(level: str) -> str:
    return "".join(f'<option value="{key}"{" selected" if key == level else ""}>{esc(label)}</option>'
                   for key, label, _ in LEVELS)


def level_help(level: str) -> str:
    return next((f"{label}: {what}." for key, label, what in LEVELS if key == level), "")


# --- reading the house rules back -----------------------------------------------------------
class FieldError(ValueError):
    """What is wrong with one field's value, in words for the player."""


def _whole(text) -> int:
    text = str(text).strip()
    if not re.fullmatch(r"-?\d+", text):
        raise FieldError("Enter a whole number." if not text else f"{text!r} is not a whole number.")
    return int(text)


def field_value(field: dict, raw):
    """The rules value of a control's raw reading (see home.py's read_card): text for
    numbers and choices, a bool, a list of checked options, lists of texts."""
    kind = field_kind(field)
    if kind in ("bool", "set", "fixed"):
        return raw
    if kind == "choice":
        return _whole(raw) if isinstance(field["default"], int) else str(raw)
    if kind == "int":
        return _whole(raw)
    try:
        if kind == "list":
            return [_whole(v) for v in raw]
        return [[_whole(v) for v in row] for row in raw]
    except FieldError:
        raise FieldError("Enter a whole number in every box.") from None


def engine_message(error: Exception) -> str:
    """An engine RulesError in words for the place next to its field (the field is
    named by its label there, so the message drops the field's name)."""
    text = re.sub(r"^rules(?: for \w+)?:\s*", "", str(error))
    text = re.sub(r"^rules field '[^']+'(?::\s*|\s+)", "", text)
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def read_house_rules(game: str, fields: list[dict], raw: dict) -> tuple[dict, dict[str, str]]:
    """The rules for `raw` readings of the controls: (values, {field: message}).
    Every field is checked by the engine on its own (its message goes next to it);
    the whole set is checked by Session.new when the game starts."""
    rules_class = get_game(game).Rules
    values, errors = {}, {}
    for field in fields:
        key = field["name"]
        if key not in raw:
            continue
        try:
            value = field_value(field, raw[key])
            rules_class.from_dict({key: value})
        except FieldError as exc:
            errors[key] = str(exc)
            continue
        except ManyhandsError as exc:
            errors[key] = engine_message(exc)
            continue
        values[key] = value
    return values, errors


# --- the rules page ---------------------------------------------------------------------------
def house_rules_table(fields: list[dict], values: dict, where: str, name=None) -> str:
    """The house rules at your table: each with its value there, the standard one and
    what it does in words; then, in a footnote for the curious, the numbered rulings
    of the complete rules each one settles."""
    rows = []
    for field in fields:
        value = values.get(field["name"], field["default"])
        changed = value != field["default"]
        standard = (f'<br><span class="standard">Standard: {esc(value_text(field, field["default"], name))}</span>'
                    if changed else "")
        rows.append(f'<tr data-field="{esc(field["name"])}"{" class=changed" if changed else ""}>'
                    f'<th scope="row">{esc(field["label"])}</th>'
                    f'<td class="value">{esc(value_text(field, value, name))}{standard}</td>'
                    f'<td>{esc(field["doc"])}</td></tr>')
    return (f'<section class="house-table" aria-labelledby="house-rules-title"><h2 id="house-rules-title">House rules</h2>'
            f'<p>{esc(where)}</p><div class="table-wrap"><table class="rules-fields"><thead><tr><th scope="col">Rule</th>'
            f'<th scope="col">At your table</th><th scope="col">What it means</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>{rulings_note(fields)}</section>')


def rulings_note(fields: list[dict]) -> str:
    """Which house rules settle which numbered ruling of the complete rules (the
    cases the original rulebook left open), as a footnote."""
    by_ruling: dict[str, list[str]] = {}
    for field in fields:
        if field.get("ruling") not in (None, "gap"):
            by_ruling.setdefault(field["ruling"], []).append(field["label"])
    if not by_ruling:
        return ""
    said = "; ".join(f"{ruling}: {', '.join(labels)}" for ruling, labels in
                     sorted(by_ruling.items(), key=lambda item: (item[0][0], int(item[0][1:]))))
    return (f'<p class="note rulings-note">Where the original rulebook leaves a case open, the complete '
            f'rules settle it in a numbered ruling: {esc(said)}.</p>')


def rules_nav_html(games: dict, current: str) -> str:
    return "".join(f'<a href="#rules/{n}"{" aria-current=page" if n == current else ""}>{esc(g["title"])}</a>'
                   for n, g in games.items())
