"""Speed of the widget platform in headless Chromium on loopback. Prints figures; asserts nothing.

(a) a bare page that boots the same Pyodide in a module worker, cold
(b) navigation to a widget page until its first widget is ready, cold (the reader goes to the widget)
(c) following a link from one widget page to another in the same tab until the new page's widget is ready
(e) a second visit: the same widget page in a new tab of the same browser profile (HTTP cache,
    compiled WebAssembly cache and the service worker's offline copy from the first visit, with
    the build's Python snapshot, which the first visit keeps once its widgets have run)
(d) click to answer (dice widget), median over many clicks

Bytes: what a first visit to a widget page transfers (until its first widget is ready, and
until the offline copy of what it opened is complete), and the HTML weight of the pages,
printed beside the figures of the site before the first visit asked (BEFORE).

All in one run on the same machine, runs interleaved, so the ratios compare like with like.

Usage: python benchmarks/run.py [--site DIR] [--runs N]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
import conftest
from conftest import CHROMIUM, CHROMIUM_ARGS, build_site, site_server, start_serving

#: bytes of response bodies the loopback server has sent (what a first visit costs on the wire)
SENT = [0]


def _counting_copyfile(self, source, outputfile) -> None:  # noqa: ANN001 - the base class's signature, untyped there
    data = source.read()
    SENT[0] += len(data)
    outputfile.write(data)


conftest._Handler.copyfile = _counting_copyfile

READY = '[data-widget][data-state="ready"]'

#: the same moments measured inside the page, from the start of its navigation: when the bare page hears its worker
#: first, and when the first widget turns ready (Playwright's own clock also counts its polling, which waits while
#: the page's main thread sets up the page's other widgets, a delay the bare page does not have)
IN_PAGE = """(() => {
  const W = window.Worker;
  if (W) {
    window.Worker = function (url, options) {
      const w = new W(url, options);
      w.addEventListener("message", () => { if (window.__hwHeard === undefined) window.__hwHeard = performance.now(); });
      return w;
    };
    window.Worker.prototype = W.prototype;
  }
  new MutationObserver(() => {
    if (window.__hwReady === undefined && document.querySelector('[data-widget][data-state="ready"]')) window.__hwReady = performance.now();
  }).observe(document, { subtree: true, attributes: true, childList: true });
})();"""

#: the same figures for the site as it was before (commit c8f216b): one visit kept all of it
BEFORE = {
    # measured with this server's counter: a first visit to dawei/ until its widget was ready, and until
    # the service worker had precached every file of the site (31.5 MB) and the snapshot was made
    "first_ready": 17_890_488,
    "first_visit": 39_850_860,
    "pages": 122,
    "page_avg": 100_366,
    "page_api": 529_771,  # archive/api/
    "page_sample": 329_570,  # dawei/sample/
    "page_max": 538_880,
}

def open_at_widget(page, url: str) -> None:  # noqa: ANN001 - a Playwright page (Playwright is imported only when run)
    """Open ``url`` as a reader who goes straight to its first widget: the engine starts once the
    page has loaded and a widget is near the screen (widgets/runtime.js); dawei/'s widget is more
    than a screen below the top."""
    page.goto(url, wait_until="domcontentloaded")
    page.evaluate("() => document.querySelector('[data-widget]').scrollIntoView({ block: 'center' })")


def boot_steps(page) -> dict:  # noqa: ANN001 - a Playwright page
    """The steps of the engine's start in the page's worker (widgets/worker.js ``hwBoot.phases``: milliseconds
    from the worker's start to the end of each step), {} when the worker is not found."""
    for w in page.workers:
        if "/widgets/worker." in w.url and w.evaluate("() => !!self.hwBoot"):
            return w.evaluate("() => ({ ...self.hwBoot.phases })")
    return {}


def page_weights(site: Path) -> dict:
    pages = sorted(site.rglob("index.html"))
    sizes = {p.relative_to(site).as_posix(): p.stat().st_size for p in pages}
    return {
        "pages": len(sizes),
        "page_avg": sum(sizes.values()) // len(sizes),
        "page_api": sizes.get("archive/api/index.html", 0),
        "page_sample": sizes.get("dawei/sample/index.html", 0),
        "page_max": max(sizes.values()),
    }


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
    # Pyodide's files are in a folder named by their content (sitegen/assets.py)
    folder = next(site.glob("assets/pyodide/*/pyodide.mjs")).parent.name
    for f in ("bare.html", "bare-worker.js"):
        text = (ROOT / "benchmarks" / f).read_text(encoding="utf-8")
        (site / "bench" / f).write_text(text.replace("PYODIDE_FOLDER", folder), encoding="utf-8")
    start_serving(server)
    now = page_weights(site)

    a, b, c, d, e = [], [], [], [], []
    first_ready, first_kept = [], []
    steps_b, steps_e = [], []
    inside: dict[str, list[float]] = {"a": [], "b": [], "e": []}  # IN_PAGE
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        def bare() -> None:
            ctx = browser.new_context()
            ctx.add_init_script(IN_PAGE)
            page = ctx.new_page()
            t0 = time.perf_counter()
            page.goto(base + "bench/bare.html")
            page.wait_for_selector("#state:text('ready')", timeout=180_000)
            a.append((time.perf_counter() - t0) * 1000)
            inside["a"].append(page.evaluate("window.__hwHeard"))
            ctx.close()

        for run in range(args.runs):
            if run % 2 == 0:  # interleaved: the bare boot goes first in every other run
                bare()
            ctx = browser.new_context()
            ctx.add_init_script(IN_PAGE)
            SENT[0] = 0
            page = ctx.new_page()
            t0 = time.perf_counter()
            open_at_widget(page, base + "dawei/")
            page.wait_for_selector(READY, timeout=180_000)
            b.append((time.perf_counter() - t0) * 1000)
            inside["b"].append(page.evaluate("window.__hwReady"))
            first_ready.append(SENT[0])
            steps_b.append(boot_steps(page))
            # (c) follow a link to another widget page in the same tab
            t0 = time.perf_counter()
            page.evaluate("() => document.querySelector('a.md-nav__link[href$=\"archive/widgets/\"]').click()")
            page.wait_for_url("**/archive/widgets/")
            page.wait_for_selector(READY, timeout=180_000)
            c.append((time.perf_counter() - t0) * 1000)
            # (e) the offline copy is complete (the service worker controls the page), then a second visit
            page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=300_000)
            page.evaluate("() => navigator.serviceWorker.ready")
            # … and what the visit keeps, the build's Python snapshot included (widgets/offline.js
            # shows its offer once the service worker has answered)
            page.wait_for_selector(".hw-offline", timeout=300_000)
            first_kept.append(SENT[0])
            page.close()
            page = ctx.new_page()
            t0 = time.perf_counter()
            open_at_widget(page, base + "dawei/")
            page.wait_for_selector(READY, timeout=180_000)
            e.append((time.perf_counter() - t0) * 1000)
            inside["e"].append(page.evaluate("window.__hwReady"))
            steps_e.append(boot_steps(page))
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
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"Widget platform, headless Chromium on loopback (load average {load} at the end: these are times on a shared machine)")
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
    print(f"| (e) first widget ready, second visit | {me:.0f} ms | {me / ma:.2f} | <= 0.3 |")
    print(f"| (c) next page, widget ready | {mc:.0f} ms | {mc / ma:.2f} | <= 0.1 |")
    print(f"| (d) click to answer | {md:.1f} ms | | <= 30 ms |")
    print()
    ia, ib, ie = (statistics.median(inside[k]) for k in "abe")
    print("The same, measured inside the page from the start of its navigation (IN_PAGE)")
    print("| figure | median | ratio to (a) | target |")
    print("|---|---|---|---|")
    print(f"| (a) bare Pyodide boot, cold | {ia:.0f} ms | 1.00 | |")
    print(f"| (b) first widget ready, cold | {ib:.0f} ms | {ib / ia:.2f} | <= 1.1 |")
    print(f"| (e) first widget ready, second visit | {ie:.0f} ms | {ie / ia:.2f} | <= 0.3 |")
    print()
    print("The engine's start in the worker, median ms from the worker's start to the end of each step")
    print("(snapshot: the build's Python snapshot read, checked and unpacked, beside Pyodide's own start;")
    print("python: Python up; unpacked: the engine and views files in place; engine: ready to answer)")
    print("| visit | snapshot | python | unpacked | engine |")
    print("|---|---|---|---|---|")
    for name, steps in (("(b) first visit", steps_b), ("(e) second visit", steps_e)):
        cells = [statistics.median([s[k] for s in steps if k in s]) if any(k in s for s in steps) else None
                 for k in ("snapshot", "python", "unpacked", "engine")]
        print(f"| {name} | " + " | ".join("—" if c is None else f"{c:.0f}" for c in cells) + " |")
    print()
    mib = lambda n: f"{n / 1e6:.2f} MB"
    kb = lambda n: f"{n / 1e3:.0f} KB"
    print("Bytes (response bodies the loopback server sent, uncompressed)")
    print("| figure | before | now |")
    print("|---|---|---|")
    print(f"| first visit to dawei/, until its first widget is ready | {mib(BEFORE['first_ready'])} | {mib(statistics.median(first_ready))} |")
    print(f"| first visit (dawei/, then a link to archive/widgets/), until the offline copy is complete | {mib(BEFORE['first_visit'])} (dawei/ and the whole site) | {mib(statistics.median(first_kept))} (the pages opened, what their widgets need, the Python snapshot) |")
    print(f"| HTML per page, average over {now['pages']} pages | {kb(BEFORE['page_avg'])} | {kb(now['page_avg'])} |")
    print(f"| HTML, archive/api/ | {kb(BEFORE['page_api'])} | {kb(now['page_api'])} |")
    print(f"| HTML, dawei/sample/ | {kb(BEFORE['page_sample'])} | {kb(now['page_sample'])} |")
    print(f"| HTML, largest page | {kb(BEFORE['page_max'])} | {kb(now['page_max'])} |")
    return 0


if __name__ == "__main__":
    rc = main()
    # the record as machines read it: Lighthouse accessibility / best practices / SEO (benchmarks/lighthouse.py)
    import lighthouse  # beside this script

    rc = rc or lighthouse.main([])
    # the strong computer level against the basic one, head to head (benchmarks/bench_strong.py: a few
    # hands here; run it alone with more hands for narrower intervals)
    import bench_strong  # beside this script

    bench_strong.main(20, list(bench_strong.GAMES))
    raise SystemExit(rc)
