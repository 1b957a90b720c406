"""The table as HTML: a pure function of one seat's observation, told in words.

Nothing here knows a game's rules. What is drawn comes from
`GameState.observation(seat)`; what is clickable comes from its `legal` tokens;
every word a player reads or hears (cards, choices, seats, log lines, score
sheets, why a card cannot be played) comes from the game's `Words` through a
`pycore.words.Narrator` told to that seat. The seats sit around the table (you
at the bottom) with the trick in the middle; each game's own regions come from
its layout (`layouts.py`, `games/`), from the same observation. Beside this:
the score pad, score sheets and the end of the game (`score_view.py`), the log
(`log_view.py`), the hint panel (`hint_view.py`), a card (`cards.py`).

Legal tokens are grouped only by their shape:

- a token that is a card of your hand: click the card;
- a card of your hand followed by words (`Dwarf Ax`): click the card, then a choice;
- a verb the game's words say is chosen by picking cards (`Words.picks`) followed
  by cards of your hand (`bid Sh3 Sw9 Wa1`, `give R2 R7 Owl Bat`): buttons when
  there are few, else pick the cards and confirm (the confirm button carries the
  legal token the selection spells; until it spells one it says what is missing,
  in the engine's words);
- anything else (`deal poke`, `fold`, `partner 3`, `take T7`, `sky:R5`, and
  Lunar's `turn Bat`, though a Bat card may be in your hand: a tile is no card
  of yours): a button.

Every clickable element carries `data-action="<token>"`; UI-only controls carry `data-ui`.
A card that cannot be chosen now stays focusable (`aria-disabled`) and says why (its
description and tooltip: `why(token)`, the engine's reason). Native and in Pyodide.
"""
from __future__ import annotations

import html
import json
import re
from collections import Counter
from typing import Callable

from pycore.words import Narrator

from . import cast, games, layouts  # noqa: F401  (games: every game's layout registered)
from .cards import card_html
from .markup import esc, sentence
from .pace_view import notes_html, waiting_card
from .score_view import game_end_html, score_pad_html, score_sheet_html
from .trick_view import finished_tricks, trick_area_html, viewed_hand

Why = Callable[[str], "str | None"]      # a token -> why it may not be chosen now (None: it may)

# Observation fields drawn in their own place (the rest go to the generic panels).
_PLACED = {"game", "rules", "seat", "players", "to_act", "terminal", "legal", "history",
           "hands", "totals", "winners", "hand", "phase", "past_bids", "hand_starts", "ranking",
           "hand_results", "sides"}
MANY_CHOICES = 8   # more verb+cards tokens than this: pick cards, then confirm
# The hint's suggestion on an element that offers it: seen (style.css) and heard.
SUGGESTED = ' data-suggested="true" aria-description="the hint’s choice"'


def humanize(key: str) -> str:
    return key.replace("_", " ").capitalize()


def is_card(tell: Narrator, value) -> bool:
    return isinstance(value, str) and value in tell.game.deck.tokens


def classify(legal: list[str], hand: list[str], picks) -> dict:
    """Legal tokens grouped by shape (see the module doc); `picks`: the verbs the
    game chooses by picking cards of the hand (`Words.picks`)."""
    in_hand = Counter(hand)
    plays, subs, verbs, buttons = set(), {}, {}, []
    for token in legal:
        words = token.split(" ")
        if len(words) == 1 and token in in_hand:
            plays.add(token)
        elif len(words) > 1 and words[0] in in_hand:
            subs.setdefault(words[0], []).append(token)
        elif len(words) > 1 and words[0] in picks and not (Counter(words[1:]) - in_hand):
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


def _value_html(value, tell: Narrator) -> str:
    if value is None or isinstance(value, bool):
        return "–" if value is None else ("yes" if value else "no")
    if is_card(tell, value):
        return card_html(value, tell, classes="small")
    if isinstance(value, list):
        if value and all(is_card(tell, v) for v in value):
            return '<span class="cards small">' + "".join(card_html(v, tell, classes="small") for v in value) + "</span>"
        return ", ".join(_value_html(v, tell) for v in value) or "none"
    if isinstance(value, dict):
        parts = []
        for key, item in value.items():
            if item is None or item is False:
                continue
            parts.append(f'<span class="kv">{esc(humanize(key))}: {_value_html(item, tell)}</span>'
                         if not isinstance(item, bool) else f'<span class="kv">{esc(humanize(key))}</span>')
        return " ".join(parts) or "–"
    return esc(value)


def _per_seat_fields(obs: dict, tell: Narrator) -> list[str]:
    n = obs["players"]
    return [k for k, v in obs.items()
            if k not in _PLACED and isinstance(v, list) and len(v) == n and n > 1
            and not all(is_card(tell, x) for x in v)]


def seat_box(tell: Narrator, seat: int, layout, ui: dict) -> str:
    """One seat's place at the table: who, badges (dealer, suit, choice...), public facts."""
    obs = tell.obs
    acting = obs.get("to_act") == seat and not obs.get("terminal")
    who = tell.seat(seat)
    level = ui.get("computer", {}).get(seat)
    cls = "seatbox" + (" me" if seat == tell.me else "") + (" acting" if acting else "") + layout.seat_classes(obs, seat)
    badges = layout.seat_badges(tell, seat)
    if acting:
        badges.insert(0, '<span class="badge to-act">to play</span>')
    totals = obs.get("totals") or []
    total = totals[seat] if seat < len(totals) else ""
    face = f'<span class="seat-face">{cast.face_of(who)}</span>' if seat != tell.me and level else ""
    # --k: steps clockwise from you (a phone seats the others in one row in that order)
    return (f'<section class="{cls}" data-seat="{seat}" style="--k: {(seat - tell.me) % tell.players}" '
            f'aria-label="{esc(who)}{", to play" if acting else ""}">'
            f'<h3 class="seat-name">{face}<span class="seat-who">{esc(who)}</span>'
            + (f' <span class="level"><span class="visually-hidden">computer, </span>{esc(level)}</span>'
               if level else "")
            + (f' <span class="total" title="Total"><span class="visually-hidden">total </span>{esc(total)}</span>'
               if layout.total_in_header else "") + "</h3>"
            + (f'<p class="badges">{"".join(badges)}</p>' if badges else "")
            + layout.seat_body(tell, seat) + "</section>")


def details_html(tell: Narrator, ui: dict, layout, groups: dict) -> str:
    """Every public field in full (the per-seat table and the rest), folded away:
    what the layout draws around the table, as a plain table for reading."""
    obs = tell.obs
    n = obs["players"]
    fields = [k for k in _per_seat_fields(obs, tell) if k not in layout.hidden_details]
    head = "".join(f"<th scope=col>{esc(humanize(k))}</th>" for k in fields)
    rows = []
    totals = obs.get("totals") or [0] * n
    for seat in range(n):
        cls = "seat" + (" me" if seat == tell.me else "") + (" acting" if obs.get("to_act") == seat else "")
        who = tell.seat(seat)
        if seat in ui.get("computer", {}):
            who += f" (computer, {ui['computer'][seat]})"
        cells = "".join(f"<td>{_value_html(obs[k][seat], tell)}</td>" for k in fields)
        rows.append(f'<tr class="{cls}" data-seat="{seat}"><th scope=row>{esc(who)}'
                    f'{" ▶" if obs.get("to_act") == seat else ""}</th><td>{esc(totals[seat])}</td>{cells}</tr>')
    table = (f'<table class="seats" id="seats"><caption>Players</caption><thead><tr><th scope=col>Player</th>'
             f'<th scope=col>Total</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')
    extra = []
    for key, value in obs.items():
        if (key in _PLACED or key in fields or key in layout.placed or key in layout.hidden_details
                or key in ("hand_number", "hands_in_game", "trump")):
            continue
        extra.append(f"<dt>{esc(humanize(key))}</dt><dd>{_value_html(value, tell)}</dd>")
    public = f'<dl class="public" id="public">{"".join(extra)}</dl>' if extra else ""
    shown = bool(ui.get("show_details"))
    wide, narrow = ("Hide table details", "Hide details") if shown else ("Table details", "Details")
    label = f'<span class="long-label">{wide}</span><span class="short-label">{narrow}</span>'
    return (f'<div class="table-details"><button type="button" data-ui="details" '
            f'aria-expanded="{str(shown).lower()}" aria-controls="details-body">{label}</button>'
            + (f'<div id="details-body">{table}{public}</div>' if shown else "") + "</div>")


def status_html(tell: Narrator, layout, my_turn: bool, ended: int | None = None) -> str:
    """The status line: the game, the hand, trump, the phase and whose turn; under a
    hand's score sheet (`ended`: that hand's number) the hand that ended, not the next
    deal's phase."""
    obs = tell.obs
    bits = [tell.title()]
    number = obs.get("hand_number") or obs.get("round")
    if ended:
        total = obs.get("hands_in_game")
        word = layout.hand_word.capitalize()
        bits.append(f"{word} {ended}" + (f" of {total}" if total else "") + f" · {word} over")
        return _status(bits)
    if number is not None:
        total = obs.get("hands_in_game")
        bits.append(f"{layout.hand_word.capitalize()} {number}" + (f" of {total}" if total else ""))
    trump = layout.trump_words(tell)
    if trump:
        bits.append(trump)
    if obs.get("terminal"):
        bits.append("Game over")
    else:
        if tell.phase():
            bits.append(tell.phase().capitalize())
        if obs.get("to_act") is not None:
            bits.append("Your turn" if my_turn else f"{tell.seat(obs['to_act'])} to play")
    return _status(bits)


def _status(bits: list[str]) -> str:
    """The status line: the game's name (which a small phone leaves out: fit.css), then
    the rest, " · " between."""
    game, rest = bits[0], bits[1:]
    return (f'<p class="status" id="status"><span class="status-game">{esc(game)}{" · " if rest else ""}</span>'
            f'{" · ".join(esc(b) for b in rest)}</p>')


def prompt_text(tell: Narrator, groups: dict, on_table: str = "") -> str:
    """What to do now; `on_table`: what the choices drawn on the table itself are
    (the layout's words: "take a card from the centre"; "play a card from the Sky"
    beside cards of your hand: "play a card from your hand or the Sky")."""
    what = []
    if groups["plays"] or groups["subs"]:
        what.append("play a card")
    for verb in groups["verbs"]:
        what.append(f"pick cards {tell.words.picks.get(verb, 'to choose')}")
    if on_table.startswith("play a card from ") and what[:1] == ["play a card"]:
        what[0] = f"play a card from your hand or {on_table.removeprefix('play a card from ')}"
    elif on_table:
        what.append(on_table)
    if groups["buttons"]:
        what.append("choose")
    return f"Your turn: {' or '.join(what) or 'choose'}."


HAND_ROW = 8        # cards in a row of your hand on a phone, at most (44 px each at 390 px)


def hand_cards_html(tell: Narrator, groups: dict, ui: dict, why: Why | None, selecting: dict,
                    suggested: str | None = None, panel: str = "") -> str:
    """Your hand: each card a choice, or (while the decision is about your cards) a card
    that says why it cannot be chosen, or (while others play) one to choose to play next;
    the hint's `suggested` choice marked on one copy of its card, or on the cards its pick
    spells. `panel`: your seat's box, docked with your hand. The cards are sized by how
    many there are (`--n`; `--per`: in a row on a phone, rows as even as they can be)."""
    hand = list(tell.obs.get("hand") or [])
    selected = [i for i in ui.get("selected", []) if 0 <= i < len(hand)]
    deciding = bool(groups["plays"] or groups["subs"])
    verb = next(iter(selecting), None)
    usable = {c for t in selecting.get(verb, ()) for c in t.split(" ")[1:]}
    first = suggested.split(" ")[0] if suggested else None     # a play's card, or a two-step choice's
    hinted = (suggested_cards(suggested, hand) if selecting
              else {hand.index(first)} if first in hand else set())
    cards = []
    for index, token in enumerate(hand):
        uid = f"why-hand-{index}"
        mark = SUGGESTED if index in hinted else ""
        if selecting:
            on = index in selected
            if token not in usable and why is not None:   # never part of a legal choice
                cards.append(card_html(token, tell, why=why(f"{verb} {token}") or "not a choice now", uid=uid))
                continue
            cards.append(card_html(token, tell, enabled=True, classes="selectable" + (" selected" if on else ""),
                                   attrs=f' data-toggle="{index}" data-card="{esc(token)}" '
                                         f'aria-pressed="{str(on).lower()}"{mark}'))
        elif token in groups["plays"]:
            cards.append(card_html(token, tell, action=token, enabled=True, attrs=mark))
        elif token in groups["subs"]:
            cards.append(card_html(token, tell, enabled=True, attrs=f' data-sub="{esc(token)}"{mark}'))
        elif deciding and why is not None:
            cards.append(card_html(token, tell, why=why(token) or "not playable now", uid=uid))
        else:       # others play: a card may be chosen to play next (pace_view.py)
            cards.append(waiting_card(token, tell, index, (ui.get("prepick") or [None])[0])
                         if ui.get("prepick_open") else card_html(token, tell))
    n = len(hand)
    per = -(-n // -(-n // HAND_ROW)) if n else 1
    deal = len(tell.obs.get("hands") or [])
    return (f'<section class="hand" aria-label="Your hand" data-deal="{deal}">'
            f'<div class="hand-head"><h3>Your hand ({n})</h3>{panel}</div>'
            f'<div class="cards" id="hand" style="--n: {max(n, 1)}; --per: {per}">'
            f'{"".join(cards) or "<p class=no-cards>No cards.</p>"}</div></section>')


def prompt_html(tell: Narrator, groups: dict, ui: dict, why: Why | None, selecting: dict,
                legal: list[str], on_table: str = "") -> str:
    """Your decision: what to do, and the choices not drawn on the table (a choice
    whose card or tile is there is chosen there: `on_table` says what they are)."""
    obs = tell.obs
    hand = list(obs.get("hand") or [])
    my_turn = obs.get("to_act") == tell.me and not obs.get("terminal")
    prompt = []
    if my_turn:
        prompt.append(f'<p id="prompt-text">{esc(prompt_text(tell, groups, on_table))}</p>')
        sub = ui.get("sub")
        if sub in groups["subs"]:
            prompt.append(f'<p>{esc(tell.card(sub))}: choose</p><div class="choices">' + "".join(
                f'<button type="button" class="choice legal" data-action="{esc(t)}">{esc(tell.choice(t))}</button>'
                for t in groups["subs"][sub]) + "</div>")
        for verb, toks in groups["verbs"].items():
            if verb in selecting:
                chosen = [hand[i] for i in ui.get("selected", []) if 0 <= i < len(hand)]
                token = spelled(toks, chosen)
                size = len(toks[0].split(" ")) - 1
                if token:
                    button = (f'<button type="button" class="confirm legal" id="confirm" data-action="{esc(token)}">'
                              f'{esc(tell.choice(token))}</button>')
                    missing = ""
                else:
                    missing = (why(" ".join([verb, *chosen])) if chosen and why else None) or \
                        f"pick {size} cards of your hand"
                    button = (f'<button type="button" class="confirm" id="confirm" aria-disabled="true" '
                              f'aria-describedby="confirm-why" data-ui="why">Confirm</button>')
                hint_pick = suggestion(ui, toks)
                take = (' <button type="button" class="choice" id="pick-suggested" data-ui="pick-suggested">'
                        "Pick the hint’s cards</button>") if hint_pick and hint_pick != token else ""
                prompt.append(f'<p>Pick {size} cards {esc(tell.words.picks.get(verb, ""))} '
                              f'({len(chosen)} picked).</p>'
                              + (f'<p class="selection-why" id="confirm-why" role="status">{esc(sentence(missing))}</p>'
                                 if missing else "") + button + take)
            else:
                prompt.append('<div class="choices">' + "".join(
                    f'<button type="button" class="choice legal" data-action="{esc(t)}">{esc(tell.choice(t))}</button>'
                    for t in toks) + "</div>")
        if groups["buttons"]:
            prompt.append('<div class="choices">' + "".join(
                f'<button type="button" class="choice legal" data-action="{esc(t)}">{esc(tell.choice(t))}</button>'
                for t in groups["buttons"]) + "</div>")
    elif ui.get("holding") == "trick" and ui.get("moment") and not obs.get("terminal"):
        # a finished trick held: who took it, and Continue where your decisions are (a pause
        # that goes on by itself may be cut short)
        mh, mk = ui["moment"]
        line = tell.trick_taken(obs["hands"][mh]["tricks"][mk], mh, mk)
        prompt.append('<p id="prompt-text" class="go-on"><button type="button" class="primary" data-ui="continue" '
                      f'id="continue">Continue</button> <span class="trick-winner" id="trick-winner">{esc(line)}</span> '
                      '<span class="note">or press any key</span></p>')
    elif ui.get("holding") and not ui.get("pausing") and not obs.get("terminal"):   # under a hand's sheet
        who = tell.seat(obs["to_act"]) if obs.get("to_act") is not None else "A new deal"
        prompt.append(f'<p id="prompt-text">{esc(ui.get("after_hand") or who + " is next, once you continue.")}</p>')
    elif not obs.get("terminal"):
        prompt.append(f'<p id="prompt-text">Waiting for {esc(tell.seat(obs["to_act"], start=False))}…</p>')
    prompt.append(notes_html(tell, ui, my_turn))      # the pace's lines, why a card cannot be chosen
    # data-legal: the legal tokens, for scripts and tests driving the page
    return (f'<section class="prompt" id="prompt" aria-label="Your decision" data-legal="{esc(json.dumps(legal))}">'
            f'{"".join(prompt)}</section>')


def table_html(tell: Narrator, ui: dict, why: Why | None = None) -> str:
    """The whole table for the seat `tell` tells the game to.

    `ui`: {"selected": [hand indices], "sub": card token or None, "computer": {seat: level},
    "show_details", "view_trick": index in the viewed hand or None, "moment": (hand, trick)
    just finished or None, "holding": "trick" / "hand" while the table waits for Continue,
    "sheet": index of the hand whose score sheet is open or None, "show_scores", "end_closed",
    the pace's "forced", "prepick", "prepick_open", "prepick_said" (pace_view.py)}.
    "ended": the number of the hand whose score sheet the table is under (table.under_sheet).
    "pick": a choice made by picking cards is picked however few its choices (a lesson).
    "after_hand": what the line under a hand's score sheet says instead of who is next (a lesson).
    `why(token)`: the engine's reason a choice is refused now (`state.why_not(token, tell)`).
    """
    obs = tell.obs
    me, n = tell.me, tell.players
    hand = list(obs.get("hand") or [])
    my_turn = obs.get("to_act") == me and not obs.get("terminal")
    legal = list(obs.get("legal") or []) if my_turn else []
    groups = classify(legal, hand, tell.words.picks)
    layout = layouts.layout_for(obs.get("game", ""))
    out = [status_html(tell, layout, my_turn, ui.get("ended"))]

    # --- the table: seats around, the middle, the trick -------------------------------------
    legal_set = set(legal)
    places = layouts.sides(n, me)
    boxes: dict[str, list[tuple[int, str]]] = {"top": [], "left": [], "right": [], "bottom": []}
    for seat in range(n):
        side, index = places[seat]
        if seat != me:              # yours is docked with your hand
            boxes[side].append((index, seat_box(tell, seat, layout, ui)))
    regions = layout.middle(tell, legal_set, why if my_turn else None)
    below = layout.below(tell, legal_set, why if my_turn else None)
    # a hand's score sheet and the game's end take the middle of the table (covering nothing)
    sheet = ui.get("sheet")
    results = obs.get("hand_results") or []
    moment = ""
    if sheet is not None and 0 <= sheet < len(results):
        moment = score_sheet_html(tell, layout, sheet, ui.get("holding") == "hand", ui.get("sheet_note", ""))
    elif obs.get("terminal") and not ui.get("end_closed"):
        moment = game_end_html(tell, layout, closed=False, note=ui.get("end_note", ""))
    middle = moment + regions + trick_area_html(tell, layout, places, ui)
    others = "".join(f'<div class="side side-{side}">' + "".join(html_ for _, html_ in sorted(boxes[side])) + "</div>"
                     for side in ("top", "left", "right"))
    out.append(f'<div class="ring ring-{n}" id="ring" data-me="{me}"><div class="others" tabindex="0" role="region" aria-label="The other players">{others}</div>'
               f'<div class="middle" id="middle">{middle}</div></div>')
    # a region that may scroll where the window is short: keyboard users reach it too
    out.append(f'<div class="below" tabindex="0" role="region" aria-label="More of the table">{below}</div>'
               if below else "")
    out.append(table_tools_html(tell, layout, ui, details_html(tell, ui, layout, groups)))
    if ui.get("show_scores"):
        out.append(score_pad_html(tell, layout))

    # --- your hand and the prompt, last: docked at the bottom of the screen --------------------
    selecting = {verb: toks for verb, toks in groups["verbs"].items() if len(toks) > MANY_CHOICES or ui.get("pick")}
    suggested = suggestion(ui, legal_set)
    hand_html = hand_cards_html(tell, groups, ui, why if my_turn else None, selecting, suggested,
                                panel=seat_box(tell, me, layout, ui))
    out.append(hand_html)
    # a choice drawn on the table (a centre card, a tile, the Sky) is made there, not repeated
    offered = {html.unescape(t) for t in re.findall(r'data-action="([^"]*)"', regions + below)}
    asked = dict(groups, buttons=[t for t in groups["buttons"] if t not in offered])
    on_table = layout.on_table_words(tell) if len(asked["buttons"]) < len(groups["buttons"]) else ""
    out.append(prompt_html(tell, asked, ui, why, selecting, legal, on_table))
    if obs.get("terminal") and ui.get("end_closed") and not moment:
        out.append(game_end_html(tell, layout, closed=True, note=ui.get("end_note", "")))
    game = re.sub(r"[^a-z0-9-]", "", str(obs.get("game", "")).lower())
    return (f'<div class="gametable game-{game}">'
            + "".join(piece if piece is hand_html else mark_suggestion(piece, suggested) for piece in out)
            + "</div>")


def suggestion(ui: dict, legal) -> str | None:
    """The hint's best choice (`ui["suggested"]`, set when the hint comes), while it
    is still a choice of yours now."""
    token = ui.get("suggested")
    return token if token in legal else None


def suggested_cards(token: str | None, hand: list[str]) -> set[int]:
    """The places in your hand of the cards a suggested pick spells (`give R2 R2 Owl
    Bat`: two of your R2s, whichever come first)."""
    if not token:
        return set()
    want = Counter(token.split(" ")[1:])
    places = set()
    for index, card in enumerate(hand):
        if want[card] > 0:
            want[card] -= 1
            places.add(index)
    return places


def mark_suggestion(drawn: str, token: str | None) -> str:
    """The hint's suggestion marked where it is offered off your hand
    (`data-suggested`, drawn by style.css as a ring and a "Hint" tag): each choice
    that carries its token (a button, a tile, Confirm once your pick spells it) and
    one card that does (a centre card, one copy of a card the Sky holds six of).
    Your hand marks its own cards (`hand_cards_html`: one copy of a card, or the
    cards a pick spells)."""
    if not token:
        return drawn
    carried = f' data-action="{esc(token)}"'
    cards_seen = 0

    def mark(tag: re.Match) -> str:
        nonlocal cards_seen
        text = tag.group(0)
        if ' class="card ' in text:
            cards_seen += 1
            if cards_seen > 1:          # another copy of the same card
                return text
        return text.replace(carried, carried + SUGGESTED)
    return re.sub(r"<[a-z]+ [^>]*" + re.escape(carried) + r"[^>]*>", mark, drawn)


def table_tools_html(tell: Narrator, layout, ui: dict, details: str = "") -> str:
    """One click away: the finished tricks of the hand, the score pad, `details`."""
    obs = tell.obs
    h = viewed_hand(obs)
    tricks = finished_tricks(obs, h) if h is not None else []
    out = []
    if tricks:
        on = ui.get("view_trick") is not None
        out.append(f'<button type="button" data-ui="tricks" aria-pressed="{str(on).lower()}">'
                   f'Tricks<span class="tricks-of"> of {layout.hand_word} {h + 1}</span> ({len(tricks)})</button>')
    if obs.get("hand_results"):
        on = bool(ui.get("show_scores"))
        out.append(f'<button type="button" data-ui="scores" aria-expanded="{str(on).lower()}" '
                   f'aria-controls="score-pad">Score pad</button>')
    return f'<div class="table-tools" id="table-tools">{"".join(out)}{details}</div>'
