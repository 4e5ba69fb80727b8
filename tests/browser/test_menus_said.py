"""Issue 41 point 4, nothing clipped at 390 px: a rule's reading is a sentence, and a closed menu on a phone shows only
its start. Every menu in a widget either shows its chosen words whole, or they are said in full right under it; the
words follow the reader's choice, and a fold opened later says its menus' words too."""

from __future__ import annotations

import pytest

#: a menu's chosen words, the room it has for them, and what is said under it (JS: read in the page)
MENUS = """root => [...root.querySelectorAll('select')].filter(s => s.offsetParent).map(s => {
  const cs = getComputedStyle(s);
  const probe = document.createElement('span');
  probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap';
  for (const k of ['fontFamily', 'fontSize', 'fontWeight', 'fontStyle', 'letterSpacing']) probe.style[k] = cs[k];
  const text = s.selectedOptions[0] ? s.selectedOptions[0].text.trim() : '';
  probe.textContent = text;
  document.body.append(probe);
  const wide = probe.getBoundingClientRect().width;
  probe.remove();
  const next = s.nextElementSibling;
  return {text, wide, room: s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20,
          said: next && next.classList.contains('hw-said') ? next.textContent : null,
          right: next && next.classList.contains('hw-said') ? next.getBoundingClientRect().right : 0};
})"""


def check(page, root) -> int:
    """Every shown menu whole or said in full, nothing said wider than the screen; how many were said."""
    width = page.evaluate("document.documentElement.clientWidth")
    menus = root.evaluate(MENUS)
    assert menus, "no menu shown"
    for m in menus:
        if m["wide"] > m["room"] + 1:
            assert m["said"] == m["text"], m
            assert m["right"] <= width + 1, m
    return sum(1 for m in menus if m["said"])


@pytest.mark.parametrize("path", ["en/dawei/play/", "dawei/play/"])
def test_a_rules_reading_cut_in_its_menu_is_said_in_full_under_it(page, site_url, path):
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(site_url + path)
    root = page.locator('[data-widget="dawei-game"]')
    root.wait_for()
    page.wait_for_selector('[data-widget="dawei-game"][data-state="ready"]', timeout=180_000)
    fold = root.locator("details", has=page.locator("select[data-option]")).first
    fold.locator("summary").click()
    assert check(page, root) >= 1  # at 390 px at least one reading is longer than its menu
    # the reader chooses another reading: what is said follows (said whole, or nothing when it fits)
    menu = root.locator("select[data-option]").last
    values = menu.evaluate("s => [...s.options].map(o => o.value)")
    other = next(v for v in values if v != menu.input_value())
    menu.select_option(other)
    check(page, root)


def test_the_match_sheets_table_menu_is_said_in_full_on_a_phone(page, site_url):
    page.set_viewport_size({"width": 360, "height": 800})  # the smallest phone the crawl measures
    page.goto(site_url + "en/paohuzi/sheet/")
    root = page.locator('[data-widget="matchsheet-sheet"]')
    page.wait_for_selector('[data-widget="matchsheet-sheet"][data-state="ready"]', timeout=180_000)
    table = root.locator('select[data-role="table"]')
    assert table.input_value() == "four"
    check(page, root)
    said = table.evaluate("s => s.nextElementSibling && s.nextElementSibling.classList.contains('hw-said') ? s.nextElementSibling.textContent : ''")
    assert "counter sits out" in said, said
