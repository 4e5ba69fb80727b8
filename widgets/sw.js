// The archive's service worker, written to the site root as /sw.js by the build
// (sitegen/assets.py fills BUILD: a hash of this build, every file of the site with
// the sha256 of its content, and their total size).
//
// What it keeps: the pages a reader opens and what their widgets need (Pyodide, the
// engine and, once a widget has run, the build's Python snapshot), as they are used.
// The whole archive only when the reader asks for it (widgets/offline.js offers it,
// with its size). Nothing is stored on its label alone: a body is kept only if its
// sha256 is the one this build lists, whether it comes from the network or from the
// previous deployment's copy; a body that does not match (an upload out of order, a
// stale edge of a CDN) is fetched once more and otherwise not kept.
//
// A new deployment changes this file, so the browser installs the new version beside
// the old one (files whose content did not change are copied, not downloaded again)
// and switches once no open tab uses the old one: a page never mixes scripts of two
// deployments. Under `mkdocs serve` the list is empty: this worker then removes any
// offline copy and unregisters itself.
const BUILD = /*hw:build*/{"version":"dev","files":[],"bytes":0};
const PREFIX = "hw-site-";
const CACHE = PREFIX + BUILD.version;
const CHOICE = "hw-offline-choice"; // the reader's choice to keep the whole archive
const STAGING = "hw-fetched"; // what the engine worker fetched on a first visit (widgets/worker.js)
const WHOLE = "whole";
const SCOPE = new URL("./", self.location.href);
const PARALLEL = 6;
const FILES = new Map(BUILD.files.map(([path, sha]) => [new URL(path, SCOPE).href, sha]));
// always kept: the site's own page for an address it does not have, in each language
const CORE = ["404.html", "en/404.html"].map((p) => new URL(p, SCOPE).href);

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

// The search index is written after the list is made (sitegen/assets.py) and lists the
// build's hash, not its own: its rule is that it must read as a search index, and it is
// never copied forward from another deployment's copy (fetched again for each one).
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
    if (await cache.match(url)) {
      kept += 1;
      return;
    }
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
//   {type: "keep", urls}   keep these files (the page, what it and its widgets fetched)
//   {type: "whole"}        the reader asks to keep the whole archive
//   {type: "status"}       what is kept
// Each is answered on the port it came with.
self.addEventListener("message", (event) => {
  const msg = event.data || {};
  const port = event.ports && event.ports[0];
  const answer = (value) => port && port.postMessage(value);
  if (BUILD.files.length === 0) return answer({ whole: false, kept: 0, files: 0, bytes: 0 });
  event.waitUntil((async () => {
    try {
      if (self.serviceWorker && self.serviceWorker.state === "activated") await dropOlder();
      if (msg.type === "keep" && Array.isArray(msg.urls)) {
        // what the page and its widgets fetched: the browser's HTTP cache has most of it
        await keep(msg.urls.filter((u) => typeof u === "string").slice(0, 2000), { first: "force-cache" });
        await caches.delete(STAGING); // kept now, or not this build's: not needed any more
      } else if (msg.type === "whole") {
        await (await caches.open(CHOICE)).put(new URL(WHOLE, SCOPE).href, new Response("1"));
        await keep([...FILES.keys()]);
      }
      answer(await status());
    } catch (err) {
      answer({ error: String(err) });
    }
  })());
});

async function respond(event) {
  const request = event.request;
  // (caches.match does not create the copy, as caches.open would)
  const hit = await caches.match(request, { cacheName: CACHE, ignoreSearch: true, ignoreVary: true });
  if (hit) return hit;
  try {
    const res = await fetch(request);
    // a file of this build the reader opened: kept, once its body is checked
    const url = key(request.url);
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
      const notFound = await caches.match(new URL(english ? "en/404.html" : "404.html", SCOPE).href, { cacheName: CACHE });
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
  event.respondWith(respond(event));
});
