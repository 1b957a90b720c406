"""Fixtures for the browser tests: the built site (dist/) served on 127.0.0.1 and
Debian's Chromium driven by Playwright, every request recorded."""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

import pytest

from bench.browser import ARGS, CHROMIUM, DIST, ROOT, Site, open_site, settle  # noqa: F401  (the browser tests import them from here)

SCREENSHOTS = ROOT / "tests" / "screenshots"


# Chromium's renderer crashed ("Page crashed") about once in 600 page loads of the
# whole suite, always while a fresh page was loading, before the test did
# anything, cause unknown (not /dev/shm: 24 GB here). On 2026-12-07 two fresh-clone
# runs saw it more often (6 and 1 reruns), twice in a row on one test each. A
# browser test that fails that way, and only that way ("Target crashed" is how
# Playwright says it once the page is gone), runs up to twice more
# (pytest-rerunfailures); the summary counts each as a rerun, and a third crash
# fails the test.
CRASHES = ["Page crashed", "Target crashed"]


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.flaky(reruns=2, only_rerun=CRASHES))


@pytest.fixture(scope="session")
def site():
    if not (DIST / "index.html").exists():
        pytest.skip("dist/ is not built (python3 build.py test builds it)")
    s = Site()
    yield s
    s.stop()


@pytest.fixture(scope="session")
def playwright():
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM}")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="module")
def browser(playwright):
    """A fresh Chromium for each test module: one renderer crash ("Page crashed",
    seen once in a whole-suite run, cause unknown) then stays inside one module's
    browser, and no module inherits the last one's caches and workers."""
    b = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
    yield b
    b.close()


class Requests:
    """Every request the context makes; `outside()` lists those not to 127.0.0.1."""

    def __init__(self, context, origin: str):
        self.origin = origin
        self.urls: list[str] = []
        context.on("request", lambda r: self.urls.append(r.url))

    def outside(self) -> list[str]:
        return [u for u in self.urls
                if not (u.startswith(self.origin) or u.startswith("blob:") or u.startswith("data:"))]


@pytest.fixture(scope="module")
def warm_context(browser, site):
    """One browser context for a test module's pages: after the first, each opens
    warm (the site from the HTTP cache, Pyodide from the memory snapshot the first
    page's worker kept), as a returning player's would. Nothing else carries over:
    each test's page leaves with its storage emptied (`context`)."""
    ctx = browser.new_context(accept_downloads=True, viewport={"width": 1200, "height": 900})
    ctx.requests = Requests(ctx, f"http://127.0.0.1:{site.port}/")
    yield ctx
    ctx.close()


FORGET = """() => { localStorage.clear(); sessionStorage.clear(); }"""


@pytest.fixture
def context(warm_context):
    """The module's context for one test: the requests it makes recorded, and its
    pages closed afterwards with the site's storage (games, settings) emptied."""
    warm_context.requests.urls.clear()
    yield warm_context
    outside = warm_context.requests.outside()
    for pg in warm_context.pages:
        pg.close()
    blank = warm_context.new_page()     # (a file of the site with no script: nothing saves again)
    blank.goto(warm_context.requests.origin + "manifest.webmanifest")
    blank.evaluate(FORGET)
    blank.close()
    assert not outside, f"requests left the page's origin: {outside[:5]}"


@pytest.fixture
def page(context):
    pg = context.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    yield pg


@contextmanager
def sized_page(browser, site, width: int, height: int, motion: bool = True):
    """A page of its own at `width` x `height`, the site open on it (no motion: the
    player asked for reduced motion, so a card lies where it lands at once); once done,
    no error in the page and no request outside its origin."""
    context = browser.new_context(viewport={"width": width, "height": height},
                                  reduced_motion="no-preference" if motion else "reduce")
    requests = Requests(context, site.url)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    open_site(page, site)
    try:
        yield page
    finally:
        context.close()
    assert not page.errors and not requests.outside(), (page.errors, requests.outside()[:5])


@pytest.fixture(scope="module")
def phone(browser, site):
    """One page at 390 x 844 for a module's phone tables: each test imports its position."""
    with sized_page(browser, site, 390, 844) as page:
        yield page
