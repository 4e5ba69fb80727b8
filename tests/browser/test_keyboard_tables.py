"""A whole 骨牌 hand by keyboard alone at 390 px (issue 45 point 6): a "skip to the game" link is among the first
stops, arrow keys move within the hand, and after every play the focus is on the reader's hand (or the next
decision), never on the page's body; the hand takes at most 150 key presses."""

from __future__ import annotations

import pytest

from engine.api import handle
from browser.sitepages import new_context

W = '[data-widget="gupai-hand"]'
MOST_KEYS = 150


def test_a_whole_gupai_hand_by_keyboard(browser, site_url):
    foreign: list[str] = []
    errors: list[str] = []
    ctx = new_context(browser, 390, "light", foreign)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(60_000)
    presses = 0
    focus_js = "() => { const a = document.activeElement; return a === document.body || !a ? 'body' : (a.dataset.role || a.dataset.tile || a.className || a.tagName); }"

    def press(key: str) -> None:
        nonlocal presses
        page.keyboard.press(key)
        presses += 1

    def settled(seq: int) -> None:
        page.wait_for_function(f"s => Number(document.querySelector('{W}').dataset.seq || 0) > s", arg=seq)

    def seq() -> int:
        return int(page.locator(W).first.get_attribute("data-seq") or "0")

    try:
        page.goto(site_url + "gupai/rules/")
        page.wait_for_selector(f'{W}[data-state="ready"]', timeout=300_000)
        root = page.locator(W).first
        # from the top of the page: the skip link is among the first stops
        page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
        for _ in range(4):
            press("Tab")
            if page.evaluate("() => document.activeElement.classList.contains('hw-skip')"):
                break
        assert page.evaluate("() => document.activeElement.classList.contains('hw-skip')")
        press("Enter")
        assert page.evaluate("() => document.activeElement.classList.contains('gp-pick')")
        human = int(root.locator('[data-role="board"]').get_attribute("data-human") or "0")
        options = root.locator("select[data-option]").evaluate_all("ss => Object.fromEntries(ss.map(s => [s.dataset.option, s.value]))")
        seed = int(root.locator('[data-role="seed"]').inner_text())
        moves: list[dict] = []
        turns = 0
        while True:
            a = handle({"game": "gupai", "action": "play", "seed": seed, "human": human, "moves": moves, "sealed": [], "options": options, "level": "basic"})
            assert a["ok"], a
            if a["terminal"]:
                break
            assert a["to_move"] == human
            hand = a["hands"][human]
            m = next((x for x in a["legal"] if x["up"]), a["legal"][0])
            # the tiles of the move, each by its place in the hand (a pair of the same tile takes two places)
            want, used = [], set()
            for tile in m["tiles"]:
                k = next(i for i, c in enumerate(hand) if c == tile and i not in used)
                used.add(k)
                want.append(k)
            at = page.evaluate(f"() => [...document.querySelectorAll('{W} [data-role=\"hand\"] .gp-pick')].indexOf(document.activeElement)")
            assert at >= 0, (turns, page.evaluate(focus_js), presses)
            for k in sorted(want):
                while at != k:
                    press("ArrowRight" if k > at else "ArrowLeft")
                    at += 1 if k > at else -1
                press("Space")
            target = "up" if m["up"] else "down"
            for _ in range(4):
                press("Tab")
                if page.evaluate(f"() => document.activeElement.dataset.role === '{target}'"):
                    break
            assert page.evaluate(f"() => document.activeElement.dataset.role === '{target}'")
            before = seq()
            press("Enter")
            settled(before)
            moves.append({"tiles": m["tiles"], "up": m["up"]})
            turns += 1
            where = page.evaluate(focus_js)
            assert where != "body", f"focus on the page body after turn {turns}"
        assert turns >= 4
        assert root.locator('[data-role="result"]').inner_text().strip()
        assert page.evaluate(focus_js) != "body"
        assert presses <= MOST_KEYS, presses
        print(f"a whole 骨牌 hand by keyboard: {presses} key presses over {turns} turns")
    finally:
        ctx.close()
    assert foreign == [] and errors == []


#: each game's table: its page, its widget, the counter its answers bump
TABLES = [
    ("dawei/play/", "dawei-game", "seq"),
    ("yezi/play/", "yezi-round", "seq"),
    ("paohuzi/play/", "zipai-table", "answers"),
]


@pytest.mark.parametrize("page_path,widget,counter", TABLES)
def test_every_table_has_a_skip_link_and_keeps_the_focus_after_a_move(browser, site_url, page_path, widget, counter):
    """The skip link is among the first stops and takes the focus into the table; a move made from there by
    keyboard leaves the focus in the table, never on the page's body."""
    foreign: list[str] = []
    errors: list[str] = []
    ctx = new_context(browser, 390, "light", foreign)
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(60_000)
    w = f'[data-widget="{widget}"]'
    try:
        page.goto(site_url + page_path)
        page.wait_for_selector(f'{w}[data-state="ready"]', timeout=300_000)
        page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
        for _ in range(4):
            page.keyboard.press("Tab")
            if page.evaluate("() => document.activeElement.classList.contains('hw-skip')"):
                break
        assert page.evaluate("() => document.activeElement.classList.contains('hw-skip')")
        page.keyboard.press("Enter")
        inside = f"() => document.querySelector('{w}').contains(document.activeElement) && document.activeElement !== document.body"
        assert page.evaluate(inside)
        before = int(page.locator(w).first.get_attribute(f"data-{counter}") or "0")
        page.keyboard.press("Enter")
        if widget != "yezi-round":  # a card of the hand is chosen in place; the others ask the engine
            page.wait_for_function(f"b => Number(document.querySelector('{w}').dataset.{counter} || 0) > b", arg=before)
        assert page.evaluate(inside), page.evaluate("() => [document.activeElement.tagName, document.activeElement.className]")
    finally:
        ctx.close()
    assert foreign == [] and errors == []
