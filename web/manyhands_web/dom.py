"""The page's elements from Python (the page's Pyodide): finding them, filling
them, where focus goes next, and the announcements screen readers hear."""
from __future__ import annotations

import json

from pyscript import web, window


def el(element_id: str):
    return web.page[element_id]


def set_html(element_id: str, markup: str) -> None:
    element = el(element_id)
    if element is not None:
        element.innerHTML = markup


def current_view() -> str:
    """The view shown: "home", "table" or "rules" (views.py)."""
    return str(window.document.body.dataset.view)


def announce(text: str) -> None:
    """Said to screen readers (the live region keeps the last six)."""
    region = el("announce")
    if region is not None:
        item = window.document.createElement("p")
        item.textContent = text
        region._dom_element.appendChild(item)
        while region._dom_element.childElementCount > 6:
            region._dom_element.removeChild(region._dom_element.firstChild)


def target(event, selector):
    return event.target.closest(selector) if event.target else None


def attr(node, name: str) -> str | None:
    """An attribute's value, None when absent (JS null is not None in Pyodide)."""
    return str(node.getAttribute(name)) if node.hasAttribute(name) else None


def refocus(selector: str) -> None:
    node = window.document.querySelector(selector)
    if node:
        node.focus()


def focus_next(selectors, force: bool = False) -> None:
    """Focus the first of `selectors` that is shown and enabled, when focus was lost
    (on the page body, on a node a redraw removed, on the table itself) or `force`."""
    window.manyhands.focusNext(json.dumps(list(selectors)), force)


def options(**values):
    """Keyword arguments as a JavaScript options object (scrollIntoView, focus)."""
    from pyodide.ffi import to_js
    return to_js(values, dict_converter=window.Object.fromEntries)
