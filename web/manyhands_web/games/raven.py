"""Raven (and its Prophecy theme) in the page: its table layout (what it shows around
the generic table, layouts.py) and its card on the home page (pitch and picture)."""
from __future__ import annotations

from pycore.words import count

from ..cards import _cards
from ..layouts import Layout, _backs, _points, _table, _tricks
from ..markup import esc
from ..pictures import _card, _svg, _text

# a raven perched, facing right: tail, body, wing, head, beak, eye
_RAVEN_BIRD = ('<g fill="#e8e0ff"><polygon points="4,40 11,33 14,38"/>'
               '<ellipse cx="18" cy="32" rx="10" ry="6.5" transform="rotate(-25 18 32)"/>'
               '<circle cx="26" cy="22" r="5"/><polygon points="30,20 37,22.5 30,24.5"/>'
               '<path d="M16 44 L17 38 M21 44 L21 37" stroke="#e8e0ff" stroke-width="1.4"/></g>'
               '<path d="M11 33 Q18 26 24 29" stroke="#2b1740" stroke-width="1.2" fill="none"/>'
               '<circle cx="27.5" cy="21" r="1.1" fill="#2b1740"/>')
RAVEN_ART = _svg("A fan of Raven cards and the Raven, with three cards set face down as a bid",
                 _card(14, 14, 38, 54, -14, band="#b22222", body=_text(19, 36, "9", 16, "#b22222"))
                 + _card(34, 10, 38, 54, 0, band="#1f4e9c", body=_text(19, 34, "14", 15, "#1f4e9c"))
                 + _card(54, 14, 38, 54, 14, fill="#2b1740", body=_RAVEN_BIRD)
                 + "".join(f'<rect x="{96 + i * 5}" y="{46 + i * 4}" width="16" height="24" rx="2" '
                           f'fill="#a33" stroke="#ddd" stroke-width="1"/>' for i in range(3)))


class Raven(Layout, game="raven"):
    pitch = ("Bid by setting cards aside face down, then take exactly that many tricks; "
             "the Raven, the Wolf, the Shaman and the Dwarf bend the rules.")
    picture = RAVEN_ART
    total_in_header = False
    placed = frozenset({"bids", "bid_cards", "tricks_won", "scores", "bonuses", "hand_sizes", "dealer",
                        "trump", "ravenclaw", "led_suit", "dwarf_named", "hand_number", "hands_in_game",
                        "trump_by_hand"})
    specials = frozenset({"Raven", "Wolf", "Shaman", "Dwarf"})

    def trump_words(self, tell):
        obs = tell.obs
        if obs.get("terminal"):
            return ""
        if obs.get("ravenclaw"):
            return f"Trump: the {tell.card('Raven')} only"
        return f"Trump: {tell.words.suit_name(obs['trump'], tell)}" if obs.get("trump") else ""

    def seat_body(self, tell, seat):
        obs = tell.obs
        out = [super().seat_body(tell, seat)]
        bids = obs.get("bids") or []
        bid = bids[seat] if seat < len(bids) else None
        won = (obs.get("tricks_won") or [0] * obs["players"])[seat]
        if bid:
            count_ = obs.get("bid_cards") or 0
            if bid.get("status") == "to bid":
                pile = '<span class="bid-pile waiting">to bid</span>'
            elif bid.get("cards"):
                how = "revealed" if bid.get("revealed") else ("yours, hidden from the others" if seat == tell.me else "")
                pile = (f'<span class="bid-pile{" revealed" if bid.get("revealed") else ""}">'
                        f'<span class="cards small">{_cards(bid["cards"], tell)}</span>'
                        f'<span class="lbl">{esc(how)}</span></span>')
            else:
                pile = f'<span class="bid-pile">{_backs(count_, f"{count_} bid cards face down")}</span>'
            value = bid.get("value")
            shown = "?" if value is None else str(value)
            out.append(f'<div class="bid"><span class="lbl">Bid</span>{pile}</div>'
                       f'<p class="line tricks-vs-bid" data-seat="{seat}">Tricks <b>{esc(won)}</b> / bid '
                       f'<b>{esc(shown)}</b></p>')
        scores = obs.get("scores") or []
        if seat < len(scores):
            bonus = (obs.get("bonuses") or [0] * obs["players"])[seat]
            out.append(f'<p class="line">Score <b>{esc(scores[seat])}</b>'
                       + (f' · {esc(count(bonus, "exact bid"))}' if bonus else "") + "</p>")
        return "".join(out)

    def middle(self, tell, legal, why=None):
        obs = tell.obs
        current = obs.get("hand_number")
        items = []
        for number, trump in enumerate(obs.get("trump_by_hand") or [], start=1):
            label = tell.words.suit_name(trump, tell) if trump else f"{tell.card('Raven')} only"
            state = " current" if number == current else (" past" if current and number < current else "")
            code = trump.lower() if trump else "raven"
            items.append(f'<li class="sched{state} trump-{code}"{" aria-current=step" if state == " current" else ""}>'
                         f'<span class="sched-n">{number}</span><span class="sched-t">{esc(label)}</span></li>')
        out = []
        if items:
            out.append(f'<section class="region schedule" id="trump-schedule" aria-label="Trump by hand">'
                       f'<h3>Trump by hand</h3><ol class="schedule-row">{"".join(items)}</ol></section>')
        if obs.get("terminal"):
            return "".join(out)
        trump = obs.get("trump")
        now = (tell.words.suit_name(trump, tell) if trump else
               f"none: the {tell.card('Raven')} is the only trump")
        bits = [f'Trump now: <b class="trump-now">{esc(now)}</b>']
        if obs.get("led_suit"):
            bits.append(f"Led: {esc(tell.words.suit_name(obs['led_suit'], tell))}")
        if obs.get("dwarf_named"):
            bits.append(f"{esc(tell.card('Dwarf'))} named {esc(tell.words.suit_name(obs['dwarf_named'], tell))}")
        out.append(f'<p class="round-info" id="trump-now">{" · ".join(bits)}</p>')
        return "".join(out)

    def sheet_table(self, tell, result):
        rows = []
        for seat, bid in enumerate(result["bids"]):
            exact = result["exact"][seat]
            rows.append((f'data-seat="{seat}"', [
                esc(tell.seat(seat)), f'<b class="bid-value">{esc(bid["value"])}</b>',
                _tricks(result["tricks"][seat]), "yes" if exact else "no",
                esc(result["bonus"] if exact else 0), _points(result["points"][seat]),
                esc(result["totals"][seat])]))
        return _table(["Player", "Bid", "Tricks", "Exact", "Bonus", "Points", "Total"], rows)

    def face_marks(self, result, seat):
        return set(result["bids"][seat]["cards"]), "set aside as the bid"
