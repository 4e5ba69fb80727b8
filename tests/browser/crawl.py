"""One crawl of the built site per viewport, shared by the reader-facing browser checks.

Every page (Chinese and English) is opened once at 1280 px in the light scheme ("desk") and
once at 360 px in the dark scheme ("phone", a touch screen), and waited on until its widgets
have left their loading state. On each visit the crawl gathers what the separate tests assert
on, so each check still fails on its own:

- both viewports: the widgets' states, Content-Security-Policy violations (listened for before
  any script of the page runs), console errors and warnings, uncaught page errors, requests to
  other hosts, and axe-core's serious and critical violations (tests/browser/test_a11y.py);
- desk: widgets without an announced result area and unnamed pictures (test_a11y.py), the
  widgets' visible text (tests/platform/test_plain_words.py, test_security.py), how enabled and
  disabled buttons look on the game front pages, and how many A4 sheets a game's page prints to
  (test_print.py);
- phone: anything past the right edge of the screen and the home page's cards (test_phone.py);
  on the pages with widgets, every control's touch target at 360 px and again at 390 px, what
  passes the right edge at 390 px, and the controls the back-to-top button covers (test_phone.py).

The two viewports crawl side by side, each in its own thread and browser, so one viewport's
pages load and are checked while the other's are. The service worker is blocked in both contexts,
which meet the site as a reader who has used a widget before (Python starts from the build's
snapshot, as soon as the page is parsed: sitepages.as_returning_reader).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from browser.sitepages import READY_JS, as_returning_reader, new_context, pages, pdf_sheets, widget_pages

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
PHONE = 360
DESK = 1280
GAMES = ("dawei", "gupai", "yezi", "paohuzi")
#: the game front pages where the button styles are compared, in this order
FRONT_PAGES = ("dawei/", "gupai/", "paohuzi/", "en/dawei/")
#: how long a page's widgets may take to leave their loading state
READY_MS = 180_000

# listen for violations before any script of the page runs
WATCH_CSP = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
"""

# A block the page draws only as the reader nears it (content-visibility: auto: the groups of the
# 打围 throw table, a lesson's question sets and examples) is checked as it is drawn then: left
# undrawn, it has no boxes or colours, and axe reads colours there that no reader ever sees.
# And the page is checked after its next frame: the accessibility helper measures the regions that
# scroll sideways in the first frame after the page has loaded (overrides/assets/a11y/a11y.js),
# and a page checked before that frame (a busy machine, the theme's search box starting in the
# moment after load) showed a wide table not yet reachable by keyboard, which no reader meets.
RUN_AXE = """async () => {
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const deferred = [...document.querySelectorAll('.md-content *')].filter((e) => getComputedStyle(e).contentVisibility === 'auto');
  for (const e of deferred) e.style.setProperty('content-visibility', 'visible');
  let r;
  try {
    r = await axe.run(document, {resultTypes: ['violations']});
  } finally {
    for (const e of deferred) e.style.removeProperty('content-visibility');
  }
  return r.violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => ({id: v.id, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' — ' + (n.failureSummary || '').split('\\n').slice(1, 2).join('').trim().slice(0, 140))}));
}"""

STATES_JS = "() => [...document.querySelectorAll('[data-widget]')].map((w) => [w.dataset.widget, w.dataset.state])"

SILENT_JS = """() => [...document.querySelectorAll('.hw[data-widget]')]
  .filter(w => !w.querySelector('.hw-body [aria-live], .hw-body [role="status"], .hw-body [role="alert"]'))
  .map(w => w.dataset.widget)"""

PICTURES_JS = """() => [...document.querySelectorAll('.md-content svg')]
  .filter(s => !s.closest('[aria-hidden="true"]') && !s.closest('.md-icon, .twemoji, .headerlink, button, a.md-button, .hw-spinner'))
  .filter(s => s.getBoundingClientRect().width >= 16 && !s.parentElement.closest('svg'))
  .filter(s => {
    if (s.getAttribute('role') !== 'img') return true;
    const label = (s.getAttribute('aria-label') || '').trim();
    const title = s.querySelector(':scope > title');
    const by = s.getAttribute('aria-labelledby');
    return !(label || (title && title.textContent.trim()) || by);
  })
  .map(s => (s.getAttribute('class') || s.parentElement.className || 'svg').toString().slice(0, 40))"""

LOOK_JS = """() => {
  const on = document.querySelector('.hw[data-state="ready"] button.hw-btn:not([disabled])');
  const off = document.createElement('button');
  off.className = 'hw-btn'; off.disabled = true; off.textContent = on ? on.textContent : 'x';
  (on ? on.parentElement : document.querySelector('.hw')).append(off);
  const pick = (b) => { const s = getComputedStyle(b); return [s.borderStyle, s.backgroundColor, s.opacity, s.color]; };
  const out = {on: on && pick(on), off: pick(off)};
  off.remove();
  return out;
}"""

WIDGET_TEXT_JS = """() => {
  const out = [];
  const SKIP = 'code, pre, kbd, samp, svg, script, style, [aria-hidden="true"]';
  // the text a reader meets, element by element: text in one line of inline elements is
  // joined as it is written; a block, a button or a cell starts a new line (textContent
  // would glue "…nothing" and "New game" into "nothingNew")
  const line = (n) => {
    for (let e = n.parentElement; e; e = e.parentElement) {
      const d = getComputedStyle(e).display;
      if (d !== 'inline' && d !== 'contents') return e;
    }
    return null;
  };
  for (const w of document.querySelectorAll('.hw[data-widget]')) {
    const walk = document.createTreeWalker(w, NodeFilter.SHOW_TEXT);
    let text = '', last = null;
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (n.parentElement.closest(SKIP)) continue;
      const at = line(n);
      if (at !== last) text += '\\n';
      text += n.data;
      last = at;
    }
    out.push(text);
    for (const e of w.querySelectorAll('[aria-label], [title], [alt], [placeholder], option')) {
      for (const k of ['aria-label', 'title', 'alt', 'placeholder']) if (e.getAttribute(k)) out.push(e.getAttribute(k));
      if (e.tagName === 'OPTION') out.push(e.textContent);
    }
  }
  return out.join('\\n');
}"""

# Elements whose right edge passes the screen, ignoring those that cannot widen the
# page: inside a fixed layer (the theme's drawer and dialogs), or inside a frame that
# scrolls or clips sideways and itself fits the screen.
OVERFLOW_JS = """(W) => {
  const out = [];
  const fits = (a) => a.getBoundingClientRect().right <= W + 0.5;
  for (const e of document.querySelectorAll('body *')) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.right <= W + 0.5) continue;
    const s = getComputedStyle(e);
    if (s.visibility === 'hidden' || s.position === 'fixed') continue;
    let contained = false;
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      const as = getComputedStyle(a);
      if (as.position === 'fixed' || as.visibility === 'hidden') { contained = true; break; }
      if (as.overflowX !== 'visible' && fits(a)) { contained = true; break; }
    }
    if (contained) continue;
    const name = e.tagName.toLowerCase() + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\\s+/).join('.') : '');
    out.push(`${name} (right edge ${Math.round(r.right)} px)`);
  }
  return {scrollWidth: document.scrollingElement.scrollWidth, wide: out.slice(0, 10)};
}"""

CARDS_JS = "cs => cs.map(c => c.getBoundingClientRect().right)"

# The names of controls a page's text quotes — a quotation right after "press", "click", "tap", "choose",
# 按下, 点击… (not a bare 按 or 点: "按“有幺叫幺”" is "by the rule", "点“即可”" a die's points) or right before "button"/按钮 — each with whether a control of the page (a button, a link, a
# folded part's title, a label, a menu's choice) bears that name once its widgets are ready. And whether the
# page uses 柱, and glosses it where it begins (sitegen/gloss.py).
QUOTED_JS = """() => {
  const main = document.querySelector('.md-content');
  if (!main) return {quoted: [], zhu: [false, false]};
  const norm = (x) => x.replace(/\\s+/g, ' ').trim().toLowerCase();
  const names = [...document.querySelectorAll('button, a, summary, label, option, [role="button"], input[type="button"], input[type="submit"]')]
    .map((e) => norm(e.textContent || e.value || e.getAttribute('aria-label') || ''))
    .filter(Boolean);
  const prose = [...main.querySelectorAll('p, li, td, dd')]
    .filter((e) => !e.closest('.hw, pre, code, .md-source-file, .hw-cite, details.example'))
    .map((e) => e.textContent).join('\\n');
  const quote = /(press(?:es|ing)?|click(?:s|ing)?|tap(?:s|ping)?|choose|the buttons?|按下|按一下|点击|点一下)\\s*[“"]([^”"\\n]{1,60})[”"]|[“"]([^”"\\n]{1,60})[”"]\\s*(?:button|按钮)/gi;
  const quoted = [];
  for (const m of prose.matchAll(quote)) {
    const q = (m[2] || m[3]).trim();
    quoted.push([q, names.some((n) => n.includes(norm(q)))]);
  }
  const text = main.textContent;
  const gloss = main.querySelector('.hw-gloss[data-term="柱"]');
  return {quoted, zhu: [text.replace(gloss ? gloss.textContent : '', '').includes('柱'), !!gloss && gloss.getBoundingClientRect().height > 0]};
}"""

#: the second phone width: a common phone (the first, 360 px, is a small one)
PHONE_WIDE = 390
#: the least touch target a thumb needs, in CSS px (WCAG 2.5.5, Apple's and Android's guides)
THUMB = 44

# Every control of every widget, each folded part opened first (the rule options, the records):
# its touch target is its own box, or, for a check box, a radio button or a file box, its label
# when larger (a tap on the label sets it or opens the file chooser). A link inside a sentence is exempt (WCAG 2.5.8's inline links).
# Each target smaller than THUMB either way is named with its size.
TARGETS_JS = """(least) => {
  const folded = [...document.querySelectorAll('.hw[data-widget] details:not([open])')];
  for (const d of folded) d.open = true;
  const out = [];
  let all = 0;
  try {
    const SEL = 'button, select, input:not([type="hidden"]), textarea, summary, a[href], [role="button"]';
    for (const w of document.querySelectorAll('.hw[data-widget]')) {
      for (const e of w.querySelectorAll(SEL)) {
        const s = getComputedStyle(e);
        let r = e.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || s.visibility === 'hidden') continue;
        if (e.closest('[hidden], [aria-hidden="true"]')) continue;
        if (e.tagName === 'A') {
          const block = e.parentElement.closest('p, li, td, dd, figcaption');
          if (block && block.textContent.trim().length > e.textContent.trim().length + 2) continue;
        }
        if (['checkbox', 'radio', 'file'].includes(e.type)) {
          for (const l of e.labels || []) {
            const b = l.getBoundingClientRect();
            if (b.width * b.height > r.width * r.height) r = b;
          }
        }
        all += 1;
        if (r.width + 0.5 < least || r.height + 0.5 < least) {
          const name = (e.textContent || e.getAttribute('aria-label') || e.dataset.role || e.dataset.option || e.type || '').trim().replace(/\\s+/g, ' ').slice(0, 30);
          out.push(`${w.dataset.widget} ${e.tagName.toLowerCase()} "${name}" ${Math.round(r.width)}×${Math.round(r.height)}`);
        }
      }
    }
  } finally {
    for (const d of folded) d.open = false;
  }
  return {all, small: out};
}"""

# The theme's back-to-top button, shown as a reader scrolls back up with each widget's controls
# on screen in turn: the controls it lies over (none, or it is not shown).
COVERED_JS = """async () => {
  const top = document.querySelector('.md-top');
  if (!top) return [];
  const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const out = [];
  for (const w of document.querySelectorAll('.hw[data-widget]')) {
    const y = w.getBoundingClientRect().top + scrollY;
    scrollTo(0, y + 400); await frame();
    scrollTo(0, y - 20); dispatchEvent(new Event('scroll')); await frame(); await new Promise((r) => setTimeout(r, 300));
    const t = top.getBoundingClientRect(), ts = getComputedStyle(top);
    if (top.hidden || ts.visibility === 'hidden' || ts.display === 'none' || Number(ts.opacity) === 0 || t.height === 0) continue;
    for (const e of w.querySelectorAll('button, select, input, summary, a[href]')) {
      const r = e.getBoundingClientRect();
      if (r.width && r.height && r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom) {
        out.push(`${w.dataset.widget} ${(e.textContent || e.dataset.role || '').trim().slice(0, 30)}`);
      }
    }
  }
  scrollTo(0, 0);
  return out;
}"""


def is_game_page(path: str) -> bool:
    parts = path.split("/")
    return (parts[1] if parts[0] == "en" else parts[0]) in GAMES


@dataclass
class Visit:
    """What one visit of one page found."""

    path: str
    #: why the page could not be checked (it did not load, or its widgets stayed loading), else ""
    failed: str = ""
    scheme: str = ""
    states: list[tuple[str, str]] = field(default_factory=list)
    csp: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    axe: list[str] = field(default_factory=list)
    # desk
    silent: list[str] = field(default_factory=list)
    unnamed: list[str] = field(default_factory=list)
    words: str = ""
    look: dict[str, Any] | None = None
    sheets: int | None = None
    # phone
    scroll_width: int | None = None
    wide: list[str] = field(default_factory=list)
    cards: list[float] = field(default_factory=list)
    #: the widgets' controls measured at 360 and at 390 px, and those under a thumb's 44×44 px, by width
    targets: dict[int, int] = field(default_factory=dict)
    small_targets: dict[int, list[str]] = field(default_factory=dict)
    #: at 390 px: the page's width, what passes the right edge, the controls the back-to-top button covers
    wide_390: tuple[int, list[str]] | None = None
    covered: list[str] = field(default_factory=list)
    #: the control names the page's text quotes, each with whether a control of the page bears it (at 390 px on a
    #: page with widgets); whether the page uses 柱, and whether it glosses it
    quoted: list[tuple[str, bool]] = field(default_factory=list)
    zhu: tuple[bool, bool] = (False, False)
    #: a game's page: the text of its content (its widgets ready), as the reader meets it
    text: str = ""
    #: seconds spent loading the page, waiting for its widgets, and on the checks (the run's summary names the slowest)
    times: tuple[float, float, float] = (0.0, 0.0, 0.0)

    @property
    def widget_errors(self) -> list[str]:
        return [w for w, state in self.states if state == "error"]

    def not_started(self) -> list[str]:
        """The page-level problems every check reports: not checked, or widgets that failed to start."""
        out = [self.failed] if self.failed else []
        if self.widget_errors:
            out.append(f"widgets did not start: {self.widget_errors}")
        return out


@dataclass
class Crawl:
    """One viewport's crawl: its visits by page path, and the requests it saw to other hosts."""

    name: str
    width: int
    scheme: str
    visits: dict[str, Visit] = field(default_factory=dict)
    foreign: list[str] = field(default_factory=list)
    widget_pages: list[str] = field(default_factory=list)


class _View:
    def __init__(self, browser: Any, crawl: Crawl, site_url: str, site: Path) -> None:
        self.crawl = crawl
        self.ctx = new_context(browser, crawl.width, crawl.scheme, crawl.foreign, service_workers="block")
        as_returning_reader(self.ctx, site_url, site)
        self.ctx.add_init_script(script=AXE.read_text(encoding="utf-8"))  # injected outside the page's CSP
        self.ctx.add_init_script(script=WATCH_CSP)
        self.page = self.ctx.new_page()
        self.page.set_default_timeout(60_000)
        self.visit = Visit("")
        self.page.on("pageerror", lambda e: self.visit.page_errors.append(str(e)))
        self.page.on("console", lambda m: self.visit.console.append(m.text) if m.type in ("error", "warning") else None)

    def start(self, url: str, path: str) -> None:
        self.visit = Visit(path)
        self.crawl.visits[path] = self.visit
        t0 = time.monotonic()
        try:
            self.page.goto(url, wait_until="load")
        except Exception as e:  # noqa: BLE001 - reported by every check of the page
            self.visit.failed = f"the page did not load: {str(e).splitlines()[0]}"
        self.visit.times = (time.monotonic() - t0, 0.0, 0.0)

    def finish(self) -> None:
        t0 = time.monotonic()
        try:
            self._finish()
        finally:
            t1 = time.monotonic()
            self.visit.times = (self.visit.times[0], self.visit.times[1], t1 - t0 - self.visit.times[1])

    def _finish(self) -> None:
        v, pg = self.visit, self.page
        if v.failed:
            return
        t0 = time.monotonic()
        try:
            pg.wait_for_function(READY_JS, timeout=READY_MS)
        except Exception:  # noqa: BLE001 - any failure to settle is the finding written below
            v.failed = f"widgets still loading after {READY_MS // 1000} s"
        v.times = (v.times[0], time.monotonic() - t0, 0.0)
        v.states = [tuple(s) for s in pg.evaluate(STATES_JS)]  # type: ignore[misc]
        if v.failed:
            return
        v.scheme = pg.evaluate("document.body.getAttribute('data-md-color-scheme')")
        v.csp = pg.evaluate("() => window.__csp")
        found = pg.evaluate(RUN_AXE)
        v.axe = [f"{f['id']}: {' | '.join(f['nodes'])}" for f in found]
        if self.crawl.name == "desk":
            self._desk(v, pg)
        else:
            self._phone(v, pg)

    def _desk(self, v: Visit, pg: Any) -> None:
        v.silent = pg.evaluate(SILENT_JS)
        v.unnamed = pg.evaluate(PICTURES_JS)
        if v.path in self.crawl.widget_pages:
            v.words = pg.evaluate(WIDGET_TEXT_JS)
        if v.path in FRONT_PAGES:
            v.look = pg.evaluate(LOOK_JS)
        if is_game_page(v.path):
            v.sheets = pdf_sheets(pg.pdf(format="A4"))

    def _phone(self, v: Visit, pg: Any) -> None:
        if v.path in self.crawl.widget_pages or v.path in ("", "en/"):
            got = pg.evaluate(OVERFLOW_JS, PHONE)
            v.scroll_width, v.wide = got["scrollWidth"], got["wide"]
        if v.path in FRONT_PAGES:
            v.look = pg.evaluate(LOOK_JS)
        if v.path in ("", "en/"):
            v.cards = pg.eval_on_selector_all(".hw-card", CARDS_JS)
        if is_game_page(v.path):
            v.text = pg.evaluate("() => (document.querySelector('.md-content') || document.body).textContent")
        if v.path not in self.crawl.widget_pages:
            got = pg.evaluate(QUOTED_JS)
            v.quoted, v.zhu = [tuple(q) for q in got["quoted"]], tuple(got["zhu"])
        else:
            got = pg.evaluate(TARGETS_JS, THUMB)
            v.targets[PHONE], v.small_targets[PHONE] = got["all"], got["small"]
            pg.set_viewport_size({"width": PHONE_WIDE, "height": 800})
            try:
                pg.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
                got = pg.evaluate(TARGETS_JS, THUMB)
                v.targets[PHONE_WIDE], v.small_targets[PHONE_WIDE] = got["all"], got["small"]
                wide = pg.evaluate(OVERFLOW_JS, PHONE_WIDE)
                v.wide_390 = (wide["scrollWidth"], wide["wide"])
                v.covered = pg.evaluate(COVERED_JS)
                got = pg.evaluate(QUOTED_JS)
                v.quoted, v.zhu = [tuple(q) for q in got["quoted"]], tuple(got["zhu"])
            finally:
                pg.set_viewport_size({"width": PHONE, "height": 740})


#: the viewports a test file reads, when a run leaves out the others (a file not named reads both)
VIEWPORTS_OF = {
    "test_phone.py": ("phone",),
    "test_print.py": ("desk",),
    "test_security.py": ("desk",),
    "test_plain_words.py": ("desk",),
}
VIEWPORTS = ("desk", "phone")


def viewports_for(files: set[str]) -> tuple[str, ...]:
    """The viewports the test files ``files`` (names) read: a run of one file crawls only its own."""
    wanted = {v for f in files for v in VIEWPORTS_OF.get(f, VIEWPORTS)}
    return tuple(v for v in VIEWPORTS if v in wanted)


def _crawl(browser: Any, crawl: Crawl, site_url: str, site: Path, paths: list[str]) -> None:
    view = _View(browser, crawl, site_url, site)
    try:
        for path in paths:
            view.start(site_url + path, path)
            view.finish()
    finally:
        view.ctx.close()


def _crawl_in_own_browser(crawl: Crawl, site_url: str, site: Path, paths: list[str], errors: list[BaseException]) -> None:
    """One viewport's crawl in this thread's own Playwright and Chromium (Playwright's sync API
    is one per thread), so that the two viewports' pages load and are checked at the same time."""
    from playwright.sync_api import sync_playwright

    from conftest import CHROMIUM, CHROMIUM_ARGS

    try:
        with sync_playwright() as pw:
            b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                _crawl(b, crawl, site_url, site, paths)
            finally:
                b.close()
    except BaseException as e:  # noqa: BLE001 - raised again in the calling thread
        errors.append(e)


def crawl_site(browser: Any | None, site_url: str, site: Path, viewports: tuple[str, ...] = VIEWPORTS) -> dict[str, Crawl]:
    """Visit every page of ``site`` (served at ``site_url``) once at each of ``viewports``: one
    viewport in ``browser``; two side by side, each in its own thread and browser (and one in a
    thread and browser of its own when ``browser`` is None: the early crawl, tests/conftest.py)."""
    if not AXE.exists():
        raise AssertionError("axe-core is missing: run npm ci (it is a devDependency in package.json)")
    paths = pages(site)
    widgets = widget_pages(site)
    every = {
        "desk": Crawl("desk", DESK, "light", widget_pages=widgets),
        "phone": Crawl("phone", PHONE, "dark", widget_pages=widgets),
    }
    crawls = {name: every[name] for name in viewports}
    if len(crawls) == 1 and browser is not None:
        _crawl(browser, next(iter(crawls.values())), site_url, site, paths)
        return crawls
    errors: list[BaseException] = []
    threads = [threading.Thread(target=_crawl_in_own_browser, args=(c, site_url, site, paths, errors), name=f"crawl-{c.name}") for c in crawls.values()]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return crawls


def time_summary(crawls: dict[str, Crawl], most: int = 6) -> list[str]:
    """Lines for the run's summary: per viewport, the pages' seconds spent loading, waiting for
    widgets and checking, and the slowest pages."""
    out = []
    for c in crawls.values():
        vs = list(c.visits.values())
        load, ready, check = (sum(v.times[i] for v in vs) for i in range(3))
        out.append(f"crawl {c.name}: {len(vs)} pages, loading {load:.0f} s, widgets {ready:.0f} s, checks {check:.0f} s")
        slow = sorted(vs, key=lambda v: -sum(v.times))[:most]
        out.append("  slowest: " + ", ".join(f"/{v.path} {sum(v.times):.1f} s" for v in slow))
    return out
