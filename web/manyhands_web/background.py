"""After each finished hand at the table (the page's Pyodide): its par, and its
review when the player has turned automatic review on, asked of the pool of
workers in the background (worker_client.background) one after the other, kept with the game
(history.py) and shown on the hand's score sheet ("You 7, par 5") and in the
history. The table never waits for them.

Nothing asked is dropped. What is pending is not held here but re-derived from
the kept games (history.par_missing, history.review_missing: a wanted review is
noted with the game before it is asked): at a page load, after an import and
when a game comes to the table, every finished hand without a par, or without
its wanted review, is asked again, so a reload, a closed tab or a resumed game
loses nothing. A par or review whose workers were lost (pool.js gives a request
up after its workers were lost three times) is asked again after a wait, twice;
one that still could not be worked out, or that the solver refused, is kept as
such with why (history.keep_par_failure, keep_review_failure), shown where it
would stand, and asked again at the next page load."""
from __future__ import annotations

import asyncio
import traceback

from . import history, worker_client
from .address import BUDGET
from .dom import announce
from .session import hand_end, review_key
from .storage import SavedGameError
from .worker_client import WorkerError, WorkerRefusal


CATCH_UP_WAIT = 8.0            # a page load boots the hint worker first
RETRY_WAITS = (15.0, 60.0)     # a par whose workers were lost: asked again after these waits


class Background:
    def __init__(self, app) -> None:
        self.app = app                 # the page (app.py): the games kept, the table to redraw
        self.queued: set = set()       # (game id, hand) queued, under way or waiting to be asked again
        self.failures: dict = {}       # (game id, hand) -> times its workers were lost this visit
        self.queue: asyncio.Queue | None = None
        self.task = None

    def hand_finished(self, game_id: str, hand: int) -> None:
        """A hand of the game at the table just finished: its par (and review) queued."""
        if self.auto_review():
            history.want_review(self.app.kept, game_id, hand)
        self.want(game_id, hand)

    def want(self, game_id: str, hand: int) -> None:
        if (game_id, hand) in self.queued:
            return
        self.queued.add((game_id, hand))
        if self.queue is None:
            self.queue = asyncio.Queue()
        self.queue.put_nowait((game_id, hand))
        if self.task is None or self.task.done():
            self.task = asyncio.ensure_future(self.run())

    def catch_up(self, game_id: str | None = None, wait: float = CATCH_UP_WAIT) -> None:
        """`wait` seconds from now, every finished hand without a par or without its
        wanted review queued: of the kept game `game_id`, or of every kept game (the
        one at the table first)."""
        asyncio.ensure_future(self._catch_up(game_id, wait))

    async def _catch_up(self, game_id: str | None, wait: float) -> None:
        await asyncio.sleep(wait)
        entries = self.app.kept.games()
        first = self.app.table.game_id
        entries.sort(key=lambda e: e["id"] != first)
        for entry in entries:
            if game_id is None or entry["id"] == game_id:
                reviews = history.review_missing(entry) if self.auto_review() else []
                for hand in sorted({*history.par_missing(entry), *reviews}):
                    self.want(entry["id"], hand)

    def auto_review(self) -> bool:
        return bool(self.app.kept.prefs().get("auto_review"))

    async def run(self) -> None:
        while not self.queue.empty():
            game_id, hand = self.queue.get_nowait()
            try:
                saved = self.app.kept.load_game(game_id)
            except SavedGameError:             # deleted meanwhile: nothing to show it on
                self.queued.discard((game_id, hand))
                continue
            work = {"game": game_id, "hand": hand, **saved}
            settled = await self.settle(work, "par", self.par)
            if self.auto_review():
                settled = await self.settle(work, "review", self.review) and settled
            if settled:
                self.queued.discard((game_id, hand))

    async def par(self, work: dict) -> bool:
        """The hand's par worked out and kept (WorkerError: not); with friends, each
        person's from their seat."""
        record = work["record"]
        end = hand_end(record, work["hand"])
        if end is None:                        # not finished in the kept record: nothing to ask
            return True
        for seat in history.par_seats(self.app.kept.entry(work["game"]) or {}):
            entry = self.app.kept.entry(work["game"])
            if entry is None or history.par_key(work["hand"], seat) in (entry.get("par") or {}):
                continue
            request = {"op": "par", "record": dict(record, actions=record["actions"][:end]),
                       "seat": work["seat"] if seat is None else seat, "level": work["level"], "hand": work["hand"]}
            answer = await worker_client.background(request)
            history.keep_par(self.app.kept, work["game"], answer, seat)
            self.shown(work["game"])
        return True

    async def settle(self, work: dict, what: str, ask) -> bool:
        """`ask(work)` (the par or the review): True once it is kept or failed for
        good this visit (said on the hand); False: it is asked again after a wait."""
        try:
            return await ask(work)
        except WorkerRefusal as exc:          # the solver refused it: asking again would not help
            self.failed(work, what, str(exc))
        except WorkerError as exc:            # its workers were lost: asked again after a wait
            key = (work["game"], work["hand"], what)
            tries = self.failures.get(key, 0)
            self.failures[key] = tries + 1
            if tries < len(RETRY_WAITS):
                asyncio.ensure_future(self._again(key[:2], RETRY_WAITS[tries]))
                return False
            self.failed(work, what, str(exc))
        except Exception as exc:           # a bug: said where it would stand, the rest goes on
            traceback.print_exc()
            self.failed(work, what, f"a fault in the page ({type(exc).__name__}: {exc})")
        return True

    async def _again(self, key: tuple, wait: float) -> None:
        await asyncio.sleep(wait)
        self.queued.discard(key)
        self.want(*key)

    def failed(self, work: dict, what: str, why: str) -> None:
        """The par or review could not be worked out: kept as such (asked again at the
        next page load), said where it would stand (a par on the hand's score sheet,
        the final result and the history; a review in the history)."""
        entry = self.app.kept.entry(work["game"])
        word = ((entry or {}).get("summary") or {}).get("hand_word", "hand")
        keep = history.keep_par_failure if what == "par" else history.keep_review_failure
        keep(self.app.kept, work["game"], work["hand"], why)
        announce(f"The {what} of {word} {work['hand']} could not be worked out: {why}")
        self.shown(work["game"])

    def shown(self, game_id: str) -> None:
        if self.app.table.game_id == game_id:
            self.app.table.draw()
        self.app.history.redraw()

    async def review(self, work: dict) -> bool:
        """The hand's review worked out and its decisions kept (WorkerError: not)."""
        entry = self.app.kept.entry(work["game"])
        if entry is None or work["hand"] not in history.review_missing(entry):
            return True
        record, hand, seat, theme = work["record"], work["hand"], work["seat"], work["theme"]
        end = hand_end(record, hand)
        key = review_key(record, end, seat, hand, BUDGET, theme)
        saved = self.app.kept.review(key)
        if saved is None:
            request = {"op": "review", "record": dict(record, actions=record["actions"][:end]), "seat": seat,
                       "hand": hand, "budget": BUDGET, "theme": theme}
            saved = await worker_client.background(request)
            if not saved.pop("available", True):
                raise WorkerRefusal(saved.get("message") or "the review was refused")
            saved.pop("reused", None)
            self.app.kept.keep_review(key, saved)
        history.keep_review(self.app.kept, work["game"], saved)
        self.app.history.redraw()
        return True
