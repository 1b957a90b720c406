"""Hand review cost in the browser: from a click on "Review this hand" to the
review drawn, per game, in Debian's Chromium against the built dist/, beside
the same review natively (bench/review.py's measure) on the same record, in the
same run.

    .venv/bin/python bench/review_web.py [--games raven:4,tricksters:4,lunar:4,voren:5]
                                         [--hands 3] [--seed 1] [--json out.json]

Each hand: a seeded game played by the easy bot in every seat to the end of its
first hand (bench/review.py's hand_record), saved as the page's game in
progress (seat 0), the page loaded (a new browser context: no review kept, no
worker), the score pad's hand 1 opened and "Review this hand" clicked, at the
page's default budget (the hint's default effort, seed 0). Printed per game, as
medians over the hands: the time to the first progress report ("Analysing
decision 1 of N": the review worker's Pyodide started), the whole time to the
drawn review, the analysis alone (the difference), the native wall and CPU
time of the same review, and the ratio of the analysis in the page to the
native wall time.
The computer players wait after each trick ("After a trick: wait for me"), so
the next hand does not share the cores with the review. The aim: a full
review within 30 s in the browser.
Run `python3 build.py build` first.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.browser import ARGS, CHROMIUM, READY, Site  # noqa: E402
from bench.review import hand_record, measure  # noqa: E402
from solver import hints  # noqa: E402

DEFAULT_GAMES = "raven:4,tricksters:4,lunar:4,voren:5"

# Time from now to the first progress report and to the drawn review.
WATCH = """() => new Promise((resolve) => {
  const start = performance.now();
  let first = null;
  const text = document.querySelector('#review-progress-text');
  const seen = () => { if (first === null && text.textContent.startsWith('Analysing decision')) first = performance.now(); };
  new MutationObserver(seen).observe(text, {childList: true, characterData: true, subtree: true});
  const poll = setInterval(() => {
    seen();
    if (document.querySelector('#review-body') || document.querySelector('#review-message')) {
      clearInterval(poll);
      resolve({first: first === null ? null : (first - start) / 1000, total: (performance.now() - start) / 1000,
               decisions: +(document.querySelector('#review-body')?.dataset.decisions ?? -1)});
    }
  }, 20);
  document.querySelector('#review-hand').click();
})"""


def browser_review(browser, url: str, record: str) -> dict:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector(READY, state="attached", timeout=120_000)
        page.evaluate("""(record) => {
          localStorage.clear();
          localStorage.setItem('manyhands/current', JSON.stringify({record, seat: 0, level: 'easy', theme: ''}));
          localStorage.setItem('manyhands/prefs', JSON.stringify({trick_pause: 'wait'}));
        }""", json.loads(record))
        page.goto(url + "#table")
        page.reload()
        page.wait_for_selector(READY, state="attached", timeout=120_000)
        page.click('[data-ui="scores"]')
        page.click('#score-pad [data-ui="sheet"][data-hand="0"]')
        page.wait_for_selector("#review-hand")
        return page.evaluate(WATCH)
    finally:
        context.close()


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--games", default=DEFAULT_GAMES, help="game:players, comma-separated")
    p.add_argument("--hands", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", default=None)
    a = p.parse_args(argv)
    from playwright.sync_api import sync_playwright
    med = statistics.median
    site = Site()
    out = {}
    print(f"hand review of seat 0, first hand, page budget (effort {hints.DEFAULT_EFFORT}, seed 0), "
          f"{a.hands} seeded hands per row; load average {os.getloadavg()[0]:.1f}")
    print(f"{'game':<12} {'decisions':>9} {'worker up s':>11} {'page s':>7} {'max s':>6} {'analysis s':>10} "
          f"{'native wall s':>13} {'native cpu s':>12} {'page/native wall':>16}")
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for item in a.games.split(","):
                name, _, players = item.partition(":")
                players = int(players or 4)
                rng = random.Random(f"bench/review/{name}/{players}/{a.seed}")
                rows = []
                for _ in range(a.hands):
                    record = hand_record(name, players, rng.randrange(10**6))
                    page = browser_review(browser, site.url + "?", record)
                    native = measure(record, hints.DEFAULT_EFFORT)
                    if page["decisions"] != native["decisions"]:
                        raise SystemExit(f"{item}: the page listed {page['decisions']} decisions, "
                                         f"natively {native['decisions']}")
                    rows.append({"page": page, "native": native})
                out[item] = rows
                totals = [r["page"]["total"] for r in rows]
                firsts = [r["page"]["first"] for r in rows if r["page"]["first"] is not None]
                walls = [r["native"]["wall"] for r in rows]
                analysis = [r["page"]["total"] - (r["page"]["first"] or 0) for r in rows]
                ratio = [a / r["native"]["wall"] for a, r in zip(analysis, rows)]
                print(f"{name + ' ' + str(players):<12} {med(r['native']['decisions'] for r in rows):>9} "
                      f"{(med(firsts) if firsts else float('nan')):>11.2f} {med(totals):>7.2f} "
                      f"{max(totals):>6.2f} {med(analysis):>10.2f} {med(walls):>13.2f} "
                      f"{med(r['native']['cpu'] for r in rows):>12.2f} {med(ratio):>16.1f}", flush=True)
            browser.close()
    finally:
        site.stop()
    print("'worker up': click to the first progress report (the review worker's Pyodide started); "
          "'page': click to the drawn review; 'analysis': page minus worker up; "
          "'page/native wall': analysis / native wall, median of the per-hand ratios.")
    if a.json:
        Path(a.json).write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
