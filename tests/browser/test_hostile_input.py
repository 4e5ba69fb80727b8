"""Input the browser handles before the engine sees it: a message that cannot stall the engine,
share links that cannot freeze a tab or reach the built-in properties of every object, and a
number in a move written with digits of another script.

- A value nested ~2,000 deep cannot be cloned between page and worker: it used to reach the
  worker as null, which never answered, so "Working…" stayed until the one-minute watchdog.
  Messages are now JSON text and every message is answered at once.
- ``?paohuzi-wait={"hand":["x1"×N]}`` drew one button per entry before the engine refused it.
- ``yezi-form`` took "constructor" as a card; ``paohuzi-score`` threw a TypeError on it.
"""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

DEEP = 2_000
# one minute: a call that has to wait for the watchdog is answered "timeout", never "bad_request"
PATIENT = "window.HW_LIMITS = { callMs: 60000, stopAfterMs: 60000 };"


def deep_json(levels: int) -> str:
    return '{"a":' * levels + "1" + "}" * levels


def widget(page, name: str):
    sel = f'[data-widget="{name}"]'
    page.wait_for_selector(f'{sel}[data-state="ready"], {sel}[data-state="error"]', timeout=180_000)
    return page.locator(sel).first


def test_a_deep_request_is_refused_at_once_not_by_the_watchdog(page, site_url):
    page.add_init_script(PATIENT)
    page.goto(site_url + "dawei/play/")
    widget(page, "dawei-game")
    answers = page.evaluate(
        """async (levels) => {
        const deep = (n, wrap) => { let v = 1; for (let i = 0; i < n; i++) v = wrap(v); return v; };
        const out = [];
        out.push(await window.heritageWidgets.call({ game: "gupai", action: "play", seed: 1, moves: [deep(levels, (v) => ({ a: v }))] }));
        out.push(await window.heritageWidgets.call({ game: "gupai", action: "play", seed: 1, moves: deep(levels * 2, (v) => [v]) }));
        const loop = { game: "dawei" }; loop.self = loop;
        out.push(await window.heritageWidgets.call(loop));
        // the engine still answers after them
        out.push(await window.heritageWidgets.call({ game: "dawei", action: "classify", dice: [4, 4, 1, 2, 3, 6] }));
        return out;
    }""",
        DEEP,
    )
    for a in answers[:3]:
        assert a["ok"] is False and a["error"]["code"] == "bad_request", a
        assert a["error"]["zh"] and a["error"]["en"]
    assert answers[3]["ok"] is True


def test_the_worker_answers_every_message_it_cannot_use(page, site_url, built_site):
    script = min((built_site / "assets" / "widgets").glob("worker*.js"), key=lambda p: len(p.name))
    page.goto(site_url + "archive/widgets/")
    answers = page.evaluate(
        """async ([levels, url]) => {
        const w = new Worker(url, { type: "module" });
        const got = [];
        w.onmessage = (e) => got.push(typeof e.data === "string" ? JSON.parse(e.data) : e.data);
        let deep = 1; for (let i = 0; i < levels; i++) deep = { a: deep };
        const sent = [null, {}, "not json", "[]", JSON.stringify({ type: "nonsense", id: 7 }),
                      JSON.stringify({ type: "call", id: 8, request: deep })];
        for (const m of sent) w.postMessage(m);
        try { w.postMessage({ type: "call", id: 9, request: deep }); } catch { got.push({ type: "answer", id: 9, thrown: true }); }
        const until = Date.now() + 30000;
        while (got.length < sent.length + 1 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
        w.terminate();
        return got;
    }""",
        [DEEP, site_url + script.relative_to(built_site).as_posix()],
    )
    assert len(answers) == 7, answers
    assert all(a["type"] == "answer" for a in answers)
    by_id = {a["id"]: a for a in answers}
    assert by_id[7]["answer"]["error"]["code"] == "bad_request"
    assert by_id[8]["answer"]["error"]["code"] == "bad_request"
    assert all(a["answer"]["ok"] is False for a in answers if "answer" in a)


def test_a_deep_share_link_is_ignored_and_the_widget_answers(page, site_url):
    # no watchdog within the wait: a call left unanswered keeps the widget loading, and the wait fails
    page.add_init_script("window.HW_LIMITS = { callMs: 600000, stopAfterMs: 600000 };")
    link = '{"seed":1,"moves":[' + deep_json(DEEP) + "]}"
    page.goto(site_url + "gupai/?gupai-hand=" + quote(link))
    root = widget(page, "gupai-hand")
    assert root.get_attribute("data-state") == "ready"
    # the hand is playable: no error, no waiting bar
    assert root.locator(".hw-busy").count() == 0
    assert root.locator(".hw-error").count() == 0


def open_with_long_address(page, built_site, site_url: str, path: str, query: str) -> None:
    """Open ``path`` with a query longer than the test server reads (a host's URL limit does not apply
    when the service worker answers from its cache): the page itself is served by the test."""
    body = (built_site / path / "index.html").read_bytes()
    page.route(f"{site_url}{path}?*", lambda r: r.fulfill(status=200, body=body, content_type="text/html; charset=utf-8"))
    page.goto(f"{site_url}{path}?{query}")


@pytest.mark.parametrize("entries", [100_000, 8_000])
def test_a_huge_hand_in_a_link_draws_no_more_than_the_engine_takes(page, site_url, built_site, entries):
    link = json.dumps({"hand": ["x1"] * entries, "open": [{"kind": "peng", "cards": ["d5"] * 20}] * 40})
    open_with_long_address(page, built_site, site_url, "paohuzi/winning/", "paohuzi-wait=" + quote(link))
    root = widget(page, "paohuzi-wait")
    assert root.get_attribute("data-state") == "ready"
    chips = root.locator('[data-role="hand-view"] .phz-chip').count()
    groups = root.locator('[data-role="open-view"] .phz-group').count()
    assert chips <= 22 and groups <= 13, (chips, groups)
    assert root.locator(".phz-chip, .phz-group").count() <= 22 + 13
    if entries == 8_000:  # within the link's size: cut to one past the engine's limit, which the engine refuses
        assert chips == 22
        page.wait_for_function("(r) => r.dataset.answers", arg=root.element_handle())
        assert root.locator('[data-role="result"]').inner_text().strip()


def test_built_in_names_are_not_yezi_cards(page, site_url):
    link = json.dumps({"groups": [["constructor", "__proto__", "toString", "valueOf"], ["leaf"]]})
    page.goto(site_url + "yezi/play/?yezi-form=" + quote(link))
    root = widget(page, "yezi-form")
    assert root.get_attribute("data-state") == "ready"
    text = root.inner_text() + (root.inner_html())
    assert "native code" not in text and "function Object" not in text
    assert root.locator('[data-role="slot"] [data-card="constructor"], [data-role="slot"] [data-card="__proto__"]').count() == 0


def test_built_in_names_are_not_paohuzi_cards(page, site_url):
    link = json.dumps({"hand": ["constructor", "__proto__", "toString", "x1"], "card": "constructor",
                       "open": [{"kind": "constructor", "cards": ["__proto__", "hasOwnProperty", "valueOf"]}]})
    page.goto(site_url + "paohuzi/winning/?paohuzi-score=" + quote(link))
    root = widget(page, "paohuzi-score")
    assert root.get_attribute("data-state") == "ready"
    page.wait_for_function("(r) => r.dataset.answers", arg=root.element_handle())
    html = root.inner_html()
    assert "native code" not in html and "function Object" not in html
    assert root.locator('[data-role="result"]').inner_text().strip()


def test_a_move_count_in_other_digits_is_a_move_that_cannot_be_made(page, site_url):
    page.goto(site_url + "dawei/play/")
    widget(page, "dawei-game")
    answers = page.evaluate("""async () => Promise.all(["auto:²", "auto:①", "auto:٣"].map((m) =>
        window.heritageWidgets.call({ game: "dawei", action: "play", humans: [0], moves: [m] })))""")
    for a in answers:
        assert a["ok"] is False and a["error"]["code"] == "bad_move", a


def test_a_malformed_call_is_answered_bad_request_in_words_never_with_a_traceback(page, site_url):
    """``heritageWidgets.call(undefined)`` answered "worker_error" with Python's traceback (a TypeError in
    json, raised in the worker's entry point): every call without a request, or with something else
    than a set of named values, is refused as bad_request in both languages, and nothing of an
    exception reaches the answer."""
    page.goto(site_url + "dawei/play/")
    widget(page, "dawei-game")
    answers = page.evaluate(
        """async () => {
        const out = [];
        for (const r of [undefined, null, 42, "text", true, [1, 2], [{ game: "engine", action: "ping" }]]) {
            out.push(await window.heritageWidgets.call(r));
        }
        out.push(await window.heritageWidgets.call());
        out.push(await window.heritageWidgets.call({ game: "engine", action: "ping" }));  // still answering
        return out;
    }"""
    )
    for a in answers[:-1]:
        assert a["ok"] is False and a["error"]["code"] == "bad_request", a
        words = a["error"]["zh"] + a["error"]["en"]
        assert a["error"]["zh"] and a["error"]["en"]
        for leak in ("Traceback", "Error", "json", "File ", ".py", "line "):
            assert leak not in words, (leak, a)
    assert answers[-1]["ok"] is True
