"""The table's pace (the page's Pyodide): what plays itself, and when.

- A decision with only one legal choice is shown ("Only one choice: ...") and,
  after a short moment (FORCED_SECONDS), played as your click would play it
  (`Table.act`: the same record, undo, save and log). A setting turns it off
  (kept in the preferences: `play_forced`).
- While others play in a trick you may choose the card to play next; when your
  turn comes it is played if it still may be, else it is dropped and you are
  told why, in one line.

Neither ever plays across a moment you should see: a hand's score sheet, a trick
the table holds for you (the pause after a trick you chose), the tricks or the
hint you are looking at. Both are tied to one position (the table's generation
and the number of actions): undo, a new game or leaving the table drops them,
and none fires twice. Undo back to a forced decision waits there for you.
"""
from __future__ import annotations

import asyncio


from . import dom, layouts
from .address import FORCED_WAIT, PACE
from .dom import current_view
from .pace_view import forced_choice, prepick_open, prepick_outcome, refused_line

# The moment an only choice is shown before it plays itself: the computers' pace
# (?pace=S in the address), within 0.25-0.7 s.
FORCED_SECONDS = max(0.25, min(PACE, 0.7))


class Pace:
    def __init__(self, table) -> None:
        self.table = table
        self.auto = not FORCED_WAIT and bool(table.app.kept.prefs().get("play_forced", True))
        self.task = None
        self.pending = None     # (generation, actions, token) about to play itself
        self.held_at = None     # (generation, actions) where undo brought you back: it waits

    def where(self) -> tuple[int, int]:
        return self.table.generation, len(self.table.session.state.history)

    def set_auto(self, on: bool) -> None:
        self.auto = on
        self.table.app.kept.save_prefs(play_forced=on)
        self.table.draw()

    def held_by_undo(self) -> None:
        """Undo took you back to a decision: it waits for you even if forced."""
        self.held_at = self.where()

    def looking(self) -> bool:
        """Whether you are looking at something the table must not play past."""
        ui = self.table.ui
        hints = self.table.app.hints
        return bool(ui.get("holding") or ui.get("sheet") is not None or ui.get("view_trick") is not None
                    or hints.hint_started is not None or hints.shown or current_view() != "table")

    def trick_wait(self, obs: dict) -> float | None:
        """How long a trick of this hand just finished stays before your turn plays
        itself: the pause after a trick you chose (None: "wait for me", it does not)."""
        moment, hands = self.table.ui.get("moment"), obs.get("hands") or []
        in_play = moment is not None and moment[0] == len(hands) - 1 and hands[-1].get("points") is None
        if not in_play or self.table.trick_pause == "0":
            return 0.0
        return None if self.table.trick_pause == "wait" else float(self.table.trick_pause)

    # --- before each drawing of the table ------------------------------------------------------
    def update(self, obs: dict) -> None:
        """Mark what the table's pace shows (ui "forced", "prepick_open") and start
        or drop what plays itself; called before every drawing of the table."""
        table, ui = self.table, self.table.ui
        if table.app.guide.active:      # a guided hand: every step waits for the player
            ui["prepick_open"] = ui["forced"] = ui["prepick"] = None
            self.drop()
            return
        seat = table.session.seat
        layout = layouts.layout_for(obs.get("game", ""))
        pick = ui.get("prepick")
        if pick is not None and (pick[2] != len(obs.get("hands") or []) or obs.get("phase") != "play"):
            pick = ui["prepick"] = None          # a new hand: a card chosen in the last one is gone
        # (not while the device is about to pass to a friend: the card would wait for the next holder)
        ui["prepick_open"] = table.session.passing is None and prepick_open(obs, seat, layout.plays_in_trick(obs))
        token, seconds = None, FORCED_SECONDS
        if pick is not None and table.session.my_turn:
            tell = table.session.narrator(obs)
            why = table.session.state.why_not(pick[1], tell)
            outcome = prepick_outcome(pick[1], obs, why)
            if outcome == "play":
                token, seconds = pick[1], 0.0
            else:
                ui["prepick"] = None
                if outcome == "sub":
                    ui["sub"] = pick[1]
                elif outcome == "refused":
                    ui["prepick_said"] = refused_line(tell, pick[1], why)
                    dom.announce(ui["prepick_said"])
        forced = forced_choice(obs, seat) if self.auto and self.where() != self.held_at else None
        if token is None and forced is not None:
            token = forced
        wait = self.trick_wait(obs)
        if wait is None and token is not None and token != forced:
            wait = 1.0      # a card you chose: "wait for me" shows the trick you took a moment
        playing = token is not None and wait is not None and not self.looking()
        ui["forced"] = forced if playing and token == forced else None    # shown while it is about to play
        if not playing:
            self.drop()
            return
        key = (*self.where(), token)
        if self.pending == key:
            return
        self.drop()
        self.pending = key
        self.task = asyncio.ensure_future(self.play_later(key, max(seconds, wait)))

    def drop(self) -> None:
        if self.task is not None and not self.task.done():
            self.task.cancel()
        self.task = self.pending = None

    async def play_later(self, key, seconds: float) -> None:
        await asyncio.sleep(seconds)
        table = self.table
        if self.pending != key:
            return
        self.task = self.pending = None
        if table.session is None or (*self.where(), key[2]) != key or self.looking():
            return          # drawn again when you look back at the table: it is started again
        if table.ui.get("prepick") and table.ui["prepick"][1] == key[2]:
            table.ui["prepick"] = None
        table.act(key[2], by_hand=False)

    # --- a card chosen to play next -------------------------------------------------------------
    def choose(self, index: int) -> None:
        """Tap a card of your hand while others play: it is chosen to play next
        (again: no longer)."""
        table, ui = self.table, self.table.ui
        obs = table.session.observation()
        hand = list(obs.get("hand") or [])
        if not ui.get("prepick_open") or not 0 <= index < len(hand):
            return
        tell = table.session.narrator(obs)
        ui["prepick_said"] = ""
        if ui.get("prepick") and ui["prepick"][0] == index:
            ui["prepick"] = None
            dom.announce(f"The {tell.card(hand[index])} is no longer chosen.")
        else:
            ui["prepick"] = (index, hand[index], len(obs.get("hands") or []))
            dom.announce(f"The {tell.card(hand[index])} is chosen to play next.")
        table.draw()
        dom.refocus(f'[data-prepick="{index}"]')

    def cancel_prepick(self) -> bool:
        """Escape: the card chosen to play next is no longer (True if there was one)."""
        ui = self.table.ui
        if not ui.get("prepick"):
            return False
        index = ui["prepick"][0]
        ui["prepick"] = None
        dom.announce("No card chosen to play next.")
        self.table.draw()
        dom.refocus(f'[data-prepick="{index}"]')
        return True
