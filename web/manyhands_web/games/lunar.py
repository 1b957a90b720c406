"""Lunar (and its two-player Sky) in the page: its table layout (what it shows around
the generic table, layouts.py) and its card on the home page (pitch and picture)."""
from __future__ import annotations

from functools import lru_cache

from pycore.words import count

from .. import card_symbols as sym
from ..card_art import INK, PAPER, _at, _indices, _text, frame, svg
from ..cards import _cards, _clickable
from ..layouts import Layout, _badge, _points, _table, _tricks
from ..markup import esc
from ..pictures import cards_laid, picture
from ..teams import Teams

# --- the faces: rank cards night-blue with a moon, the kinds with their animals, star
# cards with a star -----------------------------------------------------------------------
LUNAR_NIGHT, LUNAR_SILVER, LUNAR_GOLD = "#1b2550", "#f4f1e8", "#ffd166"
LUNAR_KINDS = {"Wolf": ("W", sym.wolf_head, "#4a4a4a", PAPER), "Owl": ("O", sym.owl, "#8a5a00", INK),
               "Lynx": ("L", sym.lynx, "#b5651d", "#3a1a00"), "Bat": ("B", sym.bat, "#5b2c83", PAPER)}


@lru_cache(maxsize=128)
def lunar_face(token: str, star: bool = False) -> str:
    token = token.removeprefix("sky:")
    mark = _at(sym.star(), 68, 6, 26) if star else ""
    if token in LUNAR_KINDS:
        letter, animal, colour, detail = LUNAR_KINDS[token]
        small = animal(colour, detail)
        return (frame() + _indices(letter, colour, small) + _at(small, 22, 40, 56) + mark)
    number = token[1:]
    return (frame(LUNAR_NIGHT, "#0b1026") + _indices(number, LUNAR_SILVER)
            + _at(sym.moon(LUNAR_GOLD), 60 if not star else 36, 8, 20)
            + _text(50, 96, number, 60, LUNAR_SILVER, "middle") + mark)


LUNAR_ART = picture("A star rank card and an Owl card under a crescent moon",
                    '<path d="M100 6a14 14 0 1 0 10 24a11 11 0 1 1 -10 -24z" fill="#ffd166"/>'
                    + cards_laid((lunar_face("R8", star=True), 20, 16, 40, -8), (lunar_face("Owl"), 56, 18, 40, 8)))


class Lunar(Teams, Layout, game="lunar"):
    pitch = ("Partners make every trick together: one plays the suit, the other the rank. "
             "Two players share the face-up Sky.")
    picture = LUNAR_ART
    placed = frozenset({"teams", "partner", "sky", "tile_turners", "tiles_down", "tiles_up", "trump",
                        "lead_suit", "trick", "trick_leader", "last_trick", "tricks_won", "track",
                        "track_points", "stars_won", "star_cards", "scores", "target", "hand_sizes",
                        "round", "start", "exchange", "partner_known", "still_due"})
    ORDER = ("Wolf", "Owl", "Lynx", "Bat")
    pad_note = "Points per round for each team, the running score in brackets."

    def face(self, token, tell, led):
        name = tell.card(token)
        star = token.removeprefix("sky:") in (tell.obs.get("star_cards") or [])
        return svg(self.art(token, star=star)), f"{name}, star card" if star else name

    def art(self, token, theme="", star=False, **drawn):
        return lunar_face(token, star)

    def trump_words(self, tell):
        """The trump, at the game's end too (the last hand's, beside its result)."""
        trump = tell.obs.get("trump")
        return f"Trump: {trump}" if trump else ""

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
            inner = f'<span class="tile-name">{esc(tile)}</span> <span class="tile-state">{esc(state)}</span>'
            if token in legal:        # its name starts with the words it shows (label in name)
                tiles.append(f'<li><button type="button" class="{cls} legal" data-action="{esc(token)}" '
                             f'aria-label="{esc(tile)} {esc(state)}: {esc(tell.choice(token))}">{inner}</button></li>')
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
                         f'<span class="track-v" title="points on the track">{"●" * value if value else "·"}</span>{markers}</li>')
        teams = []
        for t, n in enumerate(won):
            stars = (obs.get("stars_won") or [[]] * len(won))[t]
            points = (obs.get("track_points") or [0] * len(won))[t]
            score = (obs.get("scores") or [0] * len(won))[t]
            teams.append(f'<li class="{"pair-ours" if self._ours(obs, t) else "pair-theirs"}">'
                         f'<b>{esc(self.team_name(tell, t))}</b>: {esc(count(n, "trick"))} ({esc(points)} on the track)'
                         f'<span class="stars-won">, {esc(count(len(stars), "star card"))} won</span>, '
                         f'score {esc(score)}</li>')
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
        """With the Sky: what each player still has to play this trick (place and type),
        said once for both where both owe the same (a trick's start)."""
        obs = tell.obs
        owed: dict[str, list[int]] = {}
        for seat, due in enumerate(obs.get("still_due") or []):
            owed.setdefault(tell.words.still_due(due), []).append(seat)
        lines = []
        for what, seats in owed.items():
            state = ("acting" if obs.get("to_act") in seats else
                     "done" if not obs["still_due"][seats[0]]["cards"] else "")
            names = " and ".join(f"<b>{esc(tell.seat(seat))}</b>" for seat in seats)
            marked = f' class="{state}"' if state else ""
            numbers = " ".join(map(str, seats))
            lines.append(f'<li data-seat="{numbers}"{marked}>{names}: {esc(what)}</li>')
        return lines

    def _sky(self, tell, legal, why) -> str:
        obs = tell.obs
        sky = list(obs.get("sky") or [])
        ranks = [c for c in sky if c.startswith("R")]
        suits = [c for c in sky if not c.startswith("R")]
        playing = why is not None and obs.get("phase") == "play"

        def row(cards, offset):
            """Each card of the Sky once, with how many the Sky holds (six Bats take one place)."""
            piles = {c: cards.count(c) for c in cards}
            return "".join(f'<span class="sky-pile" data-count="{n}">'
                           + _clickable(f"sky:{c}", legal, tell, c, why=why if playing else None,
                                        uid=f"why-sky-{offset + i}")
                           + (f'<span class="pile-n" aria-hidden="true">×{n}</span>'
                              f'<span class="visually-hidden">{n} in the Sky</span>' if n > 1 else "")
                           + "</span>" for i, (c, n) in enumerate(piles.items()))
        return (f'<section class="region sky" id="sky" aria-label="The Sky: {count(len(sky), "card")} both players play from">'
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
        """One line under the trick: the lead suit (trump is in the status and on the
        tiles), and what each team has put in so far, its suit and its rank."""
        obs = tell.obs
        bits = [esc(f"Lead suit: {obs['lead_suit']}")] if obs.get("lead_suit") else []
        teams = []
        for team, members in enumerate(obs.get("teams") or []):
            cards = [tell.card(card) for seat, card in trick["cards"] if seat in members]
            if cards:
                cls = "pair-ours" if self._ours(obs, team) else "pair-theirs"
                teams.append(f'<span class="{cls}">{esc(self.team_name(tell, team))}: '
                             f'{esc(" + ".join(cards))}</span>')
        if teams:
            bits.append(f'<span id="team-plays">{" · ".join(teams)}</span>')
        return f'<p class="trick-sums">{" · ".join(bits)}</p>' if bits else ""

    def sheet_table(self, tell, result):
        rows = []
        for t, team in enumerate(result["teams"]):
            stars = team["stars"]
            rows.append((self.team_row(team, t), [
                esc(self.team_name(tell, t)), _tricks(team["tricks"]), esc(team["track_points"]),
                f'{esc(len(stars))}' + (f' <span class="note">({esc(", ".join(map(tell.card, stars)))})</span>'
                                        if stars else ""),
                _points(team["points"]), f'{esc(team["total"])} of {esc(result["target"])}']))
        who = "Team" if tell.players == 4 else "Player"
        return _table([who, "Tricks", "Track points", "Star cards", "Points", "Score"], rows)
