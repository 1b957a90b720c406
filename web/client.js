// The page's JavaScript side: the Python's way to the page (bridge.js), the
// pool of hint workers (computer moves, hints and reviews run there, off the UI
// thread: pool.js), a download helper, focus, the loading screen, and the
// service worker with its "new version" offer.
import { applyBatch, listen, localDates, pageState, readCard, store, storedItems } from "./bridge.js";
import { MAX_WORKERS, Pool, defaultSize } from "./pool.js";

const base = new URL("./", import.meta.url);
let offline = null;   // resolve/reject of window.manyhands.offlineReady

// The hint's progress bar: `done` of `total` worlds searched (no value: not known yet).
function showProgress(done, total) {
  const meter = document.getElementById("hint-meter");
  if (!meter) return;
  if (!(total > 0)) {
    meter.removeAttribute("value");
    meter.removeAttribute("aria-valuetext");
    return;
  }
  meter.max = total;
  meter.value = done;
  meter.setAttribute("aria-valuetext", total === 1000 ? `${Math.floor(done / 10)}% of the search`
    : `${Math.floor(100 * done / total)}%: ${done} of ${total} possible deals searched`);
}

// How many workers: `?workers=N`, else the player's setting (the table's menu,
// kept in localStorage), else one fewer than the cores, at most MAX_WORKERS.
const WORKERS_KEY = "manyhands/workers";

function chosenWorkers() {
  const asked = Number(new URLSearchParams(location.search).get("workers"));
  if (Number.isInteger(asked) && asked >= 1) return Math.min(asked, MAX_WORKERS);
  let kept = null;
  try { kept = Number(localStorage.getItem(WORKERS_KEY)); } catch { /* no storage */ }
  return Number.isInteger(kept) && kept >= 1 ? Math.min(kept, MAX_WORKERS) : defaultSize();
}

const pool = new Pool(new URL("./worker.mjs", base), chosenWorkers());

// The setting: "automatic (N)" or a number of workers, in the table's menu.
function watchWorkersSetting() {
  const select = document.getElementById("hint-workers");
  if (!select) return;
  const auto = select.querySelector("option[value=auto]");
  if (auto) auto.textContent = `automatic (${defaultSize()})`;
  let kept = null;
  try { kept = localStorage.getItem(WORKERS_KEY); } catch { /* no storage */ }
  select.value = kept && select.querySelector(`option[value="${kept}"]`) ? kept : "auto";
  if (new URLSearchParams(location.search).has("workers")) {     // the address decides, this visit
    select.value = String(pool.size);
    select.disabled = true;
    select.title = "Set by the page's address (?workers=) for this visit";
  }
  select.addEventListener("change", () => {
    try {
      if (select.value === "auto") localStorage.removeItem(WORKERS_KEY);
      else localStorage.setItem(WORKERS_KEY, select.value);
    } catch { /* no storage: this visit only */ }
    pool.resize(chosenWorkers());
  });
}

// The analyses the review under way has sent (JSON texts, kept as text: a count
// of deals can exceed what a JavaScript number holds exactly).
let reviewMade = [];

// The review's progress: `done` of `total` decisions analysed.
function showReviewProgress(done, total) {
  const meter = document.getElementById("review-meter");
  const text = document.getElementById("review-progress-text");
  if (!meter || !text) return;
  if (!(total > 0)) {
    meter.removeAttribute("value");
    text.textContent = "Starting the analysis…";
    return;
  }
  meter.max = total;
  meter.value = done;
  text.textContent = done < total ? `Analysing decision ${done + 1} of ${total}` : "Writing the review…";
}

window.manyhands = {
  applyBatch,     // the page's Python: its changes, its events (bridge.js)
  listen,
  localDates,
  pageState,
  readCard,
  store,
  storedItems,
  // Start the workers; the page calls this once its own Python is ready and the
  // table is drawn (booting them at once doubles the time to an interactive
  // table on 2 cores). The first worker starts now, the others once it is up.
  start() {
    // ready: a start from Pyodide's memory snapshot went well (pyodide/boot.mjs's PENDING)
    globalThis.caches?.has("manyhands-snapshot").then((kept) => kept && caches.open("manyhands-snapshot")
      .then((cache) => cache.delete(new URL("./pyodide/snapshot-pending", base).href))).catch(() => {});
    loadingStep("table");
    pool.start();
    registerServiceWorker();
  },
  // Focus the first of `selectors` (JSON list) that is shown and enabled, when
  // focus is lost (on the body, on a node a redraw removed, on the table itself)
  // or `force`: after every action focus lands on the next sensible control.
  focusNext(selectors, force = false) {
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected || active.id === "table"
      || active.closest("[hidden]") !== null;
    if (!lost && !force) return false;
    for (const selector of JSON.parse(selectors)) {
      for (const node of document.querySelectorAll(selector)) {
        if (node.disabled || node.closest("[hidden]") || !node.getClientRects().length) continue;
        if (node.tabIndex < 0 && !node.hasAttribute("tabindex")) node.setAttribute("tabindex", "-1");   // a heading
        node.focus();
        return true;
      }
    }
    return false;
  },
  // One request (JSON text) to the pool: a bot move or a hint spread over its
  // workers, anything else to one of them; resolves with the JSON answer text.
  ask(request) {
    pool.start();
    return pool.run(request, (done, total) => showProgress(done, total));
  },
  // A hand review (JSON text, op "review"), its searches spread over the pool
  // after the hints and moves; its progress in decisions goes to the review
  // panel's bar, with each new analysis as it is made.
  review(request) {
    pool.start();
    showReviewProgress(0, 0);
    reviewMade = [];
    return pool.run(request, (done, total, made) => {
      showReviewProgress(done, total);
      if (made) reviewMade.push(made);
    });
  },
  // A request (JSON text: op "par" or "review") worked out in the background (a
  // finished hand's par and automatic review): spread over the pool after every
  // hint, computer move and review asked, so the table never waits for it.
  background(request) {
    pool.start();
    return pool.run(request, null, true);
  },
  // The analyses the last review sent so far (a JSON list of JSON-list texts): the
  // page keeps them, a cancelled review's too.
  reviewAnalyses() { return JSON.stringify(reviewMade); },
  // Stop the review under way.
  cancelReview() { pool.cancel("review"); },
  // The hint's progress bar back to "not known yet" (a new hint starts).
  resetProgress() { showProgress(0, 0); },
  // Stop the hint under way (its workers go on with whatever else is asked).
  cancel() {
    pool.cancel("hint");
    showProgress(0, 0);
  },
  // The pool, for the tests and the benches: its workers, their memory.
  pool,
  download(name, text) {
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const link = Object.assign(document.createElement("a"), { href: url, download: name });
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  },
  // Resolves once the service worker has cached the whole site.
  offlineReady: new Promise((resolve, reject) => { offline = { resolve, reject }; }),
};

// Registered once the table is interactive, so caching the site for offline play
// does not compete with the first load.
function registerServiceWorker() {
  if (registerServiceWorker.done) return;
  registerServiceWorker.done = true;
  if (!("serviceWorker" in navigator)) return offline.reject(new Error("no service worker support"));
  navigator.serviceWorker.register(new URL("./sw.js", base))
    .then((registration) => { offerUpdates(registration); return navigator.serviceWorker.ready; })
    .then(offline.resolve, offline.reject);
}

// A new version of the site (a new sw.js) installs beside the running one and
// waits: files are never swapped under a game in progress. The page offers
// "A new version is ready: reload"; the reload activates it, and the game,
// saved after every action, resumes where it was.
function offerUpdates(registration) {
  const banner = document.getElementById("update");
  const offer = () => { if (banner) banner.hidden = false; };
  const watch = (worker) => worker && worker.addEventListener("statechange", () => {
    if (worker.state === "installed" && navigator.serviceWorker.controller) offer();
  });
  if (registration.waiting && navigator.serviceWorker.controller) offer();
  watch(registration.installing);
  registration.addEventListener("updatefound", () => watch(registration.installing));
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading) location.reload();
  });
  document.getElementById("update-reload")?.addEventListener("click", () => {
    if (!registration.waiting) return location.reload();
    reloading = true;
    registration.waiting.postMessage({ type: "activate" });
  });
  // Look for a new version when the tab comes back, and hourly.
  const check = () => registration.update().catch(() => { /* offline: try later */ });
  document.addEventListener("visibilitychange", () => { if (!document.hidden) check(); });
  setInterval(check, 60 * 60 * 1000);
}

// The loading screen: each step marked when it really happens: the runtime's
// files downloaded (the browser's resource timing), Python started
// (pyodide/boot.mjs says so), the table drawn (start(), above).
const STEPS = ["runtime", "python", "table"];

function loadingStep(step) {
  const item = document.getElementById(`step-${step}`);
  if (!item || item.classList.contains("done")) return;
  item.classList.add("done");
  const meter = document.getElementById("loading-meter");
  if (meter) meter.value = STEPS.filter((s) => document.getElementById(`step-${s}`)?.classList.contains("done")).length;
  if (step === "table") document.getElementById("loading")?.setAttribute("hidden", "");
}

function watchLoading() {
  try {     // the game at the table at the last visit (manyhands_web/storage.py), or one kept before
    const open = localStorage.getItem("manyhands/open");
    const entry = (JSON.parse(localStorage.getItem("manyhands/games") || "[]") || []).find((e) => e && e.id === open);
    const legacy = JSON.parse(localStorage.getItem("manyhands/current") || "null");
    const title = entry && entry.summary ? entry.summary.title : legacy && legacy.record && legacy.record.game;
    if (typeof title === "string" && /^[A-Za-z ]+$/.test(title)) {
      document.getElementById("loading-title").textContent = title[0].toUpperCase() + title.slice(1);
      document.getElementById("loading-what").textContent = "Bringing back your game";
    }
  } catch { /* no storage, or no saved game */ }
  const runtime = ["pyodide.asm.wasm", "python_stdlib.zip"];
  const seen = new Set();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const name = entry.name.split("/").pop();
      if (runtime.includes(name)) seen.add(name);
    }
    if (seen.size === runtime.length) loadingStep("runtime");
  }).observe({ type: "resource", buffered: true });
  addEventListener("manyhands:python", () => { loadingStep("runtime"); loadingStep("python"); });
}

// Phones: the toolbar sticks to the top and your hand and decision to the bottom
// (style.css); their heights go to CSS variables so that what scrolls into view
// lands between them. On your turn the trick (or the middle of the table) is
// kept in view: hand, trick, whose turn and the decision together. A finished
// trick waiting for you is brought into view with its winner line and Continue,
// wherever you had scrolled to.
function watchTable() {
  const table = document.getElementById("table");
  if (!table) return;
  const sticky = (node) => node && getComputedStyle(node).position === "sticky";
  const measure = () => {
    const prompt = table.querySelector(".gametable > #prompt");
    const hand = table.querySelector(".gametable > .hand");
    const bar = document.querySelector("#view-table .toolbar");
    const promptHeight = sticky(prompt) ? prompt.offsetHeight : 0;
    table.style.setProperty("--prompt-h", `${promptHeight}px`);
    document.documentElement.style.setProperty("--dock-h", `${promptHeight + (sticky(hand) ? hand.offsetHeight : 0)}px`);
    document.documentElement.style.setProperty("--bar-h", `${sticky(bar) ? bar.offsetHeight : 0}px`);
  };
  const settle = () => {
    measure();
    const held = document.body.dataset.hold === "trick";
    if (document.body.dataset.view !== "table" || (document.body.dataset.turn !== "you" && !held)
        || !sticky(table.querySelector(".gametable > #prompt"))) return;
    const middle = table.querySelector("#middle .ring-trick") || table.querySelector("#middle");
    if (middle) middle.scrollIntoView({ block: "nearest" });
    const goOn = held && table.querySelector("#continue");
    if (goOn) goOn.scrollIntoView({ block: "nearest" });
  };
  new MutationObserver(settle).observe(table, { childList: true });
  addEventListener("resize", measure);
}

function boot() {
  watchLoading();
  watchTable();
  watchWorkersSetting();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", boot);
else boot();

