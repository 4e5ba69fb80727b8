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
