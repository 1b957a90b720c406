"""The hint panel (the page's Pyodide): a hint asked of the hint workers
(worker_client.py) for your decision, its progress and Cancel, the answer drawn
(hint_view.py), announced in one sentence and marked on the table until you choose.

The panel opens where the player looks: beside the table on a wide screen, as a
sheet over the table on a phone (style.css); focus moves to it when the answer
is there, and Close gives it back to the table. The worker's answer is read
once, through pycore.answer.Hint.from_json.
"""
from __future__ import annotations

import time

from pyodide.ffi import JsException

from pycore.answer import AnswerError, Hint

from . import dom, hint_view, history, worker_client
from .address import BUDGET, HINT_SECONDS
from .dom import announce, el, set_html, set_prop, set_text
from .markup import esc
from .worker_client import Cancelled, WorkerError


class HintPanel:
    def __init__(self, app) -> None:
        self.app = app                 # the page (app.py): the table it hints at
        self.hint_started = None       # when the hint under way was asked (None: none is)
        self.hint_shown = None         # (record, best choice) of the hint last shown
        self.shown = False             # the panel is open

    def open_hint(self) -> None:
        self.shown = True
        set_prop("hint-panel", "hidden", False)

    def close_hint(self) -> None:
        set_html("hint-body", "")
        set_text("hint-summary", "")
        self.shown = False
        set_prop("hint-panel", "hidden", True)

    async def hint(self, budget: dict | None = None) -> None:
        """Ask the workers for a hint: at the page's budget, or at `budget` (the
        hint's offer: every deal, or a longer search), which then says whether
        it kept the suggestion of the hint before it."""
        offer = budget is not None
        session = self.app.table.session
        if session is None or not session.my_turn or self.hint_started is not None:
            return
        generation = self.app.table.generation
        self.hint_started = time.monotonic()
        self.open_hint()
        set_prop("hint-progress", "hidden", False)
        set_prop("hint-cancel", "hidden", False)
        set_prop("hint", "disabled", True)
        worker_client.reset_progress()
        self.tick()
        set_html("hint-body", "")
        set_text("hint-summary", "")
        _show(focus=False)
        if not offer:
            history.hint_asked(self.app.kept, self.app.table.game_id)      # (the statistics count them)
        budget = budget or ({"effort": BUDGET} if BUDGET else {"seconds": HINT_SECONDS})
        record = session.record()
        earlier = None              # the suggestion this offer (Think longer, every deal) searches again
        if offer and self.hint_shown and self.hint_shown[0] == record:
            earlier = self.hint_shown[1]
        request = {"op": "hint", "record": record, "seat": session.seat, "budget": budget,
                   "theme": session.theme if session.theme in session.game.words.themes else ""}
        if earlier is not None:         # the answer says what became of it ("change")
            request["earlier"] = earlier
        if session.names():             # friends at one device: the table's names
            request["names"] = session.names()
        try:
            answer = await worker_client.ask(request)
        except WorkerError as exc:
            if self.hint_started is not None and not isinstance(exc, Cancelled):
                set_html("hint-body", f'<p class="error">{esc(f"Hint failed: {exc}")}</p>')
            self.hint_done()
            return
        except JsException:         # a bug, not a refusal: raised, the panel done
            self.hint_done()
            raise
        if generation == self.app.table.generation and self.hint_started is not None:
            message = hint_view.refused(answer)
            try:
                hint = None if message is not None else Hint.from_json(answer)
            except AnswerError as exc:        # not the answer the solver makes: said, the panel done
                set_html("hint-body", f'<p class="error">{esc(f"Hint failed: {exc}")}</p>')
                self.hint_done()
                return
            tell = session.narrator()
            self.hint_shown = (record, hint.best) if hint else None
            # marked on the table until you choose
            self.app.table.ui["suggested"] = hint.best if hint else None
            self.app.table.draw()
            if hint is None:
                set_html("hint-body", hint_view.refused_html(message))
                set_text("hint-summary", message)
                announce(message)
            else:
                set_html("hint-body", hint_view.hint_html(hint, tell, earlier))
                set_text("hint-summary", hint_view.hint_first_step(hint, tell))
                announce(hint_view.hint_sentence(hint, tell))
            self.hint_done()
            _show(focus=True)
            return
        self.hint_done()

    def hint_done(self) -> None:
        self.hint_started = None
        set_prop("hint-progress", "hidden", True)
        set_prop("hint-cancel", "hidden", True)
        if self.app.table.session:
            set_prop("hint", "disabled", not self.app.table.session.my_turn)

    def cancel_hint(self, quiet: bool = False) -> None:
        if self.hint_started is None:
            return
        self.hint_started = None
        worker_client.cancel()
        self.hint_done()
        if not quiet:
            set_html("hint-body", "<p>Hint cancelled.</p>")

    def tick(self) -> None:
        """Hint progress: the share of the search done (the workers' reports set the
        bar, client.js) and the time elapsed while they think (the table stays live)."""
        if self.hint_started is not None:
            position = float(el("hint-meter")._dom_element.position)     # -1: not known yet
            share = f"{int(100 * position)}%, " if position >= 0 else ""
            set_text("hint-progress-text", f"Thinking… {share}{time.monotonic() - self.hint_started:.1f} s")


def _show(focus: bool) -> None:
    """Bring the hint panel into view (beside the table, or the sheet on a phone)."""
    dom.scroll_into_view("hint-panel", block="nearest")
    if focus:
        dom.refocus("#hint-panel", preventScroll=True)
