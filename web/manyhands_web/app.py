"""The page glue (Pyodide main thread): draws the session, turns clicks into
action tokens, asks the worker for computer moves and hints, saves the record.

Views: #home (the games), #table (the game), #rules/<game> (how to play, and
#rules/<game>/reference: the complete rules). Rendering is
`render.table_html(observation)` and pages.py; no game rule lives here.
"""
from __future__ import annotations

import asyncio
import json
import random
import time

from pyodide.ffi import JsException
from pyscript import fetch, web, when, window

from . import hint_view, log_view, pages, render, review_view, your_games
from .markup import esc
from .session import (ManyhandsError, Session, card_namer, describe_games, hand_end, review_key,
                      review_narrator)
from .storage import BrowserStore, PageStorage

VIEWS = ("home", "table", "rules")
# How the worker's requests fail (client.js): CANCELLED, the worker was stopped
# (Cancel, or a hint's worker restarted under a computer move); WORKER_ERRORS, the
# worker refused the request (its one-line reason) or itself failed. Any other
# error is a bug: it is raised, not shown as a refusal.
CANCELLED = "Cancelled"
WORKER_ERRORS = ("WorkerRefusal", "WorkerFailed")
# After an action, focus goes to the first of these that is there and enabled:
# your next decision (a legal card, a card to pick, a choice), else the table.
NEXT_DECISION = ("#hand [data-action]:not([disabled])", "#hand [data-toggle]", "#hand [data-sub]",
                 "#prompt .choice", "#prompt #confirm:not([disabled])", "#table [data-action]", "#table")


def _param(name: str, default: str) -> str:
    # (the browser's URLSearchParams: importing urllib.parse, compiled from source
    # in Pyodide, cost a tenth of a second of every page load)
    params = window.URLSearchParams.new(window.location.search)
    return str(params.get(name)) if params.has(name) else default


PACE = float(_param("pace", "0.7"))          # seconds between computer moves
BUDGET = int(_param("budget", "0")) or None  # hint effort in playouts; None: HINT_SECONDS


def _seconds_param(name: str, default: float) -> float:
    """A time in seconds from the address (?hint=1.5), else `default` (an unreadable
    or unreasonable value too: the page never fails to load for its address)."""
    try:
        value = float(_param(name, str(default)))
    except ValueError:
        return default
    return value if 0.1 <= value <= 60 else default


# The default hint's time in the page, counted from the request (replay and view
# too); what is left of the 2 s a player waits goes to wording the hint, the
# message back and drawing it: up to 0.2 s for Raven's 2,380 bids (bench/web.py
# --decisions; at 1.8 s the slowest hints took 2.03 s). ?hint=S sets it for a visit.
HINT_SECONDS = _seconds_param("hint", 1.7)
# How long a finished trick stays before the computers play on: "wait" (until you
# click or press a key), "1", "2" (seconds) or "0" (no pause). A setting, kept in
# the preferences; ?pace=S in the address sets it to S for this visit (the tests' ?pace=0).
TRICK_PAUSES = ("wait", "1", "2", "0")
PACE_GIVEN = _param("pace", "")


def el(element_id: str):
    return web.page[element_id]


def set_html(element_id: str, markup: str) -> None:
    element = el(element_id)
    if element is not None:
        element.innerHTML = markup


def now_ms() -> int:
    return int(time.time() * 1000)


class App:
    def __init__(self) -> None:
        self.kept = PageStorage(BrowserStore(window.localStorage))
        self.session: Session | None = None
        self.game_id: str | None = None     # the game at the table, as kept (storage.py)
        self.games_note = ""                # said above Your games (a game dropped, deleted...)
        self.ui = self.fresh_ui()
        self.generation = 0            # bumped by undo/new/import: stale answers are dropped
        self.games = {g["name"]: g for g in describe_games()}
        self.prev_obs = None
        self.bot_task = None
        self.hint_started = None
        self.hint_shown = None         # (record, best choice) of the hint last shown
        self.policy = ""
        self.texts: dict[str, str] = {}      # rules pages fetched so far
        self.confirming = None              # the answer the confirm dialog awaits
        self.prev_tell = None
        self.hold_until = None         # when a timed trick pause ends (None: it waits for you)
        self.trick_pause = self.initial_trick_pause()
        # the review panel: {"key", "hand", "data" (the export, None while analysed),
        # "step" (0: as dealt, k: trick k), "source": "saved" / "worker", "game": the
        # id of the game it belongs to (shown under that game only)}
        self.review: dict | None = None
        self.review_run = 0            # bumped by each review asked and by Cancel

    @staticmethod
    def fresh_ui() -> dict:
        return {"selected": [], "sub": None, "moment": None, "holding": None, "sheet": None,
                "view_trick": None, "show_scores": False, "end_closed": False, "why_said": "",
                "suggested": None}

    def initial_trick_pause(self) -> str:
        if PACE_GIVEN:
            seconds = float(PACE_GIVEN)
            return "0" if seconds <= 0 else ("1" if seconds <= 1.5 else "2")
        pause = str(self.prefs().get("trick_pause", "2"))
        return pause if pause in TRICK_PAUSES else "2"

    def set_trick_pause(self, pause: str) -> None:
        if pause not in TRICK_PAUSES:
            return
        self.trick_pause = pause
        self.save_prefs(trick_pause=pause)
        if pause == "0" and self.ui.get("holding") == "trick":
            self.release()

    # --- views -----------------------------------------------------------------------
    def route(self) -> None:
        hash_ = str(window.location.hash or "")
        view, _, arg = hash_.lstrip("#").partition("/")
        if view == "table" and self.session is None:
            view = "home"
        if view not in VIEWS:
            view = "table" if self.session is not None else "home"
        for name in VIEWS:
            el(f"view-{name}")._dom_element.hidden = name != view
        if str(window.document.body.dataset.view) != view:
            window.scrollTo(0, 0)             # a new view starts at its top
        window.document.body.dataset.view = view
        if view == "rules":
            name, _, part = arg.partition("/")
            asyncio.ensure_future(self.show_rules(name or self.current_game(), part == "reference"))
        if view == "home":
            self.draw_home()
            _focus_next(["#view-home h2"])
        if view == "table":
            self.draw()
            _focus_next(NEXT_DECISION)
        self.set_title()

    def go(self, view: str) -> None:
        if str(window.location.hash) == f"#{view}":
            self.route()
        else:
            window.location.hash = view

    def current_game(self) -> str:
        return self.session.game.name if self.session else self.prefs().get("game", next(iter(self.games)))

    def in_progress(self) -> bool:
        return self.session is not None and not self.session.state.is_terminal

    def set_title(self) -> None:
        """The tab's title: the view, and whether it is your turn."""
        view = str(window.document.body.dataset.view)
        session = self.session
        if view == "table" and session is not None:
            turn = "Your turn · " if session.my_turn else ("Game over · " if session.state.is_terminal else "")
            title = f"{turn}{session.game.title} · Manyhands"
        elif view == "rules":
            title = "How to play · Manyhands"
        else:
            title = "Manyhands: card games in your browser"
        window.document.title = title
        link = el("nav-table")._dom_element
        link.hidden = session is None

    # --- home ---------------------------------------------------------------------------
    def prefs(self) -> dict:
        return self.kept.prefs()

    def save_prefs(self, **changes) -> None:
        self.kept.save_prefs(**changes)

    def draw_home(self) -> None:
        prefs = self.prefs()
        level = prefs.get("level") if prefs.get("level") in {key for key, _, _ in pages.LEVELS} else "normal"
        el("level").innerHTML = pages.level_options_html(level)
        el("level-help").textContent = pages.level_help(level)
        playing = self.session.game.name if self.in_progress() else None
        cards = []
        for name, game in self.games.items():
            values = prefs.get("rules", {}).get(name, {})
            values = values if isinstance(values, dict) else {}
            advanced = prefs.get("advanced", {}).get(name, {})
            cards.append(pages.game_card_html(game, values, advanced if isinstance(advanced, dict) else {},
                                              name == playing, card_namer(name)))
        set_html("game-cards", "".join(cards))
        self.draw_your_games()

    # --- your games: several kept at once (storage.py), Resume and Delete -------------------
    def draw_your_games(self) -> None:
        entries = self.kept.games()
        el("your-games")._dom_element.hidden = not entries and not self.games_note
        el("games-note").textContent = self.games_note
        at_table = self.game_id if self.session is not None else None
        set_html("saved-games", your_games.your_games_html(entries, now_ms(), at_table))

    def note(self, text: str) -> None:
        """Said above Your games, and announced."""
        self.games_note = text
        self.announce(text)

    def open_game(self, game_id: str, show: bool = True) -> bool:
        """Bring a kept game to the table, as it was left (False: it cannot be read;
        it stays in the list, and the page says why)."""
        if self.session is not None and game_id == self.game_id:
            if show:
                self.go("table")
            return True
        try:
            session = Session.from_saved(self.kept.load_game(game_id))
        except ValueError as exc:       # storage.SavedGameError, or a record that does not replay
            self.note(f"Could not resume that game: {exc}.")
            if show:
                self.draw_your_games()
            return False
        self.begin(session, game_id, resumed=True, show=show)
        return True

    async def delete_game(self, game_id: str) -> None:
        """Delete a kept game, once the player says so."""
        entry = self.kept.entry(game_id)
        if entry is None:
            self.draw_your_games()
            return
        if not await self.ask("Delete this game?", your_games.delete_question(entry, now_ms()), "Delete"):
            _refocus(f'[data-delete="{game_id}"]')
            return
        self.kept.delete_game(game_id)
        if game_id == self.game_id:
            self.leave_table()
        self.note(f"Deleted your game of {your_games.describe(entry['summary'])}.")
        self.draw_home()
        _focus_next(["#saved-games [data-open]", "#view-home h2"], force=True)

    def leave_table(self) -> None:
        """No game at the table (the one there was deleted)."""
        self.generation += 1
        self.cancel_hint(quiet=True)
        self.close_hint()
        self.switch_review(None)
        self.session = self.game_id = None
        self.set_title()

    def read_card(self, game: str) -> dict:
        """The raw readings of a game card's rules controls (see pages.field_value)."""
        raw = {}
        for box in window.document.querySelectorAll(f"#game-{game} .rule-field[data-field]"):
            key, kind = _attr(box, "data-field"), _attr(box, "data-kind")
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
            key = _attr(box, "data-field")
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
        fields = self.games[game]["fields"]
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
        self.save_prefs(game=game, level=level, rules={game: rules},
                        advanced={game: {"seat": seat, "theme": theme}})
        self.start(session, f"New game of {session.game.title}, deal {seed}.")

    def reset_field(self, game: str, key: str) -> None:
        """A data field's control back to the standard values."""
        field = next(f for f in self.games[game]["fields"] if f["name"] == key)
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

    # --- the table ---------------------------------------------------------------------------
    def start(self, session: Session, what: str) -> None:
        """The one way a game starts (a game's card, Play again, Replay this deal, Play
        from here, Import): a game of its own in your games, at the table; the game
        that was there stays kept as it was left."""
        self.begin(session, self.kept.new_id())
        others = len(self.kept.games()) - 1
        self.announce(what + (" Your other games are kept: see Your games on the home page." if others else ""))

    def begin(self, session: Session, game_id: str, resumed: bool = False, show: bool = True) -> None:
        """`session` at the table as the kept game `game_id` (`resumed`: as it was
        left, its moment not told again), with the review open in it if any."""
        self.generation += 1
        self.session = session
        self.game_id = game_id
        self.ui = self.fresh_ui()
        self.hold_until = None
        self.cancel_hint(quiet=True)
        self.close_hint()
        self.switch_review(game_id)
        if resumed:
            self.prev_obs = session.observation()
            self.prev_tell = session.narrator(self.prev_obs)
        else:
            self.prev_obs = self.prev_tell = None
        self.changed(announce=not resumed)
        if show:
            self.go("table")
            _focus_next(NEXT_DECISION, force=True)

    def save(self, obs: dict | None = None) -> None:
        """Keep the game at the table (after every change); the player is told when it
        could not be, and when finished games were dropped to make room."""
        outcome = self.kept.save_game(self.game_id, self.session.saved(), self.session.summary(obs))
        if outcome.ok and self.kept.open_id() != self.game_id:
            self.kept.set_open(self.game_id)
        if outcome.dropped:
            self.note(your_games.dropped_text(outcome.dropped))
        warning = el("save-error")._dom_element
        if not outcome.ok and warning.hidden:
            self.announce("This game could not be saved.")
        warning.hidden = outcome.ok
        warning.innerHTML = "" if outcome.ok else (
            "This game is not saved: the browser's storage is full of games not finished. Delete one you no "
            'longer need under <a href="#home">Your games</a>, or keep this one with Export record.')

    def changed(self, announce: bool = True, bots: bool = True) -> None:
        """After every change of the record: save, announce, mark the moment (a trick
        or a hand just finished, the game over), draw, let computers move."""
        session = self.session
        obs = session.observation()
        self.save(obs)
        tell = session.narrator(obs)
        if announce:
            for line in log_view.announcements(self.prev_tell, tell):
                self.announce(line)
            if session.my_turn and (self.prev_obs is None or self.prev_obs.get("to_act") != session.seat):
                self.announce("Your turn.")
        self.mark_moment(self.prev_obs, obs)
        self.prev_obs, self.prev_tell = obs, tell
        self.draw(obs)
        if str(window.document.body.dataset.view) == "table":
            _focus_next(NEXT_DECISION)
        if bots and session.computer_to_act:
            self.schedule_bot()

    def mark_moment(self, before: dict | None, after: dict) -> None:
        """A trick just finished: it stays on the table, its winner said, and the
        computers wait for you (or for the pause you chose). A hand just finished:
        its score sheet, until you go on. The game over: the final result."""
        if before is None:
            return
        def finished(obs):
            return [(h, k) for h, hand in enumerate(obs.get("hands") or [])
                    for k, t in enumerate(hand["tricks"]) if t.get("winner") is not None]
        new = finished(after)[len(finished(before)):]
        self.ui["moment"] = new[-1] if new else None
        self.ui["view_trick"] = None
        if len(after.get("history") or []) != len(before.get("history") or []):
            self.ui["why_said"] = ""
        pause = self.trick_pause
        ended = len(after.get("hand_results") or []) > len(before.get("hand_results") or [])
        if ended and pause != "0":
            self.ui.update(sheet=len(after["hand_results"]) - 1, holding="hand")
            self.hold_until = None
        elif new and pause != "0" and self.session.computer_to_act:
            self.ui["holding"] = "trick"
            self.hold_until = None if pause == "wait" else time.monotonic() + float(pause)
        if after.get("terminal") and not before.get("terminal"):
            self.ui["end_closed"] = False

    def release(self) -> None:
        """Go on from a finished trick or a hand's score sheet."""
        holding = self.ui.get("holding")
        if not holding:
            return
        self.ui["holding"] = None
        self.hold_until = None
        if holding == "hand":
            self.ui["sheet"] = None
        self.draw()

    async def wait_released(self) -> None:
        while self.ui.get("holding"):
            if self.hold_until is not None and time.monotonic() >= self.hold_until:
                self.release()
                break
            await asyncio.sleep(0.05)

    def draw(self, obs: dict | None = None) -> None:
        session = self.session
        if session is None:
            return
        obs = obs or session.observation()
        tell = session.narrator(obs)
        ui = dict(self.ui, computer=session.computers())
        set_html("table", render.table_html(tell, ui, session.why(tell)))
        set_html("log", log_view.log_html(tell))
        el("game-title").textContent = tell.title()
        el("game-facts").textContent = f"{obs['players']} players · deal {session.state.seed}"
        el("rules-link")._dom_element.href = f"#rules/{session.game.name}"
        el("undo")._dom_element.disabled = session.undo_point() is None
        el("hint")._dom_element.disabled = not session.my_turn or self.hint_started is not None
        el("policy").textContent = self.policy
        theme = el("theme-toggle")._dom_element
        themes = list(getattr(session.game, "themes", ()))
        theme.hidden = len(themes) < 2
        if themes:
            theme.textContent = f"Theme: {session.theme.capitalize()}"
        pace = window.document.getElementById("trick-pace")
        if pace is not None and pace:
            pace.value = self.trick_pause
        body = window.document.body.dataset
        body.turn = "you" if session.my_turn else ("over" if session.state.is_terminal else "computer")
        body.actions = str(len(session.state.history))
        self.set_title()
        body.hold = self.ui.get("holding") or ""

    def act(self, token: str) -> None:
        session = self.session
        if session is None or not session.my_turn:
            return
        try:
            session.apply(token)
        except ManyhandsError as exc:
            self.announce(f"Not allowed: {exc}")
            return
        self.ui.update(selected=[], sub=None, holding=None, sheet=None, suggested=None)
        self.cancel_hint(quiet=True)
        self.close_hint()
        self.changed()

    def play_again(self) -> None:
        """Same game, rules, seat and computer players: a new deal."""
        if self.session is not None:
            session = self.session.again()
            self.start(session, f"New game of {session.narrator().title()}, same rules: a new deal.")

    def schedule_bot(self) -> None:
        if self.bot_task is None or self.bot_task.done():
            self.bot_task = asyncio.ensure_future(self.run_bots())

    async def run_bots(self) -> None:
        while self.session is not None and self.session.computer_to_act:
            await self.wait_released()
            if self.session is None or not self.session.computer_to_act:
                return
            generation = self.generation
            session = self.session
            started = time.monotonic()
            seat = session.state.current_player
            request = {"op": "bot", "record": session.record(), "seat": seat,
                       "level": session.level}     # no seed: the worker seeds as bots.page_seed
            try:
                answer = json.loads(str(await window.manyhands.ask(json.dumps(request))))
            except JsException as exc:
                if exc.name == CANCELLED:   # the worker was restarted (a hint cancelled): ask again
                    continue
                if exc.name not in WORKER_ERRORS:
                    raise
                self.announce(f"Computer player failed: {exc.message}")
                return
            self.policy = ("Computer players: " + answer.get("policy", "")) if answer.get("policy") != "solver" else ""
            wait = PACE - (time.monotonic() - started)
            if wait > 0:
                await asyncio.sleep(wait)
            if generation != self.generation or self.session is not session:
                continue
            try:
                session.apply(answer["token"])
            except ManyhandsError as exc:
                self.announce(f"Computer player made an illegal move: {exc}")
                return
            self.changed(bots=False)    # this loop makes the next computer move

    def undo(self) -> None:
        if self.session and self.session.undo():
            self.generation += 1
            self.cancel_hint(quiet=True)
            self.ui = self.fresh_ui()
            self.hold_until = None
            self.prev_obs = self.prev_tell = None
            self.announce("Took back your last decision.")
            self.changed(announce=False)

    # --- hints ------------------------------------------------------------------------------------
    # The hint panel opens where the player looks: beside the table on a wide
    # screen, as a sheet over the table on a phone (style.css); focus moves to it
    # when the answer is there, and Close gives it back to the table.
    def open_hint(self) -> None:
        el("hint-panel")._dom_element.hidden = False

    def close_hint(self) -> None:
        set_html("hint-body", "")
        el("hint-summary").textContent = ""
        el("hint-panel")._dom_element.hidden = True

    async def hint(self, budget: dict | None = None, split: bool = False) -> None:
        """Ask the worker for a hint: at the page's budget, or at `budget` (the hint's
        offer: every deal, or a longer search; `split`: on several workers at once),
        which then says whether it kept the suggestion of the hint before it."""
        offer = budget is not None
        session = self.session
        if session is None or not session.my_turn or self.hint_started is not None:
            return
        generation = self.generation
        self.hint_started = time.monotonic()
        self.open_hint()
        el("hint-progress")._dom_element.hidden = False
        el("hint-cancel")._dom_element.hidden = False
        el("hint")._dom_element.disabled = True
        window.manyhands.resetProgress()
        _tick()
        set_html("hint-body", "")
        el("hint-summary").textContent = ""
        _show(el("hint-panel")._dom_element, focus=False)
        budget = budget or ({"effort": BUDGET} if BUDGET else {"seconds": HINT_SECONDS})
        record = session.record()
        earlier = None              # the suggestion this offer (Think longer, every deal) searches again
        if offer and self.hint_shown and self.hint_shown[0] == record:
            earlier = self.hint_shown[1]
        request = {"op": "hint", "record": record, "seat": session.seat, "budget": budget,
                   "theme": session.theme if session.theme in session.game.words.themes else ""}
        try:
            ask = window.manyhands.askSplit if split else window.manyhands.ask
            answer = json.loads(str(await ask(json.dumps(request))))
        except JsException as exc:
            if exc.name not in (CANCELLED, *WORKER_ERRORS):
                self.hint_done()
                raise
            if self.hint_started is not None and exc.name != CANCELLED:
                set_html("hint-body", f'<p class="error">{esc(f"Hint failed: {exc.message}")}</p>')
            self.hint_done()
            return
        if generation == self.generation and self.hint_started is not None:
            tell = session.narrator()
            ranked = answer.get("actions") or []
            self.hint_shown = (record, str(ranked[0]["action"])) if ranked else None
            self.ui["suggested"] = self.hint_shown[1] if ranked else None   # marked on the table until you choose
            self.draw()
            set_html("hint-body", hint_view.hint_html(answer, tell, earlier))
            el("hint-summary").textContent = hint_first_step(answer, tell)
            self.announce(hint_sentence(answer, tell))
            self.hint_done()
            _show(el("hint-panel")._dom_element, focus=True)
            return
        self.hint_done()

    def hint_done(self) -> None:
        self.hint_started = None
        el("hint-progress")._dom_element.hidden = True
        el("hint-cancel")._dom_element.hidden = True
        if self.session:
            el("hint")._dom_element.disabled = not self.session.my_turn

    def cancel_hint(self, quiet: bool = False) -> None:
        if self.hint_started is None:
            return
        self.hint_started = None
        window.manyhands.cancel()
        self.hint_done()
        if not quiet:
            set_html("hint-body", "<p>Hint cancelled.</p>")

    # --- the hand review ------------------------------------------------------------------------
    # Asked of its own worker (client.js `review`), decision by decision with a
    # progress bar and Cancel, while the table plays on; kept (storage.py), and
    # open in its game only: shown under that game, after a reload too.
    def keep_analyses(self, group: str) -> None:
        """The analyses the review worker sent for the review just ended, kept."""
        made = [got for text in json.loads(str(window.manyhands.reviewAnalyses()))
                for got in json.loads(text)]
        self.kept.keep_analyses(group, made)

    async def open_review(self, index: int) -> None:
        """Review hand `index` (0-based) of this game: the kept review at once, else
        the worker's, with progress."""
        session = self.session
        if session is None:
            return
        hand = index + 1
        record = session.record()
        end = hand_end(record, hand)
        if end is None:
            return
        key = review_key(record, end, session.seat, hand, BUDGET, session.theme)
        self.review_run += 1
        run = self.review_run
        if self.review is not None and self.review.get("running"):
            self.keep_analyses(self.review["group"])
            window.manyhands.cancelReview()      # one review at a time: the one asked last
        saved = self.kept.review(key)
        self.review = {"key": key, "hand": hand, "data": saved, "step": 0,
                       "source": "saved" if saved else "worker", "game": self.game_id}
        self.kept.set_review(self.game_id, key)
        self.draw_review(scroll=True)
        if saved:
            self.announce(f"Review of {self.hand_word()} {hand}: {saved['hands'][0]['summary']}")
            return
        group = json.dumps([record["game"], record.get("seed"), session.seat, BUDGET])
        self.review["group"] = group
        known = {k: dict(got, worlds=str(got.get("worlds", 0)))       # a JSON number may not hold it
                 for k, got in self.kept.analyses()["groups"].get(group, {}).items()}
        request = {"op": "review", "record": dict(record, actions=record["actions"][:end]),
                   "seat": session.seat, "hand": hand, "budget": BUDGET, "theme": session.theme,
                   "known": known}
        self.review["running"] = True
        try:
            answer = json.loads(str(await window.manyhands.review(json.dumps(request))))
        except JsException as exc:
            if exc.name not in (CANCELLED, *WORKER_ERRORS):
                raise
            if run == self.review_run:
                self.review["running"] = False
                self.review_message("Review cancelled." if exc.name == CANCELLED
                                    else f"The review failed: {exc.message}")
            return
        if run != self.review_run:
            return
        self.review["running"] = False
        self.keep_analyses(group)
        self.review["reused"] = answer.pop("reused", 0)
        if not answer.pop("available", True):
            self.review_message(answer.get("message") or "No review for this hand.")
            return
        if not self.kept.keep_review(key, answer):
            self.announce("This review could not be kept: the browser's storage is full.")
        self.review["data"] = answer
        self.draw_review()
        self.announce(f"Review of {self.hand_word()} {hand} ready. {answer['hands'][0]['summary']}")

    def hand_word(self) -> str:
        return self.session.game.words.hand_word if self.session else "hand"

    def review_message(self, text: str) -> None:
        el("review-progress")._dom_element.hidden = True
        set_html("review-content", f'<p class="review-message" id="review-message">{esc(text)}</p>')
        if self.review is not None:
            self.review["data"] = None

    def draw_review(self, scroll: bool = False) -> None:
        panel = el("review-panel")._dom_element
        review = self.review
        if review is None or review.get("game") != self.game_id or self.session is None:
            panel.hidden = True
            return
        panel.hidden = False
        panel.dataset.reused = str(review.get("reused", ""))    # decisions analysed before (tests)
        panel.dataset.game = str(review["game"])
        data = review["data"]
        el("review-progress")._dom_element.hidden = data is not None
        for button in ("review-replay", "review-export"):
            el(button)._dom_element.disabled = data is None
        word = self.hand_word()
        el("review-title").textContent = f"Review of {word} {review['hand']}"
        el("review-replay").textContent = f"Replay this deal ({self.session.narrator().title()}, {word} {review['hand']})"
        if data is None:
            set_html("review-content", "")
        else:
            hand = data["hands"][0]
            tell = review_narrator(data["record"], data["seat"], data.get("theme", ""), hand["end_action"])
            set_html("review-content", review_view.review_html(hand, tell, review["step"],
                                                               review["source"]))
        if scroll:
            panel.scrollIntoView(_options(block="start"))
            panel.focus(_options(preventScroll=True))

    def close_review(self) -> None:
        self.cancel_review(quiet=True)
        self.review = None
        if self.game_id is not None:
            self.kept.set_review(self.game_id, None)
        self.draw_review()

    def cancel_review(self, quiet: bool = False) -> None:
        if self.review is None or not self.review.get("running"):
            return
        self.review["running"] = False
        self.review_run += 1
        self.keep_analyses(self.review["group"])     # what it had analysed: not lost
        window.manyhands.cancelReview()
        if not quiet:
            self.review_message("Review cancelled. Ask again to start it over.")
            self.announce("Review cancelled.")

    def switch_review(self, game_id: str | None) -> None:
        """The review panel for the game `game_id` comes to the table: the review open
        in it, from where it is kept (after a reload too), or none. A review under way
        for another game stops (its analyses are kept)."""
        if self.review is not None and self.review.get("game") != game_id:
            self.cancel_review(quiet=True)
            self.review = None
        entry = self.kept.entry(game_id) if game_id is not None else None
        key = entry.get("review") if entry else None
        if self.review is None and isinstance(key, str):
            data = self.kept.review(key)
            if data is not None:
                self.review = {"key": key, "hand": data["hands"][0]["hand"], "data": data, "step": 0,
                               "source": "saved", "game": game_id}
        self.draw_review()

    def export_review(self) -> None:
        data = self.review and self.review["data"]
        if data:
            record = data["record"]
            name = f"manyhands-review-{record['game']}-{record.get('seed', 0)}-hand{self.review['hand']}.json"
            window.manyhands.download(name, json.dumps(data, indent=1))

    def branch(self, upto: int, choice: str | None, replay: bool) -> None:
        """Play from one of the reviewed decisions (`choice`: the move made for you
        there, else your turn at it), or replay the deal (`replay`; `upto`: the hand's
        start): a new game of its own; the reviewed one is kept as it was."""
        data = self.review and self.review["data"]
        if not data or self.session is None:
            return
        try:
            session = Session.branch(data["record"], upto, choice, data["seat"], self.session.level,
                                     data.get("theme", ""))
        except ManyhandsError as exc:
            self.announce(f"Could not start from there: {exc}")
            return
        hand = f"{self.session.narrator().title()}, {self.hand_word()} {self.review['hand']}"
        self.start(session, f"{hand} replayed from its start, the same cards." if replay
                   else f"{hand} played on from your decision.")

    # --- records ------------------------------------------------------------------------------
    def export(self) -> None:
        if self.session:
            name = f"manyhands-{self.session.game.name}-{self.session.state.seed}.json"
            window.manyhands.download(name, self.session.record_text())

    async def import_file(self, file) -> None:
        """A record from a file: a new game of its own in your games, at the table.
        A bad record changes nothing and says why."""
        text = str(await file.text())
        current = self.session
        seat = current.seat if current else 0
        error = el("import-error")._dom_element if self.view() == "table" else el("home-import-error")._dom_element
        try:
            session = Session.from_record_text(text, seat, current.level if current else "normal")
        except (ManyhandsError, ValueError, KeyError, TypeError) as exc:
            error.textContent = (f"Could not import {file.name}: {exc}. "
                                 + ("Your current game is kept." if current else ""))
            error.hidden = False
            return
        error.hidden = True
        self.start(session, f"Imported {file.name}.")

    async def ask(self, title: str, text: str, yes: str) -> bool:
        """A yes-or-no question before something that cannot be undone (a modal dialog:
        Keep it / `yes`; Escape keeps)."""
        dialog = el("confirm-dialog")._dom_element
        el("confirm-title").textContent = title
        el("confirm-text").textContent = text
        el("confirm-yes").textContent = yes
        answer = asyncio.get_running_loop().create_future()
        self.confirming = answer
        dialog.showModal()
        try:
            return await answer
        finally:
            self.confirming = None
            if dialog.open:
                dialog.close()

    def view(self) -> str:
        return str(window.document.body.dataset.view)

    # --- rules pages -------------------------------------------------------------------------
    async def show_rules(self, name: str, reference: bool = False) -> None:
        """How to play `name` (the guide rendered at build time, web/guide/) and the
        house rules at your table; or the complete rules text (`reference`)."""
        if name not in self.games:
            name = self.current_game()
        game = self.games[name]
        page = f"rules/{name}{'-reference' if reference else ''}.html"
        if page not in self.texts:
            try:
                response = await fetch(page)
                if not response.ok:
                    raise ValueError(f"HTTP {response.status}")
                self.texts[page] = str(await response.text())
            except (JsException, ValueError) as exc:      # offline without the page cached, or an HTTP error
                self.texts.pop(page, None)
                set_html("rules", f'<p class="error">Could not open the rules of {esc(game["title"])} ({esc(exc)}).</p>')
                return
        if self.view() != "rules":
            return
        nav = f'<nav class="rules-nav" aria-label="Games">{pages.rules_nav_html(self.games, name)}</nav>'
        back = ('<p class="back"><a class="button" href="#table">Back to your game</a></p>'
                if self.session is not None else "")
        if reference:
            body = (f'<p class="back"><a href="#rules/{name}">How to play {esc(game["title"])}</a></p>'
                    f'<article class="guide reference">{self.texts[page]}</article>')
        else:
            if self.session is not None and self.session.game.name == name:
                values = self.session.state.rules.to_dict()
                where = "Your game in progress is played with these."
            else:
                saved = self.prefs().get("rules", {}).get(name, {})
                values = saved if isinstance(saved, dict) else {}
                where = (f"A new game of {game['title']} is played with these; change them under "
                         "House rules on the home page.")
            body = (f'<article class="guide">{self.texts[page]}</article>'
                    + pages.house_rules_table(game["fields"], values, where, card_namer(name))
                    + f'<p class="reference-link"><a href="#rules/{name}/reference">The complete rules of '
                    f'{esc(game["title"])}, every case settled</a></p>')
        set_html("rules", nav + back + body)
        _focus_next(["#rules h2"], force=True)

    # --- misc -----------------------------------------------------------------------------------
    def announce(self, text: str) -> None:
        region = el("announce")
        if region is not None:
            item = window.document.createElement("p")
            item.textContent = text
            region._dom_element.appendChild(item)
            while region._dom_element.childElementCount > 6:
                region._dom_element.removeChild(region._dom_element.firstChild)

    def resume(self) -> bool:
        """At a page load: the game that was at the table, as it was left (a game kept
        by a site that kept one game only is taken into your games first)."""
        _, error = self.kept.adopt_legacy(lambda saved: Session.from_saved(saved).summary())
        if error:
            self.note(f"Could not resume the saved game ({error}).")
        game_id = self.kept.open_id()
        if game_id is None or self.kept.entry(game_id) is None:
            return False
        return self.open_game(game_id, show=False)


app = App()


def _target(event, selector):
    return event.target.closest(selector) if event.target else None


def _attr(node, name: str) -> str | None:
    """An attribute's value, None when absent (JS null is not None in Pyodide)."""
    return str(node.getAttribute(name)) if node.hasAttribute(name) else None


@when("click", "#table")
def on_table_click(event):
    button = _target(event, "[data-action],[data-toggle],[data-sub],[data-ui]")
    if not button:
        if app.ui.get("holding") == "trick" and _target(event, "#middle"):
            app.release()          # a click on the finished trick goes on
        return
    if button.disabled:
        return
    action, toggle, sub, ui = (_attr(button, f"data-{k}") for k in ("action", "toggle", "sub", "ui"))
    if action:
        app.act(action)
    elif toggle is not None:
        index = int(toggle)
        selected = app.ui["selected"]
        app.ui["selected"] = [i for i in selected if i != index] if index in selected else selected + [index]
        app.draw()
        _refocus(f'[data-toggle="{index}"]')
    elif sub is not None:
        app.ui["sub"] = None if app.ui["sub"] == sub else sub
        app.draw()
        _refocus("#prompt .choice")
    elif ui:
        on_ui(ui, button)


def on_ui(ui: str, button) -> None:
    """The table's own controls (data-ui): moments, the trick viewer, score pad and sheets."""
    state = app.ui
    if ui == "pick-suggested":     # the hint's cards picked for you; you still confirm
        state["selected"] = sorted(render.suggested_cards(state.get("suggested"),
                                                          list(app.session.observation().get("hand") or [])))
        app.draw()
        _refocus("#confirm")
        return
    if ui == "why":          # a card or button that cannot be chosen: say why
        reason = _reason(button)
        state["why_said"] = reason
        app.announce(reason)
        app.draw()
        card = _attr(button, "data-card")
        _refocus(f'[data-ui="why"][data-card="{card}"]' if card else f'#{_attr(button, "id") or "confirm"}')
        return
    if ui == "continue":
        app.release()
        if app.session and app.session.state.is_terminal:
            _refocus("#play-again")
        return
    if ui == "details":
        state["show_details"] = not state.get("show_details")
    elif ui == "tricks":
        state["view_trick"] = None if state.get("view_trick") is not None else 10**6
    elif ui in ("trick-prev", "trick-next"):
        state["view_trick"] = max(0, min(int(state.get("view_trick") or 0), _tricks_viewable() - 1)
                                  + (1 if ui == "trick-next" else -1))
    elif ui == "trick-close":
        state["view_trick"] = None
    elif ui == "scores":
        state["show_scores"] = not state.get("show_scores")
    elif ui == "sheet":
        state["sheet"] = int(_attr(button, "data-hand") or 0)
    elif ui == "sheet-close":
        state["sheet"] = None
    elif ui == "end-close":
        state["end_closed"] = True
    elif ui == "end-open":
        state["end_closed"] = False
    elif ui == "review":          # the score sheet's, the end of the game's: review a hand
        if state.get("holding") == "hand":
            app.release()
        state["sheet"] = None
        state["end_closed"] = True
        app.draw()
        asyncio.ensure_future(app.open_review(int(_attr(button, "data-hand") or 0)))
        return
    elif ui == "play-again":
        app.play_again()
        return
    elif ui == "new-game":
        app.go("home")
        return
    app.draw()
    _refocus(f'[data-ui="{ui}"]' if ui not in ("sheet-close", "end-close") else "#table-tools button, #result button")


def _tricks_viewable() -> int:
    obs = app.session.observation() if app.session else {}
    h = render.viewed_hand(obs)
    return len(render.finished_tricks(obs, h)) if h is not None else 0


@when("focusin", "#table")
def on_table_focus(event):
    """A card that cannot be chosen says why when it gets the focus, as on hover."""
    node = _target(event, '[data-ui="why"]')
    said = window.document.getElementById("why-said")
    if node and said:
        said.textContent = _reason(node)


def _reason(node) -> str:
    """Why a card or button cannot be chosen: its tooltip, else its description."""
    described = window.document.getElementById(_attr(node, "aria-describedby") or "")
    return _attr(node, "title") or (str(described.textContent) if described else "")


def on_key(event):
    """Any key goes on from a finished trick (outside form fields)."""
    if app.ui.get("holding") != "trick" or str(event.key) in ("Shift", "Control", "Alt", "Meta", "Tab"):
        return
    tag = str(event.target.tagName or "").lower() if event.target else ""
    if tag in ("input", "select", "textarea"):
        return
    app.release()


def _refocus(selector: str) -> None:
    node = window.document.querySelector(selector)
    if node:
        node.focus()


def _focus_next(selectors, force: bool = False) -> None:
    """Focus the first of `selectors` that is shown and enabled, when focus was lost
    (on the page body, on a node a redraw removed, on the table itself) or `force`."""
    window.manyhands.focusNext(json.dumps(list(selectors)), force)


def _show(panel, focus: bool) -> None:
    """Bring the hint panel into view (beside the table, or the sheet on a phone)."""
    panel.scrollIntoView(_options(block="nearest"))
    if focus:
        panel.focus(_options(preventScroll=True))


def _options(**values):
    from pyodide.ffi import to_js
    return to_js(values, dict_converter=window.Object.fromEntries)


def hint_sentence(answer: dict, tell) -> str:
    """The hint in one sentence: the best choice (the panel has the details)."""
    if not answer.get("available", True):
        return answer.get("message") or "No hint for this position."
    ranked = answer.get("actions") or []
    if not ranked:
        return "No hint for this position."
    return f"Hint: the best choice is {tell.choice(str(ranked[0]['action']))}."


def hint_first_step(answer: dict, tell) -> str:
    """The hint's first step, above its details: one suggestion and its reason
    ("Consider the 10 of Shields: it wins this trick ...")."""
    return answer.get("summary") or hint_sentence(answer, tell)


# --- home ------------------------------------------------------------------------------------------
@when("click", "#game-cards")
def on_game_card_click(event):
    button = _target(event, "[data-play],[data-resume],[data-reset]")
    if not button:
        return
    play, resume, reset = (_attr(button, f"data-{k}") for k in ("play", "resume", "reset"))
    if play:
        app.play(play)
    elif resume:
        app.go("table")
    elif reset:
        app.reset_field(str(button.closest("[data-game]").dataset.game), reset)


@when("change", "#game-cards")
def on_game_card_change(event):
    card = event.target.closest("[data-game]")
    if card and str(event.target.id) == f"rule-{card.dataset.game}-players":
        app.update_seats(str(card.dataset.game))


@when("change", "#level")
def on_level(event):
    level = str(event.target.value)
    el("level-help").textContent = pages.level_help(level)
    app.save_prefs(level=level)


@when("click", "#saved-games")
def on_saved_games_click(event):
    button = _target(event, "[data-open],[data-delete]")
    if not button:
        return
    game_id, delete = _attr(button, "data-open"), _attr(button, "data-delete")
    if game_id:
        app.open_game(game_id)
    elif delete:
        asyncio.ensure_future(app.delete_game(delete))


@when("click", "#confirm-dialog")
def on_confirm(event):
    button = _target(event, "button[data-answer]")
    if button and app.confirming is not None and not app.confirming.done():
        app.confirming.set_result(_attr(button, "data-answer") == "yes")


@when("close", "#confirm-dialog")
def on_confirm_closed(event):          # Escape: nothing is done
    if app.confirming is not None and not app.confirming.done():
        app.confirming.set_result(False)


@when("click", "#menu-toggle")
def on_menu(event):
    menu = el("game-menu")._dom_element
    opened = not menu.classList.contains("open")
    menu.classList.toggle("open", opened)
    event.target.setAttribute("aria-expanded", "true" if opened else "false")


@when("click", "#review-panel")
def on_review_click(event):
    button = _target(event, "[data-review]")
    if not button or button.disabled or app.review is None:
        return
    what = _attr(button, "data-review")
    if what == "close":
        app.close_review()
        _focus_next(NEXT_DECISION, force=True)
    elif what == "cancel":
        app.cancel_review()
    elif what == "export":
        app.export_review()
    elif what in ("step", "trick"):
        step = _attr(button, "data-step") or _attr(button, "data-trick") or "0"
        app.review["step"] = int(step)
        app.draw_review()
        if what == "trick":
            el("review-steps")._dom_element.scrollIntoView(_options(block="nearest"))
        _refocus(f'[data-review="step"][data-step="{int(step) + 1}"]:not([disabled]), '
                 f'[data-review="step"]:not([disabled])')
    elif what == "replay":
        first = app.review["data"]["hands"][0]["first_action"]
        app.branch(first, None, replay=True)
    elif what in ("branch", "try"):
        app.branch(int(_attr(button, "data-index")), _attr(button, "data-choice"), replay=False)


@when("click", "#undo")
def on_undo(event):
    app.undo()


@when("click", "#hint")
def on_hint(event):
    asyncio.ensure_future(app.hint())


@when("click", "#hint-body")
def on_hint_body_click(event):
    button = _target(event, ".hint-more")
    if button and not button.disabled:
        asyncio.ensure_future(app.hint(json.loads(_attr(button, "data-budget")),
                                       split=_attr(button, "data-splits") == "true"))


@when("click", "#hint-cancel")
def on_hint_cancel(event):
    app.cancel_hint()


@when("click", "#hint-close")
def on_hint_close(event):
    app.cancel_hint(quiet=True)
    app.close_hint()
    _focus_next(["#hint", *NEXT_DECISION], force=True)


@when("click", "#export")
def on_export(event):
    app.export()


@when("change", "#import-file, #home-import")
def on_import(event):
    files = event.target.files
    if files.length:
        asyncio.ensure_future(app.import_file(files.item(0)))
    event.target.value = ""


@when("click", "#theme-toggle")
def on_theme(event):
    session = app.session
    themes = list(getattr(session.game, "themes", ())) if session else []
    if themes:
        session.theme = themes[(themes.index(session.theme) + 1) % len(themes)]
        app.save()
        app.draw()


@when("click", "#new-game")
def on_new(event):
    app.go("home")


@when("change", "#trick-pace")
def on_trick_pace(event):
    app.set_trick_pause(str(event.target.value))


def _tick():
    """Hint progress: the share of worlds searched (the worker's reports set the
    bar, client.js) and the time elapsed while the worker thinks (the table stays live)."""
    if app.hint_started is not None:
        position = float(el("hint-meter")._dom_element.position)     # -1: not known yet
        share = f"{int(100 * position)}%, " if position >= 0 else ""
        el("hint-progress-text").textContent = f"Thinking… {share}{time.monotonic() - app.hint_started:.1f} s"


def main() -> None:
    started = window.performance.now()
    from pyodide.ffi import create_proxy
    window.addEventListener("hashchange", create_proxy(lambda e: app.route()))
    window.document.addEventListener("keydown", create_proxy(on_key))
    window.setInterval(create_proxy(_tick), 100)
    pace = window.document.getElementById("trick-pace")
    if pace is not None and pace:
        pace.value = app.trick_pause
    app.resume()
    app.route()
    window.document.body.dataset.timing = f"main {started:.0f} ms, ready {window.performance.now():.0f} ms"
    window.document.body.dataset.ready = "true"
    window.manyhands.start()
