"""Offline and lasting: after one visit the whole site works with the network cut;
script names carry their content hash; a new deployment replaces the offline copy;
a page opened from disk says why its widgets cannot run."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path

from engine.api import handle
from sitegen.assets import write_service_worker

from conftest import site_server

READY = '[data-widget="dawei-dice"][data-state="ready"]'


def sw_build(site: Path) -> dict:
    text = (site / "sw.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"/\*hw:build\*/(\{.*\})", text).group(1))


def wait_offline_copy(page, timeout: int = 120_000) -> None:
    """Until the service worker has the whole site and controls the page."""
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=timeout)
    page.evaluate("() => navigator.serviceWorker.ready")


# ---------------------------------------------------------------- built files


def test_widget_scripts_are_named_by_their_content(built_site: Path):
    wdir = built_site / "assets" / "widgets"
    scripts = sorted(wdir.glob("*.js"))
    assert {s.name.split(".")[0] for s in scripts} >= {"runtime", "worker", "dom", "dawei", "from-disk"}
    for s in scripts:
        m = re.fullmatch(r"([\w-]+)\.([0-9a-f]{10})\.js", s.name)
        assert m, s.name
        assert hashlib.sha256(s.read_bytes()).hexdigest()[:10] == m.group(2), s.name
        # every sibling a script imports is there under its hashed name
        for ref in re.findall(r'"\./([\w.-]+\.js)"', s.read_text(encoding="utf-8")):
            assert (wdir / ref).exists() and re.fullmatch(r"[\w-]+\.[0-9a-f]{10}\.js", ref), (s.name, ref)
    runtime = next(wdir.glob("runtime.*.js")).read_text(encoding="utf-8")
    names = json.loads(re.search(r"/\*hw:asset-names\*/(\{.*?\})", runtime).group(1))
    assert names["dawei.js"] in {s.name for s in scripts}
    # pages load only hashed widget scripts
    for page in (built_site / "dawei" / "index.html", built_site / "en" / "dawei" / "index.html", built_site / "404.html"):
        refs = re.findall(r'assets/widgets/([\w.-]+\.js)', page.read_text(encoding="utf-8"))
        assert refs and all((wdir / r).exists() for r in refs), (page, refs)


def test_service_worker_lists_the_whole_site(built_site: Path):
    build = sw_build(built_site)
    files = dict(build["files"])
    pages = [p.relative_to(built_site).as_posix()[: -len("index.html")] or "./" for p in built_site.rglob("index.html")]
    assert pages and not [p for p in pages if p not in files]
    for must in ("assets/pyodide/pyodide.asm.wasm", "assets/pyodide/python_stdlib.zip", "search/search_index.json", "404.html"):
        assert must in files, must
    assert [f for f in files if f.endswith(".whl")]
    for rel, rev in build["files"]:
        if rel == "search/search_index.json":  # written after the hook, from the pages: the build's hash
            continue
        path = built_site / rel / "index.html" if rel.endswith("/") else built_site / rel
        assert hashlib.sha256(path.read_bytes()).hexdigest()[:10] == rev, rel


def test_service_worker_version_follows_the_content(tmp_path: Path):
    site = tmp_path / "site"
    (site / "a").mkdir(parents=True)
    (site / "index.html").write_text("home")
    (site / "a" / "index.html").write_text("one")
    (site / "b.js").write_text("x")
    v1 = write_service_worker(site)
    first = dict(sw_build(site)["files"])
    assert set(first) == {"./", "a/", "b.js"}
    assert write_service_worker(site) == v1  # the same site: the same worker
    (site / "a" / "index.html").write_text("two")
    v2 = write_service_worker(site)
    second = dict(sw_build(site)["files"])
    assert v2 != v1 and sw_build(site)["version"] == v2
    assert second["a/"] != first["a/"] and second["b.js"] == first["b.js"] and second["./"] == first["./"]


def test_serve_mode_keeps_nothing_offline(tmp_path: Path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("home")
    write_service_worker(site, keep_offline=False)
    assert sw_build(site)["files"] == []
    assert "unregister()" in (site / "sw.js").read_text()


# ---------------------------------------------------------------- in the browser


def test_whole_site_works_offline_after_one_visit(page, site_url):
    page.goto(site_url + "dawei/")
    page.wait_for_selector(READY, timeout=120_000)
    wait_offline_copy(page)
    page.context.set_offline(True)
    # the widget still answers (the engine is in this tab)
    root = page.locator('[data-widget="dawei-dice"]').first
    root.locator('[data-role="roll"]').click()
    page.wait_for_function("() => document.querySelector('[data-widget=\"dawei-dice\"]').dataset.seq === '1'")
    # a page never visited, in the other language, in a new tab: Pyodide and the engine come from the offline copy
    other = page.context.new_page()
    other.goto(site_url + "en/archive/widgets/")
    other.wait_for_selector(READY, timeout=120_000)
    assert other.evaluate("() => window.heritageWidgets.call({game: 'engine', action: 'ping'})")["ok"] is True
    # instant navigation to a page without widgets
    other.evaluate("() => document.querySelector('a.md-nav__link[href$=\"archive/glossary/\"]').click()")
    other.wait_for_url("**/en/archive/glossary/")
    other.wait_for_selector("h1")
    assert other.evaluate("() => document.documentElement.lang").startswith("en")
    # search works offline too
    found = page.context.new_page()
    found.goto(site_url + "en/archive/")
    found.locator(".md-search__input").click()
    found.locator(".md-search__input").fill("dice")
    found.wait_for_selector(".md-search-result__item", timeout=120_000)
    found.close()
    # a page that does not exist: the site's own 404 page, not the browser's
    gone = page.context.new_page()
    gone.goto(site_url + "no/such/page/")
    assert gone.locator(".md-content").count() == 1
    assert gone.evaluate("() => document.documentElement.lang").startswith("zh")
    # ... in the language of the part of the site the address is in
    gone.goto(site_url + "en/no/such/page/")
    assert gone.locator(".md-content").count() == 1
    assert gone.evaluate("() => document.documentElement.lang").startswith("en")
    other.close()
    gone.close()


SNAPSHOT_READY = """async () => {
    const deadline = performance.now() + 240000;
    while (performance.now() < deadline) {
        const cache = await caches.open("hw-python-snapshot");
        const keys = await cache.keys();
        if (keys.length) {
            const body = await (await cache.match(keys[0])).arrayBuffer();
            if (body.byteLength > 1000000) return body.byteLength;
        }
        await new Promise((r) => setTimeout(r, 200));
    }
    return 0;
}"""


def engine_worker(page):
    """The tab's engine worker (not a background snapshot maker): the one that booted the engine."""
    for w in page.workers:
        if "/widgets/worker." in w.url and w.evaluate("() => !!self.hwBoot"):
            return w
    raise AssertionError([w.url for w in page.workers])


def test_second_visit_restores_python_from_a_snapshot(page, site_url):
    page.goto(site_url + "dawei/")
    page.wait_for_selector(READY, timeout=120_000)
    assert engine_worker(page).evaluate("() => self.hwBoot.snapshot") is False
    wait_offline_copy(page)
    assert page.evaluate(SNAPSHOT_READY) > 1_000_000  # made in the background after the first visit
    again = page.context.new_page()
    again.goto(site_url + "en/dawei/")
    again.wait_for_selector(READY, timeout=120_000)
    assert engine_worker(again).evaluate("() => self.hwBoot.snapshot") is True
    answer = again.evaluate("() => window.heritageWidgets.call({game: 'dawei', action: 'classify', dice: [4, 4, 1, 2, 3, 6]})")
    assert answer == handle({"game": "dawei", "action": "classify", "dice": [4, 4, 1, 2, 3, 6]})
    # a damaged snapshot: Python starts from scratch, and a good snapshot replaces it
    page.evaluate("""async () => {
        const cache = await caches.open("hw-python-snapshot");
        const key = (await cache.keys())[0];
        await cache.put(key, new Response(new Uint8Array(4096).fill(7)));
    }""")
    third = page.context.new_page()
    third.goto(site_url + "dawei/")
    third.wait_for_selector(READY, timeout=120_000)
    assert engine_worker(third).evaluate("() => self.hwBoot.snapshot") is False
    assert third.evaluate(SNAPSHOT_READY) > 1_000_000
    again.close()
    third.close()


# the site's offline copies (the Python snapshot has a cache of its own)
SITE_COPIES = """async () => (await caches.keys()).filter((k) => k.startsWith("hw-site-"))"""


def test_new_deployment_replaces_the_offline_copy(browser, built_site: Path, tmp_path: Path):
    """A rebuilt site (another service worker) replaces the cache once the old tab is closed;
    the new page is what is shown offline."""
    site = tmp_path / "site"
    shutil.copytree(built_site, site)
    server, base = site_server(site, start=True)
    context = browser.new_context()
    context.route(re.compile(r"^https?://(?!127\.0\.0\.1)"), lambda r: r.abort())
    try:
        first = context.new_page()
        first.goto(base + "archive/")
        wait_offline_copy(first)
        old = sw_build(site)["version"]
        assert first.evaluate(SITE_COPIES) == [f"hw-site-{old}"]
        # a new deployment: one page changes
        page_file = site / "archive" / "index.html"
        page_file.write_text(page_file.read_text(encoding="utf-8").replace("</h1>", " · DEPLOYMENT-TWO</h1>", 1), encoding="utf-8")
        new = write_service_worker(site)
        assert new != old
        first.evaluate("async () => { const r = await navigator.serviceWorker.getRegistration(); await r.update(); }")
        # installed beside the old one, waiting while a tab of the old deployment is open
        first.evaluate("""async () => {
            const r = await navigator.serviceWorker.getRegistration();
            const sw = r.waiting || r.installing;
            if (sw.state !== "installed") await new Promise((done, fail) => {
                sw.addEventListener("statechange", () => {
                    if (sw.state === "installed") done(); else if (sw.state === "redundant") fail(new Error("install failed"));
                });
                setTimeout(() => fail(new Error(`the new version is still ${sw.state}`)), 240000);
            });
        }""")
        assert first.evaluate("async () => !!(await navigator.serviceWorker.getRegistration()).waiting")
        assert first.evaluate(SITE_COPIES) == [f"hw-site-{old}", f"hw-site-{new}"]
        first.close()  # no tab of the old deployment is left
        second = context.new_page()
        second.goto(base + "dawei/")
        # the new version takes over and drops the old copy
        second.evaluate("""async (want) => {
            const deadline = performance.now() + 240000;
            const copies = async () => (await caches.keys()).filter((k) => k.startsWith("hw-site-"));
            while (JSON.stringify(await copies()) !== JSON.stringify(want)) {
                if (performance.now() > deadline) throw new Error(`offline copies: ${JSON.stringify(await copies())}`);
                await new Promise((r) => setTimeout(r, 100));
            }
        }""", [f"hw-site-{new}"])
        context.set_offline(True)
        second.goto(base + "archive/")
        assert "DEPLOYMENT-TWO" in second.locator("h1").first.inner_text()
    finally:
        context.close()
        server.shutdown()


def test_page_opened_from_disk_says_why_widgets_cannot_run(browser, built_site: Path):
    context = browser.new_context()
    try:
        for rel, words in (("dawei/index.html", "file://"), ("en/dawei/index.html", "opened straight from disk")):
            page = context.new_page()
            page.goto((built_site / rel).as_uri())
            page.wait_for_selector('[data-widget][data-state="unavailable"]', timeout=30_000)
            root = page.locator("[data-widget]").first
            status = root.locator(".hw-status")
            assert status.is_visible() and words in status.inner_text()
            assert root.locator(".hw-spinner").count() == 0
            assert root.locator(".hw-body svg").count() >= 1  # the static example is still there
            page.close()
    finally:
        context.close()
