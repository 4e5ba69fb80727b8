from hypothesis import given, strategies as st

from engine.gupai.plays import beats, classify, plays_in, why_not_beats, winner_of
from engine.gupai.tiles import DECK, FACES


def test_sets():
    names = [classify(x).zh for x in (["66", "54"], ["66", "63"], ["11", "62"], ["44", "43"], ["13", "23"])]
    assert names == ["天九", "天九", "地八", "人七", "和五"]
    ranks = [classify(x).rank for x in (["66", "54"], ["11", "53"], ["44", "52"], ["13", "41"])]
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == 4
    assert classify(["66", "66", "54"]).zh == "双天九" and classify(["66", "54", "63"]).zh == "杂九天"
    assert classify(["13", "13", "41"]).zh == "双和五" and classify(["13", "41", "23"]).zh == "杂五和"
    assert classify(["66", "62"]) is None and classify(["11", "54"]) is None  # mismatched levels
    assert beats(classify(["66", "54"]), classify(["11", "62"]))
    assert not beats(classify(["11", "62"]), classify(["66", "54"]))
    assert beats(classify(["11", "11", "62"]), classify(["13", "41", "23"]))
    # sets compare only with sets
    assert not beats(classify(["66", "54"]), classify(["22", "22"]))
    assert not beats(classify(["66", "66"]), classify(["11", "62"]))


def test_the_trick_goes_to_the_last_play_that_beat_the_one_holding_it_never_to_tiles_laid_face_down():
    threes, twos, fours = classify(["33", "33"]), classify(["22", "22"]), classify(["44", "44"])
    assert winner_of([threes, twos, None, fours]) == 3
    assert winner_of([twos, threes, fours]) == 2 and winner_of([twos, fours, threes]) == 1  # an equal or lower play takes nothing
    assert winner_of([threes, None, None, None]) == 0  # face down, however high the tiles
    assert winner_of([classify(["21", "24"]), fours]) == 0  # the supreme pair led: nothing takes it


def test_sixi_not_four():
    assert classify(["66", "66", "54", "63"]) is None
    assert all(p.size <= 3 for p in plays_in(["66", "66", "54", "63"]))


def test_pairs():
    assert classify(["54", "63"]).family == "pair:dian"
    assert classify(["65", "65"]).family == "pair:yao"
    assert classify(["66", "11"]) is None and classify(["65", "64"]) is None
    assert beats(classify(["33", "33"]), classify(["22", "22"]))  # the source's closing example
    assert not beats(classify(["33", "33"]), classify(["33", "33"]))  # equal does not take


def test_zhizun_led_is_unbeatable():
    # line 11: "两者若一起打出，即至尊牌，比谁都大" — led, nothing takes it
    z = classify(["21", "24"])
    assert z.family == "zhizun"
    twos = [p for p in plays_in(list(DECK), 2) if p.family != "zhizun"]
    assert len(twos) > 10
    for p in twos:
        assert not beats(p, z)


def test_zhizun_follow_takes_nothing():
    # line 30: "至尊赏打不起任何牌…没有出牌权时…被拆散而垫掉"
    z = classify(["21", "24"])
    for p in plays_in(list(DECK)):
        assert not beats(z, p)
        if p.size == 2 and p.family != "zhizun":
            zh, en = why_not_beats(z, p)
            assert "至尊" in zh and "supreme pair" in en
    # the API's own comparisons agree: a pair of long threes led keeps the trick against the supreme pair
    from engine.api import handle
    a = handle({"game": "gupai", "action": "compare", "plays": [["33", "33"], ["21", "24"]]})
    assert a["winner"] == 0 and a["plays"][1]["beats_best"] is False
    a = handle({"game": "gupai", "action": "compare", "plays": [["21", "24"], ["66", "54"]]})
    assert a["winner"] == 0


def test_class_beats_only_own_class():
    singles = [classify([f.code]) for f in FACES]
    for a in singles:
        for b in singles:
            fa, fb = a.family, b.family
            assert beats(a, b) == (fa == fb and a.rank > b.rank)
    # 天 cannot beat a 幺五, 虎头 cannot beat 长二
    assert not beats(classify(["66"]), classify(["51"])) and not beats(classify(["65"]), classify(["22"]))


@given(st.lists(st.sampled_from(sorted(set(DECK))), min_size=1, max_size=3))
def test_beats_is_a_strict_order(tiles):
    p = classify(tiles)
    if p is not None:
        assert not beats(p, p)
