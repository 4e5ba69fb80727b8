import pytest
from engine.gupai.config import GupaiConfig
from engine.gupai.scoring import Facts, can_seal, dun_of_trick, jie, settle, why_not_seal


def test_jie_formula():
    # 一结5，二结6，三结7，四结8，五结9，六结10，七结11
    assert [jie(n) for n in range(1, 8)] == [5, 6, 7, 8, 9, 10, 11]
    with pytest.raises(ValueError):
        jie(0)


def test_dun_per_trick():
    # "32张以4张为一墩，共8墩": a trick of singles is one 墩, of pairs two, of sets of three three
    assert [dun_of_trick(n) for n in (1, 2, 3)] == [1, 2, 3]


def test_source_example_heaven_closes():
    # closing with one Heaven after holding three: 1 + 3 = 4, 四结8
    s = settle([4, 1, 2, 1], closer=0)
    assert s.nets[0] == 8 and s.bama is None


def test_baomen_examples():
    # 4 墩 break even; 1 pays 3, 2 pays 2, 3 pays 1, none pays 4 (清铺)
    s = settle([1, 4, 0, 3], closer=3)
    assert s.nets[1] == 0 and s.nets[0] == -3 and s.nets[2] == -4
    s = settle([2, 3, 1, 2], closer=0)
    assert s.nets[1] == -1 and s.nets[2] == -3 and s.nets[3] == -2
    s = settle([5, 0, 2, 1], closer=3)  # one more than four wins one
    assert s.nets[0] == 1
    # 二结6: closing with a pair of long threes and nothing before
    s = settle([2, 6, 0, 0], closer=0)
    assert s.nets[0] == 6


def test_settlement_is_balanced_and_follows_formula():
    # every way eight 墩 can fall among four players, every closer who won the last trick
    cases = 0
    for a in range(9):
        for b in range(9 - a):
            for c in range(9 - a - b):
                held = (a, b, c, 8 - a - b - c)
                for closer in range(4):
                    if held[closer] == 0:
                        continue
                    s = settle(held, closer)
                    cases += 1
                    assert sum(s.nets) == 0
                    if held[closer] < 8:
                        assert s.nets[closer] == jie(held[closer])
                        assert all(s.nets[i] == held[i] - 4 for i in range(4) if i != closer)
    assert cases > 400


def test_bama():
    plain = settle([8, 0, 0, 0], 0, closer_tiles=("66", "66", "11", "11", "44", "44", "65", "65"))
    assert plain.bama == "plain" and plain.nets == (24, -8, -8, -8)
    red = settle([0, 8, 0, 0], 1, closer_tiles=("66", "66", "11", "11", "44", "44", "21", "65"))
    assert red.bama == "red" and red.nets[0] == -16
    hard = settle([0, 0, 8, 0], 2, closer_tiles=("66",) * 2, contested=False)
    assert hard.bama == "hard" and hard.multiplier == 4
    sealed = settle([8, 0, 0, 0], 0, closer_tiles=("66",), sealed=(2,))
    assert sealed.nets[2] == -4 and sealed.nets[1] == -8 and sum(sealed.nets) == 0


def test_seal():
    assert can_seal(["44", "13", "52", "43", "41", "23", "61", "51"])
    assert not can_seal(["11", "13", "52", "43", "41", "23", "61", "51"])  # 地 is second in 长门
    assert not can_seal(["64", "13", "52", "43", "41", "23", "61", "51"])  # 四六 is second in 幺门
    s = settle([4, 0, 3, 1], 0, sealed=(1,))
    assert s.nets[1] == -4 and sum(s.nets) == 0


def test_bad_settlements_raise():
    for held, closer in (([4, 4, 0, 1], 0), ([0, 4, 4, 0], 0), ([9, -1, 0, 0], 0)):
        with pytest.raises(ValueError):
            settle(held, closer)


def test_closer_is_settled_by_the_rhyme_not_against_four():
    # line 24: "每多打一墩就多进一墩的钱，结了牌就另当别论" — a closer holding 5 does not get 5 - 4 = 1
    s = settle([5, 1, 1, 1], 0)
    assert s.nets[0] == jie(5) == 9 and s.nets[0] != 5 - 4
    assert s.nets[1:] == (-3, -3, -3)


def test_heibama_schedule():
    # line 28: 没打得墩的人出2倍 (8)；打了一墩的…共出5墩；打了2墩的…只出2墩；打了3墩的，出一墩
    run = Facts(closer_tiles=("66", "11", "24", "65", "22", "33", "13", "61"), run_each=4, run_tiles=("66", "11", "24", "65"))
    s = settle([0, 1, 2, 5], 3, facts=run)
    assert s.heibama and s.nets == (-8, -5, -2, 15)
    s = settle([3, 0, 1, 4], 3, facts=run)
    assert s.nets == (-1, -8, -5, 14)
    # line 30: "若最后三张结了，含有赏，不叫黑八马，只叫赏结": only three in the run is an ordinary close
    three = Facts(run_each=3, run_tiles=("66", "24", "65"))
    s = settle([1, 2, 2, 3], 3, facts=three)
    assert not s.heibama and s.nets[3] == jie(3)
    # no shang in the run: ordinary close; under "run_hand" the shang in the hand is enough
    no_shang = Facts(closer_tiles=("21", "66", "11", "65", "22", "33", "13", "61"), run_each=4, run_tiles=("66", "11", "65", "22"))
    assert not settle([0, 1, 2, 5], 3, facts=no_shang).heibama
    assert settle([0, 1, 2, 5], 3, GupaiConfig(heibama="run_hand"), facts=no_shang).heibama
    assert not settle([0, 1, 2, 5], 3, GupaiConfig(heibama="off"), facts=run).heibama
    # 赏保门进四 (option): the dealer holding two breaks even and receives four from the closer
    dealer = Facts(run_each=4, run_tiles=("24",), dealer=0)
    s = settle([2, 1, 1, 4], 3, GupaiConfig(shang_baomen="dealer"), facts=dealer)
    assert s.nets == (4, -5, -5, 6)
    assert settle([2, 1, 1, 4], 3, facts=dealer).nets == (-2, -5, -5, 12)


def test_xiqian_for_zhizun():
    # line 11: "两者若一起打出，即至尊牌…另外人得出“喜钱”": each other player pays the 至尊's player
    f = Facts(zhizun_by=(2,))
    s = settle([3, 2, 2, 1], 0, facts=f)
    plain = settle([3, 2, 2, 1], 0, GupaiConfig(xiqian="none"), facts=f)
    assert [a - b for a, b in zip(s.nets, plain.nets)] == [-1, -1, 3, -1]
    assert any(ln.why == "xiqian" and ln.payee == 2 for ln in s.lines)


def test_seal_exempts_shang_and_bama_money():
    # line 34: "只出一清铺的牌钱，不出赏钱和八马钱"
    run = Facts(run_each=4, run_tiles=("24",), zhizun_by=(3,))
    s = settle([3, 0, 1, 4], 3, sealed=(1,), facts=run)
    assert s.heibama and s.nets[1] == -4  # not the 8 of 黑八马 nor 喜钱
    assert settle([3, 0, 1, 4], 3, facts=run).nets[1] == -9  # unsealed: 8 + 1 喜钱
    b = settle([8, 0, 0, 0], 0, closer_tiles=("21",), sealed=(3,))
    assert b.bama == "red" and b.nets[3] == -4 and b.nets[1] == -16
    # why a hand may not be sealed names its tiles
    zh, en = why_not_seal(("66", "13", "52", "43", "41", "23", "61", "51"))
    assert "天牌" in zh and "Heaven" in en
    assert why_not_seal(("44", "13", "52", "43", "41", "23", "61", "51")) is None


def test_every_line_says_who_pays_whom():
    s = settle([1, 5, 0, 2], 3)
    assert sum(s.nets) == 0
    for ln in s.lines:
        assert ln.zh and ln.en and ln.payer != ln.payee
    assert {(ln.payer, ln.payee, ln.amount) for ln in s.lines} == {(0, 3, 3), (3, 1, 1), (2, 3, 4)}
