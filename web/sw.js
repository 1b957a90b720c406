// Service worker: caches the whole site on the first visit so the game loads and
// plays with the network gone. build.py fills in the version and the file list.
//
// A new version installs into its own cache beside the running one and waits:
// files are never swapped under a game in progress. The page offers the reload
// ("A new version is ready"), then asks this worker to take over ("activate").
//
// Every file it serves carries the cross-origin isolation headers (as the mini-coi
// service worker PyScript documents does): on a static host that sends none, the
// page is isolated from the second visit on, and its Python runs in a worker
// (isolation.js).
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = `manyhands-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(FILES.map((f) => new Request(new URL(f, self.registration.scope), { cache: "reload" })));
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "activate") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      // (manyhands-snapshot: Pyodide's memory snapshot, kept by pyodide/boot.mjs)
      if (key.startsWith("manyhands-") && key !== CACHE && key !== "manyhands-snapshot") await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

function isolated(response) {
  if (!response || response.status === 0 || response.headers.get("Cross-Origin-Embedder-Policy")) return response;
  const headers = new Headers(response.headers);
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Embedder-Policy", "require-corp");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(event.request, { ignoreSearch: true });
    if (hit) return isolated(hit);
    if (url.pathname.endsWith("/") || event.request.mode === "navigate") {
      const index = await cache.match(new URL("./index.html", self.registration.scope));
      if (index) return isolated(index);
    }
    return isolated(await fetch(event.request));
  })());
});
