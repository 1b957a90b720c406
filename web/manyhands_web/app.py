"""The page glue (Pyodide main thread): draws the session, turns clicks into
action tokens, asks the worker for computer moves and hints, saves the record.

Views: #home (new game), #table (the game), #rules/<game>. Rendering is
`render.table_html(observation)`; no game rule lives here.
"""
from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path

from pyscript import web, when, window

from . import render
from .session import ManyhandsError, Session, describe_games

SAVE_KEY = "manyhands/current"
PREFS_KEY = "manyhands/prefs"
RULES_DIR = Path(__file__).parent / "rules"


def _param(name: str, default: str) -> str:
    from urllib.parse import parse_qs
    values = parse_qs(str(window.location.search).lstrip("?")).get(name)
    return values[0] if values else default


PACE = float(_param("pace", "0.7"))          # seconds between computer moves
BUDGET = int(_param("budget", "0")) or None  # hint effort in playouts; None: the solver's default
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


class App:
    def __init__(self) -> None:
        self.session: Session | None = None
        self.ui = self.fresh_ui()
        self.generation = 0            # bumped by undo/new/import: stale answers are dropped
        self.games = {g["name"]: g for g in describe_games()}
        self.prev_obs = None
        self.bot_task = None
        self.hint_started = None
        self.policy = ""
        self.prev_tell = None
        self.hold_until = None         # when a timed trick pause ends (None: it waits for you)
        self.trick_pause = self.initial_trick_pause()

    @staticmethod
    def fresh_ui() -> dict:
        return {"selected": [], "sub": None, "moment": None, "holding": None, "sheet": None,
                "view_trick": None, "show_scores": False, "end_closed": False, "why_said": ""}

    @staticmethod
    def initial_trick_pause() -> str:
        if PACE_GIVEN:
            seconds = float(PACE_GIVEN)
            return "0" if seconds <= 0 else ("1" if seconds <= 1.5 else "2")
        prefs = json.loads(window.localStorage.getItem(PREFS_KEY) or "{}")
        pause = str(prefs.get("trick_pause", "2"))
        return pause if pause in TRICK_PAUSES else "2"

    def set_trick_pause(self, pause: str) -> None:
        if pause not in TRICK_PAUSES:
            return
        self.trick_pause = pause
        prefs = json.loads(window.localStorage.getItem(PREFS_KEY) or "{}")
        prefs["trick_pause"] = pause
        window.localStorage.setItem(PREFS_KEY, json.dumps(prefs))
        if pause == "0" and self.ui.get("holding") == "trick":
            self.release()

    # --- views -----------------------------------------------------------------------
    def route(self) -> None:
        hash_ = str(window.location.hash or "")
        view, _, arg = hash_.lstrip("#").partition("/")
        if view == "table" and self.session is None:
            view = "home"
        if view not in ("home", "table", "rules"):
            view = "table" if self.session is not None else "home"
        for name in ("home", "table", "rules"):
            el(f"view-{name}")._dom_element.hidden = name != view
        if view == "rules":
            self.show_rules(arg or (self.session.game.name if self.session else "raven"))
        if view == "home":
            self.draw_home()
        if view == "table":
            self.draw()
        window.document.body.dataset.view = view

    def go(self, view: str) -> None:
        if str(window.location.hash) == f"#{view}":
            self.route()
        else:
            window.location.hash = view

    # --- home ---------------------------------------------------------------------------
    def draw_home(self, keep: bool = True) -> None:
        select = el("game-select")
        prefs = json.loads(window.localStorage.getItem(PREFS_KEY) or "{}")
        if select._dom_element.options.length == 0:
            select.innerHTML = "".join(
                f'<option value="{render.esc(n)}">{render.esc(g["title"])}</option>'
                for n, g in self.games.items())
            if prefs.get("game") in self.games:
                select._dom_element.value = prefs["game"]
            el("seed")._dom_element.value = str(random.randrange(1, 10**6))
        name = str(select._dom_element.value)
        game = self.games[name]
        values = prefs.get("rules", {}).get(name, {}) if keep else {}
        set_html("rules-form", render.rules_form_html(game["fields"], values))
        themes = game["themes"]
        theme_box = el("theme-field")._dom_element
        theme_box.hidden = not themes
        el("theme").innerHTML = "".join(f'<option value="{t}">{t.capitalize()}</option>' for t in themes)
        self.update_seat_choices()
        resume = el("resume")._dom_element
        resume.hidden = self.session is None or self.session.state.is_terminal

    def players_now(self) -> int:
        box = window.document.getElementById("rule-players")
        if box is not None and box:
            try:
                return int(box.value)
            except ValueError:
                pass
        return 2

    def update_seat_choices(self) -> None:
        seat = el("seat")._dom_element
        current = str(seat.value or "0")
        n = self.players_now()
        seat.innerHTML = "".join(f'<option value="{s}">Seat {s}</option>' for s in range(n))
        seat.value = current if current.isdigit() and int(current) < n else "0"

    def form_rules(self) -> dict:
        values = {}
        for box in window.document.querySelectorAll("#rules-form [data-rule]"):
            kind, key = _attr(box, "data-kind"), _attr(box, "data-rule")
            if kind == "bool":
                values[key] = bool(box.checked)
            elif kind == "int":
                values[key] = int(box.value)
            elif kind == "json":
                values[key] = json.loads(str(box.value))
            else:
                values[key] = str(box.value)
        return values

    def start_from_form(self) -> None:
        name = str(el("game-select")._dom_element.value)
        try:
            rules = self.form_rules()
            seed = int(el("seed")._dom_element.value or 0)
            seat = int(el("seat")._dom_element.value or 0)
            level = str(el("level")._dom_element.value or "normal")
            theme = str(el("theme")._dom_element.value or "")
            session = Session.new(name, rules, seed, seat, level, theme)
        except (ManyhandsError, ValueError, TypeError) as exc:
            set_html("home-error", render.esc(f"Cannot start: {exc}"))
            return
        set_html("home-error", "")
        prefs = json.loads(window.localStorage.getItem(PREFS_KEY) or "{}")
        prefs["game"] = name
        prefs.setdefault("rules", {})[name] = rules
        window.localStorage.setItem(PREFS_KEY, json.dumps(prefs))
        self.begin(session)
        self.announce(f"New game of {session.narrator().title()}.")

    # --- the table ---------------------------------------------------------------------------
    def begin(self, session: Session) -> None:
        self.generation += 1
        self.session = session
        self.prev_obs = self.prev_tell = None
        self.ui = self.fresh_ui()
        self.hold_until = None
        self.cancel_hint(quiet=True)
        set_html("hint-body", "")
        self.changed()
        self.go("table")

    def changed(self, announce: bool = True, bots: bool = True) -> None:
        """After every change of the record: save, announce, mark the moment (a trick
        or a hand just finished, the game over), draw, let computers move."""
        session = self.session
        window.localStorage.setItem(SAVE_KEY, json.dumps(session.saved()))
        obs = session.observation()
        tell = session.narrator(obs)
        if announce:
            for line in render.announcements(self.prev_tell, tell):
                self.announce(line)
        self.mark_moment(self.prev_obs, obs)
        self.prev_obs, self.prev_tell = obs, tell
        self.draw(obs)
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
        set_html("log", render.log_html(tell))
        el("game-title").textContent = f"{tell.title()}: {obs['players']} players"
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
        self.ui.update(selected=[], sub=None, holding=None, sheet=None)
        self.cancel_hint(quiet=True)
        set_html("hint-body", "")
        self.changed()

    def play_again(self) -> None:
        """Same game, rules, seat and computer players: a new deal."""
        if self.session is not None:
            self.begin(self.session.again())
            self.announce(f"New game of {self.session.narrator().title()}, same rules: a new deal.")

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
                       "level": session.level,
                       "seed": (session.state.seed * 1009 + len(session.state.history)) % 2**31}
            try:
                answer = json.loads(str(await window.manyhands.ask(json.dumps(request))))
            except Exception as exc:        # the worker was restarted (hint cancelled): ask again
                if "cancel" in str(exc).lower():
                    continue
                self.announce(f"Computer player failed: {exc}")
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
    async def hint(self, effort: int | None = None, split: bool = False) -> None:
        """Ask the worker for a hint: at the page's budget, or at `effort` (the hint's
        offer to search every deal; `split`: on several workers at once)."""
        session = self.session
        if session is None or not session.my_turn or self.hint_started is not None:
            return
        generation = self.generation
        self.hint_started = time.monotonic()
        el("hint-progress")._dom_element.hidden = False
        el("hint-cancel")._dom_element.hidden = False
        el("hint")._dom_element.disabled = True
        window.manyhands.resetProgress()
        _tick()
        set_html("hint-body", "")
        budget = {"effort": effort} if effort else BUDGET
        request = {"op": "hint", "record": session.record(), "seat": session.seat, "budget": budget}
        try:
            ask = window.manyhands.askSplit if split else window.manyhands.ask
            answer = json.loads(str(await ask(json.dumps(request))))
        except Exception as exc:
            if self.hint_started is not None:
                set_html("hint-body", f'<p class="error">{render.esc(f"Hint failed: {exc}")}</p>')
            self.hint_done()
            return
        if generation == self.generation and self.hint_started is not None:
            set_html("hint-body", render.hint_html(answer, session.narrator()))
            self.announce("Hint ready.")
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

    # --- records ------------------------------------------------------------------------------
    def export(self) -> None:
        if self.session:
            name = f"manyhands-{self.session.game.name}-{self.session.state.seed}.json"
            window.manyhands.download(name, self.session.record_text())

    async def import_file(self, file) -> None:
        text = str(await file.text())
        current = self.session
        seat = current.seat if current else 0
        try:
            session = Session.from_record_text(text, seat, current.level if current else "normal")
        except (ManyhandsError, ValueError, KeyError, TypeError) as exc:
            set_html("import-error", render.esc(
                f"Could not import {file.name}: {exc}. " + ("Your current game is kept." if current else "")))
            el("import-error")._dom_element.hidden = False
            return
        el("import-error")._dom_element.hidden = True
        self.begin(session)
        self.announce(f"Imported {file.name}.")

    # --- rules pages -------------------------------------------------------------------------
    def show_rules(self, name: str) -> None:
        if name not in self.games:
            name = next(iter(self.games))
        nav = "".join(f'<a href="#rules/{n}"{" aria-current=page" if n == name else ""}>{render.esc(g["title"])}</a> '
                      for n, g in self.games.items())
        path = RULES_DIR / f"{name}.md"
        text = path.read_text(encoding="utf-8") if path.exists() else "The rules text is missing from this build."
        set_html("rules", f'<nav class="rules-nav" aria-label="Games">{nav}</nav>'
                          + render.rules_fields_table(self.games[name]["fields"])
                          + f'<article class="rules-text">{render.markdown_html(text)}</article>')

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
        saved = window.localStorage.getItem(SAVE_KEY)
        if not saved:
            return False
        try:
            session = Session.from_saved(json.loads(str(saved)))
        except Exception as exc:    # a save from an older build: say so, start fresh
            self.announce(f"Could not resume the saved game ({exc}).")
            window.localStorage.removeItem(SAVE_KEY)
            return False
        self.session = session
        self.prev_obs = session.observation()
        self.prev_tell = session.narrator(self.prev_obs)
        self.changed(announce=False)
        return True


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


@when("click", "#start")
def on_start(event):
    event.preventDefault()
    app.start_from_form()


@when("change", "#game-select")
def on_game_change(event):
    app.draw_home()


@when("change", "#rules-form")
def on_rules_change(event):
    app.update_seat_choices()


@when("click", "#resume")
def on_resume(event):
    app.go("table")


@when("click", "#undo")
def on_undo(event):
    app.undo()


@when("click", "#hint")
def on_hint(event):
    asyncio.ensure_future(app.hint())


@when("click", "#hint-body")
def on_hint_body_click(event):
    button = _target(event, "#hint-all")
    if button and not button.disabled:
        asyncio.ensure_future(app.hint(int(_attr(button, "data-effort")),
                                       split=_attr(button, "data-splits") == "true"))


@when("click", "#hint-cancel")
def on_hint_cancel(event):
    app.cancel_hint()


@when("click", "#export")
def on_export(event):
    app.export()


@when("change", "#import-file")
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
        window.localStorage.setItem(SAVE_KEY, json.dumps(session.saved()))
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
    el("loading")._dom_element.hidden = True
    window.manyhands.start()
