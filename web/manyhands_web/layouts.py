"""Per-game table layouts: what each game's table shows around the generic parts.

`render.table_html` places the seats around the table (you at the bottom, the
others clockwise from your left), the current trick in the middle with each card
at its player's side, your hand and the prompt. A layout adds what makes the
table look like its game, read only from the seat's observation (never from the
state): badges and lines in each seat's box, regions in the middle (Tricksters'
draft centre, Lunar's trump tiles, track and Sky, Raven's trump schedule, Voren's
pot and turned card) and notes on played cards. Observation keys a layout draws
are listed in `placed` so the generic "Table details" list leaves them out.

What is drawn clickable still comes only from legal tokens (`data-action`). A layout
decides nothing: where it summarises (Tricksters' pair sums, what Lunar's Sky still
owes each player this trick) it restates public facts for reading, and the legal
tokens stay the only authority on what may be played.
"""
from __future__ import annotations

from . import render   # (render imports this module: names are looked up at call time)


def card_html(*args, **kwargs) -> str:
    return render.card_html(*args, **kwargs)


def esc(value) -> str:
    return render.esc(value)


def seat_name(seat: int, me: int) -> str:
    return render.seat_name(seat, me)


def _cards(tokens, name, cls: str = "small") -> str:
    return "".join(card_html(t, name, classes=cls) for t in tokens)


def _backs(count: int, label: str) -> str:
    """`count` face-down cards, one label for all of them."""
    backs = "".join('<span class="card-back" aria-hidden="true"></span>' for _ in range(min(count, 20)))
    return f'<span class="backs" role="img" aria-label="{esc(label)}">{backs}</span>'


def _badge(text: str, cls: str = "") -> str:
    return f'<span class="badge {cls}">{esc(text)}</span>'


def _clickable(token: str, legal: set, name, shown: str, cls: str = "small") -> str:
    """A card that is also a choice when `token` is legal."""
    if token in legal:
        return card_html(shown, name, action=token, enabled=True, classes=cls)
    return card_html(shown, name, classes=cls)


class Layout:
    """The generic table: no per-game touches."""
    placed: frozenset = frozenset()
    total_in_header = True      # False where the seat's box shows its score or chips itself

    def seat_classes(self, obs: dict, seat: int) -> str:
        return ""

    def label(self, token: str, obs: dict) -> str | None:
        """Words for a choice button, where the token alone says too little (None: the token's)."""
        return None

    def trump_name(self, obs: dict, name) -> str:
        return name(obs["trump"]) if obs.get("trump") else "none"

    def seat_badges(self, obs: dict, seat: int, name) -> list[str]:
        dealer = obs.get("dealer")
        return [_badge("Dealer", "dealer")] if dealer == seat else []

    def seat_body(self, obs: dict, seat: int, name) -> str:
        sizes = obs.get("hand_sizes")
        if isinstance(sizes, list) and seat != obs["seat"] and seat < len(sizes) and sizes[seat]:
            return (f'<div class="held"><span class="lbl">Hand</span>'
                    f'{_backs(sizes[seat], f"{sizes[seat]} cards in hand")}</div>')
        return ""

    def middle(self, obs: dict, name, legal: set) -> str:
        """Regions drawn in the middle of the table, above the trick."""
        return ""

    def below(self, obs: dict, name, legal: set) -> str:
        """Regions drawn under the table, above your hand."""
        return ""

    def plays_in_trick(self, obs: dict) -> list[int]:
        """Seats expected to play in the current trick (an empty place is kept for them)."""
        return list(range(obs["players"]))

    def play_notes(self, obs: dict, trick: dict) -> list[str]:
        """A short note per card of the current trick (e.g. Lunar's "Sky")."""
        return [""] * len(trick["cards"])

    def trick_footer(self, obs: dict, trick: dict, name) -> str:
        return ""


# --- Tricksters ---------------------------------------------------------------------------
class Tricksters(Layout):
    total_in_header = False
    placed = frozenset({"centre", "drafted", "known_held", "suits", "partners", "roles", "dealer",
                        "values", "trick_values", "tricks_won", "scores", "hand_sizes", "leader",
                        "led_suit", "round", "target"})
    ROLE = {"dealer": "Dealer", "left": "Left", "across": "Across", "right": "Right"}

    def label(self, token, obs):
        verb, _, arg = token.partition(" ")
        if verb == "partner" and arg.isdigit():     # "partner N": you (across) pair with seat N
            me, other = obs["seat"], int(arg)
            rest = [s for s in range(obs["players"]) if s not in (me, other)]
            return (f"Pair with {seat_name(other, me)} "
                    f"(against {' + '.join(seat_name(s, me) for s in rest)})")
        return None

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

    def seat_badges(self, obs, seat, name):
        out = []
        for role, who in (obs.get("roles") or {}).items():
            if who == seat:
                out.append(_badge(self.ROLE.get(role, role.capitalize()), "dealer" if role == "dealer" else "role"))
        suits = obs.get("suits") or []
        if seat < len(suits) and suits[seat]:
            critter = suits[seat]
            out.append(f'<span class="critter critter-{esc(critter.lower())}" title="Leads {esc(critter)}">'
                       f'{esc(critter)}</span>')
        pair = self.pair_of(obs, seat)
        if pair:
            partner = obs["partners"][seat]
            out.append(_badge(f"Partner: {seat_name(partner, obs['seat'])}", f"pair pair-{pair}"))
        return out

    def seat_body(self, obs, seat, name):
        out = [super().seat_body(obs, seat, name)]
        phase = obs.get("phase")
        held = (obs.get("known_held") if phase == "play" else
                obs.get("drafted") if phase in ("draft", "suits", "partners") else None) or []
        # your own drafted cards are in your hand once the tricks start
        if seat < len(held) and held[seat] and (seat != obs["seat"] or obs.get("phase") != "play"):
            word = "Drafted, still held" if obs.get("phase") == "play" else "Drafted"
            out.append(f'<div class="drafted"><span class="lbl">{word}</span>'
                       f'<span class="cards small">{_cards(held[seat], name)}</span></div>')
        won = obs.get("tricks_won") or []
        scores = obs.get("scores") or []
        if seat < len(won) and obs.get("phase") == "play":
            out.append(f'<p class="line">Pair tricks: <b>{esc(won[seat])}</b></p>')
        if seat < len(scores):
            out.append(f'<p class="line">Score: <b>{esc(scores[seat])}</b></p>')
        return "".join(out)

    def middle(self, obs, name, legal):
        leads = ""
        leader, suits = obs.get("leader"), obs.get("suits") or []
        if obs.get("phase") == "play" and leader is not None and leader < len(suits):
            leads = f" · {seat_name(leader, obs['seat'])} lead{'' if leader == obs['seat'] else 's'} {suits[leader]}"
        out = [f'<p class="round-info">Round {esc(obs.get("round", ""))}'
               + (f' · target {esc(obs["target"])}' if obs.get("target") is not None else "") + esc(leads) + "</p>"]
        if obs.get("phase") in ("draft", "suits", "partners"):
            me = obs["seat"]
            cells = []
            for slot in obs.get("centre") or []:
                card, who = slot.get("card"), slot.get("taken_by")
                tag = (f'<span class="taken-by">{esc(seat_name(who, me))}</span>' if who is not None
                       else '<span class="taken-by free">free</span>')
                cells.append(f'<li class="centre-card{" taken" if who is not None else ""}">'
                             f'{_clickable(f"take {card}", legal, name, card)}{tag}</li>')
            out.append('<section class="region draft-centre" id="draft-centre" aria-label="The centre: 8 cards to draft">'
                       f'<h3>Centre</h3><ol class="centre-cards">{"".join(cells)}</ol></section>')
            suits = obs.get("suits") or []
            if any(suits) or obs.get("phase") == "suits":
                chips = []
                for critter in name.value_suits or ():
                    owner = suits.index(critter) if critter in suits else None
                    who = seat_name(owner, me) if owner is not None else "free"
                    cls = f'critter critter-{esc(critter.lower())}{" taken" if owner is not None else ""}'
                    token = f"suit {critter}"
                    if token in legal:
                        chips.append(f'<li><button type="button" class="{cls} legal" data-action="{esc(token)}">'
                                     f'Take {esc(critter)}</button></li>')
                    else:
                        chips.append(f'<li class="{cls}">{esc(critter)}: {esc(who)}</li>')
                out.append('<section class="region suit-cards" id="suit-cards" aria-label="Suit cards">'
                           f'<h3>Suit cards</h3><ul class="critters">{"".join(chips)}</ul></section>')
        return "".join(out)

    def trick_footer(self, obs, trick, name):
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


# --- Lunar ----------------------------------------------------------------------------------
class Lunar(Layout):
    placed = frozenset({"teams", "partner", "sky", "tile_turners", "tiles_down", "tiles_up", "trump",
                        "lead_suit", "trick", "trick_leader", "last_trick", "tricks_won", "track",
                        "track_points", "stars_won", "star_cards", "scores", "target", "hand_sizes",
                        "round", "start"})
    ORDER = ("Wolf", "Owl", "Lynx", "Bat")

    def label(self, token, obs):
        if token.startswith("sky:"):
            return f"{token[4:]} from the Sky"
        if token.startswith("turn "):
            return f"Turn {token[5:]} face down"
        return None

    @staticmethod
    def team_of(obs, seat) -> int:
        for index, team in enumerate(obs.get("teams") or []):
            if seat in team:
                return index
        return 0

    def _ours(self, obs, team) -> bool:
        return team == self.team_of(obs, obs["seat"])

    def seat_classes(self, obs, seat):
        return " pair-ours" if self._ours(obs, self.team_of(obs, seat)) else " pair-theirs"

    def seat_badges(self, obs, seat, name):
        out = []
        if obs.get("start") == seat:
            out.append(_badge("Start player", "role"))
        if obs.get("partner") is not None and seat == obs["partner"]:
            out.append(_badge("Partner", "pair pair-ours"))
        return out

    def middle(self, obs, name, legal):
        down = list(obs.get("tiles_down") or [])
        up = list(obs.get("tiles_up") or [])
        known = [t for t in self.ORDER if t in down + up] + [t for t in down + up if t not in self.ORDER]
        tiles = []
        for tile in known:
            trump = tile == obs.get("trump")
            state = "trump" if trump else ("turned down" if tile in down else "face up")
            cls = "tile" + (" down" if tile in down else "") + (" trump" if trump else "")
            token = f"turn {tile}"
            inner = f'<span class="tile-name">{esc(tile)}</span><span class="tile-state">{esc(state)}</span>'
            if token in legal:
                tiles.append(f'<li><button type="button" class="{cls} legal" data-action="{esc(token)}" '
                             f'aria-label="Turn {esc(tile)} face down">{inner}</button></li>')
            else:
                tiles.append(f'<li><span class="{cls} suit-{esc(tile.lower())}" role="img" '
                             f'aria-label="{esc(tile)}: {esc(state)}">{inner}</span></li>')
        out = [f'<section class="region tiles" id="trump-tiles" aria-label="Trump tiles">'
               f'<h3>Trump tiles</h3><ul class="tile-row">{"".join(tiles)}</ul></section>']
        out.append(self._track(obs))
        return "".join(out)

    def _team_label(self, obs, team) -> str:
        if obs["players"] == 2:
            return seat_name(obs["teams"][team][0], obs["seat"])
        return "Your team" if self._ours(obs, team) else "Other team"

    def _marker(self, obs, team) -> str:
        if obs["players"] == 2:
            seat = obs["teams"][team][0]
            return "You" if seat == obs["seat"] else f"S{seat}"
        return "Us" if self._ours(obs, team) else "Them"

    def _track(self, obs) -> str:
        track = obs.get("track") or []
        won = obs.get("tricks_won") or []
        cells = []
        for count, value in enumerate(track):
            markers = "".join(
                f'<span class="marker {"pair-ours" if self._ours(obs, t) else "pair-theirs"}" '
                f'title="{esc(self._team_label(obs, t))}">{esc(self._marker(obs, t))}</span>'
                for t, n in enumerate(won) if n == count)
            cells.append(f'<li class="track-cell{" scoring" if value else ""}"><span class="track-n">{count}</span>'
                         f'<span class="track-v">{"★" * value if value else "·"}</span>{markers}</li>')
        teams = []
        for t, n in enumerate(won):
            stars = (obs.get("stars_won") or [[]] * len(won))[t]
            points = (obs.get("track_points") or [0] * len(won))[t]
            score = (obs.get("scores") or [0] * len(won))[t]
            teams.append(f'<li class="{"pair-ours" if self._ours(obs, t) else "pair-theirs"}">'
                         f'<b>{esc(self._team_label(obs, t))}</b>: {esc(n)} tricks (track {esc(points)}), '
                         f'{esc(len(stars))} star cards won, score {esc(score)}</li>')
        return (f'<section class="region track" id="team-track" aria-label="Team track">'
                f'<h3>Team track <span class="note">(target {esc(obs.get("target", ""))})</span></h3>'
                f'<ol class="track-cells" start="0" aria-hidden="true">{"".join(cells)}</ol>'
                f'<ul class="team-lines">{"".join(teams)}</ul></section>')

    def seat_body(self, obs, seat, name):
        return super().seat_body(obs, seat, name)

    def below(self, obs, name, legal):
        out = []
        stars = obs.get("stars_won") or []
        if any(stars):
            rows = "".join(f'<li class="{"pair-ours" if self._ours(obs, t) else "pair-theirs"}">'
                           f'<span class="lbl">{esc(self._team_label(obs, t))} ({len(cards)})</span>'
                           f'<span class="cards small">{_cards(cards, name)}</span></li>'
                           for t, cards in enumerate(stars))
            out.append(f'<section class="region stars" id="stars-won" aria-label="Star cards won">'
                       f'<h3>Star cards won</h3><ul class="star-lines">{rows}</ul></section>')
        exchange = obs.get("exchange") or {}
        if exchange.get("gave") or exchange.get("received"):
            out.append('<section class="region exchange" id="exchange" aria-label="Your exchange">'
                       '<h3>Exchange</h3>'
                       f'<p>Gave: <span class="cards small">{_cards(exchange.get("gave") or [], name)}</span></p>'
                       f'<p>Received: <span class="cards small">{_cards(exchange.get("received") or [], name)}</span></p>'
                       '</section>')
        if obs.get("sky") is not None:
            out.insert(0, self._sky(obs, name, legal))
        return "".join(out)

    def _due(self, obs) -> list[str]:
        """With the Sky: what each player still has to play this trick (place and type)."""
        me = obs["seat"]
        lines = []
        trick = obs.get("trick") or []
        for seat in range(obs["players"]):
            mine = [p for p in trick if p.get("seat") == seat]
            who = seat_name(seat, me)
            if not mine:
                what = "two cards: one from hand and one from the Sky, one suit and one rank"
            elif len(mine) == 1:
                place = "the Sky" if mine[0].get("from") == "hand" else "hand"
                kind = "a suit card" if str(mine[0].get("card", "")).startswith("R") else "a rank card"
                what = f"{kind} from {place}"
            else:
                what = "done this trick"
            lines.append(f'<li data-seat="{seat}"{" class=acting" if obs.get("to_act") == seat else ""}>'
                         f'<b>{esc(who)}</b>: {esc(what)}</li>')
        return lines

    def _sky(self, obs, name, legal) -> str:
        sky = list(obs.get("sky") or [])
        ranks = [c for c in sky if c.startswith("R")]
        suits = [c for c in sky if not c.startswith("R")]

        def row(cards):
            return "".join(_clickable(f"sky:{c}", legal, name, c) for c in cards)
        return (f'<section class="region sky" id="sky" aria-label="The Sky: {len(sky)} cards both players play from">'
                f'<h3>The Sky ({len(sky)})</h3>'
                f'<ul class="due" id="sky-due" aria-label="Still due this trick">{"".join(self._due(obs))}</ul>'
                f'<div class="cards sky-row">{row(ranks)}</div><div class="cards sky-row">{row(suits)}</div>'
                '</section>')

    def play_notes(self, obs, trick):
        plays = obs.get("trick") or []
        notes = []
        for index, _ in enumerate(trick["cards"]):
            where = plays[index].get("from") if index < len(plays) else None
            notes.append("Sky" if where == "sky" and obs["players"] == 2 else
                         ("hand" if where == "hand" and obs["players"] == 2 else ""))
        return notes

    def trick_footer(self, obs, trick, name):
        bits = []
        if obs.get("trump"):
            bits.append(f"Trump {obs['trump']}")
        if obs.get("lead_suit"):
            bits.append(f"lead suit {obs['lead_suit']}")
        out = f'<p class="trick-sums">{esc(" · ".join(bits))}</p>' if bits else ""
        # what each team has put in so far: its suit and its rank
        teams = []
        for team, members in enumerate(obs.get("teams") or []):
            cards = [card for seat, card in trick["cards"] if seat in members]
            if cards:
                cls = "pair-ours" if self._ours(obs, team) else "pair-theirs"
                teams.append(f'<span class="{cls}">{esc(self._team_label(obs, team))}: '
                             f'{esc(" + ".join(cards))}</span>')
        if teams:
            out += f'<p class="trick-sums" id="team-plays">{" · ".join(teams)}</p>'
        return out


# --- Raven ------------------------------------------------------------------------------------
class Raven(Layout):
    total_in_header = False
    placed = frozenset({"bids", "bid_cards", "tricks_won", "scores", "bonuses", "hand_sizes", "dealer",
                        "trump", "ravenclaw", "led_suit", "dwarf_named", "hand_number", "hands_in_game"})

    def seat_body(self, obs, seat, name):
        me = obs["seat"]
        out = [super().seat_body(obs, seat, name)]
        bids = obs.get("bids") or []
        bid = bids[seat] if seat < len(bids) else None
        won = (obs.get("tricks_won") or [0] * obs["players"])[seat]
        if bid:
            count = obs.get("bid_cards") or 0
            if bid.get("status") == "to bid":
                pile = '<span class="bid-pile waiting">to bid</span>'
            elif bid.get("cards"):
                how = "revealed" if bid.get("revealed") else ("yours, hidden from the others" if seat == me else "")
                pile = (f'<span class="bid-pile{" revealed" if bid.get("revealed") else ""}">'
                        f'<span class="cards small">{_cards(bid["cards"], name)}</span>'
                        f'<span class="lbl">{esc(how)}</span></span>')
            else:
                pile = f'<span class="bid-pile">{_backs(count, f"{count} bid cards face down")}</span>'
            value = bid.get("value")
            shown = "?" if value is None else str(value)
            out.append(f'<div class="bid"><span class="lbl">Bid</span>{pile}</div>'
                       f'<p class="line tricks-vs-bid" data-seat="{seat}">Tricks <b>{esc(won)}</b> / bid '
                       f'<b>{esc(shown)}</b></p>')
        scores = obs.get("scores") or []
        if seat < len(scores):
            bonus = (obs.get("bonuses") or [0] * obs["players"])[seat]
            out.append(f'<p class="line">Score <b>{esc(scores[seat])}</b>'
                       + (f' · {esc(bonus)} exact' if bonus else "") + "</p>")
        return "".join(out)

    def schedule(self, obs, name) -> list[tuple[int, str | None]]:
        """(hand number, trump suit token or None for the ravenclaw hand) for the whole game."""
        rules_of = getattr(name.module, "RavenRules", None) if name.module else None
        if rules_of is None:
            return []
        try:
            rules = rules_of(**{k: v for k, v in (obs.get("rules") or {}).items()
                                if k in rules_of.__dataclass_fields__})
            return [(i + 1, rules.trump_of_hand(i)) for i in range(rules.hands_in_game)]
        except Exception:
            return []

    def middle(self, obs, name, legal):
        current = obs.get("hand_number")
        suits = getattr(name.module, "SUITS", ()) if name.module else ()
        items = []
        for number, trump in self.schedule(obs, name):
            label = name(suits[trump]) if trump is not None and trump < len(suits) else "Raven only"
            state = " current" if number == current else (" past" if current and number < current else "")
            code = suits[trump].lower() if trump is not None and trump < len(suits) else "raven"
            items.append(f'<li class="sched{state} trump-{code}"{" aria-current=step" if state == " current" else ""}>'
                         f'<span class="sched-n">{number}</span><span class="sched-t">{esc(label)}</span></li>')
        out = []
        if items:
            out.append(f'<section class="region schedule" id="trump-schedule" aria-label="Trump by hand">'
                       f'<h3>Trump by hand</h3><ol class="schedule-row">{"".join(items)}</ol></section>')
        trump = obs.get("trump")
        now = name(trump) if trump else "none: the Raven is the only trump"
        bits = [f'Trump now: <b class="trump-now">{esc(now)}</b>']
        if obs.get("led_suit"):
            bits.append(f"Led: {esc(name(obs['led_suit']))}")
        if obs.get("dwarf_named"):
            bits.append(f"Dwarf named {esc(name(obs['dwarf_named']))}")
        out.append(f'<p class="round-info" id="trump-now">{" · ".join(bits)}</p>')
        return "".join(out)


# --- Voren --------------------------------------------------------------------------------------
class Voren(Layout):
    total_in_header = False
    placed = frozenset({"chips", "pot", "hand_pot", "turnup", "trump", "choices", "playing", "poke_dealt",
                        "poke_taken_by", "tricks_won", "dealer", "options", "paid_this_hand",
                        "won_this_hand", "looed", "hand_sizes", "led"})
    CHOICE = {"play": "Plays", "fold": "Folded", "poke": "Took the poke"}

    def trump_name(self, obs, name):
        """The trump suit's name, read off the turned card ("5 of Diamonds": Diamonds)."""
        shown = name(obs["turnup"]) if obs.get("turnup") else ""
        if not obs.get("trump"):
            return "none"
        return shown.split(" of ")[-1] if " of " in shown else str(obs["trump"])

    def seat_classes(self, obs, seat):
        choices = obs.get("choices") or []
        return " folded" if seat < len(choices) and choices[seat] == "fold" else ""

    def seat_badges(self, obs, seat, name):
        out = super().seat_badges(obs, seat, name)
        choices = obs.get("choices") or []
        choice = choices[seat] if seat < len(choices) else None
        if choice:
            out.append(_badge(self.CHOICE.get(choice, choice), f"choice choice-{choice}"))
        elif obs.get("phase") == "decide":
            out.append(_badge("Deciding…" if obs.get("to_act") == seat else "Not yet", "choice"))
        if seat in (obs.get("looed") or []):
            out.append(_badge("Looed", "looed"))
        return out

    def seat_body(self, obs, seat, name):
        chips = (obs.get("chips") or [0] * obs["players"])[seat]
        out = [f'<p class="chips-line"><span class="chip" aria-hidden="true"></span>'
               f'<b class="chips">{esc(chips)}</b> chips</p>']
        choices = obs.get("choices") or []
        if not (seat < len(choices) and choices[seat] == "fold"):
            out.append(super().seat_body(obs, seat, name))
        won = (obs.get("tricks_won") or [0] * obs["players"])[seat]
        if seat in (obs.get("playing") or []):
            pips = "".join("●" if i < won else "○" for i in range(3))
            out.append(f'<p class="line">Tricks <span class="pips" aria-label="{won} of 3">{pips}</span></p>')
        paid = (obs.get("paid_this_hand") or [0] * obs["players"])[seat]
        got = (obs.get("won_this_hand") or [0] * obs["players"])[seat]
        if paid or got:
            out.append(f'<p class="line small">paid {esc(paid)} · won {esc(got)}</p>')
        return "".join(out)

    def middle(self, obs, name, legal):
        me = obs["seat"]
        opts = obs.get("options") or {}
        flags = [w for w, on in (("poke dealt", opts.get("poke")), ("all play", opts.get("allplay"))) if on]
        taken = obs.get("poke_taken_by")
        if taken is not None:
            flags.append(f"poke taken by {seat_name(taken, me)}")
        turn = obs.get("turnup")
        trump = obs.get("trump")
        if turn:
            trump_text = f"Trump: {self.trump_name(obs, name)}" if trump else "No trump this hand"
            turned = (f'<div class="turnup" id="turnup"><span class="lbl">Turned up</span>'
                      f'{card_html(turn, name)}<b>{esc(trump_text)}</b></div>')
        else:
            turned = '<div class="turnup" id="turnup"><span class="lbl">Not dealt yet</span></div>'
        pot = obs.get("pot", 0)
        hand_pot = obs.get("hand_pot")
        return (f'<section class="region pot-area" id="pot" aria-label="Pot {esc(pot)} chips">'
                f'<div class="pot"><span class="chip big" aria-hidden="true"></span>'
                f'<span class="pot-n">{esc(pot)}</span><span class="lbl">in the pot</span>'
                + (f'<span class="note">this hand started with {esc(hand_pot)}</span>' if hand_pot not in (None, pot) else "")
                + f'</div>{turned}'
                + (f'<p class="flags">{esc(" · ".join(flags))}</p>' if flags else "")
                + "</section>")

    def plays_in_trick(self, obs):
        return list(obs.get("playing") or [])

    def below(self, obs, name, legal):
        hands = obs.get("hands") or []
        if not hands or obs.get("phase") != "play" and not (hands[-1].get("tricks")):
            return ""
        tricks = hands[-1].get("tricks") or []
        me = obs["seat"]
        boxes = []
        for index in range(3):
            trick = tricks[index] if index < len(tricks) else None
            if trick is None:
                body, cls = '<span class="note">to come</span>', ""
            elif trick.get("winner") is not None:
                body = (f'<span class="cards small">{_cards([c for _, c in trick["cards"]], name)}</span>'
                        f'<span class="won">{esc(seat_name(trick["winner"], me))} took it</span>')
                cls = " done"
            else:
                body, cls = '<span class="note">in play</span>', " now"
            boxes.append(f'<li class="trick-box{cls}"><b>Trick {index + 1}</b>{body}</li>')
        return (f'<section class="region three-tricks" id="three-tricks" aria-label="The three tricks">'
                f'<ol class="trick-boxes">{"".join(boxes)}</ol></section>')


LAYOUTS = {"tricksters": Tricksters(), "lunar": Lunar(), "raven": Raven(), "voren": Voren()}


def layout_for(game: str) -> Layout:
    return LAYOUTS.get(game, Layout())


def sides(n: int, me: int) -> dict[int, tuple[str, int]]:
    """Where each seat sits: (side, index along that side). You at the bottom; the
    others clockwise from your left: up the left side, along the top, down the right."""
    others = n - 1
    left = {1: 0, 2: 1, 3: 1, 4: 1, 5: 1, 6: 2, 7: 2}.get(others, others // 3)
    right = left
    top = others - left - right
    out = {me: ("bottom", 0)}
    for k in range(1, n):
        seat = (me + k) % n
        if k <= left:
            out[seat] = ("left", left - k)          # drawn top to bottom: the farthest first
        elif k <= left + top:
            out[seat] = ("top", k - left - 1)
        else:
            out[seat] = ("right", k - left - top - 1)
    return out
