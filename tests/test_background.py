"""The background's par and automatic review (web/manyhands_web/background.py),
natively, with the pool of workers played by the test: a review interrupted by a
reload, or whose workers were lost, is asked again at the next page load until
its decisions are kept; one that could not be worked out says why where the
reviews stand; a refused review is not asked again in the same visit.

The page's browser modules (pyscript, pyodide.ffi) are stood in for by the least
these modules read of them at import: an address without parameters, a page that
takes every change."""
from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
import importlib
import sys
import types
from pathlib import Path

import pytest

from tests.test_storage import Clock, played

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from manyhands_web import history, history_view  # noqa: E402
from manyhands_web.storage import MemoryStore, PageStorage  # noqa: E402


def _browser_modules() -> dict:
    page = types.SimpleNamespace(pageState=lambda: '{"data": {}, "hash": "", "params": {}}',
                                 applyBatch=lambda batch: None)      # (bridge.js)
    window = types.SimpleNamespace(manyhands=page)
    pyscript = types.ModuleType("pyscript")
    pyscript.window, pyscript.web = window, types.SimpleNamespace(page={})
    ffi = types.ModuleType("pyodide.ffi")
    ffi.JsException = type("JsException", (Exception,), {})
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi
    return {"pyscript": pyscript, "pyodide": pyodide, "pyodide.ffi": ffi}


@pytest.fixture
def background(monkeypatch):
    """background.py imported over stand-in browser modules (dropped again after the test)."""
    for name, module in _browser_modules().items():
        monkeypatch.setitem(sys.modules, name, module)
    names = [n for n in sys.modules if n.startswith("manyhands_web.")]
    before = {n: sys.modules[n] for n in names}
    module = importlib.import_module("manyhands_web.background")
    monkeypatch.setattr(module, "RETRY_WAITS", (0.0, 0.0))
    yield module
    package = sys.modules["manyhands_web"]
    for name in [n for n in sys.modules if n.startswith("manyhands_web.") and n not in before]:
        del sys.modules[name]
        if getattr(package, name.split(".")[1], None) is not None:
            delattr(package, name.split(".")[1])


class Page:
    """What the background reads of the page: the games kept, the table, the history."""

    def __init__(self, kept: PageStorage, game_id: str):
        self.kept = kept
        self.table = types.SimpleNamespace(game_id=game_id, draw=lambda: None)
        self.history = types.SimpleNamespace(redraw=lambda: None)


class Pool:
    """The workers: a par answered at once; a review as `review(request)` says
    (an answer, or raising what pool.js rejects with)."""

    def __init__(self, review):
        self.review, self.asked = review, []

    async def __call__(self, request: dict) -> dict:
        self.asked.append(request["op"])
        if request["op"] == "par":
            return {"hands": [{"hand": request["hand"], "score": 1, "par": 2}]}
        got = self.review(request)
        return await got if asyncio.iscoroutine(got) else got


def reviewed(request: dict) -> dict:
    return {"available": True, "reused": 0, "record": request["record"], "seat": request["seat"],
            "hands": [{"hand": request["hand"], "decisions": [{"when": "Your lead", "trick": 1, "cost": 0.5,
                                                              "verdict": "worse"}]}]}


def visit(background, kept, game_id, review, finished=None):
    """One page visit: `finished` a hand just finished at the table (else the page load's
    catch-up), run until the background has nothing left it can do now."""
    said = []
    pool = Pool(review)

    async def run():
        background.worker_client.background = pool
        background.announce = said.append
        work = background.Background(Page(kept, game_id))
        if finished:
            work.hand_finished(game_id, finished)
        else:
            work.catch_up(wait=0)
        for _ in range(200):
            await asyncio.sleep(0)
        return work
    # (in a thread of its own: in a test process that ran the browser tests first,
    # Playwright's event loop is the running one here, and asyncio.run refuses)
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, run()).result()
    return pool, said


@pytest.fixture
def kept_game():
    kept = PageStorage(MemoryStore(), Clock())
    session = played("voren", {"players": 3, "hands_per_player": 1}, 2, None)
    game_id = kept.new_id()
    assert kept.save_game(game_id, session.saved(), session.summary()).ok
    hands = len(session.state.finished_hands)
    assert hands > 1
    kept.note(game_id, par={str(h): {"score": 0, "par": 0} for h in range(2, hands + 1)})   # hand 1's par to come
    kept.save_prefs(auto_review=True)
    return kept, game_id


def test_a_review_cut_short_by_a_reload_is_asked_again_at_the_next_load(background, kept_game):
    kept, game_id = kept_game

    async def never(request):                   # the page reloaded while the review is worked out
        await asyncio.Future()
    pool, _ = visit(background, kept, game_id, never, finished=1)
    entry = kept.entry(game_id)
    assert pool.asked == ["par", "review"] and entry["par"]["1"] == {"score": 1, "par": 2}
    assert history.review_missing(entry) == [1] and not entry.get("decisions")
    pool, said = visit(background, kept, game_id, reviewed)            # the next page load
    entry = kept.entry(game_id)
    assert pool.asked == ["review"] and history.review_missing(entry) == [] and said == []
    assert entry["decisions"]["1"] == [["lead", 0.5, False]]
    assert visit(background, kept, game_id, reviewed)[0].asked == []    # nothing left to ask


def test_a_review_whose_workers_were_lost_says_why_and_comes_at_the_next_load(background, kept_game):
    kept, game_id = kept_game
    lost = background.worker_client.WorkerFailed("the workers were lost three times")

    def fails(request):
        raise lost
    pool, said = visit(background, kept, game_id, fails, finished=1)
    entry = kept.entry(game_id)
    assert pool.asked == ["par", "review", "review", "review"]          # asked again twice, then kept as failed
    assert entry["review_failed"] == {"1": "the workers were lost three times"}
    assert said == ["The review of hand 1 could not be worked out: the workers were lost three times"]
    word = entry["summary"]["hand_word"]
    assert history_view.review_failed_text(entry, word) == [
        f"{word.capitalize()} 1: no review, it could not be worked out (the workers were lost three times); "
        "it is asked again when the page next opens"]
    assert 'data-auto-review="failed"' in history_view.entry_html(entry)
    pool, said = visit(background, kept, game_id, reviewed)            # the next page load
    entry = kept.entry(game_id)
    assert pool.asked == ["review"] and entry["review_failed"] == {} and "1" in entry["decisions"]
    assert history_view.review_failed_text(entry, word) == []


def test_a_refused_review_is_said_once_and_a_review_not_wanted_is_not_asked(background, kept_game):
    kept, game_id = kept_game
    pool, said = visit(background, kept, game_id,
                       lambda r: {"available": False, "message": "The review is refused: no such hand"}, finished=1)
    assert pool.asked == ["par", "review"]
    assert kept.entry(game_id)["review_failed"] == {"1": "The review is refused: no such hand"}
    kept.save_prefs(auto_review=False)           # automatic review turned off: its pending reviews wait
    assert visit(background, kept, game_id, reviewed)[0].asked == []
    other = kept.new_id()
    session = played("voren", {"players": 3, "hands_per_player": 1}, 3, None)
    assert kept.save_game(other, session.saved(), session.summary()).ok
    kept.note(other, par={str(h): {"score": 0, "par": 0} for h in range(2, len(session.state.finished_hands) + 1)})
    pool, _ = visit(background, kept, other, reviewed, finished=1)     # a hand finished with it off
    assert pool.asked == ["par"] and history.review_missing(kept.entry(other)) == []
