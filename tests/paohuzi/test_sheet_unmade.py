"""Issue 45.3 on the 跑胡子 match sheet: a 戏 count no hand can make is refused in words (the booklet's values of
each group, §5, and a hand's size), and a family's names are in the sentences of the sheet's record (45.5)."""

from __future__ import annotations

from engine.api import handle
from engine.paohuzi.config import DEFAULT
from engine.paohuzi.extremes import check, possible_huxi, upper_bound
from engine.paohuzi.sheet import form_words

NAMES = ["爷爷", "奶奶", "爸爸", "妈妈"]


def sheet(huxi: int):
    return handle({"game": "paohuzi", "action": "sheet", "names": NAMES, "hands": [{"winner": 1, "huxi": huxi}]})


def test_the_counts_a_hand_makes():
    made = possible_huxi(DEFAULT)
    # the booklet's 75 is the most with the self-draw's 3: 72 before it, the field's count
    assert max(made) == max(u for k in range(8) if (u := upper_bound(k)) is not None) - DEFAULT.zimo_bonus == 72
    assert sorted(set(range(76)) - made) == [53, 56, 59, 62, 64, 65, 67, 68, 70, 71, 73, 74, 75]
    # every hand the engine scores at the ceiling for k fours is inside the set
    for k in range(7):
        v = check(k)
        if v is not None:
            assert v.wins and v.best.group_huxi in made and v.best.total - DEFAULT.zimo_bonus in made


def test_an_unmade_count_is_refused_in_both_languages_and_a_made_one_goes_in():
    for x in (53, 71, 73, 75):
        a = sheet(x)
        assert not a["ok"] and f"{x} 戏凑不出来" in a["error"]["zh"] and f"{x} huxi cannot be made" in a["error"]["en"], a
    a = sheet(80)
    assert not a["ok"] and "75" in a["error"]["zh"] and "72" in a["error"]["zh"]
    for x in (15, 52, 54, 69, 72):
        assert sheet(x)["ok"], x
    # the form's words carry the same reasons, said beside the field as the count is typed
    unmade = form_words()["limits"]["unmade_huxi"]
    assert set(unmade) == {"53", "56", "59", "62", "64", "65", "67", "68", "70", "71", "73", "74", "75"}
    assert "52" in unmade["53"]["zh"] and "54" in unmade["53"]["en"]


def test_the_record_s_sentences_name_the_family():
    a = handle({"game": "paohuzi", "action": "sheet", "names": NAMES, "hands": [{"winner": 1, "huxi": 21}, {"winner": None}]})
    moves = [ln for ln in a["record"].splitlines() if ln[:1].isdigit()]
    assert "奶奶胡 21 戏" in moves[0] and "爷爷坐庄" in moves[0] and "乙胡" not in moves[0], moves
    assert "Hand 1, 爷爷 deals" in moves[0]
    told = handle({"game": "record", "action": "referee", "text": a["record"]})
    assert all("乙胡" not in m["zh"] and "甲坐庄" not in m["zh"] for m in told["moves"])
    assert any("奶奶" in m["zh"] for m in told["moves"])
    # and without names the seats are named as before
    b = handle({"game": "paohuzi", "action": "sheet", "hands": [{"winner": 1, "huxi": 21}]})
    assert "乙胡" in b["record"] or "下家乙" in b["record"]
