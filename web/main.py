# The page's entry point; everything is in manyhands_web. It runs on the main
# thread, or in a PyScript worker (isolation.js: the main thread then stays free
# for input while Python works), and reaches the page through pyscript.window,
# its changes batched (manyhands_web/dom.py).
import js
from pyscript import window

started = window.performance.now()
from manyhands_web import dom  # noqa: E402

dom.set_data("data-python-up", f"{started:.0f}")     # (dataset.pythonUp, dataset.mainStart)
dom.set_data("data-main-start", f"{started:.0f}")
dom.set_data("data-boot", getattr(js, "manyhandsBoot", None) or "fresh")    # how Pyodide started (pyodide/boot.mjs)
dom.dispatch("manyhands:python")       # the loading screen's step (client.js)
dom.flush()
from manyhands_web.events import main  # noqa: E402

main(started)
