"""跑胡子 for a newcomer on a 390 px phone: a 吃 chosen in steps (the run first, then the cards that go out with it
for 比), each way drawn as the cards it makes; the other seats' moves since the reader's last one shown a line
each, one at a time; and the lesson folded so that its hand is a tap from the top."""

from __future__ import annotations

import json
from urllib.parse import quote

from engine.api import handle
from engine.paohuzi.cards import parse_card

W = '[data-widget="zipai-table"]'


def engine(moves: list[str]) -> dict:
    a = handle({"game": "paohuzi", "action": "play", "seed": 7, "table": "four", "actions": [{"id": m} for m in moves]})
    assert a["ok"], a
    return a


def to_a_chi() -> tuple[list[str], dict]:
    """The lesson's hand (seed 7) following the hint until the reader may 吃 in several ways."""
    moves: list[str] = []
    for _ in range(80):
        a = engine(moves)
        if len([x for x in a["actions"] if x["kind"] == "chi"]) > 2:
            return moves, a
        moves.append(a["hint"]["id"])
    raise AssertionError("no choice of 吃 in this hand")


def open_hand(page, site_url: str, moves: list[str]):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + "en/paohuzi/learn/?zipai-table=" + quote(json.dumps({"seed": 7, "moves": moves})))
    page.wait_for_selector(f'{W}[data-state="ready"]', timeout=180_000)
    root = page.locator(W)
    assert root.is_visible()  # the part of the lesson a shared hand is in is the one open
    return root


def test_a_chi_is_chosen_in_steps_each_way_drawn_as_its_cards(page, site_url):
    moves, a = to_a_chi()
    chis = [x for x in a["actions"] if x["kind"] == "chi"]
    runs: dict[str, list[dict]] = {}
    for x in chis:
        runs.setdefault(".".join(x["groups"][0]), []).append(x)
    root = open_hand(page, site_url, moves)
    box = root.locator('[data-role="chi"]')
    first = box.locator('[data-step="1"]')
    assert first.is_visible()
    # step 1: one button a run, drawn as the cards it makes, with their names
    buttons = first.locator("button")
    assert buttons.count() == len(runs) < len(chis)
    for b, (_key, xs) in zip(buttons.all(), runs.items()):
        cards = b.locator(".zp-chi-group").first.locator("svg[aria-label]")
        names = [parse_card(c).en for c in xs[0]["groups"][0]]
        assert [c.get_attribute("aria-label") for c in cards.all()] == names
        assert b.locator(".zp-chi-cap").first.inner_text() == ", ".join(names)
        box_ = b.bounding_box()
        assert box_ is not None and box_["height"] >= 44 and box_["x"] + box_["width"] <= 390
    # a run with several ways to 比: step 2 offers them, each drawn; "Another run" goes back
    k, (key, xs) = next((k, kv) for k, kv in enumerate(runs.items()) if len(kv[1]) > 1)
    buttons.nth(k).click()
    second = box.locator(f'[data-step="2"][data-run="{k}"]')
    assert second.is_visible() and not first.is_visible()
    opts = second.locator("button.zp-chi-opt")
    assert opts.count() == len(xs)
    for b, x in zip(opts.all(), xs):
        assert b.get_attribute("aria-label") == x["en"]
        shown = [c.get_attribute("aria-label") for c in b.locator("svg[aria-label]").all()]
        assert shown == [parse_card(c).en for g in x["groups"][1:] for c in g]
    second.locator(".zp-chi-back").click()
    assert first.is_visible() and not second.is_visible()
    # the way chosen in two taps is the move played
    buttons.nth(k).click()
    n = int(root.get_attribute("data-answers") or 0)
    opts.last.click()
    page.wait_for_function("([el, n]) => Number(el.dataset.answers) > n", arg=[root.element_handle(), n], timeout=60_000)
    assert root.locator('[data-role="message"]').inner_text() == ""
    after = engine(moves + [xs[-1]["id"]])
    you = next(s for s in after["seats"] if s["you"])
    assert [c.get_attribute("data-card") for c in root.locator(".zp-hand .zp-hcard").all()] == you["hand"]
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390


def _since(a: dict) -> list[dict]:
    you = {i for i, s in enumerate(a["seats"]) if s["you"]}
    mine = [k for k, x in enumerate(a["log"]) if x.get("seat") in you]
    return a["log"][mine[-1] + 1:] if mine else []


def test_the_others_moves_are_shown_a_line_each_one_at_a_time(page, site_url):
    # the lesson's hand, following the hint, up to a discard of the reader's after which the others make several moves
    moves: list[str] = []
    for _ in range(80):
        a = engine(moves)
        hint = a["hint"]
        after = engine(moves + [hint["id"]])
        if hint["kind"] == "discard" and len(_since(after)) >= 2:
            break
        moves.append(hint["id"])
    else:
        raise AssertionError("the others never made two moves in a row in this hand")
    root = open_hand(page, site_url, moves)
    n = int(root.get_attribute("data-answers") or 0)
    root.locator(f'button.zp-hcard[data-card="{hint["card"]}"]').first.click()
    page.wait_for_function("([el, n]) => Number(el.dataset.answers) > n", arg=[root.element_handle(), n], timeout=60_000)
    since = _since(after)
    lines = root.locator('[data-role="since"] li')
    assert lines.count() == len(since)
    # one at a time: the first line at once, the next ones after it, until every one is shown (not folded in the log)
    page.wait_for_function("(n) => document.querySelector('[data-role=\"since\"]').dataset.shown === String(n)", arg=len(since), timeout=30_000)
    assert lines.all_inner_texts() == [x["en"] for x in since]
    assert all(li.is_visible() for li in lines.all())


def test_the_lesson_folds_on_a_phone_and_its_hand_is_a_tap_away(page, site_url):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + "en/paohuzi/learn/")
    page.wait_for_selector('[data-widget="lesson-progress"][data-state="ready"]', timeout=180_000)
    folded = page.evaluate("document.scrollingElement.scrollHeight")
    page.locator('[data-role="unfold"]').click()
    whole = page.evaluate("document.scrollingElement.scrollHeight")
    print(f"\nthe 跑胡子 lesson at 390 px: {whole / 844:.1f} screens unfolded, {folded / 844:.1f} folded")
    assert folded < whole / 2
    page.reload()
    page.wait_for_selector('[data-widget="lesson-progress"][data-state="ready"]', timeout=180_000)
    table = page.locator(W)
    assert not table.is_visible()
    page.locator(".lesson-hand a").click()
    page.wait_for_selector(f'{W}[data-state="ready"]', timeout=180_000)
    assert table.is_visible()
    box = table.bounding_box()
    assert box is not None and box["y"] < 844 * 3  # the hand within a few screens of where the tap took the reader
    # a step opens from the list of steps, and only that one is open
    page.locator('li[data-step="chi-choose"] a').click()
    assert page.locator('[data-lesson-step="chi-choose"]').is_visible() and not table.is_visible()
