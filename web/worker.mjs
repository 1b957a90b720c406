// A worker of the page's pool (pool.js): its own Pyodide with the engine and
// the solver, answering JSON requests (see manyhands_web/worker_api.py) so the
// table never freezes. It says when it is up ({ready: true}).
import { loadPyodide, snapshotKept } from "./pyodide/boot.mjs";

const base = new URL("./", import.meta.url);
let api = null;
let pyodide = null;

async function boot() {
  // From the memory snapshot when one is kept; else start afresh, and the first
  // worker ("main") keeps one for the next page load (pyodide/boot.mjs); the
  // others only read it. The packages are fetched while it starts.
  pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", base).href },
    { offer: self.name === "main", bundles: ["core.zip", "solver.zip", "ui.zip"] });
  api = pyodide.pyimport("manyhands_web.worker_api");
}

const ready = boot();
// Up; then, when this start made the memory snapshot, once it is kept (the
// pool starts its other workers from it).
ready.then(() => {
  self.postMessage({ ready: true });
  snapshotKept.then((kept) => self.postMessage({ snapshot: kept }));
}, (error) => self.postMessage({ ready: false, error: String(error && error.message || error) }));

self.onmessage = async (event) => {
  const { id, request, memory } = event.data;
  try {
    await ready;
    if (memory) {     // the WebAssembly memory this worker's Pyodide has grown to (bytes)
      self.postMessage({ id, ok: true, result: String(pyodide._module.HEAPU8.buffer.byteLength) });
      return;
    }
    // A search's progress (done, total) posted to the page while it runs
    // (manyhands_web/worker_api.py sends at most ~100); a review's: (decisions
    // analysed, decisions) and the new analyses (JSON text).
    const progress = (done, total, extra) => self.postMessage(
      { id, progress: [Number(done), Number(total)], extra: extra === undefined ? null : String(extra) });
    // a refused request comes back as its one-line reason (a bug raises instead)
    const answer = api.reply(request, progress);
    const [ok, text] = answer.toJs();
    answer.destroy();
    self.postMessage(ok ? { id, ok, result: text } : { id, ok, error: text });
  } catch (error) {
    // not a refusal: the worker failed (a bug in it, or its Python did not start)
    self.postMessage({ id, ok: false, failed: true, error: String(error && error.message || error) });
  }
};
