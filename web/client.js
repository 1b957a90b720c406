// The page's JavaScript side: the hint worker (computer moves and hints run
// there, off the UI thread), a download helper, and the service worker.
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

// A worker with its own Pyodide. `helper`: one of the extra workers of a split
// hint (it never makes the memory snapshot: the main worker does).
function spawn(helper = false) {
  const worker = new Worker(new URL("./worker.mjs", base),
    { type: "module", name: helper ? "helper" : "main" });
  const pending = new Map();
  worker.onmessage = (event) => {
    const { id, ok, result, error, progress } = event.data;
    const entry = pending.get(id);
    if (progress !== undefined) {
      if (entry) (entry.progress || showProgress)(...progress);
      return;
    }
    if (!entry) return;
    pending.delete(id);
    ok ? entry.resolve(result) : entry.reject(new Error(error));
  };
  worker.onerror = (event) => {
    for (const entry of pending.values()) entry.reject(new Error(`worker failed: ${event.message}`));
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
      for (const entry of pending.values()) entry.reject(new Error("cancelled"));
      pending.clear();
    },
  };
}

let main = null;
let helpers = [];

function stopHelpers() {
  for (const helper of helpers) helper.stop();
  helpers = [];
}

window.manyhands = {
  // Boot the worker's Python; the page calls this once its own Python is ready
  // (booting both at once doubles the time to an interactive table on 2 cores).
  start() {
    try { localStorage.removeItem("manyhands/snapshot-pending"); } catch { /* no storage */ }
    if (!main) main = spawn();
    registerServiceWorker();
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
    .then(() => navigator.serviceWorker.ready).then(offline.resolve, offline.reject);
}

