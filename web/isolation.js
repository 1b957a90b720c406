// Where the page's Python runs. In a PyScript worker (the `worker` attribute of
// index.html's <script type="py">) its start-up and its work never hold up the
// page's input: the default, wherever the page is cross-origin isolated (the
// Cross-Origin-Opener-Policy and -Embedder-Policy headers: `build.py serve` sends
// them, and the site's service worker, sw.js, adds them to every file it serves,
// so a static host that sends none has them from the second visit on). Without
// isolation (PyScript cannot give a worker the page's DOM then), and where the
// address asks for it (`?python=main`), Python runs on the main thread. (This
// script runs after that element is parsed and before PyScript's module reads it.)
{
  const python = document.querySelector('script[type="py"]');
  const asked = new URLSearchParams(location.search).get("python");
  if (python && asked !== "main" && globalThis.crossOriginIsolated) python.setAttribute("worker", "");
  else python?.removeAttribute("worker");
}
