"""Tricksters in the page: its table layout (what it shows around
the generic table, layouts.py) and its card on the home page (pitch and picture)."""
from __future__ import annotations

from ..cards import _cards, _clickable
from ..layouts import Layout, _badge, _points, _table, _tricks
from ..markup import esc
from ..pictures import _card, _svg, _text

# Tricksters: a card shows all four critters, one on each edge, each with a value.
_CRITTERS = '''<polygon points="0,0 44,0 34,12 10,12" fill="#2d2d44"/>
<polygon points="44,0 44,60 34,48 34,12" fill="#c0561b"/>
<polygon points="44,60 0,60 10,48 34,48" fill="#6b6b6b"/>
<polygon points="0,60 0,0 10,12 10,48" fill="#3d7a2a"/>''' + "".join(
    _text(x, y, v, 9, "#fff") for x, y, v in ((22, 9, "1"), (40, 33, "2"), (22, 58, "5"), (5, 33, "4")))
TRICKSTERS_ART = _svg("Two Tricksters cards, each showing four critters with their values",
                      _card(24, 14, 44, 60, -12, body=_CRITTERS) + _card(56, 10, 44, 60, 10, body=_CRITTERS))


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
    SHORT = {"Ravens": "Rav", "Foxes": "Fox", "Rats": "Rat", "Toads": "Toad"}
    CRITTERS = ("Ravens", "Foxes", "Rats", "Toads")

    def face(self, token, tell, led):
        """All four critter values, as on the card; the one that counts (the led
        critter, or yours when you lead) stands out."""
        words = tell.words
        led = led or words.led_now(tell)
        values = words.values(token, tell)
        cells = "".join(f'<span class="v v-{c.lower()}{" led" if c == led else ""}">'
                        f'{self.SHORT[c]}&nbsp;{v}</span>' for c, v in zip(self.CRITTERS, values))
        spoken = words.oriented(token, tell, led) if led else ", ".join(
            f"{c} {v}" for c, v in zip(self.CRITTERS, values))
        return f'<span class="card-values{" oriented" if led else ""}">{cells}</span>', spoken

    @staticmethod
    def pair_of(obs: dict, seat: int) -> str | None:
        partners = obs.get("partners") or []
        if seat >= len(partners) or partners[seat] is None:
            return None
        me = obs["seat"]
        return "ours" if seat == me or partners[seat] == me else "theirs"

    def seat_classes(self, obs, seat):
        pair = self.pair_of(obs, seat)
        return f" pair-{pair}" if pair else ""

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
