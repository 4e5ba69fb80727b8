// Written into the head of every page with widgets (sitegen/hooks.py), as an inline script after the link that
// preloads the widgets' runtime. For a returning reader (the service worker answers the page from this browser's
// copy), it starts the engine's worker while the page is still being parsed, before the runtime (an async module, run
// only once the browser gets to it, often after the theme's own script) could: the worker restores Python from the
// snapshot at once, off the main thread; the runtime (widgets/runtime.js bootWorker) adopts it and the messages it
// sent meanwhile. On a first visit the runtime starts the worker, as it always did: begun this early, Pyodide's
// download and compile shared the processor with the page's own first layout and script, and the page's total
// blocking time in Lighthouse's phone measure rose from 80-150 ms to 290-380 ms (benchmarks/lighthouse.py, three
// widget pages in turns). Anything that goes wrong here leaves the start to the runtime.
(() => {
  try {
    const link = document.querySelector('link[rel="modulepreload"][href*="assets/widgets/runtime."]');
    const sw = navigator.serviceWorker;
    if (!link || !window.Worker || location.protocol === "file:" || !sw || !sw.controller) return;
    // the worker's name is written with its content hash by the build, as every reference to a widget script
    const worker = new Worker(new URL("../../assets/widgets/worker.js", link.href), { type: "module" });
    const heard = [];
    const early = { worker, heard, failed: null };
    worker.onmessage = (event) => heard.push(event);
    worker.onerror = (event) => { early.failed = event.message || "the worker failed"; };
    // the same boot message as the runtime's (widgets/runtime.js bootWorker): a snapshot that failed in this browser
    // before is avoided; the service worker has its copies already (nothing fetched is kept for it)
    let avoid = null;
    try { avoid = localStorage.getItem("hw-snapshot-failed"); } catch { /* private mode: no snapshot failed here */ }
    worker.postMessage({ type: "boot", snapshot: true, avoid, stage: false });
    window.hwEarlyWorker = early;
  } catch {
    // the runtime starts the worker itself
  }
})();
