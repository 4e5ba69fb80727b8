"""The family's names in every line the 打围 referee tells, for every seat the game allows (issue 45.5): seats
beyond the tenth are named too, though their letters (子, 丑…) are also parts of the game's words (色子, 老狮子)."""

from __future__ import annotations

import json

import pytest

from engine.api import handle
from engine.dawei.game import MARK_BASE, MAX_PLAYERS, SEATS_EN, SEATS_ZH
from .helpers import seeded_table_moves


@pytest.mark.parametrize("players", [12, MAX_PLAYERS])
def test_every_seat_is_named_in_every_line(players):
    names = [f"第{k + 1}人" for k in range(players)]
    first, moves = seeded_table_moves(3, players)
    moves = moves[: 3 * players]
    a = handle({"game": "dawei", "action": "referee", "players": players, "first": first, "names": names, "moves": moves, "entries": 0})
    assert a["ok"], a
    plain = handle({"game": "dawei", "action": "referee", "players": players, "first": first, "moves": moves, "entries": 0})
    b = handle({"game": "dawei", "action": "referee", "players": players, "first": first, "names": names, "moves": moves, "entries": 400})
    seen = set()
    for e in b["entries"]:
        who = e["seat"]
        assert e["zh"].startswith(names[who]) and e["en"].startswith(names[who]), e
        assert SEATS_ZH[who] not in e["zh"][: len(names[who]) + 1]
        seen.add(who)
    assert seen >= set(range(10, players))  # the seats beyond the tenth threw, and were named
    # the game's own words keep their characters: 色子, 兔子 are never taken for the eleventh seat 子
    told = " ".join(e["zh"] for e in b["entries"])
    if "兔" in told:
        assert "兔子" in told
    # no mark is left anywhere in the answer, and without names the seats' letters are told as before
    assert not any(MARK_BASE <= ord(c) < MARK_BASE + 256 for c in json.dumps(b, ensure_ascii=False))
    pb = handle({"game": "dawei", "action": "referee", "players": players, "first": first, "moves": moves, "entries": 400})
    assert all(e["zh"].startswith(SEATS_ZH[e["seat"]]) and e["en"].startswith(SEATS_EN[e["seat"]]) for e in pb["entries"])
    assert plain["status"]["zh"].replace(SEATS_ZH[plain["to_throw"]["seat"]], names[plain["to_throw"]["seat"]]) == a["status"]["zh"]
    # the record keeps the seats' letters in its moves and the names in its Names tag
    assert f'[Names "{";".join(names)}"]' in b["record"]


def test_a_record_refereed_tells_the_names_without_the_seat_letters():
    """The record's referee (``{"game": "record", "action": "referee"}``, the command line's) tells a 打围 record with
    Names as the family says it: 妈妈掷出…, not 妈妈（乙）：乙掷出…"""
    names = ["爷爷", "妈妈", "小明"]
    first, moves = seeded_table_moves(26, 3)
    a = handle({"game": "dawei", "action": "referee", "players": 3, "first": first, "names": names, "moves": moves[:6]})
    r = handle({"game": "record", "action": "referee", "text": a["record"]})
    assert r["ok"], r
    for m in r["moves"]:
        assert m["zh"].startswith(names[m["seat"]]) and "（" + SEATS_ZH[m["seat"]] + "）" not in m["zh"], m
        assert m["en"].startswith(names[m["seat"]]), m
    assert r["opening"][0]["zh"].startswith(names[first])
    plain = handle({"game": "dawei", "action": "referee", "players": 3, "first": first, "moves": moves[:6]})
    r2 = handle({"game": "record", "action": "referee", "text": plain["record"]})
    assert all(m["zh"].startswith(SEATS_ZH[m["seat"]]) for m in r2["moves"])
