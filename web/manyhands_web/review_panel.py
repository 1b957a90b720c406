"""The hand review panel (the page's Pyodide): a finished hand of the game at the
table judged decision by decision (review_view.py draws it), asked of its own
worker (worker_client.py) with a progress bar and Cancel while the table plays
on; kept (storage.py), and open in its game only: shown under that game, after a
reload too. From it: play on from any of your decisions, or replay the deal.
"""
from __future__ import annotations

import json

from pyscript import window

from . import dom, history, review_view, worker_client
from .address import BUDGET
from .dom import announce, set_html
from .markup import esc
from .session import ManyhandsError, Session, hand_end, review_key, review_narrator
from .worker_client import Cancelled, WorkerError


class ReviewPanel:
    def __init__(self, app) -> None:
        self.app = app                 # the page (app.py): the game at the table, the games kept
        # the review shown: {"key", "hand", "data" (the export, None while analysed),
        # "step" (0: as dealt, k: trick k), "source": "saved" / "worker", "game": the
        # id of the game it belongs to (shown under that game only)}
        self.review: dict | None = None
        self.review_run = 0            # bumped by each review asked and by Cancel

    def keep_analyses(self, group: str) -> None:
        """The analyses the review worker sent for the review just ended, kept."""
        self.app.kept.keep_analyses(group, worker_client.review_analyses())

    async def open_review(self, index: int) -> None:
        """Review hand `index` (0-based) of this game: the kept review at once, else
        the worker's, with progress."""
        session = self.app.table.session
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
            worker_client.cancel_review()      # one review at a time: the one asked last
        saved = self.app.kept.review(key)
        self.review = {"key": key, "hand": hand, "data": saved, "step": 0,
                       "source": "saved" if saved else "worker", "game": self.app.table.game_id}
        self.app.kept.set_review(self.app.table.game_id, key)
        self.draw_review(scroll=True)
        if saved:
            announce(f"Review of {self.hand_word()} {hand}: {saved['hands'][0]['summary']}")
            return
        group = json.dumps([record["game"], record.get("seed"), session.seat, BUDGET])
        self.review["group"] = group
        known = {k: dict(got, worlds=str(got.get("worlds", 0)))       # a JSON number may not hold it
                 for k, got in self.app.kept.analyses()["groups"].get(group, {}).items()}
        request = {"op": "review", "record": dict(record, actions=record["actions"][:end]),
                   "seat": session.seat, "hand": hand, "budget": BUDGET, "theme": session.theme,
                   "known": known, **({"names": session.names()} if session.names() else {})}
        self.review["running"] = True
        try:
            answer = await worker_client.review(request)
        except WorkerError as exc:
            if run == self.review_run:
                self.review["running"] = False
                self.review_message("Review cancelled." if isinstance(exc, Cancelled)
                                    else f"The review failed: {exc}")
            return
        if run != self.review_run:
            return
        self.review["running"] = False
        self.keep_analyses(group)
        self.review["reused"] = answer.pop("reused", 0)
        if not answer.pop("available", True):
            self.review_message(answer.get("message") or "No review for this hand.")
            return
        if not self.app.kept.keep_review(key, answer):
            announce("This review could not be kept: the browser's storage is full.")
        history.keep_review(self.app.kept, self.review["game"], answer)
        self.review["data"] = answer
        self.draw_review()
        announce(f"Review of {self.hand_word()} {hand} ready. {answer['hands'][0]['summary']}")

    def hand_word(self) -> str:
        return self.app.table.session.game.words.hand_word if self.app.table.session else "hand"

    def review_message(self, text: str) -> None:
        dom.set_prop("review-progress", "hidden", True)
        set_html("review-content", f'<p class="review-message" id="review-message">{esc(text)}</p>')
        if self.review is not None:
            self.review["data"] = None

    def draw_review(self, scroll: bool = False) -> None:
        review = self.review
        if review is None or review.get("game") != self.app.table.game_id or self.app.table.session is None:
            dom.set_prop("review-panel", "hidden", True)
            return
        dom.set_prop("review-panel", "hidden", False)
        dom.set_attr("review-panel", "data-reused", str(review.get("reused", "")))    # decisions analysed before (tests)
        dom.set_attr("review-panel", "data-game", str(review["game"]))
        data = review["data"]
        dom.set_prop("review-progress", "hidden", data is not None)
        for button in ("review-replay", "review-export"):
            dom.set_prop(button, "disabled", data is None)
        word = self.hand_word()
        dom.set_text("review-title", f"Review of {word} {review['hand']}")
        title = self.app.table.session.narrator().title()
        dom.set_text("review-replay", f"Replay this deal ({title}, {word} {review['hand']})")
        if data is None:
            set_html("review-content", "")
        else:
            hand = data["hands"][0]
            tell = review_narrator(data["record"], data["seat"], data.get("theme", ""), hand["end_action"],
                                   self.app.table.session.namer())
            set_html("review-content", review_view.review_html(hand, tell, review["step"],
                                                               review["source"]))
        if scroll:
            dom.scroll_into_view("review-panel", block="start")
            dom.refocus("#review-panel", preventScroll=True)

    def close_review(self) -> None:
        self.cancel_review(quiet=True)
        self.review = None
        if self.app.table.game_id is not None:
            self.app.kept.set_review(self.app.table.game_id, None)
        self.draw_review()

    def cancel_review(self, quiet: bool = False) -> None:
        if self.review is None or not self.review.get("running"):
            return
        self.review["running"] = False
        self.review_run += 1
        self.keep_analyses(self.review["group"])     # what it had analysed: not lost
        worker_client.cancel_review()
        if not quiet:
            self.review_message("Review cancelled. Ask again to start it over.")
            announce("Review cancelled.")

    def switch_review(self, game_id: str | None) -> None:
        """The review panel for the game `game_id` comes to the table: the review open
        in it, from where it is kept (after a reload too), or none. A review under way
        for another game stops (its analyses are kept)."""
        if self.review is not None and self.review.get("game") != game_id:
            self.cancel_review(quiet=True)
            self.review = None
        entry = self.app.kept.entry(game_id) if game_id is not None else None
        key = entry.get("review") if entry else None
        if self.review is None and isinstance(key, str):
            data = self.app.kept.review(key)
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
        if not data or self.app.table.session is None:
            return
        try:
            table = self.app.table.session
            session = Session.branch(data["record"], upto, choice, data["seat"], table.level,
                                     data.get("theme", ""), table.people, table.levels)
        except ManyhandsError as exc:
            announce(f"Could not start from there: {exc}")
            return
        hand = f"{self.app.table.session.narrator().title()}, {self.hand_word()} {self.review['hand']}"
        self.app.table.start(session, f"{hand} replayed from its start, the same cards." if replay
                   else f"{hand} played on from your decision.")
