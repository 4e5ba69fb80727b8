"""The hand laid out at the end (摊牌, §4-11): the data the table shows so a player checks the sheet against the cards."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.api import handle
from engine.paohuzi.cards import parse_card
from engine.paohuzi.fan import FANS, deng
from engine.paohuzi.request import config_of
from engine.paohuzi.seating import TABLES, table_config

from .helpers import narrate

CASES = [(v, t, seed) for v, tables in (("paohuzi", ("four", "three", "two")), ("xiaguan", ("three", "two"))) for t in tables for seed in range(0, 40)]


def _hands():
    for variant, table, seed in CASES:
        yield variant, table, seed, narrate(seed, table, variant=variant)


@pytest.fixture(scope="module")
def hands():
    return list(_hands())


def test_a_win_is_laid_out_as_groups_whose_huxi_and_the_zimo_bonus_make_the_total_and_the_deng(hands):
    wins = 0
    for variant, table, seed, a in hands:
        r = a["result"]
        lay = r["layout"]
        sheet = r["sheet"]
        if r["huang"] or not r["win"]:
            continue
        wins += 1
        cfg, _ = table_config(config_of({}, variant), table)
        # each group's 戏 (the booklet's table in §5) adds up to the groups' sum
        assert sum(g["huxi"] for g in lay["groups"]) == lay["huxi"], (variant, table, seed)
        # 自摸 +3 only for a self-drawn win
        assert lay["zimo_bonus"] == (3 if r["win"]["zimo"] else 0)
        # sum of group 戏 + 自摸 = the total the sheet pays on
        assert lay["huxi"] + lay["zimo_bonus"] == lay["total"] == sheet["total"], (variant, table, seed)
        # the 等 follows from the total (§6), and the score is 等 × 番
        assert lay["deng"] == sheet["deng"] == deng(lay["total"], cfg)
        assert lay["multiplier"] == sheet["multiplier"]
        mult = 1
        for f in lay["fans"]:
            mult *= f["multiplier"]
            assert any(FANS[k].zh == f["zh"] and FANS[k].multiplier == f["multiplier"] for k in FANS)
        assert mult == lay["multiplier"]
        assert lay["score"] == lay["deng"] * lay["multiplier"]
        # the groups hold the winner's cards: the groups left on the table plus the hand, and the winning card in one group
        won = a["seats"][r["winner"]]
        laid = Counter(c for g in lay["groups"] for c in g["cards"])
        held = Counter(won["hand"]) + Counter(c for g in won["open"] for c in g["cards"]) + Counter([r["card"]])
        assert laid == held, (variant, table, seed)
        assert sum(1 for g in lay["groups"] if g["win"]) == 1
        assert lay["card"] in next(g for g in lay["groups"] if g["win"])["cards"]
        # the card, where it came from and the way of winning are named in both languages
        assert lay["from"]["zh"] and lay["from"]["en"] and lay["ways"]
        assert parse_card(lay["card"]).zh in lay["zh"] and parse_card(lay["card"]).en in lay["en"]
        # the sum is written out line by line, with the total, the 等 and each 番's multiplier
        text = " ".join(x["en"] for x in lay["lines"])
        assert f"= {lay['huxi']} huxi" in text and f"{lay['total']} huxi = {lay['deng']} deng" in text
        for f in lay["fans"]:
            assert f"multiplied by {f['multiplier']}" in text
        if lay["zimo_bonus"]:
            assert f"{lay['huxi']} + 3 = {lay['total']}" in text
    assert wins > 100


def test_a_self_drawn_win_shows_the_bonus_and_a_red_hand_its_fan():
    # seed 3 at four seats: the next player wins on his own draw (ti), 21 + 3 = 24 戏 = 4 等, red hu × 2
    lay = narrate(3)["result"]["layout"]
    assert (lay["huxi"], lay["zimo_bonus"], lay["total"], lay["deng"], lay["multiplier"]) == (21, 3, 24, 4, 2)
    assert [f["zh"] for f in lay["fans"]] == ["红胡"]
    assert "自摸" in lay["from"]["zh"]


def test_no_win_lays_out_every_hand(hands):
    seen = 0
    for _variant, table, _seed, a in hands:
        r = a["result"]
        lay = r["layout"]
        n = TABLES[table][0]
        assert len(lay["hands"]) == n
        for s, seat in zip(lay["hands"], a["seats"]):
            assert s["hand"] == seat["hand"]
            assert [g["cards"] for g in s["open"]] == [g["cards"] for g in seat["open"]]
        if r["huang"]:
            seen += 1
            assert lay["groups"] == [] and lay["winner"] is None
            assert "荒" in lay["zh"] and "No winner" in lay["en"]
    assert seen > 0


def test_the_turned_up_card_is_on_the_board():
    a = handle({"game": "paohuzi", "action": "play", "seed": 1, "table": "four"})
    assert a["ok"]
    liang = next(x for x in a["log"] if x["kind"] == "liang")
    assert a["liang_shown"]["card"] == liang["card"]
    assert "收" in a["liang_shown"]["zh"]
    # 下灌字牌 deals the dealer 21 and turns no card up
    b = handle({"game": "paohuzi", "action": "play", "variant": "xiaguan", "seed": 1, "table": "three"})
    assert b["ok"] and b["liang_shown"] is None


def test_each_row_of_a_match_sheet_with_a_bird_sums_to_zero():
    # 打鸟 (§1-3): a fifth player shares the fate of the seat the last stock card names; every hand's row,
    # the bird's share included, balances, and so do the totals
    for seed in range(3):
        moves: list = []
        for _ in range(400):
            a = handle({"game": "paohuzi", "action": "play", "table": "four", "seed": seed, "match": {"hands": 3}, "birds": 1, "actions": moves})
            assert a["ok"], a
            m = a["match"]
            if m["over"]:
                break
            moves.append(a["hint"]["id"] if a["actions"] else {"kind": "next"})
        assert m["over"] and len(m["sheet"]) == 3
        for row in m["sheet"]:
            assert len(row["birds"]) == 1
            assert sum(row["scores"]) + sum(row["birds"]) == 0
        assert [b["total"] for b in m["birds"]] == [sum(r["birds"][0] for r in m["sheet"])]
        assert sum(p["total"] for p in m["players"]) + m["birds"][0]["total"] == 0


def test_a_match_stops_after_a_hand_the_reader_counted():
    # seed 6, four seats: the reader (甲) counts the first hand as 醒家; he sees it end, then asks for the next
    a = handle({"game": "paohuzi", "action": "play", "table": "four", "seed": 6, "match": {"hands": 2}, "actions": []})
    m = a["match"]
    assert m["players"][0]["role"] == "xing" and a["over"] and m["next"] and not m["over"]
    assert not any(s["you"] for s in a["seats"])
    assert a["result"]["layout"]["zh"]
    b = handle({"game": "paohuzi", "action": "play", "table": "four", "seed": 6, "match": {"hands": 2}, "actions": [{"kind": "next"}]})
    assert len(b["match"]["sheet"]) == 2 and b["match"]["over"]
