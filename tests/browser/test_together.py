"""A table for several people at one device, played in the browser at 360 px (issue 42).

Two people share one device at 骨牌 and at 跑胡子: at each hand-off screen neither person's hand is in the page
(its markup, nor its accessibility tree, nor its title), and each person, once they tap, reads their own table and
no one else's; the settlement names them, and the record they download carries their names. Then a whole game of
each of the four games is played with the keyboard alone (Tab, Enter, typing the names), in both languages, reading
only roles, names and the live region: each change is announced once. The key presses and announcements of each
game are printed (the issue's report quotes them).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from browser.crawl import AXE, RUN_AXE
from browser.sitepages import new_context
from engine.protocol import GameState, open_state

W = '[data-widget="table-together"]'
PAGES = {"gupai": "gupai/rules/", "yezi": "yezi/play/", "paohuzi": "paohuzi/play/", "dawei": "dawei/play/"}
#: a game of 打围 for two whose first lawful moves end it soon (51 moves of the two people)
SEEDS = {"gupai": 5, "yezi": 3, "paohuzi": 3, "dawei": 12}
WORDS = {
    "zh": {"region": "几个人同桌", "start": "开始这一局", "live": "牌桌上刚发生的事", "read": "念出我的牌和桌上的牌",
           "moves": "你现在可以走的每一步", "end": "结算：各人的输赢", "record": "下载这一局的记录（记着各人的名字）", "seats": "座位",
           "skip": "跳到几个人同桌的牌桌"},
    "en": {"region": "Several people at one table", "start": "Start the game", "live": "What just happened at the table",
           "read": "Read my hand and the table", "moves": "Each move you can make now", "end": "Settlement: what each person won or lost",
           "record": "Download this game's record (with everyone's names)", "seats": "Seats",
           "skip": "Skip to the table for several people"},
}
NAMES = {"zh": ["小明", "小红"], "en": ["Ann", "Bo"]}


def _open(browser: Any, site_url: str, game: str, lang: str, axe: bool = False) -> tuple[Any, Any, list[str]]:
    errors: list[str] = []
    ctx = new_context(browser, 360, "light", [])
    if axe:
        ctx.add_init_script(script=AXE.read_text(encoding="utf-8"))  # outside the page's CSP, as the site's crawl does
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(120_000)
    seed = json.dumps({"seed": SEEDS[game]})
    page.goto(f"{site_url}{'en/' if lang == 'en' else ''}{PAGES[game]}?table-together={seed}")
    page.wait_for_selector(f'{W}[data-state="ready"]', timeout=300_000)
    return ctx, page, errors


def _state(page: Any, game: str) -> tuple[GameState, dict[str, Any]]:
    kept = json.loads(page.evaluate(f"() => localStorage.getItem('hw-together-{game}')"))
    return open_state(kept["position"]), kept


def _hand_sentence(st: GameState, seat: int, lang: str) -> str:
    """The first sentence of a seat's own table read aloud: its hand, by the cards' full names."""
    words = st.observation_words(seat)[0 if lang == "zh" else 1]
    return words.split("。")[0] if lang == "zh" else words.split(". ")[0]


def _axe(page: Any) -> list[Any]:
    """axe-core's serious and critical findings on the page as it stands."""
    found: list[Any] = page.evaluate(RUN_AXE)
    return found


# ---------------------------------------------------------------- two people at one device, hands hidden at each hand-off


LOOKING = {"zh": "在看了", "en": "is looking: go on"}


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("game", ["gupai", "paohuzi"])
def test_two_people_pass_the_device(browser, site_url, game, lang, tmp_path):
    """At 360 px, in each language: at every hand-off neither person's hand is in the page's markup, its accessibility
    tree or its title."""
    w = WORDS[lang]
    ctx, page, errors = _open(browser, site_url, game, lang, axe=True)
    try:
        region = page.get_by_role("region", name=w["region"])
        for s, name in enumerate(NAMES[lang]):
            region.get_by_role("textbox").nth(s).fill(name)
        region.get_by_role("button", name=w["start"]).click()
        rng = random.Random(7)
        handoffs = turns = 0
        while True:
            page.wait_for_function(FOCUS_READY)
            go = region.get_by_role("button", name=LOOKING[lang])
            moves = region.get_by_role("group", name=w["moves"])
            end = region.get_by_role("heading", name=w["end"])
            go.or_(moves).or_(end).first.wait_for()
            if end.count():
                break
            st, kept = _state(page, game)
            people = [s for s, x in enumerate(kept["seats"]) if x["person"]]
            if go.count():
                handoffs += 1
                html = page.content()
                tree = page.locator("body").aria_snapshot()
                assert "data-action" not in html and moves.count() == 0
                for s in people:
                    hand = _hand_sentence(st, s, lang)
                    assert hand not in html and hand not in tree and hand not in page.title(), (s, hand)
                assert kept["showing"] is None
                if handoffs == 1:
                    assert _axe(page) == []
                p = st.current_player()
                assert kept["seats"][p]["name"] in go.inner_text()
                # a reload comes back here, at the hand-off screen, never at a hand
                if handoffs == 2:
                    page.reload()
                    page.wait_for_selector(f'{W}[data-state="ready"]', timeout=300_000)
                    region.get_by_role("button", name=LOOKING[lang]).wait_for()
                    assert "data-action" not in page.content()
                    go = region.get_by_role("button", name=LOOKING[lang])
                go.click()
                continue
            turns += 1
            p = st.current_player()
            assert kept["seats"][p]["person"]
            region.get_by_role("button", name=w["read"]).click()
            said = region.locator("p[tabindex='-1']").inner_text()
            assert said == st.observation_words(p)[0 if lang == "zh" else 1]  # their own table, and no one else's
            if turns == 1:
                assert _axe(page) == []
            for q in people:
                if q != p:
                    assert _hand_sentence(st, q, lang) not in page.content()
            buttons = moves.get_by_role("button")
            buttons.nth(rng.randrange(buttons.count())).click()
        assert handoffs >= 2 and turns >= handoffs
        assert _axe(page) == []
        items = region.get_by_role("listitem").all_inner_texts()
        for name in NAMES[lang]:
            assert any(name in x for x in items)
        with page.expect_download() as got:
            region.get_by_role("button", name=w["record"]).click()
        text = got.value.path().read_text(encoding="utf-8")
        assert f'[Names "{NAMES[lang][0]};{NAMES[lang][1]}' in text
        assert errors == []
    finally:
        ctx.close()


# ---------------------------------------------------------------- a whole game by keyboard alone, each game, both languages

COUNT_SAID = """live => { window.hwSaid = []; new MutationObserver(() => { const x = live.textContent;
  if (x && x !== window.hwSaid[window.hwSaid.length - 1]) window.hwSaid.push(x); }).observe(live, {childList: true, characterData: true, subtree: true}); }"""
FOCUS_READY = """() => { const a = document.activeElement; const w = a && a.closest('[data-widget="table-together"]');
  return Boolean(w) && !a.disabled && a.getAttribute('aria-disabled') !== 'true' && (a.tagName === 'BUTTON' || a.tagName === 'H3'); }"""

REPORT: list[str] = []


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("game", ["gupai", "paohuzi", "yezi", "dawei"])
def test_a_whole_game_by_keyboard(browser, site_url, game, lang):
    w = WORDS[lang]
    ctx, page, errors = _open(browser, site_url, game, lang)
    presses = 0

    def press(key: str) -> None:
        nonlocal presses
        page.keyboard.press(key)
        presses += 1

    try:
        region = page.get_by_role("region", name=w["region"])
        live = page.get_by_role("status", name=w["live"])
        live.evaluate(COUNT_SAID)
        # from the top of the page: Tab reaches the "skip to the table" button among the first stops, Enter takes the
        # focus to the table's first control (the number of seats)
        page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
        skip = page.get_by_role("button", name=w["skip"])
        while not skip.evaluate("b => b === document.activeElement"):
            press("Tab")
            assert presses < 8
        press("Enter")
        assert region.get_by_role("combobox", name=w["seats"]).evaluate("s => s === document.activeElement")
        reach = presses
        for name in NAMES[lang]:
            press("Tab")  # the seat's name
            page.keyboard.type(name)
            presses += len(name)
            press("Tab")  # who plays it: a person, as it starts
        start = region.get_by_role("button", name=w["start"])
        while not start.evaluate("b => b === document.activeElement"):
            press("Tab")
        press("Enter")
        end = region.get_by_role("heading", name=w["end"])
        moves = 0
        read = False
        while True:
            page.wait_for_function(FOCUS_READY)
            if end.count():
                break
            if not read and region.get_by_role("group", name=w["moves"]).count():
                # once a game: the reader asks for their own table in words, then goes back to the moves
                button = region.get_by_role("button", name=w["read"])
                while not button.evaluate("b => b === document.activeElement"):
                    press("Tab")
                press("Enter")
                st, _ = _state(page, game)
                heard = page.evaluate("() => document.activeElement.textContent")
                assert heard == st.observation_words(st.current_player() or 0)[0 if lang == "zh" else 1]
                while not page.evaluate("() => Boolean(document.activeElement.closest('[role=group]'))"):
                    press("Shift+Tab")
                read = True
            press("Enter")  # the hand-off button, or a lawful move (each is a button named by what it does)
            moves += 1
            assert moves < 400
        assert read
        assert end.evaluate("h => h === document.activeElement")  # the focus is on the settlement, never on the body
        items = region.get_by_role("listitem").all_inner_texts()
        for name in NAMES[lang]:
            assert any(name in x for x in items)
        said = page.evaluate("() => window.hwSaid")
        assert said and all(x.strip() for x in said)
        st, _ = _state(page, game)
        assert st.is_terminal()
        line = (f"{game} ({lang}): {presses} key presses ({reach} from the top of the page to the table), {len(said)} announcements, "
                f"{len(st.actions)} moves in all")
        REPORT.append(line)
        print(line)
        assert errors == []
    finally:
        ctx.close()


def test_a_kept_game_with_a_move_refused_says_why_and_comes_back_at_the_hand_off(browser, site_url):
    """A game kept in this browser whose last move the engine refuses: the refusal is said, with its reason, and the
    table comes back at the hand-off screen of the person to move, showing no hand."""
    ctx, page, errors = _open(browser, site_url, "gupai", "zh")
    try:
        st = open_state({"game": "gupai", "seed": 3})
        first = st.legal_actions()[0]
        kept = {"of": "gupai", "position": {"game": "gupai", "seed": 3, "actions": [first, "up:99"]}, "heard": 0, "showing": 1,
                "level": "basic", "seats": [{"name": n, "person": True} for n in ("小明", "小红", "小刚", "小丽")]}
        page.evaluate("k => localStorage.setItem('hw-together-gupai', JSON.stringify(k))", kept)
        page.reload()
        page.wait_for_selector(f'{W}[data-state="ready"]', timeout=300_000)
        region = page.get_by_role("region", name=WORDS["zh"]["region"])
        region.get_by_role("button", name="小红在看了").wait_for()
        live = page.get_by_role("status", name=WORDS["zh"]["live"]).inner_text()
        assert "第 2 步没有走" in live and live.count("第 2 步没有走") == 1
        assert "data-action" not in page.content()
        assert json.loads(page.evaluate("() => localStorage.getItem('hw-together-gupai')"))["position"]["actions"] == [first]
        assert errors == []
    finally:
        ctx.close()


# ---------------------------------------------------------------- 打围 with real dice: each throw entered by keyboard

DICE = {
    "zh": {"how": "色子怎么掷", "real": "用真的色子掷，再把点数输进来", "first": "谁叫点最大、掷头色", "die": "第 {k} 颗色子的点数",
           "turn": "轮到{name}", "why": "每颗 1 到 6 点"},
    "en": {"how": "How the dice are thrown", "real": "Throw real dice and enter them", "first": "Who won the call and throws first",
           "die": "Die {k}: its face", "turn": "It is the turn of {name}", "why": "each from 1 to 6"},
}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_real_dice_entered_by_keyboard(browser, site_url, lang):
    """Two people seat 打围 with real dice, the second having won the call; each throw is typed die by die and played
    with Enter, the thrower named each turn and what the dice gave announced with their names; a wrong entry is
    refused with the engine's reason, said in the live region, and nothing is played."""
    w, d = WORDS[lang], DICE[lang]
    ctx, page, errors = _open(browser, site_url, "dawei", lang)
    try:
        region = page.get_by_role("region", name=w["region"])
        live = page.get_by_role("status", name=w["live"])
        for s, name in enumerate(NAMES[lang]):
            region.get_by_role("textbox").nth(s).fill(name)
        region.get_by_role("combobox", name=d["how"]).select_option(label=d["real"])
        region.get_by_role("combobox", name=d["first"]).select_option(index=1)
        region.get_by_role("button", name=w["start"]).click()
        first = region.get_by_role("spinbutton", name=d["die"].format(k=1))

        def throw(faces: str) -> None:
            page.wait_for_function("() => document.activeElement && document.activeElement.matches('input[data-face]')")
            assert first.evaluate("x => x === document.activeElement")  # the turn begins at the first die
            for k, c in enumerate(faces):
                if k:
                    page.keyboard.press("Tab")
                page.keyboard.type(c)
            page.keyboard.press("Enter")

        expect = ["441236", "123456", "555512", "663312"]
        thrower = 1
        for k, faces in enumerate(expect):
            region.get_by_text(d["turn"].format(name=NAMES[lang][thrower])).first.wait_for()
            throw(faces)
            page.wait_for_function(f"() => JSON.parse(localStorage.getItem('hw-together-dawei')).position.actions.length === {k + 1}")
            st, kept = _state(page, "dawei")
            assert kept["position"]["actions"][-1] == f"throw:{faces}" and kept["position"]["dice"] == "table"
            said = live.inner_text()
            assert NAMES[lang][thrower] in said, said  # what the throw gave, with the thrower's name
            if st.is_terminal():
                break
            thrower = st.current_player()
            if k == 1:  # a die entered as 7: refused with the engine's reason, nothing played
                throw("744123")
                page.get_by_role("status", name=w["live"]).filter(has_text=d["why"]).wait_for()
                st2, kept2 = _state(page, "dawei")
                assert kept2["position"]["actions"] == kept["position"]["actions"]
        assert errors == []
    finally:
        ctx.close()
