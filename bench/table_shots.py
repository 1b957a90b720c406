"""The table as a player sees it, in Debian's Chromium: screenshots of every game
and preset of the registry at six window sizes (three desktops, two phones
upright, a phone on its side), and one contact sheet of them all.

- `decision` (the default): a decision of yours with a trick on the table, imported
  as a record (bench/browser.py's `trick_you_end`, `import_state`), then the trick
  your card ends, held for Continue, every table and size on one page; takes about
  a minute;
- `--played`: as before, seeded games of every game and player count played through
  the page, shot at your first decision, a trick's end, a hand's end and the
  game's end (about 6 minutes on a busy 2-core machine).

Prints, per table, how long it took and, at each size, whether the page scrolls
(its scroll size against the window's).

    .venv/bin/python bench/table_shots.py [--out DIR] [--tables raven:6,voren:3] [--seed N] [--hand N] [--played]

Run `python3 build.py build` first.
"""
from __future__ import annotations

import argparse
import base64
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.browser import (ARGS, CHROMIUM, PLAY_ONE, Site, import_state, open_site,  # noqa: E402
                           set_trick_pause, start_game, trick_you_end)

WIDTHS = {"phone": (390, 844), "desktop": (1280, 800)}
SIZES = [(1280, 800), (1366, 768), (1920, 1080), (1024, 768), (900, 700), (390, 844), (360, 640), (844, 390)]
MOMENTS = ("first", "trick", "hand", "end")
# Every game and player count, with house rules that keep a whole game short.
TABLES = [("tricksters", 4, {}), ("lunar", 2, {"target": 6}), ("lunar", 4, {"target": 6})] + [
    ("raven", n, {"short_game": True}) for n in range(2, 7)] + [
    ("voren", n, {"hands_per_player": 1}) for n in range(3, 9)]


def _scroll_for(page, moment: str) -> None:
    """What a player looks at: the trick (and the hand docked under it); an open
    sheet or result is fixed on the screen."""
    if moment in ("first", "trick"):
        page.evaluate("""() => { const m = document.querySelector('#middle .ring-trick')
            || document.querySelector('#middle'); if (m) m.scrollIntoView({block: 'center'}); }""")


def shoot(page, out: Path, name: str, moment: str) -> list[Path]:
    paths = []
    for width, size in WIDTHS.items():
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.wait_for_timeout(350)          # any motion over (each at most 300 ms)
        _scroll_for(page, moment)
        path = out / f"{name}-{moment}-{width}.png"
        page.screenshot(path=str(path))
        paths.append(path)
    page.set_viewport_size({"width": WIDTHS["desktop"][0], "height": WIDTHS["desktop"][1]})
    return paths


STATE = """() => ({turn: document.body.dataset.turn, hold: document.body.dataset.hold || '',
  over: !!document.querySelector('#final-scores')})"""


def play_table(page, out: Path, game: str, players: int, rules: dict, seed: int,
               limit_s: float = 600) -> dict:
    """One whole game through the page, a screenshot at each moment's first time."""
    name = f"{game}-{players}"
    start_game(page, game, dict(rules, players=players), seed=seed)
    set_trick_pause(page, "wait")
    seen: dict[str, list[Path]] = {}
    started = time.monotonic()
    while time.monotonic() - started < limit_s:
        state = page.evaluate(STATE)
        if state["over"] and state["hold"] != "hand":
            seen.setdefault("end", shoot(page, out, name, "end"))
            break
        if state["hold"] == "trick":
            if "trick" not in seen:
                seen["trick"] = shoot(page, out, name, "trick")
            page.click("#continue")
        elif state["hold"] == "hand":
            if "hand" not in seen:
                seen["hand"] = shoot(page, out, name, "hand")
            page.click("#continue")
        elif state["turn"] == "you":
            if "first" not in seen:
                seen["first"] = shoot(page, out, name, "first")
            page.evaluate(PLAY_ONE)
        page.wait_for_timeout(20)
    return {"table": name, "seconds": time.monotonic() - started, "moments": seen}


def shoot_sizes(page, out: Path, name: str) -> tuple[list[Path], list[str]]:
    """The page at each of SIZES: the screenshots, and whether it scrolls at each."""
    shots, fits = [], []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(350)      # any motion over (each at most 300 ms)
        path = out / f"{name}-{width}x{height}.png"
        page.screenshot(path=str(path))
        shots.append(path)
        wide, tall = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
        fits.append(f"{width}x{height}:{'fits' if wide <= width and tall <= height else f'{wide}x{tall}'}")
    page.set_viewport_size({"width": 1280, "height": 800})
    return shots, fits


def _ending(game: str, rules: dict, seed: int, hand: int = 1):
    try:
        return trick_you_end(game, rules, seed=seed, hand=hand)
    except ValueError:          # no card of yours ends a trick in this deal
        return None


def shoot_decisions(browser, site, out: Path, tables, seed: int, hand: int = 1) -> list[dict]:
    """Every table at a decision with a trick on the table, then with the trick your
    card ends held for Continue, at each of SIZES."""
    from pycore import all_games
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    open_site(page, site)
    results = []
    for game, players, rules in tables:
        for preset in all_games()[game].presets():
            if preset.get("players") != players:
                continue
            started = time.monotonic()
            name = "-".join([game, str(players)] + [str(v) if isinstance(v, (str, int)) and not isinstance(v, bool) else k
                                                    for k, v in sorted(preset.items()) if k != "players"])
            page.set_viewport_size({"width": 1280, "height": 800})
            state, ending = next(found for found in map(lambda s: _ending(game, preset, s, hand), range(seed, seed + 10))
                                 if found)      # a deal where a card of yours ends a trick, from `seed` on
            import_state(page, state)
            shots, fits = shoot_sizes(page, out, f"{name}-decision")
            set_trick_pause(page, "wait")
            page.locator(", ".join(f'#table [data-action="{t}"]' for t in ending)).first.click()
            page.wait_for_selector("body[data-hold=trick]", state="attached")
            held, held_fits = shoot_sizes(page, out, f"{name}-held")
            set_trick_pause(page, "0")
            print(f"{name:<13} {time.monotonic() - started:5.1f} s  decision {' '.join(fits)}\n"
                  f"{'':<21} held     {' '.join(held_fits)}", flush=True)
            results.append({"table": name, "moments": {"decision": shots, "held": held}})
    page.close()
    return results


CONTACT = """<!doctype html><html><head><style>
body { margin: 0; background: #222; color: #eee; font: 14px system-ui, sans-serif; }
.row { display: flex; gap: 6px; align-items: flex-start; padding: 4px 6px; border-bottom: 1px solid #444; }
.row h2 { width: 90px; font-size: 14px; margin: 0; }
figure { margin: 0; } figcaption { font-size: 11px; }
img { height: 300px; }
</style></head><body>%s</body></html>"""


def contact_sheet(browser, results: list[dict], path: Path) -> None:
    """Every screenshot on one page, a row per table, screenshotted whole."""
    rows = []
    for result in results:
        figures = []
        for moment, shots in result["moments"].items():
            for shot in shots:
                data = base64.b64encode(shot.read_bytes()).decode()
                kind = shot.stem.rsplit("-", 1)[-1]
                figures.append(f'<figure><img src="data:image/png;base64,{data}">'
                               f'<figcaption>{moment} {kind}</figcaption></figure>')
        rows.append(f'<div class="row"><h2>{result["table"]}</h2>{"".join(figures)}</div>')
    page = browser.new_page(viewport={"width": 2400, "height": 800})
    page.set_content(CONTACT % "".join(rows))
    page.wait_for_timeout(300)
    page.screenshot(path=str(path), full_page=True)
    page.close()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / ".cache" / "table-shots"))
    parser.add_argument("--tables", default=None, metavar="GAME:N,...")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--hand", type=int, default=1, help="a decision in this hand of the game or later, "
                        "where the game has one (default: the first)")
    parser.add_argument("--played", action="store_true", help="play whole games, shoot four moments (390 and 1280 px)")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    tables = TABLES
    if args.tables:
        wanted = {tuple(t.split(":")) for t in args.tables.split(",")}
        tables = [t for t in TABLES if (t[0], str(t[1])) in wanted]
    from playwright.sync_api import sync_playwright
    site = Site()
    results = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            if not args.played:
                results = shoot_decisions(browser, site, out, tables, args.seed, args.hand)
            for game, players, rules in (tables if args.played else []):
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                page = context.new_page()
                errors = []
                page.on("pageerror", lambda e: errors.append(str(e)))
                open_site(page, site)
                result = play_table(page, out, game, players, rules, args.seed)
                missing = [m for m in MOMENTS if m not in result["moments"]]
                print(f"{result['table']:<13} {result['seconds']:6.1f} s  moments: "
                      f"{', '.join(m for m in MOMENTS if m in result['moments'])}"
                      + (f"  MISSING: {', '.join(missing)}" if missing else "")
                      + (f"  page errors: {errors[:2]}" if errors else ""), flush=True)
                results.append(result)
                context.close()
            contact_sheet(browser, results, out / "contact.png")
            browser.close()
    finally:
        site.stop()
    print(f"contact sheet: {out / 'contact.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
