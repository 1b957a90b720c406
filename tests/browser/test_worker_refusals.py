"""The page's hint worker refuses whatever malformed request reaches it, with a
one-line message, and goes on answering."""
from __future__ import annotations

import json

import pytest

from .table import export_record, open_site, start_game, wait_my_turn

pytestmark = pytest.mark.browser

ASK = """(text) => window.manyhands.ask(text).then(
  (answer) => ({answer}), (error) => ({error: String(error && error.message || error)}))"""


def test_the_worker_refuses_malformed_requests_and_keeps_answering(page, site):
    open_site(page, site)
    start_game(page, "raven", {"players": 4}, seed=3)
    wait_my_turn(page)
    record = export_record(page)
    for text in ["not json", "[" * 100_000, json.dumps({"op": "shutdown"}),
                 json.dumps({"op": "bot", "record": record, "seat": True}),
                 json.dumps({"op": "bot", "record": {**record, "seed": "x" * 100_000}, "seat": 1})]:
        got = page.evaluate(ASK, text)
        assert "error" in got, got
        assert "\n" not in got["error"] and len(got["error"]) <= 300, got["error"][:500]
    for budget in (1e12, {"effort": -1}, {"part": [0, 10**9]}):
        got = page.evaluate(ASK, json.dumps({"op": "hint", "record": record, "seat": 0, "budget": budget}))
        answer = json.loads(got["answer"])
        assert answer["available"] is False and answer["message"].startswith("Hint refused: ")
    got = page.evaluate(ASK, json.dumps({"op": "hint", "record": record, "seat": 0, "budget": 8}))
    assert json.loads(got["answer"])["available"] is True          # the worker goes on
    page.click("#hint")
    page.wait_for_selector("#hint-table summary", timeout=60_000)
    assert not page.errors
