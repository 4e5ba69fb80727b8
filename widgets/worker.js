// The one module web worker of a tab: boots Pyodide (served from this site),
// unpacks the engine built from engine/ at site-build time, and answers
// requests through engine.api.handle. Nothing is fetched from any other host.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const ASSETS = new URL("../", import.meta.url); // …/assets/
let pyCall = null;

async function boot() {
  const t0 = performance.now();
  // fetch the engine while Pyodide boots
  const engineZip = fetch(new URL("engine/manifest.json", ASSETS), { cache: "no-cache" })
    .then((r) => r.json())
    .then(async (manifest) => ({ manifest, zip: await (await fetch(new URL(`engine/${manifest.zip}`, ASSETS))).arrayBuffer() }));
  engineZip.catch(() => {}); // reported when awaited below
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", ASSETS).href });
  const { manifest, zip } = await engineZip;
  pyodide.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/engine_root" });
  pyodide.runPython(`
import sys, json
sys.path.insert(0, "/home/pyodide/engine_root")
import engine.api
def _hw_call(text):
    try:
        req = json.loads(text)
    except ValueError:
        return json.dumps({"ok": False, "error": {"code": "bad_json", "zh": "请求不是有效的 JSON。", "en": "The request is not valid JSON."}})
    return json.dumps(engine.api.handle(req), ensure_ascii=False)
`);
  pyCall = pyodide.globals.get("_hw_call");
  return { version: manifest.version, ms: performance.now() - t0 };
}

let booting = null;

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
