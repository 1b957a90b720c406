"""The home page (the page's Pyodide): a card per game (pages.py draws it) with
Play, its house rules read back and checked by the engine, the computers' level;
Your games (your_games.py, storage.py) with Resume and Delete; and, at a page
load, the game that was at the table brought back."""
from __future__ import annotations

import random
import time

from pyscript import window

from . import first_screen, pages, your_games
from .dom import announce, attr, el, focus_next, refocus, set_html
from .session import ManyhandsError, Session


def now_ms() -> int:
    return int(time.time() * 1000)


class Home:
    def __init__(self, app) -> None:
        self.app = app                 # the page (app.py): the table, the games kept
        self.games_note = ""           # said above Your games (a game dropped, deleted...)

    def draw_home(self) -> None:
        """The cards with the player's kept choices; but where the player changed the
        cards drawn before Python started (first_screen.js), those are kept as they are."""
        body = window.document.body
        if body.hasAttribute("data-touched"):
            body.removeAttribute("data-touched")
            for name in self.app.games:       # each card's seat choices, for the players chosen
                self.update_seats(name)
            el("level-help").textContent = pages.level_help(str(el("level")._dom_element.value))
        else:
            prefs = self.app.kept.prefs()
            level = first_screen.kept_level(prefs)
            el("level").innerHTML = pages.level_options_html(level)
            el("level-help").textContent = pages.level_help(level)
            playing = self.app.table.session.game.name if self.app.table.in_progress() else None
            set_html("game-cards", first_screen.home_cards_html(self.app.games, prefs, playing))
        self.draw_your_games()

    def draw_your_games(self) -> None:
        entries = self.app.kept.games()
        el("your-games")._dom_element.hidden = not entries and not self.games_note
        el("games-note").textContent = self.games_note
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

    def read_card(self, game: str) -> dict:
        """The raw readings of a game card's rules controls (see pages.field_value)."""
        raw = {}
        for box in window.document.querySelectorAll(f"#game-{game} .rule-field[data-field]"):
            key, kind = attr(box, "data-field"), attr(box, "data-kind")
            inputs = list(box.querySelectorAll("input, select"))
            if kind == "bool":
                raw[key] = bool(inputs[0].checked)
            elif kind in ("choice", "int"):
                raw[key] = str(inputs[0].value)
            elif kind == "set":
                raw[key] = [str(i.value) for i in inputs if i.checked]
            elif kind == "list":
                raw[key] = [str(i.value) for i in inputs]
            elif kind == "table":
                raw[key] = [[str(i.value) for i in row.querySelectorAll("input")]
                            for row in box.querySelectorAll("tbody tr")]
        return raw

    def show_field_errors(self, game: str, errors: dict[str, str]) -> None:
        document = window.document
        for box in document.querySelectorAll(f"#game-{game} .rule-field[data-field]"):
            key = attr(box, "data-field")
            message = errors.get(key, "")
            box.querySelector(".field-error").textContent = message
            for control in box.querySelectorAll("input, select, fieldset"):
                if message:
                    control.setAttribute("aria-invalid", "true")
                else:
                    control.removeAttribute("aria-invalid")
        if errors:
            first = document.querySelector(f"#game-{game} [aria-invalid=true]")
            rules = document.getElementById(f"house-{game}")
            if first and rules and rules.contains(first):
                rules.open = True
            if first:
                (first.querySelector("input") if str(first.tagName) == "FIELDSET" else first).focus()

    def play(self, game: str) -> None:
        """Start `game` from its card: its house rules, the level, a new deal (or the
        deal asked for under Advanced); a value the engine refuses starts nothing."""
        fields = self.app.games[game]["fields"]
        rules, errors = pages.read_house_rules(game, fields, self.read_card(game))
        seed_text = str(el(f"seed-{game}")._dom_element.value).strip()
        if seed_text and not seed_text.isdigit():
            errors["seed"] = "A deal number is a whole number, 0 or more."
        self.show_field_errors(game, errors)
        el(f"seed-{game}-help").textContent = errors.get("seed") or (
            "Every game shows its deal number; enter it here to play the same cards again.")
        error = el(f"error-{game}")
        if errors:
            error.textContent = "Not started: " + ("check the deal number." if list(errors) == ["seed"]
                                                   else "check the house rules marked below.")
            if "seed" in errors:
                window.document.getElementById(f"advanced-{game}").open = True
                el(f"seed-{game}")._dom_element.focus()
            return
        seat = str(el(f"seat-{game}")._dom_element.value or "")      # a place (pages.seat_at)
        theme_box = window.document.getElementById(f"theme-{game}")
        theme = str(theme_box.value) if theme_box else ""
        level = str(el("level")._dom_element.value or "normal")
        seed = int(seed_text) if seed_text else random.randrange(1, 10**6)
        try:
            session = Session.new(game, rules, seed, pages.seat_at(game, rules, seed, seat), level, theme)
        except (ManyhandsError, ValueError, TypeError) as exc:
            error.textContent = f"Not started: {pages.engine_message(exc)}"
            return
        error.textContent = ""
        self.app.kept.save_prefs(game=game, level=level, rules={game: rules},
                        advanced={game: {"seat": seat, "theme": theme}})
        self.app.table.start(session, f"New game of {session.game.title}, deal {seed}.")

    def reset_field(self, game: str, key: str) -> None:
        """A data field's control back to the standard values."""
        field = next(f for f in self.app.games[game]["fields"] if f["name"] == key)
        box = window.document.querySelector(f'#game-{game} .rule-field[data-field="{key}"]')
        box.outerHTML = pages.field_html(game, field, field["default"], card_namer(game))

    def update_seats(self, game: str) -> None:
        players = window.document.getElementById(f"rule-{game}-players")
        seat = el(f"seat-{game}")._dom_element
        if players is None or not players:
            return
        current = str(seat.value or "0")
        n = int(str(players.value))
        seat.innerHTML = pages.seat_options_html(game, n, current)

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
