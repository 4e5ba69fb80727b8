"""The cost of checking the offline copy on every read (issue 38). Prints figures; asserts nothing.

The service worker (widgets/sw.js) used to hand a response from its cache straight to the page.
It now reads the body, computes its sha256, compares it with the build's list, and answers with a
response of its own (the file's type, ``nosniff``, the site's policy). This measures, in headless
Chromium on loopback, the time a page's ``fetch`` takes to get a whole body the service worker
serves from its copy — a page (``dawei/``, 0.07 MB) and Pyodide's WebAssembly (9.6 MB) — with the
service worker as it was before the check (``--before``, a git revision of widgets/sw.js, filled
with the same build's list) and as it is now. Both serve the same built site, from two loopback
origins (two registrations, two copies), measured in turns within one run: compare the ratios.

Usage: python benchmarks/bench_sw_read.py [--site DIR] [--before REV] [--reads N] [--rounds N]

Measured 2026-12-04 on the shared 2-core machine (six other sessions building and testing beside
it: the spread is wide, the ratio is the figure to read), Debian's Chromium, headless; median
(quartiles) of 5 rounds × 15 reads, the site built at commit eced83f (``--before 29688e9``):

| served from the copy | before (no check) | after (checked) | after / before |
|---|---|---|---|
| a page, dawei/ (0.07 MB) | 4.5 ms (3.5–8.8) | 5.0 ms (4.5–10.6) | 1.11 |
| pyodide.asm.wasm (9.6 MB) | 117 ms (83–211) | 563 ms (412–765) | 4.83 |

Where the added time goes (the same machine, inside the service worker, medians of 8): reading
the copy's 9.6 MB into memory 38–68 ms, its sha256 (WebCrypto) 69–142 ms, and handing a body
made from memory to the page instead of the cache's own stream (the rest). A page costs half a
millisecond more; the WebAssembly, read once per visit that starts Python from scratch (a visit
that restores the build's snapshot reads it too), costs about 0.45 s more, on a start that takes
seconds. Streaming the body to the page while hashing it would save most of that, but a body
whose last byte turned out wrong would already be in the page: the check comes first.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))
from conftest import CHROMIUM, CHROMIUM_ARGS, _Handler, build_site, site_server, start_serving

READY = '[data-widget="dawei-dice"][data-state="ready"]'
SW_BUILD = re.compile(r"/\*hw:build\*/\{[^\n]*\}")

TIME_READS = """async ([url, n]) => {
    const out = [];
    for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        const res = await fetch(url);
        const body = await res.arrayBuffer();
        out.push(performance.now() - t0);
        if (!body.byteLength) throw new Error("empty body");
    }
    return out;
}"""

WAIT_KEPT = """async ([url, ms]) => {
    const deadline = performance.now() + ms;
    while (!(await caches.match(url))) {
        if (performance.now() > deadline) throw new Error(`${url} is not kept`);
        await new Promise((r) => setTimeout(r, 200));
    }
}"""


def before_sw(site: Path, rev: str) -> bytes:
    """widgets/sw.js at ``rev``, filled with this build's list (as the build fills it)."""
    old = subprocess.run(["git", "show", f"{rev}:widgets/sw.js"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    built = SW_BUILD.search((site / "sw.js").read_text(encoding="utf-8"))
    assert built is not None
    return SW_BUILD.sub(lambda _: built.group(0), old, count=1).encode("utf-8")


def handler_with_sw(body: bytes) -> type[_Handler]:
    class Before(_Handler):
        def send_head(self):  # type: ignore[no-untyped-def]
            if self.path.split("?")[0] == "/sw.js":
                self.send_response(200)
                self.send_header("Content-Type", "text/javascript")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-cache")
                self.end_headers()
                return io.BytesIO(body)
            return super().send_head()

    return Before


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--site", type=Path, help="a site built already (else one is built)")
    ap.add_argument("--before", default="29688e9", help="the git revision of widgets/sw.js before the check on read")
    ap.add_argument("--reads", type=int, default=15)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    site = args.site
    if site is None:
        site = Path(tempfile.mkdtemp(prefix="hw-bench-sw-")) / "site"
        res = build_site(site)
        if res.returncode != 0:
            print(res.log[-3000:])
            return 1
    wasm = next(site.glob("assets/pyodide/*/pyodide.asm.wasm")).relative_to(site).as_posix()
    page_rel = "dawei/"
    sizes = {"page": (site / page_rel / "index.html").stat().st_size, "wasm": (site / wasm).stat().st_size}
    servers = {}
    for name, handler in (("before", handler_with_sw(before_sw(site, args.before))), ("after", None)):
        server, base = site_server(site, handler=handler)
        start_serving(server)
        servers[name] = (server, base)
    times: dict[tuple[str, str], list[float]] = {(v, f): [] for v in servers for f in ("page", "wasm")}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        tabs = {}
        for name, (_, base) in servers.items():
            ctx = browser.new_context(service_workers="allow")
            tab = ctx.new_page()
            tab.goto(base + page_rel)
            tab.wait_for_selector(READY, timeout=300_000)
            tab.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
            for rel in (page_rel, wasm):
                tab.evaluate(WAIT_KEPT, [base + rel, 300_000])
            tabs[name] = (tab, base)
        for r in range(args.rounds):
            order = ["before", "after"] if r % 2 == 0 else ["after", "before"]
            for name in order:
                tab, base = tabs[name]
                for f, rel in (("page", page_rel), ("wasm", wasm)):
                    tab.evaluate(TIME_READS, [base + rel, 2])  # warm-up, not counted
                    times[(name, f)] += tab.evaluate(TIME_READS, [base + rel, args.reads])
        browser.close()
    for server, _ in servers.values():
        server.shutdown()
    out = {"reads": args.reads, "rounds": args.rounds, "before_rev": args.before, "sizes": sizes}
    print(f"served from the service worker's copy; median (quartiles) of {args.rounds} × {args.reads} reads, ms")
    print("| file | before (no check) | after (checked) | after / before |")
    print("|---|---|---|---|")
    for f, label in (("page", f"a page, {page_rel} ({sizes['page'] / 1e6:.2f} MB)"), ("wasm", f"pyodide.asm.wasm ({sizes['wasm'] / 1e6:.1f} MB)")):
        b, a = times[("before", f)], times[("after", f)]
        qb, qa = statistics.quantiles(b, n=4), statistics.quantiles(a, n=4)
        mb, ma = statistics.median(b), statistics.median(a)
        print(f"| {label} | {mb:.1f} ({qb[0]:.1f}–{qb[2]:.1f}) | {ma:.1f} ({qa[0]:.1f}–{qa[2]:.1f}) | {ma / mb:.2f} |")
        out[f] = {"before_ms": round(mb, 2), "after_ms": round(ma, 2), "ratio": round(ma / mb, 3)}
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
