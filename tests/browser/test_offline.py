"""Offline and lasting: after one visit the whole site works with the network cut;
script names carry their content hash; a new deployment replaces the offline copy;
a page opened from disk says why its widgets cannot run."""

from __future__ import annotations

import functools
import gzip
import hashlib
import http.server
import json
import re
import shutil
import threading
from collections import Counter
from pathlib import Path

import pytest

from engine.api import handle
from sitegen.assets import write_service_worker

from browser.sitepages import WORKER_LOG
from conftest import _Handler, site_server

READY = '[data-widget="dawei-dice"][data-state="ready"]'

# a test of this file that waits on the browser longer than this is stuck (pytest-timeout): it
# fails with its stack, and the run goes on
pytestmark = pytest.mark.timeout(900)

# every promise a test awaits in the page is bounded: a service worker that never answers, or
# an event that never comes, fails the test with what it waited for instead of stalling the run
WITHIN = """const within = (p, ms, what) => Promise.race([p, new Promise((_, fail) =>
    setTimeout(() => fail(new Error(`still waiting after ${ms / 1000} s: ${what}`)), ms))]);"""


def sw_build(site: Path) -> dict:
    text = (site / "sw.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"/\*hw:build\*/(\{.*\})", text).group(1))


def pyodide_folder(site: Path) -> str:
    """Where Pyodide's files are, relative to the site root (a folder named by their content)."""
    return next(site.glob("assets/pyodide/*/pyodide.mjs")).parent.relative_to(site).as_posix()


def wait_offline_copy(page, timeout: int = 120_000) -> None:
    """Until the service worker has the whole site and controls the page."""
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=timeout)
    page.evaluate("async () => { " + WITHIN + " await within(navigator.serviceWorker.ready, 120000, 'the service worker to be ready'); }")


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
    folder = pyodide_folder(built_site)
    for must in (f"{folder}/pyodide.asm.wasm", f"{folder}/python_stdlib.zip", "search/search_index.json", "404.html"):
        assert must in files, must
    assert [f for f in files if f.endswith(".whl")]
    for rel, rev in build["files"]:
        # (the search index is written after the list is made; its sha256 is put in once it is final)
        path = built_site / rel / "index.html" if rel.endswith("/") else built_site / rel
        assert hashlib.sha256(path.read_bytes()).hexdigest() == rev, rel  # the whole sha256, checked by sw.js
    # the size offered to a reader who wants the whole archive (the search index is written
    # later, so it counts as it was when the list was made)
    size = {rel: (built_site / rel / "index.html" if rel.endswith("/") else built_site / rel).stat().st_size for rel in files}
    late = size.pop("search/search_index.json")
    assert sum(size.values()) < build["bytes"] <= sum(size.values()) + late
    # what the search box loads in its worker, kept with the "not here" pages: every one a file of
    # the list, the theme's worker among them (which of them the worker really imports is checked
    # in the browser: test_pages_a_reader_opened_come_back_offline searches offline)
    assert build["search"] and all(rel in files for rel in build["search"])
    assert any(re.fullmatch(r"assets/javascripts/workers/search\.[0-9a-f]+\.min\.js", rel) for rel in build["search"])
    assert build["searchIndex"] == "search/search_index.json"


def test_the_worker_carries_the_digests_of_the_engine_and_the_snapshot(built_site: Path):
    """A snapshot found in the browser is used only if it is the one the build made: the
    worker script (named by its content, loaded by the page) carries its sha256."""
    worker = next((built_site / "assets" / "widgets").glob("worker.*.js")).read_text(encoding="utf-8")
    snap = json.loads(re.search(r"/\*hw:snapshot\*/(\{[^\n]*?\})", worker).group(1))
    data = (built_site / "assets" / "pyodide" / snap["file"]).read_bytes()
    assert hashlib.sha256(data).hexdigest() == snap["sha256"]
    assert gzip.decompress(data)[:4] != b""  # gzip-packed
    engine = json.loads(re.search(r"/\*hw:engine\*/(\{[^\n]*?\})", worker).group(1))
    assert hashlib.sha256((built_site / "assets" / engine["wheel"]).read_bytes()).hexdigest() == engine["sha256"]


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


SW_STATUS = """async () => {
    """ + WITHIN + """
    const reg = await within(navigator.serviceWorker.ready, 120000, "the service worker to be ready");
    return await within(new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (e) => resolve(e.data);
        reg.active.postMessage({ type: "status" }, [channel.port2]);
    }), 240000, "the service worker's answer to status");
}"""

KEPT = "async (url) => !!(await caches.match(url))"


def kept(page, url: str) -> bool:
    return page.evaluate(KEPT, url)


WAIT_KEPT = """async ([url, ms]) => {
    // (wait_for_function takes a promise for a true value: the waiting happens here)
    const deadline = performance.now() + ms;
    while (!(await caches.match(url))) {
        if (performance.now() > deadline) throw new Error(`${url} is not kept`);
        await new Promise((r) => setTimeout(r, 200));
    }
}"""


def wait_kept(page, url: str, timeout: int = 240_000) -> None:
    page.evaluate(WAIT_KEPT, [url, timeout])


def engine_worker(page):
    """The tab's engine worker: the one that booted the engine."""
    for w in page.workers:
        if "/widgets/worker." in w.url and w.evaluate("() => !!self.hwBoot"):
            return w
    raise AssertionError([w.url for w in page.workers])


def boot_report(page) -> dict:
    return engine_worker(page).evaluate("() => ({ ...self.hwBoot, fetched: undefined })")


SEARCH_OFFLINE = """async ([query, ms]) => {
    // the reader types in the search box; the theme's worker answers from the kept index
    const input = document.querySelector("input.md-search__input");
    input.focus();
    input.value = query;
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true, key: query.slice(-1) }));
    const deadline = performance.now() + ms;
    for (;;) {
        const found = document.querySelectorAll(".md-search-result__item").length;
        if (found > 0) return { found, meta: document.querySelector(".md-search-result__meta").textContent };
        if (performance.now() > deadline) {
            const meta = document.querySelector(".md-search-result__meta");
            throw new Error(`no results for ${query}: ${meta ? meta.textContent : "no search box"}`);
        }
        await new Promise((r) => setTimeout(r, 200));
    }
}"""


def search_offline(page, query: str) -> dict:
    """The theme's search box, used as a reader does: its answer once it has results."""
    return page.evaluate(SEARCH_OFFLINE, [query, 60_000])


RESULT_MARKS = """async (ms) => {
    // each result's page, and whether this browser kept it (widgets/offline.js), once every result is looked up
    const deadline = performance.now() + ms;
    for (;;) {
        const items = [...document.querySelectorAll(".md-search-result__item")].map((item) => {
            const link = item.querySelector("a.md-search-result__link");
            const note = item.querySelector(".hw-not-kept");
            const page = new URL(link.href);
            page.hash = "";
            page.search = ""; // (the theme's links carry the words searched for, ?h=…)
            return { page: page.href, kept: link.dataset.hwKept || "", note: note ? note.textContent : null };
        });
        if (items.length && items.every((i) => i.kept === "yes" || i.kept === "no")) return items;
        if (performance.now() > deadline) throw new Error("results not looked up: " + JSON.stringify(items));
        await new Promise((r) => setTimeout(r, 200));
    }
}"""


def result_marks(page) -> list[dict]:
    """Each search result's page, whether the offline layer found it kept, and its note if not."""
    return page.evaluate(RESULT_MARKS, 60_000)


def test_pages_a_reader_opened_come_back_offline(page, site_url):
    """A reader who did not ask for the whole archive: what they opened (and what its widgets
    need, the build's Python snapshot included) is kept, and the search box's scripts and index,
    so that search works offline too (each result whose page was not kept says so); nothing else
    was downloaded."""
    page.goto(site_url + "dawei/")
    page.wait_for_selector(READY, timeout=120_000)
    wait_offline_copy(page)
    first = boot_report(page)
    assert first["snapshot"] is False and first["snapshotFile"]
    wait_kept(page, first["snapshotFile"])
    wait_kept(page, site_url + "dawei/")
    wait_kept(page, site_url + "search/search_index.json")
    # the choice is offered, with its size, in the page's language
    offer = page.locator(".hw-offline")
    offer.wait_for(timeout=60_000)
    assert "整个档案" in offer.inner_text() and " MB" in offer.inner_text()
    assert offer.locator("button").inner_text() == "保存整个档案"
    # a second page, in the other language
    other = page.context.new_page()
    other.goto(site_url + "en/archive/")
    other.wait_for_selector("h1")
    wait_kept(other, site_url + "en/archive/")
    status = page.evaluate(SW_STATUS)
    assert status["whole"] is False and status["kept"] < status["files"] / 2
    assert not kept(page, site_url + "gupai/") and not kept(page, site_url + "en/gupai/")
    other.close()
    page.context.set_offline(True)
    back = page.context.new_page()
    errors: list[str] = []
    back.on("pageerror", lambda e: errors.append(str(e)))
    back.goto(site_url + "dawei/?dawei-dice=1")
    back.wait_for_selector(READY, timeout=120_000)
    assert boot_report(back)["snapshot"] is True  # the build's snapshot, checked, restored
    answer = back.evaluate("() => window.heritageWidgets.call({game: 'dawei', action: 'classify', dice: [4, 4, 1, 2, 3, 6]})")
    assert answer == handle({"game": "dawei", "action": "classify", "dice": [4, 4, 1, 2, 3, 6]})
    # search, offline: the theme's worker starts from the kept scripts and answers in each language
    # and each result whose page was not kept says so before it is opened, in the page's language
    kept_pages = {site_url + "dawei/", site_url + "en/archive/"}
    assert search_offline(back, "獐子")["found"] > 0
    marks = result_marks(back)
    assert {m["page"] for m in marks if m["kept"] == "yes"} == {site_url + "dawei/"}, marks
    for m in marks:
        assert (m["kept"] == "yes") == (m["page"] in kept_pages), m
        assert m["note"] == (None if m["kept"] == "yes" else "这一页还没有保存在这个浏览器里：没有网络时打不开。"), m
    back.goto(site_url + "en/archive/")
    assert back.evaluate("() => document.documentElement.lang").startswith("en")
    assert back.locator("h1").count() >= 1
    assert search_offline(back, "dice")["found"] > 0
    marks = result_marks(back)
    assert any(m["kept"] == "no" for m in marks), marks
    for m in marks:
        assert (m["kept"] == "yes") == (m["page"] in kept_pages), m
        assert m["note"] == (None if m["kept"] == "yes" else "This page is not kept in this browser: it does not open without a connection."), m
    # back online, every page opens: the notes go
    back.context.set_offline(False)
    back.wait_for_function("() => document.querySelectorAll('.md-search-result__item').length > 0"
                           " && !document.querySelector('.hw-not-kept')", timeout=60_000)
    assert errors == []
    back.close()


class _DeployingHandler(_Handler):
    """The loopback server of a test that deploys new versions into the folder it serves: a file
    is always sent whole, never "304 Not Modified". The standard handler compares If-Modified-Since
    with the file's time in whole seconds, so a sw.js rewritten within the second of the last one
    the browser fetched would be answered as unchanged, and the browser would never find the new
    deployment (a real host's deployment changes the file's validators)."""

    def send_head(self):  # type: ignore[no-untyped-def]
        del self.headers["If-Modified-Since"]
        return super().send_head()


class _CountingHandler(_Handler):
    """The site's loopback server, counting the response bodies it sends, by path."""

    sent: Counter = Counter()

    def copyfile(self, source, outputfile) -> None:  # noqa: ANN001 - the base class's signature, untyped there
        type(self).sent[self.path.split("?")[0]] += 1
        super().copyfile(source, outputfile)


def deploying_copy(browser, built_site: Path, tmp_path: Path):
    """A copy of the built site that a test may deploy again, served by a host that follows each
    deployment (``_DeployingHandler``), and a browser context that reaches nothing but it: the
    copy's folder, the server, its address and the context (the test closes both)."""
    site = tmp_path / "site"
    shutil.copytree(built_site, site)
    server, base = site_server(site, start=True, handler=_DeployingHandler)
    context = browser.new_context()
    context.route(re.compile(r"^https?://(?!127\.0\.0\.1)"), lambda r: r.abort())
    return site, server, base, context


def test_a_first_visit_downloads_the_webassembly_once(browser, built_site: Path):
    """A first visit in a private window, whose HTTP cache cannot hold Pyodide's 10 MB of
    WebAssembly: the engine's worker downloads it once, and the service worker keeps that very
    download for the offline copy (checked against the build's list) instead of fetching it
    again. Counted by the server: bodies sent, not requests the browser answered itself."""
    wasm = f"/{pyodide_folder(built_site)}/pyodide.asm.wasm"
    handler = type("Counting", (_CountingHandler,), {"sent": Counter()})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(built_site)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    context = browser.new_context(service_workers="allow")
    context.route(re.compile(r"^https?://(?!127\.0\.0\.1)"), lambda r: r.abort())
    try:
        page = context.new_page()
        page.goto(base + "dawei/")
        page.wait_for_selector(READY, timeout=120_000)
        wait_offline_copy(page)
        page.locator(".hw-offline").wait_for(timeout=240_000)  # the service worker has kept what the visit used
        wait_kept(page, base + wasm[1:])
        assert handler.sent[wasm] == 1, dict(handler.sent)
        # what the worker wrote for the service worker is gone once it is kept
        assert "hw-fetched" not in page.evaluate("async () => await caches.keys()")
        # the copy kept is the build's file
        size = page.evaluate("async (url) => (await (await caches.match(url)).arrayBuffer()).byteLength", base + wasm[1:])
        assert size == (built_site / wasm[1:]).stat().st_size
    finally:
        context.close()
        server.shutdown()


def test_a_reader_who_asks_to_save_data_downloads_nothing_beyond_the_pages(page, site_url, built_site):
    """Save-Data on (the browser's "save data"): the page and what its widgets need are kept, the
    Python snapshot (megabytes, for a faster next visit) is not fetched, nor the search index
    (offline, the search box then says why it cannot search), the whole archive is not taken,
    and the offer says why."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setDataSaverOverride", {"dataSaverEnabled": True})
    page.goto(site_url + "dawei/")
    assert page.evaluate("() => navigator.connection.saveData") is True
    page.wait_for_selector(READY, timeout=120_000)
    wait_offline_copy(page)
    report = boot_report(page)
    offer = page.locator(".hw-offline")
    offer.wait_for(timeout=240_000)  # shown once the service worker has answered what it keeps
    assert "省流量" in offer.inner_text()
    wait_kept(page, site_url + "dawei/")
    status = page.evaluate(SW_STATUS)
    assert status["whole"] is False and status["kept"] < status["files"] / 2
    assert report["snapshotFile"] and not kept(page, report["snapshotFile"])
    # the search index (megabytes) neither; the search box's small scripts are
    assert all(kept(page, site_url + rel) for rel in sw_build(built_site)["search"])
    page.goto(site_url + "en/archive/")
    wait_kept(page, site_url + "en/archive/")
    assert not kept(page, site_url + "search/search_index.json")
    # offline, the search box says why it cannot search, in the page's language (no uncaught error:
    # the page fixture fails the test on one)
    page.context.set_offline(True)
    for path, words in (("dawei/", "离线时还不能搜索"), ("en/archive/", "Search does not work offline yet")):
        page.goto(site_url + path)
        page.focus("input.md-search__input")
        page.wait_for_function(
            "(w) => (document.querySelector('.md-search-result__meta') || {}).textContent.includes(w)", arg=words
        )


def test_whole_archive_works_offline_for_a_reader_who_keeps_it(page, site_url):
    page.goto(site_url + "en/archive/")
    wait_offline_copy(page)
    offer = page.locator(".hw-offline")
    offer.wait_for(timeout=60_000)
    assert "keep the whole archive" in offer.inner_text() and " MB" in offer.inner_text()
    offer.locator("button", has_text="Keep the whole archive").click()
    page.wait_for_function(
        "() => (document.querySelector('.hw-offline') || {}).textContent.includes('is kept in this browser')", timeout=300_000
    )
    status = page.evaluate(SW_STATUS)
    assert status["whole"] is True and status["kept"] == status["files"]
    page.context.set_offline(True)
    # a page never visited, with widgets, in a new tab: Pyodide and the engine come from the offline copy
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


DAMAGE = """async (url) => {
    // overwrite 1 MB at 2 % of the kept snapshot with 0xFF, wherever it is kept
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        const hit = await cache.match(url);
        if (!hit) continue;
        const bytes = new Uint8Array(await hit.arrayBuffer());
        const at = Math.floor(bytes.length * 0.02);
        bytes.fill(0xff, at, Math.min(bytes.length, at + 1000000));
        await cache.put(url, new Response(bytes, { headers: hit.headers }));
    }
}"""

PLANT = """async (url) => {
    // another page of the origin plants a working snapshot of its own: the build's Python,
    // packed again (other bytes, the same Python inside); the build's copy is gone
    const good = await (await fetch(url)).arrayBuffer();
    const raw = new Blob([good]).stream().pipeThrough(new DecompressionStream("gzip"));
    const planted = await new Response(raw.pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
    for (const name of await caches.keys()) await (await caches.open(name)).delete(url);
    await (await caches.open("planted-by-another-page")).put(url, new Response(planted));
}"""


# who started each of the engine's workers the page started (WORKER_LOG): its head (true) or the runtime
ENGINES = "() => window.__workers.filter((w) => /\\/widgets\\/worker[.]/.test(w.url)).map((w) => w.head)"


def test_a_returning_readers_page_starts_python_from_its_head(page, site_url):
    """A page the service worker answers from this browser's copy starts the engine's worker from its head
    (widgets/head-start.js), while it is still being parsed, so that the snapshot's restore does not wait for the
    widgets' runtime, an async script the browser runs when it gets to it; the runtime adopts that worker and the
    widgets use it. A first visit's page leaves the start to the runtime (the page's own first layout goes first)."""
    page.add_init_script(WORKER_LOG)
    page.goto(site_url + "dawei/")
    page.wait_for_selector(READY, timeout=120_000)
    assert page.evaluate(ENGINES) == [False]  # started by the runtime
    wait_offline_copy(page)
    wait_kept(page, boot_report(page)["snapshotFile"])

    tab = page.context.new_page()
    tab.add_init_script(WORKER_LOG)
    tab.goto(site_url + "en/dawei/")
    tab.wait_for_selector(READY, timeout=120_000)
    assert tab.evaluate(ENGINES) == [True]  # started by the head, and the only one: the runtime adopted it
    assert tab.evaluate("() => window.hwEarlyWorker") is None
    assert boot_report(tab)["snapshot"] is True
    ans = tab.evaluate("() => window.heritageWidgets.call({game: 'engine', action: 'ping'})")
    assert ans["ok"] and ans["pong"] is True


# a page as the head script sees a returning reader's (a service worker answers it), without one: its requests stay
# the page's own, so that the test can hold the runtime back (requests a service worker answers are not routed)
AS_IF_RETURNING = """if (navigator.serviceWorker) {
  Object.defineProperty(navigator.serviceWorker, "controller", { get: () => ({}), configurable: true });
}"""
HEARD_READY = """() => !!window.hwEarlyWorker && window.hwEarlyWorker.heard.some((e) => e.data && e.data.type === "ready")"""


def test_the_runtime_hears_what_the_heads_worker_said_before_it_came(page, site_url):
    """The head's worker can be up before the widgets' runtime runs (a slow script, a busy phone): what it said
    meanwhile, its ready message included, is heard by the runtime when it adopts the worker, and the widget starts."""
    page.add_init_script(WORKER_LOG)
    page.add_init_script(AS_IF_RETURNING)
    held = []
    page.route("**/assets/widgets/runtime.*.js", lambda route: held.append(route))
    page.goto(site_url + "en/dawei/", wait_until="commit")
    page.wait_for_function(HEARD_READY, timeout=120_000)  # Python is up; the runtime has not run
    assert held and page.evaluate("() => document.querySelector('[data-widget][data-state=\"ready\"]')") is None
    for route in held:
        route.continue_()
    page.wait_for_selector(READY, timeout=120_000)
    assert page.evaluate(ENGINES) == [True]  # the head's worker, adopted: no second one
    assert page.evaluate("() => window.hwEarlyWorker") is None
    ans = page.evaluate("() => window.heritageWidgets.call({game: 'engine', action: 'ping'})")
    assert ans["ok"] and ans["pong"] is True


def test_a_snapshot_is_restored_only_if_it_is_the_builds(page, site_url):
    """A damaged snapshot, a planted one, and one whose start does not finish in time: each is
    dropped, and Python starts fresh; the widget works every time."""
    page.goto(site_url + "dawei/")
    page.wait_for_selector(READY, timeout=120_000)
    wait_offline_copy(page)
    snapshot = boot_report(page)["snapshotFile"]
    wait_kept(page, snapshot)

    def fresh_tab() -> dict:
        tab = page.context.new_page()
        tab.goto(site_url + "en/dawei/")
        tab.wait_for_selector(READY, timeout=120_000)
        report = boot_report(tab)
        assert tab.evaluate("() => window.heritageWidgets.call({game: 'engine', action: 'ping'})")["ok"] is True
        tab.locator(".hw-offline").wait_for(timeout=240_000)  # the service worker has kept what this visit asked for
        tab.close()
        return report

    # damaged: refused before use, deleted; the next visit fetches the build's copy again
    page.evaluate(DAMAGE, snapshot)
    report = fresh_tab()
    assert report["snapshot"] is False and report["snapshotRejected"] is True
    wait_kept(page, snapshot)
    assert fresh_tab()["snapshot"] is True
    # planted by another page of the origin: not the build's, so never restored
    page.evaluate(PLANT, snapshot)
    report = fresh_tab()
    assert report["snapshot"] is False and report["snapshotRejected"] is True
    assert not page.evaluate("async (url) => !!(await (await caches.open('planted-by-another-page')).match(url))", snapshot)
    wait_kept(page, snapshot)
    # a start from the snapshot that does not finish in time: dropped, Python starts fresh at once,
    # and this browser never tries that snapshot again (Retry, a new tab, a restart)
    page.context.add_init_script("window.HW_LIMITS = { snapshotBootMs: 1 };")
    report = fresh_tab()
    assert report["snapshot"] is False
    assert page.evaluate("() => localStorage.getItem('hw-snapshot-failed')") == snapshot
    assert not kept(page, snapshot)
    page.context.add_init_script("window.HW_LIMITS = {};")
    assert fresh_tab()["snapshot"] is False
    assert not kept(page, snapshot)  # not fetched again either
    # nor by a returning reader's page whose head starts the worker (widgets/head-start.js, before the runtime is
    # there): with the build's own copy put back in the site's copy, that start still leaves the snapshot alone
    page.evaluate(PUT_BACK, snapshot)
    assert kept(page, snapshot)
    page.context.add_init_script(WORKER_LOG)
    tab = page.context.new_page()
    tab.goto(site_url + "dawei/")
    tab.wait_for_selector(READY, timeout=120_000)
    assert tab.evaluate(ENGINES) == [True]  # the head's worker, the only one
    assert boot_report(tab)["snapshot"] is False


# the build's snapshot, fetched again and put back into the site's copy by hand
PUT_BACK = """async (url) => {
    const name = (await caches.keys()).find((k) => k.startsWith("hw-site-"));
    await (await caches.open(name)).put(url, await fetch(url, { cache: "reload" }));
}"""


# the site's offline copies (the Python snapshot has a cache of its own)
SITE_COPIES = """async () => (await caches.keys()).filter((k) => k.startsWith("hw-site-"))"""

# resolves once this service worker is in charge: it drops the older copies before it is "activated"
ACTIVATED = """async () => {
    """ + WITHIN + """
    const me = self.serviceWorker;
    const settled = () => me.state === "activated" || me.state === "redundant";
    if (settled()) return me.state;
    await within(new Promise((done) => me.addEventListener("statechange", () => settled() && done())), 240000,
                 `the new service worker to take over (it is ${me.state})`);
    return me.state;
}"""


def wait_activated(context, version: str) -> None:
    """Until the service worker of deployment ``version`` has taken over (an event of its own,
    not a deadline): the tabs of the old deployment are closed, so it activates."""
    from playwright.sync_api import Error

    want = f"hw-site-{version}"
    while True:
        for worker in context.service_workers:
            try:
                if worker.evaluate("() => typeof CACHE === 'string' && CACHE") != want:
                    continue
                state = worker.evaluate(ACTIVATED)
            except Error:
                continue  # a worker that stopped meanwhile
            assert state == "activated", state
            return
        context.wait_for_event("serviceworker", timeout=240_000)


def assert_only_copy(page, version: str) -> None:
    """The page is served by deployment ``version``, whose copy is the only one."""
    assert page.evaluate(SW_STATUS)["version"] == version  # (its answer comes after it has dropped older copies)
    assert page.evaluate(SITE_COPIES) == [f"hw-site-{version}"]


def test_new_deployment_replaces_the_offline_copy(browser, built_site: Path, tmp_path: Path):
    """A rebuilt site (another service worker) replaces the cache once the old tab is closed;
    the new page is what is shown offline."""
    site, server, base, context = deploying_copy(browser, built_site, tmp_path)
    try:
        first = context.new_page()
        first.goto(base + "archive/")
        wait_offline_copy(first)
        wait_kept(first, base + "archive/")
        old = sw_build(site)["version"]
        assert first.evaluate(SITE_COPIES) == [f"hw-site-{old}"]
        # a new deployment: one page changes
        page_file = site / "archive" / "index.html"
        page_file.write_text(page_file.read_text(encoding="utf-8").replace("</h1>", " · DEPLOYMENT-TWO</h1>", 1), encoding="utf-8")
        new = write_service_worker(site)
        assert new != old
        # installed beside the old one, waiting while a tab of the old deployment is open
        install_update(first, new)
        assert first.evaluate("async () => !!(await navigator.serviceWorker.getRegistration()).waiting")
        assert first.evaluate(SITE_COPIES) == [f"hw-site-{old}", f"hw-site-{new}"]
        first.close()  # no tab of the old deployment is left
        # the new version takes over, dropping the old copy as it does
        wait_activated(context, new)
        second = context.new_page()
        second.goto(base + "dawei/")
        assert_only_copy(second, new)
        context.set_offline(True)
        second.goto(base + "archive/")
        assert "DEPLOYMENT-TWO" in second.locator("h1").first.inner_text()
    finally:
        context.close()
        server.shutdown()


# Asks the browser to look for a new sw.js and resolves, with the new worker's own answer to
# "status", once that worker is installed. The worker is the one "updatefound" names: once
# update() resolves, the registration's "installing" may not be set yet (its attributes come
# from the browser on another channel), and "waiting" may still be the previous deployment's.
WAIT_INSTALLED = """async () => {
    """ + WITHIN + """
    const r = await within(navigator.serviceWorker.getRegistration(), 60000, "the registration");
    const found = new Promise((done) => r.addEventListener("updatefound", () => done(r.installing), { once: true }));
    await within(r.update(), 120000, "the browser to look for a new sw.js");
    const sw = await within(found, 120000, "the browser to find the new sw.js");
    if (sw.state !== "installed") await new Promise((done, fail) => {
        const settled = () => {
            if (sw.state === "installed" || sw.state === "activating" || sw.state === "activated") done();
            else if (sw.state === "redundant") fail(new Error("install failed"));
        };
        sw.addEventListener("statechange", settled);
        settled();
        setTimeout(() => fail(new Error(`the new version is still ${sw.state}`)), 240000);
    });
    return await within(new Promise((done) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (e) => done(e.data);
        sw.postMessage({ type: "status" }, [channel.port2]);
    }), 240000, "the new service worker's answer to status");
}"""


def install_update(page, version: str) -> None:
    """The browser installs deployment ``version``'s service worker beside the one in charge."""
    status = page.evaluate(WAIT_INSTALLED)
    assert status["version"] == version, status

KEPT_BODY = """async ([name, url]) => {
    const hit = await (await caches.open(name)).match(url);
    return hit ? await hit.text() : null;
}"""


def test_a_page_uploaded_out_of_order_is_not_kept_under_the_new_version(browser, built_site: Path, tmp_path: Path):
    """Deployments A, B, C. While B's service worker is live, the host still serves A's page
    (an upload out of order, a stale edge of a CDN): B does not keep A's page under its own
    version, and C keeps C's page, never the old one."""
    site, server, base, context = deploying_copy(browser, built_site, tmp_path)
    page_file = site / "gupai" / "index.html"
    text_a = page_file.read_text(encoding="utf-8")
    try:
        tab = context.new_page()
        tab.goto(base + "gupai/")
        wait_offline_copy(tab)
        wait_kept(tab, base + "gupai/")
        # deployment B changes the page, but the old page is still what the host sends
        text_b = text_a.replace("</h1>", " · DEPLOYMENT-B</h1>", 1)
        page_file.write_text(text_b, encoding="utf-8")
        rev_b = write_service_worker(site)
        page_file.write_text(text_a, encoding="utf-8")
        install_update(tab, rev_b)
        kept_b = tab.evaluate(KEPT_BODY, [f"hw-site-{rev_b}", base + "gupai/"])
        assert kept_b is None or "DEPLOYMENT-B" in kept_b  # never A's page under B's version
        # deployment C: B's page is in place now, and another page changed
        page_file.write_text(text_b, encoding="utf-8")
        other = site / "archive" / "index.html"
        other.write_text(other.read_text(encoding="utf-8").replace("</h1>", " · DEPLOYMENT-C</h1>", 1), encoding="utf-8")
        rev_c = write_service_worker(site)
        assert dict(sw_build(site)["files"])["gupai/"] == hashlib.sha256(text_b.encode("utf-8")).hexdigest()
        install_update(tab, rev_c)
        kept_c = tab.evaluate(KEPT_BODY, [f"hw-site-{rev_c}", base + "gupai/"])
        assert kept_c is not None and "DEPLOYMENT-B" in kept_c
        # … and C is what the reader reads offline, once the old tab is gone
        tab.close()
        wait_activated(context, rev_c)
        reader = context.new_page()
        reader.goto(base + "archive/")
        assert_only_copy(reader, rev_c)
        context.set_offline(True)
        reader.goto(base + "gupai/")
        assert "DEPLOYMENT-B" in reader.locator("h1").first.inner_text()
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
