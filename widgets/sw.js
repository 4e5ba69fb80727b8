// The archive's service worker, written to the site root as /sw.js by the build
// (sitegen/assets.py fills BUILD: a hash of this build and every file of the
// site with its content hash). After one visit the whole site — pages, search,
// Pyodide and the engine — is in one cache and works with the network cut.
// A new deployment changes this file, so the browser installs the new version
// beside the old one (files whose hash did not change are copied, not
// downloaded again) and switches once no open tab uses the old one: a page
// never mixes scripts of two deployments. Under `mkdocs serve` the list is
// empty: this worker then removes any offline copy and unregisters itself.
const BUILD = /*hw:build*/{"version":"dev","files":[]};
const PREFIX = "hw-site-";
const CACHE = PREFIX + BUILD.version;
const SCOPE = new URL("./", self.location.href);
const REV = "x-hw-rev";
const PARALLEL = 6;

async function precache() {
  const cache = await caches.open(CACHE);
  const have = new Set((await cache.keys()).map((r) => r.url));
  const older = (await caches.keys()).filter((k) => k.startsWith(PREFIX) && k !== CACHE);
  const queue = BUILD.files.filter(([path]) => !have.has(new URL(path, SCOPE).href));
  async function one([path, rev]) {
    const url = new URL(path, SCOPE).href;
    for (const name of older) {
      const old = await (await caches.open(name)).match(url);
      if (old && old.headers.get(REV) === rev) {
        await cache.put(url, old);
        return;
      }
    }
    const res = await fetch(url, { cache: "no-cache" });
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    const headers = new Headers(res.headers);
    headers.set(REV, rev);
    await cache.put(url, new Response(await res.blob(), { status: res.status, statusText: res.statusText, headers }));
  }
  await Promise.all(Array.from({ length: PARALLEL }, async () => {
    while (queue.length) await one(queue.shift());
  }));
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    if (BUILD.files.length === 0) {
      // the site is being edited (mkdocs serve): keep nothing, step aside
      await self.registration.unregister();
      return;
    }
    await self.clients.claim(); // the first visit's page, too, is served from the cache from now on
  })());
});

async function respond(request) {
  const cache = await caches.open(CACHE);
  // pages carry a widget's state in their query (?dawei-dice=…): the file is the same
  const hit = await cache.match(request, { ignoreSearch: true, ignoreVary: true });
  if (hit) return hit;
  try {
    return await fetch(request);
  } catch (err) {
    if (request.mode === "navigate") {
      // the missing page's language: the English part of the site lives under en/
      const english = new URL(request.url).pathname.slice(SCOPE.pathname.length).startsWith("en/");
      const notFound = await cache.match(new URL(english ? "en/404.html" : "404.html", SCOPE).href);
      if (notFound) return new Response(await notFound.blob(), { status: 404, headers: notFound.headers });
    }
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.has("range")) return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname) || BUILD.files.length === 0) return;
  event.respondWith(respond(request));
});
