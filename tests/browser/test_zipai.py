"""A hand of 跑胡子 / 下灌字牌 played by clicking in the page (widgets/zipai.js), checked against the engine in CPython."""

from __future__ import annotations

import json
from urllib.parse import quote

from engine.api import handle

W = '[data-widget="zipai-table"]'
PAGES = {"paohuzi": ("paohuzi/play/", "four", 7), "xiaguan": ("yezi/zipai/", "three", 4)}


def wait_ready(page) -> None:
    page.wait_for_selector(f'{W}[data-state="ready"]', timeout=180_000)


def answers(page) -> int:
    return int(page.get_attribute(W, "data-answers") or 0)


def click(page, locator) -> None:
    n = answers(page)
    locator.click()
    page.wait_for_selector(f'{W}[data-answers="{n + 1}"]', timeout=60_000)


def engine(variant: str, table: str, seed: int, moves: list[str]) -> dict:
    a = handle({"game": "paohuzi", "action": "play", "variant": variant, "table": table, "seed": seed, "actions": [{"id": m} for m in moves]})
    assert a["ok"], a
    return a


def play_by_clicking(page, variant: str, table: str, seed: int) -> tuple[list[str], list[str]]:
    """Click through a whole hand: a claim button when there is one, else the first card the engine lets us discard."""
    root = page.locator(W)
    moves: list[str] = []
    said: list[str] = []
    for _ in range(300):
        if page.get_attribute(W, "data-over"):
            break
        acts = root.locator(".zp-act")
        if acts.count():
            b = acts.first
            moves.append(b.get_attribute("data-id"))
        else:
            b = root.locator("button.zp-hcard[data-legal]").first
            assert b.count(), "the reader is to move but nothing can be clicked"
            moves.append("discard:" + b.get_attribute("data-card"))
        click(page, b)
        assert root.locator('[data-role="message"]').inner_text() == "", "a move the engine offered was refused"
        said.append(root.locator('[data-role="status"]').inner_text())
        # after each answer, the board matches the engine's answer for the same seed and moves
        a = engine(variant, table, seed, moves)
        you = next(s for s in a["seats"] if s["you"])
        shown = [c.get_attribute("data-card") for c in root.locator(".zp-hand .zp-hcard").all()]
        assert shown == (you["hand"] or [])
    assert page.get_attribute(W, "data-over") == "1"
    return moves, said


def check_sheet(page, variant: str, table: str, seed: int, moves: list[str], lang: str) -> None:
    a = engine(variant, table, seed, moves)
    assert a["over"]
    r = a["result"]
    root = page.locator(W)
    for role, v in r["sheet"]["scores"].items():
        assert root.locator(f'[data-role="sheet"] tr[data-role-id="{role}"] td').get_attribute("data-score") == str(v)
    assert sum(r["sheet"]["scores"].values()) == 0
    verdict = root.locator(".zp-verdict").inner_text()
    if r["huang"]:
        assert ("荒牌" if lang == "zh" else "No winner") in verdict
    else:
        w = a["seats"][r["winner"]]
        assert (w["zh"] if lang == "zh" else w["en"][1:]) in verdict
    # the same hand through the settle action gives the same sheet
    s = handle(r["check"]["settle"])
    assert s["ok"] and s["scores"] == r["sheet"]["scores"]


def test_whole_hand_of_paohuzi_in_chinese_matches_the_engine(page, site_url):
    path, table, seed = PAGES["paohuzi"]
    page.goto(site_url + path)
    wait_ready(page)
    moves, said = play_by_clicking(page, "paohuzi", table, seed)
    check_sheet(page, "paohuzi", table, seed, moves, "zh")
    assert any(said), "nothing the computer did was announced"


def test_whole_hand_of_xiaguan_in_english_matches_the_engine(page, site_url):
    path, table, seed = PAGES["xiaguan"]
    page.goto(site_url + "en/" + path)
    wait_ready(page)
    moves, _ = play_by_clicking(page, "xiaguan", table, seed)
    check_sheet(page, "xiaguan", table, seed, moves, "en")


def test_shared_link_replays_the_moves_and_a_refused_move_shows_the_rule(page, site_url):
    # seed 1: the dealer holds three small 2s (a kan) when he must discard
    page.goto(site_url + "en/paohuzi/play/?zipai-table=" + quote(json.dumps({"seed": 1})))
    wait_ready(page)
    root = page.locator(W)
    # the link opens seed 1's deal (the reader's hand is the engine's), and no seed is shown as a hand number
    assert not any(ch.isdigit() for ch in root.locator('[data-role="title"]').inner_text())
    before = [c.get_attribute("data-card") for c in root.locator(".zp-hand .zp-hcard").all()]
    assert sorted(before) == sorted(engine("paohuzi", "four", 1, [])["seats"][0]["hand"])
    click(page, root.locator('button.zp-hcard[data-card="x2"]').first)
    expect = engine("paohuzi", "four", 1, ["discard:x2"])["refused"]
    assert expect is not None
    msg = root.locator('[data-role="message"]')
    assert expect["en"] in msg.inner_text()
    assert msg.locator("a").get_attribute("href").endswith("/paohuzi/turn/#rule-" + expect["rule"]["id"])
    assert [c.get_attribute("data-card") for c in root.locator(".zp-hand .zp-hcard").all()] == before
    # a lawful discard goes through, then the take-back button returns to the deal
    legal = root.locator("button.zp-hcard[data-legal]").first
    card = legal.get_attribute("data-card")
    click(page, legal)
    assert msg.inner_text() == ""
    after = engine("paohuzi", "four", 1, ["discard:" + card])
    you = next(s for s in after["seats"] if s["you"])
    assert [c.get_attribute("data-card") for c in root.locator(".zp-hand .zp-hcard").all()] == you["hand"]
    click(page, root.locator('[data-role="undo"]'))
    assert [c.get_attribute("data-card") for c in root.locator(".zp-hand .zp-hcard").all()] == before


def test_keyboard_and_a_phone_screen(page, site_url):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(site_url + "yezi/zipai/")
    wait_ready(page)
    root = page.locator(W)
    # a card of the hand is a button named by what it does
    names = [b.text_content() for b in root.locator("button.zp-hcard .hw-sr").all()]
    assert names and all(n.startswith("打出") for n in names)
    first = root.locator("button.zp-hcard[data-legal]").first
    first.focus()
    n = answers(page)
    page.keyboard.press("Enter")
    page.wait_for_selector(f'{W}[data-answers="{n + 1}"]', timeout=60_000)
    # focus lands on the next thing to do, inside the widget
    assert page.evaluate(f"document.querySelector('{W}').contains(document.activeElement) && document.activeElement.tagName") in ("BUTTON", "P")
    for _ in range(6):
        if page.get_attribute(W, "data-over"):
            break
        acts = root.locator(".zp-act")
        click(page, acts.first if acts.count() else root.locator("button.zp-hcard[data-legal]").first)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
    box = root.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    # every card drawn has words for a screen reader
    assert root.locator('svg:not([aria-label]):not([aria-hidden="true"]), .zp-back:not([aria-label])').count() == 0


def test_the_learners_table_says_why_the_hint_moves_and_what_each_chi_keeps(page, site_url):
    """On the lesson's table the hint gives the engine's reason, and each way to 吃 says what it keeps or gives up, in both languages."""
    for lang, prefix in (("zh", ""), ("en", "en/")):
        page.goto(site_url + prefix + "paohuzi/learn/")
        wait_ready(page)
        root = page.locator(W)
        moves: list[str] = []
        for _ in range(2):
            a = engine("paohuzi", "four", 7, moves)
            assert a["hint"] is not None
            hint_btn = root.locator(".zp-hint-btn")
            hint_btn.click()
            why = root.locator('[data-role="why"]')
            assert why.is_visible()
            assert a["hint"]["why"][lang] in why.inner_text()
            chis = [x for x in a["actions"] if x["kind"] == "chi"]
            notes = root.locator('[data-role="chi-notes"] li')
            assert notes.count() == len(chis)
            for li, x in zip(notes.all(), chis):
                assert x["note"][lang] in li.inner_text() and x[lang] in li.inner_text()
            if chis:
                break
            assert a["hint"]["kind"] == "discard"
            moves.append(a["hint"]["id"])
            click(page, root.locator(f'button.zp-hcard[data-card="{a["hint"]["card"]}"]'))
        assert len(chis) > 1, "the table was to offer several ways to chi"


CARDS = """() => {
  const out = {cards: 0, narrow: [], small: [], en: 0, zh: 0};
  for (const svg of document.querySelectorAll('.zp svg.phz-card')) {
    const r = svg.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;  // not shown (a folded part)
    out.cards += 1;
    if (r.width < 28) out.narrow.push([svg.dataset.card, r.width]);
    const scale = r.height / svg.viewBox.baseVal.height;
    // a drawing repeated on the page is drawn once and shown through <use> (sitegen/page_weight.py)
    const use = svg.querySelector('use');
    const src = use ? document.getElementById(use.getAttribute('xlink:href').slice(1)) : svg;
    let en = 0, zh = 0;
    for (const t of src.querySelectorAll('text')) {
      if (getComputedStyle(t).display === 'none' || getComputedStyle(t.parentNode).display === 'none') continue;
      if (t.closest('.phz-en')) en += 1; else zh += 1;
      const fs = parseFloat(getComputedStyle(t).fontSize);  // in the drawing's units
      if (fs * scale < 14) out.small.push([t.textContent, fs * scale]);
    }
    if (en === 2) out.en += 1;  // the Arabic numeral and big/small
    if (zh >= 1) out.zh += 1;   // the character as printed
  }
  return out;
}"""

def test_narrated_game_pages_draw_readable_cards_with_numerals_in_english(page, site_url):
    """The turn-by-turn and sample-hand pages draw every card at least 28 px wide with characters of 14 px or more;
    English pages add the Arabic numeral and big/small to each card, Chinese pages show the card as printed."""
    for lang, prefix in (("zh", ""), ("en", "en/")):
        for path in ("paohuzi/turn/", "paohuzi/sample/"):
            page.goto(site_url + prefix + path)
            m = page.evaluate(CARDS)
            assert m["cards"] >= 20, (lang, path, m["cards"])
            assert m["narrow"] == [] and m["small"] == [], (lang, path, m["narrow"][:5], m["small"][:5])
            assert m["en"] == (m["cards"] if lang == "en" else 0) and m["zh"] == m["cards"], (lang, path, m)
