"""Browser timings in Debian's Chromium against the built dist/ (medians of runs):

- cold: a new browser context (empty caches, no service worker) from navigation
  to an interactive table (the page's Python ready: body[data-ready]);
- warm: a later visit, the reload of that page once the hint worker has kept
  Pyodide's memory snapshot (HTTP cache, service worker and snapshot in place);
- the same two for a bare PyScript page (one line of Python, the same vendored
  Pyodide, served the same way from a folder beside the site), measured
  interleaved with the table's, and the ratios table / bare;
- hint latency per game: from a click on Hint to the ranked list, at the
  default budget.

    .venv/bin/python bench/web.py [--runs 5] [--json out.json]
    .venv/bin/python bench/web.py --runs 7 --no-hints --dist old-dist --dist dist   # A/B
    .venv/bin/python bench/web.py --runs 3 --no-hints --resume raven:4 --moves 8 --dist dist --dist 'dist?python=worker'

With several --dist, each run loads every build in turn (interleaved), so a
machine shared with other work slows them alike; compare the medians. A --dist
may end in ?QUERY, added to its page's address (`?python=worker`: the page's
Python in a PyScript worker, web/isolation.js).
--moves N (with --resume) then times your next N moves after the later visit, each
from its first click to the table drawn again, and every --dist is compared with
the first (cold, warm, your move: the ratio of medians, and each run's).
--resume GAME[:N] puts a game in progress in each fresh context's storage, so
that both loads end on its table drawn (the first interactive table), not on
the home page. --settle S waits S seconds after the cold load before the reload; --at-once
reloads at once instead of waiting for the snapshot (Pyodide then starts
afresh). Each reload says how Pyodide started (fresh / snapshot).

--decisions N times the hint (from a click on Hint to its first step) at the
decisions slowest in the page: Raven's 2-player bids (up
to 2,380 bids) and Tricksters' first trick, one position per deal (seeds 1..N,
seat 0), at the page's default budget, after one untimed hint has started the
worker; prints median and p95.

--all-deals times the hint's "Search all N deals" offer at a Tricksters first
trick with 1,680 deals (seed 7, seat 0, the page budget at 4 so that the first
hint samples): on a pool of one worker (?workers=1) and of two (?workers=2),
alternating.

--bot-moves N times every computer player's move in the page (the worker's
answer to the page's "bot" request, the page's pace not included) while you
play N of your own moves (the first legal choice each time) in deals 1..K
(--bot-deals K, default 1) of each table (Raven 2 and 4 players, Tricksters,
Lunar 4 and 2, Voren 5) at hard and at normal, after one untimed move has
started the worker; prints the median and slowest per table and level (the
aim: a move within the page's pace plus 1 s). --bot-tables lunar:4 times those
tables only.

--workers 1,2 compares the pool of hint workers at those sizes (?workers=N),
interleaved in one run (each position asked of each size in turn, the order
alternating): the hint's playouts per second at the page's default budget
(1.7 s) at --positions P positions of each of the 22 kinds of decision
(bench/hint_quality.py's), the ratio of each size to the first ("hint playouts
per second, 2 workers / 1 worker: R"), the in-page hint latency per game and
kind (p50, p95: request to answer, each worker size), the hard computer
player's move at the same positions (asked as the page asks it: time on one
worker over time on two, for the moves that search 0.1 s or more), each worker's
WebAssembly memory, and the first-table time (cold and warm loads) at each
size. The machine's load average is printed beside them: on a shared machine
the ratio is only a lower bound.

Aims: a cold first visit within 1.2 times the bare page's, a later visit under
half the bare page's; hints within 2 s; with the pool, 2 workers / 1 worker at
least 1.7 on a 2-core machine, and no slower first table.
Run `python3 build.py build` first (build.py test/serve do it too).
"""
from __future__ import annotations

import argparse
import json
import math
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.browser import ARGS, CHROMIUM, DIST, PLAY_ONE, READY, Site, open_site, start_game, wait_my_turn  # noqa: E402
from bench.hints import percentile  # noqa: E402
from pycore import all_games  # noqa: E402
from tests.catalog import own_cases  # noqa: E402


def time_to_ready(page, url: str) -> float:
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=120_000)
    return time.perf_counter() - start


def node_boot() -> float:
    """Pyodide's boot time under Node right now: how loaded the machine is."""
    import subprocess
    script = ("import {loadPyodide} from %r; const t = performance.now(); "
              "await loadPyodide({indexURL: %r}); console.log(performance.now() - t);"
              % (str(ROOT / "node_modules/pyodide/pyodide.mjs"), str(ROOT / "node_modules/pyodide") + "/"))
    out = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True)
    try:
        return float(out.stdout.strip().splitlines()[-1]) / 1000
    except (ValueError, IndexError):
        return float("nan")


PHASES = """() => {
  const t = {};
  for (const e of performance.getEntriesByType('resource')) {
    const name = e.name.split('/').pop();
    if (name === 'pyodide.asm.wasm') t.wasm_fetched = e.responseEnd;
    if (name === 'main.py' && t.python_up === undefined) t.python_up = e.startTime;
  }
  const d = document.body.dataset;
  t.main_py = Number(d.mainStart);
  t.ready = Number((d.timing || '').split('ready ')[1]?.split(' ')[0]);
  t.boot = d.boot || '';
  return t;
}"""


SNAPSHOT_KEPT = """async () => (await caches.has('manyhands-snapshot'))
  && (await (await caches.open('manyhands-snapshot')).keys()).length > 0"""


# Your next `n` decisions at the table (the first legal choice each, as the play
# helper makes it), each timed in the page from its first click to the table
# drawn again (body's data-drawn) and painted (the next frame): milliseconds.
MOVE_TIMES = """async (n) => {
  const playOne = %s;
  const times = [];
  for (const start = Date.now(); times.length < n && Date.now() - start < 120000;) {
    if (document.body.dataset.turn === 'you') {
      const t = performance.now();
      if (await playOne()) {
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
        times.push(performance.now() - t);
        continue;
      }
    }
    await new Promise(r => setTimeout(r, 5));
  }
  return times;
}""" % PLAY_ONE


def load_times(browser, url: str, settle: float, snapshot: bool = True, saved: str | None = None,
               moves: int = 0) -> dict:
    """One cold load in a fresh context and one later visit (a reload; with
    `snapshot`, once the hint worker has kept the memory snapshot): seconds to
    interactive, and the page's own phase times (ms from navigation) of each.
    `saved`: a game in progress (JSON text) in the context's storage before the
    first load, so that both loads end on its table, drawn."""
    context = browser.new_context()
    if saved is not None:
        context.add_init_script("if (!localStorage.getItem('manyhands/current')) "
                                f"localStorage.setItem('manyhands/current', {json.dumps(saved)});")
    page = context.new_page()
    cold = time_to_ready(page, url)
    cold_phases = page.evaluate(PHASES)
    if settle:
        page.wait_for_timeout(settle * 1000)
    if snapshot and page.get_attribute("body", "data-boot") is not None:   # pages with pyodide/boot.mjs
        for _ in range(240):
            if page.evaluate(SNAPSHOT_KEPT):
                break
            page.wait_for_timeout(500)
    start = time.perf_counter()
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=120_000)
    warm = time.perf_counter() - start
    phases = page.evaluate(PHASES)
    move_ms = page.evaluate(MOVE_TIMES, moves) if moves else []
    context.close()
    return {"cold": cold, "warm": warm, "cold_phases": cold_phases, "phases": phases, "move_ms": move_ms}


# A bare PyScript page: one line of Python, the same vendored Pyodide and PyScript
# as the site (copied from it), no snapshot, no files: what any PyScript page costs.
BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare PyScript page</title>
<link rel="stylesheet" href="./pyscript/core.css">
<script type="module" src="./pyscript/core.js"></script></head>
<body><script type="py" config="./pyscript.json">from pyscript import document; document.body.dataset.ready = "true"</script></body>
</html>
"""


def bare_site(dist: Path) -> Path:
    """The bare page beside a copy of `dist`'s runtimes, in a temporary folder."""
    folder = Path(tempfile.mkdtemp(prefix="manyhands-bare-"))
    (folder / "index.html").write_text(BARE_HTML, encoding="utf-8")
    (folder / "pyscript.json").write_text(json.dumps({"interpreter": "./pyodide/pyodide.mjs"}))
    for name in ("pyodide", "pyscript"):
        shutil.copytree(dist / name, folder / name)
    return folder


def saved_game(table: str) -> str:
    """A game in progress as the page saves it (seed 1, seat 0): GAME or GAME:N
    players, its first 8 actions played (the first legal choice each)."""
    sys.path.insert(0, str(ROOT / "web"))
    from manyhands_web.session import Session
    game, _, players = table.partition(":")
    session = Session.new(game, {"players": int(players)} if players else {}, seed=1, seat=0)
    for _ in range(8):
        state = session.state
        session.apply(state.game.action_token(state, state.legal_actions()[0]))
    return json.dumps(session.saved())


def _finite(values) -> list[float]:
    return [v for v in values if isinstance(v, (int, float)) and math.isfinite(v)]


def compare(browser, dists: list[str], runs: int, settle: float, snapshot: bool = True,
            names: dict | None = None, saved: str | None = None, moves: int = 0) -> dict:
    """Cold and warm loads of every site in `dists`, interleaved run by run."""
    from build import make_server
    import threading
    names = names or {}
    servers = []
    for d in dists:
        server = make_server(Path(d.partition("?")[0]).resolve(), 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
    out = {d: [] for d in dists}
    try:
        for _ in range(runs):
            for d, server in zip(dists, servers):
                query = "".join(f"&{q}" for q in [d.partition("?")[2]] if q)     # --dist DIR?python=worker
                timed = 0 if d in names else moves         # (names: the bare page, which has no table)
                out[d].append(load_times(browser, f"http://127.0.0.1:{server.server_address[1]}/?pace=0"
                                         f"{'&forced=wait' if timed else ''}{query}", settle, snapshot, saved, timed))
    finally:
        for server in servers:
            server.shutdown()
            server.server_close()
    med = statistics.median
    for d, rows in out.items():
        cold, warm = [r["cold"] for r in rows], [r["warm"] for r in rows]
        print(f"{names.get(d, d)}: cold median {med(cold):.2f} s, warm median {med(warm):.2f} s"
              f"  (cold {', '.join(f'{t:.2f}' for t in cold)}; warm {', '.join(f'{t:.2f}' for t in warm)})")
        for visit, key_ in (("cold", "cold_phases"), ("warm", "phases")):
            for key in ("wasm_fetched", "python_up", "main_py", "ready"):
                values = _finite(r[key_].get(key) for r in rows)
                if values:
                    print(f"    {visit} {key:<12} median {med(values):6.0f} ms")
        boots = sorted({r["phases"].get("boot") or "?" for r in rows})
        print(f"    warm visit started Pyodide: {', '.join(boots)}")
        moved = [t for r in rows for t in r.get("move_ms", [])]
        if moved:
            print(f"    your move, click to the table drawn: median {med(moved):.0f} ms, "
                  f"p90 {percentile(moved, 0.9):.0f} ms ({len(moved)} moves)")
    return out


def against_first(out: dict, dists: list[str]) -> dict:
    """Each build's medians over the first --dist's (cold, warm, your move), and
    the median of the per-run ratios (each run loads every build in turn)."""
    med = statistics.median
    result = {}
    first = dists[0]
    for d in dists[1:]:
        result[d] = {}
        for visit in ("cold", "warm", "move_ms"):
            def value(row):
                return med(row[visit]) if visit == "move_ms" and row[visit] else row.get(visit)
            mine = _finite(value(r) for r in out[d])
            theirs = _finite(value(r) for r in out[first])
            if not mine or not theirs:
                continue
            paired = [a / b for a, b in zip(mine, theirs)]
            result[d][visit] = med(mine) / med(theirs)
            print(f"{d} / {first}, {visit.replace('move_ms', 'your move')}: {result[d][visit]:.2f} "
                  f"(per-run ratios {', '.join(f'{r:.2f}' for r in paired)})")
    return result


def ratios(out: dict, site: str, bare: str, label: str) -> dict:
    """The site's medians over the bare page's, and the median of the runs' own
    ratios (each run loads both, one after the other)."""
    med = statistics.median
    result = {}
    for visit in ("cold", "warm"):
        mine = [r[visit] for r in out[site]]
        theirs = [r[visit] for r in out[bare]]
        paired = [a / b for a, b in zip(mine, theirs)]
        result[visit] = med(mine) / med(theirs)
        print(f"{label} / bare page, {visit}: {result[visit]:.2f} (medians {med(mine):.2f} / "
              f"{med(theirs):.2f} s; per-run ratios median {med(paired):.2f})")
    return result


def all_deals(browser, url: str, runs: int) -> dict:
    """Seconds from a click on "Search all N deals" to the hint over every deal,
    on a pool of one worker and of two, alternating."""
    from bench.browser import play
    out: dict = {"one worker": [], "two workers": []}
    for _ in range(runs):
        for how in out:
            context = browser.new_context()
            page = context.new_page()
            page.goto(url + f"?pace=0&budget=4&workers={1 if how == 'one worker' else 2}")
            page.wait_for_selector(READY, state="attached", timeout=120_000)
            start_game(page, "tricksters", {}, seed=7)
            while True:
                wait_my_turn(page)
                legal = json.loads(page.get_attribute("#prompt", "data-legal"))
                if " " not in legal[0] and len(legal) > 1:
                    break
                play(page, limit=1)
            page.click("#hint")
            page.wait_for_selector("#hint-all", timeout=120_000)
            deals = page.inner_text("#hint-all").split()[2]
            start = time.perf_counter()
            page.click("#hint-all")
            page.wait_for_function(
                "(d) => document.querySelector('#hint-body').textContent.includes("
                "`Every possible deal searched exactly (${d})`)", arg=deals, timeout=900_000)
            out[how].append(time.perf_counter() - start)
            print(f"{how}: {deals} deals in {out[how][-1]:.1f} s", flush=True)
            context.close()
    med = statistics.median
    print(f"all {deals} deals: one worker median {med(out['one worker']):.1f} s, two workers median "
          f"{med(out['two workers']):.1f} s, ratio {med(out['one worker']) / med(out['two workers']):.2f}")
    return out


def in_chromium(measure, json_path: str | None) -> int:
    """Run `measure(browser)` in Debian's Chromium; its figures to `json_path`, if given."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        out = measure(browser)
        browser.close()
    if json_path:
        Path(json_path).write_text(json.dumps(out, indent=1))
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", default=None)
    parser.add_argument("--dist", action="append", default=None,
                        help="a built site to time (repeat to compare builds, interleaved)")
    parser.add_argument("--settle", type=float, default=0.0,
                        help="seconds between the cold load and the reload")
    parser.add_argument("--at-once", action="store_true",
                        help="reload at once, not once the hint worker has kept the memory snapshot")
    parser.add_argument("--no-hints", action="store_true", help="time the loads only")
    parser.add_argument("--resume", default=None, metavar="GAME[:N]",
                        help="load with a game of GAME (N players) in progress: the loads end on its table")
    parser.add_argument("--moves", type=int, default=0, metavar="N",
                        help="with --resume: time your next N moves after the later visit (click to redraw)")
    parser.add_argument("--all-deals", action="store_true",
                        help="time the all-deals search, one worker against two")
    parser.add_argument("--decisions", type=int, default=0, metavar="N",
                        help="time hints at N Raven 2-player bids and N Tricksters first tricks")
    parser.add_argument("--bot-moves", type=int, default=0, metavar="N",
                        help="time the computer players' moves while you play N moves of each table")
    parser.add_argument("--bot-tables", default=None, metavar="G:N,...",
                        help="--bot-moves at these tables only (e.g. lunar:4)")
    parser.add_argument("--bot-deals", type=int, default=1, metavar="K",
                        help="with --bot-moves: deals 1..K of each table")
    parser.add_argument("--hint-seconds", type=float, default=None,
                        help="with --decisions: the page's hint time (?hint=S), else the page's own")
    parser.add_argument("--workers", default=None, metavar="N,M",
                        help="compare the pool of hint workers at these sizes (interleaved)")
    parser.add_argument("--positions", type=int, default=2, metavar="P",
                        help="with --workers: positions of each kind of decision")
    options = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright
    if options.workers:
        sizes = [int(n) for n in options.workers.split(",")]
        return in_chromium(lambda browser: pool_sizes(browser, sizes, options.positions, options.runs),
                           options.json)
    if options.bot_moves:
        return in_chromium(lambda browser: bot_moves(browser, options.bot_moves, options.bot_deals,
                                                     options.bot_tables),
                           options.json)
    if options.decisions:
        return in_chromium(lambda browser: hint_by_decision(browser, options.decisions,
                                                            options.hint_seconds), options.json)
    if options.all_deals:
        site = Site()
        try:
            return in_chromium(lambda browser: all_deals(browser, site.url, options.runs), options.json)
        finally:
            site.stop()
    dists = options.dist or [str(DIST)]
    bare = bare_site(Path(dists[0].partition("?")[0]))
    out: dict = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            loads = compare(browser, dists + [str(bare)], options.runs, options.settle,
                            not options.at_once, names={str(bare): "bare PyScript page"},
                            saved=saved_game(options.resume) if options.resume else None,
                            moves=options.moves if options.resume else 0)
            out["loads"] = loads
            out["ratios"] = {d: ratios(loads, d, str(bare), d) for d in dists}
            if len(dists) > 1:
                out["against_first"] = against_first(loads, dists)
            if not options.dist and not options.no_hints:
                out["hint_s"] = hint_times(browser, options.runs)
            browser.close()
    finally:
        shutil.rmtree(bare, ignore_errors=True)
    for name, times in out.get("hint_s", {}).items():
        print(f"hint {name:<11} median {statistics.median(times):.2f} s")
    out["node_pyodide_boot_s"] = node_boot()
    print(f"load reference: Pyodide boot under Node {out['node_pyodide_boot_s']:.2f} s "
          f"(1.8-2.4 s on an idle machine of this kind)")
    if options.json:
        Path(options.json).write_text(json.dumps(out, indent=1))
    return 0


SLOW_DECISIONS = {   # name: (game, rules, whether seat 0's decision is the one to time)
    "Raven 2-player bid": ("raven", {"players": 2}, lambda legal: legal[0].startswith("bid ")),
    "Tricksters first trick": ("tricksters", {}, lambda legal: " " not in legal[0]),
}


def hint_by_decision(browser, positions: int, hint_seconds: float | None = None) -> dict:
    """Seconds from a click on Hint to the hint's first step at `positions` deals of
    each of SLOW_DECISIONS (the first such decision of seat 0 in each deal), with
    the page's hint time at `hint_seconds` (?hint=S; None: the page's own)."""
    from bench.browser import play, wait_hint
    site = Site()
    out: dict = {}
    try:
        context = browser.new_context()
        page = context.new_page()
        open_site(page, site, "pace=0" + (f"&hint={hint_seconds:g}" if hint_seconds else ""))

        def reach(game, rules, seed, wanted) -> list:
            start_game(page, game, rules, seed=seed)
            while True:
                wait_my_turn(page)
                legal = json.loads(page.get_attribute("#prompt", "data-legal"))
                if wanted(legal) and len(legal) > 1:
                    break
                play(page, limit=1)
            page.wait_for_function("!document.querySelector('#hint').disabled")
            page.evaluate("document.querySelector('#hint-body').innerHTML = '';"
                          "document.querySelector('#hint-summary').textContent = ''")
            return legal

        first = next(iter(SLOW_DECISIONS.values()))
        reach(first[0], first[1], 0, first[2])        # the first hint starts the worker: not timed
        page.click("#hint")
        wait_hint(page)
        for name, (game, rules, wanted) in SLOW_DECISIONS.items():
            out[name] = []
            for seed in range(1, positions + 1):
                legal = reach(game, rules, seed, wanted)
                start = time.perf_counter()
                page.click("#hint")
                wait_hint(page)
                out[name].append(time.perf_counter() - start)
                print(f"{name}, deal {seed}: {len(legal)} choices, hint in {out[name][-1]:.2f} s", flush=True)
        context.close()
    finally:
        site.stop()
    for name, times in out.items():
        print(f"{name}: {len(times)} hints, median {statistics.median(times):.2f} s, "
              f"p95 {percentile(times, 0.95):.2f} s, slowest {max(times):.2f} s")
    return out


# (game, rules) of each table whose computer moves are timed: each game's own tests say (TIMED_BOT_TABLES).
BOT_TABLES = own_cases("TIMED_BOT_TABLES")

TIME_BOT_ANSWERS = """() => {
  if (window.botTimes) return;
  window.botTimes = [];
  const ask = window.manyhands.ask;
  window.manyhands.ask = async (text) => {
    const op = JSON.parse(text).op;
    const t0 = performance.now();
    const answer = await ask(text);
    if (op === 'bot') window.botTimes.push((performance.now() - t0) / 1000);
    return answer;
  };
}"""


def bot_moves(browser, moves: int, deals: int = 1, tables: str | None = None) -> dict:
    """Seconds the page waits for each computer player's move (the worker's answer
    to a "bot" request), per table and level, while the player makes `moves` moves;
    `tables` ("lunar:4,raven:2"): only those of BOT_TABLES."""
    chosen = [(g, r) for g, r in BOT_TABLES
              if tables is None or f"{g}:{r.get('players', 4)}" in tables.split(",")]
    if not chosen:
        raise SystemExit(f"--bot-tables {tables!r} names none of "
                         + ", ".join(f"{g}:{r.get('players', 4)}" for g, r in BOT_TABLES))
    from bench.browser import play
    site = Site()
    out: dict = {}
    try:
        context = browser.new_context()
        page = context.new_page()
        open_site(page, site, "pace=0")
        page.evaluate(TIME_BOT_ANSWERS)
        start_game(page, "voren", {"players": 5}, seed=2, level="normal")   # starts the worker: not timed
        play(page, limit=1)
        wait_my_turn(page, timeout_s=120)
        for level in ("hard", "normal"):
            for game, rules in chosen:
                name = f"{game} {rules.get('players', 4)}p {level}"
                times = []
                for seed in range(1, deals + 1):
                    page.evaluate("window.botTimes.length = 0")
                    start_game(page, game, rules, seed=seed, level=level)
                    play(page, limit=moves)
                    wait_my_turn(page, timeout_s=120)
                    times += page.evaluate("window.botTimes.slice()")
                out[name] = times
                print(f"{name}: {len(times)} moves, median {statistics.median(times):.2f} s, "
                      f"p95 {percentile(times, 0.95):.2f} s, slowest {max(times):.2f} s "
                      f"(timed move {times.index(max(times)) + 1})", flush=True)
        context.close()
    finally:
        site.stop()
    every = [t for times in out.values() for t in times]
    print(f"all {len(every)} computer moves: median {statistics.median(every):.2f} s, "
          f"slowest {max(every):.2f} s (the page's pace is 0.7 s; the aim: within pace + 1 s)")
    return out


def hint_times(browser, runs: int) -> dict:
    """Seconds from a click on Hint to the ranked list, per game, at the default budget."""
    site = Site()
    out = {}
    try:
        context = browser.new_context()
        page = context.new_page()
        open_site(page, site)
        for name in sorted(all_games()):
            times = []
            start_game(page, name, {}, seed=1)
            wait_my_turn(page)
            page.wait_for_function("document.querySelector('#hint') && !document.querySelector('#hint').disabled")
            for _ in range(runs):
                page.evaluate("document.querySelector('#hint-body').innerHTML = ''")
                start = time.perf_counter()
                page.click("#hint")
                page.wait_for_selector("#hint-list li", state="attached", timeout=120_000)
                times.append(time.perf_counter() - start)
                page.wait_for_function("!document.querySelector('#hint').disabled")
            out[name] = times
        context.close()
    finally:
        site.stop()
    return out


HINT_SECONDS = 1.7      # the page's default hint time (manyhands_web/app.py HINT_SECONDS)

ASK_TIMED = """async (text) => {
  const t0 = performance.now();
  const answer = JSON.parse(await window.manyhands.ask(text));
  return {ms: performance.now() - t0, playouts: answer.playouts, stopped: answer.stopped,
          searched: answer.searched_worlds, available: answer.available};
}"""


MOVE_TIMED = """async (text) => {
  const t0 = performance.now();
  await window.manyhands.ask(text);
  return performance.now() - t0;
}"""


def _load_average() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def pool_sizes(browser, sizes: list[int], per_kind: int, runs: int) -> dict:
    """The pool at each of `sizes` (?workers=N): hint playouts per second and
    latency per kind of decision at the page's default budget, interleaved;
    each worker's memory; the first-table time at each size."""
    from bench.hint_quality import GAMES
    from bench.hints import kinds, positions
    from pycore.records import dumps
    site = Site()
    out: dict = {"sizes": sizes, "load_before": _load_average(), "hints": [], "moves": [], "loads": {}}
    print(f"load average before: {out['load_before']}", flush=True)
    try:
        pages = {}
        for n in sizes:
            page = browser.new_context().new_page()
            open_site(page, site, f"pace=0&workers={n}")
            page.wait_for_function(f"window.manyhands.pool.ready().length === {n}", timeout=300_000)
            pages[n] = page
        asked = 0
        for game, players in GAMES:
            for kind in kinds(game, players):       # (the kinds of decision at this table)
                for i, state in enumerate(positions(game, players, per_kind, 1, decision=kind)):
                    asking = {"record": json.loads(dumps(state)), "seat": state.current_player}
                    request = json.dumps({"op": "hint", **asking, "budget": {"seconds": HINT_SECONDS, "seed": i}})
                    order = sizes if asked % 2 == 0 else list(reversed(sizes))
                    asked += 1
                    row = {"game": f"{game} {players}p", "kind": kind, "i": i}
                    for n in order:
                        row[n] = pages[n].evaluate(ASK_TIMED, request)
                    out["hints"].append(row)
                    print(f"{row['game']} {kind} {i}: " + ", ".join(
                        f"{n} worker(s) {row[n]['playouts']} playouts in {row[n]['ms'] / 1000:.2f} s"
                        for n in sizes), flush=True)
                    move = json.dumps({"op": "bot", **asking, "level": "hard"})
                    timed = {"game": row["game"], "kind": kind, "i": i}
                    for n in order:
                        timed[n] = pages[n].evaluate(MOVE_TIMED, move)
                    out["moves"].append(timed)
        out["memory"] = {n: pages[n].evaluate("window.manyhands.pool.memory()") for n in sizes}
        for page in pages.values():
            page.context.close()
        out["load_after_hints"] = _load_average()
        for _ in range(runs):
            for n in sizes:
                out["loads"].setdefault(n, []).append(load_times(browser, f"{site.url}?pace=0&workers={n}", 0))
    finally:
        site.stop()
    _print_pool(out)
    return out


def _print_pool(out: dict) -> None:
    med = statistics.median
    sizes, rows = out["sizes"], out["hints"]
    rate = {n: sum(r[n]["playouts"] for r in rows) / sum(r[n]["ms"] / 1000 for r in rows) for n in sizes}
    base = sizes[0]
    print(f"\nhints: {len(rows)} positions, each at {HINT_SECONDS} s on every size; load average "
          f"{out['load_before']} before, {out['load_after_hints']} after")
    for n in sizes[1:]:
        paired = [(r[n]["playouts"] / r[n]["ms"]) / (r[base]["playouts"] / r[base]["ms"])
                  for r in rows if r[base]["playouts"] and r[n]["playouts"]]
        print(f"hint playouts per second, {n} workers / {base} worker: {rate[n] / rate[base]:.2f} "
              f"(per-position ratios: median {med(paired):.2f})")
    for n in sizes:
        print(f"  {n} worker(s): {rate[n]:,.0f} playouts per second over every hint")
    print("\nin-page hint latency (request to answer, seconds), p50 / p95 per game and kind:")
    print(f"{'game':<14}{'kind':<10}" + "".join(f"{f'{n} worker(s)':>22}" for n in sizes))
    kinds: dict = {}
    for r in rows:
        kinds.setdefault((r["game"], r["kind"]), []).append(r)
    for (game, kind), got in kinds.items():
        cells = "".join(f"{med(g[n]['ms'] for g in got) / 1000:>13.2f} / "
                        f"{percentile([g[n]['ms'] for g in got], 0.95) / 1000:<6.2f}" for n in sizes)
        print(f"{game:<14}{kind:<10}{cells}")
    every = {n: [r[n]["ms"] / 1000 for r in rows] for n in sizes}
    print(f"{'all':<24}" + "".join(f"{med(every[n]):>13.2f} / {percentile(every[n], 0.95):<6.2f}" for n in sizes))
    moves = out["moves"]
    print(f"\nthe hard computer player's move at the same positions (request to answer, seconds; as the "
          f"page asks it, seeded by the position), median / p95:")
    print(f"{'game':<14}" + "".join(f"{f'{n} worker(s)':>22}" for n in sizes))
    tables: dict = {}
    for r in moves:
        tables.setdefault(r["game"], []).append(r)
    for game, got in tables.items():
        cells = "".join(f"{med(g[n] for g in got) / 1000:>13.2f} / "
                        f"{percentile([g[n] for g in got], 0.95) / 1000:<6.2f}" for n in sizes)
        print(f"{game:<14}{cells}")
    slow = [r for r in moves if r[base] >= 100]       # moves that search (not a forced or quick one)
    for n in sizes[1:]:
        if not slow:
            break
        total = sum(r[base] for r in slow) / sum(r[n] for r in slow)
        print(f"computer moves of 0.1 s or more on {base} worker ({len(slow)} of {len(moves)}): time on {base} "
              f"worker / on {n}: {total:.2f} (per-move median {med(r[base] / r[n] for r in slow):.2f})")
    for n, memory in out["memory"].items():
        print(f"memory, {n} worker(s): " + ", ".join(f"{m / 2**20:.0f} MB" for m in memory if m)
              + " of WebAssembly memory per worker")
    for n, loads in out["loads"].items():
        print(f"first table, {n} worker(s): cold median {med(r['cold'] for r in loads):.2f} s, "
              f"warm median {med(r['warm'] for r in loads):.2f} s ({len(loads)} loads each, interleaved)")


if __name__ == "__main__":
    sys.exit(main())
