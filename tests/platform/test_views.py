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
