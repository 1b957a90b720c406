"""After each finished hand at the table (Pyodide main thread): its par, and its
review when the player has turned automatic review on, asked of the pool of
workers in the background (worker_client.background) one after the other, kept with the game
(history.py) and shown on the hand's score sheet ("You 7, par 5") and in the
history. The table never waits for them."""
from __future__ import annotations

import asyncio

from . import history, worker_client
from .address import BUDGET
from .dom import announce
from .session import hand_end, review_key
from .worker_client import WorkerError


CATCH_UP_WAIT = 8.0


class Background:
    def __init__(self, app) -> None:
        self.app = app                 # the page (app.py): the games kept, the table to redraw
        self.asked: set = set()        # (game id, hand) asked this visit
        self.queue: asyncio.Queue | None = None
        self.task = None

    def hand_finished(self, game_id: str, session, hand: int) -> None:
        """A hand of the game at the table just finished: its par (and review) queued."""
        if (game_id, hand) in self.asked:
            return
        self.asked.add((game_id, hand))
        record = session.record()
        work = {"game": game_id, "hand": hand, "record": record, "seat": session.seat,
                "level": session.level, "theme": session.theme}
        if self.queue is None:
            self.queue = asyncio.Queue()
        self.queue.put_nowait(work)
        if self.task is None or self.task.done():
            self.task = asyncio.ensure_future(self.run())

    def catch_up(self, game_id: str, session) -> None:
        """A kept game back at the table: the par of its finished hands that have
        none yet (a page closed before it was worked out) queued, CATCH_UP_WAIT
        seconds later (a page load boots the hint worker first)."""
        entry = self.app.kept.entry(game_id)
        have = (entry or {}).get("par") or {}
        missing = [h for h in range(1, len(session.state.finished_hands) + 1) if str(h) not in have]
        if missing:
            asyncio.ensure_future(self._later(game_id, session, missing))

    async def _later(self, game_id: str, session, hands: list[int]) -> None:
        await asyncio.sleep(CATCH_UP_WAIT)
        for hand in hands:
            self.hand_finished(game_id, session, hand)

    def auto_review(self) -> bool:
        return bool(self.app.kept.prefs().get("auto_review"))

    async def run(self) -> None:
        while not self.queue.empty():
            work = self.queue.get_nowait()
            await self.par(work)
            if self.auto_review():
                await self.review(work)

    async def par(self, work: dict) -> None:
        entry = self.app.kept.entry(work["game"])
        if entry is None or str(work["hand"]) in (entry.get("par") or {}):
            return
        end = hand_end(work["record"], work["hand"])
        request = {"op": "par", "record": dict(work["record"], actions=work["record"]["actions"][:end]),
                   "seat": work["seat"], "level": work["level"], "hand": work["hand"]}
        try:
            answer = await worker_client.background(request)
        except WorkerError as exc:
            announce(f"The par of this hand could not be worked out: {exc}")
            return
        history.keep_par(self.app.kept, work["game"], answer)
        if self.app.table.game_id == work["game"]:
            self.app.table.draw()
        self.app.history.redraw()

    async def review(self, work: dict) -> None:
        entry = self.app.kept.entry(work["game"])
        if entry is None or str(work["hand"]) in (entry.get("decisions") or {}):
            return
        record, hand, seat, theme = work["record"], work["hand"], work["seat"], work["theme"]
        end = hand_end(record, hand)
        key = review_key(record, end, seat, hand, BUDGET, theme)
        saved = self.app.kept.review(key)
        if saved is None:
            request = {"op": "review", "record": dict(record, actions=record["actions"][:end]), "seat": seat,
                       "hand": hand, "budget": BUDGET, "theme": theme}
            try:
                saved = await worker_client.background(request)
            except WorkerError:
                return
            if not saved.pop("available", True):
                return
            saved.pop("reused", None)
            self.app.kept.keep_review(key, saved)
        history.keep_review(self.app.kept, work["game"], saved)
        self.app.history.redraw()
