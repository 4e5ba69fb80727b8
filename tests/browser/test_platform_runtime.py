"""The widget runtime when things go wrong: Python that cannot start, a call that runs
too long, a reader who stops a computation, and a browser with JavaScript off.

Limits are shortened through ``window.HW_LIMITS`` (read by widgets/runtime.js each time
it uses one), so that no test waits for the real limits; nothing here asserts how long
anything takes."""

from __future__ import annotations

import json

from engine.api import handle
from engine.dawei.actions import MAX_SIM_GAMES
from engine.dawei.game import MAX_DROP_CHANCE

#: the longest simulation the engine accepts: long enough to be stopped mid-request
LONG = {"game": "dawei", "action": "simulate", "players": 6, "games": MAX_SIM_GAMES, "seed": 1, "drop_chance": MAX_DROP_CHANCE}


def test_the_long_request_is_one_the_engine_accepts():
    assert handle(LONG)["ok"] is True


def limits(page, **values) -> None:
    page.add_init_script(f"window.HW_LIMITS = {json.dumps(values)};")


def wait_ready(page, selector: str = '[data-widget="dawei-dice"]') -> None:
    page.wait_for_selector(f'{selector}[data-state="ready"]', timeout=180_000)


def test_a_webassembly_load_that_fails_ends_in_an_error_with_retry(page, site_url):
    """The wasm download fails: instead of a spinner turning forever, the start-up limit
    moves every widget to `error` with a plain message and Retry; Retry then works."""
    blocked = {"on": True}

    def route(r):
        if blocked["on"]:
            r.abort()
        else:
            r.continue_()

    page.route("**/*.wasm", route)
    limits(page, bootMs=4000)
    page.goto(site_url + "en/dawei/")
    root = page.locator('[data-widget="dawei-dice"]').first
    page.wait_for_selector('[data-widget="dawei-dice"][data-state="error"]', timeout=120_000)
    text = root.locator(".hw-status-text").inner_text()
    assert "could not start" in text or "did not start" in text
    # the example it points to is the one drawn below the message, in the same box
    assert "example below" in text
    status, body = (root.locator(s).bounding_box() for s in (".hw-status", ".hw-body"))
    assert status and body and status["y"] + status["height"] <= body["y"] + 1, (status, body)
    assert "Error" not in text and "worker" not in text  # no developer words
    retry = root.locator(".hw-retry")
    assert retry.is_visible() and retry.inner_text() == "Retry"
    # the network is back: Retry starts a fresh engine
    blocked["on"] = False
    page.evaluate("() => { window.HW_LIMITS = {}; }")
    retry.click()
    wait_ready(page)


def test_start_up_error_in_chinese(page, site_url):
    page.route("**/*.wasm", lambda r: r.abort())
    limits(page, bootMs=3000)
    page.goto(site_url + "dawei/")
    page.wait_for_selector('[data-widget="dawei-dice"][data-state="error"]', timeout=120_000)
    root = page.locator('[data-widget="dawei-dice"]').first
    assert "下面用同样的规则事先算好的示例" in root.locator(".hw-status-text").inner_text()  # the example under the message
    assert root.locator(".hw-retry").inner_text() == "重试"


def test_watchdog_ends_a_call_past_its_limit_and_starts_a_fresh_worker(page, site_url):
    page.goto(site_url + "en/dawei/")
    wait_ready(page)
    answer = page.evaluate("(req) => window.heritageWidgets.call(req, { limitMs: 1 })", LONG)
    assert answer["ok"] is False
    assert answer["error"]["code"] == "timeout"
    assert "too long" in answer["error"]["en"] and "太久" in answer["error"]["zh"]
    # a fresh worker answers the next call, and the widget on the page still works
    assert page.evaluate("() => window.heritageWidgets.call({game: 'engine', action: 'ping'})")["pong"] is True
    root = page.locator('[data-widget="dawei-dice"]').first
    root.locator('[data-role="roll"]').click()
    page.wait_for_function(
        "() => Number(document.querySelector('[data-widget=\"dawei-dice\"]').dataset.seq || 0) >= 1", timeout=120_000
    )


def test_a_long_computation_can_be_stopped(page, site_url):
    page.goto(site_url + "dawei/")
    wait_ready(page)
    answer = page.evaluate(
        """async (req) => {
            const pending = window.heritageWidgets.call(req);
            // the request is sent once the engine's start-up promise has settled: after this task
            await new Promise((resolve) => setTimeout(resolve, 0));
            const stopped = window.heritageWidgets.cancel();
            return { stopped, a: await pending };
        }""",
        LONG,
    )
    assert answer["stopped"] is True
    assert answer["a"]["ok"] is False and answer["a"]["error"]["code"] == "cancelled"
    assert page.evaluate("() => window.heritageWidgets.call({game: 'engine', action: 'ping'})")["pong"] is True
    # nothing running: nothing to stop
    assert page.evaluate("() => window.heritageWidgets.cancel()") is False


def test_a_widget_shows_stop_while_busy(page, site_url):
    """While a widget waits for an answer, a Stop button appears; pressing it ends the computation."""
    limits(page, stopAfterMs=0)
    page.goto(site_url + "dawei/")
    wait_ready(page)
    # hold the worker busy with long requests, then ask through a widget: it waits behind them
    page.evaluate(
        "(req) => { window.__long = Promise.all([1, 2, 3, 4, 5].map(() => window.heritageWidgets.call(req))); }", LONG
    )
    root = page.locator('[data-widget="dawei-dice"]').first
    root.locator('[data-role="roll"]').click()
    stop = root.locator(".hw-busy .hw-stop")
    stop.wait_for(state="visible", timeout=60_000)
    assert stop.inner_text() == "停止"
    stop.click()
    codes = page.evaluate("() => window.__long.then((all) => all.map((a) => a.error && a.error.code))")
    assert codes == ["cancelled"] * 5
    root.locator(".hw-busy").wait_for(state="detached", timeout=60_000)


def test_javascript_off_says_the_static_example_is_all_there_is(browser, site_url):
    for path, words in (("dawei/", "JavaScript 已关闭"), ("en/dawei/", "JavaScript is off")):
        context = browser.new_context(java_script_enabled=False)
        try:
            pg = context.new_page()
            pg.goto(site_url + path)
            note = pg.locator(".hw-noscript").first
            assert note.is_visible()
            assert words in note.inner_text()
            # no spinner that will never stop
            assert not pg.locator('[data-widget="dawei-dice"] .hw-status').first.is_visible()
            # the static example is there
            assert pg.locator('[data-widget="dawei-dice"] [data-role="dice"] svg').count() == 1
        finally:
            context.close()


def test_no_noscript_line_on_pages_without_widgets(built_site):
    text = (built_site / "archive" / "index.html").read_text(encoding="utf-8")
    assert 'data-widget="' not in text and "hw-noscript" not in text
    assert "hw-noscript" in (built_site / "dawei" / "index.html").read_text(encoding="utf-8")
