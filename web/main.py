# The page's entry point; everything is in manyhands_web. It runs on the main
# thread, or in a PyScript worker (isolation.js: the main thread then stays free
# for input while Python works), and reaches the page through pyscript.window.
import js
from pyscript import window

dataset = window.document.body.dataset
dataset.pythonUp = dataset.mainStart = f"{window.performance.now():.0f}"
dataset.boot = getattr(js, "manyhandsBoot", None) or "fresh"        # how Pyodide started (pyodide/boot.mjs)
window.dispatchEvent(window.Event.new("manyhands:python"))        # the loading screen's step (client.js)
from manyhands_web.events import main  # noqa: E402

main()
