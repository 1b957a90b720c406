"""Debian's Chromium driving the built site (Playwright), for the browser tests
(tests/browser/) and the browser benchmarks (bench/web.py, bench/review_web.py):
dist/ served on 127.0.0.1, the browser's arguments, and a person's moves at the
table (the home page's game cards, clicks on legal cards and choices)."""
from __future__ import annotations

import importlib.util
import os
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIST = Path(os.environ.get("MANYHANDS_DIST", ROOT / "dist"))
CHROMIUM = os.environ.get("MANYHANDS_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
READY = "body[data-ready=true]"


def build_module():
    """build.py as a module (its make_server, DIST)."""
    spec = importlib.util.spec_from_file_location("manyhands_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Site:
    """dist/ served in a thread; `stop()` takes it down (the offline test)."""

    def __init__(self):
        if not (DIST / "index.html").exists():
            raise FileNotFoundError(f"{DIST} is not built (python3 build.py build builds it)")
        self.server = build_module().make_server(DIST, 0)
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


# One decision through the page: the first legal token (or the one given), clicked
# the way the table offers it (a card, a card then a choice, or cards picked and
# confirmed). The page's Python answers each click from its worker, after the
# click: each click waits for its answer drawn (body[data-busy] gone: bridge.js;
# a redraw alone may be a computer's move's) and the table drawn since.
PLAY_ONE = """
async (wanted) => {
  const prompt = document.querySelector('#prompt');
  if (!prompt || document.body.dataset.turn !== 'you') return false;
  const legal = JSON.parse(prompt.dataset.legal || '[]');
  if (!legal.length) return false;
  const token = wanted ?? legal[0];
  const q = (sel) => document.querySelector(sel);
  const act = (t) => q(`#table [data-action="${CSS.escape(t)}"]`);
  const press = async (el) => {
    const drawn = document.body.dataset.drawn;
    el.click();
    for (const start = Date.now(); document.body.dataset.busy || document.body.dataset.drawn === drawn;) {
      if (Date.now() - start > 30000) throw new Error(`the table did not answer a click for ${token}`);
      await new Promise(r => setTimeout(r, 2));
    }
  };
  if (act(token)) { await press(act(token)); return token; }
  const words = token.split(' ');
  const sub = q(`#table [data-sub="${CSS.escape(words[0])}"]`);
  if (sub) { await press(sub); await press(act(token)); return token; }
  for (const card of words.slice(1)) {
    const el = q(`#table [data-toggle][data-card="${CSS.escape(card)}"][aria-pressed="false"]`);
    if (!el) throw new Error(`cannot pick ${card} for ${token}`);
    await press(el);
  }
  const confirm = q('#confirm');
  if (!confirm || confirm.disabled) throw new Error(`confirm not enabled for ${token}`);
  await press(confirm);
  return token;
}
"""

# Play every decision of yours until the game ends (or `limit` decisions).
PLAY_UNTIL = """
async ([limit, timeoutMs]) => {
  const start = Date.now();
  const playOne = %s;
  let played = 0;
  while (played < limit) {
    if (document.querySelector('#final-scores')) return {done: true, played};
    if (Date.now() - start > timeoutMs) return {done: false, played, timeout: true};
    if (document.body.dataset.turn === 'you' && await playOne()) { played++; continue; }
    await new Promise(r => setTimeout(r, 5));
  }
  return {done: !!document.querySelector('#final-scores'), played};
}
""" % PLAY_ONE


# The page's Python has handled every event so far, its answer drawn: bridge.js
# marks body[data-busy] from an event's arrival until then. From a PyScript
# worker the Python answers a click after the click; on the main thread, within it.
IDLE = "body:not([data-busy])"


# What does not fit: the page scrolling, or an element that must be seen and is outside
# the window or not the element found at its centre (covered, clipped away, not drawn).
UNFIT = """() => {
  const out = [];
  const doc = document.documentElement;
  if (doc.scrollHeight > innerHeight) out.push(`the page is ${doc.scrollHeight} px tall`);
  if (doc.scrollWidth > innerWidth) out.push(`the page is ${doc.scrollWidth} px wide`);
  const say = (e) => e ? `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${(e.getAttribute('class') || '').split(' ').join('.')}` : 'nothing';
  const seen = (el, what) => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return out.push(`${what}: not drawn`);
    if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
      return out.push(`${what}: outside the window (${r.left|0},${r.top|0} ${r.width|0}x${r.height|0})`);
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!top || !el.contains(top)) out.push(`${what}: covered by ${say(top)}`);
  };
  const header = document.querySelector('header.site').getBoundingClientRect().height;
  if (header > 52) out.push(`the header is ${header|0} px tall (it wraps)`);
  const status = document.querySelector('#status');
  status ? seen(status, 'the status') : out.push('no status');
  const held = document.body.dataset.hold === 'trick';     // a finished trick, waiting for Continue
  const choices = document.querySelectorAll(held ? '#continue, #trick-winner'
    : '#table :is([data-action], [data-sub], [data-toggle]):not([disabled]):not([aria-disabled=true])');
  if (!choices.length) out.push('no choice');
  for (const el of choices) seen(el, `the choice ${el.getAttribute('aria-label') || el.dataset.action || el.textContent.trim()}`);
  const broken = [...document.querySelectorAll('#table img')].filter((img) => img.complete && !img.naturalWidth);
  if (broken.length) out.push(`${broken.length} pictures (card faces) not drawn`);
  const trick = document.querySelectorAll(held ? '#previous-trick .card' : '#current-trick .card:not(.slot)');
  if (!trick.length) out.push('no trick');
  for (const el of trick) seen(el, `the trick's ${el.getAttribute('aria-label')}`);
  const seats = document.querySelectorAll('#ring .seatbox .seat-who');
  for (const el of seats) seen(el, `the seat ${el.textContent}`);
  return out;
}"""

# What the table shows and cannot be seen whole: each fact of each seat (the seat's box's
# lines: name, face and score, cards in hand, bid, cards face up) and what the middle shows
# besides the trick (each of its regions, their rows and the items in them), the trick's
# parts (each play's name and card, the lines under its cards), what lies under the table
# (each of its regions' parts), your hand's cards and your seat's facts beside it, outside the
# window, cut by a box it lies in (one that clips what overflows it) or covered at its centre.
# A fact a layout leaves out at a size (not drawn) is not looked for.
HIDDEN = """() => {
  const out = [];
  const say = (e) => e ? `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${(e.getAttribute('class') || '').split(' ').join('.')}` : 'nothing';
  const cut = (el, r) => {
    for (let box = el.parentElement; box; box = box.parentElement) {
      const s = getComputedStyle(box);
      if (s.display === 'contents' || (s.overflowX === 'visible' && s.overflowY === 'visible')) continue;
      const b = box.getBoundingClientRect();
      if (r.top < b.top - 1 || r.bottom > b.bottom + 1 || r.left < b.left - 1 || r.right > b.right + 1) return box;
    }
    return null;
  };
  const whole = (el, what) => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return;
    if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
      return out.push(`${what}: outside the window (${r.left|0},${r.top|0} ${r.width|0}x${r.height|0})`);
    const box = cut(el, r);
    if (box) return out.push(`${what}: cut by ${say(box)}`);
    if (getComputedStyle(el).display === 'inline') return;   // lines of words: the centre of their box may lie between them
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!top || !el.contains(top)) out.push(`${what}: covered by ${say(top)}`);
  };
  for (const el of document.querySelectorAll('#ring .seatbox > :not(.visually-hidden)'))
    whole(el, `${el.closest('.seatbox').getAttribute('aria-label')}: ${say(el)} "${el.textContent.trim().slice(0, 30)}"`);
  for (const el of document.querySelectorAll('#middle > :not(.ring-trick), #middle > .region > *, #middle > .region > * > li'))
    whole(el, `the middle's ${say(el)} "${el.textContent.trim().slice(0, 30)}"`);
  for (const el of document.querySelectorAll('#middle > .ring-trick .play > *, #middle > .ring-trick > :not(.plays, .visually-hidden, .trick-title)'))
    whole(el, `the trick's ${say(el)} "${(el.getAttribute('aria-label') || el.textContent).trim().slice(0, 30)}"`);
  for (const el of document.querySelectorAll('#table .gametable > .below > .region > :not(.visually-hidden), #hand > *, #table .hand-head > *'))
    whole(el, `${say(el)} "${(el.getAttribute('aria-label') || el.textContent).trim().slice(0, 30)}"`);
  return out;
}"""


# The table's cards at rest: no card flying or being dealt (web/table.js), where sizes and
# places are measured (an endless animation, a pulse, does not count).
STILL = """() => document.getAnimations().every(a => a.effect.getComputedTiming().iterations === Infinity)"""


def wait_still(page, timeout: int = 10_000) -> None:
    page.wait_for_function(STILL, timeout=timeout)


def settle(page) -> None:
    """Wait until the page's Python has answered everything the test did so far."""
    try:
        page.wait_for_selector(IDLE, state="attached", timeout=30_000)
    except Exception as exc:       # the page went away or navigated under the wait: nothing to settle
        if "closed" not in str(exc) and "navigat" not in str(exc) and "destroyed" not in str(exc):
            raise


def open_site(page, site, query: str = "pace=0"):
    """The site at `query`; an only choice of yours waits for your click (?forced=wait)
    unless the query says otherwise ("forced=" : the page's own setting), so that the
    tests and benchmarks stop at every decision of yours."""
    if "forced=" not in query:
        query += "&forced=wait"
    page.goto(f"{site.url}?{query}")
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    settle(page)


def start_game(page, game: str, rules: dict | None = None, seed: int = 11, place: str = "",
               level: str = "easy"):
    """A new game from its card on the home page: the player count on the card, other
    rules under House rules, the deal number and your seat under Advanced (`place`:
    "" drawn with the deal, the engine's seat 0; "p0" the first dealer; computer
    players "easy" by default: the tests check the table, not the bots, and easy
    bots keep CI short)."""
    page.goto(page.url.split("#")[0] + "#home")
    page.wait_for_selector(f"#game-{game}")
    settle(page)
    page.select_option("#level", level)
    rules = dict(rules or {})
    players = rules.pop("players", None)
    if players is not None and page.locator(f"#rule-{game}-players").count():
        page.select_option(f"#rule-{game}-players", str(players))
        settle(page)            # (the seats offered follow the players)
    if rules:
        open_details(page, f"#house-{game}")
    for key, value in rules.items():
        set_rule(page, game, key, value)
    open_details(page, f"#advanced-{game}")
    page.fill(f"#seed-{game}", str(seed))
    page.select_option(f"#seat-{game}", value=place)
    page.click(f"#play-{game}")
    page.wait_for_selector("#view-table:not([hidden])")
    settle(page)


def open_details(page, selector: str):
    if not page.locator(selector).evaluate("d => d.open"):
        page.click(f"{selector} > summary")


def set_rule(page, game: str, key: str, value):
    """One house rule through its control: a checkbox, a select, a number, the
    checkboxes of a set (a list of options), a row of numbers or a table of them."""
    box = f"#rule-{game}-{key}"
    if isinstance(value, bool):
        page.locator(box).set_checked(value)
    elif isinstance(value, list) and value and isinstance(value[0], list):
        for i, row in enumerate(value):
            for j, v in enumerate(row):
                page.fill(f"{box}-{i}-{j}", str(v))
    elif isinstance(value, list):
        kind = page.get_attribute(f'#game-{game} .rule-field[data-field="{key}"]', "data-kind")
        if kind == "set":
            for check in page.locator(f'#game-{game} .rule-field[data-field="{key}"] input[type=checkbox]').all():
                check.set_checked(check.get_attribute("value") in value)
        else:
            for i, v in enumerate(value):
                page.fill(f"{box}-{i}", str(v))
    elif page.locator(box).evaluate("e => e.tagName") == "SELECT":
        page.select_option(box, str(value))
    else:
        page.fill(box, str(value))


def in_settings(page, change) -> None:
    """`change(page)` made in the table's Settings panel: opened first if it is
    closed, closed after (as a player leaves it)."""
    settle(page)
    if not page.is_visible("#game-menu"):
        page.click("#menu-toggle")
        settle(page)
    change(page)
    settle(page)
    if page.is_visible("#game-menu"):
        page.click("#menu-toggle")
        settle(page)


def set_trick_pause(page, value: str) -> None:
    """The "After a trick" setting: "wait", "1", "2" or "0"."""
    in_settings(page, lambda p: p.select_option("#trick-pace", value))


def play(page, limit: int = 10_000, timeout_s: float = 240) -> dict:
    return page.evaluate(PLAY_UNTIL, [limit, int(timeout_s * 1000)])


def wait_my_turn(page, timeout_s: float = 60):
    page.wait_for_selector("body[data-turn=you], body[data-turn=over]", state="attached",
                           timeout=timeout_s * 1000)


def wait_hint(page, timeout: int = 120_000) -> None:
    """Until the hint has come: its first step (the summary line) is shown."""
    page.wait_for_function("(document.querySelector('#hint-summary') || {}).textContent", timeout=timeout)


# --- a table at a decision, imported rather than played to -----------------------------------------
def hand_tricks(obs: dict) -> tuple[list, list]:
    """(the current hand's finished tricks, its trick under way or [])."""
    hands = obs.get("hands") or []
    if not hands or hands[-1].get("points") is not None:
        return [], []
    tricks = hands[-1]["tricks"]
    done = [t for t in tricks if t.get("winner") is not None]
    now = tricks[-1]["cards"] if tricks and tricks[-1].get("winner") is None else []
    return done, now


def first_choices(game: str, rules: dict, seed: int):
    """Each state of a game from its deal to its end, every seat playing its first
    legal choice (the engine plays: positions to import, not a person's game)."""
    from pycore import get_game
    state = get_game(game).new_game(rules, seed=seed)
    yield state
    while not state.is_terminal:
        state = state.apply_action(state.legal_actions()[0])
        yield state


def trick_decision(game: str, rules: dict, seed: int = 1, seat: int = 0):
    """The engine's state at `seat`'s first decision with cards of a trick on the
    table and a finished trick of the same hand to look back at (`first_choices`);
    failing that, its first decision with a trick on the table."""
    fallback = None
    for state in first_choices(game, rules, seed):
        if not state.is_terminal and state.current_player == seat:
            done, now = hand_tricks(state.observation(seat))
            if now and done:
                return state
            if now and fallback is None:
                fallback = state
    if fallback is None:
        raise ValueError(f"{game} {rules} deal {seed}: no decision of seat {seat} with a trick on the table")
    return fallback


def tricks_done(state) -> int:
    """How many tricks of the game are finished (seat 0's view)."""
    return sum(t.get("winner") is not None for h in state.observation(0).get("hands") or [] for t in h["tricks"])


def trick_you_end(name: str, rules: dict, seed: int = 1, hand: int = 1):
    """(the engine's state at your first decision with a trick on the table and a
    finished one of the same hand to look back at, your choices there that end the
    trick with the hand going on and a computer to play next: the table holds the
    trick for you), each seat playing its first choice
    (`first_choices`); failing that, the first decision with a trick on the table.
    `hand`: in that hand of the game or a later one (a later hand shows more: the
    scores so far, what the rules make public from then on), where the game has one."""
    fallback = None
    for state in first_choices(name, rules, seed):
        if state.is_terminal or state.current_player != 0:
            continue
        obs = state.observation(0)
        if len(obs.get("hands") or []) < hand:
            continue
        done, now = hand_tricks(obs)
        if not now:
            continue
        ending = []
        for token in obs["legal"]:
            after = state.apply_action(state.game.parse_action(state, token))
            if (tricks_done(after) > tricks_done(state) and not after.is_terminal and after.current_player != 0
                    and len(after.observation(0).get("hand_results") or []) == len(obs.get("hand_results") or [])):
                ending.append(token)
        if ending and done:
            return state, ending
        if ending and fallback is None:
            fallback = state, ending
    if fallback is None and hand > 1:
        return trick_you_end(name, rules, seed)
    if fallback is None:
        raise ValueError(f"{name} {rules}: no decision of yours that ends a trick")
    return fallback


def import_state(page, state, name: str = "position.json") -> None:
    """The table at `state`, imported as a record (the table's or the home page's
    Import: a game of its own, your seat 0), once it is drawn."""
    import json
    from pycore.records import record_of
    before = page.evaluate("[localStorage.getItem('manyhands/open'), document.body.dataset.drawn || '']")
    data = json.dumps(record_of(state).to_json()).encode()
    field = "#import-file" if page.evaluate("document.body.dataset.view") == "table" else "#home-import"
    page.set_input_files(field, files=[{"name": name, "mimeType": "application/json", "buffer": data}])
    # (the new game kept, and a table drawn since: the last position may have had as many actions)
    page.wait_for_function("([[open, drawn], actions]) => localStorage.getItem('manyhands/open') !== open "
                           "&& (document.body.dataset.drawn || '') !== drawn "
                           "&& +document.body.dataset.actions === actions "
                           "&& document.body.dataset.view === 'table'", arg=[before, len(state.history)])
    settle(page)
