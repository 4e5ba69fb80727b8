// Widget runtime, loaded on every page. Pages with no [data-widget] element
// load nothing more. Pages with widgets share one module worker per tab that
// boots Pyodide once; with Material's instant navigation the worker survives
// page changes, so the next page's widgets are ready at once.
const ASSETS = new URL("../", import.meta.url); // …/assets/
const SITE_ROOT = new URL("../../", import.meta.url);

let worker = null;
let ready = null;
let seq = 0;
const pending = new Map();

function startWorker() {
  if (ready) return ready;
  worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  ready = new Promise((resolve, reject) => {
    worker.onmessage = (event) => {
      const msg = event.data;
      if (msg.type === "ready") resolve(msg);
      else if (msg.type === "boot-error") reject(new Error(msg.message));
      else if (msg.type === "answer") {
        const done = pending.get(msg.id);
        pending.delete(msg.id);
        if (done) done(msg.answer);
      }
    };
    worker.onerror = (e) => reject(new Error(e.message || "worker failed to start"));
  });
  worker.postMessage({ type: "boot" });
  ready.catch(() => {
    // forget the failed worker so that "retry" starts a fresh one
    if (worker) worker.terminate();
    worker = null;
    ready = null;
    for (const done of pending.values()) done({ ok: false, error: { code: "worker_error", zh: "引擎未能启动。", en: "The engine failed to start." } });
    pending.clear();
  });
  return ready;
}

/** Send one request to engine.api.handle in the worker; resolves to its answer. */
export async function call(request) {
  await startWorker();
  return new Promise((resolve) => {
    const id = ++seq;
    pending.set(id, resolve);
    worker.postMessage({ type: "call", id, request });
  });
}

const MESSAGES = {
  error: {
    zh: "无法在浏览器中启动规则引擎。上面的静态示例仍然有效。",
    en: "The rules engine could not start in this browser. The static example above still holds.",
  },
  retry: { zh: "重试", en: "Retry" },
};

const modules = new Map();
function widgetModule(game) {
  if (!modules.has(game)) modules.set(game, import(new URL(`./${game}.js`, import.meta.url).href));
  return modules.get(game);
}

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
    await startWorker();
    const mod = await widgetModule(name.split("-")[0]);
    const mount = mod.widgets && mod.widgets[name];
    if (!mount) throw new Error(`unknown widget ${name}`);
    const ctx = {
      lang, params, call,
      body: root.querySelector(".hw-body"),
      t: (zh, en) => (lang === "en" ? en : zh),
    };
    await mount(root, ctx);
    root.dataset.state = "ready";
    if (status) status.hidden = true;
  } catch (err) {
    root.dataset.state = "error";
    root.dataset.hwBound = "";
    if (status) {
      status.hidden = false;
      status.innerHTML = "";
      const text = document.createElement("span");
      text.className = "hw-status-text";
      text.textContent = `${MESSAGES.error[lang]} (${err && err.message ? err.message : err})`;
      const again = document.createElement("button");
      again.type = "button";
      again.className = "md-button hw-retry";
      again.textContent = MESSAGES.retry[lang];
      again.addEventListener("click", () => hydrate(root));
      status.append(text, " ", again);
    }
  }
}

function scan() {
  const roots = document.querySelectorAll("[data-widget]");
  if (roots.length === 0) return; // no widget: no Pyodide
  roots.forEach((root) => hydrate(root));
}

// ---- the language switcher lands on the same page in the other language
function langOf(url) {
  const rel = url.pathname.slice(SITE_ROOT.pathname.length);
  return rel === "en" || rel.startsWith("en/") ? "en" : "zh";
}
function counterpart(url, lang) {
  const rel = url.pathname.slice(SITE_ROOT.pathname.length);
  const base = langOf(url) === "en" ? rel.replace(/^en\/?/, "") : rel;
  return new URL((lang === "en" ? "en/" : "") + base + url.hash, SITE_ROOT).href;
}
function fixLanguageLinks() {
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

function onPage() {
  fixLanguageLinks();
  scan();
}

// A page with widgets names itself in its head (sitegen/hooks.py) and loads this
// module early: the worker starts booting while the page is still being parsed.
if (document.querySelector('meta[name="hw-widgets"]')) startWorker();

function subscribe() {
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(() => onPage()); // every instant page change
  } else {
    onPage();
  }
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", subscribe);
else subscribe();

// for tests and benchmarks
window.heritageWidgets = { call, scan };
