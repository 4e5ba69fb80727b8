"""Touch targets under a thumb's 44×44 CSS px on every page with a widget, at 360 and at 390 px
(issue 41, point 4): the same measurement as the crawl's (tests/browser/crawl.py TARGETS_JS), printed
for a built site, never asserted here (tests/browser/test_phone.py asserts there are none).

    .venv/bin/python benchmarks/tap_targets.py SITE_DIR [PAGE …]
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests")]

from browser.crawl import PHONE, PHONE_WIDE, READY_MS, TARGETS_JS, THUMB
from browser.sitepages import READY_JS, START_AT_ONCE, new_context, widget_pages


def main(site: Path, only: list[str]) -> None:
    from playwright.sync_api import sync_playwright

    from conftest import CHROMIUM, CHROMIUM_ARGS, _Handler

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    paths = only or widget_pages(site)
    totals = {PHONE: [0, 0], PHONE_WIDE: [0, 0]}
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        ctx = new_context(b, PHONE, "dark", [], service_workers="block")
        ctx.add_init_script(script=START_AT_ONCE)  # Python starts at once, whatever the widget's place on the page
        pg = ctx.new_page()
        for path in paths:
            pg.set_viewport_size({"width": PHONE, "height": 740})
            pg.goto(url + path, wait_until="load")
            try:
                pg.wait_for_function(READY_JS, timeout=READY_MS)
            except Exception:  # noqa: BLE001 - a busy machine: measured as it stands, and said so
                print(f"/{path}: widgets still loading after {READY_MS // 1000} s, measured as they stand", flush=True)
            for width in (PHONE, PHONE_WIDE):
                pg.set_viewport_size({"width": width, "height": 800})
                got = pg.evaluate(TARGETS_JS, THUMB)
                totals[width][0] += got["all"]
                totals[width][1] += len(got["small"])
                print(f"/{path} at {width} px: {len(got['small'])} of {got['all']} under {THUMB} px", flush=True)
                for s in got["small"]:
                    print("   ", s)
        b.close()
    server.shutdown()
    for width, (n, small) in totals.items():
        print(f"TOTAL at {width} px: {small} of {n} controls under {THUMB}×{THUMB} px on {len(paths)} pages")


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2:])
