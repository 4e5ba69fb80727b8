"""A hand against the strong level and the review after it, as a reader meets them on a phone (360 px):
the level chosen in words the engine gives, the strong hint, the review's every decision with the
estimate of each lawful option, the costliest marked and explained — in both languages; and the
跑胡子 lesson's table, whose finished hand (opened from a shared link) shows its review too."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

from engine.api import handle

HAND = '[data-widget="gupai-hand"]'
ZIPAI = '[data-widget="zipai-table"]'


def seq(page, sel: str = HAND) -> int:
    return int(page.get_attribute(sel, "data-seq") or 0)


def wait_seq(page, n: int, sel: str = HAND) -> None:
    page.wait_for_function("([sel, n]) => Number(document.querySelector(sel).dataset.seq || 0) > n", arg=[sel, n], timeout=120_000)


def open_table_with_levels(page, url: str, sel: str, lang: str):
    """The table ``sel`` on the page ``url`` at 360 px, ready, its level chooser enabled and worded as the
    engine's levels in ``lang``; answers the table and its chooser."""
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(url)
    page.wait_for_selector(f'{sel}[data-state="ready"]', timeout=180_000)
    root = page.locator(sel).first
    level = root.locator('select[data-role="level"]')
    page.wait_for_function("(sel) => !document.querySelector(sel).disabled", arg=f'{sel} select[data-role="level"]')
    words = handle({"game": "table", "action": "levels"})["levels"]
    assert level.locator("option").all_inner_texts() == [w["short"][lang] for w in words]
    return root, level


def open_review(page, root, sel: str, want: dict, lang: str):
    """Open the table's review and wait until it is done: its summary and its decisions are the engine's
    (``want``); answers the panel and each decision's node, opened."""
    root.locator('[data-role="review-open"]').click()
    page.wait_for_selector(f'{sel} [data-role="review"][data-state="done"]', timeout=240_000)
    panel = root.locator('[data-role="review"]')
    assert panel.locator('[data-role="review-summary"]').inner_text() == want["summary"][lang]
    shown = panel.locator(".rv-decision")
    assert shown.count() == want["total"] == len(want["decisions"])
    nodes = shown.all()
    for node, d in zip(nodes, want["decisions"]):
        # the verdict in words first, the reason under it, the figures folded away until asked for
        assert node.locator('[data-role="verdict"]').inner_text() == d["verdict_words"][lang]
        if node.get_attribute("open") is None:
            node.locator("summary").first.click()
        assert node.locator('[data-role="why"]').inner_text() == d["why"][lang]
        details = node.locator('[data-role="details"]')
        assert details.get_attribute("open") is None and not node.locator(".rv-options").is_visible()
        details.locator("summary").click()
        assert node.locator(".rv-options").is_visible()
    return panel, nodes


def check_marked_and_width(page, panel, want: dict) -> None:
    """The costliest decisions are the ones marked, and nothing is wider than a phone's screen."""
    marked = [int(x.get_attribute("data-n")) for x in panel.locator('.rv-decision[data-costliest="1"]').all()]
    assert sorted(marked) == sorted(want["costliest"])
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
    box = panel.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_hand_against_the_strong_level_and_its_review_on_a_phone(page, site_url, lang):
    root, level = open_table_with_levels(page, site_url + ("en/" if lang == "en" else "") + "gupai/", HAND, lang)
    n = seq(page)
    level.select_option("strong")
    wait_seq(page, n)
    seed = int(root.locator('[data-role="seed"]').inner_text())
    moves: list[dict] = []
    for k in range(9):
        a = handle({"game": "gupai", "action": "play", "seed": seed, "human": 0, "moves": moves, "level": "strong"})
        assert a["ok"], a
        if a["terminal"]:
            break
        if k == 0:  # the hint comes from the strong level
            root.locator('[data-role="hint"]').click()
            text = root.locator('[data-role="hint-text"]').inner_text()
            assert ("强水平会" if lang == "zh" else "The strong level would") in text
            names = handle({"game": "gupai", "action": "tiles", "lang": lang})["tiles"]
            name = {t["code"]: t[lang] for t in names}
            assert all(name[t] in text for t in a["hint"]["tiles"])
        m = a["legal"][0]  # the reader's own (not always wise) choice
        for t in sorted(set(m["tiles"])):
            for i in range(m["tiles"].count(t)):
                root.locator(f'.gp-pick[data-tile="{t}"]').nth(i).click()
        n = seq(page)
        root.locator('[data-role="up"]' if m["up"] else '[data-role="down"]').click()
        wait_seq(page, n)
        moves.append(m)
    a = handle({"game": "gupai", "action": "play", "seed": seed, "human": 0, "moves": moves, "level": "strong"})
    assert a["terminal"]
    # the review of this very hand, by the engine in CPython, to compare with the page
    actions = [("up:" if m["up"] else "down:") + ".".join(m["tiles"]) for tr in a["tricks"] for m in tr["moves"]]
    position = {"game": "gupai", "seed": seed, "dealer": a["dealer"], "sealed": a["sealed"], "options": a["options"], "actions": actions}
    want = handle({"game": "table", "action": "review", "seat": 0, "position": position})
    assert want["ok"], want
    panel, nodes = open_review(page, root, HAND, want, lang)
    for node, d in zip(nodes, want["decisions"]):
        rows = node.locator(".rv-options tbody tr")
        assert rows.count() == len(d["options"])  # every lawful option, with its estimate
        assert d["chosen_words"][lang] in node.locator("summary").first.inner_text()
        chosen = node.locator("tr.rv-chosen")
        assert chosen.count() == 1 and next(o[lang] for o in d["options"] if o["chosen"]) in chosen.inner_text()
        assert ("±" in rows.first.inner_text()) == (d["options"][0]["pm"] is not None)
        if d["costly"]:
            assert node.locator('[data-role="why"]').inner_text() == d["why"][lang]
    check_marked_and_width(page, panel, want)  # readable on a phone: nothing wider than the screen


def test_the_lesson_hand_shows_its_review_from_a_shared_link(page, site_url):
    """The 跑胡子 lesson's table: a finished hand opened from a shared link offers the review, decision by decision."""
    moves: list[str] = []
    for _ in range(80):
        a = handle({"game": "paohuzi", "action": "play", "seed": 7, "table": "four", "actions": [{"id": m} for m in moves]})
        if a["over"]:
            break
        moves.append(a["hint"]["id"])
    assert a["over"]
    page.set_viewport_size({"width": 390, "height": 844})
    state = {"seed": 7, "moves": moves}
    page.goto(site_url + "en/paohuzi/learn/?zipai-table=" + quote(json.dumps(state)))
    page.wait_for_selector(f'{ZIPAI}[data-state="ready"]', timeout=180_000)
    root = page.locator(ZIPAI)
    page.wait_for_selector(f'{ZIPAI}[data-over="1"] [data-role="review-open"]', timeout=60_000)
    root.locator('[data-role="review-open"]').click()
    page.wait_for_selector(f'{ZIPAI} [data-role="review"][data-state="done"]', timeout=600_000)
    want = handle({"game": "table", "action": "review", "seat": 0, "hand": {"seed": 7, "table": "four", "actions": [{"id": m} for m in moves]}, "decisions": [1]})
    shown = root.locator(".rv-decision")
    assert shown.count() == want["total"] >= 1
    first = want["decisions"][0]
    assert root.locator('.rv-decision[data-n="1"] .rv-options tbody tr').count() == len(first["options"])
    assert root.locator('.rv-decision[data-n="1"] [data-role="verdict"]').inner_text() == first["verdict_words"]["en"]
    # the hand was played following the Hint: no decision is called a mistake, every one has its verdict
    verdicts = [x.get_attribute("data-verdict") for x in shown.all()]
    assert all(v in ("best", "equal", "pity") for v in verdicts), verdicts
    summary = root.locator('[data-role="review-summary"]').inner_text()
    assert "decisions with a choice" in summary and "No mistake" in summary or "Every move was as good as the best" in summary
    # "best" belongs to the option its own figures rank first
    for node in root.locator('.rv-decision tr.rv-best').all():
        assert node.evaluate("(tr) => tr === tr.parentElement.firstElementChild")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390


YEZI = '[data-widget="yezi-round"]'


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_yezi_round_at_the_strong_level_and_its_review_on_a_phone(page, site_url, lang):
    """叶子戏's round: the strong level chosen, its hint (the split it would make) read, the reader's own
    split played, and the review of that split with every option the strong level weighs."""
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(site_url + ("en/" if lang == "en" else "") + "yezi/play/")
    page.wait_for_selector(f'{YEZI}[data-state="ready"]', timeout=180_000)
    root = page.locator(YEZI).first
    level = root.locator('select[data-role="level"]')
    page.wait_for_function("(sel) => !document.querySelector(sel).disabled", arg=f'{YEZI} select[data-role="level"]')
    words = handle({"game": "table", "action": "levels"})["levels"]
    assert level.locator("option").all_inner_texts() == [w["short"][lang] for w in words]
    level.select_option("strong")
    seed = int(root.locator('[data-role="seed"]').inner_text())
    options = {"scoring": root.locator('[data-role="scoring"]').input_value(), "ties": root.locator('[data-role="ties"]').input_value()}
    base = {"game": "yezi", "action": "round", "seed": seed, "options": options, "level": "strong"}
    a = handle(base)
    assert a["ok"], a
    root.locator('[data-role="hint"]').click()
    page.wait_for_function("(sel) => document.querySelector(sel).textContent.length > 0", arg=f'{YEZI} [data-role="hint-text"]', timeout=120_000)
    text = root.locator('[data-role="hint-text"]').inner_text()
    assert ("强水平会" if lang == "zh" else "The strong level would") in text and a["hint"][lang] in text
    mine = root.locator(".yz-mine")
    for i in (0, 2, 4, 6):  # the reader's own (not always wise) split
        mine.nth(i).click()
    first = [mine.nth(i).get_attribute("data-card") for i in (0, 2, 4, 6)]
    second = [mine.nth(i).get_attribute("data-card") for i in (1, 3, 5, 7)]
    n = seq(page, YEZI)
    root.locator('[data-role="play"]').click()
    wait_seq(page, n, YEZI)
    m = handle(dict(base, my_seat=0, my_groups=[first, second]))
    assert m["ok"], m
    want = handle({"game": "table", "action": "review", "seat": 0, "position": m["position"]})
    assert want["ok"], want
    panel, nodes = open_review(page, root, YEZI, want, lang)
    assert len(nodes) == 1
    d, node = want["decisions"][0], nodes[0]
    assert node.locator(".rv-options tbody tr").count() == len(d["options"]) >= 2
    assert d["chosen_words"][lang] in node.locator("summary").first.inner_text()
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
    box = panel.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360



DAWEI = '[data-widget="dawei-game"]'


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_dawei_game_at_the_strong_level_and_its_review_on_a_phone(page, site_url, lang):
    """打围's table: the strong level chosen in the engine's words, the game played to its end choosing
    splits, the hint asked right after "Play until my next decision" (at a throw it says there is nothing to
    choose; at a split it gives the level's choice and its reason), and the review of the reader's split choices against the engine's own answer."""
    root, level = open_table_with_levels(page, site_url + ("en/" if lang == "en" else "") + "dawei/play/", DAWEI, lang)
    hint = root.locator('[data-role="hint"]')

    n = seq(page, DAWEI)
    level.select_option("strong")
    wait_seq(page, n, DAWEI)
    setup = {"game": "dawei", "action": "play", "players": int(root.locator('[data-role="players"]').input_value()),
             "seed": int(root.locator('[data-role="seed"]').input_value()), "humans": [0], "log_tail": 0, "level": "strong"}
    moves: list[str] = []
    hinted = 0
    for _ in range(60):
        a = handle(dict(setup, moves=moves))
        assert a["ok"], a
        if a["terminal"]:
            break
        if a["legal"][0]["action"] == "throw":  # no choice now: the hint says so, and that there is nothing to choose (41.3)
            assert a["hint"] is not None and a["hint"]["choosing"] is False and hint.is_enabled()
            n = seq(page, DAWEI)
            root.locator('[data-action="auto-choice"]').click()
            wait_seq(page, n, DAWEI)
            moves.append("auto:choice")
            continue
        # a split choice now, right after "Play until my next decision": the hint is there to ask
        assert a["hint"]["level"] == "strong" and hint.is_enabled()
        if hinted < 2:
            hint.click()
            text = root.locator('[data-role="hint-text"]').inner_text()
            assert ("强水平会" if lang == "zh" else "The strong level would") in text and a["hint"][lang] in text
            hinted += 1
        m = a["legal"][0]["action"]  # the reader's own (not always wise) split
        n = seq(page, DAWEI)
        root.locator(f'[data-role="actions"] [data-action="{m}"]').click()
        wait_seq(page, n, DAWEI)
        moves.append(m)
    assert a["terminal"] and hinted >= 1
    assert hint.is_disabled()  # no choice once the game is over
    want = handle({"game": "table", "action": "review", "seat": 0, "position": a["position"]})
    assert want["ok"] and want["total"] >= 2 and want["costliest"], want
    panel, nodes = open_review(page, root, DAWEI, want, lang)
    for node, d in zip(nodes, want["decisions"]):
        assert node.locator(".rv-options tbody tr").count() == len(d["options"]) >= 2
        assert d["chosen_words"][lang] in node.locator("summary").first.inner_text()
        assert next(o[lang] for o in d["options"] if o["chosen"]) in node.locator("tr.rv-chosen").inner_text()
        if d["costly"]:
            assert node.locator('[data-role="why"]').inner_text() == d["why"][lang]
    check_marked_and_width(page, panel, want)
