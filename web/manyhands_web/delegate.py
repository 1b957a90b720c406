"""The page's events as they reach the Python (the page's Pyodide): bridge.js
listens on the page for the kinds registered here with `on`, and sends each
event as one message, its target and that target's ancestors described (tag,
attributes, a control's value). A handler reads them from Python, not from the
page: from a PyScript worker each read of a DOM node would be a round trip to
the main thread. After every handler the changes it queued go to the page in
one batch (dom.flush)."""
from __future__ import annotations

import functools
import json
import re
from types import SimpleNamespace

from . import dom

HANDLERS: list[tuple[str, str | None, object]] = []


def on(kind: str, selector: str | None = None):
    """Register a handler for `kind` events whose target is inside an element
    matching `selector` (None: every event of that kind)."""
    def register(handler):
        HANDLERS.append((kind, selector, handler))
        return handler
    return register


_SIMPLE = re.compile(r'([a-z]+)?((?:#[\w-]+|\.[\w-]+|\[[\w-]+(?:="[^"]*"|=[\w-]+)?\])*)$')
_PART = re.compile(r'#([\w-]+)|\.([\w-]+)|\[([\w-]+)(?:="([^"]*)"|=([\w-]+))?\]')
_STEP = re.compile(r'(?:[^\s\["]|\[[^\]]*\])+')     # a compound selector (a space inside [...] is its own)


def matches(chain: list[dict], at: int, selector: str) -> bool:
    """Whether the described element `chain[at]` (its ancestors after it) matches
    `selector`: a list, separated by commas, of compound selectors (tag, #id,
    .class, [attr], [attr="value"]), each maybe inside others (a space between)."""
    return any(_matches_parts(chain[at], *steps[-1]) and _inside(chain, at + 1, steps[:-1])
               for steps in _parsed(selector))


@functools.lru_cache(maxsize=None)
def _parsed(selector: str) -> tuple:
    out = []
    for one in selector.split(","):
        steps = tuple(_compound(step) for step in _STEP.findall(one))
        if not steps:
            raise ValueError(f"selector not understood: {one!r}")
        out.append(steps)
    return tuple(out)


def _compound(text: str) -> tuple[str | None, str]:
    found = _SIMPLE.match(text)
    if found is None:
        raise ValueError(f"selector not understood: {text!r}")
    return found.groups()


def _inside(chain: list[dict], at: int, steps: list) -> bool:
    """Whether the ancestors from `chain[at]` on hold each of `steps`, innermost last."""
    for step in reversed(steps):
        while at < len(chain) and not _matches_parts(chain[at], *step):
            at += 1
        if at == len(chain):
            return False
        at += 1
    return True


def _matches_parts(node: dict, tag: str | None, parts: str) -> bool:
    attrs = node["attrs"]
    if tag and node["tag"] != tag:
        return False
    for element_id, cls, name, quoted, bare in _PART.findall(parts):
        if element_id and attrs.get("id") != element_id:
            return False
        if cls and cls not in attrs.get("class", "").split():
            return False
        value = quoted or bare or None
        if name and (name not in attrs or (value is not None and attrs[name] != value)):
            return False
    return True


class Node:
    """An element of the event's path as bridge.js described it (read-only): the
    little of the DOM's Element a handler uses."""

    def __init__(self, chain: list[dict], at: int) -> None:
        self.chain, self.at = chain, at
        described = chain[at]
        self.attrs = described["attrs"]
        self.tagName = described["tag"].upper()
        self.disabled, self.value, self.checked = described["disabled"], described["value"], described["checked"]
        self.id = self.attrs.get("id", "")
        self.dataset = SimpleNamespace(**{_camel(k[5:]): v for k, v in self.attrs.items() if k.startswith("data-")})

    def closest(self, selector: str):
        for at in range(self.at, len(self.chain)):
            if matches(self.chain, at, selector):
                return Node(self.chain, at)
        return None

    def hasAttribute(self, name: str) -> bool:  # noqa: N802  (the DOM's names)
        return name in self.attrs

    def getAttribute(self, name: str):  # noqa: N802
        return self.attrs.get(name)

    @property
    def files(self):
        """A file input's files: read from the page (a file is no text to describe)."""
        return dom.el(self.id)._dom_element.files


def _camel(name: str) -> str:
    head, *rest = name.split("-")
    return head + "".join(word.capitalize() for word in rest)


class Event:
    def __init__(self, described: dict) -> None:
        self.type, self.key, self.hash = described["type"], described["key"], described["hash"]
        self.storage = described.get("storage")
        self.target = Node(described["chain"], 0) if described["chain"] else None


def dispatch(text: str) -> None:
    """One event from the page (bridge.js): every handler it is for, then the
    changes they queued applied in one batch."""
    event = Event(json.loads(str(text)))
    try:
        for kind, selector, handler in HANDLERS:
            if kind == event.type and (selector is None or (event.target and event.target.closest(selector))):
                handler(event)
    finally:
        dom.flush()


def listen() -> None:
    """Ask the page (bridge.js) for every kind of event registered."""
    from pyodide.ffi import create_proxy
    from pyscript import window
    kinds = sorted({(kind, selector) for kind, selector, _ in HANDLERS}, key=str)
    window.manyhands.listen(create_proxy(dispatch), json.dumps(kinds))
