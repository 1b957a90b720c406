// Where the page's Python runs. In a PyScript worker (the `worker` attribute of
// index.html's <script type="py">) its start-up and its work never hold up the
// page's input; that needs the page cross-origin isolated (the
// Cross-Origin-Opener-Policy and -Embedder-Policy headers: `build.py serve` sends
// them, and the site's service worker, sw.js, adds them to every file it serves,
// so a static host that sends none has them from the second visit on). For now
// the worker is asked for in the address (`?python=worker`): a later visit still
// reaches its table a little later from it than from the main thread
// (docs/site.md). Elsewhere, and without isolation (PyScript cannot give a worker
// the page's DOM then), Python runs on the main thread. (This script runs after
// that element is parsed and before PyScript's module reads it; python_worker.js
// holds the module the worker's Pyodide compiles.)
{
  const python = document.querySelector('script[type="py"]');
  const askedFor = new URLSearchParams(location.search).get("python") === "worker";
  if (python && askedFor && globalThis.crossOriginIsolated) python.setAttribute("worker", "");
  else python?.removeAttribute("worker");
}
