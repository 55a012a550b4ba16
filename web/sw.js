// The service worker: keeps this build of the game (the page, the wasm, the sounds, the
// icons) so that it opens and plays with the network off. web/build.sh fills in the build's
// version and its files. A new build installs beside the old one and takes over only once
// every file of it is stored (cache.addAll fails as a whole), so a half-downloaded update
// never breaks the game that works; the old build's files are then let go.
const VERSION = "__BUILD__";
const CACHE = `surakarta-${VERSION}`;
const FILES = __FILES__;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((k) => k.startsWith("surakarta-") && k !== CACHE).map((k) => caches.delete(k)),
      ))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  // The page itself under any address of this folder; everything else by its path.
  const key = request.mode === "navigate" ? "./index.html" : request;
  event.respondWith(
    caches.open(CACHE)
      .then((cache) => cache.match(key, { ignoreSearch: true }))
      .then((hit) => hit ?? fetch(request)),
  );
});
