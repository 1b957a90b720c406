"""The first screen needs no Python: with the page's Python held back (its
main.py not yet arrived), the home page shows every game's card, a rules page
opens with its guide and house rules, the player changes a card and clicks Play;
the loading screen then says the table is being set for that game, and once
Python has started the game begins with the players chosen. Then a few moves
and a hint: from the page's first byte to there, no task on the main thread took
longer than half a second (the page's Python starts and works in a worker). A page of
its own (a fresh context: no service worker yet, so the held file is really
held, and the start is a first visit's)."""
from __future__ import annotations

import pytest

from pycore import all_games

from .table import export_record, play, wait_hint, wait_my_turn

pytestmark = pytest.mark.browser

# The longest task the main thread may run: Python on it runs for seconds at a time (one
# task of 4.5 s at start-up); from the worker the longest seen is 220 ms on a quiet 2-core
# host with the suite running beside it and 419 ms under a load of 17, over the 200 ms the
# first visit aims at (bench/README.md), so this holds the design, not yet that aim.
LONGEST_TASK_MS = 500
# Every task longer than 50 ms on the page's main thread, from its first byte on.
LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const task of list.getEntries()) window.__longTasks.push([Math.round(task.startTime), Math.round(task.duration)]);
}).observe({ type: "longtask", buffered: true });
"""


def test_the_home_and_rules_pages_work_before_python_and_play_waits_for_it(browser, site):
    games = all_games()
    # a game whose card offers a choice of players, and the count it does not start with
    name, counts = next((n, g.player_counts()) for n, g in sorted(games.items()) if len(g.player_counts()) > 1)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(LONG_TASKS)
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        held = []
        page.route("**/main.py", lambda route: held.append(route))
        page.goto(f"{site.url}?pace=0&forced=wait&python=worker")     # (web/isolation.js)
        page.wait_for_selector("body[data-view=home]", state="attached", timeout=20_000)
        for each in games:
            assert page.is_visible(f"#game-{each}"), each
        assert page.get_attribute("body", "data-ready") is None, "Python was not held back"
        page.click(f"#game-{name} a.how")
        page.wait_for_selector("#rules article.guide h2", timeout=20_000)
        assert page.get_attribute("body", "data-view") == "rules"
        assert page.locator("#rules .rules-nav a").count() == len(games)
        assert page.locator("#rules table").count() >= 1, "the house rules at their defaults"
        page.evaluate("location.hash = 'home'")
        page.wait_for_selector(f"#rule-{name}-players", state="visible")
        current = int(page.input_value(f"#rule-{name}-players"))
        chosen = next(n for n in counts if n != current)
        page.select_option(f"#rule-{name}-players", str(chosen))
        page.click(f"#play-{name}")
        assert page.get_attribute("body", "data-view") == "loading"
        assert page.inner_text("#loading-title") == page.inner_text(f"#title-{name}")
        assert page.get_attribute("body", "data-ready") is None
        while not held:
            page.wait_for_timeout(50)
        held[0].continue_()
        page.wait_for_selector("#view-table:not([hidden])", timeout=60_000)
        record = export_record(page)
        assert record["game"] == name and record["rules"]["players"] == chosen, record["rules"]
        wait_my_turn(page)
        page.click("#hint")
        wait_hint(page)
        assert play(page, limit=4, timeout_s=60)["played"] >= 2
        assert page.evaluate("PerformanceObserver.supportedEntryTypes.includes('longtask')")
        tasks = page.evaluate("window.__longTasks")
        assert all(ms <= LONGEST_TASK_MS for _, ms in tasks), \
            f"main-thread tasks over {LONGEST_TASK_MS} ms (start, ms): {tasks}"
        # the page holds the WebAssembly module its worker's Pyodide compiled (web/python_worker.js)
        assert page.get_attribute("body", "data-wasm") == "held"
        assert not errors, errors
    finally:
        context.close()
