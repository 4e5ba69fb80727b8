"""Every Hint answers at every level (issue 44 point 2): at each game's table, for each level the engine
names (``table.levels``), the reader chooses the level, presses Hint at a decision of theirs and gets the
level's advice in words — on the Chinese page, at desk width and on a 390 px phone. Where a table has no
decision for the reader yet (打围 while the dice are thrown), its Hint says there is nothing to choose yet."""

from __future__ import annotations

import re

import pytest

from engine.api import handle

LEVELS = [lv["id"] for lv in handle({"game": "table", "action": "levels"})["levels"]]
SHORT = {lv["id"]: lv["short"]["zh"] for lv in handle({"game": "table", "action": "levels"})["levels"]}

#: each table: its page, its widget, the chooser of the hint's level, what to press to reach a decision of the
#: reader's (nothing when the first answer already is one), the Hint button and where its words appear
TABLES = {
    "gupai": ("gupai/rules/", "gupai-hand", '[data-role="level"]', None, '[data-role="hint"]', '[data-role="hint-text"]'),
    "yezi": ("yezi/play/", "yezi-round", '[data-role="level"]', None, '[data-role="hint"]', '[data-role="hint-text"]'),
    "dawei": ("dawei/play/", "dawei-game", '[data-role="level"]', '[data-action="auto-choice"]', '[data-role="hint"]', '[data-role="hint-text"]'),
    "paohuzi": ("paohuzi/play/", "zipai-table", '[data-role="hint-level"]', None, ".zp-hint-btn", ".zp-hint-text"),
    "zipai": ("yezi/zipai/", "zipai-table", '[data-role="hint-level"]', None, ".zp-hint-btn", ".zp-hint-text"),
}


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("table", list(TABLES))
def test_every_hint_answers_at_every_level(page, site_url, table, level, width):
    path, widget, chooser, reach, hint, text = TABLES[table]
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(site_url + path)
    root = page.locator(f'.hw[data-widget="{widget}"]').first
    page.wait_for_selector(f'.hw[data-widget="{widget}"][data-state="ready"]', timeout=120_000)
    select = root.locator(chooser)
    page.wait_for_function("s => !s.disabled && s.options.length > 0", arg=select.element_handle())
    if select.input_value() != level:
        select.select_option(level)
    # the table is drawn afresh at every answer: wait on selectors, never on an element that may be replaced
    if reach:
        button = root.locator(f"{reach}:not([disabled])")
        button.wait_for(timeout=120_000)
        if table == "dawei":
            # at the start the dice are thrown, not chosen: the Hint says there is nothing to choose yet (issue 41.3)
            root.locator(f"{hint}:not([disabled])").first.click()
            page.wait_for_function(
                """([w, s]) => { const e = document.querySelector(`.hw[data-widget="${w}"] ${s}`);
                                 return e && e.textContent.trim().length > 4; }""",
                arg=[widget, text], timeout=60_000,
            )
            assert re.search(r"[\u4e00-\u9fff]", root.locator(text).first.inner_text())
        button.click()
    button = root.locator(f"{hint}:not([disabled])").first
    button.wait_for(timeout=180_000)
    button.click()
    page.wait_for_function(
        """([w, s]) => { const e = document.querySelector(`.hw[data-widget="${w}"] ${s}`);
                         return e && !e.hidden && e.textContent.trim().length > 4; }""",
        arg=[widget, text], timeout=180_000,
    )
    said = root.locator(text).first.inner_text()
    assert re.search(r"[\u4e00-\u9fff]", said), said
    if table in ("gupai", "yezi", "dawei"):
        assert SHORT[level] in said, f"the hint names its level: {said}"
