"""A record of a 跑胡子 hand played against the computer at the strong level, opened at the 跑胡子
table on a phone (360 px): the table replays it at the record's level (its computer seats choose as
the strong level chose, the hint level chooser shows it), says it replayed as written, and exports
the same record again."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.api import handle

PHONE = {"width": 360, "height": 740}
TABLE = '[data-widget="zipai-table"]'
# the reader (seat A, the dealer) lets go of 一 first; at the strong level the computer seats then play
# otherwise than at the basic level (tests/platform/test_record_level.py)
HAND = {"game": "paohuzi", "action": "play", "seed": 5, "actions": [{"id": "discard:d1"}]}


@pytest.mark.parametrize("lang", ["en"])
def test_a_paohuzi_record_at_the_strong_level_opens_at_its_level(page, site_url, lang, tmp_path: Path):
    strong = handle({"game": "record", "action": "export", "request": dict(HAND, level="strong")})
    basic = handle({"game": "record", "action": "export", "request": dict(HAND, level="basic")})
    assert strong["ok"] and basic["ok"] and strong["position"]["actions"] != basic["position"]["actions"]
    path = tmp_path / "strong.txt"
    path.write_text(strong["text"], encoding="utf-8")
    page.set_viewport_size(PHONE)
    page.goto(site_url + ("" if lang == "zh" else "en/") + "paohuzi/play/")
    page.wait_for_selector(f'{TABLE}[data-state="ready"]', timeout=180_000)
    root = page.locator(TABLE).first
    level = root.locator('select[data-role="level"]')
    page.wait_for_function("(sel) => !document.querySelector(sel).disabled", arg=f'{TABLE} select[data-role="level"]')
    assert level.input_value() == "basic"
    msg = root.locator('[data-role="record-message"]')
    before = msg.inner_text()
    root.locator('[data-role="record-open"]').set_input_files(str(path))
    page.wait_for_function("([el, before]) => el.textContent && el.textContent !== before", arg=[msg.element_handle(), before],
                           timeout=180_000)
    said = msg.inner_text()
    assert ("照记录重放" if lang == "zh" else "replayed as written") in said, said
    assert level.input_value() == "strong"
    # the table's own export of the hand it now shows is the record, its level with it
    with page.expect_download(timeout=180_000) as dl:
        root.locator('[data-role="record-export"]').click()
    again = tmp_path / "again.txt"
    dl.value.save_as(again)
    text = again.read_text(encoding="utf-8")
    assert '[Level "strong"]' in text.splitlines() and text == strong["text"]
