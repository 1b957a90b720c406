// What the card table does in the browser alone, beside the page's Python (which
// redraws the whole table after every move):
// - cards move: a card played travels from its player's seat (yours from where you
//   chose it) to the trick, a finished trick gathers toward the seat that took it,
//   a new hand's cards arrive in your hand. Each at most 300 ms, started after the
//   table is drawn and never awaited: input is never held up. None at all when the
//   system asks for reduced motion (prefers-reduced-motion), or the tab is hidden.
// - the arrow keys move between the cards of your hand (and of the centre, the Sky,
//   the trump tiles), as in card apps; Home and End go to the first and last.
// - on a phone the hint's sheet is docked under the toolbar: the table makes room
//   for it and keeps the trick and the card the hint marks between it and your hand.
const table = document.getElementById("table");
const reduced = matchMedia("(prefers-reduced-motion: reduce)");
const MOVE_MS = 260;            // a card played, to its place in the trick
const GATHER_MS = 280;          // a finished trick, to its winner
const DEAL_MS = 220;            // a dealt card, to your hand ...
const DEAL_SPREAD = 80;         // ... one after another over this long (220 + 80 = 300)
const EASE = "cubic-bezier(.2, .7, .3, 1)";

let shown = { finished: new Map(), deal: null, moments: new Set(), actions: null };
const seen = new Set();         // every card played that has been shown ("hand-trick|n"), this game
let chosen = null;              // {rect, at}: the card you just clicked (it leaves from there)

const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];

function moving() {
  return !reduced.matches && !document.hidden;
}

// The cards of the tricks on the table now, by trick and play: "hand-trick|n".
function plays() {
  const out = new Map();
  for (const trick of table.querySelectorAll(".ring-trick[data-key]")) {
    const key = trick.dataset.key;
    if (!key || key.startsWith("view-")) continue;
    for (const play of trick.querySelectorAll(".play[data-seat]")) {
      for (const played of play.querySelectorAll(".played")) {
        const n = played.querySelector(".play-n")?.textContent || "";
        const card = played.querySelector(".card");
        if (card) out.set(`${key}|${n}`, { card, seat: play.dataset.seat, key });
      }
    }
  }
  return out;
}

// Where a seat sits on the screen now: its face (or box), yours the hand.
function seatRect(seat) {
  const me = table.querySelector("#ring")?.dataset.me;
  const spot = seat === me ? table.querySelector("#hand")
    : table.querySelector(`#ring .seatbox[data-seat="${seat}"] .seat-face`)
      || table.querySelector(`#ring .seatbox[data-seat="${seat}"]`);
  return spot ? spot.getBoundingClientRect() : null;
}

function fly(node, from, to, ms, delay = 0, fade = false) {
  const [fx, fy] = centre(from);
  const [tx, ty] = centre(to);
  const scale = Math.max(0.35, Math.min(1.6, from.width / Math.max(to.width, 1)));
  node.animate([
    { transform: `translate(${fx - tx}px, ${fy - ty}px) scale(${scale})`, opacity: fade ? 0.2 : 1 },
    { transform: "none", opacity: 1 },
  ], { duration: ms, delay, easing: EASE, fill: "backwards" });
}

// A finished trick that has left the table: its cards (copies, where they were)
// gather toward the seat that took it, fading as they go.
function gather(trick) {
  const to = seatRect(trick.winner);
  if (!to) return;
  for (const { node, rect } of trick.cards) {
    const copy = node.cloneNode(true);
    copy.classList.add("flying");
    copy.removeAttribute("id");
    copy.setAttribute("aria-hidden", "true");
    Object.assign(copy.style, { left: `${rect.left}px`, top: `${rect.top}px`, width: `${rect.width}px` });
    document.body.appendChild(copy);
    const [fx, fy] = centre(rect);
    const [tx, ty] = centre(to);
    copy.animate([{ transform: "none", opacity: 1 },
      { transform: `translate(${tx - fx}px, ${ty - fy}px) scale(.45)`, opacity: 0 }],
    { duration: GATHER_MS, easing: "ease-in" }).onfinish = () => copy.remove();
  }
}

function remember() {
  const finished = new Map();
  for (const trick of table.querySelectorAll(".ring-trick.previous[data-key]")) {
    const key = trick.dataset.key;
    const winner = trick.querySelector(".play.won")?.dataset.seat;
    if (!key || key.startsWith("view-") || winner === undefined) continue;
    finished.set(key, { winner, cards: [...trick.querySelectorAll(".card")].map(
      (node) => ({ node, rect: node.getBoundingClientRect() })) });
  }
  for (const id of plays().keys()) seen.add(id);
  shown = {
    finished, actions: Number(document.body.dataset.actions),
    deal: table.querySelector(".hand[data-deal]")?.dataset.deal ?? null,
    moments: new Set([...table.querySelectorAll("#score-sheet, #result.overlay")].map((e) => e.id)),
  };
}

function animate() {
  if (table.querySelector("#pass-screen")) {     // the device passing to a friend: no card of any kind in sight
    for (const copy of document.querySelectorAll(".flying")) copy.remove();
    return;
  }
  const before = shown;
  const actions = Number(document.body.dataset.actions);
  if (before.actions === null || actions < before.actions) seen.clear();   // a new game, an undo
  if (before.actions === null || !moving()) return;                        // the first table drawn: as it is
  const now = plays();
  const recent = chosen && performance.now() - chosen.at < 3000 ? chosen.rect : null;
  for (const [id, { card, seat }] of now) {
    if (seen.has(id)) continue;
    const me = table.querySelector("#ring")?.dataset.me;
    const from = seat === me && recent ? recent : seatRect(seat);
    if (from) fly(card, from, card.getBoundingClientRect(), MOVE_MS, 0, seat !== me);
  }
  const viewing = table.querySelector("#trick-view");      // the tricks of the hand, looked at again
  for (const [key, trick] of before.finished) {
    if (!viewing && !table.querySelector(`.ring-trick[data-key="${CSS.escape(key)}"]`)) gather(trick);
  }
  const deal = table.querySelector(".hand[data-deal]")?.dataset.deal ?? null;
  const middle = table.querySelector("#middle");
  if (before.deal !== null && deal !== before.deal && middle) {
    const cards = [...table.querySelectorAll("#hand .card")];
    const from = middle.getBoundingClientRect();
    const pile = { left: from.left + from.width / 2 - 20, top: from.top + from.height / 2 - 28, width: 40, height: 56 };
    cards.forEach((card, i) => fly(card, pile, card.getBoundingClientRect(), DEAL_MS,
      cards.length > 1 ? (i * DEAL_SPREAD) / (cards.length - 1) : 0, true));
  }
}

// A hand's score sheet or the game's end, just opened in the middle: brought into view.
function showMoments(before) {
  for (const node of table.querySelectorAll("#score-sheet, #result.overlay")) {
    if (!before.has(node.id)) node.scrollIntoView({ block: "start" });
  }
}

// --- the hint's sheet on a phone: docked under the toolbar as the toolbar is ----------------------
// The table makes room for it (cards.css: --sheet-h) and scrolls under it; when it
// opens, and as the hint comes, the trick and the card the hint marks on the table
// are brought between it and your hand (docked at the bottom).
const panel = document.getElementById("hint-panel");
const toolbar = document.querySelector("#view-table .toolbar");

function sheetShown() {
  return panel && !panel.hidden && getComputedStyle(panel).position === "fixed"
    && matchMedia("(max-width: 640px)").matches;
}

function placeSheet() {
  const top = toolbar ? Math.max(0, toolbar.getBoundingClientRect().bottom) : 0;
  document.documentElement.style.setProperty("--sheet-top", `${top}px`);
}

function keepClear() {
  const docked = sheetShown();
  document.documentElement.style.setProperty("--sheet-h", `${docked ? panel.offsetHeight : 0}px`);
  placeSheet();
  if (!panel || panel.hidden) return;
  const marked = [...table.querySelectorAll("[data-suggested]")].find((e) => !e.closest(".gametable > .hand"));
  const trick = table.querySelector("#middle .ring-trick");
  const shown = [marked, trick].filter(Boolean);
  if (!shown.length) return;
  // the room between the toolbar (and the sheet) and your docked hand: both there
  // if they fit, else the card the hint marks
  const roomTop = (docked ? panel : toolbar)?.getBoundingClientRect().bottom ?? 0;
  const dock = table.querySelector(".gametable > .hand")?.getBoundingClientRect().top ?? innerHeight;
  const roomBottom = Math.min(dock, innerHeight) - 4;
  const rects = shown.map((e) => e.getBoundingClientRect());
  const top = Math.min(...rects.map((r) => r.top));
  const bottom = Math.max(...rects.map((r) => r.bottom));
  if (top >= roomTop && bottom <= roomBottom) return;
  let by = bottom - roomBottom;
  if (top - by < roomTop) {
    const card = (marked || trick).getBoundingClientRect();
    by = card.top < roomTop ? card.top - roomTop : card.bottom - roomBottom;
  }
  if (Math.abs(by) > 1) scrollBy(0, by);
  placeSheet();
}

if (panel) {
  new MutationObserver(keepClear).observe(panel, { attributes: true, attributeFilter: ["hidden"] });
  new ResizeObserver(keepClear).observe(panel);
}

// --- the arrow keys in a row of cards ------------------------------------------------------------
const ROWS = "#hand, #draft-centre, #sky, #trump-tiles, #suit-cards";
const STEP = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

document.addEventListener("keydown", (event) => {
  const from = event.target instanceof Element ? event.target.closest("button") : null;
  const row = from?.closest(ROWS);
  if (!row || event.altKey || event.ctrlKey || event.metaKey) return;
  const items = [...row.querySelectorAll("button:not([disabled])")];
  const at = items.indexOf(from);
  let next = null;
  if (event.key in STEP) next = items[at + STEP[event.key]];
  else if (event.key === "Home") next = items[0];
  else if (event.key === "End") next = items[items.length - 1];
  else return;
  event.preventDefault();
  if (next) next.focus();
});

// --- watching the table ---------------------------------------------------------------------------
if (table) {
  table.addEventListener("click", (event) => {
    const card = event.target instanceof Element ? event.target.closest(".card") : null;
    if (card) chosen = { rect: card.getBoundingClientRect(), at: performance.now() };
  }, true);
  new MutationObserver(() => {
    const before = shown.moments;
    animate();
    showMoments(before);
    remember();
    if (panel && !panel.hidden) keepClear();
  }).observe(table, { childList: true });
  addEventListener("scroll", () => requestAnimationFrame(() => {
    remember();
    placeSheet();
  }), { passive: true });
  addEventListener("resize", () => requestAnimationFrame(remember));
}
