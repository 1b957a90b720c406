// Pyodide's loadPyodide, started from a memory snapshot when there is one, with
// our Python packages (build.py's zips) fetched while it starts and unpacked once
// it is up. build.py copies this file to dist/pyodide/boot.mjs; pyscript.json
// names it as PyScript's interpreter (PyScript uses its `loadPyodide` and
// `version`) and the hint worker boots through it too.
//
// Most of a warm load is Pyodide bringing the Python interpreter up (the wasm
// itself comes from the browser's code cache). A memory snapshot of the heap just
// after that start-up (Pyodide's `_makeSnapshot` / `_loadSnapshot`, marked
// experimental) skips it. The snapshot is the heap of this very Pyodide build, so
// it is made here in the browser, by the hint worker once the table is up, and
// kept in Cache Storage under the Pyodide version: nothing extra is downloaded,
// and the first visit is unchanged. A snapshot that fails to restore is deleted
// and Pyodide starts the usual way.
import { loadPyodide as loadFresh, version } from "./pyodide.mjs";

export { version };

// The snapshot belongs to one Pyodide build: build.py writes a hash of its wasm
// and standard library here (the service worker leaves this cache alone).
const BUILD = "__PYODIDE_BUILD__";
const CACHE = "manyhands-snapshot";
const KEY = new URL(`./snapshot-${version}-${BUILD}.bin`, import.meta.url).href;

async function readSnapshot() {
  try {
    if (!globalThis.caches || !(await caches.has(CACHE))) return null;
    const hit = await (await caches.open(CACHE)).match(KEY);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

async function dropSnapshot() {
  try { if (globalThis.caches) await caches.delete(CACHE); } catch { /* nothing to drop */ }
}

async function keepSnapshot(bytes) {
  await caches.delete(CACHE);     // at most one snapshot (~30 MB) per site
  const cache = await caches.open(CACHE);
  await cache.put(KEY, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
}

// A page that started from the snapshot and never became ready (client.js clears
// this mark at ready) leaves it set: the next load drops the snapshot. Kept beside
// the snapshot in Cache Storage, which the page's Python reaches from its worker
// (a worker has no localStorage).
export const PENDING = new URL("./snapshot-pending", import.meta.url).href;

async function pending(set) {
  try {
    if (!globalThis.caches || !(await caches.has(CACHE))) return false;
    const cache = await caches.open(CACHE);
    const was = Boolean(await cache.match(PENDING));
    if (set) await cache.put(PENDING, new Response("1"));
    return was;
  } catch {
    return false;
  }
}

// How Pyodide started ("snapshot", "fresh"): the page's main.py shows it on body's data-boot.
function mark(how) {
  globalThis.manyhandsBoot = how;
}

// Our packages: the page needs the engine and its own package; the hint worker
// the solver too. Unpacked here, first on sys.path.
const PAGE_BUNDLES = ["core.zip", "ui.zip"];
const BUNDLE_DIR = "/home/pyodide/bundle";

function fetchBundle(name) {
  return fetch(new URL(`../${name}`, import.meta.url)).then((response) => {
    if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
}

// The page's Python worker hands the module Pyodide compiled from its
// WebAssembly to the page, which holds it (python_worker.js: why). Pyodide
// compiles it in its loadPyodide (WebAssembly.instantiateStreaming), whose result
// is taken on its way; the message is the page's, not PyScript's (python_worker.js
// listens through PyScript's onWorker hook).
async function handingModule(give, load) {
  if (!give) return load();
  const { instantiateStreaming } = WebAssembly;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const made = await instantiateStreaming.call(WebAssembly, source, imports);
    give(made.module);
    return made;
  };
  try {
    return await load();
  } finally {
    WebAssembly.instantiateStreaming = instantiateStreaming;
  }
}

function giveToPage(module) {
  self.postMessage({ manyhands: "pyodide-module", module });
}

// loadPyodide(options): as Pyodide's, from the snapshot when one is kept, with
// `bundles` (by default: PAGE_BUNDLES, the page's Python, which runs in a
// PyScript worker) fetched meanwhile and unpacked. With `offer: true` (the hint
// worker) and no snapshot kept, this start makes one and keeps it for the next
// page load.
export async function loadPyodide(options = {}, { offer = false, bundles = null } = {}) {
  const names = bundles ?? PAGE_BUNDLES;
  const files = names.map(fetchBundle);
  files.forEach((file) => file.catch(() => { /* reported when awaited below */ }));
  const page = bundles === null;
  const give = page && !globalThis.document ? giveToPage : null;     // (the page's worker)
  const load = (extra = {}) => handingModule(give, () => loadFresh({ ...options, ...extra }));
  const pyodide = await start(load, offer, page);
  for (const data of await Promise.all(files)) {
    pyodide.unpackArchive(new Uint8Array(data), "zip", { extractDir: BUNDLE_DIR });
  }
  if (names.length) pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(BUNDLE_DIR)})`);
  return pyodide;
}

// Resolves once the snapshot this start offered is kept (true), or at once with
// false when it offered none: the pool's other workers wait for it, to start
// from it (client.js, pool.js).
export let snapshotKept = Promise.resolve(false);

async function start(load, offer, page) {
  let snapshot = await readSnapshot();
  if (snapshot && page && await pending(false)) {
    console.warn("the last start from the Pyodide memory snapshot never got ready: dropping it");
    await dropSnapshot();
    snapshot = null;
  }
  if (snapshot) {
    if (page) await pending(true);
    try {
      const pyodide = await load({ _loadSnapshot: snapshot });
      // The snapshot holds `random` already seeded: seed it afresh for this page.
      pyodide.runPython("import random; random.seed()");
      mark("snapshot");
      return pyodide;
    } catch (error) {
      console.warn("Pyodide memory snapshot not usable; starting afresh", error);
      await dropSnapshot();
    }
  }
  if (!offer || !globalThis.caches) {
    mark("fresh");
    return load();
  }
  const pyodide = await load({ _makeSnapshot: true });
  mark("fresh");
  try {
    // Written while this worker goes on with its own work.
    snapshotKept = keepSnapshot(pyodide.makeMemorySnapshot()).then(() => true, (error) => {
      console.warn("Pyodide memory snapshot not kept", error);
      return false;
    });
  } catch (error) {
    console.warn("Pyodide memory snapshot not made", error);
  }
  return pyodide;
}
