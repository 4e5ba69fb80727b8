"""Speed of the widget platform in headless Chromium on loopback. Prints figures; asserts nothing.

(a) a bare page that boots the same Pyodide in a module worker, cold
(b) navigation to a widget page until its first widget is ready, cold
(c) following a link from one widget page to another in the same tab until the new page's widget is ready
(e) a second visit: the same widget page in a new tab of the same browser profile (HTTP cache,
    compiled WebAssembly cache and the service worker's offline copy from the first visit)
(d) click to answer (dice widget), median over many clicks

All in one run on the same machine, runs interleaved, so the ratios compare like with like.

Usage: python benchmarks/run.py [--site DIR] [--runs N]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from conftest import CHROMIUM, CHROMIUM_ARGS, build_site, site_server, start_serving  # noqa: E402

READY = '[data-widget][data-state="ready"]'


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--clicks", type=int, default=30)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="hw-bench-"))
    site = tmp / "site"
    # reserve the port first: the site is built for the address it is served on
    server, base = site_server(site)
    res = build_site(site, base)
    if res.returncode != 0:
        print(res.log[-3000:])
        return 1
    (site / "bench").mkdir()
    for f in ("bare.html", "bare-worker.js"):
        shutil.copy2(ROOT / "benchmarks" / f, site / "bench" / f)
    start_serving(server)

    a, b, c, d, e = [], [], [], [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        def bare() -> None:
            ctx = browser.new_context()
            page = ctx.new_page()
            t0 = time.perf_counter()
            page.goto(base + "bench/bare.html")
            page.wait_for_selector("#state:text('ready')", timeout=180_000)
            a.append((time.perf_counter() - t0) * 1000)
            ctx.close()

        for run in range(args.runs):
            if run % 2 == 0:  # interleaved: the bare boot goes first in every other run
                bare()
            ctx = browser.new_context()
            page = ctx.new_page()
            t0 = time.perf_counter()
            page.goto(base + "dawei/")
            page.wait_for_selector(READY, timeout=180_000)
            b.append((time.perf_counter() - t0) * 1000)
            # (c) follow a link to another widget page in the same tab
            t0 = time.perf_counter()
            page.evaluate("() => document.querySelector('a.md-nav__link[href$=\"archive/widgets/\"]').click()")
            page.wait_for_url("**/archive/widgets/")
            page.wait_for_selector(READY, timeout=180_000)
            c.append((time.perf_counter() - t0) * 1000)
            # (e) the offline copy is complete (the service worker controls the page), then a second visit
            page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=300_000)
            page.evaluate("() => navigator.serviceWorker.ready")
            # … and the background snapshot of a started Python for later visits (widgets/worker.js)
            page.evaluate("""async () => {
                const deadline = performance.now() + 300000;
                while (performance.now() < deadline) {
                    if (await caches.has("hw-python-snapshot") && (await (await caches.open("hw-python-snapshot")).keys()).length) return;
                    await new Promise((r) => setTimeout(r, 200));
                }
            }""")
            page.close()
            page = ctx.new_page()
            t0 = time.perf_counter()
            page.goto(base + "dawei/")
            page.wait_for_selector(READY, timeout=180_000)
            e.append((time.perf_counter() - t0) * 1000)
            ctx.close()
            if run % 2 == 1:
                bare()

        ctx = browser.new_context()
        page = ctx.new_page()
        page.goto(base + "archive/widgets/")
        page.wait_for_selector(READY, timeout=180_000)
        # measured inside the page: from the click event to the answer drawn (data-seq bumped)
        d = page.evaluate(
            """async (n) => {
                const root = document.querySelector('[data-widget="dawei-dice"]');
                const button = root.querySelector('[data-role="roll"]');
                const times = [];
                for (let i = 0; i < n; i++) {
                    const want = String(Number(root.dataset.seq || 0) + 1);
                    const t0 = performance.now();
                    const done = new Promise((resolve) => {
                        const mo = new MutationObserver(() => {
                            if (root.dataset.seq === want) { mo.disconnect(); resolve(); }
                        });
                        mo.observe(root, { attributes: true, attributeFilter: ["data-seq"] });
                    });
                    button.click();
                    await done;
                    times.push(performance.now() - t0);
                    await new Promise((r) => setTimeout(r, 20));
                }
                return times;
            }""",
            args.clicks,
        )
        ctx.close()
        browser.close()
    server.shutdown()
    shutil.rmtree(tmp, ignore_errors=True)

    def fmt(xs: list[float]) -> str:
        return f"median {statistics.median(xs):7.0f} ms  (min {min(xs):.0f}, max {max(xs):.0f}, n={len(xs)})"

    ma, mb, mc, md, me = (statistics.median(x) for x in (a, b, c, d, e))
    print("Widget platform, headless Chromium on loopback")
    print(f"(a) bare page, Pyodide boot in a module worker, cold : {fmt(a)}")
    print(f"(b) widget page, cold, until first widget ready      : {fmt(b)}")
    print(f"(e) widget page, second visit (new tab), until ready : {fmt(e)}")
    print(f"(c) link to another widget page, until ready         : {fmt(c)}")
    print(f"(d) click to answer (dice roll)                      : {fmt(d)}")
    print()
    print("| figure | median | ratio to (a) | target |")
    print("|---|---|---|---|")
    print(f"| (a) bare Pyodide boot, cold | {ma:.0f} ms | 1.00 | |")
    print(f"| (b) first widget ready, cold | {mb:.0f} ms | {mb / ma:.2f} | <= 1.1 |")
    print(f"| (e) first widget ready, second visit | {me:.0f} ms | {me / ma:.2f} | <= 0.6 |")
    print(f"| (c) next page, widget ready | {mc:.0f} ms | {mc / ma:.2f} | <= 0.1 |")
    print(f"| (d) click to answer | {md:.1f} ms | | <= 30 ms |")
    return 0


if __name__ == "__main__":
    rc = main()
    # the record as machines read it: Lighthouse accessibility / best practices / SEO (benchmarks/lighthouse.py)
    import lighthouse  # noqa: E402  (beside this script)

    rc = rc or lighthouse.main([])
    # the strong computer level against the basic one, head to head (benchmarks/bench_strong.py: a few
    # hands here; run it alone with more hands for narrower intervals)
    import bench_strong  # noqa: E402  (beside this script)

    bench_strong.main(20, list(bench_strong.GAMES))
    raise SystemExit(rc)
