# The page's entry point (PyScript, main thread); everything is in manyhands_web.
from pyscript import window

window.document.body.dataset.mainStart = f"{window.performance.now():.0f}"
from manyhands_web.events import main  # noqa: E402

main()
