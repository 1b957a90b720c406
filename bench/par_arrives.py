"""Every hand's par arrives in the page: whole games played through the page in
Debian's Chromium against the built dist/, at the fastest pace (?pace=0), a
hint asked at every decision of yours (the workers kept busy while the pars are
worked out in the background), then the par of every hand looked for on the
final result, in #history and on the Statistics page.

    .venv/bin/python bench/par_arrives.py [--games raven:4:217402,lunar:4:190133]
                                          [--level normal] [--workers N] [--wait 1200]

Each game: started from its card on the home page (the deal number given, seat
as the deal draws it, the computer players at `--level`), your decisions played
as the first legal choice after the hint came, until the final result. Then it
waits (at most `--wait` seconds) until the kept game has a par for every hand,
and reads the three places a player would. Printed per game: the hands, the
hints asked, the time to play, the time from the end of the game to the last
par, the pars ("hand: you / par"), what the final result, #history and the
statistics say, the hints that failed, and every search the pool started again (a worker judged
stalled or lost). Exit status 1 when any par is missing anywhere.
Run `python3 build.py build` first.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.browser import ARGS, CHROMIUM, PLAY_ONE, Site, open_site, start_game  # noqa: E402

ENTRY = """() => { const id = localStorage.getItem('manyhands/open');
  return JSON.parse(localStorage.getItem('manyhands/games')).find((e) => e.id === id); }"""
WATCH = """() => { window.restarts = window.restarts || [];
  window.manyhands.pool.onRestart = (job, why) => window.restarts.push(`${job.kind} ${job.request.op}: ${why}`); }"""


HINT_DONE = """() => {
  const summary = (document.querySelector('#hint-summary') || {}).textContent;
  const error = document.querySelector('#hint-body .error');
  return summary ? 'ok' : error ? error.textContent : null; }"""


def play_with_hints(page, limit_s: float) -> tuple[int, list]:
    """Your every decision: a hint asked and waited for (at most 3 minutes), then
    the first legal choice. The hints asked, and those that failed (why)."""
    hints, failed = 0, []
    start = time.monotonic()
    while time.monotonic() - start < limit_s:
        if page.locator("#final-scores").count():
            return hints, failed
        if page.evaluate("document.body.dataset.turn") == "you":
            if page.locator("#hint:not([disabled])").count():
                page.click("#hint")
                hints += 1
                asked = time.monotonic()
                got = None
                while got is None and time.monotonic() - asked < 180:
                    got = page.evaluate(HINT_DONE)
                    time.sleep(0.1)
                if got != "ok":
                    failed.append(got or "no answer in 180 s")
                if page.locator("#hint-close").is_visible():
                    page.click("#hint-close")
            page.evaluate(PLAY_ONE)
            continue
        if page.locator("#continue").is_visible():
            page.click("#continue")
        time.sleep(0.05)
    raise TimeoutError(f"the game did not end within {limit_s:.0f} s")


def one_game(page, game: str, players: int, seed: int, level: str, wait_s: float) -> dict:
    start_game(page, game, {"players": players}, seed=seed, level=level)
    page.evaluate(WATCH)
    began = time.monotonic()
    hints, hint_failures = play_with_hints(page, 3600)
    played = time.monotonic() - began
    entry = page.evaluate(ENTRY)
    hands = len(entry["summary"]["points"])
    ended = time.monotonic()
    while time.monotonic() - ended < wait_s:
        entry = page.evaluate(ENTRY)
        if len(entry.get("par") or {}) >= hands:
            break
        time.sleep(2)
    waited = time.monotonic() - ended
    word = entry["summary"]["hand_word"]
    par = entry.get("par") or {}
    if not page.locator("#result .par-line").count():      # the final result, drawn again
        page.goto(page.url.split("#")[0] + "#table")
    final = page.inner_text("#result") if page.locator("#result").count() else ""
    page.goto(page.url.split("#")[0] + "#history")
    page.wait_for_selector(f'.history-game[data-id="{entry["id"]}"]')
    listed = page.locator(f'.history-game[data-id="{entry["id"]}"] .history-par li').all_inner_texts()
    page.goto(page.url.split("#")[0] + "#stats")
    page.wait_for_selector(".stats-group")
    head = f"{entry['summary']['title']}, {players} players"
    stats = []
    for group in page.locator(".stats-group").all():
        title = group.locator("h3").inner_text()
        if title.startswith(head):
            stats += [f"{title}: {t}" for t in group.locator("td[data-stat]").all_inner_texts() if "over " in t]
    page.goto(page.url.split("#")[0] + "#table")
    found = {h: f"{word.capitalize()} {h}: you {par[str(h)]['score']}, par {par[str(h)]['par']}"
             for h in range(1, hands + 1) if str(h) in par}
    return {"game": f"{game} {players}p deal {seed}", "hands": hands, "hints": hints, "play_s": round(played),
            "pars_after_s": round(waited), "par": {h: [g["score"], g["par"]] for h, g in sorted(par.items(),
                                                                                          key=lambda kv: int(kv[0]))},
            "failed": entry.get("par_failed") or {},
            "on_final_result": sum(text in final for text in found.values()),
            "in_history": sum(any(text == item for item in listed) for text in found.values()),
            "statistics": stats, "restarts": page.evaluate("window.restarts"), "hint_failures": hint_failures}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="raven:4:217402,lunar:4:190133")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--workers", type=int, default=None, help="the pool's workers (default: the page's own)")
    parser.add_argument("--wait", type=float, default=1200, help="seconds to wait for the pars after a game")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    site = Site()
    ok = True
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            open_site(page, site, "pace=0" + (f"&workers={args.workers}" if args.workers else ""))
            print(f"workers: {page.evaluate('window.manyhands.pool.size')}", flush=True)
            for spec in args.games.split(","):
                game, players, seed = spec.split(":")
                got = one_game(page, game, int(players), int(seed), args.level, args.wait)
                n = got["hands"]
                every = len(got["par"]) == n and got["on_final_result"] == n and got["in_history"] == n
                ok = ok and every
                print(f"{got['game']}: {n} hands, {got['hints']} hints, played in {got['play_s']} s; "
                      f"every par {'in' if len(got['par']) == n else 'NOT in'} {got['pars_after_s']} s after the end")
                print(f"  par (you, par) by hand: {json.dumps(got['par'])}; failed: {json.dumps(got['failed'])}")
                print(f"  on the final result: {got['on_final_result']} of {n}; in #history: {got['in_history']} of {n}; "
                      f"statistics: {'; '.join(got['statistics']) or 'no par figure'}")
                print(f"  hints that failed: {len(got['hint_failures'])} {json.dumps(got['hint_failures'][:3])}")
                print(f"  searches started again: {len(got['restarts'])} {json.dumps(got['restarts'][:5])}", flush=True)
            if errors:
                print(f"page errors: {errors[:3]}")
                ok = False
            browser.close()
    finally:
        site.stop()
    print("every hand has its par everywhere" if ok else "SOME PAR IS MISSING")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
