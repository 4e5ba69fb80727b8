import itertools

import pytest
from hypothesis import given, strategies as st

from engine.dawei.dice import ALL_OUTCOMES, Throw, all_throws
from engine.dawei.options import DEFAULT, Rules
from engine.dawei.throws import BLANK, PATTERNS, animal_stats, classify, matches, pattern_ways, throw_table

# (dice, pattern id, awards): throws taken from the source's own descriptions
SOURCE = [
    ((4, 1, 2, 3, 3, 6), "chicken", ("chicken",)),
    ((4, 4, 1, 2, 3, 6), "rabbit", ("rabbit",)),
    ((2, 2, 3, 3, 5, 5), "muntjac_three_pairs", ("muntjac",)),  # 两颗二点、两颗三点、两颗五点
    ((2, 2, 2, 6, 6, 5), "muntjac_seventeen", ("muntjac",)),
    ((3, 3, 3, 1, 2, 2), "muntjac_five_gold", ("muntjac",)),
    ((2, 2, 2, 1, 1, 1), "muntjac_two_triples", ("muntjac",)),  # 三颗二点和三颗幺点
    ((1, 1, 1, 6, 6, 6), "leopard_tiandi", ("leopard",)),  # 天地分豹
    ((4, 4, 4, 1, 2, 3), "deer_three_red", ("deer",)),
    ((4, 4, 2, 2, 3, 3), "deer_red_three_pairs", ("deer",)),
    ((4, 4, 5, 5, 6, 6), "leopard_456", ("leopard",)),
    ((2, 2, 2, 2, 1, 3), "eagle", ("eagle",)),
    ((2, 2, 2, 2, 4, 3), "eagle_one_red", ("eagle", "chicken")),
    ((2, 2, 2, 2, 4, 4), "eagle_two_red", ("eagle", "rabbit")),
    ((1, 1, 1, 1, 2, 3), "dog", ("dog",)),
    ((1, 1, 1, 1, 4, 2), "dog", ("dog",)),  # 狗不挂红
    ((1, 1, 1, 1, 4, 4), "dog", ("dog",)),
    ((4, 4, 4, 4, 2, 3), "leopard_four_red", ("leopard",)),
    ((4, 4, 4, 1, 2, 2), "leopard_red_five_gold", ("leopard",)),
    ((4, 4, 4, 6, 6, 5), "leopard_red_seventeen", ("leopard",)),
    ((4, 4, 4, 2, 2, 2), "leopard_red_fenxiang", ("leopard",)),
    ((4, 4, 4, 1, 1, 1), "leopard_red_fenxiang", ("leopard",)),
    ((2, 2, 2, 2, 2, 3), "tiger_five_black", ("tiger",)),
    ((1, 1, 1, 1, 1, 3), "tiger_five_black", ("tiger",)),  # 含五个幺点
    ((2, 2, 2, 2, 1, 1), "tiger_shuang_yao", ("tiger",)),
    ((3, 3, 3, 3, 1, 2), "tiger_yao_er_san", ("tiger",)),
    ((5, 5, 5, 5, 1, 4), "tiger_yao_si_wu", ("tiger",)),
    ((5, 5, 5, 5, 2, 3), "tiger_er_san_wu", ("tiger",)),
    ((6, 6, 6, 6, 1, 5), "tiger_yao_wu_liu", ("tiger",)),
    ((6, 6, 6, 6, 2, 4), "tiger_er_si_liu", ("tiger",)),
    ((6, 6, 6, 6, 3, 3), "tiger_shuang_piaodai", ("tiger",)),
    ((4, 4, 4, 6, 6, 6), "tiger_jinnian_hao", ("tiger",)),
    ((5, 5, 5, 6, 6, 6), "tiger_longhu_dou", ("tiger",)),
    ((4, 4, 4, 4, 4, 2), "lion_five_red", ("lion",)),
    ((4, 4, 4, 4, 1, 3), "lion_yao_san", ("lion",)),
    ((4, 4, 4, 4, 2, 2), "lion_gezi", ("lion",)),
    ((3, 3, 3, 3, 3, 4), "lion_wuzi_guayin", ("lion",)),
    ((1, 1, 1, 1, 1, 4), "lion_wuzi_guayin", ("lion",)),  # 包括五颗幺点
    ((1, 2, 3, 4, 5, 6), "straight", ()),
    ((4, 4, 4, 4, 4, 4), "red_bowl", ()),
    ((6, 6, 6, 6, 6, 6), "black_bowl", ()),
    ((1, 1, 1, 1, 1, 1), "black_bowl", ()),  # 幺一碗
]


@pytest.mark.parametrize("dice,pid,awards", SOURCE)
def test_source_examples(dice, pid, awards):
    p = classify(dice)
    assert (p.id, p.awards) == (pid, awards)


def test_every_named_pattern_has_a_source_example():
    assert {pid for _, pid, _ in SOURCE} == {p.id for p in PATTERNS}


@pytest.mark.parametrize("p", PATTERNS, ids=lambda p: p.id)
def test_declared_example_classifies_as_itself(p):
    assert classify(p.example).id == p.id


def test_named_exceptions():
    # the source names the exception; the general rule also fits, the exception wins
    assert [m.id for m in matches((1, 1, 1, 6, 6, 6))][:2] == ["leopard_tiandi", "muntjac_two_triples"]
    assert classify((5, 5, 5, 6, 6, 6)).id == "tiger_longhu_dou"
    assert classify((4, 4, 5, 5, 6, 6)).id == "leopard_456"
    assert "deer_red_three_pairs" in [m.id for m in matches((4, 4, 5, 5, 6, 6))]
    # 红分香 excludes three sixes: that throw is the good-year tiger
    assert classify((4, 4, 4, 6, 6, 6)).id == "tiger_jinnian_hao"
    # four ones are never an eagle
    assert classify((1, 1, 1, 1, 2, 3)).id == "dog"


def test_red_five_gold_option():
    assert classify((4, 4, 4, 1, 1, 3)).id == "leopard_red_five_gold"
    strict = Rules(red_five_gold="one_two_two")
    assert classify((4, 4, 4, 1, 1, 3), strict).id == "deer_three_red"
    assert classify((4, 4, 4, 1, 2, 2), strict).id == "leopard_red_five_gold"


def test_two_reds_with_pair():
    assert classify((4, 4, 2, 2, 3, 5)).id == "rabbit"
    assert classify((4, 4, 2, 2, 3, 5), Rules(two_red_with_pair="blank")).id == "blank"


def test_table_sums_to_46656():
    table = throw_table()
    assert len(table) == 462 == len(all_throws())
    assert sum(r.ways for r in table) == ALL_OUTCOMES == 6**6
    assert sum(pattern_ways().values()) == ALL_OUTCOMES


def test_table_ways_match_brute_force():
    counts: dict[tuple[int, ...], int] = {}
    for d in itertools.product(range(1, 7), repeat=6):
        k = tuple(sorted(d))
        counts[k] = counts.get(k, 0) + 1
    assert {r.throw.dice: r.ways for r in throw_table()} == counts


def test_known_odds():
    pw = pattern_ways()
    assert pw["straight"] == 720  # 6!
    assert pw["red_bowl"] == 1
    assert pw["black_bowl"] == 5
    assert pw["lion_gezi"] == 15  # 6!/(4!2!)


def test_animal_stats_consistent():
    st_ = animal_stats()
    assert st_["fox"] == (0, 0)  # the fox depends on the game
    lion_ways = sum(pattern_ways()[p.id] for p in PATTERNS if p.awards == ("lion",))
    assert st_["lion"] == (lion_ways, lion_ways * 64)


@given(st.lists(st.integers(1, 6), min_size=6, max_size=6), st.permutations(range(6)))
def test_order_never_matters(dice, perm):
    assert classify(dice) == classify([dice[i] for i in perm])


@given(st.lists(st.integers(1, 6), min_size=6, max_size=6))
def test_first_match_is_the_most_valuable(dice):
    ms = matches(dice)
    p = classify(dice)
    assert p == (ms[0] if ms else BLANK)
    if not p.special:
        assert all(p.zhu >= m.zhu for m in ms if not m.special)


@given(st.lists(st.integers(1, 6), min_size=6, max_size=6))
def test_awards_exist(dice):
    p = classify(dice, DEFAULT)
    assert (p.special is None) or p.awards == ()
    assert Throw.of(*dice).ways >= 1
