"""鄂南骨牌 hand widget as a reader meets it: grey buttons say why, the settlement explains
each payment, a shared link opens the hand in its state, nothing is wider than a phone."""

from __future__ import annotations

import json
from itertools import combinations
from urllib.parse import quote

import pytest

from engine.api import handle
from engine.gupai.plays import classify

HAND = '[data-widget="gupai-hand"]'


def wait_ready(page) -> None:
    page.wait_for_selector(f'{HAND}[data-state="ready"]', timeout=120_000)


def url(site_url: str, lang: str, path: str) -> str:
    return site_url + ("en/" if lang == "en" else "") + path


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_grey_button_says_why_it_is_grey(page, site_url, lang):
    page.goto(url(site_url, lang, "gupai/"))
    wait_ready(page)
    root = page.locator(HAND).first
    seed = int(root.locator('[data-role="seed"]').inner_text())
    a = handle({"game": "gupai", "action": "play", "seed": seed, "human": 0})
    hand = a["hands"][0]
    # two tiles of the hand that make no play
    pair = next(c for c in combinations(range(len(hand)), 2) if classify([hand[c[0]], hand[c[1]]]) is None)
    why_before = root.locator('[data-role="why"]').inner_text()
    assert why_before.strip()  # nothing chosen yet: it says to choose tiles first
    picks = root.locator(".gp-pick")
    for i in pair:
        picks.nth(i).click()
    up = root.locator('[data-role="up"]')
    assert up.is_disabled()
    want = handle({"game": "gupai", "action": "play", "seed": seed, "human": 0, "check": [hand[i] for i in pair]})["check"]["up"][lang]
    page.wait_for_function("([sel, w]) => document.querySelector(sel).textContent.includes(w)", arg=[f'{HAND} [data-role="why"]', want])
    assert up.get_attribute("title") == want
    assert up.get_attribute("aria-describedby")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_shared_link_opens_the_hand_in_its_state_and_the_settlement_explains_each_payment(page, site_url, lang):
    # seed 38: Player A may seal; sealing ends A's part at once, and the computers play the hand
    state = {"seed": 38, "sealed": [0], "options": {"xiqian": "none"}, "moves": []}
    page.goto(url(site_url, lang, "gupai/") + "?gupai-hand=" + quote(json.dumps(state)))
    wait_ready(page)
    root = page.locator(HAND).first
    page.wait_for_selector(f'{HAND} [data-role="result"] li')
    assert root.locator('[data-role="seed"]').inner_text() == "38"
    assert root.locator('select[data-option="xiqian"]').input_value() == "none"
    want = handle({"game": "gupai", "action": "play", "seed": 38, "human": 0, "sealed": [0], "options": {"xiqian": "none"}})
    s = want["settlement"]
    nets = root.locator('[data-role="result"] tbody tr td:nth-child(3)').all_inner_texts()
    assert [int(x) for x in nets] == s["nets"]
    lines = root.locator('[data-role="result"] li').all_inner_texts()
    assert lines == [ln[lang] for ln in s["lines"]]
    assert root.locator('[data-role="result"] .gp-summary').inner_text() == s["summary"][lang]
    last = root.locator('[data-role="last"] p').inner_text()
    assert ("墩" in last) and (lang == "zh" or "trick" in last)  # "takes 1 trick (墩)", never a bare "takes 1 墩"
    # and the share button gives back a link with the same state
    root.locator(".hw-share").click()
    link = root.locator(".hw-share-url").input_value()
    assert '"seed":38' in link.replace("%22", '"').replace("%3A", ":").replace("%2C", ",")


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("path", ["gupai/", "gupai/rules/", "gupai/tiles/", "gupai/scoring/", "gupai/notes/"])
def test_nothing_is_wider_than_a_360_pixel_screen(page, site_url, lang, path):
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(url(site_url, lang, path))
    if page.locator(HAND).count():
        wait_ready(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
