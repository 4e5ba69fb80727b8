"""Trust on every read (issue 38): the offline copy is checked each time it is served, Pyodide's
files are named by their content, and a malformed call to the engine gets plain words.

Each test reproduces a finding of the review that filed the issue:

1. A page planted in the service worker's cache by any script of the origin was served as the page,
   with its script and without the site's policy — a page the reader had opened, and one never
   visited, until the next deployment.
2. A module planted at Pyodide's ``pyodide.mjs`` ran inside the engine's worker (the widget stayed
   on "loading"); and an old service worker handed the old Pyodide files to the new engine after a
   deployment that changed them, their names being the same.
4. (``heritageWidgets.call(undefined)`` answered with Python's traceback: tests/browser/test_hostile_input.py.)

Every answer from the copy is now checked against the build's list as it is served (widgets/sw.js):
a copy that is not the build's file is deleted and the file fetched again, or offline, a page is
answered with the site's "not here" page, itself checked. The answers carry the site's policy and
``nosniff``. Pyodide's files are in a folder named by their content (sitegen/assets.py).
"""

from __future__ import annotations

import hashlib
import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Error

from browser.test_offline import (
    READY,
    SW_STATUS,
    deploying_copy,
    engine_worker,
    pyodide_folder,
    sw_build,
    wait_kept,
    wait_offline_copy,
)
from sitegen.assets import pyodide_files, pyodide_folder as folder_name, write_service_worker


pytestmark = pytest.mark.timeout(900)

FORGED = '<!doctype html><title>forged</title><h1>FORGED</h1><script>document.title = "PWNED"</script>'

#: what any script of the origin can do: put a response of its own in the site's offline copy
PLANT = """async ([url, body, type]) => {
    const name = (await caches.keys()).find((k) => k.startsWith("hw-site-"));
    if (!name) throw new Error("no offline copy to plant in");
    await (await caches.open(name)).put(url, new Response(body, { headers: { "content-type": type } }));
    return name;
}"""

KEPT_TEXT = """async (url) => {
    const hit = await caches.match(url);
    return hit ? await hit.text() : null;
}"""

#: the headers of the answer the service worker gives the page for ``url`` (from its copy)
HEADERS = """async (url) => {
    const res = await fetch(url);
    return { policy: res.headers.get("content-security-policy"), nosniff: res.headers.get("x-content-type-options"),
             type: res.headers.get("content-type") };
}"""


WAIT_GENUINE = """async ([url, ms]) => {
    // the service worker keeps the build's page again once it has fetched it (in the background)
    const deadline = performance.now() + ms;
    for (;;) {
        const hit = await caches.match(url);
        const text = hit ? await hit.text() : null;
        if (text !== null && !text.includes("FORGED")) return;
        if (performance.now() > deadline) throw new Error(`${url}: ${text === null ? "not kept" : "the planted copy is still kept"}`);
        await new Promise((r) => setTimeout(r, 200));
    }
}"""


def wait_genuine(page, url: str, timeout: int = 240_000) -> None:
    """Until the copy of ``url`` is kept again, and is not the planted one."""
    page.evaluate(WAIT_GENUINE, [url, timeout])


def test_a_planted_page_is_never_served_and_cached_pages_carry_the_policy(page, site_url, built_site):
    url = site_url + "en/gupai/ledger/"
    page.goto(url)
    wait_offline_copy(page)
    wait_kept(page, url)
    # the page as the service worker serves it from its copy: the site's policy, no sniffing
    policy = sw_build(built_site)["policy"]
    got = page.evaluate(HEADERS, url)
    assert got["policy"] == policy["page"] and got["nosniff"] == "nosniff" and got["type"].startswith("text/html")
    assert "'wasm-unsafe-eval'" not in got["policy"] and "frame-ancestors 'none'" in got["policy"]
    script_src = next(d for d in got["policy"].split(";") if d.split()[0] == "script-src")
    assert "'unsafe-inline'" not in script_src and "'unsafe-eval'" not in script_src
    # a forged page planted in its place is not served: the build's page is, and is kept again
    page.evaluate(PLANT, [url, FORGED, "text/html"])
    page.reload()
    page.wait_for_selector("h1")
    assert page.title() != "PWNED" and "FORGED" not in page.locator("h1").first.inner_text()
    assert page.evaluate("() => document.documentElement.lang").startswith("en")
    wait_genuine(page, url)
    # … nor after navigating away and back
    page.evaluate(PLANT, [url, FORGED, "text/html"])
    page.goto(site_url + "en/archive/")
    page.goto(url)
    page.wait_for_selector("h1")
    assert page.title() != "PWNED" and "FORGED" not in page.content()


def test_a_planted_page_never_visited_is_never_served_online_or_offline(page, site_url):
    page.goto(site_url + "en/archive/")
    wait_offline_copy(page)
    url = site_url + "en/yezi/play/"
    page.evaluate(PLANT, [url, FORGED, "text/html"])
    page.goto(url)
    page.wait_for_selector("h1")
    assert page.title() != "PWNED" and "FORGED" not in page.content()
    wait_genuine(page, url)
    # offline: the planted copy is not shown; the site's own "not here" page is, in the page's language
    page.evaluate(PLANT, [url, FORGED, "text/html"])
    page.context.set_offline(True)
    res = page.goto(url)
    assert res is not None and res.status == 404
    assert page.locator(".md-content").count() == 1 and page.title() != "PWNED" and "FORGED" not in page.content()
    assert page.evaluate("() => document.documentElement.lang").startswith("en")
    # … and a planted "not here" page is not shown either: the browser's own error instead
    page.context.set_offline(False)
    page.goto(site_url + "en/archive/")
    for rel in ("en/404.html", "en/yezi/play/"):
        page.evaluate(PLANT, [site_url + rel, FORGED, "text/html"])
    page.context.set_offline(True)
    with pytest.raises(Error):
        page.goto(url)
    assert page.title() != "PWNED"


PLANTED_MODULE = """self.HW_PLANTED = true;
export async function loadPyodide() { return new Promise(() => {}); }
"""


def test_a_planted_pyodide_module_never_runs_in_the_engine(page, site_url, built_site):
    page.goto(site_url + "dawei/")
    page.wait_for_selector(READY, timeout=120_000)
    wait_offline_copy(page)
    module = site_url + pyodide_folder(built_site) + "/pyodide.mjs"
    wait_kept(page, module)
    page.evaluate(PLANT, [module, PLANTED_MODULE, "text/javascript"])
    tab = page.context.new_page()
    tab.goto(site_url + "en/dawei/")
    tab.wait_for_selector(READY, timeout=180_000)  # it used to stay on "loading"
    assert engine_worker(tab).evaluate("() => self.HW_PLANTED === undefined")
    assert tab.evaluate("() => window.heritageWidgets.call({game: 'engine', action: 'ping'})")["ok"] is True
    assert "HW_PLANTED" not in (tab.evaluate(KEPT_TEXT, module) or "")  # the planted copy is gone
    # the engine's worker script, served from the copy, carries the scripts' policy (WebAssembly allowed)
    worker = engine_worker(tab).url
    wait_kept(tab, worker)
    got = tab.evaluate(HEADERS, worker)
    assert got["policy"] == sw_build(built_site)["policy"]["script"] and "'wasm-unsafe-eval'" in got["policy"]
    assert got["nosniff"] == "nosniff" and got["type"].startswith("text/javascript")
    tab.close()


# ---------------------------------------------------------------- a deployment that changes Pyodide


def test_pyodide_folder_follows_the_content(tmp_path: Path):
    src = tmp_path / "pyodide"
    src.mkdir()
    for f in pyodide_files():
        shutil.copy2(f, src / f.name)
    before = folder_name(src)
    assert re.fullmatch(r"[0-9a-f]{10}", before) and folder_name(src) == before
    (src / "pyodide.mjs").write_text((src / "pyodide.mjs").read_text(encoding="utf-8") + "\n// changed\n", encoding="utf-8")
    assert folder_name(src) != before


def deploy_changed_pyodide(site: Path) -> str:
    """A new deployment whose Pyodide differs in one file (``pyodide.mjs``, which now marks the
    worker that imports it), made as the build makes it: Pyodide's folder named by its new content,
    each script that names what was renamed renamed by its own new content in turn, the pages
    naming the new scripts, and a new service worker. Returns the new deployment's version."""
    pdir = site / "assets" / "pyodide"
    old = next(pdir.glob("*/pyodide.mjs")).parent
    mjs = old / "pyodide.mjs"
    mjs.write_text(mjs.read_text(encoding="utf-8") + '\nself.HW_PYODIDE_DEPLOYMENT = "new";\n', encoding="utf-8")
    new = pdir / folder_name(old)
    old.rename(new)
    renames = {f"pyodide/{old.name}/": f"pyodide/{new.name}/"}
    wdir = site / "assets" / "widgets"
    pages = [p for p in site.rglob("*.html")]
    while renames:
        later: dict[str, str] = {}
        for f in sorted(wdir.glob("*.js")):
            text = f.read_text(encoding="utf-8")
            changed = text
            for a, b in renames.items():
                changed = changed.replace(a, b)
            if changed != text:
                stem = f.name.split(".")[0]
                name = f"{stem}.{hashlib.sha256(changed.encode('utf-8')).hexdigest()[:10]}.js"
                f.unlink()
                (wdir / name).write_text(changed, encoding="utf-8")
                later[f.name] = name
        for p in pages:
            text = p.read_text(encoding="utf-8")
            changed = text
            for a, b in later.items():
                changed = changed.replace(a, b)
            if changed != text:
                p.write_text(changed, encoding="utf-8")
        renames = later
    return write_service_worker(site)


def test_an_old_service_worker_never_hands_old_pyodide_files_to_a_new_deployment(browser, built_site: Path, tmp_path: Path):
    site, server, base, context = deploying_copy(browser, built_site, tmp_path)
    try:
        first = context.new_page()
        first.goto(base + "dawei/")
        first.wait_for_selector(READY, timeout=120_000)
        wait_offline_copy(first)
        old_module = base + pyodide_folder(site) + "/pyodide.mjs"
        wait_kept(first, old_module)
        old = first.evaluate(SW_STATUS)["version"]
        # the new deployment changes a file of Pyodide; the old service worker stays in charge
        # while a tab of the old deployment is open
        new = deploy_changed_pyodide(site)
        assert new != old and not (site / old_module.removeprefix(base)).exists()
        # a page of the new deployment the old worker has not kept: its engine gets the new Pyodide
        second = context.new_page()
        second.goto(base + "en/dawei/")
        second.wait_for_selector(READY, timeout=180_000)
        assert second.evaluate(SW_STATUS)["version"] == old  # (served by the old service worker)
        assert engine_worker(second).evaluate("() => self.HW_PYODIDE_DEPLOYMENT") == "new"
        assert second.evaluate("() => window.heritageWidgets.call({game: 'engine', action: 'ping'})")["ok"] is True
    finally:
        context.close()
        server.shutdown()
