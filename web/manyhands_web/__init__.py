"""The browser table's Python: the table as HTML (render.py and the views beside
it), each game's layout and intro (games/), the game session (session.py), the
games kept (storage.py), the page's controllers (app.py and the rooms it
composes, Pyodide only) and the worker's request handler (worker_api.py).

Nothing in pycore/ or solver/ imports this package."""
from . import games  # noqa: E402,F401  (registers every game's layout and intro: the page's one catalog)
