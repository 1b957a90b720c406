"""The History and Statistics pages (the page's Pyodide): every finished game kept
(history_view.py draws the list, replay_view.py a game replayed trick by trick,
stats_view.py the statistics stats.py computes), with Replay, Review (the table's
hand review), Play this deal again and Share (both through the table's one start
path), export and import of the whole history (history.py); and the notes the
table's score sheet and game end show (the par, a shared deal's scores)."""
from __future__ import annotations

import asyncio
import json
import time

from pycore.words import minus
from pyscript import window

from . import dom, history, history_view, replay_view, stats, stats_view
from .dom import announce, current_view, el, focus_next, set_html
from .session import ManyhandsError, Session, namer_of
from .history_view import compare_html, link_html
from .markup import esc


def now_ms() -> int:
    return int(time.time() * 1000)


def browser_dates(times) -> dict:
    """{ms: a date and time in the browser's own words and time zone} (one call to the page)."""
    return dom.ask("localDates", json.dumps(sorted(set(times))), of_page=False)


class HistoryPage:
    def __init__(self, app) -> None:
        self.app = app                 # the page (app.py): the games kept, the table, the reviews
        self.game = ""                 # the filters: a game's name, a player count ("" for all)
        self.players = ""
        self.person = ""               # the statistics of a person at friends' table ("": yours)
        self.note = ""
        self.replaying: dict | None = None    # {"id", "steps", "saved", "step", "title"}

    # --- the pages ------------------------------------------------------------------------------
    def draw(self) -> None:
        entries = self.app.kept.games()
        dates = browser_dates(e["updated"] for e in entries)
        set_html("history", history_view.history_html(entries, self.app.games, self.game, self.players,
                                                      self.app.kept.used(), self.note, self.app.kept.full_seen,
                                                      lambda ms: dates[str(ms)]))
        self.draw_replay()

    def draw_stats(self) -> None:
        """Your statistics against the computers, or (chosen above them) a person's at
        friends' table."""
        games = history.finished(self.app.kept)
        names = history.person_names(games)
        if self.person not in names:
            self.person = ""
        if self.person:
            games = [g for g in (history.as_person(e, self.person) for e in games) if g is not None]
        else:
            games = [e for e in games if not history.people(e["summary"])]
        groups = stats.statistics(games)
        set_html("stats", stats_view.person_filter_html(names, self.person)
                 + stats_view.stats_html(groups, bool(self.app.kept.prefs().get("auto_review"))))

    def choose_person(self) -> None:
        self.person = str(el("stats-person")._dom_element.value)
        self.draw_stats()
        focus_next(["#stats-person"], force=True)

    def redraw(self) -> None:
        """After background work kept something: the page shown drawn again."""
        if current_view() == "history" and self.replaying is None:
            self.draw()
        elif current_view() == "stats":
            self.draw_stats()

    def filter(self) -> None:
        self.game = str(el("history-game")._dom_element.value)
        self.players = str(el("history-players")._dom_element.value)
        self.draw()
        focus_next(["#history-game"], force=True)

    # --- one game ---------------------------------------------------------------------------------
    def saved(self, game_id: str) -> dict | None:
        try:
            return self.app.kept.load_game(game_id)
        except ValueError as exc:
            self.say(f"Could not open that game: {exc}.")
            return None

    def say(self, text: str) -> None:
        self.note = text
        announce(text)
        self.draw()

    def replay(self, game_id: str) -> None:
        saved = self.saved(game_id)
        if saved is None:
            return
        entry = self.app.kept.entry(game_id)
        self.replaying = {"id": game_id, "saved": saved, "step": 0, "title": entry["summary"].get("title", ""),
                          "steps": replay_view.steps(saved["record"], saved["seat"], saved.get("theme", ""),
                                                     namer_of(saved))}
        self.draw_replay()
        focus_next(["#replay-title"], force=True)

    def step(self, step: int) -> None:
        if self.replaying is not None:
            self.replaying["step"] = step
            self.draw_replay()
            focus_next(["#replay-next:not([disabled])", "#replay-title"], force=True)

    def close_replay(self) -> None:
        game_id = self.replaying and self.replaying["id"]
        self.replaying = None
        self.draw()
        focus_next([f'[data-history="replay"][data-id="{game_id}"]', "#history-title"], force=True)

    def draw_replay(self) -> None:
        r = self.replaying
        dom.set_prop("history-replay", "hidden", r is None)
        dom.set_prop("history", "hidden", r is not None)
        if r is not None:
            saved = r["saved"]
            set_html("history-replay", replay_view.replay_html(r["steps"], saved["record"], saved["seat"],
                                                               saved.get("theme", ""), r["step"], r["title"],
                                                               namer_of(saved)))

    @staticmethod
    def picked(game_id: str) -> int:
        """The hand picked in a game's entry (0-based)."""
        box = window.document.getElementById(f"pick-{game_id}")
        return int(str(box.value)) if box else 0

    def review(self, game_id: str) -> None:
        """Review the picked hand of the game: the game at the table, its hand review opened."""
        index = self.picked(game_id)
        if self.app.home.open_game(game_id):
            asyncio.ensure_future(self.app.reviews.open_review(index))

    def again(self, game_id: str) -> None:
        """The game's deal played again: the same rules and cards, the same seat and computers."""
        saved = self.saved(game_id)
        if saved is None:
            return
        try:
            session = Session.branch(saved["record"], 0, None, saved["seat"], saved["level"], saved["theme"],
                                     dict(saved.get("people") or []), dict(saved.get("levels") or []))
        except ManyhandsError as exc:
            self.say(f"Could not start that deal again: {exc}.")
            return
        self.app.table.start(session, f"{session.game.title}, deal {session.state.seed}, played again: "
                                      f"the same cards.")

    def share(self, game_id: str) -> None:
        """The link to the picked hand's deal."""
        saved = self.saved(game_id)
        if saved is None:
            return
        hand = self.picked(game_id) + 1
        try:
            link = self.app.sharing.link_for(saved, hand, self.app.sharing.par_of(game_id, hand))
        except ManyhandsError as exc:
            set_html(f"share-{game_id}", f'<p class="error">This deal cannot be shared: {exc}.</p>')
            return
        set_html(f"share-{game_id}", link_html(link, game_id))
        focus_next([f"#share-link-{game_id}"], force=True)

    # --- export and import ---------------------------------------------------------------------
    def export(self) -> None:
        data = history.export_games(self.app.kept, self.app.kept.review_keys(), now_ms())
        day = time.strftime("%Y-%m-%d", time.localtime())
        window.manyhands.download(f"manyhands-history-{day}.json", json.dumps(data))
        self.say(f"Exported {len(data['games'])} finished game{'s' if len(data['games']) != 1 else ''}.")

    async def import_file(self, file) -> None:
        text = str(await file.text())
        try:
            games = history.read_file(text)
        except history.HistoryFileError as exc:
            self.say(f"Could not import {file.name}: {exc}. Nothing was changed.")
            return
        from .session import hand_end, review_key
        from .address import BUDGET

        def keep_review(review):
            hand = review["hands"][0]
            end = hand_end(review["record"], hand["hand"])
            if end is not None:
                self.app.kept.keep_review(review_key(review["record"], end, review["seat"], hand["hand"],
                                                     BUDGET, review.get("theme", "")), review)
        result = history.import_games(self.app.kept, games, lambda saved: Session.from_saved(saved).summary(),
                                      keep_review)
        self.say(history.import_text(result))
        self.app.background.catch_up(wait=0)       # the imported games' hands without a par

    # --- the table's notes ------------------------------------------------------------------------
    def table_notes(self, obs: dict) -> dict:
        """The score sheet's note (the hand's par, a shared deal's scores, the share
        link) and the game end's, for the game at the table."""
        table = self.app.table
        entry = self.app.kept.entry(table.game_id) if table.game_id else None
        if entry is None:
            return {}
        word = table.session.game.words.hand_word
        sheet = table.ui.get("sheet")
        out = {}
        challenge = entry.get("challenge")
        results = obs.get("hand_results") or []

        def par_line(hand: int) -> str:
            if table.session.together:           # each person's, by name (history_view)
                text = history_view.par_hand_text(entry, hand, word).partition(": ")[2]
                return f'<p class="par-line" data-par="people">Par (the hard computer player with each one\'s cards): {esc(text)}</p>'
            got = (entry.get("par") or {}).get(str(hand))
            why = (entry.get("par_failed") or {}).get(str(hand))
            if got is None and why:
                return (f'<p class="par-line" data-par="failed">Par (the hard computer player with your cards, '
                        f'the same opponents): {history_view.PAR_FAILED} ({esc(why)}); '
                        f'{history_view.ASKED_AGAIN}.</p>')
            if got is None:
                return ('<p class="par-line" data-par="pending">Par (the hard computer player with your cards, '
                        'the same opponents): being worked out…</p>')
            return (f'<p class="par-line" data-par="{got["par"]}" data-score="{got["score"]}"><b>You '
                    f'{minus(str(got["score"]))}, par {minus(str(got["par"]))}</b> (par: the hard computer player with your cards, '
                    f'against the same opponents)</p>')

        def mine(hand: int):
            return results[hand - 1]["points"][table.session.seat] if 0 < hand <= len(results) else None

        def compare(hand: int) -> str:
            got = (entry.get("par") or {}).get(str(hand))
            return compare_html(challenge, mine(hand), got["par"] if got else None, word)
        if sheet is not None and 0 <= sheet < len(results):
            note = par_line(sheet + 1)
            if challenge and challenge.get("hand") == sheet + 1:
                note += compare(sheet + 1)
            shared = table.ui.get("shared")
            if shared and shared[0] == sheet:
                note += shared[1]
            out["sheet_note"] = note
        if obs.get("terminal"):
            note = ""
            if challenge and mine(challenge["hand"]) is not None:
                note += compare(challenge["hand"])
            if results:
                whose = "each one's" if table.session.together else "your"
                note += (f'<p class="par-line">Against par (the hard computer player with {whose} cards): '
                         f'{esc(history_view.par_text(entry, word))}</p>')
            out["end_note"] = note
        return out

    def share_hand(self, index: int) -> None:
        """The score sheet's Share this deal: the link under the sheet."""
        table = self.app.table
        try:
            link = self.app.sharing.link_for(table.session.saved(), index + 1,
                                             self.app.sharing.par_of(table.game_id, index + 1))
            shown = link_html(link, "sheet")
        except ManyhandsError as exc:
            shown = f'<p class="error">This deal cannot be shared: {exc}.</p>'
        table.ui["shared"] = (index, shown)
        table.ui["sheet"] = index          # the link shows on that hand's score sheet
        table.draw()
        focus_next(["#share-link-sheet"], force=True)

    def set_auto_review(self, on: bool) -> None:
        self.app.kept.save_prefs(auto_review=on)
        announce("Each finished hand will be reviewed in the background." if on
                 else "Finished hands are no longer reviewed automatically.")
