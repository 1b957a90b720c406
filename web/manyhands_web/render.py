"""The table as HTML: a pure function of one seat's observation.

Nothing here knows a game's rules. What is drawn comes from
`GameState.observation(seat)`; what is clickable comes from its `legal` tokens.
The seats sit around the table (you at the bottom) with the trick in the middle;
each game's own regions come from `layouts.py`, from the same observation.
Legal tokens are grouped only by their shape:

- a token that is a card of your hand: click the card;
- a card of your hand followed by words (`Dwarf Ax`): click the card, then a choice;
- a verb followed by cards of your hand (`bid Sh3 Sw9 Wa1`, `give R2 R7 Owl Bat`):
  buttons when there are few, else pick the cards and confirm (the confirm button
  carries the legal token the selection spells, and is disabled when it spells none);
- anything else (`deal poke`, `fold`, `partner 3`, `take T7`, `sky:R5`): a button.

Every clickable element carries `data-action="<token>"`; UI-only controls carry
`data-ui`. Runs natively (tests) and in Pyodide.
"""
from __future__ import annotations

import html
import json
import re
from collections import Counter
from typing import Callable

from . import layouts

# Observation fields drawn in their own place (the rest go to the generic panels).
_PLACED = {"game", "rules", "seat", "players", "to_act", "terminal", "legal", "history",
           "hands", "totals", "winners", "hand", "phase", "past_bids"}
MANY_CHOICES = 8   # more verb+cards tokens than this: pick cards, then confirm
HINT_SHOWN = 10    # hint choices listed before "All n choices"


def esc(value) -> str:
    return html.escape(str(value), quote=True)


def humanize(key: str) -> str:
    return key.replace("_", " ").capitalize()


def seat_name(seat: int, me: int) -> str:
    return "You" if seat == me else f"Seat {seat}"


class Namer:
    """Card display names (a game module's `display_name(token, theme)` if it has one)."""

    def __init__(self, display_name: Callable[[str, str], str] | None = None, theme: str = "",
                 value_suits: tuple | None = None, cards=(), module=None):
        self.display_name = display_name
        self.module = module                # the game module (layouts read its constants)
        self.marks: frozenset = frozenset()  # cards drawn with a star (Lunar's star cards)
        self.cards = frozenset(cards)       # the deck's card tokens (drawn as cards)
        self.theme = theme
        # Cards with a value per suit (Tricksters' critters): the observation's
        # "values" {token: [value per suit]}, in the order of the game module's SUITS.
        self.value_suits = value_suits
        self.values: dict = {}
        self.oriented: str | None = None

    def is_card(self, value) -> bool:
        return isinstance(value, str) and (value in self.cards or not self.cards)

    def observe(self, obs: dict) -> "Namer":
        values = obs.get("values")
        self.values = values if isinstance(values, dict) and self.value_suits else {}
        led = obs.get("led_suit")
        if led is None and obs.get("phase") == "play" and obs.get("to_act") == obs.get("seat"):
            # you lead: the edge of your own suit faces the centre (Tricksters)
            suits = obs.get("suits") or []
            led = suits[obs["seat"]] if obs["seat"] < len(suits) else None
        self.oriented = led if self.values and led in (self.value_suits or ()) else None
        stars = obs.get("star_cards")
        self.marks = frozenset(stars) if isinstance(stars, list) else frozenset()
        return self

    def is_special(self, token: str) -> bool:
        """A suitless named card of a suited deck (Raven's specialists, Voren's Wolf and
        Treachery): a card with no number whose display name is not "<rank> of <suit>"."""
        return (self.display_name is not None and token in self.cards
                and not re.search(r"\d", token) and " of " not in self(token))

    def short(self, suit: str) -> str:
        """The shortest prefix (2 letters or more) telling this suit from the others
        (Tricksters' Ravens and Rats: "Rav", "Rat")."""
        others = [s for s in self.value_suits or () if s != suit]
        for size in range(2, len(suit) + 1):
            if not any(o.startswith(suit[:size]) for o in others):
                return suit[:size]
        return suit

    def values_of(self, token: str) -> tuple[str, str] | None:
        """(short markup text, spoken text) of a card's suit values, the led suit's first."""
        values = self.values.get(token)
        if not values or len(values) != len(self.value_suits):
            return None
        pairs = list(zip(self.value_suits, values))
        if self.oriented:
            value = dict(pairs)[self.oriented]
            return f"{self.short(self.oriented)} {value}", f"{self.oriented} {value}"
        return (" ".join(f"{self.short(suit)}{value}" for suit, value in pairs),
                ", ".join(f"{suit} {value}" for suit, value in pairs))

    def __call__(self, token: str) -> str:
        if self.display_name is not None:
            try:
                try:
                    shown = self.display_name(token, self.theme)
                except TypeError:   # a game without themes: display_name(token)
                    shown = self.display_name(token)
            except Exception:       # not a card of this game: show the token
                return token
            # a bare suit code ("Sh" for a trump or a named suit) comes back as " of Shields"
            return shown[4:] if shown.startswith(" of ") else shown
        return token


def card_html(token: str, name: Namer, *, action: str | None = None, enabled: bool = False,
              classes: str = "", attrs: str = "", label: str | None = None) -> str:
    """A card: a focusable button when it is a choice, else a static box."""
    suit = re.match(r"[A-Za-z]+", token.split(":")[-1])
    suit_class = f"suit-{suit.group(0).lower()}" if suit else "suit-none"
    shown = name(token)
    text = label or shown
    inner = f'<span class="card-face">{esc(text)}</span>'
    if isinstance(name, Namer) and token in name.marks:
        inner += '<span class="star" aria-hidden="true">★</span>'
        shown = f"{shown}, star card"
    if isinstance(name, Namer) and name.is_special(token):
        classes += " specialist"
    elif " of " in shown:       # "3 of Hearts": a class per suit name, for colour
        classes += " of-" + re.sub(r"[^a-z]", "", shown.rpartition(" of ")[2].lower())
    values = name.values_of(token) if isinstance(name, Namer) else None
    if values:
        cls = "card-values oriented" if name.oriented else "card-values"
        inner += f'<span class="{cls}">{esc(values[0])}</span>'
        shown = f"{shown} ({values[1]})"
    if action is not None or attrs:
        state = "" if enabled else " disabled"
        act = f' data-action="{esc(action)}"' if action is not None and enabled else ""
        return (f'<button type="button" class="card {suit_class} {classes}{" legal" if enabled else ""}"'
                f'{act}{attrs} aria-label="{esc(shown)}"{state}>{inner}</button>')
    return f'<span class="card {suit_class} {classes}" role="img" aria-label="{esc(shown)}">{inner}</span>'


def classify(legal: list[str], hand: list[str]) -> dict:
    """Legal tokens grouped by shape (see the module doc)."""
    in_hand = Counter(hand)
    plays, subs, verbs, buttons = set(), {}, {}, []
    for token in legal:
        words = token.split(" ")
        if len(words) == 1 and token in in_hand:
            plays.add(token)
        elif len(words) > 1 and words[0] in in_hand:
            subs.setdefault(words[0], []).append(token)
        elif len(words) > 1 and not (Counter(words[1:]) - in_hand):
            verbs.setdefault(words[0], []).append(token)
        else:
            buttons.append(token)
    return {"plays": plays, "subs": subs, "verbs": verbs, "buttons": buttons}


def spelled(verb_tokens: list[str], chosen: list[str]) -> str | None:
    """The legal token whose cards are exactly `chosen` (any order), if any."""
    want = Counter(chosen)
    for token in verb_tokens:
        if Counter(token.split(" ")[1:]) == want:
            return token
    return None


def _value_html(value, name: Namer) -> str:
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str) and name.cards and value in name.cards:
        return card_html(value, name, classes="small")
    if isinstance(value, list):
        if value and all(name.is_card(v) for v in value):
            return '<span class="cards small">' + "".join(card_html(v, name, classes="small") for v in value) + "</span>"
        return ", ".join(_value_html(v, name) for v in value) or "none"
    if isinstance(value, dict):
        parts = []
        for key, item in value.items():
            if item is None or item is False:
                continue
            parts.append(f'<span class="kv">{esc(humanize(key))}: {_value_html(item, name)}</span>'
                         if not isinstance(item, bool) else f'<span class="kv">{esc(humanize(key))}</span>')
        return " ".join(parts) or "–"
    return esc(value)


def _per_seat_fields(obs: dict, name: "Namer") -> list[str]:
    n = obs["players"]
    return [k for k, v in obs.items()
            if k not in _PLACED and isinstance(v, list) and len(v) == n and n > 1
            and not all(name.is_card(x) for x in v)]


def trick_html(trick: dict, obs: dict, name: Namer, title: str, tid: str) -> str:
    me = obs["seat"]
    plays = "".join(
        f'<li class="play"><span class="who">{esc(seat_name(seat, me))}</span>'
        f'{card_html(card, name)}</li>' for seat, card in trick["cards"])
    winner = trick.get("winner")
    won = (f'<p class="trick-winner">{esc(seat_name(winner, me))} won the trick.</p>'
           if winner is not None else "")
    return (f'<section class="trick" id="{tid}" aria-label="{esc(title)}"><h3>{esc(title)}</h3>'
            f'<ol class="plays">{plays or "<li class=empty>No card yet</li>"}</ol>{won}</section>')


def seat_box(obs: dict, seat: int, name: Namer, layout, ui: dict, totals: list) -> str:
    """One seat's place at the table: who, badges (dealer, suit, choice...), public facts."""
    me = obs["seat"]
    acting = obs.get("to_act") == seat and not obs.get("terminal")
    who = seat_name(seat, me)
    level = ui.get("computer", {}).get(seat)
    cls = "seatbox" + (" me" if seat == me else "") + (" acting" if acting else "") + layout.seat_classes(obs, seat)
    badges = layout.seat_badges(obs, seat, name)
    if acting:
        badges.insert(0, '<span class="badge to-act">to act</span>')
    total = totals[seat] if seat < len(totals) else ""
    return (f'<section class="{cls}" data-seat="{seat}" aria-label="{esc(who)}{", to act" if acting else ""}">'
            f'<h3 class="seat-name">{esc(who)}'
            + (f' <span class="level">computer, {esc(level)}</span>' if level else "")
            + (f' <span class="total" title="Total"><span class="visually-hidden">total </span>{esc(total)}</span>'
               if layout.total_in_header else "") + "</h3>"
            + (f'<p class="badges">{"".join(badges)}</p>' if badges else "")
            + layout.seat_body(obs, seat, name) + "</section>")


def _trick_cell(places: dict, seat: int) -> str:
    """The grid cell of a seat's cards in the middle: the same side as its seat box."""
    count = Counter(side for side, _ in places.values())
    top, left, right = max(count["top"], 1), count["left"], count["right"]
    rows = max(left, right, 1)
    side, index = places[seat]
    if side == "top":
        row, col, span = 1, 2 + index, 1
    elif side == "left":
        row, col, span = 2 + index + (rows - left) // 2, 1, 1
    elif side == "right":
        row, col, span = 2 + index + (rows - right) // 2, top + 2, 1
    else:
        row, col, span = rows + 2, 2, top
    return f"grid-area: {row} / {col} / span 1 / span {span}"


def ring_trick_html(trick: dict, obs: dict, name: Namer, layout, places: dict, previous: bool = False) -> str:
    """A trick in the middle: each card on its player's side, in play order for screen
    readers; an empty place for each seat still to play. `previous`: the last trick,
    shown until the next one's first card."""
    me = obs["seat"]
    notes = [""] * len(trick["cards"]) if previous else layout.play_notes(obs, trick)
    by_seat: dict[int, list[str]] = {}
    order: list[int] = []
    for index, (seat, card) in enumerate(trick["cards"]):
        if seat not in by_seat:
            by_seat[seat] = []
            order.append(seat)
        note = notes[index] if index < len(notes) else ""
        tag = f'<span class="play-note">{esc(note)}</span>' if note else ""
        by_seat[seat].append(f'<span class="played"><span class="play-n" aria-hidden="true">{index + 1}</span>'
                             f'{card_html(card, name)}{tag}</span>')
    count = Counter(side for side, _ in places.values())
    columns = max(count["top"], 1) + 2
    items = []
    winner = trick.get("winner")
    for seat in order:
        side, _ = places[seat]
        cls = " acting" if obs.get("to_act") == seat and not previous else ""
        cls += " won" if previous and seat == winner else ""
        items.append(f'<li class="play at-{side}{cls}" data-seat="{seat}" style="{_trick_cell(places, seat)}">'
                     f'<span class="who">{esc(seat_name(seat, me))}</span>{"".join(by_seat[seat])}</li>')
    if not previous:
        for seat in layout.plays_in_trick(obs):
            if seat not in by_seat and seat in places:
                side, _ = places[seat]
                items.append(f'<li class="play pending at-{side}{" acting" if obs.get("to_act") == seat else ""}" '
                             f'data-seat="{seat}" aria-hidden="true" style="{_trick_cell(places, seat)}">'
                             f'<span class="who">{esc(seat_name(seat, me))}</span><span class="card slot"></span></li>')
    leader = trick.get("leader")
    led_by = f" led by {seat_name(leader, me)}" if leader is not None else ""
    grid = f'style="grid-template-columns: repeat({columns}, minmax(0, 1fr))"'
    if previous:
        title = f"Last trick{led_by}, won by {seat_name(winner, me)}"
        return (f'<section class="trick ring-trick previous" id="previous-trick" aria-label="{esc(title)}">'
                f'<h3 class="trick-title">{esc(title)}</h3><ol class="plays" {grid}>{"".join(items)}</ol></section>')
    return (f'<section class="trick ring-trick" id="current-trick" aria-label="Current trick{esc(led_by)}">'
            f'<h3 class="visually-hidden">Current trick{esc(led_by)}</h3>'
            f'<ol class="plays" {grid}>{"".join(items)}</ol>{layout.trick_footer(obs, trick, name)}</section>')


def details_html(obs: dict, name: Namer, ui: dict, layout, groups: dict) -> str:
    """Every public field in full (the per-seat table and the rest), folded away:
    what the layout draws around the table, as a plain table for reading."""
    me, n = obs["seat"], obs["players"]
    fields = _per_seat_fields(obs, name)
    head = "".join(f"<th scope=col>{esc(humanize(k))}</th>" for k in fields)
    rows = []
    totals = obs.get("totals") or [0] * n
    for seat in range(n):
        cls = "seat" + (" me" if seat == me else "") + (" acting" if obs.get("to_act") == seat else "")
        who = seat_name(seat, me)
        if seat in ui.get("computer", {}):
            who += f" (computer, {ui['computer'][seat]})"
        cells = "".join(f"<td>{_value_html(obs[k][seat], name)}</td>" for k in fields)
        rows.append(f'<tr class="{cls}" data-seat="{seat}"><th scope=row>{esc(who)}'
                    f'{" ▶" if obs.get("to_act") == seat else ""}</th><td>{esc(totals[seat])}</td>{cells}</tr>')
    table = (f'<table class="seats" id="seats"><caption>Players</caption><thead><tr><th scope=col>Seat</th>'
             f'<th scope=col>Total</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')
    extra = []
    for key, value in obs.items():
        if key in _PLACED or key in fields or key in layout.placed or key in ("hand_number", "hands_in_game", "trump"):
            continue
        playable = {t.partition(":")[2] for t in groups["buttons"] if t.startswith(f"{key}:")}
        if playable and isinstance(value, list):    # a place whose legal cards are clickable here too
            value_html = '<span class="cards small">' + "".join(
                card_html(c, name, action=f"{key}:{c}", enabled=c in playable, classes="small")
                if c in playable else card_html(c, name, classes="small") for c in value) + "</span>"
        else:
            value_html = _value_html(value, name)
        extra.append(f"<dt>{esc(humanize(key))}</dt><dd>{value_html}</dd>")
    public = f'<dl class="public" id="public">{"".join(extra)}</dl>' if extra else ""
    shown = bool(ui.get("show_details"))
    label = "Hide table details" if shown else "Table details"
    return (f'<div class="table-details"><button type="button" data-ui="details" '
            f'aria-expanded="{str(shown).lower()}" aria-controls="details-body">{label}</button>'
            + (f'<div id="details-body">{table}{public}</div>' if shown else "") + "</div>")


def current_tricks(obs: dict) -> tuple[dict | None, dict | None]:
    """(the trick in progress or None, the last completed trick of this hand or None)."""
    hands = obs.get("hands") or []
    if not hands or hands[-1].get("points") is not None:
        return None, None
    tricks = hands[-1]["tricks"]
    current = tricks[-1] if tricks and tricks[-1].get("winner") is None else None
    done = [t for t in tricks if t.get("winner") is not None]
    return current, (done[-1] if done else None)


def prompt_text(obs: dict, groups: dict) -> str:
    phase = obs.get("phase")
    what = []
    if groups["plays"] or groups["subs"]:
        what.append("play a card")
    for verb in groups["verbs"]:
        what.append(verb)
    if groups["buttons"]:
        what.append("choose")
    doing = " or ".join(what) or "act"
    return f"Your turn{f' ({phase})' if phase else ''}: {doing}."


def table_html(obs: dict, name: Namer, ui: dict) -> str:
    """The whole table for one seat.

    `ui`: {"selected": [hand indices], "sub": card token or None, "show_last": bool,
    "computer": {seat: level label}}.
    """
    me = obs["seat"]
    n = obs["players"]
    hand = list(obs.get("hand") or [])
    my_turn = obs.get("to_act") == me and not obs.get("terminal")
    legal = list(obs.get("legal") or []) if my_turn else []
    groups = classify(legal, hand)
    name.observe(obs)
    out = []

    # --- status line --------------------------------------------------------------
    bits = []
    if obs.get("hand_number") is not None:
        total = obs.get("hands_in_game")
        bits.append(f"Hand {obs['hand_number']}" + (f" of {total}" if total else ""))
    if obs.get("phase"):
        bits.append(f"Phase: {obs['phase']}")
    if "trump" in obs:
        bits.append(f"Trump: {esc(layouts.layout_for(obs.get('game', '')).trump_name(obs, name))}")
    if obs.get("terminal"):
        bits.append("Game over")
    elif obs.get("to_act") is not None:
        bits.append("Your turn" if my_turn else f"{seat_name(obs['to_act'], me)} to act")
    out.append(f'<p class="status" id="status">{" · ".join(esc(b) if "<" not in b else b for b in bits)}</p>')

    # --- the table: seats around, the middle, the current trick ------------------------------
    layout = layouts.layout_for(obs.get("game", ""))
    legal_set = set(legal)
    places = layouts.sides(n, me)
    totals = obs.get("totals") or [0] * n
    boxes: dict[str, list[tuple[int, str]]] = {"top": [], "left": [], "right": [], "bottom": []}
    for seat in range(n):
        side, index = places[seat]
        boxes[side].append((index, seat_box(obs, seat, name, layout, ui, totals)))
    current, last = current_tricks(obs)
    middle = layout.middle(obs, name, legal_set)
    if current is not None and not current["cards"] and last is not None:
        middle += ring_trick_html(last, obs, name, layout, places, previous=True)
    elif current is not None:
        middle += ring_trick_html(current, obs, name, layout, places)
    ring = []
    for side in ("top", "left", "right", "bottom"):
        ring.append(f'<div class="side side-{side}">'
                    + "".join(html_ for _, html_ in sorted(boxes[side])) + "</div>")
    ring.insert(3, f'<div class="middle" id="middle">{middle}</div>')
    out.append(f'<div class="ring ring-{n}" id="ring">{"".join(ring)}</div>')
    out.append(layout.below(obs, name, legal_set))

    if last is not None:
        label = "Hide last trick" if ui.get("show_last") else "Show last trick"
        out.append('<div class="tricks">')
        out.append(f'<button type="button" data-ui="last-trick" aria-expanded="{str(bool(ui.get("show_last"))).lower()}">{label}</button>')
        if ui.get("show_last"):
            out.append(trick_html(last, obs, name, "Last trick", "last-trick"))
        out.append("</div>")
    # --- your hand and the prompt ------------------------------------------------------------
    selecting = {verb: toks for verb, toks in groups["verbs"].items() if len(toks) > MANY_CHOICES}
    selected = [i for i in ui.get("selected", []) if 0 <= i < len(hand)]
    cards = []
    for index, token in enumerate(hand):
        if selecting:
            on = index in selected
            cards.append(card_html(token, name, enabled=True, classes="selectable" + (" selected" if on else ""),
                                   attrs=f' data-toggle="{index}" data-card="{esc(token)}" aria-pressed="{str(on).lower()}"'))
        elif token in groups["plays"]:
            cards.append(card_html(token, name, action=token, enabled=True))
        elif token in groups["subs"]:
            cards.append(card_html(token, name, enabled=True, attrs=f' data-sub="{esc(token)}"'))
        else:
            cards.append(card_html(token, name, action="", enabled=False))
    out.append(f'<section class="hand" aria-label="Your hand"><h3>Your hand ({len(hand)})</h3>'
               f'<div class="cards" id="hand">{"".join(cards) or "<p>No cards.</p>"}</div></section>')

    prompt = []
    if my_turn:
        prompt.append(f'<p id="prompt-text">{esc(prompt_text(obs, groups))}</p>')
        sub = ui.get("sub")
        if sub in groups["subs"]:
            prompt.append(f'<p>{esc(name(sub))}: choose</p><div class="choices">' + "".join(
                f'<button type="button" class="choice legal" data-action="{esc(t)}">'
                f'{esc(" ".join(name(w) if i == 0 else w for i, w in enumerate(t.split(" "))))}</button>'
                for t in groups["subs"][sub]) + "</div>")
        for verb, toks in groups["verbs"].items():
            if verb in selecting:
                chosen = [hand[i] for i in selected]
                token = spelled(toks, chosen)
                size = len(toks[0].split(" ")) - 1
                attrs = f'data-action="{esc(token)}"' if token else "disabled"
                prompt.append(f'<p>Pick {size} cards of your hand to {esc(verb)} '
                              f'({len(chosen)} picked).</p>'
                              f'<button type="button" class="confirm{" legal" if token else ""}" id="confirm" {attrs}>'
                              f'{esc(verb.capitalize())} {esc(", ".join(name(c) for c in chosen))}</button>')
            else:
                prompt.append('<div class="choices">' + "".join(
                    f'<button type="button" class="choice legal" data-action="{esc(t)}">{esc(_label(t, name))}</button>'
                    for t in toks) + "</div>")
        if groups["buttons"]:
            prompt.append('<div class="choices">' + "".join(
                f'<button type="button" class="choice legal" data-action="{esc(t)}">'
                f'{esc(layout.label(t, obs) or _label(t, name))}</button>'
                for t in groups["buttons"]) + "</div>")
    elif not obs.get("terminal"):
        prompt.append(f'<p id="prompt-text">Waiting for {esc(seat_name(obs["to_act"], me))}…</p>')
    # data-legal: the legal tokens, for scripts and tests driving the page
    out.append(f'<section class="prompt" id="prompt" aria-label="Your decision" data-legal="{esc(json.dumps(legal))}">'
               f'{"".join(prompt)}</section>')

    # --- everything else public, in full: the seats table and the other fields ----------------
    out.append(details_html(obs, name, ui, layout, groups))

    # --- summaries and the result ------------------------------------------------------------
    out.append(summary_html(obs))
    game = re.sub(r"[^a-z0-9-]", "", str(obs.get("game", "")).lower())
    return f'<div class="gametable game-{game}">' + "".join(out) + "</div>"


def _label(token: str, name: Namer) -> str:
    words = token.split(" ")
    out = []
    for word in words:
        prefix, colon, rest = word.partition(":")
        if colon:
            out.append(f"{prefix} {name(rest)}")
        else:
            shown = name(word)
            out.append(shown)
    return " ".join(out)


def choice_name(token: str, name: Namer, obs: dict) -> str:
    """A legal choice named as the table's own buttons name it."""
    layout = layouts.layout_for(obs.get("game", ""))
    return layout.label(token, obs) or _label(token, name)


def summary_html(obs: dict) -> str:
    me = obs["seat"]
    n = obs["players"]
    hands = [h for h in obs.get("hands") or [] if h.get("points") is not None]
    rows = "".join(
        f"<tr><th scope=row>{i + 1}</th>" + "".join(f"<td>{esc(p)}</td>" for p in h["points"]) + "</tr>"
        for i, h in enumerate(hands))
    head = "".join(f"<th scope=col>{esc(seat_name(s, me))}</th>" for s in range(n))
    out = ""
    if hands:
        out += (f'<details class="summary" id="hand-summaries"{" open" if obs.get("terminal") else ""}>'
                f'<summary>Hand results ({len(hands)})</summary><table><thead><tr><th scope=col>Hand</th>{head}</tr></thead>'
                f'<tbody>{rows}</tbody></table></details>')
    if obs.get("terminal"):
        totals = obs.get("totals") or []
        winners = obs.get("winners") or []
        names = ", ".join(seat_name(w, me) for w in winners) or "nobody"
        verdict = "You win!" if me in winners and len(winners) == 1 else (
            "You share the win!" if me in winners else f"Winner: {names}.")
        cells = "".join(f"<li>{esc(seat_name(s, me))}: <b>{esc(t)}</b></li>" for s, t in enumerate(totals))
        out += (f'<section class="result" id="result" role="status"><h3>Final result</h3><p>{esc(verdict)}</p>'
                f'<ul id="final-scores" data-totals="{esc(json.dumps(totals))}" '
                f'data-winners="{esc(json.dumps(winners))}">{cells}</ul></section>')
    return out


def log_html(obs: dict, name: Namer) -> str:
    me = obs["seat"]
    items = []
    for actor, token in obs.get("history") or []:
        what = _label(token, name) if token is not None else "(hidden)"
        items.append(f"<li>{esc(seat_name(actor, me))}: {esc(what)}</li>")
    return "".join(items)


def announcements(before: dict | None, after: dict, name: Namer) -> list[str]:
    """Plain sentences for what happened between two observations (screen readers)."""
    me = after["seat"]
    old = len(before.get("history") or []) if before else len(after.get("history") or [])
    said = []
    for actor, token in (after.get("history") or [])[old:]:
        said.append(f"{seat_name(actor, me)}: {_label(token, name) if token else 'a hidden choice'}.")
    if before is not None:
        def done(o):
            return [t for h in o.get("hands") or [] for t in h.get("tricks", []) if t.get("winner") is not None]
        for trick in done(after)[len(done(before)):]:
            said.append(f"{seat_name(trick['winner'], me)} won the trick.")
        if after.get("terminal") and not before.get("terminal"):
            said.append("Game over. Totals: " + ", ".join(
                f"{seat_name(s, me)} {t}" for s, t in enumerate(after.get("totals") or [])) + ".")
    return said


def hint_html(result: dict, name: Namer, obs: dict | None = None) -> str:
    """The solver's answer: the legal choices ranked, the explanation, the inference.
    With the observation the hint was asked from, each choice is named as the
    table's own buttons name it (Tricksters: "Pair with Seat 3 …", not "partner 3")."""
    layout = layouts.layout_for(obs.get("game", "")) if obs else None
    if not result.get("available", True):
        return f'<p class="hint-unavailable" id="hint-unavailable">{esc(result.get("message", "Hints are unavailable."))}</p>'
    ranked = result.get("ranked") or result.get("actions") or []
    items = []
    for entry in ranked:
        token = entry.get("action") or entry.get("token")
        value = entry.get("value", entry.get("ev"))
        why = entry.get("explanation") or entry.get("why") or ""
        val = f' <span class="ev">{value:.2f}</span>' if isinstance(value, (int, float)) else ""
        named = (layout.label(str(token), obs) if layout else None) or _label(str(token), name)
        items.append(f'<li data-token="{esc(token)}"><b>{esc(named)}</b>{val}'
                     f'{f" — {esc(why)}" if why else ""}</li>')
    shown, rest = items[:HINT_SHOWN], items[HINT_SHOWN:]
    out = f'<ol class="hint-list" id="hint-list">{"".join(shown)}</ol>'
    if rest:
        out += (f'<details><summary>All {len(items)} choices</summary>'
                f'<ol class="hint-list" start="{HINT_SHOWN + 1}">{"".join(rest)}</ol></details>')
    worlds = result.get("worlds_text")
    if worlds:
        searched = result.get("searched_worlds")
        note = f" ({searched:,} searched)" if isinstance(searched, int) and searched else ""
        out += f'<p class="hint-why">Over {esc(worlds)} deals consistent with what you have seen{esc(note)}.</p>'
        effort = result.get("all_worlds_effort")
        if not result.get("all_worlds", True) and isinstance(effort, int) and effort > 0:
            splits = ' data-splits="true"' if result.get("splits") else ""
            out += (f'<p class="hint-all"><button type="button" id="hint-all" data-effort="{effort}"{splits}>'
                    f'Search all {esc(worlds)} deals</button> '
                    f'<span class="hint-why">Slower: every possible deal, not a sample.</span></p>')
    if result.get("explanation"):
        out += f'<p class="hint-why">{esc(result["explanation"])}</p>'
    inference = result.get("inferred") or result.get("inference") or result.get("opponents")
    if inference:
        out += '<details id="hint-inference"><summary>What the solver inferred about each opponent</summary>'
        items = inference.items() if isinstance(inference, dict) else enumerate(inference)
        for seat, info in items:
            out += f'<h4>{esc(_place_name(seat))}</h4><div class="inference">{_inference_html(info, name)}</div>'
        out += "</details>"
    return out


def _place_name(place) -> str:
    """The solver's hidden places ("hand:2", "bid:1", "out") in words."""
    kind, _, who = str(place).partition(":")
    if who.isdigit():
        return f"Seat {who}: {kind}"
    return humanize(kind) if not isinstance(place, int) else f"Seat {place}"


def _inference_html(info, name: Namer) -> str:
    if isinstance(info, dict):
        rows = []
        for key, value in info.items():
            if isinstance(value, dict) and value and all(isinstance(v, (int, float)) for v in value.values()):
                cells = " ".join(f'<span class="prob">{esc(name(c))} {float(p):.0%}</span>'
                                 for c, p in sorted(value.items(), key=lambda kv: -float(kv[1])))
                rows.append(f"<dt>{esc(humanize(str(key)))}</dt><dd>{cells}</dd>")
            else:
                rows.append(f"<dt>{esc(humanize(str(key)))}</dt><dd>{_value_html(value, name)}</dd>")
        return f"<dl>{''.join(rows)}</dl>"
    return _value_html(info, name)
