"""The 叶子戏 showing at a real table (issue 45, points 1 and 5): on a phone every player's total is on screen
without swiping sideways; the family's names are in the seat buttons, the result's sentences, the status line and
the exported file's name."""

from __future__ import annotations

import pytest

SHOWING = '.hw[data-widget="yezi-showing"]'
NAMES = ["我", "老伴", "大姐", "二哥"]


def open_showing(page, site_url: str, width: int, lang: str = "zh"):
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(site_url + ("" if lang == "zh" else "en/") + "yezi/showing/")
    page.wait_for_selector(f'{SHOWING}[data-state="ready"]', timeout=120_000)
    root = page.locator(SHOWING)
    root.locator('[data-role="new-showing"]').click()
    page.wait_for_function(f"() => !document.querySelector('{SHOWING} [data-role=\"places\"]')")
    return root


def name_the_players(root) -> None:
    for s, n in enumerate(NAMES):
        box = root.locator(f'[data-role="name"][data-seat="{s}"]')
        box.fill(n)
        box.press("Tab")


@pytest.mark.parametrize("width", [390, 1280])
def test_the_totals_fit_a_phone_and_the_names_are_everywhere(page, site_url, width):
    root = open_showing(page, site_url, width)
    name_the_players(root)
    # the status line before all four are in: the family's names
    status = root.locator('[data-role="message"]').inner_text()
    assert all(n in status for n in NAMES), status
    seats = [b.inner_text() for b in root.locator('[data-role="seat"]').all()]
    assert [s.replace(" ✓", "") for s in seats] == NAMES
    root.locator('[data-role="example"]').click()
    page.wait_for_selector(f'{SHOWING} [data-role="places"]')
    fit = page.evaluate(f"""() => {{
        const cells = [...document.querySelectorAll('{SHOWING} [data-role="places"] [data-role="total"]')];
        return {{ n: cells.length, right: Math.max(...cells.map(c => c.getBoundingClientRect().right)),
                 page: document.documentElement.scrollWidth }};
    }}""")
    assert fit["n"] == 4 and fit["right"] <= width and fit["page"] <= width, fit
    said = root.locator('[data-role="result"]').inner_text()
    assert all(n in said for n in NAMES), said
    winner = root.locator('[data-role="round-winner"]').inner_text()
    assert any(n in winner for n in NAMES) and not any(x in winner for x in ("甲", "乙", "丙", "丁")), winner
    with page.expect_download() as got:
        root.locator('[data-role="record-export"]').click()
    assert all(n in got.value.suggested_filename for n in NAMES), got.value.suggested_filename
    # the names kept: after a reload they are in the boxes and the result again
    page.reload()
    page.wait_for_selector(f'{SHOWING}[data-state="ready"]', timeout=120_000)
    page.wait_for_selector(f'{SHOWING} [data-role="places"]')
    assert [root.locator(f'[data-role="name"][data-seat="{s}"]').input_value() for s in range(4)] == NAMES
    assert all(n in root.locator('[data-role="result"]').inner_text() for n in NAMES)


def test_the_english_page_says_the_names_too(page, site_url):
    root = open_showing(page, site_url, 390, "en")
    name_the_players(root)
    root.locator('[data-role="example"]').click()
    page.wait_for_selector(f'{SHOWING} [data-role="places"]')
    said = root.locator('[data-role="result"]').inner_text()
    assert all(n in said for n in NAMES) and "Player A" not in said, said
