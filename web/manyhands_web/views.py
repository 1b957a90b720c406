"""The page's views (the page's Pyodide): #home (the games), #table (the game),
#rules/<game> (how to play, with the house rules at your table),
#rules/<game>/reference (the complete rules), #history (your finished games) and
#stats (your statistics), moved between by the address's hash; #deal=... (a
shared deal: sharing.py) starts it; and the tab's title."""
from __future__ import annotations

import asyncio

from pyodide.ffi import JsException
from pyscript import fetch, window

from . import dom, first_screen
from .dom import current_view, focus_next, set_html, set_prop, show_view
from .markup import esc
from .sharing import is_deal
from .table import NEXT_DECISION

VIEWS = ("home", "table", "rules", "history", "stats")
TITLES = {"rules": "How to play", "history": "Your history", "stats": "Your statistics"}


class Views:
    def __init__(self, app) -> None:
        self.app = app                 # the page (app.py): the home page and the table it shows
        self.texts: dict[str, str] = {}      # rules pages fetched so far
        self.hash = ""                 # the address's hash, as the page last said (bridge.js)

    def route(self, hash_: str | None = None) -> None:
        """The view the address's hash names (`hash_`: it has just changed to it)."""
        if hash_ is not None:
            self.hash = hash_
        hash_ = self.hash
        if is_deal(hash_.lstrip("#")):
            if self.app.sharing.open_link(hash_.lstrip("#")):
                return
            hash_ = "#home"
        view, _, arg = hash_.lstrip("#").partition("/")
        if view == "learn":             # a guided first hand (guide.py): at the table
            self.app.guide.start(arg)
            return
        if view == "table" and self.app.table.session is None:
            view = "home"
        if view not in VIEWS:
            view = "table" if self.app.table.session is not None else "home"
        for name in VIEWS:
            set_prop(f"view-{name}", "hidden", name != view)
        if current_view() != view:
            dom.scroll_to_top()             # a new view starts at its top
        show_view(view)
        if view == "rules":
            name, _, part = arg.partition("/")
            asyncio.ensure_future(self.show_rules(name or self.current_game(), part == "reference"))
        if view == "home":
            self.app.home.draw_home()
            focus_next(["#view-home h2"])
        if view == "table":
            self.app.table.draw()
            focus_next(NEXT_DECISION)
        if view == "history":
            self.app.history.draw()
            focus_next(["#history-title"])
        if view == "stats":
            self.app.history.draw_stats()
            focus_next(["#stats-title"])
        self.set_title()

    def go(self, view: str) -> None:
        if self.hash == f"#{view}":
            self.route()
        else:
            dom.set_hash(view)        # the page's hashchange routes

    def current_game(self) -> str:
        session = self.app.table.session
        return session.game.name if session else self.app.kept.prefs().get("game", next(iter(self.app.games)))

    def set_title(self) -> None:
        """The tab's title: the view, and whether it is your turn."""
        view = current_view()
        session = self.app.table.session
        if view == "table" and session is not None:
            turn = "Your turn · " if session.my_turn else ("Game over · " if session.state.is_terminal else "")
            title = f"{turn}{session.game.title} · Manyhands"
        elif view in TITLES:
            title = f"{TITLES[view]} · Manyhands"
        else:
            title = "Manyhands: card games in your browser"
        dom.set_title(title)
        set_prop("nav-table", "hidden", session is None)

    async def show_rules(self, name: str, reference: bool = False) -> None:
        """How to play `name` (the guide rendered at build time, web/guide/) and the
        house rules at your table; or the complete rules text (`reference`)."""
        if name not in self.app.games:
            name = self.current_game()
        game = self.app.games[name]
        page = f"rules/{name}{'-reference' if reference else ''}.html"
        if page not in self.texts:
            try:
                response = await fetch(str(window.URL.new(page, window.location.href).href))    # (from a worker too)
                if not response.ok:
                    raise ValueError(f"HTTP {response.status}")
                self.texts[page] = str(await response.text())
            except (JsException, ValueError) as exc:      # offline without the page cached, or an HTTP error
                self.texts.pop(page, None)
                set_html("rules", f'<p class="error">Could not open the rules of {esc(game["title"])} ({esc(exc)}).</p>')
                return
        if current_view() != "rules":
            return
        session = self.app.table.session
        if session is not None and session.game.name == name:
            values, where = session.state.rules.to_dict(), "Your game in progress is played with these."
        else:
            saved = self.app.kept.prefs().get("rules", {}).get(name, {})
            values, where = (saved if isinstance(saved, dict) else {}), first_screen.new_game_where(game)
        frame = first_screen.rules_page_html(self.app.games, name, reference, values, where, session is not None)
        set_html("rules", frame.replace(first_screen.GUIDE, self.texts[page]))
        focus_next(["#rules h2"], force=True)
