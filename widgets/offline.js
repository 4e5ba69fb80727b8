// Offline reading, asked for rather than taken (the keeping itself is widgets/sw.js).
// After a page has loaded (and its widgets' engine has started), the service worker is
// registered and asked to keep this page and what it and its widgets fetched, so that
// the pages a reader opened come back without a connection. After a widget has run,
// it also keeps the build's Python snapshot, so that the next visit starts at once —
// unless the browser asks to save data. Keeping the whole archive is the reader's
// choice: a line at the end of each page offers it, with its size.
const SITE_ROOT = new URL("../../", import.meta.url);

const WORDS = {
  offer: {
    zh: (mb) => `离线阅读：这个浏览器会保存你打开过的页面，没有网络时也能再打开。你也可以把整个档案（约 ${mb} MB）都保存下来，以后随时离线阅读。`,
    en: (mb) => `Offline reading: this browser keeps the pages you open, so they open again without a connection. You can also keep the whole archive (about ${mb} MB) to read offline at any time.`,
  },
  saveData: {
    zh: "你的浏览器开启了省流量：除了你打开的页面，这里不会再下载任何东西。",
    en: "Your browser asks to save data: nothing is downloaded beyond the pages you open.",
  },
  keep: { zh: "保存整个档案", en: "Keep the whole archive" },
  keeping: { zh: "正在保存整个档案……", en: "Keeping the whole archive…" },
  kept: {
    zh: "整个档案已经保存在这个浏览器里，没有网络也能阅读。",
    en: "The whole archive is kept in this browser: you can read it without a connection.",
  },
  failed: {
    zh: "整个档案没能保存完（网络可能断了）。可以稍后再试。",
    en: "The whole archive could not all be kept (the connection may have dropped). You can try again later.",
  },
  label: { zh: "离线阅读", en: "Offline reading" },
  notKept: {
    zh: "这一页还没有保存在这个浏览器里：没有网络时打不开。",
    en: "This page is not kept in this browser: it does not open without a connection.",
  },
};

const lang = () => (document.documentElement.lang || "").startsWith("en") ? "en" : "zh";
const saveData = () => !!(navigator.connection && navigator.connection.saveData);

/** A message to the active service worker; resolves to its answer (null if there is none). */
async function ask(message) {
  const reg = await navigator.serviceWorker.ready;
  const sw = reg.active;
  if (!sw) return null;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    sw.postMessage(message, [channel.port2]);
  });
}

/** Whether this snapshot failed to start in this browser before (widgets/runtime.js): not fetched again. */
function failed(url) {
  try { return localStorage.getItem("hw-snapshot-failed") === url; } catch { return false; }
}

/** The addresses to keep for this page: the page itself and what it and its widgets fetched. */
function used(info) {
  const urls = [location.href, ...performance.getEntriesByType("resource").map((e) => e.name)];
  if (info && Array.isArray(info.fetched)) urls.push(...info.fetched);
  // the build's snapshot of a started Python: fetched in the background, for the next visit
  if (info && info.snapshotFile && !info.snapshot && !saveData() && !failed(info.snapshotFile)) urls.push(info.snapshotFile);
  return urls.filter((u) => typeof u === "string" && u.startsWith(SITE_ROOT.href));
}

let known = null; // the service worker's last status: {whole, kept, files, bytes}

function offer() {
  const article = document.querySelector(".md-content__inner");
  if (!article || !known || known.files === 0) return;
  let box = article.querySelector(".hw-offline");
  if (!box) {
    box = document.createElement("aside");
    box.className = "hw-offline";
    box.setAttribute("aria-label", WORDS.label[lang()]);
    article.append(box);
  }
  box.replaceChildren();
  const text = document.createElement("p");
  box.append(text);
  if (known.whole && known.kept >= known.files) {
    text.textContent = WORDS.kept[lang()];
    return;
  }
  const mb = Math.max(1, Math.round(known.bytes / 1e6));
  text.textContent = WORDS.offer[lang()](mb) + (saveData() ? " " + WORDS.saveData[lang()] : "");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "md-button hw-offline-keep";
  button.textContent = WORDS.keep[lang()];
  button.addEventListener("click", async () => {
    button.disabled = true;
    text.setAttribute("role", "status");
    text.textContent = WORDS.keeping[lang()];
    const answer = await ask({ type: "whole" }).catch(() => null);
    if (answer && !answer.error) known = answer;
    if (known && known.whole && known.kept >= known.files) {
      offer();
      document.querySelector(".hw-offline p")?.setAttribute("role", "status");
    } else {
      text.textContent = WORDS.failed[lang()];
      button.disabled = false;
    }
  });
  box.append(button);
}

/** The address a page is kept under (widgets/sw.js, key): without its query and its place in the page. */
function pageOf(href) {
  const u = new URL(href, location.href);
  u.search = "";
  u.hash = "";
  return u.href;
}

/** Without a connection, the search box still finds every page (its index is kept whole), but only
 * the pages this browser kept open; each result whose page is not kept says so, before it is opened
 * (it would show the site's "not here" page). Back online, the notes go. */
async function markResults(list) {
  if (navigator.onLine) {
    for (const note of list.querySelectorAll(".hw-not-kept")) note.remove();
    for (const link of list.querySelectorAll("[data-hw-kept]")) delete link.dataset.hwKept; // looked up again if offline again
    return;
  }
  // (the first link of a result is its page; the sections under "more" are places in that same page)
  for (const item of list.querySelectorAll(".md-search-result__item")) {
    const link = item.querySelector("a.md-search-result__link");
    const article = link && link.querySelector(".md-search-result__article");
    if (!article || link.dataset.hwKept) continue;
    link.dataset.hwKept = "asked"; // once per result drawn: the theme draws each search's results anew
    const have = await caches.match(pageOf(link.href)).catch(() => null);
    link.dataset.hwKept = have ? "yes" : "no";
    if (have || navigator.onLine) continue;
    const note = document.createElement("p");
    note.className = "hw-not-kept";
    note.textContent = WORDS.notKept[lang()];
    const title = article.querySelector("h1, h2"); // under the page's title, before a long excerpt
    if (title) title.after(note);
    else article.append(note);
  }
}

const watched = new WeakSet();

/** Watch the search box's list of results on this page (again after each instant page change). */
function watchResults() {
  const list = document.querySelector(".md-search-result__list");
  if (!list || watched.has(list)) return;
  watched.add(list);
  const mark = () => markResults(list).catch(() => {});
  new MutationObserver(mark).observe(list, { childList: true, subtree: true });
  window.addEventListener("online", mark);
  window.addEventListener("offline", mark);
  mark();
}

/** Called by widgets/runtime.js once the page has loaded; ``info`` is the engine's start-up report, if any. */
export async function offline(info) {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  if (window.caches) {
    watchResults();
    if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(watchResults);
  }
  try {
    await navigator.serviceWorker.register(new URL("sw.js", SITE_ROOT).href, { scope: SITE_ROOT.pathname });
    // (with Save-Data on, not the search index either: megabytes, downloaded again at each deployment)
    const answer = await ask({ type: "keep", urls: used(info), searchIndex: !saveData() });
    if (answer && !answer.error) known = answer;
    offer();
    if (window.document$ && typeof window.document$.subscribe === "function") {
      window.document$.subscribe(() => offer()); // every instant page change
    }
  } catch {
    // no offline copy: the site still works online (and what the engine's worker kept for the
    // service worker, widgets/worker.js, is not needed)
    if (window.caches) caches.delete("hw-fetched").catch(() => {});
  }
}
