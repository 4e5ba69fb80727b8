"""No script injection: the language links can only lead to pages of this site, every
page carries a Content-Security-Policy that lets only the site's own scripts run
(and WebAssembly for Pyodide), every widget works under it, the search wrapper loads
only Material's search worker, and the 404 page's language links lead to the other
language's 404 page. The test server answers unknown paths with 404.html, as static
hosts do (tests/conftest.py)."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path
from urllib.parse import quote

import pytest

from browser.crawl import WATCH_CSP
from browser.sitepages import widget_pages
from sitegen.hardening import inline_script_hashes

CSP_META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')
SCRIPT = re.compile(r"<script(?P<attrs>(?:\s[^>]*)?)>(?P<body>.*?)</script>", re.S)


def html_pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*.html") if "assets" not in p.relative_to(site).parts)


def directives(policy: str) -> dict[str, list[str]]:
    out = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


# ---------------------------------------------------------------- the policy, in every built page


def test_every_page_carries_a_policy_before_any_script(built_site):
    pages = html_pages(built_site)
    assert len(pages) > 20
    for f in pages:
        text = f.read_text(encoding="utf-8")
        m = CSP_META.search(text)
        assert m, f"{f}: no Content-Security-Policy"
        first_script = text.find("<script")
        assert first_script == -1 or m.start() < first_script, f"{f}: a script comes before the policy"
        d = directives(m.group(1))
        script_src = d["script-src"]
        assert "'unsafe-inline'" not in script_src and "'unsafe-eval'" not in script_src
        # only the engine's worker compiles WebAssembly (Pyodide), under its own policy: never a page
        assert "'wasm-unsafe-eval'" not in script_src
        assert not [s for s in script_src if s.startswith(("http:", "https:", "*", "data:", "blob:"))]
        assert d["object-src"] == ["'none'"] and d["base-uri"] == ["'self'"] and d["default-src"] == ["'self'"]
        assert set(d["worker-src"]) == {"'self'"}
        # every inline script that runs is listed by its hash, and nothing else is
        runs = []
        for s in SCRIPT.finditer(text):
            attrs = s.group("attrs")
            if "src=" in attrs or "json" in attrs:
                continue
            digest = base64.b64encode(hashlib.sha256(s.group("body").encode()).digest()).decode()
            runs.append(f"'sha256-{digest}'")
        hashes = [x for x in script_src if x.startswith("'sha256-")]
        assert sorted(set(runs)) == sorted(hashes), f"{f}: hashes do not match the inline scripts"


def test_inline_script_hashes_skip_data_blocks_and_external_scripts():
    page = (
        '<script>a()</script><script type="module">b()</script><script src="x.js"></script>'
        '<script type="application/ld+json">{"x": 1}</script><script id="c" type="application/json">{}</script>'
    )
    expected = sorted(
        "'sha256-" + base64.b64encode(hashlib.sha256(t.encode()).digest()).decode() + "'" for t in ("a()", "b()")
    )
    assert inline_script_hashes(page) == expected


def test_the_policy_is_enforced(page, site_url):
    """An inline script that the build did not list does not run (the policy is live, not decoration)."""
    page.add_init_script(WATCH_CSP)
    page.goto(site_url + "archive/")
    ran = page.evaluate(
        """() => new Promise((resolve) => {
            window.__injected = false;
            const s = document.createElement("script");
            s.textContent = "window.__injected = true";
            document.body.append(s);
            setTimeout(() => resolve(window.__injected), 0);
        })"""
    )
    assert ran is False
    page.wait_for_function("() => window.__csp.length > 0")
    assert "script-src" in page.evaluate("() => window.__csp[0]")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_widget_reaches_ready_under_the_policy(site_crawl, built_site, lang):
    """Every widget on every page, each page loaded by its own address (its own policy), becomes
    ready with no policy violation, no console error about the policy and no uncaught error.
    The pages are those the session's crawl opened at 1280 px (tests/browser/crawl.py)."""
    crawl = site_crawl["desk"]
    assert crawl.foreign == [], f"the site requested other hosts: {crawl.foreign}"
    pages = [p for p in widget_pages(built_site) if (p.startswith("en/") if lang == "en" else not p.startswith("en/"))]
    assert len(pages) >= 5
    console: list[str] = []
    for rel in pages:
        v = crawl.visits[rel]
        assert not v.failed, (rel, v.failed, v.states)
        assert len(v.states) > 0, rel
        assert all(state == "ready" for _, state in v.states), (rel, v.states)
        assert v.csp == [], rel
        assert v.page_errors == [], (rel, v.page_errors)
        console += v.console
    assert not [c for c in console if "Content Security Policy" in c or "Content-Security-Policy" in c], console


# ---------------------------------------------------------------- the language links


def test_a_javascript_address_cannot_become_a_link(page, site_url):
    """On a host that serves 404.html for unknown paths, /javascript:alert(1)// used to turn
    the language link into a javascript: URL. Every language link stays on this site and
    following it runs nothing."""
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    for path in ("javascript:alert(1)//", "en/javascript:alert(1)//", "javascript:alert(1)//en/"):
        response = page.goto(site_url + path)
        assert response is not None and response.status == 404
        hrefs = page.eval_on_selector_all("a[hreflang]", "els => els.map((a) => a.href)")
        assert hrefs and all(h.startswith(site_url) for h in hrefs), hrefs
        # wait for the navigation the click starts (the next goto would otherwise cut it short)
        with page.expect_navigation():
            page.locator("a[hreflang]").first.evaluate("a => a.click()")
        assert page.url.startswith(site_url)
    assert dialogs == []


def test_counterpart_is_always_a_page_of_this_site(page, site_url):
    page.goto(site_url + "archive/")
    page.wait_for_function("() => window.heritageWidgets && window.heritageWidgets.counterpart")
    cases = [
        ("javascript:alert(1)//", "zh"),
        ("javascript:alert(1)//", "en"),
        ("en/javascript:alert(1)//", "zh"),
        ("%6Aavascript:alert(1)", "en"),
        ("/evil.example/x", "en"),
        ("data:text/html,<script>alert(1)</script>", "zh"),
        ("dawei/#javascript:alert(1)", "en"),
    ]
    for path, lang in cases:
        href = page.evaluate(
            "([u, lang]) => window.heritageWidgets.counterpart(new URL(u), lang)", [site_url + path, lang]
        )
        assert href.startswith(site_url), (path, href)
    # and the ordinary case still lands on the same page in the other language
    assert page.evaluate(
        "([u]) => window.heritageWidgets.counterpart(new URL(u), 'en')", [site_url + "dawei/main/#x"]
    ) == site_url + "en/dawei/main/#x"
    assert page.evaluate(
        "([u]) => window.heritageWidgets.counterpart(new URL(u), 'zh')", [site_url + "en/dawei/main/"]
    ) == site_url + "dawei/main/"


def test_404_pages_link_to_each_other(page, site_url, built_site):
    assert (built_site / "404.html").exists() and (built_site / "en" / "404.html").exists()
    response = page.goto(site_url + "no/such/page/")
    assert response is not None and response.status == 404
    assert page.evaluate("() => document.documentElement.lang").startswith("zh")
    links = dict(page.eval_on_selector_all("a[hreflang]", "els => els.map((a) => [a.hreflang, a.href])"))
    assert links == {"zh": site_url + "404.html", "en": site_url + "en/404.html"}
    page.locator('a[hreflang="en"]').first.evaluate("a => a.click()")
    page.wait_for_url(site_url + "en/404.html")
    assert page.evaluate("() => document.documentElement.lang").startswith("en")
    assert "not found" in page.locator("h1").first.inner_text().lower()
    links = dict(page.eval_on_selector_all("a[hreflang]", "els => els.map((a) => [a.hreflang, a.href])"))
    assert links == {"zh": site_url + "404.html", "en": site_url + "en/404.html"}


def test_404_links_without_javascript(browser, site_url, built_site):
    """The build writes the 404 pages' language links (JavaScript may be off)."""
    context = browser.new_context(java_script_enabled=False)
    try:
        pg = context.new_page()
        pg.goto(site_url + "javascript:alert(1)//")
        links = dict(pg.eval_on_selector_all("a[hreflang]", "els => els.map((a) => [a.hreflang, a.href])"))
        assert links == {"zh": site_url + "404.html", "en": site_url + "en/404.html"}
    finally:
        context.close()


# ---------------------------------------------------------------- the search worker


def test_search_wrapper_loads_only_materials_search_worker(page, site_url):
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    page.goto(site_url + "archive/")
    workers = site_url + "assets/javascripts/workers/"
    bad = [
        "https://evil.example/x.js",
        "//evil.example/x.js",
        "../../widgets/runtime.js",
        "data:text/javascript,postMessage(1)",
        "search.js",
    ]
    for name in bad:
        outcome = page.evaluate(
            """(url) => new Promise((resolve) => {
                const w = new Worker(url);
                w.onerror = (e) => { e.preventDefault(); resolve("refused"); w.terminate(); };
                w.onmessage = () => resolve("ran");
            })""",
            workers + "search-lang.js?lang=en&worker=" + quote(name, safe=""),
        )
        assert outcome == "refused", name
    assert not [u for u in requested if not u.startswith(site_url)]
