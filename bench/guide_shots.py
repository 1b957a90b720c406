"""Every step of every guided first hand (web/manyhands_web/guide.py) as a player
sees it, in Debian's Chromium, at a phone's size (390 x 844) and a laptop's
(1280 x 800): each lesson followed from its home card by clicking only what each
step points at, a screenshot of each step, and one contact sheet per lesson and
size (`.cache/guide-shots/<lesson>-<size>.png`); prints the steps whose words scroll
in the coach and those where the table does not fit by tests/browser/test_table_fits.py's
checks (bench/browser.py's UNFIT and HIDDEN). `follow` is also what the browser tests
drive (tests/browser/test_guide.py).

    .venv/bin/python bench/guide_shots.py [--out DIR] [--lessons tricksters,voren]

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
sys.path.insert(0, str(ROOT / "web"))

from bench.browser import ARGS, CHROMIUM, HIDDEN, UNFIT, Site, open_site, settle, wait_still  # noqa: E402

SIZES = {"phone": (390, 844), "laptop": (1280, 800)}

# Where the pointed-at control is, whether it is in the window and the element at
# its centre is itself (or inside it): uncovered.
SEEN = """node => {
  const r = node.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const inside = r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0
    && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1;
  const hit = document.elementFromPoint(x, y);
  return {inside, uncovered: !!hit && (hit === node || node.contains(hit)),
          focused: document.activeElement === node, at: hit ? hit.outerHTML.slice(0, 80) : null};
}"""


POINT = """n => n.id || n.getAttribute('data-action') || n.getAttribute('data-sub')
  || (n.hasAttribute('data-toggle') ? 'card ' + n.getAttribute('data-toggle') : n.outerHTML.slice(0, 60))"""
FIRST_STEP = """() => /step 1 of/.test(document.querySelector("#coach:not([hidden]) .coach-count")?.textContent)"""
# What the table-fit checks say that is no fault at a lesson's step (a lead, a draft: no trick yet)
NO_TRICK = ("no trick",)
# Whether the coach's words are longer than its box (read by scrolling it).
OVERFLOWS = """() => { const c = document.getElementById("coach"); return c.scrollHeight > c.clientHeight + 1; }"""


def unfit(page) -> list[str]:
    """What does not fit by the table-fit test's checks (bench/browser.py), but a step
    with no trick yet (a lead, a draft)."""
    return [p for p in page.evaluate(UNFIT) + page.evaluate(HIDDEN) if p not in NO_TRICK]


def step_number(page) -> tuple[int, int | None]:
    """The coach's "step 3 of 13" (of None: the hand left the lesson's script)."""
    text = page.locator("#coach-title .coach-count").inner_text()
    number, _, total = text.replace("·", "").replace("step", "").strip().partition(" of ")
    return int(number), int(total) if total else None


def follow(page, key: str, shoot=None, timeout_s: float = 30, start: bool = True, upto: int | None = None,
           number: int = 0) -> list[dict]:
    """The lesson `key` from its home card (or, not `start`, from the step `number`
    shown) to its final score (or to step `upto`), clicking only what each step points
    at; each step's facts: its number, its words, what it points at and how that is
    seen (SEEN). `shoot(number)`: called at each step."""
    seen, point = [], None
    if start:
        page.goto(page.url.split("#")[0] + "#home")
        page.wait_for_selector(f"#learn-{key}")
        settle(page)
        card = page.locator(f"#learn-{key}")
        card.scroll_into_view_if_needed()
        seen = [{"number": 0, "point": f"#learn-{key}", **card.evaluate(SEEN)}]
        card.click()
        page.wait_for_function(FIRST_STEP)     # (not the coach of a lesson finished before)
    while True:
        deadline = time.monotonic() + timeout_s
        while True:     # the next step, or the pointer moved within this one (a card's choices opened)
            settle(page)
            pointed = page.locator("[data-point]")
            if page.locator("#coach:not([hidden]) #coach-title").count() and pointed.count():
                now, _ = step_number(page)
                where = pointed.evaluate(POINT)
                if now > number or (now == number and where != point):
                    break
            if time.monotonic() > deadline:
                raise AssertionError(f"lesson {key}: no step after step {number}")
            time.sleep(0.05)
        fact = {"number": now, "words": page.locator("#coach-words").inner_text(), "point": where,
                "overflows": page.evaluate(OVERFLOWS), "unfit": unfit(page) if where != "coach-real" else [],
                **pointed.evaluate(SEEN)}
        seen.append(fact)
        if shoot and now > number:
            shoot(now)
        number, point = now, where
        if where == "coach-real" or number == upto:
            break
        pointed.click()
    return seen


def contact_sheet(page, shots: list[tuple[str, bytes]], width: int, out: Path) -> None:
    """The shots side by side, a few to a row, each with its caption."""
    cells = "".join(f'<figure><img src="data:image/png;base64,{base64.b64encode(png).decode()}">'
                    f"<figcaption>{caption}</figcaption></figure>" for caption, png in shots)
    per_row = 6 if width < 600 else 3
    page.set_content(f"""<style>body{{margin:0;background:#222;color:#eee;font:12px sans-serif;display:grid;
        grid-template-columns:repeat({per_row},1fr);gap:6px;padding:6px}} figure{{margin:0}}
        img{{width:100%;display:block}}</style>{cells}""")
    page.screenshot(path=str(out), full_page=True)


def main() -> None:
    from manyhands_web.guided import LESSONS
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default=str(ROOT / ".cache" / "guide-shots"))
    parser.add_argument("--lessons", default=",".join(LESSONS))
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright
    site = Site()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            for size, (width, height) in SIZES.items():
                context = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce")
                page = context.new_page()
                open_site(page, site)
                for key in args.lessons.split(","):
                    shots = []
                    started = time.monotonic()
                    unfitted = {}

                    def shoot(n):
                        wait_still(page, timeout=5_000)
                        png = page.screenshot(path=str(out / f"{key}-{size}-{n:02d}.png"))
                        shots.append((f"{key} {size} step {n}", png))
                        if not page.locator("#coach-real").count():     # (the score sheet is no table)
                            if found := unfit(page):
                                unfitted[n] = found
                    facts = follow(page, key, shoot)
                    bad = [f for f in facts if not (f["inside"] and f["uncovered"])]
                    sheet = out / f"{key}-{size}.png"
                    sheet_page = browser.new_page(viewport={"width": 1800, "height": 1000})
                    contact_sheet(sheet_page, shots, width, sheet)
                    sheet_page.close()
                    long = sorted({f["number"] for f in facts[1:] if f["overflows"]})
                    print(f"{key} at {width}x{height}: {len(facts) - 1} steps in {time.monotonic() - started:.1f} s, "
                          f"pointed-at controls out of sight or covered: {bad or 'none'}; "
                          f"steps whose words scroll in the coach: {long or 'none'}; "
                          f"steps where the table does not fit (test_table_fits' checks): {sorted(unfitted) or 'none'}; "
                          f"{sheet}")
                    for n, found in unfitted.items():
                        print(f"    step {n}: {'; '.join(found[:3])}{' ...' if len(found) > 3 else ''}")
                context.close()
            browser.close()
    finally:
        site.stop()


if __name__ == "__main__":
    main()
