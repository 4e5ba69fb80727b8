"""What the theme would do to every element as a page starts is done before the page is drawn, or
only when the reader needs it (issue 21, point 13: pages light on a phone).

Measured in Chromium's traces at a phone's speed (benchmarks/lighthouse.py --why): as the theme's
script started it restyled the whole page several times (its colour scheme declared late, its focus
helper marking the page, each table moved into its frames), and it prepared every titled element
for a tooltip, a few milliseconds apiece. These tests hold what the reader sees: the tables framed
and styled as the theme frames them, the titles shown in the theme's tooltip, the colour scheme
the reader chose (or the system's) declared once and followed when the reader switches.

The theme's search box and instant navigation start a moment after the rest of the theme (in the
browser's next idle moment), or at the reader's first key, click, touch or focus, whichever comes
first (sitegen/theme_start.py): the theme's start is no longer one long task.
"""

from __future__ import annotations

from browser.sitepages import IDLE_HELD, WORKER_LOG

# a table framed by the build, beside a copy the theme's own rules style (no class, in the same
# frames): the look of the two compared property by property
COMPARE_TABLES = """() => {
  const t = document.querySelector('article table.hw-table');
  const c = t.cloneNode(true); c.removeAttribute('class');
  const w = document.createElement('div'); w.className = 'md-typeset__scrollwrap';
  const w2 = document.createElement('div'); w2.className = 'md-typeset__table';
  w.append(w2); w2.append(c); t.closest('.md-typeset__scrollwrap').after(w);
  const props = ['display', 'font-size', 'padding-top', 'padding-left', 'border-top-width', 'border-top-color',
                 'background-color', 'max-width', 'overflow-x', 'width', 'text-align', 'vertical-align', 'font-weight'];
  const diff = [];
  for (const [a, b] of [[t, c], [t.querySelector('td'), c.querySelector('td')], [t.querySelector('th'), c.querySelector('th')]]) {
    if (!a) continue;
    const sa = getComputedStyle(a), sb = getComputedStyle(b);
    for (const p of props) if (sa[p] !== sb[p]) diff.push(`${a.tagName} ${p}: ${sa[p]} / ${sb[p]}`);
  }
  w.remove();
  return diff;
}"""


def test_tables_come_framed_and_look_as_the_theme_frames_them(page, site_url):
    for path, width in (("dawei/", 360), ("paohuzi/winning/", 1200), ("en/gupai/", 360)):
        page.set_viewport_size({"width": width, "height": 800})
        page.goto(site_url + path)
        page.wait_for_function("() => window.component$ !== undefined")
        framed = page.locator("article table.hw-table")
        assert framed.count() > 0, path
        # the theme found nothing to frame: no table without a class, no frame inside a frame
        assert page.locator("article table:not([class])").count() == 0, path
        assert page.locator(".md-typeset__scrollwrap .md-typeset__scrollwrap").count() == 0, path
        assert page.locator("article .md-typeset__scrollwrap > .md-typeset__table > table.hw-table").count() == framed.count()
        assert page.evaluate(COMPARE_TABLES) == [], path


def test_a_title_shows_in_the_theme_tooltip_when_hovered_or_focused(page, site_url):
    page.set_viewport_size({"width": 1200, "height": 800})
    page.goto(site_url + "paohuzi/winning/")
    page.wait_for_function("() => window.component$ !== undefined")
    term = page.locator("article a.rec-term").first
    definition = term.get_attribute("title")
    assert definition
    term.scroll_into_view_if_needed()
    term.hover()
    hint = page.locator("#hw-hint.md-tooltip2.md-tooltip2--active[role=tooltip]")
    hint.wait_for()
    assert hint.inner_text() == definition
    # the browser's own tooltip is held back while the theme's shows; a screen reader is pointed to it
    assert term.get_attribute("title") is None and term.get_attribute("aria-describedby") == "hw-hint"
    box, host = hint.locator(".md-tooltip2__inner").bounding_box(), term.bounding_box()
    assert box and host and host["y"] + host["height"] <= box["y"] <= host["y"] + host["height"] + 24  # just under it
    page.mouse.move(2, 790)
    page.wait_for_selector("#hw-hint", state="detached")
    assert term.get_attribute("title") == definition and term.get_attribute("aria-describedby") is None
    # a card's name on its character, then the keyboard reaching a glossary term
    page.locator("details.phz-example summary").first.click()
    ch = page.locator("details.phz-example[open] .phz-ch").first
    name = ch.get_attribute("title")
    ch.hover()
    page.wait_for_selector("#hw-hint")
    assert page.locator("#hw-hint").inner_text() == name
    term.focus()
    page.wait_for_function("(d) => { const h = document.getElementById('hw-hint'); return h && h.textContent === d; }", arg=definition)
    page.keyboard.press("Escape")
    page.wait_for_selector("#hw-hint", state="detached")


# every change to the page's colour-scheme declaration, and whether the page's main part had been
# read yet when it was made (the theme's script runs at the end of the page)
WATCH_SCHEME = """
window.__scheme = [];
new MutationObserver((records) => {
  for (const r of records) {
    const nodes = r.type === 'childList' ? [...r.addedNodes] : [r.target];
    for (const n of nodes)
      if (n.nodeName === 'META' && n.getAttribute('name') === 'color-scheme')
        window.__scheme.push([r.type, n.getAttribute('content'), !!document.querySelector('.md-main')]);
  }
}).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['content'] });
"""


def test_the_colour_scheme_is_declared_once_and_follows_the_reader(page, site_url):
    page.add_init_script(WATCH_SCHEME)
    page.emulate_media(color_scheme="dark")
    page.goto(site_url + "dawei/")  # a first visit: no choice saved, the system is dark
    page.wait_for_function("() => window.component$ !== undefined")
    state = """() => [document.body.getAttribute('data-md-color-scheme'),
                     [...document.querySelectorAll('meta[name=color-scheme]')].map(m => m.content)]"""
    assert page.evaluate(state) == ["slate", ["dark"]]
    # declared once, before the page was drawn: not changed when the theme started (each change
    # restyled every element of the page)
    assert page.evaluate("window.__scheme") == [["childList", "dark", False]]
    # the reader switches to light: one declaration still, now light; kept on the next page
    page.locator('label[for^="__palette_"]:not([hidden])').click()
    page.wait_for_function("() => document.body.getAttribute('data-md-color-scheme') === 'default'")
    assert page.evaluate(state) == ["default", ["light"]]
    assert page.evaluate("window.__scheme")[1:] == [["attributes", "light", True]]
    page.goto(site_url + "gupai/")
    page.wait_for_function("() => window.component$ !== undefined")
    assert page.evaluate(state) == ["default", ["light"]]


# the browser's idle moments held until the test lets them come, and the workers a page starts
HOLD_IDLE = IDLE_HELD + WORKER_LOG
# whether the theme's search box has started (it starts the search worker) and whether its instant
# navigation has (it writes every relative address of the page out in full)
STARTED = """() => [window.__workers.some((w) => w.url.includes('/javascripts/workers/')),
                    /^https?:/.test(document.querySelector('a.md-footer__link').getAttribute('href'))]"""


def _follow_the_next_link(page, here):
    """Follow the page's "next" link; whether the page was kept (instant navigation)."""
    page.evaluate("window.__samePage = true")
    page.locator("a.md-footer__link--next").click()
    page.wait_for_function("(u) => location.href !== u", arg=here)
    page.wait_for_function("() => window.component$ !== undefined")
    return page.evaluate("window.__samePage") is True


def _sitemap(response):
    return response.url.endswith("/sitemap.xml")


def test_search_starts_when_the_browser_is_idle_and_links_right_after_the_theme(page, site_url):
    page.add_init_script(HOLD_IDLE)
    with page.expect_response(_sitemap):  # the one sitemap request, made as instant navigation starts
        page.goto(site_url + "gupai/")
    page.wait_for_function("() => window.component$ !== undefined")  # the theme's script has run
    page.wait_for_load_state("load")
    # the page has loaded: instant navigation has started (the task after the theme's script),
    # the search box waits for an idle moment
    assert page.evaluate(STARTED) == [False, True]
    page.evaluate("window.__runIdle()")
    assert page.evaluate(STARTED) == [True, True]
    # and they work: a search finds pages, a link is followed without reloading the page
    page.locator(".md-search__input").click()
    page.locator(".md-search__input").fill("骨牌")
    page.wait_for_selector(".md-search-result__item", timeout=60_000)
    page.keyboard.press("Escape")
    assert _follow_the_next_link(page, site_url + "gupai/")


def test_the_readers_first_key_or_tap_finds_the_search_box_ready(page, site_url):
    page.add_init_script(HOLD_IDLE)  # the browser is never idle: only the reader starts it
    page.goto(site_url + "yezi/")
    page.wait_for_function("() => window.component$ !== undefined")
    # a widget's page that a script "reaches" (tests/browser/sitepages.py does so with a focus
    # event it makes): not the reader, so search still waits
    page.evaluate("document.querySelector('article p').dispatchEvent(new FocusEvent('focusin', { bubbles: true }))")
    assert page.evaluate(STARTED)[0] is False
    page.keyboard.press("/")  # the theme's key for search
    page.wait_for_function("() => document.activeElement && document.activeElement.matches('.md-search__input')")
    page.keyboard.type("dice")
    page.wait_for_selector(".md-search-result__item", timeout=60_000)
    # a fresh page: the reader taps the search button first
    page.set_viewport_size({"width": 360, "height": 720})
    page.goto(site_url + "en/yezi/")
    page.wait_for_function("() => window.component$ !== undefined")
    assert page.evaluate(STARTED)[0] is False
    page.locator('label.md-header__button[for="__search"]').click()
    assert page.evaluate(STARTED)[0] is True
    page.locator(".md-search__input").fill("dice")
    page.wait_for_selector(".md-search-result__item", timeout=60_000)


def test_without_the_pages_helper_the_theme_starts_both_at_once(page, site_url):
    # the page's function that waits is missing (here: cannot be defined): the theme's script
    # then starts the search box and instant navigation itself, as it would unpatched
    page.add_init_script(HOLD_IDLE + "Object.defineProperty(window, '__hwLater', { value: undefined, writable: false });")
    with page.expect_response(_sitemap):
        page.goto(site_url + "gupai/")
    page.wait_for_function("() => window.component$ !== undefined")
    assert page.evaluate("window.__hwLater") is None
    assert page.evaluate(STARTED) == [True, True]
    assert _follow_the_next_link(page, site_url + "gupai/")
