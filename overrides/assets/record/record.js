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
