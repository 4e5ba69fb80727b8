"""A family's rounds of 叶子戏 at a real table (issue 45): each round judged as a showing, the running totals, any
round corrected or deleted with the change kept, and the tally as a record ([Sheet "tally"]) read back."""

from __future__ import annotations

from fractions import Fraction

from engine.api import handle
from engine.record import read
from engine.yezi.records import round_words

R1 = {"thrower": 0, "players": [
    {"hand": ["9", "6", "5", "10", "2", "leaf", "2", "10"]},
    {"groups": [["5", "7", "leaf", "10"], ["1", "3", "4", "8"]]},
    {"hand": ["3", "3", "6", "6", "4", "8", "9", "7"]},
    {"groups": [["1", "1", "2", "4"], ["5", "7", "8", "9"]]},
]}
R2 = {"thrower": 2, "players": [R1["players"][3], R1["players"][2], R1["players"][1], R1["players"][0]]}
NAMES = ["我", "老伴", "大姐", "二哥"]


def tally(**kw):
    a = handle({"game": "yezi", "action": "tally", **kw})
    assert a["ok"], a
    return a


def test_each_round_is_the_showing_and_the_totals_run_on():
    a = tally(rounds=[R1, R2], names=NAMES)
    one = handle({"game": "yezi", "action": "showing", **R1})
    two = handle({"game": "yezi", "action": "showing", **R2})
    assert a["rounds"][0]["points"] == [p["total"] for p in one["players"]]
    assert a["rounds"][1]["points"] == [p["total"] for p in two["players"]]
    assert a["totals"] == [x + y for x, y in zip(a["rounds"][0]["points"], a["rounds"][1]["points"])]
    assert a["rounds"][0]["totals"] == a["rounds"][0]["points"]
    assert a["leaders"] == [s for s in range(4) if a["totals"][s] == min(a["totals"])]
    assert "我" in a["rounds"][0]["zh"] and "甲家" not in a["rounds"][0]["zh"]
    assert "老伴" in a["rounds"][1]["en"] and "Player" not in a["rounds"][1]["en"]


def test_the_record_reads_back_with_its_names_and_corrections():
    a = tally(rounds=[R2, R2], names=NAMES, history=[{"round": 1, "kind": "corrected", "was": R1}, {"round": 3, "kind": "deleted", "was": R1}])
    rec = read(a["record"])
    assert rec.position["sheet"] == "tally" and rec.state.is_terminal()
    assert sum(rec.state.returns()) == 0
    # the fewest points, the largest result
    assert rec.state.returns() == [Fraction(sum(a["totals"]), 4) - t for t in a["totals"]]
    b = tally(text=a["record"])
    assert b["totals"] == a["totals"] and b["names"] == NAMES
    assert [h["round"] for h in b["history"]] == [1, 3] and [h["kind"] for h in b["history"]] == ["corrected", "deleted"]
    again = tally(rounds=[{"thrower": r["thrower"], "players": [{"groups": g} for g in r["groups"]]} for r in b["rounds"]],
                  names=NAMES, history=b["history"])
    assert again["record"] == a["record"]
    assert handle({"game": "record", "action": "read", "text": a["record"]})["ok"]


def test_a_round_that_cannot_be_is_refused_in_words():
    bad = {"thrower": 0, "players": [R1["players"][0]] * 4}  # four copies of one hand: more than the deck
    a = handle({"game": "yezi", "action": "tally", "rounds": [R1, bad]})
    assert not a["ok"] and "第 2 局" in a["error"]["zh"] and "Round 2" in a["error"]["en"]
    b = handle({"game": "yezi", "action": "tally", "text": "[Record \"1\"]\n[Game \"yezi\"]\n[Sheet \"ledger\"]\n\n"})
    assert not b["ok"]
    c = handle({"game": "yezi", "action": "tally", "text": handle({"game": "yezi", "action": "showing", **R1})["record"]})
    assert not c["ok"] and "tally" in c["error"]["en"]


def test_an_empty_tally_is_a_record_too():
    a = tally(rounds=[])
    assert a["rounds"] == [] and a["totals"] == [0, 0, 0, 0] and a["leaders"] == []
    assert read(a["record"]).position["sheet"] == "tally"


def test_each_round_is_the_tally_states_round():
    a = tally(rounds=[R1, R2, R1], names=NAMES, options={"scoring": "placing"})
    st = read(a["record"]).state
    names = [(n["zh"], n["en"]) for n in a["seat_names"]]
    assert [(r["zh"], r["en"]) for r in a["rounds"]] == [round_words(res, names) for res in st.rounds]
    assert [r["points"] for r in a["rounds"]] == [list(res.totals) for res in st.rounds]
    assert [r["places"] for r in a["rounds"]] == [list(res.places) for res in st.rounds]
    assert a["totals"] == st.totals == [sum(r["points"][s] for r in a["rounds"]) for s in range(4)]
