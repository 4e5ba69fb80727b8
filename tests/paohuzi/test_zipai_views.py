"""Build-time views of a hand at the table (sitegen/zipai.py): what they show is what the engine's ``play`` answers."""

from __future__ import annotations

import re
from html import escape

import pytest

from engine.api import handle
from engine.paohuzi.table import RULES
from sitegen import zipai


def play(**req):
    a = handle({"game": "paohuzi", "action": "play", **req})
    assert a["ok"]
    return a


@pytest.mark.parametrize("variant,table,seed", [("paohuzi", "four", 3), ("xiaguan", "three", 4), ("paohuzi", "two", 5)])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_narration_tells_every_move_in_order_with_its_rule(variant, table, seed, lang):
    html = zipai.narration(lang, {"variant": variant, "table": table, "seed": seed})
    a = play(variant=variant, table=table, seed=seed, computer=[0, 1, 2][: 2 if table == "two" else 3])
    rows = re.findall(r"<tr><td>(\d+)</td>.*?</tr>", html)
    assert [int(n) for n in rows] == [x["n"] for x in a["log"]]
    pos = 0
    for x in a["log"]:
        i = html.find(escape(x[lang]), pos)
        assert i >= 0, x[lang]
        pos = i
    links = re.findall(r'href="\.\./turn/#rule-([a-z_]+)"', html)
    assert links == [x["rule"]["id"] for x in a["log"]]
    for _role, v in a["result"]["sheet"]["scores"].items():
        assert f"{v:+d}" in html


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_rule_the_log_can_name_has_an_anchor(lang):
    html = zipai.rules_list(lang, {})
    assert sorted(re.findall(r'id="rule-([a-z_]+)"', html)) == sorted(RULES)


@pytest.mark.parametrize("variant,seed", [("paohuzi", 7), ("xiaguan", 4)])
def test_first_view_is_the_engines_deal(variant, seed):
    html = zipai.table_widget("zh", {"variant": variant, "seed": seed})
    a = play(variant=variant, seed=seed)
    you = next(s for s in a["seats"] if s["you"])
    hand = re.search(r'data-role="hand"[^>]*>(.*?)</div>', html, re.S)
    assert hand is not None
    assert re.findall(r'<button type="button" class="zp-hcard" data-card="([a-z0-9]+)"', hand.group(1)) == you["hand"]
    # nothing to click before Python is ready
    assert re.findall(r"<button(?![^>]*disabled)[^>]*>", html) == []


def test_snapshot_shows_the_moves_up_to_the_step_asked():
    html = zipai.snapshot("en", {"seed": 3, "upto": 23, "last": 3})
    a = play(seed=3, table="four", computer=[0, 1, 2])
    for x in a["log"][20:23]:
        assert escape(x["en"]) in html
    assert escape(a["log"][23]["en"]) not in html
