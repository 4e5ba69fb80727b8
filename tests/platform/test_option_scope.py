"""Issue 37, point 3: every rule option a request accepts changes something in that game or variant; an
option the game or variant does not have is refused in a sentence, in both languages, never silently ignored."""

from __future__ import annotations

import re

import pytest

from engine.api import handle
from engine.paohuzi.config import DEFAULT
from engine.paohuzi.request import config_of
from engine.protocol import IllegalAction, open_state

#: each game's table request (the one its widget sends), without options
TABLES = {
    "dawei": {"game": "dawei", "action": "play", "seed": 3},
    "gupai": {"game": "gupai", "action": "play", "seed": 3},
    "yezi": {"game": "yezi", "action": "round", "seed": 3},
    "paohuzi": {"game": "paohuzi", "action": "play", "variant": "paohuzi", "seed": 3},
    "xiaguan": {"game": "paohuzi", "action": "play", "variant": "xiaguan", "seed": 3},
}
IDENTIFIER = re.compile(r"[a-z]+_[a-z_]+")  # an option's id (deng_base) is never shown to a reader


def _options(name: str) -> list[dict]:
    req = {"game": TABLES[name]["game"], "action": "options"}
    if name == "xiaguan":
        req["variant"] = "xiaguan"
    a = handle(req)
    assert a["ok"], a
    return a["options"]


def _refused_in_words(a: dict) -> dict:
    assert a["ok"] is False, a
    e = a["error"]
    assert re.search(r"[\u4e00-\u9fff]", e["zh"]) and re.search(r"[A-Za-z]{3}", e["en"]), e
    assert not IDENTIFIER.search(e["zh"]) and not IDENTIFIER.search(e["en"]), e
    return e


@pytest.mark.parametrize("name", sorted(TABLES))
def test_every_option_offered_is_accepted_at_the_table_with_each_reading(name):
    opts = _options(name)
    assert opts
    for o in opts:
        for c in o["choices"]:
            a = handle({**TABLES[name], "options": {o["id"]: c}})
            assert a["ok"], (name, o["id"], c, a)


@pytest.mark.parametrize("name", sorted(TABLES))
def test_an_option_the_game_does_not_have_is_refused_in_words(name):
    _refused_in_words(handle({**TABLES[name], "options": {"moonlight": "sideways"}}))
    o = _options(name)[0]
    _refused_in_words(handle({**TABLES[name], "options": {o["id"]: "sideways"}}))


def test_xiaguan_offers_only_the_options_it_reads_and_refuses_the_others_saying_they_do_not_apply():
    every = {o["id"] for o in _options("paohuzi")}
    mine = {o["id"] for o in _options("xiaguan")}
    assert mine < every and {"deng_base", "claim_kan"} <= every - mine
    for oid in sorted(every - mine):
        o = next(x for x in _options("paohuzi") if x["id"] == oid)
        for c in o["choices"]:
            e = _refused_in_words(handle({**TABLES["xiaguan"], "options": {oid: c}}))
            assert "不适用于下灌字牌" in e["zh"] and "does not apply to 下灌字牌" in e["en"], e
            assert o["zh"] in e["zh"] and o["en"] in e["en"]  # the option named in words
            with pytest.raises(IllegalAction) as refused:  # a written position (a record, a share link) too
                open_state({"game": "paohuzi", "variant": "xiaguan", "seed": 3, "options": {oid: c}})
            assert "不适用" in refused.value.zh and "does not apply" in refused.value.en


@pytest.mark.parametrize("variant", ["paohuzi", "xiaguan"])
def test_every_reading_offered_changes_the_variants_rules(variant):
    """A reading other than the default gives the variant other rules than the default does (never a no-op)."""
    base = config_of({}, variant)
    for o in _options(variant):
        for c in o["choices"]:
            if c != o["default"]:
                assert config_of({"options": {o["id"]: c}}, variant) != base, (variant, o["id"], c)
    assert config_of({}, "paohuzi") == DEFAULT


def test_a_match_sheet_refuses_an_option_of_play_and_reads_those_that_settle_it():
    """A sheet kept by hand settles the hands entered: an option of play (who may 吃, 碰 or 跑 what) changes
    nothing there and is refused in words; the sheet's own readings, and the two-seat table's, are accepted."""
    every = {o["id"]: o for o in _options("paohuzi")}
    sheet = {"game": "paohuzi", "action": "sheet", "table": "two", "hands": [{"winner": 0, "huxi": 21}]}
    for oid in ("chi_shang_draw", "claim_kan", "liang_pao", "xia_shun"):
        o = every[oid]
        e = _refused_in_words(handle({**sheet, "options": {oid: o["choices"][-1]}}))
        assert o["zh"] in e["zh"] and "积分表" in e["zh"] and o["en"] in e["en"] and "match sheet" in e["en"]
    scores = set()
    for oid in ("deng_base", "two_players", "threshold"):
        for c in every[oid]["choices"]:
            a = handle({**sheet, "options": {oid: c}})
            assert a["ok"], (oid, c, a)
            scores.add(repr(a["totals"]))
    assert len(scores) > 1  # and they settle the same hand differently
