"""打围 refereed at a real table, in Chromium at 360 px, in both languages: a game of four entered
throw by throw (the dice of a seeded engine game, split decisions included) to its settlement, which
matches the engine's and sums to zero; the game survives a reload, comes back from its exported record
after being deleted, and a bad record is answered with its line."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.api import handle
from dawei.helpers import seeded_table_moves

NAMES = {"zh": ["张三", "李四", "王五", "赵六"], "en": ["Ann", "Bo", "Cy", "Di"]}
#: seed 26 ends in the split phase after four split decisions; seed 31 ends on a black bowl
SEEDS = {"zh": 26, "en": 31}
W = '[data-widget="dawei-referee"]'


def wait_entries(page, n: int) -> None:
    page.wait_for_function(f"() => document.querySelector('{W}').dataset.entries === '{n}'", timeout=60_000)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_game_of_four_entered_throw_by_throw_to_its_settlement(browser, site_url, tmp_path, lang):
    foreign: list[str] = []
    errors: list[str] = []
    # a phone, one hand; the service worker stays off (it would precache the whole site meanwhile)
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True,
                              device_scale_factor=1, service_workers="block", accept_downloads=True)
    ctx.route("**/*", lambda r: r.continue_() if r.request.url.startswith(site_url) else (foreign.append(r.request.url), r.abort()))
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(60_000)
    url = site_url + ("en/" if lang == "en" else "") + "dawei/referee/"
    first, moves = seeded_table_moves(SEEDS[lang], 4)
    names = NAMES[lang]
    try:
        page.goto(url)
        page.wait_for_selector(f'{W}[data-state="ready"]', timeout=300_000)
        root = page.locator(W)
        # the setup: four named players, the one who won the call throws first
        for k, name in enumerate(names):
            root.locator('[data-role="name"]').nth(k).fill(name)
        root.locator('[data-role="first"]').select_option(str(first))
        root.locator('[data-role="start"]').click()
        wait_entries(page, 0)
        assert names[first] in root.locator('[data-role="status"]').inner_text()
        # big targets for a thumb, and nothing wider than the phone
        for b in root.locator("button[data-face]").all():
            box = b.bounding_box()
            assert box and box["width"] >= 44 and box["height"] >= 44
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
        # dice out of the bowl, then undone
        root.locator('[data-move="drop:1"]').click()
        root.locator('[data-role="confirm-yes"]').click()  # dice out of the bowl are asked first
        wait_entries(page, 1)
        root.locator('[data-role="undo"]').click()
        wait_entries(page, 0)
        half = len(moves) // 2
        for k, m in enumerate(moves):
            if k == half:  # the game survives a reload
                page.reload()
                page.wait_for_selector(f'{W}[data-state="ready"]', timeout=180_000)
                root = page.locator(W)
                wait_entries(page, k)
            if m.startswith("throw:"):
                if k < 2:  # tapped face by face
                    for c in m[6:]:
                        root.locator(f'button[data-face="{c}"]').click()
                    root.locator('[data-role="enter"]').click()
                else:  # typed as six digits
                    root.locator('[data-role="digits"]').fill(m[6:])
                    root.locator('[data-role="digits"]').press("Enter")
            elif m.startswith("split:"):
                choice, _, dice = m.partition("@")
                root.locator(f'[data-role="choices"] [data-move="{choice}"]').click()
                root.locator('[data-role="digits"]').fill(dice)
                root.locator('[data-role="enter"]').click()
            else:
                root.locator(f'[data-role="choices"] [data-move="{m}"]').click()
            wait_entries(page, k + 1)
        # the undone entry is kept in the record's history
        expected = handle({"game": "dawei", "action": "referee", "players": 4, "first": first, "names": names, "moves": moves, "lang": lang,
                           "history": [{"n": 1, "kind": "deleted", "was": "drop:1"}]})
        assert expected["terminal"]
        assert root.get_attribute("data-over") == "1"
        shown = [li.get_attribute("data-net") for li in root.locator('[data-role="verdicts"] li').all()]
        assert shown == [s["net_text"] for s in expected["settlement"]]
        assert sum(Fraction(x) for x in shown) == 0
        for s, li in zip(expected["settlement"], root.locator('[data-role="verdicts"] li').all()):
            assert s["verdict"][lang] in li.inner_text() and s[lang] in li.inner_text()
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
        # exported as a record: the engine's own record of those throws
        with page.expect_download() as dl:
            root.locator('[data-role="session-export"]').click()
        saved = tmp_path / "game.txt"
        dl.value.save_as(saved)
        assert saved.read_text(encoding="utf-8") == expected["record"]
        # deleted (a second tap), then back from the file
        root.locator('[data-role="session-delete"]').click()
        root.locator('[data-role="session-delete"]').click()
        page.wait_for_function(f"() => document.querySelector('{W}').dataset.entries === ''")
        assert root.locator('[data-role="setup"]').is_visible()
        root.locator('[data-role="session-import"]').set_input_files(str(saved))
        wait_entries(page, len(moves))
        assert [li.get_attribute("data-net") for li in root.locator('[data-role="verdicts"] li').all()] == shown
        # a bad record is answered with its line and the rule it breaks
        bad = tmp_path / "bad.txt"
        bad.write_text(expected["record"].replace("[Players \"4\"]", "[Players \"x\"]"), encoding="utf-8")
        root.locator('[data-role="session-import"]').set_input_files(str(bad))
        message = root.locator('[data-role="session-message"]')
        page.wait_for_function("() => /第 3 行|Line 3/.test(document.querySelector('[data-role=\"session-message\"]').textContent)")
        assert ("第 3 行" if lang == "zh" else "Line 3") in message.inner_text()
        assert root.get_attribute("data-entries") == str(len(moves))  # the game shown is untouched
    finally:
        ctx.close()
    assert foreign == [] and errors == []
