"""Friends at one device, as they see it, in Debian's Chromium: for each game's
short table with people (its tests' FRIENDS_TABLES), at a phone's and a laptop's
size, a round of pass-and-play shot step by step: the seats chosen, the first pass
screen, the first person's table, a trick held for everyone before the device
passes (the pause after a trick: "wait for me"), the next pass screen and the
next person's table, and the final result by name.

    .venv/bin/python bench/friends_shots.py [--out DIR] [--tables raven,voren]

Run `python3 build.py build` first. Prints where each shot went and how long each
table took.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.browser import ARGS, CHROMIUM, PLAY_ONE, Site, open_site, set_trick_pause, settle  # noqa: E402
from tests.browser.test_friends import PLAY_TO_PASS, SIZES, seat_the_table  # noqa: E402
from tests.catalog import case_id, own_cases  # noqa: E402


def shoot(page, out: Path, name: str) -> None:
    settle(page)
    page.wait_for_timeout(400)          # the cards' flights
    page.screenshot(path=str(out / f"{name}.png"))
    print("  ", out / f"{name}.png")


def round_of(page, out: Path, case: str, name: str, rules: dict, people: int, width: int) -> None:
    tag = f"{case}-{width}"
    seat_the_table(page, name, rules, people)   # (started: the dialog is shot on the way below)
    shoot(page, out, f"{tag}-1-pass")
    page.click("[data-take]")
    shoot(page, out, f"{tag}-2-table")
    set_trick_pause(page, "wait")
    held = False
    for _ in range(400):                # until a trick is held before the device passes, or a pass screen
        state = page.evaluate("[document.body.dataset.turn, document.body.dataset.hold]")
        if state[1] == "trick":
            shoot(page, out, f"{tag}-3-trick-held")
            held = True
            page.click("#continue") if page.locator("#continue").count() else page.click("#middle")
            break
        if state[0] == "pass":
            page.click("[data-take]")
            settle(page)
        elif state[0] == "you":
            page.evaluate(PLAY_ONE, None)
        else:
            page.wait_for_timeout(20)
    page.evaluate(PLAY_TO_PASS, [60_000])
    shoot(page, out, f"{tag}-4-pass")
    page.click("[data-take]")
    shoot(page, out, f"{tag}-5-table")
    set_trick_pause(page, "0")
    while page.evaluate(PLAY_TO_PASS, [120_000]) == "pass":
        page.click("[data-take]")
    page.screenshot(path=str(out / f"{tag}-6-end.png"), full_page=True)
    print("  ", out / f"{tag}-6-end.png", "(a trick held)" if held else "(no trick held before a pass)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "bench" / "shots-friends"))
    parser.add_argument("--tables", default="", help="games to shoot (default: every game's)")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    wanted = {t for t in args.tables.split(",") if t}
    from playwright.sync_api import sync_playwright
    site = Site()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for width, (w, h) in SIZES.items():
            page = browser.new_page(viewport={"width": w, "height": h})
            open_site(page, site)
            for name, rules, people in own_cases("FRIENDS_TABLES"):
                if wanted and name not in wanted:
                    continue
                started = time.monotonic()
                case = case_id(name, rules)
                page.goto(page.url.split("#")[0] + "#home")
                settle(page)
                page.click(f"#friends-{name}")
                page.wait_for_selector("#friends-dialog[open]")
                shoot(page, out, f"{case}-{width}-0-seats")
                page.click("#friends-cancel")
                round_of(page, out, case, name, rules, people, width)
                print(f"{case} at {w}x{h}: {time.monotonic() - started:.0f} s")
            page.close()
        browser.close()
    site.stop()


if __name__ == "__main__":
    main()
