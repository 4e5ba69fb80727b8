"""跑胡子 widgets in a real browser: each answer shown is checked against the engine."""

from __future__ import annotations

from engine.api import handle

SCORE = '[data-widget="paohuzi-score"]'
WAIT = '[data-widget="paohuzi-wait"]'
SHEET = '[data-widget="paohuzi-sheet"]'

READY = "d1 d2 d3 x1 x2 x3 x2 x7 x10 d5 d5 d5 x4 x5 x6 d8 d8 x9 x9 d9"


def wait_ready(page, selector: str) -> None:
    page.wait_for_selector(f'{selector}[data-state="ready"]', timeout=180_000)


def answers(page, selector: str) -> int:
    return int(page.locator(selector).first.get_attribute("data-answers") or 0)


def wait_answers(page, selector: str, n: int) -> None:
    page.wait_for_function(
        "([sel, n]) => Number(document.querySelector(sel).dataset.answers || 0) >= n", arg=[selector, n], timeout=60_000
    )


def test_score_widget_scores_a_hand_like_the_engine(page, site_url):
    page.goto(site_url + "paohuzi/")
    wait_ready(page, SCORE)
    root = page.locator(SCORE).first
    assert root.locator('[data-role="go"]').is_enabled()
    n = answers(page, SCORE)
    # the same hand, the small 8 turned up by 上家 instead of drawn: no self-draw bonus
    root.locator('[data-role="source"]').select_option("shang")
    wait_answers(page, SCORE, n + 1)
    expect = handle({"game": "paohuzi", "action": "hu", "hand": READY.split(), "card": "x8", "source": "shang"})
    assert root.locator('[data-role="total"]').inner_text() == str(expect["best"]["total"]) == "18"
    assert root.locator('[data-role="score"]').inner_text() == str(expect["best"]["score"])
    assert "编胡" in root.locator('[data-role="verdict"]').inner_text()
    # a foul declared during play makes the same hand a false win
    root.locator('[data-role="foul"][value="shao_bi"]').check()
    wait_answers(page, SCORE, n + 2)
    assert "烧比" in root.locator('[data-role="verdict"]').inner_text()
    root.locator('[data-role="foul"][value="shao_bi"]').uncheck()
    wait_answers(page, SCORE, n + 3)
    n += 2
    # a card thrown from a hand never wins: the engine's reason is shown
    root.locator('[data-role="source"]').select_option("discard")
    wait_answers(page, SCORE, n + 2)
    assert "只能胡底牌" in root.locator('[data-role="verdict"]').inner_text()


def test_palette_builds_the_hand(page, site_url):
    page.goto(site_url + "en/paohuzi/")
    wait_ready(page, SCORE)
    root = page.locator(SCORE).first
    root.locator('[data-role="clear"]').click()
    hand = root.locator('[data-role="hand"]')
    assert hand.input_value() == ""
    for code in READY.split():
        root.locator(f'.phz-pick[data-card="{code}"]').click()
    assert hand.input_value() == READY
    assert root.locator('[data-role="hand-view"] svg[data-card]').count() == 20
    root.locator('[data-role="card"]').click()
    root.locator('.phz-pick[data-card="x8"]').click()
    assert root.locator('[data-role="card"]').input_value() == "x8"
    n = answers(page, SCORE)
    root.locator('[data-role="source"]').select_option("self")
    root.locator('[data-role="go"]').click()
    wait_answers(page, SCORE, n + 1)
    assert root.locator('[data-role="total"]').inner_text() == "21"
    assert root.locator('[data-role="verdict"]').inner_text().startswith("Wins")
    # clicking a card of the drawn hand takes it out: 19 cards cannot be complete with the 8
    root.locator('[data-role="hand-view"] svg[data-card]').first.click()
    assert len(hand.input_value().split()) == 19
    root.locator('[data-role="go"]').click()
    wait_answers(page, SCORE, n + 2)
    assert root.locator('[data-role="verdict"]').inner_text().startswith("Does not win")


def test_waiting_widget_lists_the_engines_waits(page, site_url):
    page.goto(site_url + "paohuzi/winning/")
    wait_ready(page, WAIT)
    root = page.locator(WAIT).first
    hand = "d1 d2 d3 x1 x2 x3 x2 x7 x10 d5 d5 d5 x4 x5 x6 d6 d7 d8 d9 d9"
    root.locator('[data-role="hand"]').fill(hand)
    root.locator('[data-role="open"]').fill("")
    n = answers(page, WAIT)
    root.locator('[data-role="go"]').click()
    wait_answers(page, WAIT, n + 1)
    expect = handle({"game": "paohuzi", "action": "waiting", "hand": hand.split()})
    shown = [r.get_attribute("data-card") for r in root.locator("tr[data-card]").all()]
    assert shown == [w["card"] for w in expect["waits"]] and set(shown) == {"x9", "d5", "d9"}


def test_sheet_widget_reproduces_the_booklet(page, site_url):
    page.goto(site_url + "paohuzi/match/")
    wait_ready(page, SHEET)
    root = page.locator(SHEET).first
    n = answers(page, SHEET)
    root.locator('[data-role="go"]').click()
    wait_answers(page, SHEET, n + 1)
    got = {s: root.locator(f'td[data-seat="{s}"]').inner_text() for s in ("zhuang", "xia", "shang", "xing")}
    assert got == {"zhuang": "-17", "xia": "-5", "shang": "+15", "xing": "+7"}
    # 21 huxi, not self-drawn, no fan, no penalty: −4, +6, +2
    root.locator('[data-role="winner"]').select_option("xia")
    root.locator('[data-role="huxi"]').fill("21")
    root.locator('[data-role="self_drawn"]').uncheck()
    root.locator('[data-role="fan"][value="red"]').uncheck()
    root.locator('[data-role="penalty"][data-seat="zhuang"]').select_option("")
    root.locator('[data-role="go"]').click()
    page.wait_for_function(
        "sel => document.querySelector(sel + ' td[data-seat=\"xia\"]').innerText === '+6'", arg=SHEET, timeout=60_000
    )
    got = {s: root.locator(f'td[data-seat="{s}"]').inner_text() for s in ("zhuang", "xia", "shang", "xing")}
    assert got == {"zhuang": "-4", "xia": "+6", "shang": "-4", "xing": "+2"}


def test_palette_builds_open_groups(page, site_url):
    page.goto(site_url + "paohuzi/winning/")
    wait_ready(page, SCORE)
    root = page.locator(SCORE).first
    root.locator('[data-role="clear"]').click()
    opened = root.locator('[data-role="open"]')
    opened.click()
    root.locator('[data-role="open-kind"]').select_option("ti")
    for _ in range(4):
        root.locator('.phz-pick[data-card="d9"]').click()
    root.locator('[data-role="open-kind"]').select_option("peng")
    root.locator('.phz-pick[data-card="x5"]').click()
    assert opened.input_value() == "ti: d9 d9 d9 d9; peng: x5"
    hand = "d1 d2 d3 x1 x2 x3 x2 x7 x10 x4 x5 x6 d5 d6 d7 x9"
    opened.fill("ti: d9 d9 d9 d9")
    root.locator('[data-role="hand"]').fill(hand)
    root.locator('[data-role="card"]').fill("x9")
    n = answers(page, SCORE)
    root.locator('[data-role="source"]').select_option("xia")
    wait_answers(page, SCORE, n + 1)
    expect = handle({"game": "paohuzi", "action": "hu", "hand": hand.split(), "card": "x9", "source": "xia",
                     "open": [{"kind": "ti", "cards": ["d9"] * 4}]})
    assert expect["wins"] and root.locator('[data-role="total"]').inner_text() == str(expect["best"]["total"])
    assert "单吊胡" in root.locator('[data-role="verdict"]').inner_text()
