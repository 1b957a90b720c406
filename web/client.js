// The page's JavaScript side: the hint worker (computer moves and hints run
// there, off the UI thread), a download helper, and the service worker.
const base = new URL("./", import.meta.url);
let worker = null;
let offline = null;   // resolve/reject of window.manyhands.offlineReady
let nextId = 1;
const pending = new Map();

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

function startWorker() {
  worker = new Worker(new URL("./worker.mjs", base), { type: "module" });
  worker.onmessage = (event) => {
    const { id, ok, result, error, progress } = event.data;
    if (progress !== undefined) {
      if (pending.has(id)) showProgress(...progress);
      return;
    }
    const entry = pending.get(id);
    if (!entry) return;
    pending.delete(id);
    ok ? entry.resolve(result) : entry.reject(new Error(error));
  };
  worker.onerror = (event) => {
    for (const entry of pending.values()) entry.reject(new Error(`worker failed: ${event.message}`));
    pending.clear();
  };
}

window.manyhands = {
  // Boot the worker's Python; the page calls this once its own Python is ready
  // (booting both at once doubles the time to an interactive table on 2 cores).
  start() {
    try { localStorage.removeItem("manyhands/snapshot-pending"); } catch { /* no storage */ }
    if (!worker) startWorker();
    registerServiceWorker();
  },
  // One request (JSON text) to the worker; resolves with its JSON answer text.
  ask(request) {
    if (!worker) startWorker();
    return new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, request });
    });
  },
  // The hint's progress bar back to "not known yet" (a new hint starts).
  resetProgress() { showProgress(0, 0); },
  // Stop whatever the worker is doing: end it and start a fresh one.
  cancel() {
    if (worker) worker.terminate();
    for (const entry of pending.values()) entry.reject(new Error("cancelled"));
    pending.clear();
    showProgress(0, 0);
    startWorker();
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

