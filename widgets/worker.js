// The one module web worker of a tab: boots Pyodide (served from this site),
// installs the engine (the wheel built from engine/, checked against its sha256
// by the browser before use) and the views beside it (views/, zipped, checked the
// same way) and answers requests through engine.api.handle, or views.answer for a
// request of a widget's view (the markup drawn from the engine's answer).
// Nothing is fetched from any other host.
// Pyodide's JavaScript half, imported as this script starts but not before it: a start from the snapshot reads it
// from the caches meanwhile (boot), instead of only once the import has been fetched and run
const pyodideModule = import("../pyodide/pyodide.mjs");
pyodideModule.catch(() => {}); // a failed import fails the start, which awaits it (boot)

const ASSETS = new URL("../", import.meta.url); // …/assets/
// the build names the lock file after its content hash (sitegen/assets.py)
const LOCK = new URL("../pyodide/pyodide-lock.json", import.meta.url);
// Filled in by the build (sitegen/assets.py), so each is part of this script's hashed name:
// the engine's wheel {wheel: path under assets/, sha256: hex}, and this build's snapshot of a
// started Python with the engine imported {file: name under assets/pyodide/, sha256: hex of
// the file} (null when the build had no Node to make one).
const ENGINE = /*hw:engine*/null;
const SNAPSHOT = /*hw:snapshot*/null;
// the views package as a zip archive {file: path under assets/, sha256: hex} (sitegen/assets.py)
const VIEWS = /*hw:views*/null;
let pyCall = null;

// Pyodide's files, in a folder the build names by their content (sitegen/assets.py), as the import above
const PYODIDE = /*hw:pyodide*/"pyodide/";

const pyodideOptions = () => ({
  indexURL: new URL(PYODIDE, ASSETS).href,
  lockFileURL: LOCK.href,
  packageBaseUrl: ASSETS.href, // the lock file names the wheel relative to assets/
});

// The engine's entry point, run after a fresh start; the build runs the same code before
// it makes the snapshot (sitegen/assets.py reads it from here), so a restored Python has it.
const BOOT_PY = `
import importlib, json
importlib.invalidate_caches()
import engine
import engine.api
import views
def _hw_call(text):
    if not isinstance(text, str):
        text = "null"  # (the page only sends text; anything else is no request, refused in the engine's own words)
    try:
        req = json.loads(text)
    except (ValueError, RecursionError):
        return json.dumps({"ok": False, "error": {"code": "bad_json", "zh": "请求不是有效的 JSON。", "en": "The request is not valid JSON."}})
    try:
        if isinstance(req, dict) and "view" in req:
            return json.dumps(views.answer(req), ensure_ascii=False)
        return json.dumps(engine.api.handle(req), ensure_ascii=False)
    except Exception:
        import sys, traceback
        traceback.print_exc(file=sys.stderr)  # for a developer, in the console; never in an answer
        return json.dumps({"ok": False, "error": {"code": "internal_error", "zh": "规则程序没能回答这个请求。请再试一次；如果还是这样，请报告它。", "en": "The rules program could not answer this request. Please try again, and report it if it happens again."}})
`;

const hex = (buf) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, "0")).join("");
const base64 = (h) => btoa(String.fromCharCode(...h.match(/../g).map((x) => parseInt(x, 16))));

/** The engine's wheel; the browser checks it against the digest this script carries
 * (Subresource Integrity), so a wrong file is an error, never a different engine. */
async function fetchWheel() {
  const res = await fetch(new URL(ENGINE.wheel, ASSETS), { integrity: `sha256-${base64(ENGINE.sha256)}` });
  if (!res.ok) throw new Error(`the engine package did not load: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** The views package (a zip archive), checked against the digest this script carries, as the wheel. */
async function fetchViews() {
  const res = await fetch(new URL(VIEWS.file, ASSETS), { integrity: `sha256-${base64(VIEWS.sha256)}` });
  if (!res.ok) throw new Error(`the widgets' views did not load: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

// Faster later visits: the build made a memory snapshot of a started Python with the
// engine imported (assets/pyodide/snapshot.<hash>.bin: its runs of non-zero bytes, gzip-packed, see layOut). The service worker
// keeps it once the reader has used a widget; a later start restores it instead of
// starting Python from scratch. It is used only if its sha256 is the one this script
// carries: a damaged copy, or one planted in the browser's caches by another page of the
// same origin, is deleted and Python starts fresh. A first visit never downloads it.
const snapshotURL = () => new URL(`pyodide/${SNAPSHOT.file}`, ASSETS).href;

async function forgetSnapshot() {
  if (!SNAPSHOT || !self.caches) return;
  for (const name of await caches.keys()) await (await caches.open(name)).delete(snapshotURL());
}

/** The build's snapshot in this browser's caches: the response, or null when there is none. */
async function findSnapshot() {
  if (!SNAPSHOT || !self.caches || !(self.crypto && crypto.subtle)) return null;
  const url = snapshotURL();
  for (const name of await caches.keys()) {
    const hit = await (await caches.open(name)).match(url);
    if (hit) return hit;
  }
  return null;
}

/** The snapshot laid out from its runs of non-zero bytes (sitegen/assets.py snapshot_runs: the snapshot's length and
 * the number of runs, each run's place and length, all uint32 little-endian, then the runs' bytes). A third of the
 * snapshot is zeros; left out, the unpacking has that much less to write, and the zeros cost nothing here. */
function layOut(buf) {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const size = view.getUint32(0, true);
  const count = view.getUint32(4, true);
  const out = new Uint8Array(size);
  for (let i = 0, p = 8 + 8 * count; i < count; i++) {
    const at = view.getUint32(8 + 8 * i, true);
    const n = view.getUint32(12 + 8 * i, true);
    if (p + n > buf.length || at + n > size) throw new Error("the Python snapshot is not laid out as the build writes it");
    out.set(buf.subarray(p, p + n), at);
    p += n;
  }
  return out;
}

/** A snapshot found in the caches, checked against the digest this script carries, unpacked and laid out; a copy
 * that fails the check is refused (``report.rejected``; boot deletes it) and the start goes on without it. */
async function readSnapshot(hit, report) {
  const packed = await hit.arrayBuffer();
  if (hex(await crypto.subtle.digest("SHA-256", packed)) !== SNAPSHOT.sha256) {
    report.rejected = true; // deleted by boot's catch, which every failure of this start goes through
    throw new Error("the Python snapshot in this browser's caches is not this build's");
  }
  const raw = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
  return layOut(new Uint8Array(await new Response(raw).arrayBuffer()));
}

// A first visit (no service worker in charge yet): what this start fetches is also written to
// a cache of its own, so that the service worker keeps it for the offline copy (after checking
// each body against the build's list, widgets/sw.js) without downloading it a second time —
// a browser whose HTTP cache cannot hold a 10 MB file (a private window) would otherwise fetch
// the WebAssembly twice. The service worker empties that cache once it has kept the files;
// a later start, served by the service worker, empties it too.
const STAGING = "hw-fetched";
// (each written once Python is up: written as it comes, the copy of the WebAssembly and of the standard library
// would be written while Pyodide reads and compiles them, and the start would share the machine with the writing)
const staging = [];
const stageNow = () => Promise.all(staging.splice(0).map((write) => write()));

function stageFetches() {
  const plain = self.fetch.bind(self);
  self.fetch = async (input, init) => {
    const res = await plain(input, init);
    try {
      const url = new URL(typeof input === "string" || input instanceof URL ? String(input) : input.url, self.location.href);
      const get = !(init && init.method && init.method !== "GET") && !(input instanceof Request && input.method !== "GET");
      if (get && res.ok && res.status === 200 && url.origin === self.location.origin) {
        const copy = res.clone();
        staging.push(() => caches.open(STAGING).then((c) => c.put(url.href, copy)).catch(() => {}));
      }
    } catch {
      // not kept for the service worker: it fetches the file itself
    }
    return res;
  };
}

async function boot(options = {}) {
  const t0 = performance.now();
  if (!ENGINE || !VIEWS) throw new Error("this worker script was not prepared by the site's build");
  if (self.caches) caches.delete("hw-python-snapshot").catch(() => {}); // what earlier deployments made in the browser
  if (self.caches && options.stage) stageFetches();
  else if (self.caches) caches.delete(STAGING).catch(() => {});
  const wheel = fetchWheel(); // downloads while Python starts
  wheel.catch(() => {});
  const viewsZip = fetchViews();
  viewsZip.catch(() => {});
  const report = { rejected: false };
  const phases = {}; // milliseconds from the start of each step's end, for benchmarks/run.py
  const mark = (name) => { phases[name] = Math.round(performance.now() - t0); };
  let pyodide = null;
  let restored = false;
  // not when the page asks for a fresh start (the snapshot failed in this browser before)
  const skip = !SNAPSHOT || options.snapshot === false || options.avoid === snapshotURL();
  const hit = skip ? null : await findSnapshot().catch(() => null);
  if (hit) {
    // the page drops the snapshot if this start does not finish in time (widgets/runtime.js)
    self.postMessage({ type: "booting", snapshot: snapshotURL() });
    // read, checked and unpacked while Pyodide's JavaScript half loads and its WebAssembly downloads; Pyodide
    // awaits the bytes before it instantiates the WebAssembly (loadPyodide: prepareSnapshot, then the module)
    const bytes = readSnapshot(hit, report).finally(() => mark("snapshot"));
    // handled here at once: Pyodide awaits the bytes only later, and a copy refused before then would otherwise count
    // as a failure nobody awaits (the unhandledrejection below), ending this start instead of going on without it
    bytes.catch(() => {});
    // (a failed import of Pyodide fails this start, as it would a fresh one: it says nothing against the snapshot)
    const { loadPyodide } = await pyodideModule;
    try {
      pyodide = await loadPyodide({ ...pyodideOptions(), _loadSnapshot: bytes });
      restored = true;
    } catch {
      report.rejected = true;
      await forgetSnapshot().catch(() => {});
    }
  }
  if (!pyodide) pyodide = await (await pyodideModule).loadPyodide(pyodideOptions());
  mark("python");
  // the snapshot holds every module of the engine and the views, imported (sitegen/assets.py SNAPSHOT_GAMES), and
  // neither reads a file of its own once imported: a restored start needs none of their files
  if (!restored) {
    const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
    pyodide.unpackArchive(await wheel, "wheel", { extractDir: sitePackages });
    pyodide.unpackArchive(await viewsZip, "zip", { extractDir: sitePackages });
    mark("unpacked");
    pyodide.runPython(BOOT_PY);
  } else {
    // not unpacked, but still checked: an engine or views file altered on its way is refused all the same
    await Promise.all([wheel, viewsZip]);
  }
  mark("engine");
  pyCall = pyodide.globals.get("_hw_call");
  const ping = JSON.parse(pyCall(JSON.stringify({ game: "engine", action: "ping" })));
  if (!ping.ok) {
    pyCall = null;
    if (restored) await forgetSnapshot().catch(() => {});
    throw new Error("the engine did not answer after start-up");
  }
  const version = pyodide.runPython("engine.__version__");
  self.hwBoot = {
    version, snapshot: restored, snapshotRejected: report.rejected, ms: performance.now() - t0, phases,
    snapshotFile: SNAPSHOT ? snapshotURL() : null,
    // what this start fetched: the page asks the service worker to keep it (widgets/runtime.js)
    fetched: performance.getEntriesByType("resource").map((e) => e.name),
  };
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
  deep: { code: "bad_request", zh: `这个请求层层套叠超过 ${LIMITS.depth} 层，规则程序不读它。`, en: `This request is nested more than ${LIMITS.depth} levels deep; the rules program does not read it.` },
  big: { code: "bad_request", zh: "这个请求太长，规则程序不读它。", en: "This request is too long for the rules program to read." },
  unknown: { code: "bad_request", zh: "规则程序收到一条看不懂的消息，没有处理它。", en: "The rules program received a message it could not understand, and did nothing with it." },
  // a call without a request, or with something else than a set of named values (call(undefined), call(42)…)
  malformed: { code: "bad_request", zh: "规则程序收到的请求是空的，或者不是一组带名字的值，没有处理它。", en: "The rules program received an empty request, or one that is not a set of named values, and did nothing with it." },
  // the engine failed inside (its words for a developer went to the console, never to the reader)
  failed: { code: "worker_error", zh: "浏览器中的规则程序没能回答这个请求。请再试一次。", en: "The rules program in the browser could not answer this request. Please try again." },
  starting: { code: "worker_error", zh: "浏览器中的规则程序还没有准备好。请稍后再试。", en: "The rules program in the browser is not ready yet. Please try again in a moment." },
};

const isRequest = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

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
    booting = booting || boot({ snapshot: msg.snapshot, avoid: msg.avoid, stage: msg.stage === true });
    try {
      const info = await booting;
      self.postMessage({ type: "ready", ...info });
      // then, once what this start fetched is written for the service worker (see stageFetches)
      await stageNow();
      self.postMessage({ type: "staged" });
    } catch (err) {
      booting = null;
      self.postMessage({ type: "boot-error", message: String(err && err.message || err) });
    }
  } else if (msg.type === "call" && (msg.refused || !isRequest(msg.request) || nestedDeeperThan(msg.request, LIMITS.depth))) {
    refuse(msg.id, msg.refused || (isRequest(msg.request) ? REFUSED.deep : REFUSED.malformed));
  } else if (msg.type === "call") {
    let text;
    try {
      if (!pyCall) {
        refuse(msg.id, REFUSED.starting);
        return;
      }
      text = pyCall(JSON.stringify(msg.request));
      if (typeof text !== "string") throw new TypeError("the engine answered something else than text");
    } catch (err) {
      console.error("the rules engine failed on a call:", err); // for a developer only: never shown to a reader
      refuse(msg.id, REFUSED.failed);
      return;
    }
    self.postMessage(answerText(msg.id, text)); // the engine's answer is JSON text already
  } else {
    refuse(msg.id, REFUSED.unknown); // an empty or unknown message: answered, never left waiting
  }
};
