from engine.gupai.tiles import BY_CODE, CHANG, DECK, DIAN, FACES, YAO, check_possible, parse_tile, InvalidTiles
import pytest


def test_set_has_32_tiles_in_three_classes():
    assert len(DECK) == 32
    count = {c: sum(1 for t in DECK if BY_CODE[t].cls == c) for c in (CHANG, DIAN, YAO)}
    assert count == {CHANG: 14, DIAN: 10, YAO: 8}
    assert all(f.copies == (1 if f.cls == DIAN else 2) for f in FACES)
    # every face is a distinct domino (the reversed face is the same tile)
    assert len({frozenset((f.top.pips, f.bottom.pips)) if f.top.pips != f.bottom.pips else f.top.pips for f in FACES}) == 21


def _order(cls):
    return [f.kind for f in sorted((f for f in FACES if f.cls == cls), key=lambda f: -f.rank)]


def test_class_orders():
    assert list(dict.fromkeys(_order(CHANG))) == ["天", "地", "人", "和", "长五", "长三", "长二"]
    assert list(dict.fromkeys(_order(DIAN))) == ["杂九", "杂八", "杂七", "六点", "杂五", "三点"]
    assert list(dict.fromkeys(_order(YAO))) == ["虎头", "四六", "幺六", "幺五"]
    assert [BY_CODE[c].points for c in ("66", "11", "44", "13", "55", "33", "22")] == [12, 2, 8, 4, 10, 6, 4]
    assert [BY_CODE[c].points for c in ("65", "64", "61", "51")] == [11, 10, 7, 6]
    for a, b in (("54", "63"), ("62", "53"), ("52", "43"), ("41", "23")):
        assert BY_CODE[a].rank == BY_CODE[b].rank and BY_CODE[a].points == BY_CODE[b].points


def test_shang_single_ranks():
    r = {c: BY_CODE[c].rank for c in ("52", "24", "41", "21")}
    assert r["52"] > r["24"] > r["41"] > r["21"]
    assert r["21"] == min(f.rank for f in FACES if f.cls == DIAN)


def test_red_pips():
    assert BY_CODE["66"].red == 6 and BY_CODE["66"].points - BY_CODE["66"].red == 6
    assert BY_CODE["11"].red == 2 and BY_CODE["44"].red == 8
    for f in FACES:
        for h in (f.top, f.bottom):
            assert len(h.colours) == h.pips
            if f.code != "66":
                assert h.red == (h.pips if h.pips in (1, 4) else 0), f.code
    assert BY_CODE["55"].red == BY_CODE["33"].red == BY_CODE["22"].red == 0


def test_parse_and_possible():
    assert parse_tile("6-6") == "66" and parse_tile("31") == "13" and parse_tile("45") == "54"
    for bad in ("77", "", 5, None, "6666666666"):
        with pytest.raises(InvalidTiles):
            parse_tile(bad)
    with pytest.raises(InvalidTiles):
        check_possible(["66", "66", "66"])
    with pytest.raises(InvalidTiles):
        check_possible(["21", "21"])
    check_possible(list(DECK))


def test_six_is_black_two_red_four():
    # line 11: "六点（黑2红6点" — the six has two black pips and a red four; six pips in all
    # (the text's 红6点 read as the total: a 2-pip black half leaves four pips to be red)
    f = BY_CODE["24"]
    assert f.points == 6 and f.top.colours == ("b", "b") and f.bottom.colours == ("r",) * 4
    # "三点（黑2红1点": two black and one red
    assert BY_CODE["21"].top.colours == ("b", "b") and BY_CODE["21"].bottom.colours == ("r",)


def test_source_names_and_lao_ya():
    from engine.gupai.tiles import ALIASES, standing
    # line 10: 弯七 "即麻将中的七饼，也叫猪脚或大邪货"; line 11: 喜牌, "三六点儿"
    assert all(n in ALIASES["43"][0] for n in ("七饼", "猪脚", "大邪货"))
    assert "喜牌" in ALIASES["24"][0] and "三六点儿" in ALIASES["21"][0]
    # line 35: "六张老": the top level of each class, two tiles each
    assert sorted(c for c in DECK if standing(c) == "老") == ["54", "63", "65", "65", "66", "66"]
    assert {c for c in DECK if standing(c) == "亚"} == {"11", "62", "53", "64"}
