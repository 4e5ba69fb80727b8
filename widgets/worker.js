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

const pyodideOptions = () => ({
  indexURL: new URL("pyodide/", ASSETS).href,
  lockFileURL: LOCK.href,
  packageBaseUrl: ASSETS.href, // the lock file names the wheel relative to assets/
});

// Faster second visits: after a first visit the runtime asks a second, background
// worker for a memory snapshot of a freshly started Python (standard modules the
// engine uses already imported), kept in the browser's Cache Storage under this
// worker's hashed name, so one deployment never restores another's snapshot.
// A later visit restores it instead of starting Python from scratch; the engine
// itself is still loaded by loadPackage, with its sha256 checked.
const SNAPSHOT_CACHE = "hw-python-snapshot";
const SNAPSHOT_KEY = new URL(`../pyodide/python-snapshot.bin?worker=${encodeURIComponent(new URL(import.meta.url).pathname)}`, import.meta.url).href;
const PRELOAD = "import json, random, dataclasses, typing, functools, itertools, fractions, math, html, re, types";

async function readSnapshot() {
  try {
    if (!self.caches) return null;
    const hit = await (await caches.open(SNAPSHOT_CACHE)).match(SNAPSHOT_KEY);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

async function startPython() {
  const snapshot = await readSnapshot();
  if (snapshot) {
    try {
      return { pyodide: await loadPyodide({ ...pyodideOptions(), _loadSnapshot: snapshot }), snapshot: true };
    } catch {
      await caches.delete(SNAPSHOT_CACHE).catch(() => {}); // unusable: start from scratch, and make a new one later
    }
  }
  return { pyodide: await loadPyodide(pyodideOptions()), snapshot: false };
}

async function makeSnapshot() {
  if (!self.caches) return false;
  if (await readSnapshot()) return true;
  const pyodide = await loadPyodide({ ...pyodideOptions(), _makeSnapshot: true });
  pyodide.runPython(PRELOAD);
  const bytes = pyodide.makeMemorySnapshot();
  const cache = await caches.open(SNAPSHOT_CACHE);
  for (const key of await cache.keys()) await cache.delete(key); // an older deployment's
  await cache.put(SNAPSHOT_KEY, new Response(bytes, { headers: { "content-type": "application/octet-stream" } }));
  return true;
}

async function boot() {
  const t0 = performance.now();
  const { pyodide, snapshot } = await startPython();
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
  self.hwBoot = { version, snapshot, ms: performance.now() - t0 }; // for tests and benchmarks
  return self.hwBoot;
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

// Messages between the page and this worker are JSON text: structured cloning turns a value
// nested too deep into null, a call the worker could not answer until the page's watchdog
// gave up. Every message is answered at once: a call with what the engine says or with a
// plain refusal; a message of no known type, and one that could not be read at all
// (messageerror), with an answer that the page gives to the call waiting longest.
const LIMITS = { chars: 4_000_000, depth: 32 };
const REFUSED = {
  deep: { code: "bad_request", zh: `这个请求层层套叠超过 ${LIMITS.depth} 层，规则引擎不读它。`, en: `This request is nested more than ${LIMITS.depth} levels deep; the rules engine does not read it.` },
  big: { code: "bad_request", zh: "这个请求太长，规则引擎不读它。", en: "This request is too long for the rules engine to read." },
  unknown: { code: "bad_request", zh: "规则引擎收到一条看不懂的消息，没有处理它。", en: "The rules engine received a message it could not understand, and did nothing with it." },
};

function nestedDeeperThan(value, depth) {
  const stack = [[value, 1]];
  while (stack.length) {
    const [v, d] = stack.pop();
    if (v === null || typeof v !== "object") continue;
    if (d > depth) return true;
    for (const x of Array.isArray(v) ? v : Object.values(v)) stack.push([x, d + 1]);
  }
  return false;
}

function readMessage(data) {
  if (typeof data === "string") {
    if (data.length > LIMITS.chars) {
      const id = /^\{"type":"call","id":(\d{1,15}),/.exec(data);
      return { type: "call", refused: REFUSED.big, id: id ? Number(id[1]) : null };
    }
    try { data = JSON.parse(data); } catch { return {}; }
  }
  return data && typeof data === "object" && !Array.isArray(data) ? data : {};
}

const answerText = (id, answerJson) => `{"type":"answer","id":${Number.isSafeInteger(id) ? id : null},"answer":${answerJson}}`;
const refuse = (id, error) => self.postMessage(answerText(id, JSON.stringify({ ok: false, error })));

self.onmessageerror = () => refuse(null, REFUSED.unknown);

self.onmessage = async (event) => {
  const msg = readMessage(event.data);
  if (msg.type === "boot") {
    booting = booting || boot();
    try {
      const info = await booting;
      self.postMessage({ type: "ready", ...info });
    } catch (err) {
      booting = null;
      self.postMessage({ type: "boot-error", message: String(err && err.message || err) });
    }
  } else if (msg.type === "snapshot") {
    let made = false;
    try {
      made = await makeSnapshot();
    } catch {
      made = false; // no snapshot: later visits start Python from scratch, as the first did
    }
    self.postMessage({ type: "snapshot-done", made });
  } else if (msg.type === "call" && (msg.refused || nestedDeeperThan(msg.request, LIMITS.depth))) {
    refuse(msg.id, msg.refused || REFUSED.deep);
  } else if (msg.type === "call") {
    let text;
    try {
      if (!pyCall) throw new Error("engine not ready");
      text = pyCall(JSON.stringify(msg.request));
    } catch (err) {
      text = JSON.stringify({ ok: false, error: { code: "worker_error", zh: `浏览器中的引擎出错：${err}`, en: `The engine in the browser failed: ${err}` } });
    }
    self.postMessage(answerText(msg.id, text)); // the engine's answer is JSON text already
  } else {
    refuse(msg.id, REFUSED.unknown); // an empty or unknown message: answered, never left waiting
  }
};
