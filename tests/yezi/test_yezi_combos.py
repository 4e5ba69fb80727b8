from itertools import combinations_with_replacement, permutations

from hypothesis import given
from hypothesis import strategies as st

from engine.yezi.cards import COUNTS, parse_card
from engine.yezi.combos import COMBINATIONS, SCATTER_RANK, classify, rank_of

# the source's own spelling of each combination, name -> cipher string
SOURCE = {
    "天牌": "王土人合", "地牌": "贝叶贝合", "人牌": "人才叶合", "和牌": "豆叶长合",
    "金牌": "参贝土合", "木牌": "人叶豆合", "水牌": "人参叶合", "火牌": "土别长合",
}


def test_eight_combinations_in_source_order():
    assert [c.zh for c in COMBINATIONS] == list(SOURCE)
    assert [c.rank for c in COMBINATIONS] == list(range(1, 9))
    for c in COMBINATIONS:
        assert tuple(parse_card(ch) for ch in SOURCE[c.zh]) == c.cards


def test_each_combination_any_order():
    for c in COMBINATIONS:
        for p in set(permutations(c.cards)):
            assert classify(p) == c
            assert rank_of(p) == c.rank


def test_non_combinations_score_nine():
    keys = {c.key for c in COMBINATIONS}
    n = 0
    for g in combinations_with_replacement(range(11), 4):
        if any(g.count(v) > COUNTS[v] for v in range(11)):
            continue
        if g in keys:
            continue
        n += 1
        assert classify(g) is None and rank_of(g) == SCATTER_RANK
    assert n > 100


@given(st.permutations([9, 6, 5, 10]), st.integers(0, 3), st.data())
def test_changing_one_card_breaks_heaven(p, i, data):
    g = list(p)
    g[i] = data.draw(st.integers(1, 9).filter(lambda v: v != g[i]), label="new card")
    assert classify(g) is None or classify(g).id != "tian"


def test_every_combination_needs_he():
    assert all(10 in c.cards for c in COMBINATIONS)
    assert sum(1 for c in COMBINATIONS if c.uses_leaf) == 5
