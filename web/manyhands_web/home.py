"""The home page (the page's Pyodide): a card per game (pages.py draws it) with
Play, its house rules read back and checked by the engine, the computers' level;
Your games (your_games.py, storage.py) with Resume and Delete; and, at a page
load, the game that was at the table brought back."""
from __future__ import annotations

import json
import random
import time

from pyscript import window

from pycore import get_game

from . import dom, first_screen, pages, your_games
from .dom import announce, el, focus_next, refocus, set_html
from .session import ManyhandsError, Session, card_namer


def now_ms() -> int:
    return int(time.time() * 1000)


class Home:
    def __init__(self, app) -> None:
        self.app = app                 # the page (app.py): the table, the games kept
        self.games_note = ""           # said above Your games (a game dropped, deleted...)
        self.touched = False           # the cards were changed before Python started (first_screen.js)

    def draw_home(self) -> None:
        """The cards with the player's kept choices; but where the player changed the
        cards drawn before Python started (first_screen.js), those are kept as they are."""
        if self.touched:
            self.touched = False
            dom.set_data("data-touched", None)
            for name in self.app.games:       # each card's seat choices, for the players chosen
                self.update_seats(name)
            dom.set_text("level-help", pages.level_help(str(el("level")._dom_element.value)))
        else:
            prefs = self.app.kept.prefs()
            level = first_screen.kept_level(prefs)
            set_html("level", pages.level_options_html(level))
            dom.set_text("level-help", pages.level_help(level))
            playing = self.app.table.session.game.name if self.app.table.in_progress() else None
            finished = frozenset(e["summary"].get("game") for e in self.app.kept.games() if e["summary"].get("finished"))
            set_html("game-cards", first_screen.home_cards_html(self.app.games, prefs, playing, finished))
        self.draw_your_games()

    def draw_your_games(self) -> None:
        entries = self.app.kept.games()
        dom.set_prop("your-games", "hidden", not entries and not self.games_note)
        dom.set_text("games-note", self.games_note)
        at_table = self.app.table.game_id if self.app.table.session is not None else None
        set_html("saved-games", your_games.your_games_html(entries, now_ms(), at_table))

    def note(self, text: str) -> None:
        """Said above Your games, and announced."""
        self.games_note = text
        announce(text)

    def open_game(self, game_id: str, show: bool = True) -> bool:
        """Bring a kept game to the table, as it was left (False: it cannot be read;
        it stays in the list, and the page says why)."""
        if self.app.table.session is not None and game_id == self.app.table.game_id:
            if show:
                self.app.views.go("table")
            return True
        try:
            session = Session.from_saved(self.app.kept.load_game(game_id))
        except ValueError as exc:       # storage.SavedGameError, or a record that does not replay
            self.note(f"Could not resume that game: {exc}.")
            if show:
                self.draw_your_games()
            return False
        self.app.table.begin(session, game_id, resumed=True, show=show)
        return True

    async def delete_game(self, game_id: str) -> None:
        """Delete a kept game, once the player says so."""
        entry = self.app.kept.entry(game_id)
        if entry is None:
            self.draw_your_games()
            return
        if not await self.app.confirm.ask("Delete this game?", your_games.delete_question(entry, now_ms()), "Delete"):
            refocus(f'[data-delete="{game_id}"]')
            return
        self.app.kept.delete_game(game_id)
        if game_id == self.app.table.game_id:
            self.app.table.leave_table()
        self.note(f"Deleted your game of {your_games.describe(entry['summary'])}.")
        self.draw_home()
        focus_next(["#saved-games [data-open]", "#view-home h2"], force=True)

    def read_card(self, game: str) -> tuple[dict, dict]:
        """The raw readings of a game card's rules controls (see pages.field_value),
        and the values of its other controls (deal, seat, theme) and the level, by id."""
        ids = [f"seed-{game}", f"seat-{game}", f"theme-{game}", "level"]
        card = dom.ask("readCard", game, json.dumps(ids))     # (one read of the page)
        fields: dict[str, list[dict]] = {}
        for control in card["controls"]:
            fields.setdefault(control["field"], []).append(control)
        raw = {}
        for key, controls in fields.items():
            kind = controls[0]["kind"]
            if kind == "bool":
                raw[key] = controls[0]["checked"]
            elif kind in ("choice", "int"):
                raw[key] = controls[0]["value"]
            elif kind == "set":
                raw[key] = [c["value"] for c in controls if c["checked"]]
            elif kind == "list":
                raw[key] = [c["value"] for c in controls]
            elif kind == "table":
                rows: dict[int, list[str]] = {}
                for c in controls:
                    if c["row"] >= 0 and c["tag"] == "input":
                        rows.setdefault(c["row"], []).append(c["value"])
                raw[key] = [rows[r] for r in sorted(rows)]
        return raw, card["values"]

    def choices(self, game: str) -> dict | None:
        """A new game's choices read from `game`'s card: its house rules, the level, a
        new deal (or the deal asked for under Advanced), your place, the theme; None
        (and the card says what is wrong) when the engine refuses a value."""
        fields = self.app.games[game]["fields"]
        raw, values = self.read_card(game)
        rules, errors = pages.read_house_rules(game, fields, raw)
        seed_text = (values[f"seed-{game}"] or "").strip()
        if seed_text and not seed_text.isdigit():
            errors["seed"] = "A deal number is a whole number, 0 or more."
        dom.change("fieldErrors", game, errors)
        dom.set_text(f"seed-{game}-help", errors.get("seed") or (
            "Every game shows its deal number; enter it here to play the same cards again."))
        error = f"error-{game}"
        if errors:
            dom.set_text(error, "Not started: " + ("check the deal number." if list(errors) == ["seed"]
                                                   else "check the house rules marked below."))
            if "seed" in errors:
                dom.set_prop(f"advanced-{game}", "open", True)
                refocus(f"#seed-{game}")
            return None
        seed = int(seed_text) if seed_text else random.randrange(1, 10**6)
        try:
            get_game(game).new_game(rules, seed=seed)
        except (ManyhandsError, ValueError, TypeError) as exc:
            dom.set_text(error, f"Not started: {pages.engine_message(exc)}")
            return None
        dom.set_text(error, "")
        return {"rules": rules, "seed": seed, "place": values[f"seat-{game}"] or "",      # a place (pages.seat_at)
                "theme": values[f"theme-{game}"] or "", "level": values["level"] or "normal"}

    def play(self, game: str) -> None:
        """Start `game` from its card against the computers; a value the engine refuses
        starts nothing."""
        chosen = self.choices(game)
        if chosen is None:
            return
        rules, seed, place, theme, level = (chosen[k] for k in ("rules", "seed", "place", "theme", "level"))
        session = Session.new(game, rules, seed, pages.seat_at(game, rules, seed, place), level, theme)
        self.app.kept.save_prefs(game=game, level=level, rules={game: rules},
                                 advanced={game: {"seat": place, "theme": theme}})
        self.app.table.start(session, f"New game of {session.game.title}, deal {seed}.")

    def reset_field(self, game: str, key: str) -> None:
        """A data field's control back to the standard values."""
        field = next(f for f in self.app.games[game]["fields"] if f["name"] == key)
        box = window.document.querySelector(f'#game-{game} .rule-field[data-field="{key}"]')
        box.outerHTML = pages.field_html(game, field, field["default"], card_namer(game))

    def update_seats(self, game: str) -> None:
        """The seats offered under Advanced, for the players chosen on the card."""
        players, seat = f"rule-{game}-players", f"seat-{game}"
        values = dom.ask("readCard", "", json.dumps([players, seat]))["values"]
        if values[players] is None:
            return
        set_html(seat, pages.seat_options_html(game, int(values[players]), values[seat] or "0"))

    def resume(self) -> bool:
        """At a page load: the game that was at the table, as it was left (a game kept
        by a site that kept one game only is taken into your games first)."""
        _, error = self.app.kept.adopt_legacy(lambda saved: Session.from_saved(saved).summary())
        if error:
            self.note(f"Could not resume the saved game ({error}).")
        game_id = self.app.kept.open_id()
        if game_id is None or self.app.kept.entry(game_id) is None:
            return False
        return self.open_game(game_id, show=False)
