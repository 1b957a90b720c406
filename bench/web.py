"""Browser timings in Debian's Chromium against the built dist/ (medians of runs):

- cold: a new browser context (empty caches, no service worker) from navigation
  to an interactive table (the page's Python ready: body[data-ready]);
- warm: a reload of that page (HTTP cache and service worker in place);
- hint latency per game: from a click on Hint to the ranked list (or the
  "unavailable" message when the build has no solver), at the default budget.

    .venv/bin/python bench/web.py [--runs 5] [--json out.json]
    .venv/bin/python bench/web.py --runs 7 --no-hints --dist old-dist --dist dist   # A/B

With several --dist, each run loads every build in turn (interleaved), so a
machine shared with other work slows them alike; compare the medians.
--settle S waits S seconds after the cold load before the reload (by default the
reload comes at once, while the hint worker and the service worker are still
starting); --snapshot waits until the hint worker has kept Pyodide's memory
snapshot (pyodide/boot.mjs), as it has for any later visit, so the reload starts
from it. Each reload says how Pyodide started (fresh / snapshot).

--all-deals times the hint's "Search all N deals" offer at a Tricksters first
trick with 1,680 deals (seed 7, seat 0, the page budget at 4 so that the first
hint samples): on one worker (navigator.hardwareConcurrency set to 1) and on the
page's split across one worker per core, alternating.

Aims: interactive within 4 s cold and 2 s warm; hints within 2 s.
Run `python3 build.py build` first (build.py test/serve do it too).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pycore import all_games  # noqa: E402
from tests.browser.conftest import ARGS, CHROMIUM, DIST, Site  # noqa: E402
from tests.browser.table import open_site, start_game, wait_my_turn  # noqa: E402

READY = "body[data-ready=true]"


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


def load_times(browser, url: str, settle: float, snapshot: bool = False) -> dict:
    """One cold load in a fresh context and one reload: seconds to interactive,
    and the page's own phase times (ms from navigation) of the reload."""
    context = browser.new_context()
    page = context.new_page()
    cold = time_to_ready(page, url)
    if settle:
        page.wait_for_timeout(settle * 1000)
    if snapshot and page.get_attribute("body", "data-boot") is not None:   # builds with pyodide/boot.mjs
        for _ in range(240):
            if page.evaluate(SNAPSHOT_KEPT):
                break
            page.wait_for_timeout(500)
    start = time.perf_counter()
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=120_000)
    warm = time.perf_counter() - start
    phases = page.evaluate(PHASES)
    context.close()
    return {"cold": cold, "warm": warm, "phases": phases}


def compare(browser, dists: list[str], runs: int, settle: float, snapshot: bool = False) -> dict:
    from build import make_server
    import threading
    servers = []
    for d in dists:
        server = make_server(Path(d).resolve(), 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
    out = {d: [] for d in dists}
    try:
        for _ in range(runs):
            for d, server in zip(dists, servers):
                out[d].append(load_times(browser, f"http://127.0.0.1:{server.server_address[1]}/?pace=0",
                                         settle, snapshot))
    finally:
        for server in servers:
            server.shutdown()
            server.server_close()
    med = statistics.median
    for d, rows in out.items():
        cold, warm = [r["cold"] for r in rows], [r["warm"] for r in rows]
        print(f"{d}: cold median {med(cold):.2f} s, warm median {med(warm):.2f} s"
              f"  (cold {', '.join(f'{t:.2f}' for t in cold)}; warm {', '.join(f'{t:.2f}' for t in warm)})")
        for key in ("wasm_fetched", "python_up", "main_py", "ready"):
            values = [r["phases"].get(key) for r in rows if r["phases"].get(key) is not None]
            if values:
                print(f"    reload {key:<12} median {med(values):6.0f} ms")
        boots = sorted({r["phases"].get("boot") or "?" for r in rows})
        print(f"    reload started Pyodide: {', '.join(boots)}")
        ours = [r["phases"]["ready"] - r["phases"]["python_up"] for r in rows
                if r["phases"].get("ready") is not None and r["phases"].get("python_up") is not None]
        if ours:
            print(f"    reload from Python up to ready (ours): median {med(ours):.0f} ms")
    return out


ONE_CORE = "Object.defineProperty(navigator, 'hardwareConcurrency', {get: () => 1})"


def all_deals(browser, url: str, runs: int) -> dict:
    """Seconds from a click on "Search all N deals" to the hint over every deal,
    on one worker and split across the cores, alternating."""
    from tests.browser.table import play
    out: dict = {"one worker": [], "split": []}
    for _ in range(runs):
        for how in out:
            context = browser.new_context()
            if how == "one worker":
                context.add_init_script(ONE_CORE)
            page = context.new_page()
            page.goto(url + "?pace=0&budget=4")
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
                "(d) => document.querySelector('#hint-body').textContent.includes(`(${d} searched)`)",
                arg=deals, timeout=900_000)
            out[how].append(time.perf_counter() - start)
            cores = page.evaluate("navigator.hardwareConcurrency")
            print(f"{how} ({cores} core(s) seen): {deals} deals in {out[how][-1]:.1f} s", flush=True)
            context.close()
    med = statistics.median
    print(f"all {deals} deals: one worker median {med(out['one worker']):.1f} s, "
          f"split median {med(out['split']):.1f} s, ratio {med(out['one worker']) / med(out['split']):.2f}")
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", default=None)
    parser.add_argument("--dist", action="append", default=None,
                        help="a built site to time (repeat to compare builds, interleaved)")
    parser.add_argument("--settle", type=float, default=0.0,
                        help="seconds between the cold load and the reload")
    parser.add_argument("--snapshot", action="store_true",
                        help="reload once the hint worker has kept the memory snapshot")
    parser.add_argument("--no-hints", action="store_true", help="time the loads only")
    parser.add_argument("--all-deals", action="store_true",
                        help="time the all-deals search, one worker against the split")
    options = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright
    if options.all_deals:
        site = Site()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                out = all_deals(browser, site.url, options.runs)
                browser.close()
        finally:
            site.stop()
        if options.json:
            Path(options.json).write_text(json.dumps(out, indent=1))
        return 0
    if options.dist:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            out = compare(browser, options.dist, options.runs, options.settle, options.snapshot)
            browser.close()
        print(f"load reference: Pyodide boot under Node {node_boot():.2f} s")
        if options.json:
            Path(options.json).write_text(json.dumps(out, indent=1))
        return 0
    site = Site()
    out = {"cold_s": [], "warm_s": [], "hint_s": {}}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for _ in range(options.runs):
                times = load_times(browser, site.url + "?pace=0", options.settle, options.snapshot)
                out["cold_s"].append(times["cold"])
                out["warm_s"].append(times["warm"])
                out.setdefault("warm_boot", []).append(times["phases"].get("boot"))
            context = browser.new_context()
            page = context.new_page()
            open_site(page, site)
            for name in ([] if options.no_hints else sorted(all_games())):
                times = []
                start_game(page, name, {}, seed=1)
                wait_my_turn(page)
                page.wait_for_function("document.querySelector('#hint') && !document.querySelector('#hint').disabled")
                for _ in range(options.runs):
                    page.evaluate("document.querySelector('#hint-body').innerHTML = ''")
                    start = time.perf_counter()
                    page.click("#hint")
                    page.wait_for_selector("#hint-list li, #hint-unavailable", state="attached", timeout=120_000)
                    times.append(time.perf_counter() - start)
                    page.wait_for_function("!document.querySelector('#hint').disabled")
                out["hint_s"][name] = times
            build = DIST / "build.json"
            out["solver_in_build"] = json.loads(build.read_text()).get("solver") if build.exists() else None
            browser.close()
    finally:
        site.stop()
    out["node_pyodide_boot_s"] = node_boot()
    med = statistics.median
    print(f"cold to interactive: median {med(out['cold_s']):.2f} s  (runs {', '.join(f'{t:.2f}' for t in out['cold_s'])})")
    print(f"warm to interactive: median {med(out['warm_s']):.2f} s  (runs {', '.join(f'{t:.2f}' for t in out['warm_s'])};"
          f" Pyodide started: {', '.join(str(b) for b in out.get('warm_boot', []))})")
    for name, times in out["hint_s"].items():
        print(f"hint {name:<11} median {med(times):.2f} s")
    print(f"solver in build: {out.get('solver_in_build')}")
    print(f"load reference: Pyodide boot under Node {out['node_pyodide_boot_s']:.2f} s "
          f"(1.8-2.4 s on an idle machine of this kind; scale the figures above by it)")
    if options.json:
        Path(options.json).write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
