"""Helpers shared by the reader-facing browser checks (phones, accessibility, print, plain words).

- :func:`pages` — every page of a built site (Chinese and English), as paths relative to the site root;
- :func:`widget_pages` — the pages that hold a live widget;
- :func:`new_context` — a Chromium context at a given width and colour scheme that refuses other hosts;
- :func:`open_ready` — go to a page and wait until every widget has left its loading state;
- :func:`pick_tiles` — choose tiles in a 骨牌 hand widget, as a reader clicks them;
- :func:`as_returning_reader` — a context that meets the site as a reader who has used a widget
  before: Python starts from the build's snapshot, and as soon as the page has loaded.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlparse

WIDTHS = (360, 1280)
SCHEMES = ("light", "dark")


def pages(site: Path) -> list[str]:
    out = []
    for f in sorted(site.rglob("index.html")):
        rel = f.relative_to(site).as_posix()
        if rel.startswith(("assets/", "search/")) or "/assets/" in rel:
            continue
        text = f.read_text(encoding="utf-8", errors="replace")
        if 'http-equiv="refresh"' in text[:2000]:
            continue  # redirect stubs
        out.append(rel[: -len("index.html")])
    return out


def widget_pages(site: Path) -> list[str]:
    return [p for p in pages(site) if "data-widget=" in (site / p / "index.html").read_text(encoding="utf-8")]


def _is_local(url: str) -> bool:
    u = urlparse(url)
    return u.scheme in ("data", "blob", "about") or u.hostname in ("127.0.0.1", "localhost", "::1")


def new_context(browser: Any, width: int, scheme: str, foreign: list[str], **kwargs: Any) -> Any:
    """A context of ``width`` CSS pixels (phones: 360) in ``scheme`` ("light"/"dark"); ``kwargs``
    go to Playwright (``service_workers="block"`` for a browser not wrapped by tests/conftest.py)."""
    height = 740 if width <= 480 else 900
    ctx = browser.new_context(
        **kwargs,
        viewport={"width": width, "height": height},
        color_scheme=scheme,
        device_scale_factor=1,
        is_mobile=width <= 480,
        has_touch=width <= 480,
    )

    def route(r: Any) -> None:
        if _is_local(r.request.url):
            r.continue_()
        else:
            foreign.append(r.request.url)
            r.abort()

    ctx.route("**/*", route)
    return ctx


#: a reader who reaches for a widget: Python starts once the page is parsed, whatever the
#: widget's place on the page (widgets/runtime.js starts it on a focus inside a widget)
START_AT_ONCE = """
const hwReach = () => {
  const w = document.querySelector("[data-widget]");
  if (w) w.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
};
document.addEventListener("DOMContentLoaded", hwReach, { once: true });
addEventListener("load", hwReach, { once: true });
"""

#: the workers a page starts, in order (``window.__workers``): each one's address (``url``) and whether an inline
#: script, the page's head, started it (``head``; a module, such as the widgets' runtime, is no current script)
WORKER_LOG = """window.__workers = [];
(() => {
  const RealWorker = window.Worker;
  window.Worker = function (url, options) {
    const by = document.currentScript;
    window.__workers.push({ url: String(url), head: !!(by && !by.src) });
    return new RealWorker(url, options);
  };
  window.Worker.prototype = RealWorker.prototype;
})();
"""

#: the browser's idle moments held until the test lets them come (``window.__runIdle()``)
IDLE_HELD = """window.__idle = [];
window.requestIdleCallback = (fn) => window.__idle.push(fn);
window.cancelIdleCallback = (id) => { window.__idle[id - 1] = null; };
window.__runIdle = () => { const fns = window.__idle.splice(0); for (const fn of fns) if (fn) fn({ didTimeout: false, timeRemaining: () => 50 }); };
"""

#: the cache a returning reader's snapshot is put in (the worker looks in every cache)
RETURNING_CACHE = "hw-returning-reader"


def snapshot_path(site: Path) -> str | None:
    """The build's Python snapshot, relative to the site root (None if the build made none)."""
    found = sorted((site / "assets" / "pyodide").glob("snapshot.*.bin"))
    return found[0].relative_to(site).as_posix() if found else None


def as_returning_reader(ctx: Any, site_url: str, site: Path) -> None:
    """Let ``ctx`` meet the site as a reader who has used a widget before, with the service
    worker blocked: the build's snapshot already sits in the browser's caches (the service
    worker would have kept it), so Python starts in about a second instead of four or five; and
    Python starts as soon as the page is parsed, not after the page's idle time or a scroll
    towards a widget (what a first visit does; the offline layer's tests keep that path). The
    worker checks the snapshot against the digest it carries, as on any visit."""
    ctx.add_init_script(script=START_AT_ONCE)
    snap = snapshot_path(site)
    if snap is None:
        return
    pg = ctx.new_page()
    try:
        pg.goto(site_url + "assets/engine/manifest.json")
        pg.evaluate(
            "async ([name, url]) => { const c = await caches.open(name); await c.add(url); }",
            [RETURNING_CACHE, site_url + snap],
        )
    finally:
        pg.close()


READY_JS = """() => {
  const ws = [...document.querySelectorAll('.hw[data-widget]')];
  return ws.every(w => w.dataset.state === 'ready' || w.dataset.state === 'error');
}"""


def open_ready(page: Any, url: str, timeout_ms: int = 180_000) -> list[str]:
    """Load ``url``, wait until no widget is loading; return the widgets that ended in ``error``."""
    page.goto(url, wait_until="load")
    page.wait_for_function(READY_JS, timeout=timeout_ms)
    return page.eval_on_selector_all(
        '.hw[data-widget][data-state="error"]', "ws => ws.map(w => w.dataset.widget)"
    )


def pdf_sheets(pdf: bytes) -> int:
    """A4 sheets in a PDF that Chromium made (one ``/Type /Page`` object each)."""
    import re

    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def printing_page(browser: Any) -> Any:
    """A light 1280 px page for printing; after use, no request may have gone to another host."""
    foreign: list[str] = []
    ctx = new_context(browser, 1280, "light", foreign)
    pg = ctx.new_page()
    pg.set_default_timeout(60_000)
    try:
        yield pg
    finally:
        ctx.close()
    assert foreign == []


def pick_tiles(root: Any, tiles: list[str]) -> None:
    """Choose ``tiles`` in a 骨牌 hand widget by clicking their buttons, each button at most once
    (a hand may hold two tiles of one kind)."""
    picks = root.locator(".gp-pick")
    codes = [picks.nth(i).get_attribute("data-tile") for i in range(picks.count())]
    used: set[int] = set()
    for tile in tiles:
        i = next(i for i, c in enumerate(codes) if i not in used and c == tile)
        used.add(i)
        picks.nth(i).click()
