"""Per-game table layouts: what each game's table shows around the generic parts.

`render.table_html` places the seats around the table (you at the bottom, the
others clockwise from your left), the current trick in the middle with each card
at its player's side, your hand and the prompt. A layout adds what makes the
table look like its game, read only from the seat's observation (never from the
state) and told in the game's words (a `pycore.words.Narrator`, `tell`): badges
and lines in each seat's box, regions in the middle (Tricksters' draft centre,
Lunar's trump tiles, track and Sky, Raven's trump schedule, Voren's pot and
turned card), card faces (Tricksters' four critter values), notes on played
cards, and the columns of the score pad and of a hand's score sheet. Observation
keys a layout draws are listed in `placed` so the generic "Table details" list
leaves them out.

What is drawn clickable still comes only from legal tokens (`data-action`). A layout
decides nothing: where it summarises (Tricksters' pair sums, what Lunar's Sky still
owes each player this trick) it restates public facts for reading, and the legal
tokens stay the only authority on what may be played.
"""
from __future__ import annotations

from pycore.game import get_game
from pycore.words import count, minus, signed

from . import card_art
from . import render   # (render imports this module: names are looked up at call time)


def card_html(*args, **kwargs) -> str:
    return render.card_html(*args, **kwargs)


def esc(value) -> str:
    return render.esc(value)


def _cards(tokens, tell, cls: str = "small", led=None) -> str:
    return "".join(card_html(t, tell, classes=cls, led=led) for t in tokens)


FAN = 5        # face-down cards drawn in a fan at most (the count is written on it)


def _backs(count_: int, label: str) -> str:
    """`count_` face-down cards as a small fan of card backs (cards.css draws them:
    too small for card_art's back to show more) with their number, one label for
    all of them."""
    backs = '<span class="card-back"></span>' * min(count_, FAN)
    return (f'<span class="backs" role="img" aria-label="{esc(label)}" data-count="{count_}">{backs}'
            f'<span class="backs-n" aria-hidden="true">{count_}</span></span>')


def _badge(text: str, cls: str = "") -> str:
    return f'<span class="badge {cls}">{esc(text)}</span>'


def _clickable(token: str, legal: set, tell, shown: str, cls: str = "small", why=None, uid: str = "") -> str:
    """A card that is also a choice when `token` is legal (else, with `why`, it says
    why it is not)."""
    if token in legal:
        return card_html(shown, tell, action=token, enabled=True, classes=cls)
    if why is not None:
        return card_html(shown, tell, classes=cls, why=why(token) or "not a choice now", uid=uid)
    return card_html(shown, tell, classes=cls)


def _pad_cell(points: int, running: int) -> str:
    """A score pad's cell: a hand's points and, in brackets, the total after it."""
    return (f'<span class="pts" data-points="{points}">{esc(signed(points))}</span> '
            f'<span class="run">({esc(running)})</span>')


LAYOUTS: dict[str, "Layout"] = {}


class Layout:
    """The generic table: no per-game touches. A game's layout registers against the
    game by subclassing with its name, `class Lunar(Layout, game="lunar")`; the
    conformance suite fails for a game of the catalog without one."""
    placed: frozenset = frozenset()
    hidden_details: frozenset = frozenset()   # fields the details panel leaves out (drawn elsewhere)
    total_in_header = True      # False where the seat's box shows its score or chips itself
    hand_word = "hand"          # the game's word for a deal played out (its Words.hand_word)
    pad_note = "Points per hand, the running total in brackets."
    specials: frozenset = frozenset()         # suitless named cards, drawn apart

    def __init_subclass__(cls, game: str = "", **kwargs):
        super().__init_subclass__(**kwargs)
        if game:
            cls.hand_word = get_game(game).words.hand_word   # (a game of the catalog only)
            LAYOUTS[game] = cls()

    def seat_classes(self, obs: dict, seat: int) -> str:
        return ""

    def is_special(self, token: str) -> bool:
        return token in self.specials

    def face(self, token: str, tell, led: str | None) -> tuple[str, str]:
        """(the card's face, drawn by card_art.py, its spoken name)."""
        return card_art.face(tell.game.name, token, tell.theme), tell.card(token)

    def trump_words(self, tell) -> str:
        return ""

    def seat_badges(self, tell, seat: int) -> list[str]:
        dealer = tell.obs.get("dealer")
        return [_badge("Dealer", "dealer")] if dealer == seat else []

    def seat_body(self, tell, seat: int) -> str:
        obs = tell.obs
        sizes = obs.get("hand_sizes")
        if isinstance(sizes, list) and seat != tell.me and seat < len(sizes) and sizes[seat]:
            return (f'<div class="held"><span class="lbl">Hand</span>'
                    f'{_backs(sizes[seat], f"{sizes[seat]} cards in hand")}</div>')
        return ""

    def middle(self, tell, legal: set, why=None) -> str:
        """Regions drawn in the middle of the table, above the trick (`why`: while
        it is your turn, why a token is not a choice now)."""
        return ""

    def below(self, tell, legal: set, why=None) -> str:
        """Regions drawn under the table, above your hand."""
        return ""

    def on_table_words(self, tell) -> str:
        """What your choices drawn on the table are, for "Your turn: ..." (they are
        chosen there, not repeated under your hand)."""
        return "choose on the table"

    def plays_in_trick(self, obs: dict) -> list[int]:
        """Seats expected to play in the current trick (an empty place is kept for them)."""
        return list(range(obs["players"]))

    def play_notes(self, obs: dict, trick: dict) -> list[str]:
        """A short note per card of the current trick (e.g. Lunar's "Sky")."""
        return [""] * len(trick["cards"])

    def trick_footer(self, tell, trick: dict) -> str:
        return ""

    def trick_led(self, tell, hand: int, number: int) -> str | None:
        """The suit a finished trick's cards count in, where a card has several."""
        return None

    def winning_seats(self, tell, trick: dict, where) -> set[int]:
        """The seats whose cards took a finished trick (highlighted)."""
        return {trick["winner"]}

    # --- the score pad and a hand's score sheet -------------------------------------------
    def pad(self, tell) -> tuple[list[str], list[list[str]]]:
        """(column heads, one row of cells per finished hand): the points of that hand
        and the running total, per player."""
        results = tell.obs.get("hand_results") or []
        heads = [tell.seat(s) for s in range(tell.players)]
        return heads, [[_pad_cell(p, t) for p, t in zip(r["points"], self.running(r))] for r in results]

    def running(self, result: dict) -> list[int]:
        """Each player's total after a finished hand."""
        return result["totals"]

    def sheet_table(self, tell, result: dict) -> str:
        return ""

    def face_marks(self, result: dict, seat: int) -> tuple[set, str]:
        """Cards of a seat's face-up hand drawn apart on the score sheet, and what
        that marks (Raven: the bid cards)."""
        return set(), ""


def _table(heads: list[str], rows: list[tuple[str, list[str]]], caption: str = "") -> str:
    """A score table: `rows` as (tr attributes, cells), the first cell a row header."""
    head = "".join(f"<th scope=col>{esc(h)}</th>" for h in heads)
    body = "".join(f"<tr {attrs}><th scope=row>{cells[0]}</th>" + "".join(f"<td>{c}</td>" for c in cells[1:])
                   + "</tr>" for attrs, cells in rows)
    cap = f"<caption>{esc(caption)}</caption>" if caption else ""
    return f'<table class="sheet">{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def _points(n: int) -> str:
    return f'<b class="points" data-points="{n}">{esc(minus(n))}</b>'


def _tricks(n: int) -> str:
    return f'<span class="tricks">{esc(n)}</span>'


# --- Tricksters ---------------------------------------------------------------------------
class Tricksters(Layout, game="tricksters"):
    total_in_header = False
    placed = frozenset({"centre", "drafted", "known_held", "suits", "partners", "roles", "dealer",
                        "values", "trick_values", "tricks_won", "scores", "hand_sizes", "leader",
                        "led_suit", "round", "target", "tricks_led"})
    ROLE = {"dealer": "Dealer", "left": "Dealer's left", "across": "Across from the dealer",
            "right": "Dealer's right"}
    CRITTERS = ("Ravens", "Foxes", "Rats", "Toads")

    def face(self, token, tell, led):
        """All four critter values on the card's four edges; turned, where a critter
        counts (the led critter, or yours when you lead), to put its value toward you."""
        words = tell.words
        led = led or words.led_now(tell)
        values = words.values(token, tell)
        spoken = words.oriented(token, tell, led) if led else ", ".join(
            f"{c} {v}" for c, v in zip(self.CRITTERS, values))
        return card_art.face("tricksters", token, led=led, values=values), spoken

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


# --- Lunar ----------------------------------------------------------------------------------
class Lunar(Layout, game="lunar"):
    placed = frozenset({"teams", "partner", "sky", "tile_turners", "tiles_down", "tiles_up", "trump",
                        "lead_suit", "trick", "trick_leader", "last_trick", "tricks_won", "track",
                        "track_points", "stars_won", "star_cards", "scores", "target", "hand_sizes",
                        "round", "start", "exchange", "partner_known", "still_due"})
    ORDER = ("Wolf", "Owl", "Lynx", "Bat")
    pad_note = "Points per round for each team, the running score in brackets."

    def face(self, token, tell, led):
        name = tell.card(token)
        star = token.removeprefix("sky:") in (tell.obs.get("star_cards") or [])
        return card_art.face("lunar", token, star=star), f"{name}, star card" if star else name

    def trump_words(self, tell):
        trump = tell.obs.get("trump")
        return f"Trump: {trump}" if trump else ""

    @staticmethod
    def team_of(obs, seat) -> int:
        for index, team in enumerate(obs.get("teams") or []):
            if seat in team:
                return index
        return 0

    def _ours(self, obs, team) -> bool:
        return team == self.team_of(obs, obs["seat"])

    def team_name(self, tell, team: int) -> str:
        """A team as the listener says it: "You and Across", "Left and Right" (2 players: one seat)."""
        return tell.seats(tell.words.team((tell.obs.get("teams") or [[0], [1]])[team][0], tell))

    def seat_classes(self, obs, seat):
        return " pair-ours" if self._ours(obs, self.team_of(obs, seat)) else " pair-theirs"

    def seat_badges(self, tell, seat):
        obs = tell.obs
        out = []
        if obs.get("start") == seat:
            out.append(_badge("Start player", "role"))
        if obs.get("partner") is not None and seat == obs["partner"]:
            out.append(_badge("Partner", "pair pair-ours"))
        return out

    def middle(self, tell, legal, why=None):
        obs = tell.obs
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
                             f'aria-label="{esc(tell.choice(token))}">{inner}</button></li>')
            else:
                tiles.append(f'<li><span class="{cls} suit-{esc(tile.lower())}" role="img" '
                             f'aria-label="{esc(tile)}: {esc(state)}">{inner}</span></li>')
        out = [f'<section class="region tiles" id="trump-tiles" aria-label="Trump tiles">'
               f'<h3>Trump tiles</h3><ul class="tile-row">{"".join(tiles)}</ul></section>']
        out.append(self._track(tell))
        return "".join(out)

    def _marker(self, tell, team) -> str:
        obs = tell.obs
        if obs["players"] == 2:
            return tell.seat(obs["teams"][team][0])
        return "Us" if self._ours(obs, team) else "Them"

    def _track(self, tell) -> str:
        obs = tell.obs
        track = obs.get("track") or []
        won = obs.get("tricks_won") or []
        cells = []
        for count_, value in enumerate(track):
            markers = "".join(
                f'<span class="marker {"pair-ours" if self._ours(obs, t) else "pair-theirs"}" '
                f'title="{esc(self.team_name(tell, t))}">{esc(self._marker(tell, t))}</span>'
                for t, n in enumerate(won) if n == count_)
            cells.append(f'<li class="track-cell{" scoring" if value else ""}"><span class="track-n">{count_}</span>'
                         f'<span class="track-v">{"★" * value if value else "·"}</span>{markers}</li>')
        teams = []
        for t, n in enumerate(won):
            stars = (obs.get("stars_won") or [[]] * len(won))[t]
            points = (obs.get("track_points") or [0] * len(won))[t]
            score = (obs.get("scores") or [0] * len(won))[t]
            teams.append(f'<li class="{"pair-ours" if self._ours(obs, t) else "pair-theirs"}">'
                         f'<b>{esc(self.team_name(tell, t))}</b>: {esc(count(n, "trick"))} ({esc(points)} on the track), '
                         f'{esc(count(len(stars), "star card"))} won, score {esc(score)}</li>')
        title = "Track" if obs["players"] == 2 else "Team track"     # the Sky: two players, no teams
        return (f'<section class="region track" id="team-track" aria-label="{title}">'
                f'<h3>{title} <span class="note">(target {esc(obs.get("target", ""))})</span></h3>'
                f'<ol class="track-cells" start="0" aria-hidden="true">{"".join(cells)}</ol>'
                f'<ul class="team-lines">{"".join(teams)}</ul></section>')

    def below(self, tell, legal, why=None):
        obs = tell.obs
        out = []
        stars = obs.get("stars_won") or []
        if any(stars):
            rows = "".join(f'<li class="{"pair-ours" if self._ours(obs, t) else "pair-theirs"}">'
                           f'<span class="lbl">{esc(self.team_name(tell, t))} ({len(cards)})</span>'
                           f'<span class="cards small">{_cards(cards, tell)}</span></li>'
                           for t, cards in enumerate(stars))
            out.append(f'<section class="region stars" id="stars-won" aria-label="Star cards won">'
                       f'<h3>Star cards won</h3><ul class="star-lines">{rows}</ul></section>')
        exchange = obs.get("exchange") or {}
        if exchange.get("gave") or exchange.get("received"):
            out.append('<section class="region exchange" id="exchange" aria-label="Your exchange">'
                       '<h3>Exchange with your partner</h3>'
                       f'<p>You gave: <span class="cards small">{_cards(exchange.get("gave") or [], tell)}</span></p>'
                       f'<p>You received: <span class="cards small">{_cards(exchange.get("received") or [], tell)}</span></p>'
                       '</section>')
        if obs.get("sky") is not None:
            out.insert(0, self._sky(tell, legal, why))
        return "".join(out)

    def on_table_words(self, tell):
        return "play a card from the Sky" if tell.obs.get("phase") == "play" else "turn a trump tile face down"

    def _due(self, tell) -> list[str]:
        """With the Sky: what each player still has to play this trick (place and type)."""
        obs = tell.obs
        lines = []
        for seat, due in enumerate(obs.get("still_due") or []):
            what = tell.words.still_due(due)
            lines.append(f'<li data-seat="{seat}"{" class=acting" if obs.get("to_act") == seat else ""}>'
                         f'<b>{esc(tell.seat(seat))}</b>: {esc(what)}</li>')
        return lines

    def _sky(self, tell, legal, why) -> str:
        obs = tell.obs
        sky = list(obs.get("sky") or [])
        ranks = [c for c in sky if c.startswith("R")]
        suits = [c for c in sky if not c.startswith("R")]
        playing = why is not None and obs.get("phase") == "play"

        def row(cards, offset):
            return "".join(_clickable(f"sky:{c}", legal, tell, c, why=why if playing else None,
                                      uid=f"why-sky-{offset + i}") for i, c in enumerate(cards))
        return (f'<section class="region sky" id="sky" aria-label="The Sky: {len(sky)} cards both players play from">'
                f'<h3>The Sky ({len(sky)})</h3>'
                f'<ul class="due" id="sky-due" aria-label="Still due this trick">{"".join(self._due(tell))}</ul>'
                f'<div class="cards sky-row">{row(ranks, 0)}</div><div class="cards sky-row">{row(suits, len(ranks))}</div>'
                '</section>')

    def play_notes(self, obs, trick):
        plays = obs.get("trick") or []
        notes = []
        for index, _ in enumerate(trick["cards"]):
            where = plays[index].get("from") if index < len(plays) else None
            notes.append("Sky" if where == "sky" and obs["players"] == 2 else
                         ("hand" if where == "hand" and obs["players"] == 2 else ""))
        return notes

    def trick_footer(self, tell, trick):
        obs = tell.obs
        bits = []
        if obs.get("trump"):
            bits.append(f"Trump: {obs['trump']}")
        if obs.get("lead_suit"):
            bits.append(f"Lead suit: {obs['lead_suit']}")
        out = f'<p class="trick-sums">{esc(" · ".join(bits))}</p>' if bits else ""
        # what each team has put in so far: its suit and its rank
        teams = []
        for team, members in enumerate(obs.get("teams") or []):
            cards = [tell.card(card) for seat, card in trick["cards"] if seat in members]
            if cards:
                cls = "pair-ours" if self._ours(obs, team) else "pair-theirs"
                teams.append(f'<span class="{cls}">{esc(self.team_name(tell, team))}: '
                             f'{esc(" + ".join(cards))}</span>')
        if teams:
            out += f'<p class="trick-sums" id="team-plays">{" · ".join(teams)}</p>'
        return out

    def winning_seats(self, tell, trick, where):
        team = next((t for t in tell.obs.get("teams") or [] if trick["winner"] in t), [trick["winner"]])
        return {s for s, _ in trick["cards"] if s in team}

    def pad(self, tell):
        results = tell.obs.get("hand_results") or []
        heads = [self.team_name(tell, t) for t in (0, 1)]
        return heads, [[_pad_cell(t["points"], t["total"]) for t in r["teams"]] for r in results]

    def sheet_table(self, tell, result):
        rows = []
        for t, team in enumerate(result["teams"]):
            stars = team["stars"]
            rows.append((f'data-seats="{esc(team["seats"])}" data-team="{t}"', [
                esc(self.team_name(tell, t)), _tricks(team["tricks"]), esc(team["track_points"]),
                f'{esc(len(stars))}' + (f' <span class="note">({esc(", ".join(map(tell.card, stars)))})</span>'
                                        if stars else ""),
                _points(team["points"]), f'{esc(team["total"])} of {esc(result["target"])}']))
        who = "Team" if tell.players == 4 else "Player"
        return _table([who, "Tricks", "Track points", "Star cards", "Points", "Score"], rows)


# --- Raven ------------------------------------------------------------------------------------
class Raven(Layout, game="raven"):
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


# --- Voren --------------------------------------------------------------------------------------
class Voren(Layout, game="voren"):
    total_in_header = False
    placed = frozenset({"chips", "pot", "hand_pot", "turnup", "trump", "choices", "playing", "poke_dealt",
                        "poke_taken_by", "tricks_won", "dealer", "options", "paid_this_hand",
                        "won_this_hand", "looed", "hand_sizes", "led"})
    specials = frozenset({"Wolf", "Treachery"})
    CHOICE = {"play": "Plays", "fold": "Folded", "poke": "Took the poke"}
    pad_note = "Chips won or lost per hand, the chips after it in brackets."

    def trump_words(self, tell):
        obs = tell.obs
        if not obs.get("turnup") or obs.get("terminal"):
            return ""
        return f"Trump: {tell.words.suit_name(obs['trump'], tell)}" if obs.get("trump") else "No trump"

    def seat_classes(self, obs, seat):
        choices = obs.get("choices") or []
        return " folded" if seat < len(choices) and choices[seat] == "fold" else ""

    def seat_badges(self, tell, seat):
        obs = tell.obs
        out = super().seat_badges(tell, seat)
        choices = obs.get("choices") or []
        choice = choices[seat] if seat < len(choices) else None
        if choice:
            out.append(_badge(self.CHOICE.get(choice, "Chose"), f"choice choice-{choice}"))
        elif obs.get("phase") == "decide":
            out.append(_badge("Deciding…" if obs.get("to_act") == seat else "Not yet", "choice"))
        if seat in (obs.get("looed") or []):
            out.append(_badge("Looed", "looed"))
        return out

    def seat_body(self, tell, seat):
        obs = tell.obs
        chips = (obs.get("chips") or [0] * obs["players"])[seat]
        out = [f'<p class="chips-line"><span class="chip" aria-hidden="true"></span>'
               f'<b class="chips">{esc(chips)}</b> chips</p>']
        choices = obs.get("choices") or []
        if not (seat < len(choices) and choices[seat] == "fold"):
            out.append(super().seat_body(tell, seat))
        won = (obs.get("tricks_won") or [0] * obs["players"])[seat]
        if seat in (obs.get("playing") or []):
            pips = "".join("●" if i < won else "○" for i in range(3))
            out.append(f'<p class="line">Tricks <span class="pips" aria-label="{won} of 3">{pips}</span></p>')
        paid = (obs.get("paid_this_hand") or [0] * obs["players"])[seat]
        got = (obs.get("won_this_hand") or [0] * obs["players"])[seat]
        if paid or got:
            out.append(f'<p class="line small">paid {esc(paid)} · won {esc(got)}</p>')
        return "".join(out)

    def middle(self, tell, legal, why=None):
        obs = tell.obs
        opts = obs.get("options") or {}
        flags = [w for w, on in (("poke dealt", opts.get("poke")), ("all play", opts.get("allplay"))) if on]
        taken = obs.get("poke_taken_by")
        if taken is not None:
            flags.append(f"poke taken by {tell.seat(taken, start=False)}")
        turn = obs.get("turnup")
        if turn:
            turned = (f'<div class="turnup" id="turnup"><span class="lbl">Turned up</span>'
                      f'{card_html(turn, tell)}<b>{esc(self.trump_words(tell) or "No trump")}</b></div>')
        else:
            turned = '<div class="turnup" id="turnup"><span class="lbl">Not dealt yet</span></div>'
        pot = obs.get("pot", 0)
        hand_pot = obs.get("hand_pot")
        # the cards face down: the deck (the stock once dealt), and the poke while nobody took it
        pile = "Stock" if turn else "Deck"
        piles = (f'<div class="pile"><span class="lbl">{pile}</span>'
                 f'<span class="pile-back" role="img" aria-label="The {pile.lower()}, face down">'
                 f'{card_art.back()}</span></div>')
        if obs.get("poke_dealt") and taken is None:
            piles += (f'<div class="pile"><span class="lbl">Poke</span>'
                      f'{_backs(3, "The poke: 3 cards face down")}</div>')
        return (f'<section class="region pot-area" id="pot" aria-label="Pot {esc(pot)} chips">'
                f'<div class="pot"><span class="chip big" aria-hidden="true"></span>'
                f'<span class="pot-n">{esc(pot)}</span><span class="lbl">in the pot</span>'
                + (f'<span class="note">this hand started with {esc(hand_pot)}</span>' if hand_pot not in (None, pot) else "")
                + f'</div>{piles}{turned}'
                + (f'<p class="flags">{esc(" · ".join(flags))}</p>' if flags else "")
                + "</section>")

    def plays_in_trick(self, obs):
        return list(obs.get("playing") or [])

    def below(self, tell, legal, why=None):
        obs = tell.obs
        hands = obs.get("hands") or []
        if not hands or obs.get("phase") != "play" and not (hands[-1].get("tricks")):
            return ""
        tricks = hands[-1].get("tricks") or []
        boxes = []
        for index in range(3):
            trick = tricks[index] if index < len(tricks) else None
            if trick is None:
                body, cls = '<span class="note">to come</span>', ""
            elif trick.get("winner") is not None:
                body = (f'<span class="cards small">{_cards([c for _, c in trick["cards"]], tell)}</span>'
                        f'<span class="won">{esc(tell.seat(trick["winner"]))} took it</span>')
                cls = " done"
            else:
                body, cls = '<span class="note">in play</span>', " now"
            boxes.append(f'<li class="trick-box{cls}"><b>Trick {index + 1}</b>{body}</li>')
        return (f'<section class="region three-tricks" id="three-tricks" aria-label="The three tricks">'
                f'<ol class="trick-boxes">{"".join(boxes)}</ol></section>')

    def running(self, result):
        return result["chips"]

    def sheet_table(self, tell, result):
        rows = []
        choice = {"play": "played", "fold": "folded", "poke": "took the poke", None: "—"}
        for seat in range(tell.players):
            paid = result["antes"][seat] + result["loo_paid"][seat]
            looed = " (looed)" if seat in result["looed"] else ""
            rows.append((f'data-seat="{seat}"', [
                esc(tell.seat(seat)), esc(choice.get(result["choices"][seat], "—")) + looed,
                _tricks(result["tricks"][seat]), esc(result["won"][seat]),
                f'{esc(paid)}' + (f' <span class="note">({result["antes"][seat]} ante, '
                                  f'{result["loo_paid"][seat]} loo)</span>' if result["loo_paid"][seat] else ""),
                _points(result["points"][seat]), esc(result["chips"][seat])]))
        pot = (f'Pot {result["pot"]} chips'
               + (f"; next pot {result['next_pot']}" if result.get("next_pot") is not None else ""))
        return _table(["Player", "Choice", "Tricks", "Won", "Paid", "Net", "Chips"], rows, caption=pot)


def layout_for(game: str) -> Layout:
    """The game's layout (the generic table for a name not in the catalog)."""
    return LAYOUTS.get(game) or Layout()


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
