"""鄂南骨牌 hand widget in a real browser: moves go through the engine and match it."""

from __future__ import annotations

from browser.sitepages import pick_tiles
from engine.api import handle

HAND = '[data-widget="gupai-hand"]'


def wait_ready(page) -> None:
    page.wait_for_selector(f'{HAND}[data-state="ready"]', timeout=120_000)


def wait_seq(page, n: int) -> None:
    page.wait_for_function(
        "([sel, n]) => Number(document.querySelector(sel).dataset.seq || 0) >= n", arg=[HAND, n], timeout=30_000
    )


def seq(page) -> int:
    return int(page.locator(HAND).first.get_attribute("data-seq") or 0)


def test_play_a_whole_hand_by_clicking(page, site_url):
    page.goto(site_url + "gupai/")
    wait_ready(page)
    root = page.locator(HAND).first
    seed = int(root.locator('[data-role="seed"]').inner_text())
    n = seq(page)
    assert n >= 1
    # the controls are live; nothing can be played before a tile is chosen
    assert root.locator('[data-role="new"]').is_enabled()
    assert root.locator('[data-role="up"]').is_disabled()
    moves = []
    for _ in range(8):
        a = handle({"game": "gupai", "action": "play", "seed": seed, "human": 0, "moves": moves})
        if a["terminal"]:
            break
        assert a["to_move"] == 0
        m = a["legal"][0]
        # select the tiles of the engine's first legal move and play it
        pick_tiles(root, m["tiles"])
        root.locator('[data-role="up"]' if m["up"] else '[data-role="down"]').click()
        moves.append(m)
        n += 1
        wait_seq(page, n)
    final = handle({"game": "gupai", "action": "play", "seed": seed, "human": 0, "moves": moves})
    assert final["terminal"]
    nets = root.locator('[data-role="result"] tbody tr td:nth-child(3)').all_inner_texts()
    assert [int(x) for x in nets] == final["settlement"]["nets"]
