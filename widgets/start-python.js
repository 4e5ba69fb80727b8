// Written into the head of every page with widgets, as an inline classic script (sitegen/hooks.py), first after
// the page's security policy: it starts the engine's worker — Pyodide's download and compile, off the main
// thread — before the page's stylesheets and scripts are even requested, as a bare page would. The worker's
// address is the script's data-worker attribute (the build names the hashed file there). The widgets' runtime
// (widgets/runtime.js) takes this worker over when it runs, with every message the worker sent before then; a
// page opened from disk, or a browser without module workers, starts nothing here and the runtime does as before.
(function () {
  var me = document.currentScript;
  var avoid = null;
  var w;
  var early;
  if (location.protocol === "file:" || !window.Worker || !me || !me.dataset.worker) return;
  try {
    avoid = localStorage.getItem("hw-snapshot-failed"); // a snapshot that failed once in this browser (runtime.js)
  } catch (_) {
    avoid = null;
  }
  try {
    w = new Worker(new URL(me.dataset.worker, location.href), { type: "module" });
    early = { worker: w, messages: [], errors: [] };
    w.onmessage = function (e) { early.messages.push(e); };
    w.onerror = function (e) { early.errors.push(e); };
    // as the runtime asks: from the snapshot if this browser keeps one, and a first visit keeps what it fetches
    w.postMessage({
      type: "boot", snapshot: true, avoid: avoid,
      stage: !!(window.isSecureContext && navigator.serviceWorker && !navigator.serviceWorker.controller),
    });
    window.hwEarlyWorker = early;
  } catch (_) {
    window.hwEarlyWorker = null; // the runtime starts its own
  }
})();
