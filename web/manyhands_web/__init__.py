"""The browser table's Python: rendering (render.py), the game session (session.py),
the page glue (app.py, Pyodide only) and the worker's request handler (worker_api.py).

Nothing in pycore/ or solver/ imports this package."""
