"""下灌叶子戏 widgets in a real browser: each answer is checked against the engine."""

from __future__ import annotations

from engine.api import handle

FORM = '[data-widget="yezi-form"]'
DEAL = '[data-widget="yezi-deal"]'
ROUND = '[data-widget="yezi-round"]'


def wait_ready(page, selector: str) -> None:
    page.wait_for_selector(f'{selector}[data-state="ready"]', timeout=120_000)


def wait_seq(page, selector: str, n: int) -> None:
    page.wait_for_function(
        "([sel, n]) => Number(document.querySelector(sel).dataset.seq || 0) >= n", arg=[selector, n], timeout=30_000
    )


def seq(page, selector: str) -> int:
    return int(page.locator(selector).get_attribute("data-seq") or 0)


def test_form_widget_names_each_group(page, site_url):
    page.goto(site_url + "yezi/play/")
    wait_ready(page, FORM)
    root = page.locator(FORM)
    groups = root.locator('[data-role="group"]')
    groups.nth(1).locator('[data-role="clear"]').click()
    wait_seq(page, FORM, 1)
    groups.nth(0).locator('[data-role="clear"]').click()  # clearing a group also selects it
    wait_seq(page, FORM, 2)
    n = seq(page, FORM)
    # 人 才 叶 合 -> 人牌 (3), then 土 别 长 合 -> 火牌 (8); the target moves on by itself
    for code in ["5", "7", "leaf", "10", "6", "8", "4", "10"]:
        root.locator(f'.yz-pick[data-card="{code}"]').click()
        n += 1
        wait_seq(page, FORM, n)
    assert groups.nth(0).locator('[data-role="name"]').inner_text() == "人牌"
    assert groups.nth(0).locator('[data-role="rank"]').inner_text() == "3"
    assert groups.nth(1).locator('[data-role="name"]').inner_text() == "火牌"
    assert root.locator('[data-role="total"]').inner_text() == "11"
    best = handle({"game": "yezi", "action": "best", "hand": ["5", "7", "leaf", "10", "6", "8", "4", "10"]})
    assert root.locator('[data-role="best"]').inner_text() == str(best["score"])
    # both groups full: no more cards may be added
    assert root.locator('.yz-pick[data-card="1"]').is_disabled()
    # take a card back from group 2: the group is incomplete again
    groups.nth(1).locator('.yz-chip[data-card="10"]').click()
    wait_seq(page, FORM, n + 1)
    assert groups.nth(1).locator('[data-role="rank"]').inner_text() == ""
    assert root.locator('[data-role="total"]').inner_text() == ""
    # only three 合 exist: with three placed, the palette refuses a fourth though group 1 has room
    groups.nth(0).locator('[data-role="clear"]').click()
    wait_seq(page, FORM, n + 2)
    for k, code in enumerate(["10", "10", "10"]):
        root.locator(f'.yz-pick[data-card="{code}"]').click()
        wait_seq(page, FORM, n + 3 + k)
    assert root.locator('.yz-pick[data-card="10"]').is_disabled()
    assert root.locator('.yz-pick[data-card="9"]').is_enabled()


def test_deal_widget_shows_the_best_split(page, site_url):
    page.goto(site_url + "en/yezi/play/")
    wait_ready(page, DEAL)
    root = page.locator(DEAL)
    before = root.locator('[data-role="hand"]').get_attribute("data-cards")
    assert before is not None and len(before.split(",")) == 8
    root.locator('[data-role="deal"]').click()
    wait_seq(page, DEAL, 1)
    hand = root.locator('[data-role="hand"]').get_attribute("data-cards").split(",")
    assert len(hand) == 8 and root.locator('[data-role="hand"] svg').count() == 8
    expected = handle({"game": "yezi", "action": "best", "hand": hand})
    assert root.locator('[data-role="score"]').inner_text() == str(expected["score"])
    names = root.locator(".yz-split-name").all_inner_texts()
    assert [int(x.rsplit("·", 1)[1]) for x in names] == expected["ranks"]


def test_round_widget_matches_the_engine(page, site_url):
    page.goto(site_url + "yezi/play/")
    wait_ready(page, ROUND)
    root = page.locator(ROUND)
    root.locator('[data-role="deal"]').click()
    wait_seq(page, ROUND, 1)
    seed = int(root.locator('[data-role="seed"]').inner_text())
    # a new deal shows the reader's hand only: the result waits for a split of the reader's choosing
    assert root.locator("tbody tr").count() == 0 and root.locator('[data-role="prompt"]').is_visible()
    root.locator('[data-role="best"]').click()
    wait_seq(page, ROUND, 2)

    def check(options: dict) -> None:
        a = handle({"game": "yezi", "action": "round", "seed": seed, "options": options})
        rows = root.locator("tbody tr")
        assert rows.count() == 4
        for p in a["players"]:
            row = root.locator(f'tbody tr[data-seat="{p["seat"]}"]')
            cells = row.locator("td")
            assert cells.nth(0).inner_text() == str(p["place"])
            assert cells.nth(3).inner_text() == str(p["total"])
        assert root.locator('[data-role="die"]').inner_text() == str(a["die"])

    check({"scoring": "rank", "ties": "shared"})
    # another reading, same seed: the table is recomputed by the engine
    root.locator('[data-role="scoring"]').select_option("placing")
    wait_seq(page, ROUND, 3)
    assert int(root.locator('[data-role="seed"]').inner_text()) == seed
    check({"scoring": "placing", "ties": "shared"})
    root.locator('[data-role="ties"]').select_option("first_shown")
    wait_seq(page, ROUND, 4)
    check({"scoring": "placing", "ties": "first_shown"})
    places = sorted(int(x) for x in root.locator("tbody tr td:first-child").all_inner_texts())
    assert places == [1, 2, 3, 4]


def test_static_views_before_python(page, site_url):
    page.route("**/pyodide/**", lambda r: r.abort())
    page.goto(site_url + "en/yezi/play/")
    for sel in (FORM, DEAL, ROUND):
        root = page.locator(sel)
        assert root.locator("svg.yz-card").count() >= 8
        assert all(b.is_disabled() for b in root.locator(".hw-body button").all())
    assert page.locator(f'{ROUND} [data-role="scoring"]').is_disabled()
    page.wait_for_selector(f'{FORM}[data-state="error"]', timeout=60_000)


def _my_round_check(root, seed: int, first: list[str]) -> None:
    hand = handle({"game": "yezi", "action": "round", "seed": seed})["players"][0]["hand"]
    rest = list(hand)
    for c in first:
        rest.remove(c)
    a = handle({"game": "yezi", "action": "round", "seed": seed, "my_seat": 0, "my_groups": [first, rest]})
    row = root.locator('tbody tr[data-seat="0"]')
    assert row.locator("td").nth(3).inner_text() == str(a["players"][0]["total"])
    assert root.locator('[data-role="mine-total"] strong').nth(1).inner_text() == str(a["my_best"])
    shown = root.locator('[data-role="showings"] li')
    assert shown.count() == 2
    for turn, seats in enumerate(a["showing_winners"]):
        text = shown.nth(turn).inner_text()
        assert ("Player " + "ABCD"[seats[0]]) in text if seats else "no winner" in text


def test_round_widget_plays_the_readers_own_split_and_shares_it(page, site_url):
    page.goto(site_url + "en/yezi/play/")
    wait_ready(page, ROUND)
    root = page.locator(ROUND)
    seed = int(root.locator('[data-role="seed"]').inner_text())
    play = root.locator('[data-role="play"]')
    group = handle({"game": "yezi", "action": "faces"})["group_size"]  # the engine's group size, said by the widget
    assert play.is_disabled() and f"until {group} cards are chosen" in root.locator('[data-role="why-grey"]').inner_text()
    mine = root.locator(".yz-mine")
    assert mine.count() == 8
    box = mine.first.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    for i in (1, 3, 5, 7):
        mine.nth(i).click()
    assert root.locator('[data-role="picked"]').inner_text().startswith("4/4")
    assert mine.nth(0).is_disabled()  # four are chosen: the rest wait
    first = [mine.nth(i).get_attribute("data-card") for i in (1, 3, 5, 7)]
    n = seq(page, ROUND)
    play.click()
    wait_seq(page, ROUND, n + 1)
    _my_round_check(root, seed, first)
    # the share button puts the seed and the split in a link that opens the widget in that state
    root.locator(".hw-share").click()
    url = root.locator(".hw-share-url").input_value()
    assert "yezi-round=" in url
    page.goto(url)
    wait_ready(page, ROUND)
    wait_seq(page, ROUND, 2)
    root = page.locator(ROUND)
    assert int(root.locator('[data-role="seed"]').inner_text()) == seed
    assert sorted(b.get_attribute("data-card") for b in root.locator('.yz-mine[aria-pressed="true"]').all()) == sorted(first)
    _my_round_check(root, seed, first)


def test_yezi_widgets_fit_a_phone(browser, site_url):
    context = browser.new_context(viewport={"width": 360, "height": 800})
    try:
        page = context.new_page()
        for lang in ("", "en/"):
            page.goto(site_url + lang + "yezi/play/")
            wait_ready(page, ROUND)
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
            for sel in (FORM, DEAL, ROUND):
                assert page.locator(sel).bounding_box()["width"] <= 360
            # every card the form offers or holds is a touch target at least 44 px each way
            for b in page.locator(f"{FORM} .yz-pick, {FORM} .yz-chip").all():
                box = b.bounding_box()
                assert box["width"] >= 44 and box["height"] >= 44, box
    finally:
        context.close()
