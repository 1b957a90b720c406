"""The browser table's Python: the table as HTML (render.py and the views beside
it), each game's layout and intro (games/), the game session (session.py), the
games kept (storage.py), the page's rooms (app.py composes them; Pyodide only)
and the worker's request handler (worker_api.py).

Nothing in pycore/ or solver/ imports this package."""
