"""The middle's trick as HTML: the trick in play (each card on its player's side,
an empty place for each seat still to play), a finished trick (its winning cards
lit, who took it in words), the trick viewer's tricks of a hand. Part of the
table (`render.py`), from one seat's observation told in words."""
from __future__ import annotations

from collections import Counter

from pycore.words import Narrator

from .cards import card_html
from .markup import esc


def _trick_cell(places: dict, seat: int) -> str:
    """The grid cell of a seat's cards in the middle: the same side as its seat box."""
    count_ = Counter(side for side, _ in places.values())
    top, left, right = max(count_["top"], 1), count_["left"], count_["right"]
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


def _trick_places(places: dict, seats) -> dict:
    """Where each seat of a trick lies in the middle: its seat's side, its place
    among the trick's seats on that side (seats out of the trick, as Voren's
    folded players, leave no gap)."""
    out = {}
    for side in ("top", "left", "right", "bottom"):
        on_side = sorted((index, seat) for seat, (where, index) in places.items() if where == side and seat in seats)
        out.update((seat, (side, k)) for k, (_, seat) in enumerate(on_side))
    return out


def ring_trick_html(trick: dict, tell: Narrator, layout, places: dict, *, finished: bool = False,
                    where: tuple[int, int] | None = None, title: str = "", tid: str = "current-trick",
                    footer: str = "", key: str = "", said: bool = True) -> str:
    """A trick in the middle: each card on its player's side, in play order for screen
    readers. In play: an empty place for each seat still to play. `finished`: the
    trick is over (`where` = its hand and trick index): the winning card stands out
    and a line says who took it (unless `said` is false: the prompt says it, by
    Continue). `key` ("hand-trick"): which trick it is, for the page's motion
    (web/table.js: a card played travels from its seat)."""
    obs = tell.obs
    notes = [""] * len(trick["cards"]) if finished else layout.play_notes(obs, trick)
    led = layout.trick_led(tell, *where) if where else None
    winner = trick.get("winner")
    winning = layout.winning_seats(tell, trick, where) if finished and winner is not None else set()
    by_seat: dict[int, list[str]] = {}
    order: list[int] = []
    for index, (seat, card) in enumerate(trick["cards"]):
        if seat not in by_seat:
            by_seat[seat] = []
            order.append(seat)
        note = notes[index] if index < len(notes) else ""
        tag = f'<span class="play-note">{esc(note)}</span>' if note else ""
        by_seat[seat].append(f'<span class="played"><span class="play-n" aria-hidden="true">{index + 1}</span>'
                             f'{card_html(card, tell, led=led)}{tag}</span>')
    playing = set(order) | (set() if finished else set(layout.plays_in_trick(obs)))
    places = _trick_places(places, playing)
    count_ = Counter(side for side, _ in places.values())
    columns = max(count_["top"], 1) + 2
    items = []
    for seat in order:
        side, _ = places[seat]
        cls = " acting" if obs.get("to_act") == seat and not finished else ""
        cls += " won" if seat in winning else ""
        items.append(f'<li class="play at-{side}{cls}" data-seat="{seat}" '
                     f'style="{_trick_cell(places, seat)}; --k: {(seat - tell.me) % tell.players}">'
                     f'<span class="who">{esc(tell.seat(seat))}</span>{"".join(by_seat[seat])}</li>')
    if not finished:
        for seat in layout.plays_in_trick(obs):
            if seat not in by_seat and seat in places:
                side, _ = places[seat]
                items.append(f'<li class="play pending at-{side}{" acting" if obs.get("to_act") == seat else ""}" '
                             f'data-seat="{seat}" aria-hidden="true" '
                             f'style="{_trick_cell(places, seat)}; --k: {(seat - tell.me) % tell.players}">'
                             f'<span class="who">{esc(tell.seat(seat))}</span><span class="card slot"></span></li>')
    leader = trick.get("leader")
    led_by = f", led by {tell.seat(leader, start=False)}" if leader is not None else ""
    rows = max(count_["left"], count_["right"], 1) + (2 if count_["top"] else 1)
    grid = f'style="grid-template-columns: repeat({columns}, minmax(0, 1fr)); --cols: {columns}; --rows: {rows}; --plays: {max(len(items), 1)}"'
    if finished:
        line = tell.trick_taken(trick, *where) if winner is not None else ""
        said_html = f'<p class="trick-winner" id="trick-winner">{esc(line)}</p>' if said else ""
        label = f"{title}{led_by}"
        return (f'<section class="trick ring-trick previous" id="{tid}" aria-label="{esc(label)}" '
                f'data-hand="{where[0]}" data-trick="{where[1]}" data-key="{esc(key)}">'
                f'<h3 class="trick-title">{esc(label)}</h3><ol class="plays" {grid}>{"".join(items)}</ol>'
                f'{said_html}{footer}</section>')
    return (f'<section class="trick ring-trick" id="{tid}" aria-label="Current trick{esc(led_by)}" '
            f'data-key="{esc(key)}">'
            f'<h3 class="visually-hidden">Current trick{esc(led_by)}</h3>'
            f'<ol class="plays" {grid}>{"".join(items)}</ol>{layout.trick_footer(tell, trick)}</section>')


def current_tricks(obs: dict) -> tuple[dict | None, dict | None]:
    """(the trick in progress or None, the last completed trick of this hand or None)."""
    hands = obs.get("hands") or []
    if not hands or hands[-1].get("points") is not None:
        return None, None
    tricks = hands[-1]["tricks"]
    current = tricks[-1] if tricks and tricks[-1].get("winner") is None else None
    done = [t for t in tricks if t.get("winner") is not None]
    return current, (done[-1] if done else None)


def viewed_hand(obs: dict) -> int | None:
    """The hand whose finished tricks the trick viewer shows: the latest hand with
    one (the hand just scored, while the next one has none yet)."""
    for h in range(len(obs.get("hands") or []) - 1, -1, -1):
        if any(t.get("winner") is not None for t in obs["hands"][h]["tricks"]):
            return h
        if h < len(obs["hands"]) - 1:
            return None
    return None


def finished_tricks(obs: dict, h: int) -> list[dict]:
    return [t for t in obs["hands"][h]["tricks"] if t.get("winner") is not None]


def trick_area_html(tell: Narrator, layout, places: dict, ui: dict) -> str:
    """The middle's trick: the trick viewer (any finished trick of the hand), the
    trick in play, or the trick just finished (its moment: the winning card and a
    line in words; while the table holds it, the line and Continue are your decision's:
    `prompt_html`)."""
    obs = tell.obs
    current, last = current_tricks(obs)
    h = viewed_hand(obs)
    tricks = finished_tricks(obs, h) if h is not None else []
    view = ui.get("view_trick")
    if view is not None and tricks:
        k = max(0, min(int(view), len(tricks) - 1))
        nav = (f'<p class="trick-nav">'
               f'<button type="button" data-ui="trick-prev"{" disabled" if k == 0 else ""}>Previous trick</button> '
               f'<button type="button" data-ui="trick-next"{" disabled" if k == len(tricks) - 1 else ""}>Next trick</button> '
               f'<button type="button" data-ui="trick-close">Back to the game</button></p>')
        title = f"{layout.hand_word.capitalize()} {h + 1}, trick {k + 1} of {len(tricks)}"
        return ring_trick_html(tricks[k], tell, layout, places, finished=True, where=(h, k),
                               title=title, tid="trick-view", footer=nav, key=f"view-{h}-{k}")
    now = f'{len(obs["hands"]) - 1}-{len(obs["hands"][-1]["tricks"]) - 1}' if current is not None else ""
    if current is not None and current["cards"]:
        return ring_trick_html(current, tell, layout, places, key=now)
    moment = ui.get("moment")
    earlier = moment is not None and moment[0] != len(obs["hands"]) - 1
    if earlier and not ui.get("holding"):
        moment = None       # the hand before's last trick: not in the middle of this hand's decisions
    if moment is not None:
        mh, mk = moment
        trick = obs["hands"][mh]["tricks"][mk]
    elif last is not None:
        mh, mk = len(obs["hands"]) - 1, len(tricks) - 1
        trick = last
    else:
        return ring_trick_html(current, tell, layout, places, key=now) if current is not None else ""
    title = (f"Last trick of {layout.hand_word} {mh + 1}" if mh != len(obs["hands"]) - 1
             else f"Trick {mk + 1}")
    return ring_trick_html(trick, tell, layout, places, finished=True, where=(mh, mk), title=title,
                           tid="previous-trick", key=f"{mh}-{mk}", said=ui.get("holding") != "trick")
