"""The 骨牌 ledger at a real table (issue 45, with 44.4–44.5): on a phone the totals are on screen; any hand can be
corrected or deleted, the form refilled with it and the change kept; a hand that costs more than its tricks asks
first; a refused hand says why next to the form; the family's names are in every sentence and in the sheet."""

from __future__ import annotations

from pathlib import Path

import pytest

from browser.engine_calls import meanwhile, open_counted

LEDGER = '.hw[data-widget="gupai-ledger"]'
NAMES = ["我", "老伴", "大姐", "二哥"]


def enter(root, dealer: int, held: list[int], closer: int, *, zhizun: int | None = None, confirm: bool = True) -> None:
    root.locator(f'[data-role="dealer"][data-seat="{dealer}"]').click()
    for s, n in enumerate(held):
        for _ in range(n):
            root.locator(f'[data-role="more"][data-seat="{s}"]').click()
    root.locator(f'[data-role="closer"][data-seat="{closer}"]').click()
    if zhizun is not None:
        root.locator(f'[data-role="zhizun"][data-seat="{zhizun}"]').click()
    before = root.locator('[data-role="hand-row"]').count()
    root.locator('[data-role="add"]').click()
    if zhizun is not None:
        root.locator('[data-role="confirm-add"]:visible').wait_for()  # asked first, in words
        if confirm:
            root.locator('[data-role="confirm-add"]').click()
    if confirm:
        root.page.wait_for_function(
            "([sel, n]) => document.querySelectorAll(sel + ' [data-role=\"hand-row\"]').length === n", arg=[LEDGER, before + 1]
        )


def open_ledger(page, site_url: str, width: int):
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(site_url + "gupai/ledger/")
    page.wait_for_selector(f'{LEDGER}[data-state="ready"]', timeout=120_000)
    root = page.locator(LEDGER)
    root.locator('[data-role="session-new"]').click()  # a session of this test's own
    page.wait_for_function(f"() => !document.querySelector('{LEDGER} [data-role=\"hand-row\"]')")
    for s, n in enumerate(NAMES):
        root.locator(f'[data-role="name"][data-seat="{s}"]').fill(n)
        root.locator(f'[data-role="name"][data-seat="{s}"]').press("Tab")
    return root


@pytest.mark.parametrize("width", [390, 1280])
def test_five_hands_then_correct_hand_two_and_delete_hand_four(page, site_url, width):
    root = open_ledger(page, site_url, width)
    for k in range(5):
        enter(root, k % 4, [2, 2, 2, 2] if k != 1 else [5, 1, 1, 1], (k + 1) % 4)
    # every total on screen, without swiping sideways
    fit = page.evaluate(f"""() => {{
        const cells = [...document.querySelectorAll('{LEDGER} [data-role="totals"] td')];
        return {{ n: cells.length, right: Math.max(...cells.map(c => c.getBoundingClientRect().right)), page: document.documentElement.scrollWidth }};
    }}""")
    assert fit["n"] == 4 and fit["right"] <= width and fit["page"] <= width, fit
    # names in the sentences, never the seats
    said = root.locator('[data-role="message"]').inner_text() + root.locator('[data-role="details"]').inner_text()
    assert any(n in said for n in NAMES), said
    assert not any(x in said for x in ("甲家", "乙家", "丙家", "丁家")), said
    # correct hand 2: the form comes back filled with it
    totals_before = root.locator('[data-role="totals"]').inner_text()
    root.locator('[data-role="pick-hand"]').select_option("1")
    root.locator('[data-role="edit-hand"]').click()
    held = [int(root.locator(f'output[data-role="held"][data-seat="{s}"]').inner_text()) for s in range(4)]
    assert held == [5, 1, 1, 1]
    assert root.locator('[data-role="closer"][data-seat="2"]').get_attribute("aria-pressed") == "true"
    for _ in range(3):
        root.locator('[data-role="less"][data-seat="0"]').click()
        root.locator('[data-role="more"][data-seat="1"]').click()
    root.locator('[data-role="add"]').click()
    page.wait_for_function(f"() => document.querySelector('{LEDGER} [data-role=\"message\"]').textContent.includes('已记下第 2 盘')")
    assert root.locator('[data-role="hand-row"]').count() == 5
    assert root.locator('[data-role="totals"]').inner_text() != totals_before  # the later totals worked out again
    assert "改了第 2 盘" in root.locator('[data-role="history"]').text_content()
    # delete hand 4: asked once more in words first
    root.locator('[data-role="pick-hand"]').select_option("3")
    root.locator('[data-role="delete-hand"]').click()
    assert "再按一次" in root.locator('[data-role="message"]').inner_text()
    assert root.locator('[data-role="hand-row"]').count() == 5
    root.locator('[data-role="delete-hand"]').click()
    page.wait_for_function(f"() => document.querySelectorAll('{LEDGER} [data-role=\"hand-row\"]').length === 4")
    assert "删去了第 4 盘" in root.locator('[data-role="history"]').text_content()
    # the readable sheet: a table in Chinese with the family's names, named after them
    with page.expect_download() as got:
        root.locator('[data-role="sheet-export"]').click()
    d = got.value
    assert all(n in d.suggested_filename for n in NAMES) and d.suggested_filename.endswith(".html"), d.suggested_filename
    sheet = Path(d.path()).read_text(encoding="utf-8")
    assert "<table" in sheet and "合计" in sheet and all(n in sheet for n in NAMES) and "Player" not in sheet


@pytest.mark.parametrize("width", [390, 1280])
def test_a_costly_hand_asks_first_and_a_refused_one_says_why(page, site_url, width):
    root = open_ledger(page, site_url, width)
    # the supreme pair's money: asked first, in words, nothing recorded until confirmed
    enter(root, 0, [2, 2, 2, 2], 1, zhizun=2, confirm=False)
    ask = root.locator('[data-role="message"]').inner_text()
    assert "请确认" in ask and "大姐" in ask, ask
    assert root.locator('[data-role="hand-row"]').count() == 0
    root.locator('[data-role="confirm-add"]').click()
    page.wait_for_function(f"() => document.querySelectorAll('{LEDGER} [data-role=\"hand-row\"]').length === 1")
    # tricks that do not add up to eight: refused, and the reason stands next to the form
    root.locator('[data-role="dealer"][data-seat="1"]').click()
    root.locator('[data-role="more"][data-seat="0"]').click()
    root.locator('[data-role="closer"][data-seat="0"]').click()
    root.locator('[data-role="add"]').click()
    page.wait_for_function(f"() => document.querySelector('{LEDGER} [data-role=\"message\"]').textContent.includes('记不下')")
    assert "8" in root.locator('[data-role="message"]').inner_text()
    assert root.locator('[data-role="hand-row"]').count() == 1
    box = root.locator('[data-role="message"]').bounding_box()
    add = root.locator('[data-role="add"]').bounding_box()
    assert box and add and 0 <= box["y"] - add["y"] < 200  # right under the form's button


def test_names_typed_while_a_new_session_is_read_are_kept_in_it(page, site_url):
    """"New session" opens its session and reads it with the engine: the names typed before the engine has answered
    are the new session's (they were saved into the session left, then reset when the new one opened), also after a
    reload. Every answer of the ledger is held until the names are typed, so the slow engine's order comes every time."""
    root = open_counted(page, site_url + "gupai/ledger/", LEDGER, '"game":"gupai","action":"ledger"', timeout=120_000)

    def type_names() -> None:
        for s, n in enumerate(NAMES):
            root.locator(f'[data-role="name"][data-seat="{s}"]').fill(n)
            root.locator(f'[data-role="name"][data-seat="{s}"]').press("Tab")

    assert meanwhile(page, root.locator('[data-role="session-new"]').click, type_names) >= 1
    assert [root.locator(f'[data-role="name"][data-seat="{s}"]').input_value() for s in range(4)] == NAMES
    enter(root, 0, [2, 2, 2, 2], 1)
    said = root.locator('[data-role="message"]').inner_text()
    assert any(n in said for n in NAMES) and not any(x in said for x in ("甲家", "乙家", "丙家", "丁家")), said
    page.reload()
    page.wait_for_selector(f'{LEDGER}[data-state="ready"]', timeout=120_000)
    page.wait_for_function("() => window.__hwOut === window.__hwIn")
    assert [root.locator(f'[data-role="name"][data-seat="{s}"]').input_value() for s in range(4)] == NAMES
