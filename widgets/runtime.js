// Widget runtime, loaded on every page. Pages with no [data-widget] element
// load nothing more. Pages with widgets share one module worker per tab that
// boots Pyodide once; with Material's instant navigation the worker survives
// page changes, so the next page's widgets are ready at once.

const SITE_ROOT = new URL("../../", import.meta.url);
// the build fills this in: each widget script's name with its content hash (sitegen/assets.py)
const ASSET_NAMES = /*hw:asset-names*/{};

// Time limits. Python must start within bootMs (a failed WebAssembly download
// can leave Pyodide waiting forever: the limit turns that into an error with a
// Retry button); one call must answer within callMs, or the watchdog ends the
// worker, fails the call with a plain message and starts a fresh worker. The
// engine refuses oversized work before it starts (engine/api.py), so the
// watchdog is the last line, not the usual one. Tests may shorten the limits
// (window.HW_LIMITS, read each time a limit is used).
// A start from the build's Python snapshot (widgets/worker.js) that does not finish within
// snapshotBootMs is given up: the snapshot is dropped and Python starts fresh.
const DEFAULT_LIMITS = { bootMs: 120_000, snapshotBootMs: 30_000, callMs: 60_000, stopAfterMs: 1_000 };
const limit = (name) => Number((window.HW_LIMITS || {})[name] ?? DEFAULT_LIMITS[name]);

const FAILED = {
  timeout: {
    code: "timeout",
    zh: "这一步算得太久，已经停下；规则程序已重新启动。可以再试一次，或者少要一些（例如少模拟几局）。",
    en: "This step took too long and was stopped; the rules program has been restarted. Try again, or ask for less (fewer games to simulate, for example).",
  },
  cancelled: {
    code: "cancelled",
    zh: "已按你的要求停下；规则程序已重新启动。",
    en: "Stopped, as you asked; the rules program has been restarted.",
  },
  crashed: {
    code: "worker_error",
    zh: "浏览器中的规则程序停止了工作，已重新启动。请再试一次。",
    en: "The rules program in the browser stopped working and has been restarted. Please try again.",
  },
  unreadable: {
    code: "bad_request",
    zh: "这个请求写不成规则程序能读的文字（套叠太深，或者自己套着自己），没有发出。",
    en: "This request cannot be written as text the rules program reads (nested too deep, or containing itself), so it was not sent.",
  },
  boot: {
    code: "worker_error",
    zh: "规则程序未能启动。",
    en: "The rules program could not start.",
  },
};

let worker = null;
let ready = null;
let seq = 0;
const pending = new Map(); // id -> {resolve, timer}

class BootError extends Error {
  constructor(reason, detail) {
    super(detail || reason);
    this.reason = reason; // "slow": no answer in time; "failed": the worker reported a failure
  }
}

/** End the worker; every call still waiting for it is answered with ``failure``. */
function stopWorker(failure) {
  if (worker) worker.terminate();
  worker = null;
  ready = null;
  for (const p of pending.values()) {
    clearTimeout(p.timer);
    p.resolve({ ok: false, error: { ...failure } });
  }
  pending.clear();
}

// A snapshot that failed once is never tried again in this browser (not by Retry, not after
// a restart): its address is remembered, and every copy of it is deleted.
const FAILED_SNAPSHOT = "hw-snapshot-failed";
function failedSnapshot() {
  try { return localStorage.getItem(FAILED_SNAPSHOT); } catch { return null; }
}
async function dropSnapshot(url) {
  try { localStorage.setItem(FAILED_SNAPSHOT, url); } catch { /* private mode: the copies still go */ }
  if (!window.caches) return;
  for (const name of await caches.keys()) await (await caches.open(name)).delete(url);
}

// When the widgets hydrate. Pyodide and the engine are about 14 MB and seconds of work, done in the worker as soon
// as the page is parsed (bootWhenParsed, below); what the main thread does — the widgets' scripts and their
// mounting — waits until the page has loaded and the browser is idle — then at once if a widget
// is on the screen or within a screen of it, else when the reader scrolls near one, or a
// moment later all the same (LATER_MS) — or until the reader touches a widget
// or a script asks the engine something (call). On a later page of the same tab (instant navigation) the worker
// is up already. Every widget of the page then starts, as before.
const LATER_MS = 2_500;
let allowStart = () => {};
const allowed = new Promise((resolve) => { allowStart = resolve; });
let idleAsked = false;
function startWhenIdle() {
  if (idleAsked) return;
  idleAsked = true;
  const near = () => {
    const roots = document.querySelectorAll("[data-widget]");
    if (!window.IntersectionObserver || roots.length === 0) return allowStart();
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        seen.disconnect();
        allowStart();
      }
    }, { rootMargin: "100% 0px 100% 0px" });
    roots.forEach((root) => seen.observe(root));
    setTimeout(() => allowStart(), LATER_MS);
    allowed.then(() => seen.disconnect());
  };
  const go = () => {
    if (window.requestIdleCallback) window.requestIdleCallback(near, { timeout: 1_500 });
    else setTimeout(near, 0);
  };
  if (document.readyState === "complete") go();
  else window.addEventListener("load", go, { once: true });
}
for (const type of ["pointerdown", "keydown", "focusin"]) {
  document.addEventListener(type, (e) => {
    if (e.target && e.target.closest && e.target.closest("[data-widget]")) allowStart();
  }, true);
}

/** Start Python (when a script asks the engine something, or a reader touches a widget): the widgets may hydrate. */
function startWorker(fresh = false) {
  allowStart();
  return bootWorker(fresh);
}

/** The worker and Pyodide's download and compile, off the main thread: started as soon as a page with widgets is
 * parsed (below), so that Python is up by the time the widgets hydrate (which waits for the page, startWhenIdle). */
function bootWorker(fresh = false) {
  if (ready) return ready;
  // the worker the page's head started (widgets/head-start.js), booting since the page was parsed: adopted once
  const early = !fresh && window.hwEarlyWorker;
  window.hwEarlyWorker = null;
  const w = early ? early.worker : new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  worker = w;
  let bootTimer = null;
  const booted = new Promise((resolve, reject) => {
    bootTimer = setTimeout(() => reject(new BootError("slow")), limit("bootMs"));
    w.hwSnapshot = null;
    // resolved once the worker has written what it fetched for the service worker (a first visit)
    w.staged = new Promise((done) => { w.hwStaged = done; });
    const heard = (event) => {
      let msg = event.data;
      if (typeof msg === "string") { try { msg = JSON.parse(msg); } catch { msg = {}; } } // answers come as JSON text
      if (!msg || typeof msg !== "object") return;
      if (msg.type === "ready") resolve(msg);
      else if (msg.type === "staged") w.hwStaged();
      else if (msg.type === "booting" && typeof msg.snapshot === "string") {
        w.hwSnapshot = msg.snapshot; // starting from the snapshot: it gets less time than a fresh start
        w.hwSnapshotTimer = setTimeout(() => reject(new BootError("slow")), limit("snapshotBootMs"));
      }
      else if (msg.type === "boot-error") reject(new BootError("failed", msg.message));
      else if (msg.type === "answer") {
        // an answer to a message the worker could not read names no call: it is the oldest one waiting
        const id = pending.has(msg.id) ? msg.id : (msg.id == null ? pending.keys().next().value : undefined);
        const p = pending.get(id);
        pending.delete(id);
        if (p) {
          clearTimeout(p.timer);
          p.resolve(msg.answer);
        }
      }
    };
    w.onmessage = heard;
    w.onerror = (e) => {
      reject(new BootError("failed", e.message || "the worker failed"));
      if (worker === w && pending.size) restart(FAILED.crashed); // a crash after start-up
    };
    // what the head's worker said before the runtime was here: heard now, in order
    if (early) {
      for (const event of early.heard.splice(0)) heard(event);
      if (early.failed) reject(new BootError("failed", early.failed));
    }
  });
  ready = booted.finally(() => {
    clearTimeout(bootTimer);
    clearTimeout(w.hwSnapshotTimer);
  }).catch(async (err) => {
    if (fresh || !w.hwSnapshot) throw err;
    // the start from the snapshot failed or hung: drop it, and start Python fresh at once
    if (worker === w) {
      w.terminate();
      worker = null;
      ready = null;
    }
    await dropSnapshot(w.hwSnapshot).catch(() => {});
    return bootWorker(true);
  });
  // a first visit that will keep its files offline: the worker keeps a copy of what it fetches
  // for the service worker, which has no other way to them than downloading them again
  const stage = !!(window.isSecureContext && navigator.serviceWorker && !navigator.serviceWorker.controller);
  if (!early) w.postMessage({ type: "boot", snapshot: !fresh, avoid: failedSnapshot(), stage }); // (the head's was sent)
  // forget a failed worker, so that Retry starts a fresh one
  ready.catch((err) => {
    if (worker === w) stopWorker(FAILED.boot);
    if (err && err.message) console.warn("rules engine:", err.message);
  });
  return ready;
}

function restart(failure) {
  stopWorker(failure);
  bootWorker().catch(() => {});
}

/** Send one request to engine.api.handle in the worker; resolves to its answer
 * (an error answer if the call runs past ``limitMs`` or is cancelled). */
export async function call(request, { limitMs = limit("callMs") } = {}) {
  await startWorker();
  const w = worker;
  return new Promise((resolve) => {
    const id = ++seq;
    const timer = setTimeout(() => {
      if (worker === w && pending.has(id)) restart(FAILED.timeout);
    }, limitMs);
    pending.set(id, { resolve, timer });
    // as JSON text: a value the browser cannot clone (nested too deep) would reach the worker as null
    let text = null;
    try { text = JSON.stringify({ type: "call", id, request }); } catch { text = null; }
    if (typeof text === "string") w.postMessage(text);
    else {
      clearTimeout(timer);
      pending.delete(id);
      resolve({ ok: false, error: { ...FAILED.unreadable } });
    }
  });
}

/** Stop whatever the engine is computing: the worker is ended (Python cannot be
 * interrupted mid-call otherwise), waiting calls answer "cancelled", and a fresh
 * worker starts. Returns whether anything was running. */
export function cancel() {
  if (pending.size === 0) return false;
  restart(FAILED.cancelled);
  return true;
}

const MESSAGES = {
  failed: {
    zh: "无法在浏览器中启动规则程序。下面用同样的规则事先算好的示例仍然准确。",
    en: "The rules program could not start in this browser. The example below, worked out in advance by the same rules, still holds.",
  },
  slow: {
    zh: "规则程序没能按时启动（网络可能太慢，或者浏览器没能加载 WebAssembly）。下面用同样的规则事先算好的示例仍然准确。",
    en: "The rules program did not start in time (the network may be too slow, or the browser could not load WebAssembly). The example below, worked out in advance by the same rules, still holds.",
  },
  retry: { zh: "重试", en: "Retry" },
  busy: { zh: "正在计算……", en: "Working…" },
  stop: { zh: "停止", en: "Stop" },
};

/** ctx.call for one widget: while an answer takes longer than a moment, the
 * widget shows a Stop button that cancels the computation. */
function callFor(root, lang) {
  let waiting = 0;
  let bar = null;
  const show = () => {
    if (bar || waiting === 0) return;
    bar = document.createElement("div");
    bar.className = "hw-busy";
    bar.setAttribute("role", "status");
    const text = document.createElement("span");
    text.textContent = MESSAGES.busy[lang];
    const stop = document.createElement("button");
    stop.type = "button";
    stop.className = "md-button hw-stop";
    stop.textContent = MESSAGES.stop[lang];
    stop.addEventListener("click", () => cancel());
    bar.append(text, " ", stop);
    root.append(bar);
  };
  return async (request, options) => {
    waiting += 1;
    const timer = setTimeout(show, limit("stopAfterMs"));
    try {
      return await call(request, options);
    } finally {
      clearTimeout(timer);
      waiting -= 1;
      if (waiting === 0 && bar) {
        bar.remove();
        bar = null;
      }
    }
  };
}

// A widget's module is the one sitegen/registry.py names for its kind (SCRIPTS), written by the build
// on the widget's element as data-module: a file of widgets/, never an address from elsewhere.
const modules = new Map();
function widgetModule(file) {
  if (!/^[a-z][a-z0-9-]*\.js$/.test(file || "")) return Promise.reject(new Error(`no module for this widget: ${file}`));
  if (!modules.has(file)) modules.set(file, import(new URL(ASSET_NAMES[file] || `./${file}`, import.meta.url).href));
  return modules.get(file);
}

/** A promise kept in a later task: the browser may paint and answer input first. */
function nextTask() {
  if (window.scheduler && typeof window.scheduler.yield === "function") return window.scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// A menu's chosen words said in full right under it when the menu is too narrow to show them (a phone): a rule's
// reading is a sentence, and a closed menu shows only its start. Kept up to date when the reader chooses, when a
// fold opens (a menu in a closed fold has no width to measure), when the page's width changes, and when a widget
// draws its menus again.
const ARROW_PX = 20; // the room a menu's own arrow takes (a menu as wide as its words is this much wider)
let ruler = null;
function sayChoice(sel) {
  const next = sel.nextElementSibling;
  let said = next && next.classList.contains("hw-said") ? next : null;
  const text = sel.selectedOptions && sel.selectedOptions[0] ? sel.selectedOptions[0].text.trim() : "";
  let cut = false;
  if (text && sel.clientWidth > 0) {
    const cs = getComputedStyle(sel);
    ruler = ruler || document.createElement("canvas").getContext("2d");
    ruler.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`; // (its font shorthand may read empty)
    cut = ruler.measureText(text).width > sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - ARROW_PX + 1;
  } else if (said) {
    return; // not measurable now (a closed fold): what it says stays until it can be measured
  }
  if (!cut) { if (said) said.remove(); return; }
  if (!said) {
    said = document.createElement("span");
    said.className = "hw-said";
    said.setAttribute("aria-hidden", "true"); // the menu itself already says its choice to a screen reader
    sel.after(said);
  }
  if (said.textContent !== text) said.textContent = text;
}
function sayChoices(box) {
  for (const sel of box.querySelectorAll("select")) sayChoice(sel);
}
const widgetOf = (x) => (x && x.closest ? x.closest("[data-widget]") : null);
document.addEventListener("change", (e) => { if (e.target instanceof HTMLSelectElement && widgetOf(e.target)) sayChoice(e.target); }, true);
document.addEventListener("toggle", (e) => { if (e.target instanceof HTMLDetailsElement && widgetOf(e.target) && e.target.open) sayChoices(e.target); }, true);
window.addEventListener("resize", () => { for (const w of document.querySelectorAll('[data-widget][data-state="ready"]')) sayChoices(w); });
function keepSayingChoices(root) {
  sayChoices(root);
  let asked = false;
  new MutationObserver(() => {
    if (asked) return; // (a pass that changes nothing makes no mutation: the lines' own changes end there)
    asked = true;
    requestAnimationFrame(() => { asked = false; sayChoices(root); });
  }).observe(root, { childList: true, subtree: true });
}

// The first widget of the page ready (or failed): what keeps the page offline waits for it (below).
let settledOne = () => {};
const firstSettled = new Promise((resolve) => { settledOne = resolve; });

async function hydrate(root) {
  if (root.dataset.hwBound === "1") return;
  root.dataset.hwBound = "1";
  const name = root.dataset.widget;
  const lang = root.dataset.lang === "en" ? "en" : "zh";
  const status = root.querySelector(".hw-status");
  root.dataset.state = "loading";
  let params = {};
  try { params = JSON.parse(root.dataset.params || "{}"); } catch { params = {}; }
  try {
    await allowed;
    const loading = widgetModule(root.dataset.module); // the widget's script loads while the engine starts
    loading.catch(() => {});
    await startWorker();
    const mod = await loading;
    // each widget is set up in a task of its own, not in the one that hears the engine is
    // ready: the page answers the reader between two widgets
    await nextTask();
    const mount = mod.widgets && mod.widgets[name];
    if (!mount) throw new Error(`unknown widget ${name}`);
    const ctx = {
      lang, params, call: callFor(root, lang), cancel,
      body: root.querySelector(".hw-body"),
      t: (zh, en) => (lang === "en" ? en : zh),
    };
    await mount(root, ctx);
    root.dataset.state = "ready";
    keepSayingChoices(root);
    settledOne();
    if (status) status.hidden = true;
  } catch (err) {
    root.dataset.state = "error";
    settledOne();
    root.dataset.hwBound = "";
    if (status) {
      status.hidden = false;
      status.innerHTML = "";
      const text = document.createElement("span");
      text.className = "hw-status-text";
      text.textContent = (MESSAGES[err && err.reason] || MESSAGES.failed)[lang];
      if (!(err instanceof BootError)) console.error(err); // a widget's own fault: for developers, not readers
      const again = document.createElement("button");
      again.type = "button";
      again.className = "md-button hw-retry";
      again.textContent = MESSAGES.retry[lang];
      again.addEventListener("click", () => hydrate(root));
      status.append(text, " ", again);
    }
  }
}

// The theme's back-to-top button floats over the page while the reader scrolls up: it stays away while a widget
// is on the screen, so that it never lies over a control (widgets.css, [data-hw-widget-in-view]).
let inView = null;
function keepTopButtonOff(roots) {
  if (!window.IntersectionObserver) return;
  if (inView) inView.disconnect();
  const seen = new Set();
  inView = new IntersectionObserver((entries) => {
    for (const e of entries) if (e.isIntersecting) seen.add(e.target); else seen.delete(e.target);
    document.documentElement.toggleAttribute("data-hw-widget-in-view", seen.size > 0);
  });
  roots.forEach((root) => inView.observe(root));
}

function scan() {
  const roots = document.querySelectorAll("[data-widget]");
  document.documentElement.removeAttribute("data-hw-widget-in-view");
  if (roots.length === 0) return; // no widget: no Pyodide
  startWhenIdle();
  keepTopButtonOff(roots);
  roots.forEach((root) => hydrate(root));
}

// ---- the language switcher lands on the same page in the other language
function langOf(url) {
  const rel = url.pathname.slice(SITE_ROOT.pathname.length);
  return rel === "en" || rel.startsWith("en/") ? "en" : "zh";
}
/** The same page in ``lang``: always a path on this site. The address may hold
 * anything (a host that answers every unknown path with 404.html serves
 * "/javascript:alert(1)//"), so it is set as a path, never parsed as a URL. */
export function counterpart(url, lang) {
  const rel = url.pathname.startsWith(SITE_ROOT.pathname) ? url.pathname.slice(SITE_ROOT.pathname.length) : "";
  const base = langOf(url) === "en" ? rel.replace(/^en(\/|$)/, "") : rel;
  const target = new URL(SITE_ROOT.href);
  target.pathname = SITE_ROOT.pathname + (lang === "en" ? "en/" : "") + base;
  target.hash = url.hash;
  const same = target.origin === SITE_ROOT.origin && target.pathname.startsWith(SITE_ROOT.pathname);
  return same ? target.href : SITE_ROOT.href;
}
function fixLanguageLinks() {
  // the 404 page is served at any address: its links (to the other language's 404 page) are set at build time
  if (document.querySelector("[data-hw-not-found]")) return;
  const here = new URL(location.href);
  document.querySelectorAll("a[hreflang]").forEach((a) => {
    const lang = a.getAttribute("hreflang").startsWith("en") ? "en" : "zh";
    a.href = counterpart(here, lang);
  });
}
// A link into the other language is a full page load (its own search index and
// navigation), not an instant-navigation swap.
window.addEventListener("click", (e) => {
  const a = e.target.closest && e.target.closest("a[href]");
  if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || !url.pathname.startsWith(SITE_ROOT.pathname)) return;
  if (langOf(url) !== langOf(new URL(location.href))) {
    e.preventDefault();
    e.stopPropagation();
    location.assign(url.href);
  }
}, true);

// The theme reads the search box only on a key press (or on focus, or once its index
// is ready). Text that arrives without a key — pasted with the mouse, dictated, dropped,
// or an input method's final word — would otherwise never be searched: pass it on.
document.addEventListener("input", (e) => {
  const box = e.target;
  if (e.isComposing || !box || !box.matches || !box.matches("input.md-search__input")) return;
  box.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
}, true);

function onPage() {
  fixLanguageLinks();
  scan();
}

// A page with widgets names itself in its head (sitegen/hooks.py). Python's worker starts as soon as the page is
// parsed: the download and compile of Pyodide and the engine run in the worker, off the main thread, while the page
// is drawn (issue 41: the first widget as fast as Python itself). Only the widgets' hydration — their scripts and
// mounting, on the main thread — waits for the page to have loaded and a widget to be near (startWhenIdle).
function bootWhenParsed() {
  if (!document.querySelector('meta[name="hw-widgets"]') && !document.querySelector("[data-widget]")) return;
  startWhenIdle();
  bootWorker().catch(() => {}); // a failure is shown by each widget's hydration, which asks again
}
// The runtime is an async script at the end of the head: the head has said whether the page has widgets, so Python
// starts now, while the body is still being parsed; a page that does not say so is looked at once it is parsed.
if (document.querySelector('meta[name="hw-widgets"]') || document.readyState !== "loading") bootWhenParsed();
else document.addEventListener("DOMContentLoaded", bootWhenParsed, { once: true });

function subscribe() {
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(() => onPage()); // every instant page change
  } else {
    onPage();
  }
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", subscribe);
else subscribe();

// ---- offline reading (widgets/offline.js): once the page has loaded, its engine is up and its first widget
// has answered (so that keeping pages offline — the Python snapshot among them, 8 MB — never slows the first
// widget), the service worker keeps this page and what its widgets need; the whole archive only when the reader asks.
window.addEventListener("load", () => {
  const engine = document.querySelector("[data-widget]") ? allowed.then(() => firstSettled).then(() => ready || undefined) : Promise.resolve();
  // (and once the worker has written what it fetched for the service worker: at most a few seconds)
  const staged = () => worker && Promise.race([worker.staged, new Promise((done) => setTimeout(done, 10_000))]);
  engine.catch(() => {}).then(async (info) => {
    await staged();
    // (imported only now: a script the runtime imported at once would be fetched before the runtime runs, and
    // Python's worker, which the runtime starts, would start that much later)
    setTimeout(() => import("./offline.js").then((m) => m.offline(info)).catch(() => {}), 0);
  });
}, { once: true });

// for tests and benchmarks
window.heritageWidgets = { call, cancel, scan, counterpart };
