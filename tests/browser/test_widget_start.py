"""Python starts as soon as a page with widgets is parsed (issue 41, point 6: the first widget as fast as Python
itself): the worker and Pyodide's download and compile run off the main thread while the page is drawn, and only
the widgets' hydration — their scripts and mounting, on the main thread — waits for the page to have loaded and the
browser to be idle (widgets/runtime.js bootWhenParsed, startWhenIdle). Timings are benchmarks/run.py's."""

from __future__ import annotations

import json

from browser.engine_calls import count_calls
from browser.sitepages import IDLE_HELD, WORKER_LOG

# the browser's idle moments held until the test lets them come, the workers a page starts, and how many had
# started when the page finished loading
HOLD_IDLE = IDLE_HELD + WORKER_LOG + """
// a reader who has not touched the page: the harness's own nudge to hydrate at once (a focusin it dispatches on a
// widget, tests/browser/sitepages.py START_AT_ONCE) is stopped before the runtime hears it; a reader's is trusted
document.addEventListener("focusin", (e) => { if (!e.isTrusted) e.stopImmediatePropagation(); }, true);
window.__atLoad = null;
addEventListener("load", () => { window.__atLoad = window.__workers.slice(); });
"""
ENGINE = "(w) => /\\/widgets\\/worker[.]/.test(w.url)"


def test_python_starts_as_the_page_is_parsed_and_the_widgets_hydrate_once_the_page_is_idle(page, site_url):
    page.set_viewport_size({"width": 390, "height": 800})
    page.add_init_script(HOLD_IDLE)
    page.goto(site_url + "en/dawei/play/")
    page.wait_for_function("() => window.__atLoad !== null")
    # the engine's worker was started before the page had finished loading
    assert page.evaluate(f"() => window.__atLoad.some({ENGINE})"), page.evaluate("window.__workers")
    # the browser has not been idle yet: no widget has hydrated (each still shows its static example)
    assert page.evaluate("() => [...document.querySelectorAll('[data-widget]')].every((w) => w.dataset.state !== 'ready')")
    assert page.evaluate(f"() => window.__workers.filter({ENGINE}).length") == 1
    page.evaluate("window.__runIdle()")
    page.wait_for_function("() => document.querySelector('[data-widget=\"dawei-game\"]').dataset.state === 'ready'", timeout=180_000)
    # one worker all along: the widgets used the one started early
    assert page.evaluate(f"() => window.__workers.filter({ENGINE}).length") == 1


def test_a_page_without_widgets_starts_no_python(page, site_url):
    page.add_init_script(HOLD_IDLE)
    page.goto(site_url + "en/dawei/origin/")
    page.wait_for_function("() => window.__atLoad !== null")
    page.evaluate("window.__runIdle()")
    assert not page.evaluate(f"() => window.__workers.some({ENGINE})")


def test_the_dice_widget_is_ready_as_soon_as_python_is_up(page, site_url):
    """The build drew the dice widget's first throw: once Python is up it is ready without asking the engine anything
    first (nothing between the engine's start and the reader's first throw), and its first throw is answered."""
    page.add_init_script(count_calls())
    page.goto(site_url + "en/dawei/")
    dice = page.locator('[data-widget="dawei-dice"]').first
    page.wait_for_function("() => document.querySelector('[data-widget=\"dawei-dice\"]').dataset.state === 'ready'", timeout=180_000)
    assert page.evaluate("window.__hwSent") == []
    dice.locator('[data-role="roll"]').click()
    page.wait_for_function("() => document.querySelector('[data-widget=\"dawei-dice\"]').dataset.seq === '1'", timeout=60_000)
    sent = [json.loads(m) for m in page.evaluate("window.__hwSent")]
    assert [m["request"]["action"] if "view" in m else m["action"] for m in sent] == ["roll", "classify"]
    faces = dice.locator('[data-role="face"]').evaluate_all("(fs) => fs.map((f) => f.value).join(',')")
    assert dice.locator('[data-role="dice"]').get_attribute("data-dice") == faces
