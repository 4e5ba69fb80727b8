"""The platform end to end: the built site, served on loopback, in Chromium."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from engine.api import handle


def wait_ready(page, selector: str = '[data-widget="dawei-dice"]') -> None:
    page.wait_for_selector(f'{selector}[data-state="ready"]', timeout=120_000)


def test_dice_widget_rolls_through_the_engine(page, site_url):
    page.goto(site_url + "dawei/")
    root = page.locator('[data-widget="dawei-dice"]').first
    # before Python is ready: the static example is there and the button is disabled
    assert root.get_attribute("data-state") in ("loading", "ready")
    wait_ready(page)
    button = root.locator('[data-role="roll"]')
    assert button.is_enabled()
    button.click()
    page.wait_for_function(
        "() => document.querySelector('[data-widget=\"dawei-dice\"]').dataset.seq === '1'", timeout=30_000
    )
    dice = [int(x) for x in root.locator('[data-role="dice"]').get_attribute("data-dice").split(",")]
    shown = root.locator('[data-role="pattern"]').inner_text().strip()
    expected = handle({"game": "dawei", "action": "classify", "dice": dice})
    assert expected["ok"]
    assert shown == expected["pattern"]["zh"]
    # the answer really came from Python in the worker: ask the worker directly
    ans = page.evaluate("() => window.heritageWidgets.call({game: 'engine', action: 'ping'})")
    assert ans["ok"] and ans["pong"] is True


def test_static_example_before_python(page, site_url):
    """With the worker's Pyodide blocked, the page still shows the build-time example,
    then an error state with a retry button — not a hang."""
    page.route("**/pyodide/**", lambda r: r.abort())
    page.goto(site_url + "en/dawei/")
    root = page.locator('[data-widget="dawei-dice"]').first
    assert root.locator('[data-role="dice"] svg').count() == 1
    assert root.locator('[data-role="roll"]').is_disabled()
    page.wait_for_selector('[data-widget="dawei-dice"][data-state="error"]', timeout=60_000)
    assert root.locator(".hw-retry").is_visible()
    assert "Retry" in root.locator(".hw-retry").inner_text()


def test_page_without_widget_loads_no_pyodide(page, site_url):
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    page.goto(site_url + "archive/")
    page.wait_for_load_state("networkidle")
    assert not [u for u in requested if "pyodide" in u or "worker.js" in u]


def test_instant_navigation_keeps_engine_and_switcher_lands_on_same_page(page, site_url):
    page.goto(site_url + "dawei/")
    wait_ready(page)
    page.evaluate("() => { window.__sameDocument = true; }")
    # follow a navigation link: Material's instant navigation swaps the page in place
    page.evaluate("() => document.querySelector('a.md-nav__link[href$=\"archive/widgets/\"]').click()")
    page.wait_for_url("**/archive/widgets/")
    wait_ready(page)
    assert page.evaluate("() => window.__sameDocument === true"), "the page was reloaded, not swapped"
    # the runtime rewrites the switcher once the theme has swapped the page in: wait for that
    en = page.locator('a[hreflang="en"]').first
    expect(en).to_have_attribute("href", re.compile(r"/en/archive/widgets/$"), timeout=30_000)
    page.evaluate("() => document.querySelector('a[hreflang=\"en\"]').click()")
    page.wait_for_url("**/en/archive/widgets/")
    assert page.evaluate("() => document.documentElement.lang").startswith("en")
    zh = page.locator('a[hreflang="zh"]').first
    assert zh.get_attribute("href") == site_url + "archive/widgets/"


def search(page, url: str, term: str) -> list[str]:
    page.goto(url)
    page.locator(".md-search__input").click()
    page.locator(".md-search__input").fill(term)
    page.wait_for_selector(".md-search-result__item", timeout=30_000)
    # The theme shows the first ten pages found and four more each time the reader scrolls
    # to the end of the list; the count line says how many there are. Scroll, as a reader
    # would, until every one of them is on screen.
    page.wait_for_function(
        """() => {
            const list = document.querySelector('.md-search-result');
            const wrap = list.parentElement;
            const total = parseInt(list.querySelector('.md-search-result__meta').textContent.replace(/\\D/g, ''), 10) || 1;
            if (list.querySelectorAll('.md-search-result__item').length >= total) return true;
            const atEnd = wrap.scrollTop + wrap.clientHeight >= wrap.scrollHeight - 1;
            wrap.scrollTop = atEnd ? 0 : wrap.scrollHeight;
            return false;
        }""",
        timeout=30_000,
    )
    return page.eval_on_selector_all(".md-search-result__link", "els => els.map(e => e.href)")


def test_chinese_search_finds_a_two_character_term(page, site_url):
    hrefs = search(page, site_url, "骰子")
    assert any(h.split("#")[0].split("?")[0] == site_url for h in hrefs), hrefs
    assert not [h for h in hrefs if "/en/" in h], hrefs


def test_english_search_stays_in_english(page, site_url):
    hrefs = search(page, site_url + "en/", "worker")
    assert hrefs and all("/en/" in h for h in hrefs), hrefs


def test_chinese_search_finds_game_terms(page, site_url):
    """Two-character game terms are indexed whole (jieba taught the glossary)."""
    hrefs = search(page, site_url, "獐子")
    assert any("/dawei/" in h for h in hrefs), hrefs
    hrefs = search(page, site_url, "红胡")
    assert any("/paohuzi/" in h for h in hrefs), hrefs
