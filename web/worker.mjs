// The hint worker: its own Pyodide with the engine and the solver, answering
// JSON requests (see manyhands_web/worker_api.py) so the table never freezes.
import { loadPyodide } from "./pyodide/boot.mjs";

const base = new URL("./", import.meta.url);
let api = null;

async function boot() {
  // From the memory snapshot when one is kept; else start afresh and keep one
  // for the next page load (pyodide/boot.mjs). The packages are fetched while it starts.
  // (A split hint's helper workers, named "helper", and the review's, only read it.)
  const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", base).href },
    { offer: self.name === "main", bundles: ["core.zip", "solver.zip", "ui.zip"] });
  api = pyodide.pyimport("manyhands_web.worker_api");
}

const ready = boot();

self.onmessage = async (event) => {
  const { id, request } = event.data;
  try {
    await ready;
    // A hint's progress: (worlds searched, worlds to search), posted to the page
    // while the search runs (manyhands_web/worker_api.py sends at most ~100); a
    // review's: (decisions analysed, decisions) and the new analyses (JSON text).
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
