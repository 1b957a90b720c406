"""Tricksters in the page: its table layout (what it shows around
the generic table, layouts.py) and its card on the home page (pitch and picture)."""
from __future__ import annotations

from functools import lru_cache

from .. import card_symbols as sym
from ..card_art import _at, _text, frame, svg
from ..cards import _cards, _clickable
from ..layouts import Layout, _badge, _points, _table, _tricks
from ..markup import esc
from ..pictures import cards_laid, picture

# --- the face: a card's four values on its four edges in the critters' colours -----------
CRITTERS = ("Ravens", "Foxes", "Rats", "Toads")         # clockwise round the card, Ravens on top as printed
CRITTER_COLOURS = {"Ravens": "#2d2d44", "Foxes": "#c0561b", "Rats": "#626262", "Toads": "#3d7a2a"}
CRITTER_ICONS = {"Ravens": sym.critter_raven, "Foxes": sym.critter_fox, "Rats": sym.critter_rat,
                 "Toads": sym.critter_toad}
EDGES = ("top", "right", "bottom", "left")


def edges(led: str | None = None) -> dict[str, str]:
    """Which edge each critter is on: as printed (Ravens on top, then clockwise), or
    turned so that `led` is at the bottom, toward the player, the order kept.

    >>> edges("Ravens")
    {'Ravens': 'bottom', 'Foxes': 'left', 'Rats': 'top', 'Toads': 'right'}
    """
    turn = (CRITTERS.index(led) + 2) % 4 if led else 0
    return {critter: EDGES[(i - turn) % 4] for i, critter in enumerate(CRITTERS)}


@lru_cache(maxsize=512)
def tricksters_face(values: tuple, led: str | None = None) -> str:
    """A Tricksters card: its four values on its four edges in the critters'
    colours (Ravens, Foxes, Rats, Toads clockwise from the top, as printed), or,
    with `led`, turned so that the led critter's edge faces the player: its value
    large at the bottom, the others round the card in the same order."""
    where = edges(led)
    thick = {"top": 30, "right": 27, "bottom": 30, "left": 27} if not led else \
        {"top": 26, "right": 25, "bottom": 46, "left": 25}
    t, r, b, l_ = thick["top"], 100 - thick["right"], 140 - thick["bottom"], thick["left"]
    lo, hi = 3.5, (96.5, 136.5)
    shapes = {"top": [(lo, lo), (hi[0], lo), (r, t), (l_, t)],
              "right": [(hi[0], lo), (hi[0], hi[1]), (r, b), (r, t)],
              "bottom": [(hi[0], hi[1]), (lo, hi[1]), (l_, b), (r, b)],
              "left": [(lo, hi[1]), (lo, lo), (l_, t), (l_, b)]}
    out = [frame()]
    for critter, value in zip(CRITTERS, values):
        edge = where[critter]
        colour = CRITTER_COLOURS[critter]
        is_led = critter == led
        out.append(sym.polygon(shapes[edge], colour, "" if is_led or not led else ' opacity=".82"'))
        icon = CRITTER_ICONS[critter]("#fff")
        if edge in ("top", "bottom"):
            size = 40 if is_led else 26
            middle_y = (t / 2 + 2) if edge == "top" else (b + (140 - b) / 2 + 1)
            out.append(_text(50 + (6 if is_led else 5), middle_y + size * .36, value, size, "#fff", "middle"))
            icon_size = 24 if is_led else 16
            out.append(_at(icon, 50 - (30 if is_led else 24), middle_y - icon_size / 2, icon_size))
        else:
            x = l_ / 2 + 1.5 if edge == "left" else r + (100 - r) / 2 - 1.5
            out.append(_text(x, 86, value, 24, "#fff", "middle"))
            out.append(_at(icon, x - 8, 44, 16))
    if led:
        colour = CRITTER_COLOURS[led]
        out.append(_at(CRITTER_ICONS[led](colour), 28, 36, 44))
    else:
        out.append("".join(f'<circle cx="{x}" cy="{y}" r="6" fill="{CRITTER_COLOURS[c]}"/>'
                           for c, (x, y) in zip(CRITTERS, ((50, 56), (64, 70), (50, 84), (36, 70)))))
    return "".join(out)


TRICKSTERS_ART = picture("Two Tricksters cards, each showing four critters with their values, one turned to Foxes",
                         cards_laid((tricksters_face((1, 2, 5, 4)), 22, 14, 42, -12),
                                    (tricksters_face((4, 1, 5, 2), "Foxes"), 58, 12, 42, 10)))


class Tricksters(Layout, game="tricksters"):
    pitch = ("Draft half your hand from cards everyone can see, then win tricks with a "
             "partner who changes every round; each card counts four ways.")
    picture = TRICKSTERS_ART
    total_in_header = False
    placed = frozenset({"centre", "drafted", "known_held", "suits", "partners", "roles", "dealer",
                        "values", "trick_values", "tricks_won", "scores", "hand_sizes", "leader",
                        "led_suit", "round", "target", "tricks_led"})
    ROLE = {"dealer": "Dealer", "left": "Dealer's left", "across": "Across from the dealer",
            "right": "Dealer's right"}
    CRITTERS = CRITTERS

    def face(self, token, tell, led):
        """All four critter values on the card's four edges; turned, where a critter
        counts (the led critter, or yours when you lead), to put its value toward you."""
        words = tell.words
        led = led or words.led_now(tell)
        values = words.values(token, tell)
        spoken = words.oriented(token, tell, led) if led else ", ".join(
            f"{c} {v}" for c, v in zip(self.CRITTERS, values))
        return svg(self.art(token, led=led, values=values), led=led), spoken

    def art(self, token, theme="", led=None, values=None, **drawn):
        """`values`: the card's four, Ravens first (its token does not say them)."""
        return tricksters_face(tuple(values), led) if values else frame()

    @staticmethod
    def pair_of(obs: dict, seat: int) -> str | None:
        partners = obs.get("partners") or []
        if seat >= len(partners) or partners[seat] is None:
            return None
        me = obs["seat"]
        return "ours" if seat == me or partners[seat] == me else "theirs"

    def seat_badges(self, tell, seat):
        obs = tell.obs
        out = []
        for role, who in (obs.get("roles") or {}).items():
            if who == seat:
                out.append(_badge(self.ROLE.get(role, role.capitalize()), "dealer" if role == "dealer" else "role"))
        suits = obs.get("suits") or []
        if seat < len(suits) and suits[seat]:
            critter = suits[seat]
            out.append(f'<span class="critter critter-{esc(critter.lower())}" title="Leads {esc(critter)}">'
                       f'Leads {esc(critter)}</span>')
        pair = self.pair_of(obs, seat)
        if pair:
            partner = obs["partners"][seat]
            out.append(_badge(f"Partner: {tell.seat(partner)}", f"pair pair-{pair}"))
        return out

    def seat_body(self, tell, seat):
        obs = tell.obs
        out = [super().seat_body(tell, seat)]
        phase = obs.get("phase")
        held = (obs.get("known_held") if phase == "play" else
                obs.get("drafted") if phase in ("draft", "suits", "partners") else None) or []
        # your own drafted cards are in your hand once the tricks start
        if seat < len(held) and held[seat] and (seat != tell.me or phase != "play"):
            word = "Drafted, still held" if phase == "play" else "Drafted"
            out.append(f'<div class="drafted"><span class="lbl">{word}</span>'
                       f'<span class="cards small">{_cards(held[seat], tell)}</span></div>')
        won = obs.get("tricks_won") or []
        scores = obs.get("scores") or []
        if seat < len(won) and phase == "play":
            out.append(f'<p class="line">Pair tricks: <b>{esc(won[seat])}</b></p>')
        if seat < len(scores):
            out.append(f'<p class="line">Score: <b>{esc(scores[seat])}</b></p>')
        return "".join(out)

    def middle(self, tell, legal, why=None):
        obs = tell.obs
        leads = ""
        leader, suits = obs.get("leader"), obs.get("suits") or []
        if obs.get("phase") == "play" and leader is not None and leader < len(suits):
            leads = f" · {tell.seat(leader)} {tell.verb('leads', leader)} {suits[leader]}"
        out = [f'<p class="round-info">Round {esc(obs.get("round", ""))}'
               + (f' · target {esc(obs["target"])}' if obs.get("target") is not None else "") + esc(leads) + "</p>"]
        if obs.get("phase") in ("draft", "suits", "partners"):
            cells = []
            for slot in obs.get("centre") or []:
                card, who = slot.get("card"), slot.get("taken_by")
                tag = (f'<span class="taken-by">{esc(tell.seat(who))}</span>' if who is not None
                       else '<span class="taken-by free">free</span>')
                drafting = why is not None and obs.get("phase") == "draft"
                cells.append(f'<li class="centre-card{" taken" if who is not None else ""}">'
                             f'{_clickable(f"take {card}", legal, tell, card, why=why if drafting else None, uid=f"why-centre-{card}")}'
                             f'{tag}</li>')
            out.append('<section class="region draft-centre" id="draft-centre" aria-label="The centre: 8 cards to draft">'
                       f'<h3>Centre</h3><ol class="centre-cards">{"".join(cells)}</ol></section>')
            if any(suits) or obs.get("phase") == "suits":
                chips = []
                for critter in self.CRITTERS:
                    owner = suits.index(critter) if critter in suits else None
                    who = tell.seat(owner) if owner is not None else "free"
                    cls = f'critter critter-{esc(critter.lower())}{" taken" if owner is not None else ""}'
                    token = f"suit {critter}"
                    if token in legal:
                        chips.append(f'<li><button type="button" class="{cls} legal" data-action="{esc(token)}" '
                                     f'aria-label="{esc(tell.choice(token))}">Take {esc(critter)}</button></li>')
                    else:
                        chips.append(f'<li class="{cls}">{esc(critter)}: {esc(who)}</li>')
                out.append('<section class="region suit-cards" id="suit-cards" aria-label="Suit cards">'
                           f'<h3>Suit cards</h3><ul class="critters">{"".join(chips)}</ul></section>')
        return "".join(out)

    def on_table_words(self, tell):
        return {"draft": "take a card from the centre", "suits": "take a suit card"}.get(
            tell.obs.get("phase"), super().on_table_words(tell))

    def trick_footer(self, tell, trick):
        obs = tell.obs
        values = obs.get("trick_values") or []
        led = obs.get("led_suit")
        if not values or not led:
            return ""
        sums: dict[str, int] = {}
        for seat, value in values:
            pair = self.pair_of(obs, seat) or "ours"
            sums[pair] = sums.get(pair, 0) + value
        ours, theirs = sums.get("ours", 0), sums.get("theirs", 0)
        return (f'<p class="trick-sums" id="trick-sums">{esc(led)} led · '
                f'<span class="pair-ours">Your pair {esc(ours)}</span> · '
                f'<span class="pair-theirs">Other pair {esc(theirs)}</span></p>')

    def trick_led(self, tell, hand, number):
        return tell.words.led_in(tell, hand, number)

    def winning_seats(self, tell, trick, where):
        partners = tell.words.round_facts(tell, where[0])["partners"]
        winner = trick["winner"]
        return {winner, partners[winner]} if winner < len(partners) else {winner}

    def sheet_table(self, tell, result):
        rows = []
        pair_of = {s: p for p in result["pairs"] for s in p["seats"]}
        for seat in range(tell.players):
            pair = pair_of[seat]
            rows.append((f'data-seat="{seat}"', [
                esc(tell.seat(seat)), esc(tell.seat(result["partners"][seat])), esc(result["suits"][seat]),
                _tricks(pair["tricks"]), _points(result["points"][seat]), esc(result["totals"][seat])]))
        return _table(["Player", "Partner", "Suit", "Pair's tricks", "Points", "Total"], rows)
