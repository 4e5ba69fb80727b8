/* Small accessibility repairs of the theme, for every page (loaded by overrides/main.html).
 *
 * - The search dialog and the page-loading bar get names a screen reader can say
 *   (Material renders them with a role but no name).
 * - A region that scrolls sideways (a wide table on a phone, a long log) can be
 *   reached and scrolled with the keyboard: it gets tabindex="0" and a name
 *   while it overflows and holds nothing focusable of its own.
 * - A widget's result area is announced when it changes: an element marked
 *   data-role="result" | "status" | "verdict" | "message" (or class hw-result)
 *   inside a widget gets aria-live="polite" when the widget did not set it.
 * The work is redone when the page changes (instant navigation, widgets).
 */
(() => {
  "use strict";
  const zh = () => (document.documentElement.lang || "zh").toLowerCase().startsWith("zh");
  const words = {
    search: () => (zh() ? "搜索" : "Search"),
    progress: () => (zh() ? "页面载入进度" : "Page loading progress"),
    region: () => (zh() ? "可左右滚动的内容" : "Scrollable content"),
  };
  const FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]:not([tabindex='-1']), summary";

  function nameTheme() {
    const dialog = document.querySelector(".md-search[role='dialog']");
    if (dialog && !dialog.hasAttribute("aria-label") && !dialog.hasAttribute("aria-labelledby")) {
      const input = dialog.querySelector("input[aria-label]");
      dialog.setAttribute("aria-label", (input && input.getAttribute("aria-label")) || words.search());
    }
    const bar = document.querySelector(".md-progress[role='progressbar']");
    if (bar && !bar.hasAttribute("aria-label")) bar.setAttribute("aria-label", words.progress());
  }

  function scrolls(el) {
    // sizes first (the layout is there already): only a box whose content passes its edge
    // can scroll, and its style is read only then (a style read per element costs more)
    if (el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1) return false;
    const s = getComputedStyle(el);
    const x = (s.overflowX === "auto" || s.overflowX === "scroll") && el.scrollWidth > el.clientWidth + 1;
    const y = (s.overflowY === "auto" || s.overflowY === "scroll") && el.scrollHeight > el.clientHeight + 1;
    return x || y;
  }

  const SVG = "http://www.w3.org/2000/svg";
  // What is not drawn cannot scroll: the inside of a closed <details> (all but its summary) and
  // a hidden element. The browser leaves the inside of a closed <details> out of the page's
  // layout, and reading one size there makes it lay out that whole hidden content at once (on a
  // phone, with a long table folded away, a long task of its own); it is measured when it opens
  // (the "open" change), a hidden element when it is shown (the "hidden" change).
  function unseen(n) {
    const p = n.parentElement;
    return n.hidden || (!!p && p.localName === "details" && !p.open && n.localName !== "summary");
  }
  function drawnInside(n, root) {
    for (let a = n; a && a !== root; a = a.parentElement) if (unseen(a)) return false;
    return true;
  }
  // A block the page marks data-a11y-static holds nothing that scrolls (the rows of a long table,
  // which the browser draws only while they are in view): it is not measured, nor anything in
  // it — reading a size there would make the browser lay out what it is leaving undrawn.
  const STATIC = "[data-a11y-static]";
  // Every element of the content that is drawn, but drawings' insides (an SVG's parts never scroll).
  function* elements(root) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT, {
      acceptNode: (n) => ((n.parentElement && n.parentElement.namespaceURI === SVG) || unseen(n) || n.matches(STATIC)
        ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    for (let n = walker.nextNode(); n; n = walker.nextNode()) yield n;
  }

  // What changed since the last run: the whole content (at load, after a resize), or the
  // elements a change touched — each changed element with its ancestors (its content may now
  // pass their edge) and whatever was added, with every region marked before. A widget's
  // change then costs a run over a few elements, not over every element of a long page.
  let whole = true;
  const changed = new Set();
  function toMeasure(content) {
    for (const node of changed) if (node.isConnected && node.contains(content)) whole = true; // a new page
    if (whole) {
      whole = false;
      changed.clear();
      return elements(content);
    }
    const out = new Set([...content.querySelectorAll("[data-a11y-scroll='1']")].filter((el) => drawnInside(el, content)));
    for (const node of changed) {
      if (!node.isConnected || !content.contains(node) || !drawnInside(node, content)) continue;
      const still = node.closest(STATIC); // a change inside a static block: only the boxes around it
      for (let a = still ? still.parentElement : node; a && a !== content; a = a.parentElement) {
        if (!(a.parentElement && a.parentElement.namespaceURI === SVG)) out.add(a);
      }
      if (!still) for (const el of elements(node)) out.add(el);
    }
    changed.clear();
    return out;
  }

  // One element read: whether it is to be marked (add) or unmarked (drop).
  function classify(el, add, drop) {
    const marked = el.dataset.a11yScroll === "1";
    if (scrolls(el) && !el.querySelector(FOCUSABLE)) {
      if (!el.hasAttribute("tabindex")) add.push(el);
    } else if (marked) {
      drop.push(el);
    }
  }
  function mark(add, drop) {
    for (const el of add) {
      el.setAttribute("tabindex", "0");
      el.dataset.a11yScroll = "1";
      if (!el.hasAttribute("aria-label") && !el.hasAttribute("aria-labelledby")) {
        // a list keeps its own role (its items must sit in a list); it is named all the same
        if (!/^(UL|OL)$/.test(el.tagName)) el.setAttribute("role", el.getAttribute("role") || "region");
        el.setAttribute("aria-label", words.region());
      }
    }
    for (const el of drop) {
      el.removeAttribute("tabindex");
      delete el.dataset.a11yScroll;
      if (el.getAttribute("aria-label") === words.region()) {
        el.removeAttribute("aria-label");
        if (el.getAttribute("role") === "region") el.removeAttribute("role");
      }
    }
  }

  // A page with widgets measures its whole content in slices of a few milliseconds while the
  // browser is idle, not in one task after load (a long page's walk was one long task on a
  // phone, while the page was still starting): its widgets start seconds later, once Python
  // is up, and their changes are measured as they come. A page without widgets is measured
  // at once, as before.
  const SLICE_MS = 8;
  const idle = (fn) => (window.requestIdleCallback ? requestIdleCallback(fn, { timeout: 1000 }) : setTimeout(fn, 0));
  let sweeps = 0;
  function sweep(content) {
    const mine = ++sweeps;
    const walk = elements(content);
    const step = () => {
      if (mine !== sweeps) return; // a newer page or size: its own sweep
      const add = [];
      const drop = [];
      const end = performance.now() + SLICE_MS;
      let done = false;
      for (let n = 0; !done; n++) {
        if ((n & 15) === 15 && performance.now() > end) break;
        const next = walk.next();
        if (next.done) done = true;
        else if (next.value.isConnected) classify(next.value, add, drop);
      }
      mark(add, drop);
      if (!done) idle(step);
    };
    idle(step);
  }

  function focusRegions() {
    const content = document.querySelector(".md-content") || document.body;
    const all = whole || [...changed].some((node) => node.isConnected && node.contains(content));
    if (all && content.querySelector("[data-widget]")) {
      whole = false;
      changed.clear();
      sweep(content);
      return;
    }
    if (all) sweeps++; // a sweep still running is replaced by this whole run
    // First every reading of styles and sizes, then every change: a change between two
    // readings would make the browser lay the page out again for each element.
    const add = [];
    const drop = [];
    for (const el of toMeasure(content)) classify(el, add, drop);
    mark(add, drop);
  }

  const LIVE = '.hw [data-role="result"], .hw [data-role="status"], .hw [data-role="verdict"], .hw [data-role="message"], .hw .hw-result';
  function announceResults() {
    for (const el of document.querySelectorAll(LIVE)) {
      if (!el.hasAttribute("aria-live") && !el.closest("[aria-live]")) el.setAttribute("aria-live", "polite");
    }
  }

  // The names and the announcements read no layout: they are set at once, and after each
  // change. The scrolling regions are measured from the moment the page has loaded (reading
  // sizes lays the page out: while it loads, each run laid it out again after every change the
  // theme makes, long tasks of their own on a phone), then after each change (a widget's, a
  // page change), just before the browser paints a frame, when it works the layout out anyway.
  let pending = 0;
  let loaded = document.readyState === "complete";
  function run() {
    pending = 0;
    nameTheme();
    announceResults();
    if (loaded) focusRegions();
  }
  function soon() {
    if (!pending) pending = requestAnimationFrame(run);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
  else run();
  if (!loaded) window.addEventListener("load", () => { loaded = true; soon(); }, { once: true });
  window.addEventListener("resize", () => { whole = true; soon(); });
  new MutationObserver((records) => {
    // elements added or removed, or shown, hidden, opened or restyled by a class (our own
    // attribute changes are none of these: they do not re-trigger the work)
    for (const r of records) {
      if (r.target.nodeType === 1) changed.add(r.target);
      for (const n of r.addedNodes) if (n.nodeType === 1) changed.add(n);
    }
    if (records.length) soon();
  }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["hidden", "open", "class"] });
})();
