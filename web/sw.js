// The service worker: keeps this build of the game (the page, the wasm, the sounds, the
// icons) so that it opens and plays with the network off. web/build.sh fills in the build's
// version and its files. A new build installs beside the old one and takes over only once
// every file of it is stored (the install fails as a whole otherwise), so a half-downloaded
// update never breaks the game that works; the old build's files are then let go.
//
// Nothing is downloaded twice. The page registers this worker once the game is drawn; by
// then the page has kept its download of the wasm (in the cache "surakarta-download"), and
// a file named by its content (web/build.sh) is the same file wherever it was kept: it is
// taken from there, or else from the browser's HTTP cache, which may keep it for good. The
// other files are asked for again ("no-cache"): the server answers 304 when unchanged.
const VERSION = "__BUILD__";
const CACHE = `surakarta-${VERSION}`;
const FILES = __FILES__;
// Files only some players need (the full font, for Chinese): kept once fetched, and a new
// build takes them over from the old one's copy, but none is downloaded for the offline
// copy on its own.
const LATER = __LATER__;
const NAMED_BY_CONTENT = /\.[0-9a-f]{16}\.[a-z]+$/;
const later = (request) => LATER.some((file) => new URL(file, self.location.href).href === request.url);

const keep = async (cache, file) => {
  if (NAMED_BY_CONTENT.test(file)) {
    const kept = await caches.match(new URL(file, self.location.href).href);
    if (kept) return cache.put(file, kept);
  }
  const mode = NAMED_BY_CONTENT.test(file) ? "default" : "no-cache";
  const response = await fetch(new Request(file, { cache: mode }));
  if (!response.ok) throw new Error(`${file}: ${response.status}`);
  return cache.put(file, response);
};

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => Promise.all([
        ...FILES.map((file) => keep(cache, file)),
        ...LATER.map(async (file) => {
          const kept = await caches.match(new URL(file, self.location.href).href);
          if (kept) await cache.put(file, kept);
        }),
      ]))
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
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(key, { ignoreSearch: true });
      if (hit) return hit;
      const response = await fetch(request);
      if (response.ok && later(request)) await cache.put(request, response.clone()).catch(() => {});
      return response;
    }),
  );
});
