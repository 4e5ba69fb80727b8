from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.yezi.best import best_split
from engine.yezi.cards import DECK
from engine.yezi.combos import rank_of
from engine.yezi.config import YeziConfig
from engine.yezi.round import Round, group_scores, places_of

seeds = st.integers(0, 2**40)


@given(seeds, st.integers(0, 3))
def test_deal_uses_every_card_once(seed, thrower):
    r = Round(seed, thrower)
    d = r.deal
    assert len(d.stacks) == 16 and all(len(s) == 2 for s in d.stacks)
    assert Counter(c for h in d.hands for c in h) == Counter(DECK)
    assert all(len(h) == 8 for h in d.hands)
    drawn = [i for _, idx in d.draws for i in idx]
    assert sorted(drawn) == list(range(16))
    assert [s for s, _ in d.draws] == [(d.first_drawer + k) % 4 for k in range(4)] * 2


@given(seeds, st.integers(0, 3))
def test_die_picks_drawer_and_stack(seed, thrower):
    a = Round(seed, thrower).deal
    b = Round(seed, thrower, YeziConfig(count_from="next")).deal
    assert 1 <= a.die <= 6
    assert a.first_drawer == (thrower + a.die - 1) % 4
    assert b.first_drawer == (thrower + b.die) % 4
    assert a.start_stack == a.die - 1
    assert a.draws[0][1] == (a.die - 1, a.die)


@given(seeds)
def test_same_seed_replays(seed):
    assert Round(seed).play_out() == Round(seed).play_out()


@given(seeds, st.integers(0, 3))
def test_thrower_shows_first(seed, thrower):
    r = Round(seed, thrower)
    assert r.to_show == thrower
    res = r.play_out()
    assert [s.seat for s in res.showings[:4]] == [(thrower + k) % 4 for k in range(4)]


@given(seeds)
def test_totals_are_sums_of_ranks(seed):
    res = Round(seed).play_out()
    r = Round(seed)
    for seat in range(4):
        mine = [s for s in res.showings if s.seat == seat]
        assert len(mine) == 2
        assert res.totals[seat] == sum(rank_of(s.group) for s in mine) == best_split(r.deal.hands[seat]).score


@given(seeds)
def test_lowest_total_wins(seed):
    res = Round(seed).play_out()
    low = min(res.totals)
    assert all((p == 1) == (t == low) for p, t in zip(res.places, res.totals))


def test_placing_reading():
    assert group_scores([5, 9, 5, 8], YeziConfig()) == [5, 9, 5, 8]
    assert group_scores([5, 9, 5, 8], YeziConfig(scoring="placing")) == [1, 9, 1, 3]
    assert group_scores([9, 9, 9, 2], YeziConfig(scoring="placing")) == [9, 9, 9, 1]


def test_tie_readings():
    assert places_of([14, 18, 14, 17], [0, 1, 2, 3], YeziConfig()) == (1, 4, 1, 3)
    assert places_of([14, 18, 14, 17], [2, 3, 0, 1], YeziConfig(ties="first_shown")) == (2, 4, 1, 3)


def test_manual_play_and_illegal_show():
    r = Round(11)
    seat = r.to_show
    hand = r.deal.hands[seat]
    assert len(r.legal_actions()) >= 1
    with pytest.raises(ValueError):
        r.show(hand[:3])
    r.show(hand[:4])
    assert r.to_show == (seat + 1) % 4
    with pytest.raises(ValueError):
        r.result()


# yezixi.txt 4③: "每次出一组已组合好的四张牌" — every showing is a group already put together, so each
# player's two groups (and their order) are fixed before the first group of the round is shown.


@given(seeds, st.integers(0, 3))
def test_groups_are_fixed_before_the_first_showing(seed, thrower):
    r = Round(seed, thrower)
    first = r.to_show
    hand = r.deal.hands[first]
    r.show(hand[:4])
    # nobody may re-arrange once a group is on the table …
    for seat in range(4):
        with pytest.raises(ValueError):
            r.arrange(seat, r.deal.hands[seat][:4], r.deal.hands[seat][4:])
    # … and every other seat's first group is already decided (its best split), whatever was shown
    for _k in range(1, 4):
        seat = r.to_show
        assert r.legal_actions() == [best_split(r.deal.hands[seat]).groups[0]]
        r.show_best()
    # the first shower's second group is the other four of the split they showed first
    assert r.legal_actions() == [hand[4:]]


@given(seeds)
def test_an_arranged_split_is_shown_in_its_order(seed):
    r = Round(seed)
    hand = r.deal.hands[0]
    worst_first = tuple(reversed(best_split(hand).groups))
    r.arrange(0, *worst_first)
    res = r.play_out()
    mine = [s.group for s in res.showings if s.seat == 0]
    assert mine == list(worst_first)
    with pytest.raises(ValueError):
        Round(seed).arrange(0, hand[:4], hand[:4])  # not the player's eight cards


# yezixi.txt 4③: "以排列最靠前的出牌者为优胜" — at each showing the winner is whoever shows the group
# standing first in the order of the eight combinations; 流散对 (散乱组合) stand outside that order.


@given(seeds, st.integers(0, 3))
def test_each_showing_reports_its_winner(seed, thrower):
    res = Round(seed, thrower).play_out()
    assert len(res.showing_winners) == 2
    for turn, winners in enumerate(res.showing_winners):
        batch = [s for s in res.showings if s.turn == turn]
        best = min(s.rank for s in batch)
        if best == 9:
            assert winners == ()
        else:
            assert set(winners) == {s.seat for s in batch if s.rank == best}
            assert all(s.rank == best for s in batch if s.seat in winners)


def test_showing_winner_examples():
    from engine.yezi.round import showing_winners

    tian, huo, loose = (5, 6, 9, 10), (4, 6, 8, 10), (1, 2, 3, 4)
    assert showing_winners([(0, 0, huo), (1, 0, tian), (2, 0, loose), (3, 0, loose)]) == (1,)
    assert showing_winners([(2, 0, tian), (3, 0, huo), (0, 0, tian), (1, 0, loose)]) == (2, 0)
    assert showing_winners([(0, 0, loose), (1, 0, loose), (2, 0, loose), (3, 0, loose)]) == ()
