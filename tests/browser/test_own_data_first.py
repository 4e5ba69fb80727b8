"""The reader's own data first (issue 44 point 3): a ledger or a showing kept on this device is shown at once on
the next visit, before Python has started (here: never, its files held back), in the place of the build's
example; where the example shows, it is marked as one; and the family's names are in the ledger's sentences."""

from __future__ import annotations

import pytest

LEDGER = '.hw[data-widget="gupai-ledger"]'
SHOWING = '.hw[data-widget="yezi-showing"]'


def hold_python_back(page) -> list:
    """Requests for Python and the engine are never answered: the widgets stay in their loading state."""
    held: list = []
    page.context.route("**/assets/pyodide/**", lambda r: held.append(r))
    page.context.route("**/assets/engine/**", lambda r: held.append(r))
    return held


def python_asked(request) -> bool:
    """A request for Python's or the engine's files (held back by :func:`hold_python_back`)."""
    return "/assets/pyodide/" in request.url or "/assets/engine/" in request.url


def reload_without_python(page, root) -> None:
    """The next visit with Python held back: the page reloaded until the reader's own data shows in ``root`` and the
    page has asked for Python (when it asks depends on the machine); the widget is still loading, so what shows did
    not wait for Python."""
    hold_python_back(page)
    with page.expect_request(python_asked, timeout=60_000) as asked:
        page.reload()
        root.locator('[data-role="own-first"]').wait_for(timeout=30_000)
    assert asked.value and root.get_attribute("data-state") == "loading"


@pytest.mark.parametrize("width", [1280, 390])
def test_a_saved_ledger_shows_before_python_and_the_example_is_marked(page, site_url, width):
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(site_url + "gupai/ledger/")
    root = page.locator(LEDGER)
    assert "示例" in root.locator('[data-role="example-mark"]').inner_text()  # the build's example says it is one
    page.wait_for_selector(f'{LEDGER}[data-state="ready"]', timeout=120_000)
    root.locator('[data-role="name"][data-seat="0"]').fill("我")
    root.locator('[data-role="name"][data-seat="2"]').fill("大姐")
    root.locator('[data-role="name"][data-seat="2"]').press("Tab")
    root.locator('[data-role="dealer"][data-seat="0"]').click()
    for _ in range(5):
        root.locator('[data-role="more"][data-seat="2"]').click()
    for _ in range(3):
        root.locator('[data-role="more"][data-seat="0"]').click()
    root.locator('[data-role="closer"][data-seat="2"]').click()
    root.locator('[data-role="add"]').click()
    message = root.locator('[data-role="message"]')
    page.wait_for_function("e => e.textContent.includes('已记下')", arg=message.element_handle())
    said = message.inner_text() + root.locator('[data-role="details"]').inner_text()
    assert "大姐" in said and "丙家" not in said, said  # the family's names in the explanations
    totals = root.locator('[data-role="result"] tfoot').inner_text()
    reload_without_python(page, root)  # the family's ledger at once, never the example
    table = root.locator('[data-role="own-table"]').inner_text()
    assert "我" in table and "大姐" in table and "+" in table
    assert root.locator('[data-role="example-mark"]').count() == 0
    assert "−7" not in table and "+15" not in table  # the build's example (−7 / −1 / −7 / +15) is not shown
    assert totals  # the live table had totals; the kept one has them too
    assert root.locator('[data-role="own-table"] tfoot').inner_text().strip()
    # named after the family, in the page's language: on the English page too, Python still held back
    assert "的账" in root.locator('[data-role="own-first"]').inner_text()
    page.goto(site_url + "en/gupai/ledger/")
    root.locator('[data-role="own-first"]').wait_for(timeout=30_000)
    assert "Ledger of 我" in root.locator('[data-role="own-first"]').inner_text()


@pytest.mark.parametrize("width", [1280, 390])
def test_a_saved_showing_shows_before_python(page, site_url, width):
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(site_url + "yezi/showing/")
    root = page.locator(SHOWING)
    assert "示例" in root.locator('[data-role="example-mark"]').inner_text()
    page.wait_for_selector(f'{SHOWING}[data-state="ready"]', timeout=120_000)
    assert root.locator('[data-role="example-mark"]').count() == 0  # live: the result is the reader's own
    for code in ("10", "10", "1"):
        root.locator(f'[data-role="card"][data-code="{code}"]').click()
    root.locator('[data-role="chosen"]').nth(2).wait_for()
    reload_without_python(page, root)
    assert root.locator('[data-role="example-mark"]').count() == 0
    assert "合" in root.locator('[data-role="result"]').inner_text()
