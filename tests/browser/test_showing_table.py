"""The 叶子戏 showing at a real table (issue 45, points 1 and 5): on a phone every player's total is on screen
without swiping sideways; the family's names are in the seat buttons, the result's sentences, the status line and
the exported file's name."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from browser.engine_calls import count_calls

SHOWING = '.hw[data-widget="yezi-showing"]'
NAMES = ["我", "老伴", "大姐", "二哥"]

#: the engine's answer to "New tally" held until the test lets it go (widgets/showing.js asks for an empty tally, the
#: page's only call of exactly {"game": "yezi", "action": "tally", "rounds": []}), the calls sent and answered counted
HOLD_NEW_TALLY = count_calls(hold='"request":{"game":"yezi","action":"tally","rounds":[]}}')
IDLE = "() => window.__hwOut === window.__hwIn"

#: the browser's idle moments held until the test lets them come: the widgets hydrate only then (widgets/runtime.js)
HOLD_IDLE = """
window.__idle = [];
window.requestIdleCallback = (fn) => window.__idle.push(fn);
window.cancelIdleCallback = (id) => { window.__idle[id - 1] = null; };
window.__runIdle = () => { for (const fn of window.__idle.splice(0)) if (fn) fn({ didTimeout: false, timeRemaining: () => 50 }); };
"""
#: where each box of the showing's entry lies, from the top of the widget's body (CSS px)
ENTRY_BOXES = """sel => {
  const root = document.querySelector(sel);
  const body = root.querySelector('.hw-body').getBoundingClientRect().top;
  const roles = ['names', 'name', 'thrower', 'seat', 'mode-hand', 'slots', 'card', 'clear', 'new-showing', 'example', 'message'];
  return Object.fromEntries(roles.map((r) => [r, Math.round(root.querySelector(`[data-role="${r}"]`).getBoundingClientRect().top - body)]));
}"""


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


def record_round(page, root, thrower: int) -> int:
    """The example's four players entered, the die thrower chosen, the round recorded; the rounds now in the tally."""
    before = root.locator('[data-role="round-row"]').count()
    root.locator('[data-role="example"]').click()
    root.locator('[data-role="thrower"]').select_option(str(thrower))
    page.wait_for_function(f"() => !document.querySelector('{SHOWING} [data-role=\"add-round\"]').disabled")
    root.locator('[data-role="add-round"]').click()
    try:
        page.wait_for_function(f"n => document.querySelectorAll('{SHOWING} [data-role=\"round-row\"]').length === n", arg=before + 1)
    except PlaywrightTimeout:  # what the page said instead, for whoever reads the failure
        said = " | ".join(root.locator(f'[data-role="{r}"]').inner_text() for r in ("tally-message", "message", "add-round"))
        raise AssertionError(f"round {before + 1} was not recorded; the page says: {said}") from None
    return before + 1


def totals(root) -> list[int]:
    return [int(x) for x in root.locator('[data-role="totals"] td').all_inner_texts()]


@pytest.mark.parametrize("width", [390, 1280])
def test_the_family_s_rounds_are_kept_corrected_and_exported(page, site_url, width):
    """Issue 45 points 1, 2 and 5 for the showing: the rounds kept as a tally, every running total on screen at
    390 px, round 2 of 3 corrected from the form refilled with it, round 3 deleted, the changes kept, the names in
    the tally's sentences, its session and its exported files."""
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(site_url + "yezi/showing/")
    page.wait_for_selector(f'{SHOWING}[data-state="ready"]', timeout=120_000)
    root = page.locator(SHOWING)
    root.locator('[data-role="session-new"]').click()  # a tally of this test's own
    page.wait_for_function(f"() => !document.querySelector('{SHOWING} [data-role=\"round-row\"]')")
    name_the_players(root)
    for k, thrower in enumerate((0, 1, 2)):
        assert record_round(page, root, thrower) == k + 1
    # focus stays in the game: on the first player's button, where the next round's cards begin
    assert page.evaluate("() => document.activeElement && document.activeElement.dataset.role") == "seat"
    one = [int(x) for x in root.locator('[data-role="round-row"]').first.locator("td").all_inner_texts()]
    assert totals(root) == [3 * x for x in one]
    said = root.locator('[data-role="tally-message"]').inner_text() + root.locator('[data-role="last"]').inner_text()
    assert "第 3 局" in said and "大姐掷骰先亮" in said and not any(x in said for x in ("甲家", "乙家", "丙家", "丁家")), said
    # every running total on screen without swiping sideways, in the table's foot and in the line kept in view
    fit = page.evaluate(f"""() => {{
        const cells = [...document.querySelectorAll('{SHOWING} [data-role="totals"] td')];
        return {{ n: cells.length, right: Math.max(...cells.map(c => c.getBoundingClientRect().right)), page: document.documentElement.scrollWidth }};
    }}""")
    assert fit["n"] == 4 and fit["right"] <= width and fit["page"] <= width, fit
    if width < 400:  # a thumb's target for every control, and every total on screen at 360 px too
        from browser.crawl import TARGETS_JS, THUMB

        assert page.evaluate(TARGETS_JS, THUMB)["small"] == []
        page.set_viewport_size({"width": 360, "height": 800})
        fit = page.evaluate(f"""() => {{
            const cells = [...document.querySelectorAll('{SHOWING} [data-role="totals"] td')];
            return {{ right: Math.max(...cells.map(c => c.getBoundingClientRect().right)), page: document.documentElement.scrollWidth }};
        }}""")
        assert fit["right"] <= 360 and fit["page"] <= 360, fit
        assert page.evaluate(TARGETS_JS, THUMB)["small"] == []
        page.set_viewport_size({"width": width, "height": 800})
    line = root.locator('[data-role="running"]')
    assert all(n in line.inner_text() for n in NAMES)
    root.locator('[data-role="card"]').last.scroll_into_view_if_needed()  # down at the palette, the totals still in view
    box = line.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 800 and box["x"] + box["width"] <= width, box
    # correct round 2: the form comes back filled with it (the die thrower, all four players entered)
    root.locator('[data-role="pick-round"]').select_option("1")
    root.locator('[data-role="edit-round"]').click()
    assert root.locator('[data-role="thrower"]').input_value() == "1"
    assert all(b.inner_text().endswith("✓") for b in root.locator('[data-role="seat"]').all())
    assert "记回第 2 局" in root.locator('[data-role="add-round"]').inner_text()
    # the first player now shown as two groups in the order the cards lie: two scattered groups, 18 points
    root.locator('[data-role="seat"][data-seat="0"]').click()
    root.locator('[data-role="mode-groups"]').click()
    page.wait_for_function(f"() => !document.querySelector('{SHOWING} [data-role=\"add-round\"]').disabled")
    root.locator('[data-role="add-round"]').click()
    page.wait_for_function(f"() => document.querySelector('{SHOWING} [data-role=\"tally-message\"]').textContent.includes('已改好第 2 局')")
    second = [int(x) for x in root.locator('[data-role="round-row"]').nth(1).locator("td").all_inner_texts()]
    assert second[0] == 18 and totals(root) == [2 * one[0] + 18, *(3 * x for x in one[1:])]
    assert "改了第 2 局" in root.locator('[data-role="history"]').text_content()
    # delete round 3: asked once more in words first
    root.locator('[data-role="pick-round"]').select_option("2")
    root.locator('[data-role="delete-round"]').click()
    assert "再按一次" in root.locator('[data-role="tally-message"]').inner_text()
    assert root.locator('[data-role="round-row"]').count() == 3
    root.locator('[data-role="delete-round"]').click()
    page.wait_for_function(f"() => document.querySelectorAll('{SHOWING} [data-role=\"round-row\"]').length === 2")
    assert totals(root) == [one[0] + 18, *(2 * x for x in one[1:])]
    assert "删去了第 3 局" in root.locator('[data-role="history"]').text_content()
    # the session is named after the family; its record and the printable sheet carry the names
    assert all(n in root.locator('[data-role="session-list"] option:checked').inner_text() for n in NAMES)
    with page.expect_download() as got:
        root.locator('[data-role="session-export"]').click()
    d = got.value
    assert all(n in d.suggested_filename for n in NAMES), d.suggested_filename
    text = Path(d.path()).read_text(encoding="utf-8")
    assert '[Sheet "tally"]' in text and "History" in text and "我;老伴;大姐;二哥" in text
    exported = d.path()
    with page.expect_download() as got:
        root.locator('[data-role="sheet-export"]').click()
    sheet = Path(got.value.path()).read_text(encoding="utf-8")
    assert got.value.suggested_filename.endswith(".html") and all(n in sheet for n in NAMES) and "累计" in sheet
    # kept on this device: after a reload the rounds, the totals and the corrections are back
    kept = totals(root)
    page.reload()
    page.wait_for_selector(f'{SHOWING}[data-state="ready"]', timeout=120_000)
    page.wait_for_function(f"() => document.querySelectorAll('{SHOWING} [data-role=\"round-row\"]').length === 2")
    assert totals(root) == kept
    assert "改了第 2 局" in root.locator('[data-role="history"]').text_content()
    # the exported tally imported as another session (another device would): the same rounds, names and corrections
    root.locator('[data-role="session-new"]').click()
    page.wait_for_function(f"() => !document.querySelector('{SHOWING} [data-role=\"round-row\"]')")
    root.locator('[data-role="session-import"]').set_input_files(str(exported))
    page.wait_for_function(f"() => document.querySelectorAll('{SHOWING} [data-role=\"round-row\"]').length === 2")
    assert totals(root) == kept
    assert [root.locator(f'[data-role="name"][data-seat="{s}"]').input_value() for s in range(4)] == NAMES
    assert "第 2 局" in root.locator('[data-role="history"]').text_content()
    # with Python held back, the family's tally at once (names and totals), never the build's example
    page.route("**/assets/pyodide/**", lambda r: None)
    page.reload()
    own = root.locator('[data-role="own-table"]')
    own.wait_for(timeout=30_000)
    assert all(n in own.inner_text() for n in NAMES)
    assert [int(x) for x in own.locator("tfoot td").all_inner_texts()] == kept
    assert root.locator('[data-role="example-mark"]').count() == 0


def test_the_english_tally_says_the_names_and_what_the_source_leaves_open(page, site_url):
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(site_url + "en/yezi/showing/")
    page.wait_for_selector(f'{SHOWING}[data-state="ready"]', timeout=120_000)
    root = page.locator(SHOWING)
    root.locator('[data-role="session-new"]').click()
    name_the_players(root)
    record_round(page, root, 3)
    said = root.locator('[data-role="last"]').inner_text()
    assert "二哥 threw the die" in said and "Player" not in said, said
    assert "Round 1 recorded" in root.locator('[data-role="tally-message"]').inner_text()
    page_text = page.locator("article").inner_text()
    assert "does not say" in page_text and "no penalty" in page_text


def test_what_is_typed_while_a_new_tally_is_made_is_kept_in_it(page, site_url):
    """"New tally" opens its tally once the engine has answered: the names typed meanwhile, the die's thrower chosen and
    a card entered are the new tally's (they were reset to the defaults when it opened), and the tally left keeps its
    own name. The engine's answer is held until all of it is typed, so the slow engine's order comes every time."""
    page.add_init_script(HOLD_NEW_TALLY)
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(site_url + "en/yezi/showing/")
    page.wait_for_selector(f'{SHOWING}[data-state="ready"]', timeout=120_000)
    page.wait_for_function(IDLE)
    root = page.locator(SHOWING)
    left = root.locator('[data-role="session-list"] option:checked').inner_text()
    root.locator('[data-role="session-new"]').click()
    page.wait_for_function("() => window.__hwHeld.length === 1")  # asked, not yet answered
    name_the_players(root)
    root.locator('[data-role="thrower"]').select_option("3")
    root.locator('[data-role="card"][data-code="10"]').click()
    page.wait_for_function(IDLE)  # every other call answered: only the new tally is still to come
    assert page.evaluate("() => window.__hwRelease()") == 1
    page.wait_for_function(f"() => document.querySelectorAll('{SHOWING} [data-role=\"session-list\"] option').length === 2")
    page.wait_for_function(IDLE)
    assert [root.locator(f'[data-role="name"][data-seat="{s}"]').input_value() for s in range(4)] == NAMES
    assert root.locator('[data-role="thrower"]').input_value() == "3"
    assert [c.get_attribute("data-code") for c in root.locator('[data-role="chosen"]').all()] == ["10"]
    assert [b.inner_text() for b in root.locator('[data-role="seat"]').all()] == NAMES
    status = root.locator('[data-role="message"]').inner_text()
    assert all(n in status for n in NAMES), status
    # the new tally is named after the family; the one left keeps its name
    assert all(n in root.locator('[data-role="session-list"] option:checked').inner_text() for n in NAMES)
    assert left in root.locator('[data-role="session-list"] option:not(:checked)').inner_text()
    # and the new tally is the one kept on the device: after a reload the names are back
    page.reload()
    page.wait_for_selector(f'{SHOWING}[data-state="ready"]', timeout=120_000)
    page.wait_for_function(IDLE)
    assert [root.locator(f'[data-role="name"][data-seat="{s}"]').input_value() for s in range(4)] == NAMES


@pytest.mark.parametrize(("lang", "width"), [("zh", 390), ("zh", 1280), ("en", 390)])
def test_nothing_in_the_entry_moves_when_the_widget_starts(page, site_url, lang, width):
    """Lighthouse's layout shift (0.29-0.39 on a phone): the tally's boxes were put above the entry when the widget
    started. Every box of the entry (the players' names first) is where the page drew it, and the tally is below."""
    page.add_init_script(HOLD_IDLE)
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(site_url + ("" if lang == "zh" else "en/") + "yezi/showing/")
    root = page.locator(SHOWING)
    assert root.get_attribute("data-state") != "ready"
    before = page.evaluate(ENTRY_BOXES, SHOWING)
    page.evaluate("window.__runIdle()")
    page.wait_for_selector(f'{SHOWING}[data-state="ready"]', timeout=120_000)
    assert page.evaluate(ENTRY_BOXES, SHOWING) == before
    entry = root.locator('[data-role="showing-entry"]').bounding_box()
    for role in ("sessions", "tally", "fix"):
        assert root.locator(f'[data-role="{role}"]').bounding_box()["y"] > entry["y"] + entry["height"], role


# each word of each seat button, and how many lines it takes on the screen
SEAT_WORDS = """(sel) => [...document.querySelectorAll(sel + ' [data-role="seat"]')].flatMap((b) => {
  const text = b.firstChild; const out = [];
  for (const m of text.textContent.matchAll(/\\S+/g)) {
    const r = document.createRange(); r.setStart(text, m.index); r.setEnd(text, m.index + m[0].length);
    out.push([m[0], new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size]);
  }
  return out;
})"""


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_seat_s_name_breaks_only_between_words_on_a_narrow_phone(page, site_url, lang):
    """At 360 px the four seat buttons share a row or two: "Player A" may go onto two lines, "Player" never does."""
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto(site_url + ("" if lang == "zh" else "en/") + "yezi/showing/")
    words = page.evaluate(SEAT_WORDS, SHOWING)
    assert len(words) >= 4 and all(lines == 1 for _, lines in words), words


def test_a_tally_named_after_the_family_is_named_in_each_pages_language(page, site_url):
    """One name typed on the English page: the tally is named after the family in both languages, the seats
    without a name by the page's own seat names (the session list of a Chinese page says 乙家, not Player B)."""
    root = open_showing(page, site_url, 390, "en")
    box = root.locator('[data-role="name"][data-seat="0"]')
    box.fill("Ann")
    box.press("Tab")
    en = "叶子戏: Ann, Player B, Player C, Player D"
    page.wait_for_function(f"() => document.querySelector('{SHOWING} [data-role=\"session-list\"] option:checked')?.textContent === '{en}'")
    page.goto(site_url + "yezi/showing/")
    page.wait_for_selector(f'{SHOWING}[data-state="ready"]', timeout=120_000)
    assert page.locator(f'{SHOWING} [data-role="session-list"] option:checked').inner_text() == "Ann、乙家、丙家、丁家的叶子戏"
