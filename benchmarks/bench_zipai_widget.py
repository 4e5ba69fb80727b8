"""Speed of the 跑胡子 / 下灌字牌 table widget in headless Chromium: a reader's click until the engine's answer is drawn.

Every click sends the whole hand (seed and all moves so far) to the engine's ``play`` action in Pyodide,
which replays it from the seed; the answer is redrawn. Figures per variant, medians over the clicks, all timed
inside the page (the click is dispatched there, so Playwright's round trips are not counted):
- "engine": the widget's own measure of the call (``data-ms``: request sent → answer back);
- "redrawing": the widget's own measure of putting the answer on the page (``data-draw-ms``);
- "click → answer drawn and painted": from the click until the answer counter moves and the next frame is painted.
Prints figures; asserts nothing (target: ≤ 100 ms median).

Usage: .venv/bin/python benchmarks/bench_zipai_widget.py [--clicks N] [--site DIR --base URL]
(without --site the site is built into a temporary folder and served on loopback).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from conftest import CHROMIUM, CHROMIUM_ARGS, build_site, site_server, start_serving

W = '[data-widget="zipai-table"]'
#: in the page: click the next thing to do, wait for the answer to be drawn and painted, return the time
CLICK = """async (sel) => {
  const root = document.querySelector(sel);
  if (root.dataset.over) return NaN;
  const b = root.querySelector(".zp-act") || root.querySelector("button.zp-hcard[data-legal]");
  if (!b) return NaN;
  const n = root.dataset.answers;
  const t = performance.now();
  const done = new Promise((res) => {
    const mo = new MutationObserver(() => { if (root.dataset.answers !== n) { mo.disconnect(); res(); } });
    mo.observe(root, { attributes: true, attributeFilter: ["data-answers"] });
  });
  b.click();
  await done;
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  return performance.now() - t;
}"""
PAGES = {"paohuzi": "paohuzi/play/", "xiaguan": "yezi/zipai/"}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--clicks", type=int, default=40)
    ap.add_argument("--site", type=Path)
    ap.add_argument("--base", default="")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    server = None
    if args.site:
        base = args.base
    else:
        site = Path(tempfile.mkdtemp(prefix="zipai-bench-")) / "site"
        server, base = site_server(site)
        res = build_site(site, base)
        if res.returncode != 0:
            print(res.log[-3000:])
            return 1
        start_serving(server)

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        pg = browser.new_page()
        for variant, path in PAGES.items():
            engine_ms: list[float] = []
            drawn_ms: list[float] = []
            draw_ms: list[float] = []
            moves_at: list[int] = []
            seed = 1
            while len(drawn_ms) < args.clicks and seed < 200:
                pg.goto(base + path + "?zipai-table=" + quote(json.dumps({"seed": seed})))
                pg.wait_for_selector(f'{W}[data-state="ready"]', timeout=180_000)
                made = 0
                while len(drawn_ms) < args.clicks and not pg.get_attribute(W, "data-over"):
                    ms = pg.evaluate(CLICK, W)
                    if ms != ms:  # nothing to click
                        break
                    drawn_ms.append(ms)
                    engine_ms.append(float(pg.get_attribute(W, "data-ms") or "nan"))
                    draw_ms.append(float(pg.get_attribute(W, "data-draw-ms") or "nan"))
                    made += 1
                    moves_at.append(made)
                seed += 1
            print(f"{variant:8} {len(drawn_ms)} clicks over {seed - 1} hands (up to {max(moves_at)} moves replayed per request): "
                  f"engine median {statistics.median(engine_ms):.0f} ms (max {max(engine_ms):.0f}), "
                  f"redrawing median {statistics.median(draw_ms):.0f} ms, "
                  f"click → answer drawn and painted median {statistics.median(drawn_ms):.0f} ms (max {max(drawn_ms):.0f})  [target ≤ 100 ms]")
        browser.close()
    if server:
        server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
