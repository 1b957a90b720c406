// Service worker: caches the whole site on the first visit so the game loads and
// plays with the network gone. build.py fills in the version and the file list.
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = `manyhands-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(FILES.map((f) => new Request(new URL(f, self.registration.scope), { cache: "reload" })));
    await self.skipWaiting();
  })());
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

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(event.request, { ignoreSearch: true });
    if (hit) return hit;
    if (url.pathname.endsWith("/") || event.request.mode === "navigate") {
      const index = await cache.match(new URL("./index.html", self.registration.scope));
      if (index) return index;
    }
    return fetch(event.request);
  })());
});
