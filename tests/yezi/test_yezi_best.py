from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.yezi.best import best_split, combination_splits, take_out
from engine.yezi.cards import DECK
from engine.yezi.combos import COMBINATIONS, rank_of


def brute_force(hand):
    best = None
    for pick in combinations(range(8), 4):
        a = [hand[i] for i in pick]
        b = [hand[i] for i in range(8) if i not in pick]
        s = rank_of(a) + rank_of(b)
        best = s if best is None else min(best, s)
    return best


hands = st.lists(st.integers(0, len(DECK) - 1), min_size=8, max_size=8, unique=True).map(
    lambda idx: [DECK[i] for i in idx]
)


@settings(max_examples=400)
@given(hands)
def test_best_matches_brute_force(hand):
    sp = best_split(hand)
    assert sp.score == brute_force(hand)
    assert sorted(sp.groups[0] + sp.groups[1]) == sorted(hand)
    assert list(sp.ranks) == [rank_of(sp.groups[0]), rank_of(sp.groups[1])]
    assert sp.ranks[0] <= sp.ranks[1]


@given(hands, st.randoms())
def test_best_ignores_card_order(hand, rnd):
    shuffled = list(hand)
    rnd.shuffle(shuffled)
    assert best_split(shuffled) == best_split(hand)


def test_known_hands():
    assert best_split([9, 6, 5, 10, 9, 6, 5, 10]).score == 2
    sp = best_split([9, 6, 5, 10, 2, 0, 2, 10])
    assert sp.ranks == (1, 2)
    # 天 wins over 火 for the single 合: 9 6 5 10 + 6 8 4 x  -> 1 + 9
    assert best_split([9, 6, 5, 10, 6, 8, 4, 1]).score == 10
    assert best_split([1, 1, 2, 2, 3, 3, 4, 4]).score == 18


@settings(max_examples=300)
@given(hands)
def test_combination_splits_are_every_combination_the_hand_holds(hand):
    found = combination_splits(hand)
    held = [c for c in COMBINATIONS if take_out(hand, c.cards) is not None]
    assert [sp.ranks[0] for sp in found] == [c.rank for c in held]
    for sp in found:
        assert sorted(sp.groups[0] + sp.groups[1]) == sorted(hand)
    # the best split shows one of them, or none of the hand's splits holds a combination
    assert best_split(hand) in found if found else best_split(hand).score == 18


def test_take_out_leaves_the_other_cards():
    assert take_out((0, 2, 2, 10, 5), (2, 10)) == (0, 2, 5)
    assert take_out((0, 2, 10), (2, 2)) is None
    assert take_out((1, 2), ()) == (1, 2)
