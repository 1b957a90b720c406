"""A finished hand's par always arrives, or says why, in Chromium: on a device
slow at the hard player's trees, with a hint asked while the par is worked out;
after a reload in the middle of it; and when the par is refused, it says so
where the par would stand, and is asked again at the next page load.

One page, one worker (?workers=1: the pool of this 2-core machine), positions
built here with the engine (every seat its first legal choice) and imported as
records at your last decision of a Raven hand, so that each case takes seconds."""
from __future__ import annotations

import json

import pytest

from pycore import get_game
from pycore.records import record_of
from pycore.words import minus

from .conftest import Requests
from .table import PLAY_ONE, open_site, start_game, wait_hint

pytestmark = pytest.mark.browser

QUERY = "pace=0&workers=1"
ENTRY = """() => { const id = localStorage.getItem('manyhands/open');
  return JSON.parse(localStorage.getItem('manyhands/games')).find((e) => e.id === id); }"""
PAR_KEPT = f"(hand) => {{ const e = ({ENTRY})(); return !!(e && e.par && e.par[String(hand)]); }}"
# The pool's searches started again elsewhere (a worker judged stalled or lost).
WATCH = """() => { window.restarts = []; window.manyhands.pool.onRestart = (job, why) =>
  window.restarts.push(`${job.kind} ${job.request.op}: ${why}`); }"""
# A device slow at the hard player's trees: the first `n` chunks of trees counted in
# iterations (a hard move's, a par's) come back `ms` later than the worker has them.
SLOW_TREES = """([n, ms]) => {
  const pool = window.manyhands.pool;
  let left = n;
  const slow = (m) => {
    if (!m || m.slowed) return;
    m.slowed = true;
    const held = new Set();
    const send = m.send.bind(m), heard = m.heard.bind(m);
    m.send = (text, opts) => {
      const promise = send(text, opts);
      try {
        const q = JSON.parse(text);
        if (q.op === 'value' && q.kind === 'trees' && q.seconds === null && left > 0) {
          left -= 1;
          held.add(m.queue[m.queue.length - 1].id);
        }
      } catch { /* not JSON: a memory request */ }
      return promise;
    };
    m.heard = (data) => {
      if (held.has(data.id) && data.progress === undefined) { held.delete(data.id); setTimeout(() => heard(data), ms); }
      else heard(data);
    };
  };
  pool.members.forEach(slow);
  const spawn = pool.spawn.bind(pool);
  pool.spawn = (i) => { const m = spawn(i); slow(m); return m; };
}"""


def last_decision(seed: int):
    """Raven, 4 players, deal `seed`: your (seat 0's) last decision of the first hand."""
    state = get_game("raven").new_game({"players": 4}, seed=seed)
    last = None
    while not state.finished_hands:
        if state.current_player == 0:
            last = state
        state = state.apply_action(state.legal_actions()[0])
    return last


@pytest.fixture(scope="module")
def table(browser, site):
    context = browser.new_context(accept_downloads=True, viewport={"width": 1200, "height": 900})
    context.requests = Requests(context, f"http://127.0.0.1:{site.port}/")
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    open_site(page, site, QUERY)
    start_game(page, "raven", {"players": 4}, level="normal")     # an import keeps the table's level
    yield page
    outside = context.requests.outside()
    context.close()
    assert not page.errors and not outside, (page.errors, outside[:5])


def finish_hand(page, tmp_path, seed: int) -> None:
    """Your last decision of the first hand imported as a game of its own, your card played:
    the hand is over and its par asked."""
    state = last_decision(seed)
    path = tmp_path / f"raven-{seed}.json"
    path.write_text(json.dumps(record_of(state).to_json()), encoding="utf-8")
    before = page.evaluate("localStorage.getItem('manyhands/open')")
    page.set_input_files("#import-file", str(path))
    page.wait_for_function("([before, n]) => localStorage.getItem('manyhands/open') !== before "
                           "&& +document.body.dataset.actions === n", arg=[before, len(state.history)])
    assert page.evaluate(ENTRY)["summary"]["level"] == "normal"
    page.wait_for_function("document.body.dataset.turn === 'you'")
    assert page.evaluate(PLAY_ONE)
    page.wait_for_function("(() => { const e = JSON.parse(localStorage.getItem('manyhands/games'))"
                           ".find((e) => e.id === localStorage.getItem('manyhands/open'));"
                           " return e && e.summary.hand === 2; })()")


def sheet_par(page) -> str:
    """The first hand's score sheet: its par line's data-par."""
    if not page.locator("#score-pad").count():
        page.click('[data-ui="scores"]')
    page.click('#score-pad [data-ui="sheet"][data-hand="0"]')
    page.wait_for_selector("#score-sheet .par-line")
    return page.get_attribute("#score-sheet .par-line", "data-par")


def test_the_par_arrives_on_a_slow_device_with_a_hint_asked_meanwhile(table, tmp_path):
    page = table
    page.evaluate(WATCH)
    page.evaluate(SLOW_TREES, [3, 2600])
    finish_hand(page, tmp_path, seed=5)
    page.wait_for_function("document.body.dataset.turn === 'you'", timeout=60_000)
    page.click("#hint")                          # the worker busy with a hint meanwhile
    wait_hint(page)
    page.click("#hint-close")
    page.wait_for_function(f"(({PAR_KEPT})(1)) || window.restarts.length > 0", timeout=120_000)
    assert page.evaluate("window.restarts") == []
    assert page.evaluate(PAR_KEPT, 1)
    par = page.evaluate(ENTRY)["par"]["1"]
    assert sheet_par(page) == str(par["par"])
    assert f"You {minus(str(par['score']))}, par {minus(str(par['par']))}" in page.inner_text("#score-sheet .par-line")


def test_a_refused_par_says_why_and_a_reload_while_a_par_is_worked_out_loses_nothing(table, tmp_path):
    page = table
    # a par the solver refuses: said where the par would stand, with why
    page.evaluate("""() => { window.refuse = window.manyhands.background;
        window.manyhands.background = () => Promise.reject(
        Object.assign(new Error('the solver refused this record'), {name: 'WorkerRefusal'})); }""")
    finish_hand(page, tmp_path, seed=13)
    page.wait_for_function(f"(({ENTRY})().par_failed || {{}})['1']")
    page.evaluate("() => { window.manyhands.background = window.refuse; }")
    assert sheet_par(page) == "failed"
    line = page.inner_text("#score-sheet .par-line")
    assert "could not be worked out (the solver refused this record)" in line and "asked again" in line
    # another game's hand over, the page reloaded while its par is worked out: after
    # the reload its par comes, and the refused one is asked again
    finish_hand(page, tmp_path, seed=9)
    page.wait_for_function("[...window.manyhands.pool.jobs].some((j) => j.kind === 'background')")
    assert not page.evaluate(PAR_KEPT, 1)
    page.reload()
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
    page.wait_for_function(PAR_KEPT, arg=1, timeout=180_000)
    par = page.evaluate(ENTRY)["par"]["1"]
    assert sheet_par(page) == str(par["par"])
    page.wait_for_function("""() => [...window.manyhands.pool.jobs].some((j) => j.kind === 'background'
        && j.request.op === 'par' && j.request.record.seed === 13)""", timeout=60_000)
