// Pyodide's WebAssembly for the page's Python worker, compiled here on the main
// thread and handed to the worker (pyodide/boot.mjs asks for it as it starts).
//
// Why (docs/site.md): Chromium keeps a compiled WebAssembly module, with the
// optimised code its functions have reached, while some page of the tab holds
// it. The main thread's module outlives a reload long enough for the next load
// to take it whole; a worker's goes with the worker, so a worker that compiled
// its own began every reload from unoptimised code and ran its first seconds of
// Python two to three times slower. Compiled here, the module is the page's: the
// worker instantiates it, what it optimises is kept in it, and the next load of
// the tab compiles nothing. The compile streams off the main thread (from the
// browser's code cache on a later visit); the main thread only holds the result.
// Loaded before PyScript's core.js, whose `onWorker` hook gives us its worker.
import { hooks } from "./pyscript/core.js";

const python = document.querySelector('script[type="py"]');

if (python && python.hasAttribute("worker")) {     // (isolation.js decided)
  const wasm = new URL("./pyodide/pyodide.asm.wasm", import.meta.url);
  const compiled = WebAssembly.compileStreaming(fetch(wasm)).catch((error) => {
    console.warn("Pyodide's WebAssembly not compiled on the page; the worker compiles its own", error);
    return null;
  });
  // The worker's request comes with a port: "compiling" at once, then the module (or null).
  hooks.main.onWorker.add((wrap, xworker) => {
    xworker.addEventListener("message", (event) => {
      if (event.data?.manyhands !== "pyodide-module" || !event.ports.length) return;
      const [port] = event.ports;
      port.postMessage("compiling");
      compiled.then((module) => port.postMessage(module));
    });
  });
}
