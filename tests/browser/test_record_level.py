"""A record of a 跑胡子 hand played against the computer at the strong level, opened at the 跑胡子
table on a phone (360 px): the table replays it at the record's level (its computer seats choose as
the strong level chose, the level choosers show it), says it replayed as written, and exports
the same record again; a match started there keeps the seats' level, and both choosers stay open.
And a whole hand against the strong level, opened from a shared link, and its review."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

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
    # the hint's level follows the record's; a match started from here keeps the computer seats' level (the
    # strong seats play the hand in progress, the finished hands are carried whole), both choosers stay open
    hint = root.locator('select[data-role="hint-level"]')
    assert hint.input_value() == "strong" and hint.is_enabled() and level.is_enabled()
    n = int(root.get_attribute("data-answers") or 0)
    root.locator('[data-role="match-start"]').click()
    page.wait_for_function("([sel, n]) => Number(document.querySelector(sel).dataset.answers || 0) > n", arg=[TABLE, n], timeout=120_000)
    assert level.is_enabled() and level.input_value() == "strong" and hint.is_enabled()
    n = int(root.get_attribute("data-answers") or 0)
    root.locator('[data-role="match-stop"]').click()
    page.wait_for_function("([sel, n]) => Number(document.querySelector(sel).dataset.answers || 0) > n", arg=[TABLE, n], timeout=120_000)
    assert level.is_enabled()


# a whole hand of seed 5 against the strong level (the reader's moves are the strong hint's): at the basic
# level the same moves cannot be played (the computer seats play otherwise), so the review must read the
# hand as the strong level played it
STRONG_HAND = ["discard:d1", "chi:x6:x6.x5.x7|x6.d6.d6", "discard:x2", "peng:x3", "discard:x8", "peng:d9", "discard:x8",
               "peng:d5", "discard:x9"]


@pytest.mark.parametrize("lang", ["zh"])
def test_a_paohuzi_hand_against_the_strong_level_from_a_shared_link_and_its_review(page, site_url, lang):
    request = {"game": "paohuzi", "action": "play", "seed": 5, "level": "strong", "actions": [{"id": m} for m in STRONG_HAND]}
    a = handle(request)
    assert a["ok"] and a["over"], a
    assert handle(dict(request, level="basic"))["refused"] is not None
    written = handle({"game": "record", "action": "export", "request": request})
    want = handle({"game": "table", "action": "review", "seat": 0, "position": written["position"], "decisions": [1]})
    assert want["ok"], want
    page.set_viewport_size(PHONE)
    state = {"seed": 5, "moves": STRONG_HAND, "level": "strong"}
    page.goto(site_url + ("" if lang == "zh" else "en/") + "paohuzi/play/?zipai-table=" + quote(json.dumps(state)))
    page.wait_for_selector(f'{TABLE}[data-over="1"] [data-role="review-open"]', timeout=180_000)
    root = page.locator(TABLE).first
    words = handle({"game": "table", "action": "levels"})["levels"]
    for role in ("level", "hint-level"):
        chooser = root.locator(f'select[data-role="{role}"]')
        assert chooser.input_value() == "strong"
        assert chooser.locator("option").all_inner_texts() == [w["short"][lang] for w in words]
    assert a["log"][-1][lang] in root.locator('[data-role="log"]').text_content()  # the hand as the strong seats played it
    root.locator('[data-role="review-open"]').click()
    first = root.locator('.rv-decision[data-n="1"] .rv-options tbody tr')
    first.first.wait_for(state="attached", timeout=300_000)  # in a decision not opened yet
    assert first.count() == len(want["decisions"][0]["options"]) >= 2
    assert root.locator(".rv-decision").count() == want["total"]
    assert want["decisions"][0]["chosen_words"][lang] in root.locator('.rv-decision[data-n="1"] > summary').inner_text()
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
