"""Readable cards at the live 跑胡子 / 下灌字牌 table (widgets/zipai.js, its first answer from sitegen/zipai.py), in both
languages, on a desktop and on a phone, at the start and at the end of a hand: every card drawn is at least 28 px
wide with characters of 14 px or more; English pages show the Arabic numeral and big/small on every card, Chinese
pages the card as printed. (The same measure as the narrated-game pages in test_zipai.py.)"""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

from browser.test_zipai import CARDS, W, engine, wait_ready

pytestmark = pytest.mark.browser

PAGES = {"paohuzi": ("paohuzi/play/", "four", 7), "xiaguan": ("yezi/zipai/", "three", 4)}


def moves_to_the_end(variant: str, table: str, seed: int) -> list[str]:
    """The reader's moves through a whole hand, chosen as test_zipai.py clicks: a claim when there is one, else a discard."""
    moves: list[str] = []
    for _ in range(300):
        a = engine(variant, table, seed, moves)
        if a["over"]:
            return moves
        claims = [x for x in a["actions"] if x["kind"] != "discard"]
        moves.append((claims or a["actions"])[0]["id"])
    raise AssertionError("the hand did not end")


def readable(page, lang: str, where: str, least: int) -> None:
    m = page.evaluate(CARDS)
    assert m["cards"] >= least, (where, m["cards"])
    assert m["narrow"] == [] and m["small"] == [], (where, m["narrow"][:5], m["small"][:5])
    assert m["en"] == (m["cards"] if lang == "en" else 0) and m["zh"] == m["cards"], (where, m)


@pytest.mark.parametrize("width", [1280, 360])
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("variant", ["paohuzi", "xiaguan"])
def test_every_card_at_the_table_is_readable_at_the_start_and_the_end_of_a_hand(page, site_url, lang, width, variant):
    path, table, seed = PAGES[variant]
    prefix = "en/" if lang == "en" else ""
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(site_url + prefix + path)
    readable(page, lang, "first answer drawn at build time", 20)  # before the engine answers
    wait_ready(page)
    readable(page, lang, "start", 20)
    hand = page.locator(f"{W} .zp-hand")
    box, acts = hand.bounding_box(), page.locator(f'{W} [data-role="actions"]').bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, box  # the hand wraps inside the page
    assert acts["y"] >= box["y"] + box["height"], (box, acts)  # the moves come right after the hand
    # the end of the hand, from a shared link: the groups laid down, the let-go rows, every hand shown
    moves = moves_to_the_end(variant, table, seed)
    page.goto(site_url + prefix + path + "?zipai-table=" + quote(json.dumps({"seed": seed, "moves": moves})))
    wait_ready(page)
    page.wait_for_selector(f'{W}[data-over="1"]', timeout=60_000)
    readable(page, lang, "end", 40)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
