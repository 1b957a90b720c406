"""The page (the page's Pyodide): one `App` made of rooms of one purpose each,
which reach one another through it. Rendering is `render.table_html(observation)`,
pages.py and the views beside them; no game rule lives here.

- `kept`: the games, reviews and preferences kept in the browser (storage.py);
- `table`: the game at the table, your actions and the computers' moves (table.py);
- `hints`: the hint panel (hint_panel.py); `reviews`: the hand review (review_panel.py);
- `home`: the home page, Your games and starting a game from a card (home.py);
- `views`: #home, #table and #rules, and the tab's title (views.py);
- `confirm`: the yes-or-no question before a deletion (dialog.py);
- `friends`: friends at one device: who sits where, passing the device (friends.py);
- `history`: the History and Statistics pages, the score sheet's par (history_page.py);
- `background`: each finished hand's par and automatic review (background.py);
- `sharing`: Share this deal, and a shared deal's link opened (sharing.py);
- `guide`: a guided first hand of a game, at the table, never kept (guide.py).

The workers are asked through worker_client.py; the events are wired, and the page
started, in events.py.
"""
from __future__ import annotations

from pyscript import window

from .background import Background
from .dialog import Confirm
from .friends import Friends
from .guide import Guide
from .history_page import HistoryPage
from .hint_panel import HintPanel
from .home import Home
from .review_panel import ReviewPanel
from .session import describe_games
from .sharing import Sharing
from .storage import BrowserStore, PageStorage
from .table import Table
from .views import Views


class App:
    def __init__(self) -> None:
        self.kept = PageStorage(BrowserStore(window.manyhands))
        self.games = {g["name"]: g for g in describe_games()}
        self.table = Table(self)
        self.hints = HintPanel(self)
        self.reviews = ReviewPanel(self)
        self.home = Home(self)
        self.views = Views(self)
        self.confirm = Confirm()
        self.friends = Friends(self)
        self.history = HistoryPage(self)
        self.background = Background(self)
        self.sharing = Sharing(self)
        self.guide = Guide(self)


app = App()
