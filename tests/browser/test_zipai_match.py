"""The 跑胡子 / 下灌字牌 table on a phone: the hand laid out at the end (摊牌), the seats as players sit,
the 亮张 on the board, a shared link, and a match of several hands kept across a reload.
Everything the page shows is checked against the engine's answer in CPython for the same moves."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlparse

from engine.api import handle

from browser.test_zipai import PAGES, W, answers, click, engine, play_by_clicking, wait_ready

PHONE = {"width": 360, "height": 740}


def _cells(page, sel: str) -> list[str]:
    return [" ".join((x.text_content() or "").split()) for x in page.locator(sel).all()]


def check_layout(page, a: dict, lang: str) -> None:
    """The laid-out hand on the page is the engine's: the groups with their 戏, the sum line by line, every hand after 荒."""
    lay = a["result"]["layout"]
    box = page.locator(f'{W} [data-role="layout"]')
    assert box.count() == 1
    text = box.inner_text()
    assert (lay["zh"] if lang == "zh" else lay["en"]) in text
    figs = box.locator(".zp-lay-groups figure")
    assert figs.count() == len(lay["groups"])
    shown = [int(f.get_attribute("data-huxi")) for f in figs.all()]
    assert shown == [g["huxi"] for g in lay["groups"]]
    if lay["groups"]:
        # the sum the reader checks: the groups' 戏, the 自摸 bonus, the 等 and the 番, as the sheet pays them
        assert sum(shown) + lay["zimo_bonus"] == lay["total"] == a["result"]["sheet"]["total"]
        assert _cells(page, f'{W} [data-role="sum"] li') == [" ".join(x[lang].split()) for x in lay["lines"]]
        assert box.locator(".zp-win .zp-win-card").count() == 1
        assert box.locator(".zp-win .zp-win-card").get_attribute("data-card") == lay["card"]
        assert (f"= {lay['deng']} 等" if lang == "zh" else f"= {lay['deng']} deng") in text
    if lay["huang"]:
        assert box.locator(".zp-dealt").count() == len(a["seats"])


def test_a_finished_hand_is_laid_out_on_a_phone_in_both_languages(page, site_url):
    page.set_viewport_size(PHONE)
    for variant, lang in (("paohuzi", "zh"), ("xiaguan", "en")):
        path, table, seed = PAGES[variant]
        page.goto(site_url + ("" if lang == "zh" else "en/") + path)
        wait_ready(page)
        moves, _ = play_by_clicking(page, variant, table, seed)
        a = engine(variant, table, seed, moves)
        check_layout(page, a, lang)
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 360


def test_seats_sit_as_at_a_table_the_turned_up_card_is_on_the_board_and_the_header_hides_nothing(page, site_url):
    page.set_viewport_size(PHONE)
    page.goto(site_url + "paohuzi/play/")
    wait_ready(page)
    root = page.locator(W)
    path, table, seed = PAGES["paohuzi"]
    a = engine("paohuzi", table, seed, [])
    n = len(a["seats"])
    you = next(s["seat"] for s in a["seats"] if s["you"])
    right = root.locator('.zp-seat[data-place="right"]')
    left = root.locator('.zp-seat[data-place="left"]')
    # play passes to the next player (下家), who sits on the reader's right; the previous player on the left
    assert int(right.get_attribute("data-seat")) == (you + 1) % n
    assert int(left.get_attribute("data-seat")) == (you - 1) % n
    assert right.bounding_box()["x"] > left.bounding_box()["x"]
    mine = root.locator(".zp-mine").bounding_box()
    assert mine["y"] > right.bounding_box()["y"]
    assert "坐在你右手边" in right.inner_text() and "坐在你左手边" in left.inner_text()
    # the 亮张 lies on the board, with what became of it
    liang = next(x for x in a["log"] if x["kind"] == "liang")
    board = root.locator('[data-role="liang"]')
    assert board.get_attribute("data-card") == liang["card"]
    assert a["liang_shown"]["zh"] in board.inner_text()
    # after each move the reader's own groups are below the page's sticky header
    for _ in range(8):
        if page.get_attribute(W, "data-over"):
            break
        acts = root.locator(".zp-act")
        click(page, acts.first if acts.count() else root.locator("button.zp-hcard[data-legal]").first)
        header = page.evaluate("document.querySelector('.md-header').getBoundingClientRect().bottom")
        top = page.evaluate(f"document.querySelector('{W} .zp-mine').getBoundingClientRect().top")
        assert top >= header, f"the header ({header}px) covers the reader's groups (at {top}px)"


def test_a_shared_link_restores_the_board_and_the_log(page, site_url, browser):
    page.goto(site_url + "en/paohuzi/play/")
    wait_ready(page)
    root = page.locator(W)
    for _ in range(4):
        acts = root.locator(".zp-act")
        click(page, acts.first if acts.count() else root.locator("button.zp-hcard[data-legal]").first)
    log = _cells(page, f'{W} [data-role="log"] li')
    hand = [c.get_attribute("data-card") for c in root.locator(".zp-hand .zp-hcard").all()]
    root.locator(".hw-share").click()
    url = root.locator(".hw-share-url").input_value()
    state = json.loads(parse_qs(urlparse(url).query)["zipai-table"][0])
    assert len(state["moves"]) == 4
    other = browser.new_context().new_page()
    try:
        other.goto(url)
        wait_ready(other)
        assert other.locator(f"{W} details.zp-log").get_attribute("open") is not None
        assert _cells(other, f'{W} [data-role="log"] li') == log
        assert [c.get_attribute("data-card") for c in other.locator(f"{W} .zp-hand .zp-hcard").all()] == hand
    finally:
        other.context.close()


def _play_match(page, stop_after: int | None = None) -> int:
    """Click through the match: a claim, the next-hand button, or the first card the engine lets us discard."""
    root = page.locator(W)
    clicks = 0
    for _ in range(700):
        if page.get_attribute(W, "data-match") == "over" or (stop_after is not None and clicks >= stop_after):
            break
        acts = root.locator(".zp-act")
        if acts.count():
            b = acts.first
        else:
            b = root.locator("button.zp-hcard[data-legal]").first
            assert b.count(), "the reader is to move but nothing can be clicked"
        click(page, b)
        assert root.locator('[data-role="message"]').inner_text() == ""
        clicks += 1
    return clicks


def _engine_match(page, variant: str, table: str) -> tuple[dict, dict]:
    kept = page.evaluate(f"localStorage.getItem('zipai-match:{variant}:{table}')")
    assert kept, "the match is kept in this browser"
    st = json.loads(kept)
    req = {"game": "paohuzi", "action": "play", "variant": variant, "table": table, "seed": st["seed"],
           "match": {"hands": st["match"], "played": st["played"]}, "birds": st["birds"],
           "actions": [{"kind": "next"} if m == "next" else {"id": m} for m in st["moves"]]}
    if "level" in st:  # the computer seats' level (the hint apart: the basic one, as the table draws it)
        req.update(level=st["level"], hint_level="basic")
    a = handle(req)
    assert a["ok"], a
    return st, a


def _single_hand(variant: str, table: str, seed: int, seat: int, moves: list[str], level: str) -> list[str]:
    """Every seat's moves of a single hand from ``seed`` at ``level``, the reader in ``seat`` making their moves of ``moves``."""
    from engine.protocol import open_state

    st = open_state({"game": "paohuzi", "variant": variant, "table": table, "seed": seed})
    mine = []
    for m in moves:
        if st.current_player() == seat:
            mine.append(m)
        st.apply(m)
    w = handle({"game": "record", "action": "export", "request": {"game": "paohuzi", "action": "play", "variant": variant, "table": table,
                                                                  "seed": seed, "seat": seat, "level": level, "actions": [{"id": x} for x in mine]}})
    assert w["ok"], w
    return w["position"]["actions"]


def test_a_match_plays_to_its_end_and_survives_a_reload(page, site_url):
    """跑胡子's match against the strong computer seats (in Chinese, with a bird), 下灌字牌's at the first level (in
    English): each plays to its end, survives a reload and is shared whole by a link."""
    page.set_viewport_size(PHONE)
    for variant, lang, birds, level in (("paohuzi", "zh", True, "strong"), ("xiaguan", "en", False, None)):
        path, table, _ = PAGES[variant]
        page.goto(site_url + ("" if lang == "zh" else "en/") + path)
        wait_ready(page)
        root = page.locator(W)
        chooser = f'{W} select[data-role="level"]'
        page.wait_for_function("(sel) => !document.querySelector(sel).disabled", arg=chooser)
        if level:  # the computer seats' level, chosen before the match: it stays open in the match
            n = answers(page)
            page.select_option(chooser, level)
            page.wait_for_selector(f'{W}[data-answers="{n + 1}"]', timeout=60_000)
        page.select_option(f'{W} [data-role="match-hands"]', "2")
        if birds:
            page.check(f'{W} [data-role="match-birds"]')
        click(page, root.locator('[data-role="match-start"]'))
        # the reader plays from hand 1 (or later: a hand the reader counts as 醒家 plays itself)
        assert page.get_attribute(W, "data-match")
        assert root.locator('[data-role="match"]').is_visible()
        # the title names the match, never its seed (the share link and the record keep that)
        title = root.locator('[data-role="title"]')
        assert title.inner_text() == title.get_attribute("data-match") and not re.search(r"\d", title.inner_text())
        assert page.locator(chooser).is_enabled() and page.locator(chooser).input_value() == (level or "basic")
        _play_match(page, stop_after=12)
        before = _cells(page, f'{W} [data-role="match"] tbody tr')
        hand = [c.get_attribute("data-card") for c in root.locator(".zp-hand .zp-hcard").all()]
        st, a = _engine_match(page, variant, table)
        # a reload brings the same match back, at the same move
        page.reload()
        wait_ready(page)
        page.wait_for_selector(f'{W}[data-answers="1"]', timeout=60_000)
        assert _cells(page, f'{W} [data-role="match"] tbody tr') == before
        assert [c.get_attribute("data-card") for c in root.locator(".zp-hand .zp-hcard").all()] == hand
        _play_match(page)
        assert page.get_attribute(W, "data-match") == "over"
        st, a = _engine_match(page, variant, table)
        m = a["match"]
        # the first hand is carried whole; the last one, over, is its moves (the engine writes it whole in its answer)
        seen = {"seed": st["seed"], "kept": len(st["played"]), "sheet": len(m["sheet"]), "played": len(m["played"]), "level": st.get("level")}
        assert m["over"] and len(m["sheet"]) == 2 and len(m["played"]) == 2, seen  # the seed, to replay a failure
        assert len(st["played"]) == 1 and st.get("level") == level, seen
        you = next((x["seat"] for x in a["seats"] if x["you"]), None)
        if level and you is not None:  # the last hand as carried is the strong seats' hand: a single hand of its seed at
            # the strong level, with the reader's moves of it, writes the same moves for every seat
            assert _single_hand(variant, table, a["seed"], you, m["played"][-1], level) == m["played"][-1]
        # the last hand, if the reader played it, can be reviewed (its moves as the match wrote them)
        assert root.locator('[data-role="review-open"]').count() == (1 if any(s["you"] for s in a["seats"]) else 0)
        # the running sheet: a row per hand, each player's total, the ranking — the engine's figures
        rows = root.locator('[data-role="match"] tbody tr')
        assert rows.count() == 2
        totals = [int(x.get_attribute("data-total")) for x in root.locator('[data-role="match"] tfoot td[data-total]').all()]
        assert totals == [p["total"] for p in m["players"]]
        bird_total = sum(b["total"] for b in m["birds"])
        assert sum(totals) + bird_total == 0
        if birds:
            assert len(m["birds"]) == 1 and st["birds"] == 1
        ranking = root.locator('[data-role="ranking"]').inner_text()
        first = m["players"][m["ranking"][0]]["name"][lang]
        assert ("名次" if lang == "zh" else "Ranking") in ranking and first in ranking
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
        # a shared link carries the whole match: opened elsewhere, the same sheet
        root.locator(".hw-share").click()
        url = root.locator(".hw-share-url").input_value()
        shared = json.loads(parse_qs(urlparse(url).query)["zipai-table"][0])
        assert shared == st  # the seed, the finished hands, the bird, the level
        other = page.context.browser.new_context().new_page()
        try:
            other.goto(url)
            wait_ready(other)
            other.wait_for_selector(f'{W}[data-match="over"]', timeout=60_000)
            assert [int(x.get_attribute("data-total")) for x in other.locator(f'{W} [data-role="match"] tfoot td[data-total]').all()] == totals
        finally:
            other.context.close()
        # back to single hands: the match is no longer kept
        click(page, root.locator('[data-role="match-stop"]'))
        assert page.evaluate(f"localStorage.getItem('zipai-match:{variant}:{table}')") is None
        assert answers(page) > 0
