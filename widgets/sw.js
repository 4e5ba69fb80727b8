// The archive's service worker, written to the site root as /sw.js by the build
// (sitegen/assets.py fills BUILD: a hash of this build, every file of the site with
// the sha256 of its content, and their total size).
//
// What it keeps: the pages a reader opens and what their widgets need (Pyodide, the
// engine and, once a widget has run, the build's Python snapshot), as they are used, and
// what the search box needs to work offline (its worker's scripts; the index unless Save-Data).
// The whole archive only when the reader asks for it (widgets/offline.js offers it,
// with its size). Nothing is stored on its label alone: a body is kept only if its
// sha256 is the one this build lists, whether it comes from the network or from the
// previous deployment's copy; a body that does not match (an upload out of order, a
// stale edge of a CDN) is fetched once more and otherwise not kept.
//
// Nothing is served on its label alone either: every answer from the copy is checked against
// the build's list as it is served (a copy can be changed after it was kept: any script of the
// same origin may write to the browser's caches). A copy that is not this build's file is
// deleted and the file fetched again; offline, a page is then answered with the site's own
// "not here" page (itself checked). And the answer is made here, not the stored one handed on:
// its type from the file's name, `nosniff`, and the site's Content-Security-Policy — so that a
// planted page could run no script even if it ever got past the check.
//
// A new deployment changes this file, so the browser installs the new version beside
// the old one (files whose content did not change are copied, not downloaded again)
// and switches once no open tab uses the old one: a page never mixes scripts of two
// deployments. Under `mkdocs serve` the list is empty: this worker then removes any
// offline copy and unregisters itself.
const BUILD = /*hw:build*/{"version":"dev","files":[],"bytes":0,"policy":{"page":"","script":""},"search":[],"searchIndex":""};
const PREFIX = "hw-site-";
const CACHE = PREFIX + BUILD.version;
const CHOICE = "hw-offline-choice"; // the reader's choice to keep the whole archive
const STAGING = "hw-fetched"; // what the engine worker fetched on a first visit (widgets/worker.js)
const WHOLE = "whole";
const SCOPE = new URL("./", self.location.href);
const PARALLEL = 6;
const FILES = new Map(BUILD.files.map(([path, sha]) => [new URL(path, SCOPE).href, sha]));
// always kept: the site's own page for an address it does not have, in each language, and the
// scripts the search box of every page loads in its worker (sitegen/assets.search_files): a page's
// list of what it fetched cannot name a worker's imports, and without them search cannot start offline
const CORE = ["404.html", "en/404.html", ...(BUILD.search || [])].map((p) => new URL(p, SCOPE).href);
// kept with the pages a reader keeps (unless Save-Data is on): the search index, so that the
// search box finds what it finds online in a kept page offline too (it is downloaded once per
// deployment; otherwise it would be kept only once the reader had searched online)
const SEARCH_INDEX = BUILD.searchIndex ? [new URL(BUILD.searchIndex, SCOPE).href] : [];

const hex = (buf) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, "0")).join("");
const sha256 = async (buf) => hex(await crypto.subtle.digest("SHA-256", buf));
const saveData = () => !!(self.navigator && navigator.connection && navigator.connection.saveData);

// Once a newer deployment's worker has taken over, this one is "redundant": it must not
// make its copy again (caches.open creates a copy that was just deleted), or an old
// deployment's files would stay in the browser beside the new ones for good.
const replaced = () => !!(self.serviceWorker && self.serviceWorker.state === "redundant");

/** Delete the copies of other deployments. Run by the worker in charge, as it takes over
 * (before it serves any page) and again with each message, so that a copy an older worker
 * was still writing as it was replaced does not outlive it. */
async function dropOlder() {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
  }
}

/** Keep ``response`` under ``url`` in this deployment's copy, unless this worker was replaced. */
async function store(cache, url, response) {
  if (replaced()) return false;
  await cache.put(url, response);
  if (replaced()) await caches.delete(CACHE); // replaced while writing: leave nothing behind
  return true;
}

/** The address a file is kept under: a page's query holds a widget's state (?dawei-dice=…), not another file. */
function key(url) {
  const u = new URL(url);
  u.search = "";
  u.hash = "";
  return u.href;
}

// The search index is written after the list is made (sitegen/assets.py): the list first names
// it by the build's hash, and a built site's list has its sha256 put in once it is final
// (seal_late_files), so that it is checked as any file. Under a list that still has the build's
// hash, its rule is that it must read as a search index, and it is never copied forward from
// another deployment's copy (fetched again for each one).
const LATE = "build:";
function searchIndex(body) {
  try {
    const index = JSON.parse(new TextDecoder().decode(body));
    return !!index && Array.isArray(index.docs);
  } catch {
    return false;
  }
}

/** ``body`` as a response to keep, if it is this build's file ``url``; else null. */
async function checked(url, body, headers, { forward = false } = {}) {
  const want = FILES.get(url);
  if (!want) return null;
  const good = want.startsWith(LATE) ? !forward && searchIndex(body) : (await sha256(body)) === want;
  return good ? new Response(body, { status: 200, headers }) : null;
}

/** ``url`` from the network, checked against the build's list; fetched once more (past
 * every HTTP cache) when the first body is not this build's. Null when no good copy came.
 * ``first``: how the first try may use the HTTP cache ("force-cache" for what the page has
 * just fetched itself: kept without a second download when the browser still has it). */
async function fetchChecked(url, first = "no-cache") {
  for (const mode of [first, "reload"]) {
    let res;
    try {
      res = await fetch(url, { cache: mode });
    } catch {
      return null;
    }
    if (!res.ok) return null;
    const good = await checked(url, await res.arrayBuffer(), res.headers);
    if (good) return good;
  }
  return null;
}

async function wantsWhole() {
  return !!(await (await caches.open(CHOICE)).match(new URL(WHOLE, SCOPE).href));
}

/** Keep ``urls`` (files of this build) in this deployment's copy: from an earlier
 * deployment's copy when its body is this build's, else (unless ``network`` is false)
 * from the network. Returns how many are kept. */
async function keep(urls, { older = [], network = true, first = "no-cache" } = {}) {
  if (replaced()) return 0;
  const cache = await caches.open(CACHE);
  const queue = [...new Set(urls.map(key))].filter((u) => FILES.has(u));
  let kept = 0;
  async function one(url) {
    const have = await cache.match(url);
    if (have && (await served(url, have).catch(() => null))) {
      kept += 1;
      return;
    }
    if (have) await cache.delete(url); // not this build's file: kept again below
    for (const name of older) {
      const old = await (await caches.open(name)).match(url);
      const good = old && (await checked(url, await old.arrayBuffer(), old.headers, { forward: true }));
      if (good && (await store(cache, url, good))) {
        kept += 1;
        return;
      }
    }
    // what the page's engine worker fetched on this first visit (widgets/worker.js): checked like
    // a body from the network, so that a file the reader has just downloaded is not downloaded again
    // (only files the list names by their sha256: the search index is never taken from there)
    const staged = !FILES.get(url).startsWith(LATE) && (await caches.match(url, { cacheName: STAGING }));
    const copy = staged && (await checked(url, await staged.arrayBuffer(), staged.headers).catch(() => null));
    if (copy && (await store(cache, url, copy))) {
      kept += 1;
      return;
    }
    const good = network ? await fetchChecked(url, first) : null;
    if (good && (await store(cache, url, good))) kept += 1;
  }
  await Promise.all(Array.from({ length: PARALLEL }, async () => {
    while (queue.length) await one(queue.shift());
  }));
  return kept;
}

async function install() {
  const older = (await caches.keys()).filter((k) => k.startsWith(PREFIX) && k !== CACHE);
  // what the reader kept before stays kept, in this deployment's version
  const before = new Set();
  for (const name of older) for (const r of await (await caches.open(name)).keys()) before.add(key(r.url));
  const whole = await wantsWhole();
  const urls = whole ? [...FILES.keys()] : [...CORE, ...before];
  // with Save-Data on, only the two small "not here" pages are downloaded; the rest is
  // copied from the previous deployment where unchanged, and otherwise fetched when opened
  await keep(CORE, { older });
  await keep(urls, { older, network: whole || !saveData() });
}

self.addEventListener("install", (event) => {
  event.waitUntil(install());
});

self.addEventListener("activate", (event) => {
  // the old copies are gone before this worker is "activated" (and before it serves a page)
  event.waitUntil((async () => {
    await dropOlder();
    if (BUILD.files.length === 0) {
      // the site is being edited (mkdocs serve): keep nothing, step aside
      await caches.delete(CHOICE);
      await self.registration.unregister();
      return;
    }
    await self.clients.claim(); // the first visit's page, too, is served from the cache from now on
  })());
});

/** What the reader's copy holds: {version, whole, kept, files, bytes}. */
async function status() {
  const keys = replaced() ? [] : await (await caches.open(CACHE)).keys();
  return { version: BUILD.version, whole: await wantsWhole(), kept: keys.length, files: FILES.size, bytes: BUILD.bytes || 0 };
}

// Messages from the pages (widgets/offline.js):
//   {type: "keep", urls, searchIndex}   keep these files (the page, what it and its widgets
//                          fetched), and the search index too unless the page says Save-Data is on
//   {type: "whole"}        the reader asks to keep the whole archive
//   {type: "status"}       what is kept
// Each is answered on the port it came with.
self.addEventListener("message", (event) => {
  const msg = event.data || {};
  const port = event.ports && event.ports[0];
  const answer = (value) => port && port.postMessage(value);
  if (BUILD.files.length === 0) return answer({ whole: false, kept: 0, files: 0, bytes: 0 });
  event.waitUntil((async () => {
    let after = null;
    try {
      if (self.serviceWorker && self.serviceWorker.state === "activated") await dropOlder();
      if (msg.type === "keep" && Array.isArray(msg.urls)) {
        // what the page and its widgets fetched: the browser's HTTP cache has most of it
        // (the search index beside them, awaited only after the answer: the page does not wait
        // for its download, and a failure to keep it is no failure of the page's own files)
        if (msg.searchIndex === true && !saveData()) after = keep(SEARCH_INDEX).catch(() => 0);
        await keep(msg.urls.filter((u) => typeof u === "string").slice(0, 2000), { first: "force-cache" });
        await caches.delete(STAGING); // kept now, or not this build's: not needed any more
      } else if (msg.type === "whole") {
        await (await caches.open(CHOICE)).put(new URL(WHOLE, SCOPE).href, new Response("1"));
        await keep([...FILES.keys()]);
      }
      answer(await status());
      await after;
    } catch (err) {
      answer({ error: String(err) });
    }
  })());
});

// what a file is, by its name (never by the type stored with a copy, which a script could have chosen)
const TYPES = {
  html: "text/html; charset=utf-8", js: "text/javascript; charset=utf-8", mjs: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8", json: "application/json", wasm: "application/wasm", svg: "image/svg+xml",
  png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp", ico: "image/x-icon",
  woff: "font/woff", woff2: "font/woff2", ttf: "font/ttf", xml: "application/xml", txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8", pdf: "application/pdf", zip: "application/zip", whl: "application/zip",
  bin: "application/octet-stream", bib: "text/plain; charset=utf-8", ris: "text/plain; charset=utf-8",
  cff: "text/plain; charset=utf-8", jsonld: "application/ld+json", webmanifest: "application/manifest+json",
};

/** The headers of an answer made from the copy of ``url``: its type by its name, no sniffing, and the
 * site's policy (a script's, for scripts: the engine's worker compiles WebAssembly; a page's otherwise). */
function headersFor(url) {
  const path = new URL(url).pathname;
  const ext = path.endsWith("/") ? "html" : (/\.([a-z0-9]+)$/i.exec(path) || ["", ""])[1].toLowerCase();
  const headers = new Headers({ "content-type": TYPES[ext] || "application/octet-stream", "x-content-type-options": "nosniff" });
  const policy = ext === "js" || ext === "mjs" ? BUILD.policy.script : BUILD.policy.page;
  if (policy) headers.set("content-security-policy", policy);
  return headers;
}

/** ``hit`` (a copy of ``url`` from the cache) as the answer to serve, if its body is this build's
 * file; else null. */
async function served(url, hit, status = 200) {
  const want = FILES.get(url);
  if (!want || !hit) return null;
  const body = await hit.arrayBuffer();
  const good = want.startsWith(LATE) ? searchIndex(body) : (await sha256(body)) === want;
  return good ? new Response(body, { status, headers: headersFor(url) }) : null;
}

/** Delete every copy of ``request`` in this deployment's copy (whatever its query). */
async function forget(request) {
  if (replaced() || !(await caches.has(CACHE))) return;
  await (await caches.open(CACHE)).delete(request, { ignoreSearch: true, ignoreVary: true });
}

async function respond(event) {
  const request = event.request;
  const url = key(request.url);
  // (caches.match does not create the copy, as caches.open would)
  const hit = await caches.match(request, { cacheName: CACHE, ignoreSearch: true, ignoreVary: true });
  if (hit) {
    const good = await served(url, hit).catch(() => null);
    if (good) return good;
    // not this build's file (changed since it was kept, or planted): gone, and fetched again
    await forget(request).catch(() => {});
  }
  try {
    const res = await fetch(request);
    // a file of this build the reader opened: kept, once its body is checked
    if (res.ok && res.status === 200 && FILES.has(url)) {
      const copy = res.clone();
      event.waitUntil((async () => {
        const good = await checked(url, await copy.arrayBuffer(), copy.headers).catch(() => null);
        if (good && !replaced()) await store(await caches.open(CACHE), url, good);
      })());
    }
    return res;
  } catch (err) {
    if (request.mode === "navigate") {
      // the missing page's language: the English part of the site lives under en/
      const english = new URL(request.url).pathname.slice(SCOPE.pathname.length).startsWith("en/");
      const page = new URL(english ? "en/404.html" : "404.html", SCOPE).href;
      // (checked as every answer from the copy; a copy that is not the build's is not shown)
      const notFound = await served(page, await caches.match(page, { cacheName: CACHE }), 404).catch(() => null);
      if (notFound) return notFound;
      await forget(page).catch(() => {});
    }
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.has("range")) return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname) || BUILD.files.length === 0) return;
  event.respondWith(respond(event));
});
