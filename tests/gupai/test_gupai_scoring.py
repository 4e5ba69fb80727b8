import pytest
from engine.gupai.config import GupaiConfig
from engine.gupai.scoring import can_seal, dun_of_trick, jie, settle


def test_jie_formula():
    # 一结5，二结6，三结7，四结8，五结9，六结10，七结11
    assert [jie(n) for n in range(1, 8)] == [5, 6, 7, 8, 9, 10, 11]
    with pytest.raises(ValueError):
        jie(0)


def test_dun_per_trick():
    assert [dun_of_trick(n) for n in (1, 2, 3)] == [1, 2, 3]
    assert [dun_of_trick(n, GupaiConfig(dun="stack")) for n in (1, 2, 3)] == [2, 4, 6]


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
