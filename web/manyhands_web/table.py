"""The game at the table (the page's Pyodide): the one way a game starts, your
actions and the computers' moves applied to its session (session.py: the record is
the game), the game saved after every change, the moments (a trick or a hand just
finished, the game over) and the table drawn (render.py).

The computer players' moves come from the hint worker (worker_client.py), one at
a time, `?pace` apart; a move answered for a position the table has left (undo,
a new game) is dropped (`generation`).
"""
from __future__ import annotations

import asyncio
import time

from pyscript import window

from . import dom, log_view, render, worker_client, your_games
from .pace import Pace
from .address import PACE, PACE_GIVEN
from .dom import current_view, focus_next, set_html, set_prop, set_text
from .session import ManyhandsError, Session
from .worker_client import Cancelled, WorkerError

# How long a finished trick stays before the computers play on: "wait" (until you
# click or press a key), "1", "2" (seconds) or "0" (no pause). A setting, kept in
# the preferences; ?pace=S in the address sets it to S for this visit (the tests' ?pace=0).
TRICK_PAUSES = ("wait", "1", "2", "0")
# After an action, focus goes to the first of these that is there and enabled:
# the pass screen's button, your next decision (a legal card, a card to pick, a choice),
# else the table.
NEXT_DECISION = ("#pass-screen [data-take]", "#hand [data-action]:not([disabled])", "#hand [data-toggle]", "#hand [data-sub]",
                 "#prompt .choice", "#prompt #confirm:not([disabled])", "#table [data-action]", "#table")


def under_sheet(obs: dict) -> dict:
    """The table under a hand's score sheet: the hand as it ended (its tricks, your hand
    played out; the status names it as over: render.status_html), nobody to act: the next hand is dealt, its cards flying to you and its
    first decision asked, once you go on from the sheet."""
    done = len(obs.get("hand_results") or [])
    return dict(obs, to_act=None, legal=[], hand=[], hands=(obs.get("hands") or [])[:done] or obs.get("hands"))


class Table:
    def __init__(self, app) -> None:
        self.app = app                 # the page (app.py): the other rooms, the games kept
        self.session: Session | None = None
        self.game_id: str | None = None     # the game at the table, as kept (storage.py)
        self.ui = self.fresh_ui()
        self.generation = 0            # bumped by undo/new/import: stale answers are dropped
        self.prev_obs = None
        self.prev_tell = None
        self.bot_task = None
        self.policy = ""
        self.draws = 0                 # tables drawn: body's data-drawn, the last thing a draw sets
        self.hold_until = None         # when a timed trick pause ends (None: it waits for you)
        self.trick_pause = self.initial_trick_pause()
        self.pace = Pace(self)         # what plays itself: your only choice, a card chosen early
        self.unsaved = False           # the save warning is shown

    @staticmethod
    def fresh_ui() -> dict:
        return {"selected": [], "sub": None, "moment": None, "holding": None, "sheet": None,
                "view_trick": None, "show_scores": False, "end_closed": False, "why_said": "",
                "suggested": None}

    def initial_trick_pause(self) -> str:
        if PACE_GIVEN:
            seconds = float(PACE_GIVEN)
            return "0" if seconds <= 0 else ("1" if seconds <= 1.5 else "2")
        pause = str(self.app.kept.prefs().get("trick_pause", "2"))
        return pause if pause in TRICK_PAUSES else "2"

    def set_trick_pause(self, pause: str) -> None:
        if pause not in TRICK_PAUSES:
            return
        self.trick_pause = pause
        self.app.kept.save_prefs(trick_pause=pause)
        if pause == "0" and self.ui.get("holding") == "trick":
            self.release()

    def in_progress(self) -> bool:
        """A kept game at the table, not over (a guided hand is none: the home page
        offers no Resume for it)."""
        return self.session is not None and not self.session.state.is_terminal and not self.app.guide.active

    def start(self, session: Session, what: str) -> None:
        """The one way a game starts (a game's card, Play again, Replay this deal, Play
        from here, Import): a game of its own in your games, at the table; the game
        that was there stays kept as it was left."""
        self.begin(session, self.app.kept.new_id())
        others = len(self.app.kept.games()) - 1
        dom.announce(what + (" Your other games are kept: see Your games on the home page." if others else ""))

    def begin(self, session: Session, game_id: str, resumed: bool = False, show: bool = True) -> None:
        """`session` at the table as the kept game `game_id` (`resumed`: as it was
        left, its moment not told again), with the review open in it if any."""
        self.generation += 1
        self.session = session
        self.game_id = game_id
        self.ui = self.fresh_ui()
        self.hold_until = None
        self.app.hints.cancel_hint(quiet=True)
        self.app.hints.close_hint()
        self.app.reviews.switch_review(game_id)
        if resumed:
            self.prev_obs = session.observation()
            self.prev_tell = session.narrator(self.prev_obs)
        else:
            self.prev_obs = self.prev_tell = None
        self.changed(announce=not resumed)
        self.app.background.catch_up(game_id)          # the par of its finished hands, if not kept yet
        if show:
            self.app.views.go("table")
            focus_next(NEXT_DECISION, force=True)

    def leave_table(self) -> None:
        """No game at the table (the one there was deleted)."""
        self.generation += 1
        self.pace.drop()
        self.app.hints.cancel_hint(quiet=True)
        self.app.hints.close_hint()
        self.app.reviews.switch_review(None)
        self.session = self.game_id = None
        self.app.views.set_title()

    def save(self, obs: dict | None = None) -> None:
        """Keep the game at the table (after every change); the player is told when it
        could not be, and when finished games were dropped to make room."""
        if self.app.guide.active:       # a guided hand is never kept (guide.py)
            return
        outcome = self.app.kept.save_game(self.game_id, self.session.saved(), self.session.summary(obs))
        if outcome.ok and self.app.kept.open_id() != self.game_id:
            self.app.kept.set_open(self.game_id)
        if outcome.dropped:
            self.app.home.note(your_games.dropped_text(outcome.dropped))
        if not outcome.ok and not self.unsaved:
            dom.announce("This game could not be saved.")
        if not outcome.ok or self.unsaved:      # shown, or shown until now
            set_prop("save-error", "hidden", outcome.ok)
            set_html("save-error", "" if outcome.ok else (
                "This game is not saved: the browser's storage is full of games not finished. Delete one you no "
                'longer need under <a href="#home">Your games</a>, or keep this one with Export record.'))
        self.unsaved = not outcome.ok

    def changed(self, announce: bool = True, bots: bool = True) -> None:
        """After every change of the record: save, announce, mark the moment (a trick
        or a hand just finished, the game over), draw, let computers move."""
        session = self.session
        obs = session.observation()
        self.save(obs)
        tell = session.narrator(obs)
        if announce:
            for line in log_view.announcements(self.prev_tell, tell):
                dom.announce(line)
            if session.my_turn and (self.prev_obs is None or self.prev_obs.get("to_act") != session.seat):
                dom.announce("Your turn.")
        session.pass_on()               # friends: the device goes to the next person, once the moment is seen
        self.mark_moment(self.prev_obs, obs)
        self.prev_obs, self.prev_tell = obs, tell
        if self.ui.get("holding") == "trick" and session.passing is not None and self.hold_until is not None:
            asyncio.ensure_future(self.wait_released())
        self.draw(obs)
        if current_view() == "table":
            focus_next(("#continue", *NEXT_DECISION) if self.ui.get("holding") == "hand" else NEXT_DECISION)
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
        if ended and not self.app.guide.active:
            self.app.background.hand_finished(self.game_id, len(after["hand_results"]))
        if ended and pause != "0":
            self.ui.update(sheet=len(after["hand_results"]) - 1, holding="hand", pausing=False)
            self.hold_until = None
        elif new and pause != "0" and (self.session.computer_to_act or self.session.passing is not None):
            self.ui.update(holding="trick", pausing=pause != "wait")   # pausing: it goes on by itself
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
        if session.passing is not None and not self.ui.get("holding"):
            self.draw_passing()
            return
        obs = obs or session.observation()
        self.pace.update(obs)
        ended = None
        if self.ui.get("holding") == "hand":
            obs = under_sheet(obs)
            ended = len(obs.get("hand_results") or [])
        tell = session.narrator(obs, addressed=not (ended or obs.get("terminal")))   # friends: a sheet by name
        ui = dict(self.ui, computer=session.computers(), ended=ended, pick=session.picks_cards,
                  after_hand=session.after_hand, **self.app.history.table_notes(obs))
        # the control you had focused, drawn again, stays focused
        set_html("table", render.table_html(tell, ui, session.why(tell)), keep_focus=True)
        set_html("log", log_view.log_html(tell))
        set_text("game-title", tell.title())
        set_text("game-facts", f"{obs['players']} players · deal {session.state.seed}")
        set_prop("rules-link", "href", f"#rules/{session.game.name}")
        set_prop("undo", "disabled", session.undo_point() is None)
        set_prop("hint", "disabled", not session.my_turn or self.app.hints.hint_started is not None)
        set_text("policy", self.policy)
        themes = list(getattr(session.game, "themes", ()))
        set_prop("theme-toggle", "hidden", len(themes) < 2)
        if themes:
            set_text("theme-toggle", f"Theme: {session.theme.capitalize()}")
        set_prop("trick-pace", "value", self.trick_pause)
        set_prop("play-forced", "checked", self.pace.auto)
        dom.set_data("data-turn", "you" if session.my_turn else ("over" if session.state.is_terminal else "computer"))
        dom.set_data("data-actions", str(len(session.state.history)))
        self.app.views.set_title()
        dom.set_data("data-hold", self.ui.get("holding") or "")
        self.draws += 1
        self.app.guide.draw()           # a guided hand's coach (guide.py)
        dom.set_data("data-drawn", str(self.draws))    # the last change of a draw, applied with it

    def draw_passing(self) -> None:
        """The pass screen instead of the table (friends.py): nobody's cards anywhere."""
        session = self.session
        self.app.hints.close_hint()
        set_prop("review-panel", "hidden", True)
        self.app.friends.pass_screen()
        set_prop("undo", "disabled", session.undo_point() is None)
        set_prop("hint", "disabled", True)
        dom.set_data("data-turn", "pass")
        dom.set_data("data-actions", str(len(session.state.history)))
        self.app.views.set_title()
        dom.set_data("data-hold", "")
        self.draws += 1
        dom.set_data("data-drawn", str(self.draws))

    def seen_by_next(self) -> None:
        """The next person holds the device (friends.py): the table from their seat."""
        self.generation += 1
        self.ui = self.fresh_ui()
        self.prev_obs = self.session.observation()
        self.prev_tell = self.session.narrator(self.prev_obs)
        self.save(self.prev_obs)
        self.draw(self.prev_obs)
        focus_next(NEXT_DECISION, force=True)
        if self.session.computer_to_act:
            self.schedule_bot()

    def act(self, token: str, by_hand: bool = True) -> None:
        """Your decision `token`, clicked (`by_hand`) or played for you (pace.py)."""
        session = self.session
        if session is None or not session.my_turn:
            return
        try:
            session.apply(token)
        except ManyhandsError as exc:
            dom.announce(f"Not allowed: {exc}")
            return
        self.ui.update(selected=[], sub=None, holding=None, sheet=None, suggested=None, prepick=None)
        if by_hand:
            self.ui["prepick_said"] = ""
        self.pace.drop()
        self.app.hints.cancel_hint(quiet=True)
        self.app.hints.close_hint()
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
            generation = self.generation
            session = self.session
            started = time.monotonic()
            seat = session.state.current_player
            request = {"op": "bot", "record": session.record(), "seat": seat,
                       "level": session.computers().get(seat, session.level)}     # no seed: the worker seeds as bots.page_seed
            try:
                answer = self.app.guide.computer_move(session) or await worker_client.ask(request)
            except Cancelled:       # cancelled under way: ask again
                continue
            except WorkerError as exc:
                dom.announce(f"Computer player failed: {exc}")
                return
            self.policy = ("Computer players: " + answer.get("policy", "")) if answer.get("policy") != "solver" else ""
            # asked while a finished trick or a hand's sheet is held: played once you go on, the
            # pause standing for the time between moves (a 2 s pause is 2 s, not 2 s and a move's)
            await self.wait_released()
            wait = PACE - (time.monotonic() - started)
            if wait > 0:
                await asyncio.sleep(wait)
            if generation != self.generation or self.session is not session:
                continue
            try:
                session.apply(answer["token"])
            except ManyhandsError as exc:
                dom.announce(f"Computer player made an illegal move: {exc}")
                return
            self.changed(bots=False)    # this loop makes the next computer move

    def undo(self) -> None:
        if self.session and self.session.undo():
            self.generation += 1
            self.app.hints.cancel_hint(quiet=True)
            self.ui = self.fresh_ui()
            self.hold_until = None
            self.prev_obs = self.prev_tell = None
            self.pace.held_by_undo()
            dom.announce("Took back your last decision.")
            self.changed(announce=False)

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
        error = "import-error" if current_view() == "table" else "home-import-error"
        try:
            session = Session.from_record_text(text, seat, current.level if current else "normal")
        except (ManyhandsError, ValueError, KeyError, TypeError) as exc:
            set_text(error, f"Could not import {file.name}: {exc}. " + ("Your current game is kept." if current else ""))
            set_prop(error, "hidden", False)
            return
        set_prop(error, "hidden", True)
        self.start(session, f"Imported {file.name}.")

