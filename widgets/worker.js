// The one module web worker of a tab: boots Pyodide (served from this site),
// loads the engine as a Pyodide package (the wheel built from engine/, listed in
// the site's pyodide-lock.json with its sha256, which loadPackage checks) and
// answers requests through engine.api.handle. Nothing is fetched from any other host.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const ASSETS = new URL("../", import.meta.url); // …/assets/
// the build names the lock file after its content hash (sitegen/assets.py)
const LOCK = new URL("../pyodide/pyodide-lock.json", import.meta.url);
const ENGINE = "folk-games-engine";
let pyCall = null;

async function boot() {
  const t0 = performance.now();
  const pyodide = await loadPyodide({
    indexURL: new URL("pyodide/", ASSETS).href,
    lockFileURL: LOCK.href,
    packageBaseUrl: ASSETS.href, // the lock file names the wheel relative to assets/
  });
  const problems = [];
  const loaded = await pyodide.loadPackage(ENGINE, {
    checkIntegrity: true,
    messageCallback: () => {},
    errorCallback: (m) => problems.push(m),
  });
  if (!loaded.some((p) => p.name === ENGINE)) {
    throw new Error(`the engine package did not load${problems.length ? ": " + problems.join(" ") : ""}`);
  }
  const version = pyodide.runPython(`
import json
import engine
import engine.api
def _hw_call(text):
    try:
        req = json.loads(text)
    except ValueError:
        return json.dumps({"ok": False, "error": {"code": "bad_json", "zh": "请求不是有效的 JSON。", "en": "The request is not valid JSON."}})
    return json.dumps(engine.api.handle(req), ensure_ascii=False)
engine.__version__
`);
  pyCall = pyodide.globals.get("_hw_call");
  return { version, ms: performance.now() - t0 };
}

let booting = null;

// A failure inside Pyodide's start-up that nobody awaits (a WebAssembly download
// that fails, for one) would leave the page waiting: report it as a failed start.
self.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  if (!pyCall) {
    booting = null;
    const err = event.reason;
    self.postMessage({ type: "boot-error", message: String((err && err.message) || err) });
  }
});

self.onmessage = async (event) => {
  const msg = event.data || {};
  if (msg.type === "boot") {
    booting = booting || boot();
    try {
      const info = await booting;
      self.postMessage({ type: "ready", ...info });
    } catch (err) {
      booting = null;
      self.postMessage({ type: "boot-error", message: String(err && err.message || err) });
    }
  } else if (msg.type === "call") {
    let answer;
    try {
      if (!pyCall) throw new Error("engine not ready");
      answer = JSON.parse(pyCall(JSON.stringify(msg.request)));
    } catch (err) {
      answer = { ok: false, error: { code: "worker_error", zh: `浏览器中的引擎出错：${err}`, en: `The engine in the browser failed: ${err}` } };
    }
    self.postMessage({ type: "answer", id: msg.id, answer });
  }
};
