"""The page's elements from Python (the page's Pyodide): what is drawn, where focus
goes next, the announcements screen readers hear.

Changes are not made one DOM call at a time: each is queued, and the queue goes
to the page in ONE call (bridge.js's applyBatch) when the Python handling an
event is done (events.py), when a task's step ends (a computer's move, a hint's
answer), or before anything is read back from the page (`el`). From a PyScript
worker every DOM call is a round trip to the main thread; a redraw is then one,
and the main thread applies it whole: nothing sees a half-drawn table."""
from __future__ import annotations

import asyncio
import json

from pyscript import web, window

_queue: list[list] = []
_state = {"view": None, "flush": None, "scheduled": False, "batches": 0}


def flush() -> None:
    """Apply every queued change now, in order, in one call."""
    _state["scheduled"] = False
    if not _queue:
        return
    batch = json.dumps(_queue)
    _queue.clear()
    if _state["flush"] is None:
        _state["flush"] = window.manyhands.applyBatch     # (fetched once: each fetch is a round trip too)
    _state["batches"] += 1
    _state["flush"](batch)


def change(*what) -> None:
    """A change bridge.js makes (its CHANGES: what, then the arguments). An
    element's HTML set again in the same batch replaces the earlier one, which
    the page would have parsed for nothing (the start draws the table twice)."""
    if what[0] == "html":
        _queue[:] = [c for c in _queue if c[0] != "html" or c[1] != what[1]]
    _queue.append(list(what))
    if not _state["scheduled"]:         # applied once the Python running now is done, at the latest
        _state["scheduled"] = True
        try:
            asyncio.get_event_loop().call_soon(flush)
        except RuntimeError:            # (no event loop: natively, under test; the next flush takes it)
            _state["scheduled"] = False


def batches() -> int:
    """How many batches went to the page so far (the benchmarks count them)."""
    return _state["batches"]


def ask(name: str, *args, of_page: bool = True):
    """What bridge.js's `name` answers (JSON): when it reads the page (`of_page`),
    once the queued changes are made (a redraw under way is then applied in two
    parts: where nothing is read of the page, it stays whole)."""
    if of_page:
        flush()
    return json.loads(str(getattr(window.manyhands, name)(*args)))


def el(element_id: str):
    """The element itself (pyscript.web), for what is read from the page: the queued changes go first."""
    flush()
    return web.page[element_id]


def set_html(element_id: str, markup: str, keep_focus: bool = False) -> None:
    """`keep_focus`: the table's control that had the focus, drawn again, keeps it."""
    change("html", element_id, markup, keep_focus)


def set_text(element_id: str, text: str) -> None:
    change("text", element_id, text)


def set_prop(element_id: str, name: str, value) -> None:
    """A property of an element: hidden, disabled, value, checked, href, open."""
    change("prop", element_id, name, value)


def set_attr(element_id: str, name: str, value: str | None) -> None:
    """An attribute (None: removed)."""
    change("attr", element_id, name, value)


def toggle_class(element_id: str, name: str, on: bool) -> None:
    change("toggle", element_id, name, on)


def set_data(name: str, value: str | None) -> None:
    """body's attribute `name` ("data-..."; None: removed)."""
    change("data", name, value)


def page_state() -> dict:
    """What the page is now (one read): "data", body's data attributes (dataset's
    camelCase names), and "hash", the address's; the view shown is taken from it."""
    state = ask("pageState")
    _state["view"] = state["data"].get("view", "loading")    # as first_screen.js left it
    return state


def dispatch(name: str) -> None:
    """An event of the page's own (the loading screen's steps: client.js)."""
    change("event", name)


def set_title(text: str) -> None:
    change("title", text)


def call(element_id: str, method: str) -> None:
    """An element's method with no arguments (a dialog's showModal, close)."""
    change("call", element_id, method)


def scroll_into_view(element_id: str, **options) -> None:
    change("scroll", element_id, options)


def scroll_to_top() -> None:
    change("top")


def set_hash(view: str) -> None:
    change("hash", view)


def current_view() -> str:
    """The view shown: "home", "table" or "rules" (views.py)."""
    if _state["view"] is None:
        page_state()
    return _state["view"]


def show_view(view: str) -> None:
    _state["view"] = view
    set_data("data-view", view)


def announce(text: str) -> None:
    """Said to screen readers (the live region keeps the last six)."""
    change("announce", text)


def target(event, selector):
    return event.target.closest(selector) if event.target else None


def attr(node, name: str) -> str | None:
    """An attribute's value, None when absent (JS null is not None in Pyodide)."""
    return str(node.getAttribute(name)) if node.hasAttribute(name) else None


def refocus(selector: str, **options) -> None:
    change("focus", selector, options or None)


def focus_next(selectors, force: bool = False) -> None:
    """Focus the first of `selectors` that is shown and enabled, when focus was lost
    (on the page body, on a node a redraw removed, on the table itself) or `force`."""
    change("focusNext", list(selectors), force)
