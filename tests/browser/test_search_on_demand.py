"""The search index is fetched when the reader turns to search, not by every page; the theme's
sitemap requests go to the one sitemap there is; Chinese search answers digits and Latin words.

Before: every page downloaded the whole search index (megabytes, parsed on the main thread) while
loading, and asked for "sitemap.xml" beside each of its language links (three 404 pages a page).
The Chinese search worker was reported to throw a TypeError ("reading '_index'") for "1", "src"
and "dice": the queries are run here with the page listening for errors of its workers.
"""

from __future__ import annotations

# errors of the page's workers (the search worker is a classic worker the theme starts)
WATCH_WORKERS = """
window.__workerErrors = [];
const RealWorker = window.Worker;
window.Worker = function (url, options) {
  const w = new RealWorker(url, options);
  w.addEventListener("error", (e) => window.__workerErrors.push(`${e.message} (${e.filename}:${e.lineno})`));
  return w;
};
window.Worker.prototype = RealWorker.prototype;
"""


def test_a_page_loads_no_search_index_until_the_reader_searches(page, site_url):
    seen: list[str] = []
    page.on("request", lambda r: seen.append(r.url))
    page.goto(site_url + "dawei/")
    # the theme's start-up requests are made as the page is parsed, long before a widget is ready
    page.wait_for_selector('[data-widget][data-state="ready"]', timeout=180_000)
    assert not [u for u in seen if "search_index" in u], "the search index was fetched before any search"
    sitemaps = sorted({u for u in seen if u.endswith("sitemap.xml")})
    assert sitemaps == [site_url + "sitemap.xml"], sitemaps  # not dawei/sitemap.xml, en/dawei/sitemap.xml…
    page.locator(".md-search__input").click()
    page.locator(".md-search__input").fill("骰子")
    page.wait_for_selector(".md-search-result__item", timeout=60_000)
    assert [u for u in seen if u.endswith("search/search_index.json")]


def test_an_address_with_a_search_fetches_the_index_at_once(page, site_url):
    with page.expect_request(lambda r: r.url.endswith("search/search_index.json"), timeout=60_000):
        page.goto(site_url + "dawei/equipment/?h=骰子")


def test_chinese_search_answers_digits_and_latin_words(page, site_url):
    page.add_init_script(WATCH_WORKERS)
    page.goto(site_url)
    box = page.locator(".md-search__input")
    box.click()
    for query in ("1", "src", "dice", "骰子", "SRC", "1 2"):
        box.fill("")
        box.type(query)
        page.wait_for_function(
            "() => { const m = document.querySelector('.md-search-result__meta'); return m && /\\d|没有|No /.test(m.textContent); }",
            timeout=60_000,
        )
        assert page.evaluate("window.__workerErrors") == [], query
