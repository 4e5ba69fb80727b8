"""打围 widgets end to end: the built site in Chromium, answers checked against the engine."""

from __future__ import annotations

import urllib.request
from urllib.parse import urljoin

from engine.api import handle
from engine.dawei.throws import throw_table


def ready(page, name: str) -> None:
    page.wait_for_selector(f'[data-widget="{name}"][data-state="ready"]', timeout=120_000)


def wait_seq(page, name: str, n: int) -> None:
    page.wait_for_function(
        f"() => Number(document.querySelector('[data-widget=\"{name}\"]').dataset.seq || 0) >= {n}", timeout=60_000
    )


def seq(page, name: str) -> int:
    return int(page.evaluate(f"() => document.querySelector('[data-widget=\"{name}\"]').dataset.seq || '0'"))


def test_dice_set_by_hand(page, site_url):
    page.goto(site_url + "en/dawei/main/")
    ready(page, "dawei-dice")
    root = page.locator('[data-widget="dawei-dice"]').first
    faces = root.locator('[data-role="face"]')
    for i, v in enumerate([2, 2, 2, 2, 1, 1]):
        faces.nth(i).select_option(str(v))
    before = seq(page, "dawei-dice")
    root.locator('[data-role="classify"]').click()
    wait_seq(page, "dawei-dice", before + 1)
    expected = handle({"game": "dawei", "action": "classify", "dice": [2, 2, 2, 2, 1, 1]})
    assert root.locator('[data-role="pattern"]').inner_text().strip() == expected["pattern"]["en"] == "Double-one tiger"
    assert root.locator('[data-role="dice"]').get_attribute("data-dice") == "2,2,2,2,1,1"
    assert root.locator('[data-role="odds"]').inner_text().strip() == f"{expected['ways']}/46656"


def test_game_throw_and_play_to_the_end(page, site_url):
    page.goto(site_url + "dawei/play/")
    ready(page, "dawei-game")
    root = page.locator('[data-widget="dawei-game"]')
    n0 = seq(page, "dawei-game")
    root.locator('[data-action="throw"]').click()
    wait_seq(page, "dawei-game", n0 + 1)
    expected = handle({"game": "dawei", "action": "play", "players": 4, "seed": 1, "humans": [0], "moves": ["throw"], "log_tail": 40})
    assert root.locator('[data-role="log"] li').first.text_content().strip().startswith(expected["log"][-1]["zh"])
    # the reader's own throw is shown apart from the computer seats' throws
    assert root.locator('[data-role="own-text"]').inner_text().strip() == expected["own"]["zh"]
    assert root.locator('[data-role="dice"]').get_attribute("data-dice") == ",".join(map(str, expected["own"]["dice"]))
    assert root.locator('[data-role="dice"] svg').get_attribute("aria-label").startswith("色子")
    assert root.locator('[data-role="others"] li').count() == max(1, len(expected["since_own"]))
    root.locator('[data-action="auto-end"]').click()
    wait_seq(page, "dawei-game", n0 + 2)
    assert root.get_attribute("data-terminal") == "1"
    final = handle({"game": "dawei", "action": "play", "players": 4, "seed": 1, "humans": [0], "moves": ["throw", "auto:20000"]})
    shown = [float(x) for x in root.locator('[data-role="net"]').all_inner_texts()]
    assert shown == final["net"]
    # what the reader won or lost, in a sentence
    assert final["verdicts"][0]["zh"] in root.locator('[data-role="verdict"]').inner_text()
    assert "新局" in root.locator('[data-role="why"]').inner_text()


def test_simulation_shows_progress_and_result(page, site_url):
    page.goto(site_url + "en/dawei/settlement/")
    ready(page, "dawei-sim")
    root = page.locator('[data-widget="dawei-sim"]')
    root.locator('[data-role="games"]').select_option("50")
    root.locator('[data-role="players"]').select_option("5")
    root.locator('[data-role="run"]').click()
    page.wait_for_function("() => document.querySelector('[data-widget=\"dawei-sim\"]').dataset.done === '50'", timeout=120_000)
    assert root.locator('[data-role="progress"]').evaluate("p => p.value") == 50
    summary = root.locator('[data-role="summary"]').inner_text()
    assert "50 games · 5 players · break-even 106" in summary
    assert "every stick taken" in summary and "pool_empty" not in summary
    assert root.locator('[data-role="chart"] rect').count() == 24


def test_throw_table_filter_and_csv(page, site_url):
    page.goto(site_url + "dawei/throws/")
    ready(page, "dawei-throw-filter")
    root = page.locator('[data-widget="dawei-throw-filter"]')
    assert root.locator("tbody tr").count() == 462
    root.locator('[data-role="dice-filter"]').fill("444")
    page.wait_for_function("() => document.querySelector('[data-role=\"shown\"]').dataset.count !== undefined")
    want = sum(1 for r in throw_table() if r.throw.count(4) >= 3)
    assert root.locator('[data-role="shown"]').get_attribute("data-count") == str(want)
    assert root.locator("tbody tr:not([hidden])").count() == want
    # a group with none of its throws left is hidden whole, caption and all
    groups = root.locator('[data-role="throw-group"]').evaluate_all(
        "gs => gs.map(g => [g.hidden, g.querySelectorAll('tbody tr:not([hidden])').length])")
    assert len(groups) == 15 and all(hidden == (left == 0) for hidden, left in groups)
    assert any(hidden for hidden, _ in groups) and not all(hidden for hidden, _ in groups)
    href = root.locator("a[download]").get_attribute("href")
    csv = urllib.request.urlopen(urljoin(page.url, href)).read().decode("utf-8")
    lines = csv.strip().splitlines()
    assert len(lines) == 463 and sum(int(ln.split(",")[-3]) for ln in lines[1:]) == 46656


def test_throw_table_draws_what_is_in_view_and_copies_whole(page, site_url):
    """The groups of the 462 throws out of view are left undrawn (the page starts without laying
    out every row), are drawn once scrolled to, and a reader who selects the whole page to copy it
    gets every throw."""
    page.goto(site_url + "en/dawei/throws/")
    box = page.locator(".dawei-throws")
    drawn = "g => g.querySelector('tbody tr').checkVisibility({contentVisibilityAuto: true})"
    last = page.locator('[data-role="throw-group"]').last
    page.wait_for_function("() => document.readyState === 'complete'")
    assert last.evaluate(drawn) is False
    box.scroll_into_view_if_needed()
    box.evaluate("b => { b.scrollTop = b.scrollHeight; }")
    page.wait_for_function(f"() => ({drawn})(document.querySelector('.dawei-throws').lastElementChild)")
    box.evaluate("b => { b.scrollTop = 0; }")
    page.evaluate("() => window.scrollTo(0, 0)")
    page.evaluate("() => document.execCommand('selectAll')")
    text = page.evaluate("() => getSelection().toString()")
    for r in throw_table():
        assert " ".join(map(str, r.throw.dice)) in text


def test_throw_group_headings_stay_readable_on_a_phone(page, site_url):
    """At 360 px the throw tables are wider than their box and scroll sideways: each group's heading
    wraps within the box and stays in sight while the rows scroll."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(site_url + "dawei/throws/")
    box = page.locator(".dawei-throws")
    box.scroll_into_view_if_needed()
    edges = box.evaluate(
        """b => { b.scrollLeft = b.scrollWidth; const o = b.getBoundingClientRect();
                  const c = b.querySelector('caption').getBoundingClientRect();
                  return [b.scrollLeft, o.left, o.right, c.left, c.right]; }""")
    scrolled, left, right, cap_left, cap_right = edges
    assert scrolled > 100, edges  # the rows did scroll sideways
    assert left - 1 <= cap_left and cap_right <= right + 1, edges


def test_split_widget_first_and_second_throw(page, site_url):
    page.goto(site_url + "en/dawei/split/")
    ready(page, "dawei-split")
    root = page.locator('[data-widget="dawei-split"]')
    faces = root.locator('[data-role="face"]')
    for i, v in enumerate([4, 4, 1, 2, 3, 5]):
        faces.nth(i).select_option(str(v))
    n = seq(page, "dawei-split")
    root.locator('[data-role="read-first"]').click()
    wait_seq(page, "dawei-split", n + 1)
    keys = root.locator("[data-choice]").evaluate_all("bs => bs.map(b => b.dataset.choice)")
    expected = handle({"game": "dawei", "action": "split", "first": [4, 4, 1, 2, 3, 5]})
    assert keys == [o["key"] for o in expected["openings"]]
    assert "deer_two_red:4" in keys
    root.locator('[data-choice="deer_two_red:4"]').click()
    wait_seq(page, "dawei-split", n + 2)
    second = [int(x) for x in root.locator('[data-role="second"]').get_attribute("data-dice").split(",")]
    success = root.locator('[data-role="outcome"]').get_attribute("data-success")
    assert success == ("1" if 4 in second else "0")


def test_simulation_honours_rule_options(page, site_url):
    page.goto(site_url + "en/dawei/settlement/")
    ready(page, "dawei-sim")
    root = page.locator('[data-widget="dawei-sim"]')
    root.locator("details.dawei-options summary").click()
    root.locator('[data-option="break_even"]').select_option("exact")
    root.locator('[data-role="players"]').select_option("9")
    root.locator('[data-role="games"]').select_option("50")
    root.locator('[data-role="run"]').click()
    page.wait_for_function("() => document.querySelector('[data-widget=\"dawei-sim\"]').dataset.done === '50'", timeout=120_000)
    assert "break-even 58.6667" in root.locator('[data-role="summary"]').inner_text()


def test_hot_seat_every_seat_is_human(page, site_url):
    page.goto(site_url + "en/dawei/play/")
    ready(page, "dawei-game")
    root = page.locator('[data-widget="dawei-game"]')
    n = seq(page, "dawei-game")
    root.locator('[data-role="players"]').select_option("2")
    wait_seq(page, "dawei-game", n + 1)
    n = seq(page, "dawei-game")
    root.locator('[data-role="mode"]').select_option("hotseat")
    wait_seq(page, "dawei-game", n + 1)
    assert "computer" not in root.locator('[data-role="board"]').inner_text()
    for _k in range(2):
        n = seq(page, "dawei-game")
        root.locator('[data-action="throw"]').click()
        wait_seq(page, "dawei-game", n + 1)
    expected = handle({"game": "dawei", "action": "play", "players": 2, "seed": 1, "humans": [0, 1], "moves": ["throw", "throw"]})
    assert root.locator('[data-role="status"]').inner_text().strip() == f"Turn {expected['turn']} · main phase · {expected['seats'][expected['current']]['en']} to throw"


def test_dice_widget_rule_option_reclassifies(page, site_url):
    page.goto(site_url + "en/dawei/main/")
    ready(page, "dawei-dice")
    root = page.locator('[data-widget="dawei-dice"]').first
    faces = root.locator('[data-role="face"]')
    for i, v in enumerate([4, 4, 4, 1, 1, 3]):
        faces.nth(i).select_option(str(v))
    n = seq(page, "dawei-dice")
    root.locator('[data-role="classify"]').click()
    wait_seq(page, "dawei-dice", n + 1)
    assert root.locator('[data-role="pattern"]').inner_text().strip() == "Red-five-gold leopard"
    root.locator("details.dawei-options summary").click()
    n = seq(page, "dawei-dice")
    root.locator('[data-option="red_five_gold"]').select_option("one_two_two")
    wait_seq(page, "dawei-dice", n + 1)
    assert root.locator('[data-role="pattern"]').inner_text().strip() == "Red deer of three reds"
    labels = root.locator('[data-option="red_five_gold"] option').all_inner_texts()
    assert labels == ["any three blacks summing to five (1 2 2 or 1 1 3) (our reading)", "only one 1 and two 2s"]


def test_game_plays_until_my_next_decision(page, site_url):
    page.goto(site_url + "en/dawei/play/")
    ready(page, "dawei-game")
    root = page.locator('[data-widget="dawei-game"]')
    n = seq(page, "dawei-game")
    root.locator('[data-action="auto-choice"]').click()
    wait_seq(page, "dawei-game", n + 1)
    expected = handle({"game": "dawei", "action": "play", "players": 4, "seed": 1, "humans": [0], "moves": ["auto:choice"], "lang": "en"})
    assert not expected["terminal"] and expected["legal"][0]["action"] != "throw"
    shown = root.locator('[data-role="actions"] button').evaluate_all("bs => bs.map(b => b.dataset.action)")
    assert shown[: len(expected["legal"])] == [x["action"] for x in expected["legal"]]
    assert root.locator('[data-role="status"]').inner_text().strip().startswith(f"Turn {expected['turn']} · split phase")


def test_shared_link_opens_the_dice_and_the_game(page, site_url):
    page.goto(site_url + 'en/dawei/main/?dawei-dice={"dice":[2,2,2,2,1,1]}')
    ready(page, "dawei-dice")
    root = page.locator('[data-widget="dawei-dice"]').first
    page.wait_for_function("() => document.querySelector('[data-widget=\"dawei-dice\"] [data-role=\"dice\"]').dataset.dice === '2,2,2,2,1,1'", timeout=60_000)
    assert root.locator('[data-role="pattern"]').inner_text().strip() == "Double-one tiger"
    page.goto(site_url + 'en/dawei/play/?dawei-game={"players":3,"seed":7,"mode":"ai","moves":["throw"]}')
    ready(page, "dawei-game")
    game = page.locator('[data-widget="dawei-game"]')
    wait_seq(page, "dawei-game", 1)
    expected = handle({"game": "dawei", "action": "play", "players": 3, "seed": 7, "humans": [0], "moves": ["throw"], "lang": "en"})
    assert game.locator('[data-role="own-text"]').inner_text().strip() == expected["own"]["en"]
    assert game.locator('[data-role="board"] tbody tr').count() == 4
    game.locator(".hw-share").click()
    url = game.locator(".hw-share-url").input_value()
    assert "dawei-game=" in url and "%22seed%22%3A7" in url.replace('"seed":7', "%22seed%22%3A7")


def test_dawei_pages_fit_a_phone(page, site_url):
    page.set_viewport_size({"width": 360, "height": 800})
    for path, name in (("dawei/play/", "dawei-game"), ("en/dawei/main/", "dawei-dice"), ("en/dawei/settlement/", "dawei-sim"), ("en/dawei/split/", "dawei-split")):
        page.goto(site_url + path)
        ready(page, name)
        wide = page.evaluate(
            """() => [...document.querySelectorAll('.hw *')].filter(e => {
                 const r = e.getBoundingClientRect();
                 return r.width > 0 && r.right > 360.5 && !e.closest('.dawei-board, .dawei-throws, details:not([open])');
               }).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))"""
        )
        assert wide == [], (path, wide[:5])
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360, path
