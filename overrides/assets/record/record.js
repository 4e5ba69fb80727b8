// The heritage record: copy buttons of the "cite this page" block.
// One delegated listener, so it keeps working across instant page loads.
(function () {
  "use strict";
  function fallbackCopy(text) {
    var ta = document.createElement("textarea");
    ta.value = text;
    ta.setAttribute("readonly", "");
    ta.style.position = "fixed";
    ta.style.opacity = "0";
    document.body.appendChild(ta);
    ta.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    document.body.removeChild(ta);
    return ok ? Promise.resolve() : Promise.reject(new Error("copy failed"));
  }
  document.addEventListener("click", function (ev) {
    var btn = ev.target && ev.target.closest ? ev.target.closest("button.rec-copy") : null;
    if (!btn) return;
    var el = document.getElementById(btn.getAttribute("data-copy"));
    if (!el) return;
    var text = el.textContent.trim();
    var copy = navigator.clipboard && window.isSecureContext
      ? navigator.clipboard.writeText(text).catch(function () { return fallbackCopy(text); })
      : fallbackCopy(text);
    var label = btn.getAttribute("data-label") || btn.textContent;
    btn.setAttribute("data-label", label);
    copy.then(function () {
      btn.textContent = btn.getAttribute("data-done") || "✓";
      btn.setAttribute("data-copied", "true");
      window.setTimeout(function () { btn.textContent = label; }, 2000);
    }, function () {
      var range = document.createRange();
      range.selectNodeContents(el);
      var sel = window.getSelection();
      sel.removeAllRanges();
      sel.addRange(range);
    });
  });

  // The reader's access date, in their own time zone: filled into every citation on the page
  // (the built text holds a placeholder, never the day the site was built).
  function today() {
    var d = new Date();
    return { y: d.getFullYear(), m: d.getMonth() + 1, d: d.getDate() };
  }
  function iso(t) {
    return t.y + "-" + (t.m < 10 ? "0" : "") + t.m + "-" + (t.d < 10 ? "0" : "") + t.d;
  }
  var MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
    "September", "October", "November", "December"];
  function fillAccessed() {
    var t = today();
    [].forEach.call(document.querySelectorAll(".rec-accessed"), function (el) {
      var text = el.getAttribute("data-style") === "long" ? MONTHS[t.m - 1] + " " + t.d + ", " + t.y : iso(t);
      var time = document.createElement("time");
      time.setAttribute("datetime", iso(t));
      time.textContent = text;
      el.replaceChildren(time);
    });
  }
  fillAccessed();
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(fillAccessed);  // instant navigation replaced the page
  } else {
    document.addEventListener("DOMContentLoaded", fillAccessed);
  }

  // Downloads of a page's BibTeX and CSL-JSON carry the reader's access date too.
  function withAccessed(href, text) {
    var t = today();
    if (/\.bib$/.test(href)) {
      return text.replace(/\n\}\s*$/, ",\n  urldate = {" + iso(t) + "}\n}\n");
    }
    var items = JSON.parse(text);
    items.forEach(function (it) { it.accessed = { "date-parts": [[t.y, t.m, t.d]] }; });
    return JSON.stringify(items, null, 2) + "\n";
  }
  document.addEventListener("click", function (ev) {
    var a = ev.target && ev.target.closest ? ev.target.closest("a[download]") : null;
    if (!a || !/(^|\/)(cite\.bib|cite\.json|archive\.bib|archive\.csl\.json)$/.test(a.getAttribute("href") || "")) return;
    if (!window.fetch || !window.Blob || !window.URL || !URL.createObjectURL) return;
    ev.preventDefault();
    var href = a.getAttribute("href");
    fetch(a.href).then(function (r) {
      if (!r.ok) throw new Error(String(r.status));
      return r.text();
    }).then(function (text) {
      var type = /\.bib$/.test(href) ? "application/x-bibtex" : "application/json";
      var url = URL.createObjectURL(new Blob([withAccessed(href, text)], { type: type + ";charset=utf-8" }));
      var tmp = document.createElement("a");
      tmp.href = url;
      tmp.download = href.split("/").pop();
      document.body.appendChild(tmp);
      tmp.click();
      document.body.removeChild(tmp);
      window.setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
    }).catch(function () {
      window.location.href = a.href;  // the file as built, without the date
    });
  });

  // Glossary terms: a mouse shows the definition on hover (the theme's tooltip); a tap or a pen opens it
  // in a small box under the term, with a link to the glossary entry; a second tap follows the link.
  var lastPointer = "mouse";
  document.addEventListener("pointerdown", function (ev) { lastPointer = ev.pointerType || "mouse"; }, true);
  var tipBox = null;
  var tipFor = null;
  function closeTip() {
    if (tipBox && tipBox.parentNode) tipBox.parentNode.removeChild(tipBox);
    if (tipFor) tipFor.removeAttribute("aria-expanded");
    tipBox = null;
    tipFor = null;
  }
  // capture on window: the tap is taken before the theme's instant navigation sees it as a link click
  window.addEventListener("click", function (ev) {
    var a = ev.target && ev.target.closest ? ev.target.closest("a.rec-term") : null;
    if (tipBox && !(ev.target.closest && ev.target.closest(".rec-term-tip")) && a !== tipFor) closeTip();
    if (!a || lastPointer === "mouse" || a === tipFor) return;  // a mouse, or a second tap: follow the link
    var def = a.getAttribute("data-def");
    if (!def) return;
    ev.preventDefault();
    ev.stopImmediatePropagation();
    closeTip();
    var zh = (document.documentElement.lang || "").indexOf("zh") === 0;
    tipBox = document.createElement("span");
    tipBox.className = "rec-term-tip";
    tipBox.setAttribute("role", "note");
    var text = document.createElement("span");
    text.textContent = def + " ";
    var more = document.createElement("a");
    more.href = a.href;
    more.textContent = zh ? "词汇表条目" : "Glossary entry";
    tipBox.appendChild(text);
    tipBox.appendChild(more);
    a.insertAdjacentElement("afterend", tipBox);
    a.setAttribute("aria-expanded", "true");
    tipFor = a;
  }, true);
  document.addEventListener("keydown", function (ev) { if (ev.key === "Escape") closeTip(); });

  // Titles (a glossary term's definition, a button's hint, a card's name) shown as the theme shows
  // them, in its tooltip, when a mouse rests on the element or the keyboard reaches it. The theme
  // can do this itself ("content.tooltips"), but it prepares each titled element as the page
  // starts, some milliseconds apiece on a phone: a page with fifty titles was held for a quarter of
  // a second. Here one listener serves every title, prepared only when one is shown, and titles
  // that widgets draw later are served alike.
  var hint = null;    // the tooltip shown, the element it describes, and whether the keyboard brought it
  var hintFor = null;
  var hintByFocus = false;
  var HOSTS = '[data-md-component="content"], .md-header';
  function hideHint() {
    if (!hintFor) return;
    if (hint && hint.parentNode) hint.parentNode.removeChild(hint);
    var title = hintFor.getAttribute("data-hw-title");
    hintFor.removeAttribute("data-hw-title");
    hintFor.removeAttribute("aria-describedby");
    if (title !== null && !hintFor.hasAttribute("title")) hintFor.setAttribute("title", title);
    hint = hintFor = null;
  }
  function showHint(el, byFocus) {
    if (el === hintFor) return;
    hideHint();
    hintByFocus = byFocus;
    var title = el.getAttribute("title");
    if (!title) return;
    hint = document.createElement("div");
    hint.className = "md-tooltip2 md-tooltip2--bottom";
    hint.setAttribute("role", "tooltip");
    hint.id = "hw-hint";
    var inner = document.createElement("div");
    inner.className = "md-tooltip2__inner md-typeset";
    inner.textContent = title;
    hint.appendChild(inner);
    // the element's own title would show too (the browser's): it is kept aside while this shows
    el.setAttribute("data-hw-title", title);
    el.removeAttribute("title");
    el.setAttribute("aria-describedby", hint.id);
    hintFor = el;
    placeHint();
    document.body.appendChild(hint);
    hint.style.setProperty("--md-tooltip-width", inner.offsetWidth + "px");
    var shown = hint;
    requestAnimationFrame(function () { if (hint === shown) shown.classList.add("md-tooltip2--active"); });
  }
  // under the element, centred on it (the theme's tooltip reads these; the page's coordinates, so
  // placed again only when something scrolls that moves the element within the page)
  function placeHint() {
    if (!hintFor) return;
    var r = hintFor.getBoundingClientRect();
    var s = hint.style;
    s.setProperty("--md-tooltip-host-x", (r.left + window.scrollX) + "px");
    s.setProperty("--md-tooltip-host-y", (r.top + window.scrollY) + "px");
    s.setProperty("--md-tooltip-x", (r.width / 2) + "px");
    s.setProperty("--md-tooltip-y", (8 + r.height) + "px");
    s.setProperty("--md-tooltip-tail", "0px");
  }
  function titled(target) {
    var el = target && target.closest ? target.closest("[title]") : null;
    return el && !el.hasAttribute("data-preview") && el.closest(HOSTS) ? el : null;
  }
  document.addEventListener("mouseover", function (ev) {
    if (lastPointer !== "mouse") return;  // a tap: the glossary's box above answers it
    if (hintFor && hintFor.contains(ev.target)) return;
    var el = titled(ev.target);
    if (el) showHint(el, false);
    else if (hintFor && !hintByFocus) hideHint();  // (the page scrolling under a resting mouse is no reason to hide a focused one)
  }, true);
  document.addEventListener("mouseout", function (ev) {
    if (hintFor && !hintByFocus && !(ev.relatedTarget && hintFor.contains(ev.relatedTarget)) && hintFor.contains(ev.target)) hideHint();
  }, true);
  document.addEventListener("focusin", function (ev) {
    var el = titled(ev.target);
    if (el && el === ev.target) showHint(el, true);
    else hideHint();
  }, true);
  document.addEventListener("focusout", function () { hideHint(); }, true);
  ["pointerdown", "popstate"].forEach(function (k) { window.addEventListener(k, hideHint, true); });
  window.addEventListener("scroll", function (ev) { if (ev.target !== document) placeHint(); }, { capture: true, passive: true });
  document.addEventListener("keydown", function (ev) { if (ev.key === "Escape") hideHint(); }, true);

  // Printing: open every collapsed block so its content is on paper, then restore.
  var opened = [];
  window.addEventListener("beforeprint", function () {
    opened = [].slice.call(document.querySelectorAll("details:not([open])"));
    opened.forEach(function (d) { d.setAttribute("open", ""); });
  });
  window.addEventListener("afterprint", function () {
    opened.forEach(function (d) { d.removeAttribute("open"); });
    opened = [];
  });
})();
