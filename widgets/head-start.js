// Written into the head of every page with widgets (sitegen/hooks.py), as an inline script after the link that
// preloads the widgets' runtime: it starts the engine's worker while the page is still being parsed, before the
// runtime (an async module, run only once the browser gets to it, often after the theme's own script) could. The
// worker boots Python at once, off the main thread; the runtime (widgets/runtime.js bootWorker) adopts it and the
// messages it sent meanwhile. Anything that goes wrong here leaves the start to the runtime.
(() => {
  try {
    const link = document.querySelector('link[rel="modulepreload"][href*="assets/widgets/runtime."]');
    if (!link || !window.Worker || location.protocol === "file:") return;
    // the worker's name is written with its content hash by the build, as every reference to a widget script
    const worker = new Worker(new URL("../../assets/widgets/worker.js", link.href), { type: "module" });
    const heard = [];
    const early = { worker, heard, failed: null };
    worker.onmessage = (event) => heard.push(event);
    worker.onerror = (event) => { early.failed = event.message || "the worker failed"; };
    // the same boot message as the runtime's (widgets/runtime.js bootWorker): a snapshot that failed in this browser
    // before is avoided; on a first visit the worker keeps what it fetches for the service worker
    let avoid = null;
    try { avoid = localStorage.getItem("hw-snapshot-failed"); } catch { /* private mode: no snapshot failed here */ }
    const sw = navigator.serviceWorker;
    worker.postMessage({ type: "boot", snapshot: true, avoid, stage: !!(window.isSecureContext && sw && !sw.controller) });
    window.hwEarlyWorker = early;
  } catch {
    // the runtime starts the worker itself
  }
})();
