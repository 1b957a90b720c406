// The page's JavaScript side: the hint worker (computer moves and hints run
// there, off the UI thread), a download helper, focus, the loading screen, and
// the service worker with its "new version" offer.
const base = new URL("./", import.meta.url);
let offline = null;   // resolve/reject of window.manyhands.offlineReady
let nextId = 1;
// A long hint that splits (the "Search all deals" offer) runs on up to this many
// workers at once, each searching every k-th deal; never more than the cores.
const MAX_PARTS = 4;

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
  meter.setAttribute("aria-valuetext",
    `${Math.floor(100 * done / total)}%: ${done} of ${total} possible deals searched`);
}

// How a request to a worker fails, by the error's name (worker_client.py tells them apart):
// the worker refused it (its one-line reason), the worker itself failed, or it
// was stopped (Cancel; a fresh worker takes over).
class WorkerRefusal extends Error { name = "WorkerRefusal"; }
class WorkerFailed extends Error { name = "WorkerFailed"; }
class Cancelled extends Error { name = "Cancelled"; }

// A worker with its own Pyodide. `helper`: one of the extra workers of a split
// hint (it never makes the memory snapshot: the main worker does).
function spawn(helper = false, name = "helper") {
  const worker = new Worker(new URL("./worker.mjs", base),
    { type: "module", name: helper ? name : "main" });
  const pending = new Map();
  worker.onmessage = (event) => {
    const { id, ok, result, error, failed, progress, extra } = event.data;
    const entry = pending.get(id);
    if (progress !== undefined) {
      if (entry) (entry.progress || showProgress)(...progress, extra);
      return;
    }
    if (!entry) return;
    pending.delete(id);
    if (ok) entry.resolve(result);
    else entry.reject(failed ? new WorkerFailed(error) : new WorkerRefusal(error));
  };
  worker.onerror = (event) => {
    for (const entry of pending.values()) entry.reject(new WorkerFailed(`the worker failed: ${event.message}`));
    pending.clear();
  };
  return {
    ask(request, progress = null) {
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject, progress });
        worker.postMessage({ id, request });
      });
    },
    stop() {
      worker.terminate();
      for (const entry of pending.values()) entry.reject(new Cancelled("cancelled"));
      pending.clear();
    },
  };
}

let main = null;
let helpers = [];
// The hand review runs in a worker of its own (started at the first review and
// kept, with the analyses it has made), so computer moves and hints go on.
let reviewer = null;
// The analyses the review under way has sent (JSON texts, kept as text: a count
// of deals can exceed what a JavaScript number holds exactly).
let reviewMade = [];
// The background work after each finished hand (its par, and its review when the
// player has turned automatic review on) runs in a worker of its own, started at
// the first finished hand: the table's computer moves and hints never wait for it.
let background = null;

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

function stopHelpers() {
  for (const helper of helpers) helper.stop();
  helpers = [];
}

window.manyhands = {
  // Boot the worker's Python; the page calls this once its own Python is ready
  // (booting both at once doubles the time to an interactive table on 2 cores).
  start() {
    try { localStorage.removeItem("manyhands/snapshot-pending"); } catch { /* no storage */ }
    loadingStep("table");
    if (!main) main = spawn();
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
  // One request (JSON text) to the worker; resolves with its JSON answer text.
  ask(request) {
    if (!main) main = spawn();
    return main.ask(request);
  },
  // A hint request (JSON text) searched by several workers: the main worker plans
  // the parts (one request each), each worker answers one, the main worker merges
  // their answers into the hint one search would give. The requests and answers
  // are the solver's (solver/api.py plan_split, merge): they are only carried here.
  // The helpers end with the request (their search tables can be large).
  async askSplit(request) {
    if (!main) main = spawn();
    const cores = Math.max(1, Math.min(navigator.hardwareConcurrency || 1, MAX_PARTS));
    if (cores === 1) return main.ask(request);
    const asked = JSON.parse(request);
    const plan = JSON.parse(await main.ask(JSON.stringify({ op: "split", request: asked, parts: cores })));
    if (!plan.parts) return JSON.stringify(plan);     // refused: the answer says why
    const parts = plan.parts.length;
    const mine = [];     // this request's helpers (Cancel may start another request before ours ends)
    for (let i = 1; i < parts; i++) mine.push(spawn(true));
    helpers.push(...mine);
    const done = new Array(parts).fill(0);
    const total = new Array(parts).fill(0);
    const sum = (xs) => xs.reduce((a, b) => a + b, 0);
    const reporter = (i) => (d, t) => {
      done[i] = d;
      total[i] = t;
      if (total.every((x) => x > 0)) showProgress(sum(done), sum(total));
    };
    try {
      const answers = await Promise.all([main, ...mine].map((w, i) =>
        w.ask(JSON.stringify(plan.parts[i]), reporter(i))));
      return await main.ask(JSON.stringify(
        { op: "merge", request: asked, answers: answers.map((a) => JSON.parse(a)) }));
    } finally {
      for (const helper of mine) helper.stop();
      helpers = helpers.filter((helper) => !mine.includes(helper));
    }
  },
  // A hand review (JSON text, op "review") in the review worker; its progress in
  // decisions goes to the review panel's bar.
  review(request) {
    if (!reviewer) reviewer = spawn(true, "review");
    showReviewProgress(0, 0);
    reviewMade = [];
    return reviewer.ask(request, (done, total, made) => {
      showReviewProgress(done, total);
      if (made) reviewMade.push(made);
    });
  },
  // A request (JSON text: op "par" or "review") for the background worker; its
  // requests are answered one after the other.
  background(request) {
    if (!background) background = spawn(true, "background");
    return background.ask(request, () => {});
  },
  // The analyses the last review sent so far (a JSON list of JSON-list texts): the
  // page keeps them, a cancelled review's too.
  reviewAnalyses() { return JSON.stringify(reviewMade); },
  // Stop the review under way (its worker ends; a fresh one starts at the next review).
  cancelReview() {
    if (reviewer) reviewer.stop();
    reviewer = null;
  },
  // The hint's progress bar back to "not known yet" (a new hint starts).
  resetProgress() { showProgress(0, 0); },
  // Stop whatever the worker is doing: end it and start a fresh one.
  cancel() {
    if (main) main.stop();
    stopHelpers();
    showProgress(0, 0);
    main = spawn();
  },
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
    const goOn = held && table.querySelector("#previous-trick .trick-nav");
    if (goOn) goOn.scrollIntoView({ block: "nearest" });
  };
  new MutationObserver(settle).observe(table, { childList: true });
  addEventListener("resize", measure);
}

function boot() {
  watchLoading();
  watchTable();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", boot);
else boot();

