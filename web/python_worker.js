// The page holds the WebAssembly module its Python worker's Pyodide compiled
// (pyodide/boot.mjs sends it once it is made), so that the tab's next load finds
// it compiled.
//
// Why (docs/site.md): Chromium keeps a compiled WebAssembly module, with the
// optimised code its functions have reached, while some page of the tab holds
// it, and a later compile of the same bytes in the tab takes it whole. The main
// thread's Pyodide module outlives a reload long enough for that; a worker's
// goes with the worker, so a worker whose module nothing else held began every
// reload from unoptimised code and ran its first seconds of Python two to three
// times slower. Held here, the module (shared with the worker, not copied) keeps
// what the worker optimised for the next load; receiving it costs the main
// thread nothing (compiling it here would: the main thread's part of a compile
// is a task of a few hundred milliseconds on a phone). Loaded before PyScript's
// core.js, whose `onWorker` hook gives us its worker.
import { hooks } from "./pyscript/core.js";

let held = null;     // for as long as this page is

const python = document.querySelector('script[type="py"]');

if (python && python.hasAttribute("worker")) {     // (isolation.js decided)
  hooks.main.onWorker.add((wrap, xworker) => {
    xworker.addEventListener("message", (event) => {
      if (event.data?.manyhands !== "pyodide-module" || !(event.data.module instanceof WebAssembly.Module)) return;
      held = event.data.module;
      document.body.dataset.wasm = "held";
    });
  });
}
