"""Guided first hands at the table (the page's Pyodide): #learn/<key> starts a
lesson (lesson.py, guided.py), a coach above the table says each step's words
(announced), points at the one control the step asks for (marked, focused) and
offers Start again and Leave; at the end the score line by line and "Play a real
game with these settings".

A guided hand is never kept: the table does not save it (nor its hands' par and
review), so it is not a game in progress, nor in Your games, #history or the
statistics. Its computers' moves are the script's: no worker is asked. While it
is at the table the pause after a trick is "wait for me" (each trick is a step)
and nothing plays itself (pace.py). Leaving brings back the game that was at the
table, as it was kept."""
from __future__ import annotations

import random
from collections import Counter

from . import dom
from .delegate import on
from .dom import announce, attr, target
from .guided import GuidedSession, step_at, step_number
from .lesson import LESSONS
from .markup import esc
from .session import Session


def point_selectors(step, picks=(), hand=(), selected=()) -> list[str]:
    """Where the step points, the first of these drawn: its taught move (a card to
    open first where its choice is a card's sub-choice), Continue, or the real game.
    A choice made by picking cards (`picks`: the verbs) points at a card of `hand`
    picked (`selected`: indices) that is not one of its cards, else at the next of
    them not picked yet, else at the confirmation."""
    if step.kind == "trick":
        return ["#continue"]
    if step.kind == "end":
        return ["#coach-real"]
    token = step.token.replace("\\", "\\\\").replace('"', '\\"')
    verb, *cards = token.split(" ")
    if verb in picks:
        wanted = Counter(cards)
        wrong = []
        for index in selected:
            if wanted[hand[index]] > 0:
                wanted[hand[index]] -= 1
            else:
                wrong.append(index)
        missing = [i for i, card in enumerate(hand) if i not in selected and wanted[card] > 0]
        return [f'#hand [data-toggle="{i}"]' for i in wrong[:1] or missing[:1]] + [f'#table [data-action="{token}"]']
    return [f'#table [data-action="{token}"]', f'#table [data-sub="{verb}"]']


def coach_html(lesson, step, number: int, total: int | None, title: str) -> str:
    """The coach: its heading (step `number` of `total`, None: the hand left the
    script), Start again and Leave, the step's words, and at the end the score."""
    of = f" of {total}" if total else ""
    head = (f'<div class="coach-head"><h3 id="coach-title"><span class="wide">Learning </span>{esc(title)} '
            f'<span class="coach-count">· step {number}{of}</span></h3>'
            f'<a class="button" href="#learn/{esc(lesson.key)}" id="coach-again">Start again</a>'
            '<button type="button" id="coach-leave" data-coach="leave">Leave<span class="wide"> the lesson</span>'
            '</button></div>')
    words = "".join(f"<p>{esc(text)}</p>" for text in step.words if text)
    if step.told:
        words += f'<p class="coach-told">{esc(step.told)}</p>' if step.kind != "trick" else ""
        words = f'<p class="coach-trick">{esc(step.told)}</p>' + words if step.kind == "trick" else words
    end = ""
    if step.kind == "end":
        end = ('<ol class="coach-lines" aria-label="The score, line by line">'
               + "".join(f"<li>{esc(line)}</li>" for line in step.lines) + "</ol>"
               '<p><button type="button" class="primary" id="coach-real" data-coach="real">'
               "Play a real game with these settings</button></p>")
    return f'{head}<div class="coach-words" id="coach-words">{words}{end}</div>'


class Guide:
    def __init__(self, app) -> None:
        self.app = app                 # the page (app.py): the table the lesson is played at
        self.back_to: str | None = None     # the kept game that was at the table
        self.pause: str | None = None      # the pause after a trick the player chose
        self.shown = None              # the step last shown (its words said once)
        on("click", "#coach")(self.on_click)

    @property
    def active(self) -> bool:
        """Whether the hand at the table is a guided one."""
        return isinstance(self.app.table.session, GuidedSession)

    def start(self, key: str) -> None:
        lesson = LESSONS.get(key)
        table = self.app.table
        if lesson is None:
            announce("There is no such lesson.")
            self.app.views.go("home")
            return
        if not self.active:
            self.back_to = table.game_id if table.session is not None else None
        if self.pause is None:
            self.pause = table.trick_pause
        table.trick_pause = "wait"
        table.policy = ""
        self.shown = None
        table.begin(GuidedSession(lesson), f"lesson-{key}")

    def restore(self) -> None:
        """The player's own pause after a trick, back once the lesson is left."""
        if self.pause is not None:
            self.app.table.trick_pause, self.pause = self.pause, None

    def computer_move(self, session) -> dict | None:
        """The script's move for the computer to act (None: not a guided hand, or
        past its script: the worker is asked)."""
        token = session.scripted() if isinstance(session, GuidedSession) else None
        return {"token": token, "policy": "solver"} if token else None     # ("solver": no fallback note)

    def draw(self) -> None:
        """After each drawing of the table: the coach, and where the step points."""
        if not self.active:
            dom.set_prop("coach", "hidden", True)
            dom.set_data("data-lesson", None)
            self.restore()          # (the lesson left, however)
            return
        session, ui = self.app.table.session, self.app.table.ui
        lesson = session.lesson
        tokens = session.state.action_tokens()
        step = step_at(lesson, tokens, ui.get("holding"))
        if step is None:
            return              # the computers are playing: the last step's words stay
        if step.kind == "end" and step != self.shown:
            self.app.kept.save_prefs(learned={lesson.game: True})      # its home card says so
        title = session.narrator().title()
        title = title if lesson.name == title else f"{title}: {lesson.name}"     # "Lunar: the Sky"
        dom.set_html("coach", coach_html(lesson, step, *step_number(lesson, tokens, step), title))
        dom.set_prop("coach", "hidden", False)
        dom.set_data("data-lesson", lesson.key)
        new = step != self.shown
        self.shown = step
        if new:             # a new step's words from their start (focusing a control below scrolls to it)
            dom.set_prop("coach", "scrollTop", 0)
        hand = list(session.observation().get("hand") or [])
        selected = [i for i in ui.get("selected") or [] if 0 <= i < len(hand)]
        dom.change("point", point_selectors(step, session.narrator().words.picks, hand, selected), new)
        if new:
            for text in (step.told, *step.words) if step.kind == "trick" else (*step.words, step.told):
                if text:
                    announce(text)
            for line in step.lines:
                announce(line)

    def leave(self) -> None:
        """Out of the lesson, to the home page; the game that was at the table is back."""
        if not self.active:
            return
        table = self.app.table
        dom.set_prop("coach", "hidden", True)
        self.restore()
        if self.back_to and self.app.kept.entry(self.back_to) is not None:
            self.app.home.open_game(self.back_to, show=False)
        else:
            table.leave_table()
        self.app.views.go("home")
        announce("You left the lesson.")

    def play_real(self) -> None:
        """A real game with the lesson's settings: its rules and theme, a new deal,
        the level chosen on the home page."""
        session = self.app.table.session
        level = str(self.app.kept.prefs().get("level") or "normal")
        state = session.game.new_game(session.state.rules, seed=random.randrange(1, 10**6))
        real = Session(state, session.seat, level, session.theme)
        table = self.app.table
        table.start(real, f"New game of {real.narrator().title()}, deal {state.seed}.")

    def on_click(self, event) -> None:
        button = target(event, "[data-coach]")
        if button is None:
            return
        what = attr(button, "data-coach")
        if what == "leave":
            self.leave()
        elif what == "real" and self.active:
            self.play_real()
