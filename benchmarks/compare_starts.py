"""The engine's start in several builds of the site, measured in turns in one browser (issue 41.6). Prints figures;
asserts nothing.

On a shared machine one run of benchmarks/run.py and one run a while later are taken under different loads (the
same bare boot measured 2.4 s and 7.3 s within an hour here), so two versions of the site are compared only within
one run: each build is served from an origin of its own and the runs go in turns, the order reversed every other run.
For each build, medians from the start of navigation, measured inside the page (benchmarks/run.py IN_PAGE):
(a) the bare Pyodide boot, cold; (b) the first widget of dawei/ ready, cold; (e) the same page in a new tab once the
service worker has kept what the first visit asked for; and the worker's own step "python" (Python up) of (e).

Each ROOT is a checkout of the project (for another revision: ``git worktree add --detach /work/NAME REV`` beside
this one, with links to this checkout's .venv, .venv-build and node_modules; build it with this script only, never
with make, whose set-up steps would reinstall into the linked folders).

Usage: python benchmarks/compare_starts.py [--runs N] ROOT [ROOT ...]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
sys.path.insert(0, str(HERE))
import run  # beside this script: IN_PAGE, READY, open_at_widget, boot_steps
from conftest import CHROMIUM, CHROMIUM_ARGS, site_server, start_serving


def build(root: Path, dest: Path) -> str:
    """``root``'s site built into ``dest`` for the address it is served on, with the bare benchmark page beside it."""
    server, base = site_server(dest)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", SITE_URL=base)
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(dest)],
                          cwd=root, env=env, capture_output=True, text=True, timeout=900)
    if proc.returncode != 0:
        raise SystemExit(f"{root}: the build failed\n{(proc.stdout + proc.stderr)[-3000:]}")
    (dest / "bench").mkdir()
    folder = next(dest.glob("assets/pyodide/*/pyodide.mjs")).parent.name
    for f in ("bare.html", "bare-worker.js"):
        (dest / "bench" / f).write_text((HERE / f).read_text(encoding="utf-8").replace("PYODIDE_FOLDER", folder), encoding="utf-8")
    start_serving(server)
    return base


def one(browser, base: str, out: dict[str, list[float]]) -> None:  # noqa: ANN001 - a Playwright browser
    ctx = browser.new_context()
    ctx.add_init_script(run.IN_PAGE)
    page = ctx.new_page()
    page.goto(base + "bench/bare.html")
    page.wait_for_selector("#state:text('ready')", timeout=180_000)
    out["a"].append(page.evaluate("window.__hwHeard"))
    ctx.close()
    ctx = browser.new_context()
    ctx.add_init_script(run.IN_PAGE)
    page = ctx.new_page()
    run.open_at_widget(page, base + "dawei/")
    page.wait_for_selector(run.READY, timeout=180_000)
    out["b"].append(page.evaluate("window.__hwReady"))
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=300_000)
    page.wait_for_selector(".hw-offline", timeout=300_000)  # the service worker has kept what the visit asked for
    page.close()
    page = ctx.new_page()
    run.open_at_widget(page, base + "dawei/")
    page.wait_for_selector(run.READY, timeout=180_000)
    out["e"].append(page.evaluate("window.__hwReady"))
    out["python"].append(run.boot_steps(page).get("python", float("nan")))
    ctx.close()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=6)
    ap.add_argument("roots", nargs="+", type=Path)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="hw-compare-"))
    bases = [build(root.resolve(), tmp / f"site-{i}") for i, root in enumerate(args.roots)]
    figures = [{"a": [], "b": [], "e": [], "python": []} for _ in bases]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        for r in range(args.runs):
            order = range(len(bases)) if r % 2 == 0 else reversed(range(len(bases)))
            for i in order:
                one(browser, bases[i], figures[i])
        browser.close()
    shutil.rmtree(tmp, ignore_errors=True)
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"Medians of {args.runs} runs in turns, ms from navigation (load average {load} at the end)")
    print("| build | (a) bare boot | (b) first widget, cold | (b)/(a) | (e) returning reader | (e)/(a) | (e) Python up in the worker |")
    print("|---|---|---|---|---|---|---|")
    for root, f in zip(args.roots, figures, strict=True):
        a, b, e, py = (statistics.median(f[k]) for k in ("a", "b", "e", "python"))
        print(f"| {root} | {a:.0f} | {b:.0f} | {b / a:.2f} | {e:.0f} | {e / a:.2f} | {py:.0f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
