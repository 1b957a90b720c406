"""Lighthouse (pinned in package-lock.json, run by Node) on the built site, in
Debian's Chromium (CHROME_PATH), served on 127.0.0.1 as `build.py serve` serves
it (precompressed copies included):

- the home page, first visit (empty caches, no service worker), mobile and
  desktop (Lighthouse's presets: a simulated slow 4G and 4x slower CPU for
  mobile, none for desktop);
- a game in progress, mobile: a Raven game started through the page in the same
  browser profile, the service worker and Pyodide's memory snapshot kept, then
  the page loaded again (a second visit: what a returning player meets).

Prints, per run, the scores of performance, accessibility and best practices,
total blocking time, largest contentful paint, bytes transferred, and every
failing audit of accessibility and best practices (and performance's, scored
under 0.9).

    .venv/bin/python bench/lighthouse.py [--runs home-mobile,home-desktop,game-mobile] [--json out.json] [--reports DIR]
        [--query python=worker]   (added to every address: the page's Python in a PyScript worker)
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.browser import ARGS, CHROMIUM, DIST, READY, ROOT, Site, start_game, wait_my_turn  # noqa: E402

LIGHTHOUSE = ROOT / "node_modules" / "lighthouse" / "cli" / "index.js"
CATEGORIES = ("performance", "accessibility", "best-practices")
# Lighthouse launches Chromium itself: the browser tests' flags, headless the new way.
FLAGS = " ".join(["--headless=new", *[a for a in ARGS if a != "--headless"]])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def lighthouse(url: str, out: Path, *, desktop: bool = False, port: int | None = None) -> dict:
    command = ["node", str(LIGHTHOUSE), url, "--output=json", f"--output-path={out}", "--quiet",
               f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={FLAGS}"]
    if desktop:
        command.append("--preset=desktop")
    if port is not None:        # a browser already running, its storage kept (a second visit)
        command += [f"--port={port}", "--disable-storage-reset"]
    subprocess.run(command, check=True, env=dict(os.environ, CHROME_PATH=CHROMIUM))
    return json.loads(out.read_text())


def summary(report: dict) -> dict:
    audits = report["audits"]
    failing = {}
    for name in CATEGORIES:
        bar = 0.9 if name == "performance" else 1
        for ref in report["categories"][name]["auditRefs"]:
            audit = audits[ref["id"]]
            if audit["score"] is not None and audit["score"] < bar and audit["scoreDisplayMode"] in ("binary", "numeric", "metricSavings"):
                items = (audit.get("details") or {}).get("items") or []
                where = [str(i.get("url") or i.get("source", {}).get("url") or i.get("node", {}).get("snippet") or "")
                         for i in items[:3] if isinstance(i, dict)]
                failing.setdefault(name, []).append(
                    f'{ref["id"]} ({audit["score"]}): {audit.get("displayValue") or audit["title"]}'
                    + (f' [{", ".join(w for w in where if w)}]' if any(where) else ""))
    return {
        "scores": {name: round(100 * report["categories"][name]["score"]) for name in CATEGORIES},
        "tbt_ms": round(audits["total-blocking-time"]["numericValue"]),
        "lcp_s": round(audits["largest-contentful-paint"]["numericValue"] / 1000, 2),
        "fcp_s": round(audits["first-contentful-paint"]["numericValue"] / 1000, 2),
        "transferred_kib": round(audits["total-byte-weight"]["numericValue"] / 1024),
        "failing": failing,
    }


def game_in_progress(site: Site, out: Path, query: str = "") -> dict:
    """A second visit with a game in progress: Playwright starts a game in a
    browser that Lighthouse then joins (its port), storage kept."""
    from playwright.sync_api import sync_playwright
    port = free_port()
    with tempfile.TemporaryDirectory() as profile, sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, headless=True, args=[*ARGS, f"--remote-debugging-port={port}"])
        page = context.new_page()
        page.goto(site.url + "?pace=0" + (f"&{query}" if query else ""))
        page.wait_for_selector(READY, state="attached", timeout=60_000)
        page.evaluate("() => window.manyhands.offlineReady")
        start_game(page, "raven", {"players": 4}, seed=11)
        wait_my_turn(page)
        # the hint worker keeps Pyodide's memory snapshot once the table is up
        page.wait_for_function("caches.has('manyhands-snapshot')", timeout=120_000, polling=500)
        page.close()
        try:
            return lighthouse(site.url + (f"?{query}" if query else ""), out, port=port)
        finally:
            context.close()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", default="home-mobile,home-desktop,game-mobile")
    parser.add_argument("--json", type=Path, default=None, help="the figures, as JSON")
    parser.add_argument("--reports", type=Path, default=None, help="a folder for Lighthouse's own reports")
    parser.add_argument("--query", default="", help="added to every address, e.g. python=worker")
    options = parser.parse_args(argv)
    if not (DIST / "index.html").exists():
        print(f"{DIST} is not built: python3 build.py build", file=sys.stderr)
        return 2
    site = Site()
    results = {}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            folder = options.reports or Path(tmp)
            folder.mkdir(parents=True, exist_ok=True)
            for run in options.runs.split(","):
                out = folder / f"{run}.json"
                if run == "game-mobile":
                    report = game_in_progress(site, out, options.query)
                else:
                    report = lighthouse(site.url + (f"?{options.query}" if options.query else ""), out,
                                        desktop=run == "home-desktop")
                results[run] = summary(report)
                r = results[run]
                print(f"{run}: performance {r['scores']['performance']}, accessibility "
                      f"{r['scores']['accessibility']}, best practices {r['scores']['best-practices']}; "
                      f"TBT {r['tbt_ms']} ms, LCP {r['lcp_s']} s, FCP {r['fcp_s']} s, "
                      f"transferred {r['transferred_kib']} KiB", flush=True)
                for name, audits in r["failing"].items():
                    for line in audits:
                        print(f"  {name}: {line}", flush=True)
    finally:
        site.stop()
    if options.json:
        options.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
