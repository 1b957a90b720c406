"""The page's events as the Python reads them (web/manyhands_web/delegate.py),
natively: bridge.js describes an event's target and its ancestors, and the
handlers' selectors are matched against that description as the browser's
`closest` would; every handler an event is for runs, then the changes they
queued go to the page in one batch (dom.py). The browser modules are stood in
for by a page that records each batch."""
from __future__ import annotations

import importlib
import json
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))


@pytest.fixture
def delegate(monkeypatch):
    batches = []
    page = types.SimpleNamespace(applyBatch=batches.append)
    pyscript = types.ModuleType("pyscript")
    pyscript.window, pyscript.web = types.SimpleNamespace(manyhands=page), types.SimpleNamespace(page={})
    monkeypatch.setitem(sys.modules, "pyscript", pyscript)
    import manyhands_web
    for name in ("dom", "delegate"):        # imported afresh, over the stand-ins
        monkeypatch.delitem(sys.modules, f"manyhands_web.{name}", raising=False)
        monkeypatch.delattr(manyhands_web, name, raising=False)
    module = importlib.import_module("manyhands_web.delegate")
    monkeypatch.setattr(module, "HANDLERS", [])
    module.batches = batches
    yield module
    for name in ("dom", "delegate"):        # (gone again: other tests import them over their own stand-ins)
        sys.modules.pop(f"manyhands_web.{name}", None)
        if hasattr(manyhands_web, name):
            delattr(manyhands_web, name)


def element(tag: str, **attrs) -> dict:
    return {"tag": tag, "attrs": {k.rstrip("_").replace("_", "-"): v for k, v in attrs.items()},
            "disabled": False, "value": None, "checked": None}


# a card of your hand: button > #hand > #table > body
CHAIN = [element("button", class_="card legal", data_action="play R7", data_card="R7"),
         element("div", id="hand", class_="hand"), element("div", id="table", class_="table"),
         element("body", data_view="table")]


@pytest.mark.parametrize("selector, at", [
    ("[data-action]", 0), ("button[data-action]", 0), ('[data-action="play R7"]', 0),
    ('[data-action="play R8"]', None), ("[data-toggle],[data-action]", 0), (".card", 0), (".legal.card", 0),
    ("#hand", 1), ("div#table", 2), ("#middle", None), ("span[data-action]", None), ("[data-view=table]", 3),
    ('#table [data-action="play R7"]', 0), ("#table .card", 0), ("body #hand", 1), ("#hand #table", None),
    ("#table #table", None), ("#middle, #hand .card", 0),
])
def test_closest_finds_what_the_browsers_closest_finds(delegate, selector, at):
    found = delegate.Node(CHAIN, 0).closest(selector)
    assert (found.at if found else None) == at


def test_a_selector_it_cannot_read_is_an_error_not_a_miss(delegate):
    with pytest.raises(ValueError, match="not understood"):
        delegate.matches(CHAIN, 0, "#hand > button")


def test_a_node_reads_as_the_handlers_read_an_element(delegate):
    node = delegate.Node([dict(CHAIN[0], value="x", disabled=True)] + CHAIN[1:], 0)
    assert (node.tagName, node.id, node.value, node.disabled) == ("BUTTON", "", "x", True)
    assert node.dataset.action == "play R7" and node.getAttribute("data-card") == "R7"
    assert node.hasAttribute("data-card") and not node.hasAttribute("data-toggle")
    assert node.closest("#table").id == "table"


def test_an_event_runs_every_handler_it_is_for_then_its_changes_go_in_one_batch(delegate):
    seen = []

    @delegate.on("click", "#table")
    def table(event):
        seen.append(("table", event.target.closest("[data-action]").dataset.action))
        delegate.dom.set_text("status", "played")
        delegate.dom.set_data("data-drawn", "2")

    @delegate.on("click", "#home")
    def home(event):
        seen.append("home")

    @delegate.on("keydown")
    def key(event):
        seen.append(("key", event.key))

    delegate.dispatch(json.dumps({"type": "click", "key": None, "chain": CHAIN, "hash": "#table"}))
    delegate.dispatch(json.dumps({"type": "keydown", "key": "Escape", "chain": CHAIN, "hash": "#table"}))
    assert seen == [("table", "play R7"), ("key", "Escape")]
    assert [json.loads(b) for b in delegate.batches] == [[["text", "status", "played"], ["data", "data-drawn", "2"]]]


def test_an_element_drawn_twice_in_a_batch_is_parsed_once(delegate):
    @delegate.on("click", "#table")
    def twice(event):
        delegate.dom.set_html("table", "<p>first</p>")
        delegate.dom.set_text("status", "between")
        delegate.dom.set_html("table", "<p>second</p>", keep_focus=True)

    delegate.dispatch(json.dumps({"type": "click", "key": None, "chain": CHAIN, "hash": ""}))
    assert [json.loads(b) for b in delegate.batches] == [[["text", "status", "between"],
                                                          ["html", "table", "<p>second</p>", True]]]

