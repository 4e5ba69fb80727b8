"""The views package (views/): a widget's markup drawn once, from an engine answer, for the build's first answer
and for every live answer in the browser (where the same functions run in Pyodide, tests/node/test_views_pyodide.py)."""

from __future__ import annotations

import copy
import re
from html import escape
from pathlib import Path

import pytest

import views
from engine.api import handle
from sitegen import zipai as site_zipai

ROOT = Path(__file__).resolve().parents[2]


def view_request(lang: str, base: str = "../turn/", **req):
    return {"view": "zipai-table", "lang": lang, "base": base, "request": {"game": "paohuzi", "action": "play", **req}}


def part(html: str, role: str, tag: str) -> str:
    """The inside of the first-answer box ``<tag data-role=role …>`` (its parts never nest a tag of the same name at their edge)."""
    m = re.search(rf'<{tag}[^>]*data-role="{role}"[^>]*>(.*)</{tag}>', html, re.S)
    assert m, role
    return m.group(1)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("variant,table,seed", [("paohuzi", "four", 7), ("xiaguan", "three", 4), ("paohuzi", "two", 5)])
def test_the_first_answer_is_the_live_answer_with_its_buttons_still(lang, variant, table, seed):
    first = site_zipai.table_widget(lang, {"variant": variant, "table": table, "seed": seed})
    base = site_zipai.RULES_PAGE["paohuzi" if variant == "paohuzi" else "yezi"]
    live = views.answer(view_request(lang, base, variant=variant, table=table, seed=seed))
    assert live["ok"]
    board = first.split('<div data-role="board">', 1)[1].split('</div><p class="zp-refused" data-role="message">', 1)[0]
    assert board.replace(" disabled", "") == live["html"]["board"]
    assert " disabled" in board  # nothing to click before Python is ready
    assert " disabled" not in live["html"]["board"]
    assert part(first, "actions", "div").split('</div><div data-role="sheet-box">')[0].replace(" disabled", "") == live["html"]["actions"]
    assert part(first, "log", "ol").split("</ol>")[0] == live["html"]["log"]


def test_a_live_answer_is_the_engines_answer_with_the_markup_of_each_part():
    req = view_request("en", seed=3, table="four")
    live = views.answer(req)
    plain = handle(req["request"])
    assert {k: v for k, v in live.items() if k != "html"} == plain
    assert sorted(live["html"]) == sorted(site_zipai_parts())
    assert live["html"]["sheet"] == "" and live["html"]["message"] == "" and live["html"]["match"] == ""


def site_zipai_parts():
    from views.zipai import PARTS

    return PARTS


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_engine_text_never_becomes_markup(lang):
    """A name or a log line holding markup is drawn as text: no element, no attribute comes out of an answer's words."""
    a = handle({"game": "paohuzi", "action": "play", "seed": 7, "table": "four", "actions": [], "computer": [1, 2]})
    evil = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    a = copy.deepcopy(a)
    for s in a["seats"]:
        s["zh"] = s["en"] = evil
    for x in a["log"] + a["actions"]:
        x["zh"] = x["en"] = evil
        if "rule" in x:
            x["rule"] = {**x["rule"], "id": '"><script>', "zh": evil, "en": evil}
    from views.zipai import Draw, live

    parts = live(a, Draw(lang, base='"><script>alert(1)</script>'))
    text = "".join(parts.values())
    assert "<script" not in text and "<img" not in text
    assert escape(evil) in text
    # every element is one the view writes itself
    assert set(re.findall(r"<([a-z]+)[\s>]", text)) <= {
        "div", "section", "p", "span", "figure", "figcaption", "button", "li", "a", "svg", "g", "rect", "text", "path", "line",
        "ul", "ol", "b", "table", "tbody", "tr", "th", "td", "caption", "thead", "tfoot", "details", "summary", "circle", "title", "tspan", "defs", "use", "polygon", "ellipse"}


def test_a_match_answer_draws_the_match_sheet_and_a_hand_the_reader_counts_has_no_seat_of_theirs():
    req = view_request("zh", seed=11, table="four", match={"hands": 3}, birds=1)
    live = views.answer(req)
    assert live["ok"]
    m = live["match"]
    assert 'class="zp-match-sheet"' in live["html"]["match"]
    assert live["html"]["match"].count("<th scope=\"col\">") == 4 + len(m["players"]) + len(m["birds"])
    me = m["players"][m["you"]]
    assert any(s["you"] for s in live["seats"]) == (me.get("seat") is not None)


@pytest.mark.parametrize("req,code", [
    ({"view": "nothing", "lang": "zh", "request": {}}, "bad_view"),
    ({"view": "zipai-table", "lang": "fr", "request": {"game": "paohuzi", "action": "play"}}, "bad_view"),
    ({"view": "zipai-table", "lang": "en", "request": {"game": "gupai", "action": "play"}}, "bad_view"),
    ({"view": "zipai-table", "lang": "en", "request": "play"}, "bad_view"),
    ([1, 2], "bad_view"),
    ({"view": "zipai-table", "lang": "en", "request": {"game": "paohuzi", "action": "play", "seed": -1}}, "bad_field"),
])
def test_a_bad_view_request_is_refused_in_both_languages(req, code):
    a = views.answer(req)
    assert a["ok"] is False and a["error"]["code"] == code
    assert a["error"]["zh"] and a["error"]["en"] and a["error"]["zh"] != a["error"]["en"]


def test_the_pip_engine_carries_no_view():
    """The views are their own package: nothing in engine/ imports them, and the wheel packs engine/ only."""
    for f in (ROOT / "engine").rglob("*.py"):
        assert not re.search(r"^\s*(from|import)\s+views\b", f.read_text(encoding="utf-8"), re.M), f
    assert 'include = ["engine*"]' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_the_live_table_module_draws_nothing_itself():
    """widgets/zipai.js inserts the view's markup and wires it: it writes no element of the table, no size, no limit."""
    js = (ROOT / "widgets" / "zipai.js").read_text(encoding="utf-8")
    assert 'view: "zipai-table"' in js
    for drawn in ("<figure", "<section", "zp-group-cards", "<tr", "aria-label=", "0.47", "144", "700", "= 8"):
        assert drawn not in js, drawn


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_paohuzi_widgets_first_answers_are_their_live_answers(lang):
    from sitegen import paohuzi as site_phz

    score = site_phz.score_widget(lang, {})
    hand = site_phz.WAY_EXAMPLES[0][1]
    live = views.answer({"view": "paohuzi-verdict", "lang": lang, "base": "../",
                         "request": {"game": "paohuzi", "action": "hu", "hand": list(hand), "open": [], "card": "x8", "source": "self"}})
    assert live["ok"] and live["html"]["result"] and live["html"]["result"] in score
    wait = site_phz.wait_widget(lang, {})
    live = views.answer({"view": "paohuzi-waits", "lang": lang, "request": {"game": "paohuzi", "action": "waiting", "hand": list(hand), "open": []}})
    assert live["ok"] and 'data-role="verdict"' in live["html"]["result"] and live["html"]["result"] in wait
    sheet = site_phz.sheet_widget(lang, {})
    req = {"game": "paohuzi", "action": "settle", "winner": "shang", "huxi": 18, "self_drawn": True, "fan": ["red"],
           "penalties": [{"seat": "zhuang", "kind": "shi_ti"}]}
    live = views.answer({"view": "paohuzi-sheet", "lang": lang, "request": req})
    assert live["ok"] and 'class="phz-sheet"' in live["html"]["result"] and live["html"]["result"] in sheet


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_refused_hand_is_said_in_the_results_place_and_a_reason_links_its_rule(lang):
    bad = views.answer({"view": "paohuzi-verdict", "lang": lang, "request": {"game": "paohuzi", "action": "hu", "hand": ["zz"], "card": "x8"}})
    assert bad["ok"] is False and escape(bad["error"][lang]) in bad["html"]["result"] and "hw-error" in bad["html"]["result"]
    from sitegen.paohuzi import NOT_WINNING

    _, hand, opened, card, src = NOT_WINNING[0]
    no = views.answer({"view": "paohuzi-verdict", "lang": lang, "base": "/en/paohuzi/",
                       "request": {"game": "paohuzi", "action": "hu", "hand": hand, "open": opened, "card": card, "source": src}})
    assert no["ok"] and not no["wins"]
    assert re.search(r'<a class="phz-rule" href="/en/paohuzi/[a-z-]+/#[\w-]+">', no["html"]["result"])


def test_the_paohuzi_module_draws_no_answer_itself():
    js = (ROOT / "widgets" / "paohuzi.js").read_text(encoding="utf-8")
    for view in ("paohuzi-verdict", "paohuzi-waits", "paohuzi-sheet"):
        assert f'"{view}"' in js
    for drawn in ("phz-verdict", "phz-sum", "phz-waits", "phz-sheet\"", "SEAT_NAMES", "庄家", "<table"):
        assert drawn not in js, drawn


def board_box(html: str) -> str:
    """The inside of the first answer's ``<div data-role="board" …>`` (the line the build writes it on)."""
    m = re.search(r'<div data-role="board"[^>]*>(.*)</div>\n', html)
    assert m
    return m.group(1)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_gupai_hands_first_answer_is_its_live_answer_with_its_tiles_still(lang):
    from sitegen import gupai as site_gupai

    first = board_box(site_gupai.hand_widget(lang, {}))
    live = views.answer({"view": "gupai-board", "lang": lang, "request": {"game": "gupai", "action": "play", "seed": site_gupai.DEMO_SEED, "human": 0}})
    assert live["ok"] and live["to_move"] == 0
    assert first.replace(" disabled", "") == live["html"]["board"]
    assert first.count('class="gp-pick"') == 8 == first.count(" disabled")  # no tile to choose before Python is ready
    assert " disabled" not in live["html"]["board"]
    assert {k: v for k, v in live.items() if k != "html"} == handle({"game": "gupai", "action": "play", "seed": site_gupai.DEMO_SEED, "human": 0})


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_finished_gupai_hand_draws_its_settlement_and_greys_the_tiles(lang):
    a = handle({"game": "gupai", "action": "play", "seed": 5, "human": 0})
    moves = []
    while not a["terminal"]:  # the reader plays the first lawful move each turn
        moves.append(a["legal"][0])
        a = handle({"game": "gupai", "action": "play", "seed": 5, "human": 0, "moves": moves})
    req = {"game": "gupai", "action": "play", "seed": 5, "human": 0, "moves": moves}
    live = views.answer({"view": "gupai-board", "lang": lang, "request": req})
    board = live["html"]["board"]
    s = live["settlement"]
    assert 'data-role="result"><table class="gp-score">' in board and escape(s["summary"][lang]) in board
    assert board.count("<li>") == len(s["lines"])
    closer = escape(live["seats"][s["closer"]][lang])
    assert closer in board.split('data-role="status"', 1)[1].split("</p>", 1)[0]
    assert 'data-role="seal-why"></p>' in board  # a finished hand says nothing of sealing
    assert 'class="gp-pick"' not in board or board.count(" disabled") == board.count('class="gp-pick"')


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_dawei_splits_first_answer_is_its_live_answer_and_a_second_throw_draws_its_outcome(lang):
    from sitegen import dawei as site_dawei

    first = site_dawei.split_widget(lang, {})
    req = {"game": "dawei", "action": "split", "first": [2, 2, 2, 1, 4, 4], "lang": lang}
    live = views.answer({"view": "dawei-split", "lang": lang, "request": req})
    assert live["ok"] and sorted(live["html"]) == sorted(("first", "direct", "openings", "second", "outcome"))
    for role, html in live["html"].items():
        box = re.search(rf'<(div|p) [^>]*data-role="{role}"[^>]*>(.*?)</\1>(?=<(?:div|p) |$)', first, re.S)
        assert box and box.group(2).replace(" disabled", "") == html, role
    assert live["html"]["openings"].count("<button") == len(live["openings"]) > 0
    assert first.count(" disabled") >= len(live["openings"]) and " disabled" not in live["html"]["openings"]
    key = live["openings"][0]["key"]
    second = views.answer({"view": "dawei-split", "lang": lang, "request": {**req, "second": [2, 3, 3, 5, 5, 6], "choice": key}})
    assert second["ok"] and second["html"]["second"].startswith("<svg") and 'class="dawei-dice-svg"' in second["html"]["second"]
    assert "second_svg" not in second and second["second"] == [2, 3, 3, 5, 5, 6]
    assert second["html"]["outcome"] == escape(second["outcome"][lang]) != ""
    assert second["html"]["openings"] == live["html"]["openings"]


def test_the_gupai_and_dawei_views_keep_engine_text_as_text():
    evil = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    from views import dawei as v_dawei, gupai as v_gupai

    a = copy.deepcopy(handle({"game": "gupai", "action": "play", "seed": 9, "human": 0}))
    for s in a["seats"]:
        s["zh"] = s["en"] = evil
    a["seal"] = {"allowed": False, "zh": evil, "en": evil}
    a["terminal"], a["to_move"] = True, 1
    a["settlement"] = {"closer": 2, "held": [1, 2, 3, 2], "nets": [-1, 0, 2, -1], "summary": {"zh": evil, "en": evil},
                       "lines": [{"zh": evil, "en": evil, "amount": 1}]}
    a["tricks"] = [{"winner": 1, "dun": 1, "moves": [{"seat": 1, "tiles": ["11"], "up": True}]}]
    a["current"] = [{"seat": 3, "tiles": ["back"], "up": False}]
    s = copy.deepcopy(handle({"game": "dawei", "action": "split", "first": [2, 2, 2, 1, 4, 4], "second": [4, 1, 1, 2, 3, 5],
                              "choice": "deer_two_red:4"}))
    s["direct"] = s["outcome"] = {"zh": evil, "en": evil}
    for o in s["openings"]:
        o["zh"] = o["en"] = evil
        o["key"] = '"><script>'
        o["target_words"] = o["need"] = {"zh": evil, "en": evil}
    for lang in ("zh", "en"):
        text = v_gupai.board(a, lang) + "".join(v_dawei.split(s, lang).values())
        assert "<script" not in text and "<img" not in text
        assert text.count(escape(evil)) >= 4 + 1 + 2 + 2 + 3 * len(s["openings"])


def test_the_gupai_and_dawei_modules_draw_no_answer_themselves():
    gp = (ROOT / "widgets" / "gupai.js").read_text(encoding="utf-8")
    assert 'view: "gupai-board"' in gp
    for drawn in ("gp-score", "gp-play", "gp-tiles", "gp-summary", "得墩", "手中", "上一圈", "本盘结束", "轮到你", "先点选"):
        assert drawn not in gp, drawn
    dw = (ROOT / "widgets" / "dawei.js").read_text(encoding="utf-8")
    split = dw.split("async function splitWidget", 1)[1].split("\n}\n", 1)[0]
    assert 'view: "dawei-split"' in split
    for drawn in ("须有", "needs", "pct(", "→", "innerHTML = a.first_svg", "a.direct", "a.outcome"):
        assert drawn not in split, drawn


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_yezi_deals_first_answer_is_its_live_answer(lang):
    from sitegen import yezi as site_yezi

    first = site_yezi.deal_widget(lang, {"seed": 222})
    live = views.answer({"view": "yezi-deal", "lang": lang, "request": {"game": "yezi", "action": "deal", "seed": 222}})
    assert live["ok"] and sorted(live["html"]) == ["hand", "split"]
    assert f'data-role="hand" data-cards="{",".join(live["hand"])}">{live["html"]["hand"]}</div>' in first
    assert f'data-role="split">{live["html"]["split"]}</div>' in first
    assert live["html"]["split"].count('class="yz-split-group"') == len(live["groups"]) == 2


def test_a_yezi_rounds_places_are_listed_in_order_ties_in_the_order_they_showed():
    """Seed 0 thrown by the third seat: three players share second place, and they showed C, D, B (the seats' order
    would say B, C, D)."""
    a = views.answer({"view": "yezi-round", "lang": "en", "request": {"game": "yezi", "action": "round", "seed": 0, "thrower": 2}})
    assert a["ok"] and a["show_order"] == [2, 3, 0, 1]
    rows = re.findall(r'<tr data-seat="(\d)"( class="yz-winner")?><td>(\d)</td>', a["html"]["result"])
    assert [(int(s), int(p)) for s, _, p in rows] == [(0, 1), (2, 2), (3, 2), (1, 2)]
    assert [bool(w) for _, w, _ in rows] == [True, False, False, False]
    assert a["html"]["result"].count("<li data-turn=") == 2 and 'data-role="mine-total"' not in a["html"]["result"]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_yezi_round_the_reader_split_says_their_total_beside_their_best(lang):
    hand = handle({"game": "yezi", "action": "round", "seed": 8})["players"][0]["hand"]
    req = {"game": "yezi", "action": "round", "seed": 8, "my_seat": 0, "my_groups": [hand[:4], hand[4:]]}
    a = views.answer({"view": "yezi-round", "lang": lang, "request": req})
    assert a["ok"]
    me = next(p for p in a["players"] if p["seat"] == 0)
    mine = a["html"]["result"].split('data-role="mine-total">', 1)[1]
    assert re.findall(r"<strong>(\d+)</strong>", mine) == [str(me["total"]), str(a["my_best"])]
    assert {k: v for k, v in a.items() if k != "html"} == handle(req)


def test_the_yezi_views_keep_engine_text_as_text():
    evil = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    from views import yezi as v_yezi

    a = copy.deepcopy(handle({"game": "yezi", "action": "round", "seed": 8, "my_seat": 0,
                              "my_groups": [handle({"game": "yezi", "action": "round", "seed": 8})["players"][0]["hand"][:4],
                                            handle({"game": "yezi", "action": "round", "seed": 8})["players"][0]["hand"][4:]]}))
    a["seat_names"] = [{"zh": evil, "en": evil}] * 4
    for p in a["players"]:
        p["combinations"] = [{"id": "x", "zh": evil, "en": evil}] * 2
    a["showing_winners"] = [[1], [2]]
    d = copy.deepcopy(handle({"game": "yezi", "action": "deal", "seed": 222}))
    d["combinations"] = [{"id": "x", "zh": evil, "en": evil}] * 2
    for lang in ("zh", "en"):
        text = v_yezi.round_result(a, lang) + "".join(v_yezi.deal(d, lang).values())
        assert "<script" not in text and "<img" not in text
        assert text.count(escape(evil)) >= 3 + 4 + 8 + 2 + 2


def test_the_yezi_module_draws_no_answer_itself():
    js = (ROOT / "widgets" / "yezi.js").read_text(encoding="utf-8")
    for view in ("yezi-deal", "yezi-round"):
        assert f'view: "{view}"' in js
    for drawn in ("yz-round-table", "yz-showings", "show_order", "掷骰者", "优胜", "mine-total", "ranks["):
        assert drawn not in js, drawn


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_dawei_games_first_answer_is_its_live_answer(lang):
    from sitegen import dawei as site_dawei

    first = site_dawei.game_widget(lang, {})
    req = {"game": "dawei", "action": "play", "players": 4, "seed": 1, "humans": [0], "moves": [], "log_tail": 500, "lang": lang}
    live = views.answer({"view": "dawei-game", "lang": lang, "request": req})
    assert live["ok"] and sorted(live["html"]) == sorted(("status", "dice", "own-text", "others", "board", "log", "pool"))
    for role, html in live["html"].items():
        tag = {"own-text": "p", "others": "ul", "log": "ul"}.get(role, "div")
        box = re.search(rf'<{tag} [^>]*data-role="{role}"[^>]*>', first)
        assert box and first[box.end():].startswith(html + f"</{tag}>"), role
    assert live["html"]["log"].count("<li>") == len(live["log"]) > 0
    assert live["html"]["board"].count("<tr data-seat=") == 4


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_finished_dawei_game_says_how_it_ended_and_each_players_result(lang):
    req = {"game": "dawei", "action": "play", "players": 4, "seed": 1, "humans": [0], "moves": ["auto:20000"], "log_tail": 50, "lang": lang}
    a = views.answer({"view": "dawei-game", "lang": lang, "request": req})
    assert a["ok"] and a["terminal"]
    assert escape(a["end_words"][lang]) in a["html"]["status"] and str(int(a["break_even"])) in a["html"]["status"]
    nets = re.findall(r'<td data-role="net">([^<]*)</td>', a["html"]["board"])
    assert nets == [("+" if n > 0 else "") + (str(int(n)) if float(n).is_integer() else str(n)) for n in a["net"]]
    assert 'class="current"' not in a["html"]["board"]
    assert a["html"]["board"].count("（你）" if lang == "zh" else " (you)") == 1


def test_the_dawei_game_view_keeps_engine_text_as_text():
    evil = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    from views import dawei as v_dawei

    a = copy.deepcopy(handle({"game": "dawei", "action": "play", "players": 4, "seed": 1, "humans": [0], "moves": ["auto:3"], "log_tail": 500}))
    for x in a["seats"] + a["sticks"] + a["log"] + a["since_own"]:
        x["zh"] = x["en"] = evil
    for x in a["log"]:
        if x.get("dice"):
            x["dice_words"] = {"zh": evil, "en": evil}
    a["phase_words"] = {"zh": evil, "en": evil}
    for lang in ("zh", "en"):
        text = "".join(v_dawei.game(a, lang).values())
        assert "<script" not in text and "<img" not in text
        assert text.count(escape(evil)) >= 1 + 4 + 10 + len(a["log"])


def test_the_dawei_game_module_draws_no_answer_itself():
    dw = (ROOT / "widgets" / "dawei.js").read_text(encoding="utf-8")
    game = dw.split("async function gameWidget", 1)[1].split("\n}\n", 1)[0]
    assert 'view: "dawei-game"' in game
    for drawn in ("dawei-board-table", "boardTable", "logItem", "本局结束", "轮到", "你还没有掷", "（无）", "★"):
        assert drawn not in dw, drawn


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_dawei_dice_first_answer_is_its_live_answer_and_names_what_else_the_throw_fits(lang):
    from sitegen import dawei as site_dawei

    first = site_dawei.dice_widget(lang, {"dice": [4, 4, 4, 1, 1, 3]})
    req = {"game": "dawei", "action": "classify", "dice": [4, 4, 4, 1, 1, 3], "lang": lang}
    live = views.answer({"view": "dawei-dice", "lang": lang, "request": req})
    assert live["ok"] and sorted(live["html"]) == ["also", "dice", "result"]
    for role, html in live["html"].items():
        tag = "div" if role == "dice" else "p"
        box = re.search(rf'<{tag} [^>]*data-role="{role}"[^>]*>', first)
        assert box and first[box.end():].startswith(html + f"</{tag}>"), role
    result = live["html"]["result"]
    assert f'data-id="{live["pattern"]["id"]}">{escape(live["pattern"][lang])}</strong>' in result
    assert f'<span data-role="odds">{live["ways"]}/46656</span>' in result
    assert f'{live["pattern_ways"]}/46656 = {100 * live["pattern_ways"] / 46656:.3f}%' in result
    assert live["also_fits"] and all(escape(x[lang]) in live["html"]["also"] for x in live["also_fits"])
    plain = views.answer({"view": "dawei-dice", "lang": lang, "request": {**req, "dice": [4, 4, 1, 2, 3, 6]}})
    assert plain["ok"] and plain["also_fits"] == [] and plain["html"]["also"] == ""


def referee_request(lang: str, **req):
    return {"view": "dawei-referee", "lang": lang, "request": {"game": "dawei", "action": "referee", "lang": lang, **req}}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_dawei_referees_first_answer_is_its_live_answer(lang):
    from sitegen import dawei as site_dawei

    first = site_dawei.referee_widget(lang, {})
    live = views.answer(referee_request(lang, players=4, first=0, moves=[], entries=400))
    assert live["ok"] and sorted(live["html"]) == ["board", "history", "last", "log", "settlement", "standing", "status"]
    for role, html in live["html"].items():
        tag = {"status": "p", "last": "p", "log": "ol", "standing": "p", "history": "ol"}.get(role, "div")
        box = re.search(rf'<{tag} [^>]*data-role="{role}"[^>]*>', first)
        assert box and first[box.end():].startswith(html + f"</{tag}>"), role
    opening = escape(live["opening"][0][lang])
    assert live["html"]["last"] == opening and live["html"]["log"] == f"<li>{opening}</li>"  # who throws first, before any entry
    assert live["html"]["board"].count("<tr data-seat=") == 4 and live["html"]["settlement"] == ""
    assert live["html"]["board"].count('class="current"') == 1 and "（电脑）" not in live["html"]["board"] and "computer" not in live["html"]["board"]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_refereed_game_draws_its_entries_newest_first_and_a_settlement_summing_to_zero(lang):
    from fractions import Fraction

    from dawei.helpers import seeded_table_moves

    first, moves = seeded_table_moves(26, 4)
    a = views.answer(referee_request(lang, players=4, first=first, moves=moves, names=["Ann", "Bo", "Cy", "Di"], entries=3))
    assert a["ok"] and a["terminal"]
    nets = re.findall(r'<li data-seat="\d" data-net="([^"]*)">', a["html"]["settlement"])
    assert nets == [s["net_text"] for s in a["settlement"]] and sum(Fraction(x) for x in nets) == 0
    assert all(escape(s["verdict"][lang]) in a["html"]["settlement"] for s in a["settlement"])
    numbers = re.findall(r"<li>(\d+)\. ", a["html"]["log"])
    assert numbers == [str(len(moves) - k) for k in range(3)]  # the entries told, newest first, then who threw first
    assert a["html"]["log"].endswith(f"<li>{escape(a['opening'][0][lang])}</li>")
    assert a["html"]["last"].startswith(f"{len(moves)}. ") and re.sub(r"<[^>]+>", "", a["html"]["last"]) in re.sub(r"<[^>]+>", "", a["html"]["log"])
    assert 'class="current"' not in a["html"]["board"]
    assert re.findall(r'<td data-role="net">([^<]*)</td>', a["html"]["board"]) == [("+" if n > 0 else "") + str(int(n)) for n in a["net"]]


def test_the_dawei_dice_and_referee_views_keep_engine_text_as_text():
    evil = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    from views import dawei as v_dawei

    c = copy.deepcopy(handle({"game": "dawei", "action": "classify", "dice": [4, 4, 4, 1, 1, 3]}))
    c["pattern"] = {"id": '"><script>', "zh": evil, "en": evil}
    c["takes"] = {"zh": evil, "en": evil}
    c["also_fits"] = [{"zh": evil, "en": evil}]
    from dawei.helpers import seeded_table_moves

    first, moves = seeded_table_moves(26, 4)
    r = handle({"game": "dawei", "action": "referee", "players": 4, "first": first, "moves": moves, "names": [evil[:24]] * 4, "entries": 2})
    assert r["ok"] and "<script" in r["seats"][0]["zh"]  # a name as a reader typed it reaches the view
    r = copy.deepcopy(r)
    r["status"] = {"zh": evil, "en": evil}
    for x in r["entries"] + r["opening"] + r["settlement"]:
        x["zh"] = x["en"] = evil
    for s in r["settlement"]:
        s["verdict"] = {"zh": evil, "en": evil}
    for lang in ("zh", "en"):
        text = "".join(v_dawei.throw(c, lang).values()) + "".join(v_dawei.referee(r, lang).values())
        assert "<script" not in text and "<img" not in text
        assert text.count(escape(evil)) >= 3 + 1 + 1 + 2 + 1 + 4 * 2  # throw; status, last, log, opening, settlement


def drawn_by(module: str, view: str, words: tuple[str, ...], function: str = "") -> list[str]:
    """What a widget module (or one of its functions) still writes of an answer itself, of ``words``; it asks for ``view``."""
    js = (ROOT / "widgets" / module).read_text(encoding="utf-8")
    if function:
        js = js.split(f"async function {function}", 1)[1].split("\n}\n", 1)[0]
    assert f'view: "{view}"' in js, view
    return [w for w in words if w in js]


def test_the_dawei_dice_and_referee_modules_draw_no_answer_themselves():
    assert drawn_by("dawei.js", "dawei-dice", ("a.svg", "a.pattern", "a.takes", "also_fits", "此掷也合乎", "pct(", "a.ways"), "diceWidget") == []
    assert drawn_by("dawei-referee.js", "dawei-referee", ("dawei-board-table", "boardTable", "entryText", "verdicts", "net_text",
                                                         "a.status", "a.opening", "结算", "Settlement", "★")) == []


def form_part(html: str, open_tag: str, close: str) -> str:
    """What the first answer holds between ``open_tag`` (the whole opening tag) and the next ``close``."""
    assert open_tag in html, open_tag
    return html.split(open_tag, 1)[1].split(close, 1)[0]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_yezi_forms_first_answer_is_its_live_answer_with_its_buttons_still(lang):
    from sitegen import yezi as site_yezi

    first = site_yezi.form_widget(lang, {})
    groups = [g.split(",") if g else [] for g in re.findall(r'data-role="slot" data-cards="([^"]*)"', first)]
    live = views.answer({"view": "yezi-form", "lang": lang, "request": {"game": "yezi", "action": "evaluate", "groups": groups}})
    assert live["ok"] and sorted(live["html"]) == ["palette", "slot-0", "slot-1", "total", "verdict-0", "verdict-1"]
    for i, g in enumerate(groups):
        slot = form_part(first, f'data-role="slot" data-cards="{",".join(g)}">', "</div>")
        assert slot.replace(" disabled", "") == live["html"][f"slot-{i}"] and slot.count(" disabled") == len(g) > 0
        assert form_part(first, f'data-role="group" data-index="{i}"', "</fieldset>").count(f'<p class="yz-verdict" data-role="verdict">{live["html"][f"verdict-{i}"]}</p>') == 1
    assert f'data-role="totals">{live["html"]["total"]}</p>' in first
    palette = form_part(first, '<div class="yz-palette" data-role="palette">', "</div>")
    assert palette.replace(" disabled", "") == live["html"]["palette"]
    assert palette.count(" disabled") == palette.count('class="yz-pick"') == 11  # nothing to click before Python is ready
    assert " disabled" not in live["html"]["palette"] + live["html"]["slot-0"]
    assert {k: v for k, v in live.items() if k != "html"} == handle({"game": "yezi", "action": "evaluate", "groups": groups})


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_yezi_form_greys_a_card_whose_copies_are_all_placed_and_every_card_once_both_groups_are_full(lang):
    def form(groups):
        a = views.answer({"view": "yezi-form", "lang": lang, "request": {"game": "yezi", "action": "evaluate", "groups": groups}})
        assert a["ok"]
        return a, dict(re.findall(r'class="yz-pick" data-card="(\w+)" data-count="\d"[^>]*?( disabled)?>', a["html"]["palette"]))

    a, grey = form([["10", "10", "10"], []])  # the deck's three 合 are placed: a fourth cannot be
    assert grey == {**{k: "" for k in grey}, "10": " disabled"} and len(grey) == 11
    assert re.findall(r'<strong data-role="name">([^<]*)</strong>', a["html"]["verdict-1"]) == [escape("空" if lang == "zh" else "empty")]
    assert a["html"]["slot-0"].count('class="yz-chip"') == 3 and a["html"]["slot-1"] == ""
    a, grey = form([["1", "3", "4", "8"], ["5", "7", "leaf", "10"]])  # both full: every card grey; a scattered group and 人牌
    assert set(grey.values()) == {" disabled"}
    assert '<span data-role="rank">9</span>' in a["html"]["verdict-0"] and "流散对" in a["html"]["verdict-0"]
    assert f'data-role="total">{a["score"]}</strong>' in a["html"]["total"] and f'data-role="best">{a["best_score"]}</strong>' in a["html"]["total"]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_yezi_showings_first_answer_is_its_live_answer(lang):
    from sitegen import yezi_showing

    first = yezi_showing.showing_widget(lang, {})
    live = views.answer({"view": "yezi-showing", "lang": lang, "request": yezi_showing.EXAMPLE})
    assert live["ok"] and list(live["html"]) == ["result"]
    assert f'<div data-role="result" class="ys-result">{live["html"]["result"]}</div>' in first
    res = live["html"]["result"]
    assert res.count('data-role="place-row"') == 4 and res.count('<table class="ys-table"') == 3
    totals = re.findall(r'data-role="total">(\d+)</td><td class="ys-num" data-role="place">(\d+)</td>', res)
    assert totals == [(str(p["total"]), str(p["place"])) for p in live["players"]]
    assert {k: v for k, v in live.items() if k != "html"} == handle(yezi_showing.EXAMPLE)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_gupai_ledgers_first_answer_is_its_live_answer_and_a_player_named_heads_his_column(lang):
    from sitegen import gupai_ledger

    first = gupai_ledger.ledger_widget(lang, {})
    req = {"game": "gupai", "action": "ledger", "hands": gupai_ledger.EXAMPLE}
    live = views.answer({"view": "gupai-ledger", "lang": lang, "request": req})
    assert live["ok"] and sorted(live["html"]) == ["details", "table"]
    assert f'data-role="result">{live["html"]["table"]}</div><div class="gl-details" data-role="details">{live["html"]["details"]}</div>' in first
    table = live["html"]["table"]
    assert table.count('data-role="hand-row"') == 3
    assert re.findall(r'<td class="gl-num">([^<]*)</td>', table.split('data-role="totals"', 1)[1]) == [f"{n:+d}" if n else "0" for n in live["totals"]]
    assert escape(live["hands"][1]["kind_words"][lang]) in table and live["html"]["details"].count("<li>") == len(live["hands"][-1]["settlement"]["lines"])
    named = views.answer({"view": "gupai-ledger", "lang": lang, "request": {**req, "names": ["老王", "", "", ""]}})
    assert '<th scope="col">老王</th>' in named["html"]["table"] and "<td>老王／" in named["html"]["table"]
    empty = views.answer({"view": "gupai-ledger", "lang": lang, "request": {**req, "hands": []}})
    assert empty["ok"] and empty["html"]["details"] == "" and "<table" not in empty["html"]["table"]


def test_the_form_showing_and_ledger_views_keep_engine_text_as_text():
    evil = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    from views import gupai as v_gupai, yezi as v_yezi

    f = copy.deepcopy(handle({"game": "yezi", "action": "evaluate", "groups": [["9", "6", "5", "10"], ["1", "3", "4", "8"]]}))
    f["groups"][0]["combination"] = {"id": "x", "zh": evil, "en": evil}
    s = copy.deepcopy(handle({"game": "yezi", "action": "showing", "players": [{"hand": h} for h in (
        ["9", "6", "5", "10", "2", "leaf", "2", "10"], ["1", "3", "4", "8", "5", "7", "leaf", "10"],
        ["3", "3", "6", "6", "4", "8", "9", "7"], ["1", "1", "2", "4", "5", "7", "8", "9"])]}))
    for p in s["players"]:
        p["combinations"] = [{"id": "x", "zh": evil, "en": evil}] * 2
        p["best"]["combinations"] = [{"id": "x", "zh": evil, "en": evil}]
    g = copy.deepcopy(handle({"game": "gupai", "action": "ledger", "hands": [{"dealer": 0, "held": [3, 0, 1, 4], "closer": 3}]}))
    g["names"] = [evil, "", "", ""]
    g["hands"][0]["kind_words"] = {"zh": evil, "en": evil}
    g["hands"][0]["settlement"]["summary"] = {"zh": evil, "en": evil}
    g["hands"][0]["settlement"]["lines"] = [{"zh": evil, "en": evil}] * 2
    for lang in ("zh", "en"):
        text = "".join(v_yezi.form(f, lang).values()) + v_yezi.showing(s, lang) + "".join(v_gupai.ledger(g, lang).values())
        assert "<script" not in text and "<img" not in text
        assert text.count(escape(evil)) >= 1 + 8 + 4 + 2 + 1 + 1 + 2


def test_the_form_showing_and_ledger_modules_draw_no_answer_themselves():
    yz = (ROOT / "widgets" / "yezi.js").read_text(encoding="utf-8")
    form = yz.split("async function formWidget", 1)[1].split("\n}\n", 1)[0]
    assert 'view: "yezi-form"' in form
    for drawn in ("还可能成", "could still", "流散对", "scattered", "svgs[", 'class: "yz-chip"', "textContent = String(answer.score"):
        assert drawn not in form, drawn
    sh = (ROOT / "widgets" / "showing.js").read_text(encoding="utf-8")
    assert 'view: "yezi-showing"' in sh
    for drawn in ("ys-table", "showing-winner", "round-winner", "caption", "流散对", "best.combinations", "place-row"):
        assert drawn not in sh, drawn
    lg = (ROOT / "widgets" / "ledger.js").read_text(encoding="utf-8")
    assert 'view: "gupai-ledger"' in lg
    for drawn in ("caption", "gl-total", "hand-row", "kind_words", "settlement.lines", "totals.map", "还没有记下"):
        assert drawn not in lg, drawn


def _between(html: str, start: str, end: str) -> str:
    return html.split(start, 1)[1].split(end, 1)[0]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_lesson_cards_first_answer_is_its_live_card_with_its_choices_still(lang):
    """Every step of every lesson: the build's first exercise is the first card the browser draws for the same set,
    its question and drawing the same, its choices the same words (disabled, the answer folded under them)."""
    from engine.lessons import LESSONS
    from sitegen import lesson as site_lesson

    for lid, lesson in LESSONS.items():
        for step in lesson.steps:
            first = site_lesson.exercises_widget(lang, {"lesson": lid, "step": step.id})
            live = views.answer({"view": "lesson-exercises", "lang": lang,
                                 "request": {"game": "lesson", "action": "exercises", "lesson": lid, "step": step.id, "seed": 1}})
            assert live["ok"] and live["html"]["list"].count('<li class="lesson-ex"') == step.count
            card = live["html"]["list"].split('<li class="lesson-ex"')[1]
            assert _between(first, '<p class="lesson-q">', '<ul class="lesson-choices">') == _between(card, '<p class="lesson-q">', '<ul class="lesson-choices">')
            labels = lambda html: re.findall(r'class="hw-btn lesson-choice"[^>]*>([^<]*)</button>', html)
            assert labels(first) == labels(card) and labels(card)
            assert " disabled" in _between(first, '<ul class="lesson-choices">', "</ul>") and "lesson-static-answer" in first
            assert " disabled" not in card and 'data-value="' in card and 'class="lesson-feedback"' in card


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_lesson_verdict_says_right_or_not_why_and_links_its_rule(lang):
    req = {"game": "lesson", "action": "check", "lesson": "dawei", "step": "reds", "seed": 7, "index": 0}
    right = handle({**req, "answer": "0"})["answer"]["value"]
    for answer in {right, "0", "1", "2"}:
        v = views.answer({"view": "lesson-check", "lang": lang, "request": {**req, "answer": answer}})
        if not v["ok"]:
            continue
        html = v["html"]["feedback"]
        assert escape(v["verdict"][lang]) in html and escape(v["why"][lang]) in html
        assert f'href="../../{v["rule"]["page"]}#{v["rule"]["anchor"]}"' in html and escape(v["rule"][lang]) in html


def test_the_lesson_view_keeps_engine_text_as_text():
    from views import lesson as view

    evil = '<script>alert("x")</script>'
    ex = {"index": 0, "question": {"zh": evil, "en": evil}, "figure": {"kind": "trick", "plays": [
        {"seat": {"zh": evil, "en": evil}, "tiles": ["66"], "play": {"zh": evil, "en": evil}}]},
        "figure_alt": {"zh": evil, "en": evil}, "choices": [{"value": '"><script>', "zh": evil, "en": evil}]}
    v = {"verdict": {"zh": evil, "en": evil}, "why": {"zh": evil, "en": evil}, "rule": {"page": '"><script>', "anchor": "x", "zh": evil, "en": evil}}
    for lang in ("zh", "en"):
        text = view.exercises({"exercises": [ex]}, lang)["list"] + view.verdict(v, lang)["feedback"]
        assert "<script" not in text and escape(evil) in text


def test_the_lesson_module_draws_no_card_itself():
    js = (ROOT / "widgets" / "lesson.js").read_text(encoding="utf-8")
    for view in ("lesson-exercises", "lesson-check"):
        assert f'"{view}"' in js
    for drawn in ("lesson-q", "lesson-fig", "lesson-verdict", "lesson-why", "lesson-rule", "figure_alt", "rule.page"):
        assert drawn not in js, drawn


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_dawei_simulations_first_answer_is_its_live_answer_and_batches_draw_every_game_so_far(lang):
    from sitegen import dawei as site_dawei

    first = site_dawei.sim_widget(lang, {"players": 5})
    sim = {"game": "dawei", "action": "simulate", "players": 5}
    whole = views.answer({"view": "dawei-sim", "lang": lang, "request": {**sim, "games": 20, "seed": 1}})
    assert f'<div data-role="chart">{whole["html"]["chart"]}</div>' in first
    assert f'<div data-role="summary" aria-live="polite">{whole["html"]["summary"]}</div>' in first
    assert whole["html"]["chart"].count("<rect") == 24 and whole["html"]["summary"].startswith(("20 局", "20 games"))
    # asked in two batches, the second given the first's games: the same figure and words as the twenty at once
    one = views.answer({"view": "dawei-sim", "lang": lang, "request": {**sim, "games": 10, "seed": 1}})
    two = views.answer({"view": "dawei-sim", "lang": lang, "before": one["games"],
                        "request": {**sim, "games": 10, "seed": 11, "previous_banker": one["next_previous_banker"]}})
    assert two["html"] == whole["html"]


def test_a_simulation_view_given_games_it_cannot_read_says_so_in_words():
    for before in (["x"], [{"net": ["<script>"], "end": "x", "turns": 1, "banker": None}], [{"net": [1]}]):
        a = views.answer({"view": "dawei-sim", "lang": "en", "before": before,
                          "request": {"game": "dawei", "action": "simulate", "players": 3, "games": 2, "seed": 1}})
        assert not a["ok"] and a["error"]["zh"] and a["error"]["en"] and "html" not in a


def test_the_dawei_simulation_module_draws_no_figure_itself():
    js = (ROOT / "widgets" / "dawei.js").read_text(encoding="utf-8")
    assert '"dawei-sim"' in js
    for drawn in ("dawei-hist", "createElementNS", "保本", "break-even", "meanAbs"):
        assert drawn not in js, drawn


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_match_sheets_first_form_is_its_live_form_with_its_controls_still(lang):
    from sitegen import matchsheet as site_matchsheet

    first = site_matchsheet.sheet_widget(lang, {})
    still = _between(first, '<fieldset class="ms-entry">', "</fieldset>")
    live = views.answer({"view": "paohuzi-matchsheet", "lang": lang, "uid": "ms",
                         "request": {"game": "paohuzi", "action": "sheet", "hands": [], "form": True}})
    assert still.replace(" disabled", "") == live["html"]["form"]
    assert 'data-player="none"' in still and " disabled" in still and " disabled" not in live["html"]["form"]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_match_sheets_form_draws_the_hand_as_chosen_so_far(lang):
    sheet = {"game": "paohuzi", "action": "sheet", "hands": [{"winner": 1, "huxi": 15, "bird": "x3"}], "birds": 2, "form": True}
    entry = {"winner": 0, "chosen": True, "zimo": True, "mode": "cards", "huxi": None, "fan": [], "fouls": {"3": "shi_ti"}, "bird": "x3",
             "cards": {"hand": ["x1", "d2"], "open": [{"kind": "peng", "cards": ["x3", "x3", "x3"]}], "card": "d5", "source": "self",
                       "target": "open", "kind": "wei", "group": ["x4"]}}
    a = views.answer({"view": "paohuzi-matchsheet", "lang": lang, "uid": "w", "request": sheet, "entry": entry, "editing": 0})
    form = a["html"]["form"]
    assert 'data-player="0" disabled' not in form and 'aria-pressed="true" data-player="0"' in form
    assert 'aria-pressed="true" data-mode="cards"' in form and 'aria-pressed="true" data-target="open"' in form
    assert 'aria-pressed="true" data-kind="wei"' in form and 'data-role="palette"' in form and 'data-role="huxi"' not in form
    assert '<option value="shi_ti" selected>' in form and '<details class="ms-fouls" open>' in form
    assert '<option value="x3" selected>' in form and 'id="w-bird"' in form  # the birds' card, at a table that bets them
    assert ("改正第 1 局" if lang == "zh" else "Correcting hand 1") in form
    # the 戏 and 番 way: the count starts at the sheet's threshold, the self-draw pressed
    huxi = views.answer({"view": "paohuzi-matchsheet", "lang": lang, "uid": "w", "request": sheet,
                         "entry": {**entry, "mode": "huxi"}})["html"]["form"]
    assert 'data-role="huxi"' in huxi and 'aria-pressed="true" data-role="zimo"' in huxi and 'data-fan="red"' in huxi
    # a hand the view cannot read is refused in words
    bad = views.answer({"view": "paohuzi-matchsheet", "lang": lang, "request": sheet, "entry": {"winner": 0}})
    assert not bad["ok"] and bad["error"]["en"]


def test_the_match_sheet_module_draws_no_form_itself():
    js = (ROOT / "widgets" / "matchsheet.js").read_text(encoding="utf-8")
    for drawn in ("谁胡了？", "Who won?", "ms-toggle", "ms-palette", "ms-fouls", "记下这一局", "Enter this hand"):
        assert drawn not in js, drawn
