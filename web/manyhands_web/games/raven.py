"""Raven (and its Prophecy theme) in the page: its table layout (what it shows around
the generic table, layouts.py) and its card on the home page (pitch and picture)."""
from __future__ import annotations

from functools import lru_cache

from pycore.words import count

from .. import card_symbols as sym
from ..card_art import PAPER, _at, _indices, _named, back_body, frame
from ..cards import _cards
from ..layouts import Layout, _backs, _points, _table, _tricks
from ..markup import esc
from ..pictures import cards_laid, picture

# --- the faces: Shields, Swords, Axes and Waters, and in the Prophecy theme sunbursts,
# spears, serpents and eagles on cards with a stepped border ----------------------------
RAVEN_SUITS = {"Sh": ("#b22222", sym.shield), "Sw": ("#1f4e9c", sym.sword),
               "Ax": ("#6b4516", sym.axe), "Wa": ("#0b7a75", sym.water)}
PROPHECY_SUITS = {"Sh": ("#b8610f", sym.sunburst), "Sw": ("#8e2a1d", sym.spear),
                  "Ax": ("#2e6b2e", sym.serpent), "Wa": ("#1f4a8a", sym.eagle)}
# a named card: (its corner letter, its picture); the card's colours per theme
RAVEN_NAMED = {"Raven": ("R", sym.raven_bird), "Wolf": ("W", sym.wolf_head),
               "Shaman": ("S", sym.shaman), "Dwarf": ("D", sym.dwarf)}
PROPHECY_NAMED = {"Raven": ("J", sym.jaguar), "Wolf": ("M", sym.monkey),
                  "Shaman": ("S", sym.shaman), "Dwarf": ("L", sym.lizard)}
NAMED_COLOURS = {"": ("#2b1740", "#ffd166"), "prophecy": ("#17453a", "#f2c14e")}


def _prophecy_border() -> str:
    """Prophecy's cards: a stepped band round the face."""
    steps = "".join(f'<path d="M{x} 6h4v4h4v-4h4" stroke="#b8610f" stroke-width="2" fill="none"/>'
                    for x in range(14, 84, 12))
    return steps + f'<g transform="rotate(180 50 70)">{steps}</g>'


@lru_cache(maxsize=256)
def raven_face(token: str, theme: str = "") -> str:
    prophecy = theme == "prophecy"
    if token in RAVEN_NAMED:
        letter, picture = (PROPHECY_NAMED if prophecy else RAVEN_NAMED)[token]
        ground, ink = NAMED_COLOURS["prophecy" if prophecy else ""]
        return _named(letter, picture, ground, ink)
    colour, symbol = (PROPHECY_SUITS if prophecy else RAVEN_SUITS)[token[:2]]
    shape = symbol(colour)
    return (frame("#f6ecd2" if prophecy else PAPER) + (_prophecy_border() if prophecy else "")
            + _indices(token[2:], colour, shape) + _at(shape, 27, 44, 46))


RAVEN_ART = picture("A fan of Raven cards and the Raven, with three cards set face down as a bid",
                    cards_laid((raven_face("Sh9"), 8, 16, 38, -14), (raven_face("Sw14"), 30, 10, 38, 0),
                               (raven_face("Raven"), 52, 14, 38, 14),
                               *((back_body(), 94 + i * 5, 40 + i * 4, 17, 0) for i in range(3))))


class Raven(Layout, game="raven"):
    pitch = ("Bid by setting cards aside face down, then take exactly that many tricks; "
             "the Raven, the Wolf, the Shaman and the Dwarf bend the rules.")
    picture = RAVEN_ART
    total_in_header = False
    placed = frozenset({"bids", "bid_cards", "tricks_won", "scores", "bonuses", "hand_sizes", "dealer",
                        "trump", "ravenclaw", "led_suit", "dwarf_named", "hand_number", "hands_in_game",
                        "trump_by_hand"})
    specials = frozenset({"Raven", "Wolf", "Shaman", "Dwarf"})

    def art(self, token, theme="", **drawn):
        return raven_face(token, theme)

    def trump_words(self, tell):
        obs = tell.obs
        if obs.get("ravenclaw") and not obs.get("terminal"):
            return f"Trump: the {tell.card('Raven')} only"
        return super().trump_words(tell)

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
                       + (f'<span class="aside"> · {esc(count(bonus, "exact bid"))}</span>' if bonus else "") + "</p>")
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
                       f'<h3>Trump by hand</h3><ol class="schedule-row" tabindex="0" aria-label="Trump by hand">{"".join(items)}</ol></section>')
        if obs.get("terminal"):
            return "".join(out)
        trump = obs.get("trump")
        now = (tell.words.suit_name(trump, tell) if trump else
               f"the {tell.card('Raven')} only")
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
