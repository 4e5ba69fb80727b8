"""What a returning reader's start could be (issue 41.6): Pyodide's own restore from the build's snapshot, and the
snapshot read in two forms. Prints figures; asserts nothing.

(f) a bare page whose module worker restores the build's snapshot with its bytes already read and unpacked before
    the clock starts: Pyodide's own floor for a returning visit, beside the same page booting Python from scratch,
    cold and again in the same profile (HTTP cache and compiled WebAssembly cache warm);
(g) the snapshot read from Cache Storage in a bare worker, checked (sha256) and made ready for Pyodide: as the build
    writes it (its non-zero runs, gzip-packed: unpacked, then laid out again into a zeroed buffer) and as the runs
    unpacked (laid out only), nothing else running beside it.

Measured 2026-12-06, when the build packed the whole snapshot (zeros included), on the shared 2-core machine (load average under 2), Debian's Chromium, headless, medians:
(f) cold boot 2,726 ms from navigation, again in the same profile 2,685 ms, restored from the snapshot 821 ms
(the worker started at 78 ms; loadPyodide 414 ms, 0.15× of the cold boot); (g) gzip, 8.2 MB: 220 ms (read 20 ms);
non-zero runs, 18.9 MB in 4,087 runs of the snapshot's 31.5 MB: 68 ms (read 33 ms). The site's own second visit
(benchmarks/run.py (e)) was 0.45× of the cold boot: its worker starts 250–350 ms after navigation and the gunzip,
beside Pyodide's own start on two cores, took 280–650 ms.

Usage: python benchmarks/snapshot_start.py [--runs N]
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from conftest import CHROMIUM, CHROMIUM_ARGS, build_site, site_server, start_serving

PAGE = """<!doctype html><html><head><meta charset="utf-8"></head><body><p id="s">loading</p>
<script type="module">
const w = new Worker(new URL("./WORKER" + location.search, import.meta.url), { type: "module" });
w.onmessage = (e) => { window.r = { ...e.data, start: (e.data.origin || performance.timeOrigin) - performance.timeOrigin, at: performance.now() };
  document.getElementById("s").textContent = "ready"; };
</script></body></html>"""

# the snapshot's runs of non-zero bytes laid out again (as widgets/worker.js layOut does)
LAY_OUT = """const layOut = (buf) => {
  const v = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const n = v.getUint32(4, true);
  const out = new Uint8Array(v.getUint32(0, true));
  for (let i = 0, p = 8 + 8 * n; i < n; i++) {
    const at = v.getUint32(8 + 8 * i, true), len = v.getUint32(12 + 8 * i, true);
    out.set(buf.subarray(p, p + len), at);
    p += len;
  }
  return out;
};
"""

RESTORE = """import { loadPyodide } from "../assets/pyodide/FOLDER/pyodide.mjs";
LAY_OUT
const mode = new URL(self.location.href).searchParams.get("mode");
let bytes = null;
if (mode === "snap") {
  const res = await fetch(new URL("../assets/pyodide/SNAPSHOT", import.meta.url));
  bytes = layOut(new Uint8Array(await new Response(res.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer()));
}
const t0 = performance.now();
const opts = { indexURL: new URL("../assets/pyodide/FOLDER/", import.meta.url).href,
  lockFileURL: new URL("../assets/pyodide/pyodide-lock.json", import.meta.url).href };
const py = await loadPyodide(bytes ? { ...opts, _loadSnapshot: bytes } : opts);
py.runPython("1 + 1");
self.postMessage({ t0, t1: performance.now(), origin: performance.timeOrigin });
"""

READ = """LAY_OUT
const c = await caches.open("bench");
const base = new URL("./", import.meta.url).href;
for (const f of ["s.gz", "s.zr"]) if (!(await c.match(base + f))) await c.put(base + f, await fetch(base + f));
const out = {};
for (const kind of ["gz", "zr", "gz", "zr"]) {
  const t0 = performance.now();
  const buf = await (await c.match(base + "s." + kind)).arrayBuffer();
  const read = performance.now() - t0;
  const digest = crypto.subtle.digest("SHA-256", buf);
  let bytes;
  if (kind === "gz") {
    await digest;
    bytes = layOut(new Uint8Array(await new Response(new Blob([buf]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer()));
  } else {
    bytes = layOut(new Uint8Array(buf));
    await digest;
  }
  out[kind] = [read, performance.now() - t0, bytes.length];
}
self.postMessage(out);
"""


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    site = Path(tempfile.mkdtemp(prefix="hw-snapshot-")) / "site"
    server, base = site_server(site)
    res = build_site(site, base)
    if res.returncode != 0:
        print(res.log[-3000:])
        return 1
    folder = next(site.glob("assets/pyodide/*/pyodide.mjs")).parent.name
    snapshot = next(site.glob("assets/pyodide/snapshot.*.bin"))
    packed = snapshot.read_bytes()
    zr = gzip.decompress(packed)  # the build packs the snapshot's runs of non-zero bytes (sitegen/assets.py)
    bench = site / "bench"
    bench.mkdir()
    (bench / "restore.html").write_text(PAGE.replace("WORKER", "restore.js"), encoding="utf-8")
    (bench / "restore.js").write_text(RESTORE.replace("LAY_OUT", LAY_OUT).replace("FOLDER", folder).replace("SNAPSHOT", snapshot.name), encoding="utf-8")
    (bench / "read.html").write_text(PAGE.replace("WORKER", "read.js"), encoding="utf-8")
    (bench / "read.js").write_text(READ.replace("LAY_OUT", LAY_OUT), encoding="utf-8")
    (bench / "s.gz").write_bytes(packed)
    (bench / "s.zr").write_bytes(zr)
    start_serving(server)

    boots: dict[str, list[tuple[float, float, float]]] = {"cold": [], "again": [], "restored": []}
    reads: dict[str, list[tuple[float, float]]] = {"gz": [], "zr": []}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        for _ in range(args.runs):
            ctx = browser.new_context()
            for kind in ("cold", "again", "restored", "restored"):
                page = ctx.new_page()
                page.goto(base + "bench/restore.html?mode=" + ("snap" if kind == "restored" else "plain"))
                page.wait_for_selector("#s:text('ready')", timeout=180_000)
                r = page.evaluate("window.r")
                boots[kind].append((r["at"], r["start"], r["t1"] - r["t0"]))
                page.close()
            page = ctx.new_page()
            page.goto(base + "bench/read.html")
            page.wait_for_selector("#s:text('ready')", timeout=180_000)
            r = page.evaluate("window.r")
            for kind in reads:
                reads[kind].append((r[kind][0], r[kind][1]))
            ctx.close()

    def med(xs: list[float]) -> str:
        return f"{statistics.median(xs):.0f}"

    cold = statistics.median(x[0] for x in boots["cold"])
    print(f"Snapshot start, headless Chromium on loopback, medians of {args.runs} runs (snapshot {len(packed) / 1e6:.1f} MB as the build "
          f"packs it, {len(zr) / 1e6:.1f} MB of non-zero runs unpacked)")
    print("| (f) boot | ready from navigation (ms) | ratio to cold | worker started (ms) | loadPyodide (ms) |")
    print("|---|---|---|---|---|")
    for kind, rows in boots.items():
        ready = statistics.median(x[0] for x in rows)
        print(f"| {kind} | {ready:.0f} | {ready / cold:.2f} | {med([x[1] for x in rows])} | {med([x[2] for x in rows])} |")
    print("| (g) snapshot form | read from Cache Storage (ms) | read, checked and ready (ms) |")
    print("|---|---|---|")
    for kind, rows2 in reads.items():
        print(f"| {kind} | {med([x[0] for x in rows2])} | {med([x[1] for x in rows2])} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
