from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.protocol import IllegalAction, open_state
from engine.yezi.best import best_split
from engine.yezi.cards import DECK, code_of
from engine.yezi.combos import rank_of
from engine.yezi.config import YeziConfig
from engine.yezi.round import group_scores, places_of
from engine.yezi.state import YeziState, move_codes

seeds = st.integers(0, 2**40)


def split(first, second) -> str:
    return f"split:{move_codes(first)}|{move_codes(second)}"


@given(seeds, st.integers(0, 3))
def test_deal_uses_every_card_once(seed, thrower):
    d = YeziState({"seed": seed, "thrower": thrower}).deal
    assert len(d.stacks) == 16 and all(len(s) == 2 for s in d.stacks)
    assert Counter(c for h in d.hands for c in h) == Counter(DECK)
    assert all(len(h) == 8 for h in d.hands)
    drawn = [i for _, idx in d.draws for i in idx]
    assert sorted(drawn) == list(range(16))
    assert [s for s, _ in d.draws] == [(d.first_drawer + k) % 4 for k in range(4)] * 2


@given(seeds, st.integers(0, 3))
def test_die_picks_drawer_and_stack(seed, thrower):
    a = YeziState({"seed": seed, "thrower": thrower}).deal
    b = YeziState({"seed": seed, "thrower": thrower, "options": {"count_from": "next"}}).deal
    assert 1 <= a.die <= 6
    assert a.first_drawer == (thrower + a.die - 1) % 4
    assert b.first_drawer == (thrower + b.die) % 4
    assert a.start_stack == a.die - 1
    assert a.draws[0][1] == (a.die - 1, a.die)


@given(seeds)
def test_same_seed_replays(seed):
    assert YeziState({"seed": seed}).play_out() == YeziState({"seed": seed}).play_out()


@given(seeds, st.integers(0, 3))
def test_played_out_round_writes_its_moves(seed, thrower):
    r = YeziState({"seed": seed, "thrower": thrower})
    res = r.play_out()
    assert len(r.actions) == 12 and r.is_terminal()
    again = open_state(r.written())
    assert again.result() == res and again.observation(0) == r.observation(0)


@given(seeds, st.integers(0, 3))
def test_thrower_shows_first(seed, thrower):
    r = YeziState({"seed": seed, "thrower": thrower})
    assert r.current_player() == thrower  # the thrower splits first, then shows first
    res = r.play_out()
    assert [s.seat for s in res.showings[:4]] == [(thrower + k) % 4 for k in range(4)]


@given(seeds)
def test_totals_are_sums_of_ranks(seed):
    res = YeziState({"seed": seed}).play_out()
    r = YeziState({"seed": seed})
    for seat in range(4):
        mine = [s for s in res.showings if s.seat == seat]
        assert len(mine) == 2
        assert res.totals[seat] == sum(rank_of(s.group) for s in mine) == best_split(r.deal.hands[seat]).score


@given(seeds)
def test_lowest_total_wins(seed):
    res = YeziState({"seed": seed}).play_out()
    low = min(res.totals)
    assert all((p == 1) == (t == low) for p, t in zip(res.places, res.totals))


def test_placing_reading():
    assert group_scores([5, 9, 5, 8], YeziConfig()) == [5, 9, 5, 8]
    assert group_scores([5, 9, 5, 8], YeziConfig(scoring="placing")) == [1, 9, 1, 3]
    assert group_scores([9, 9, 9, 2], YeziConfig(scoring="placing")) == [9, 9, 9, 1]


def test_tie_readings():
    assert places_of([14, 18, 14, 17], [0, 1, 2, 3], YeziConfig()) == (1, 4, 1, 3)
    assert places_of([14, 18, 14, 17], [2, 3, 0, 1], YeziConfig(ties="first_shown")) == (2, 4, 1, 3)


def test_a_move_not_offered_is_refused_and_changes_nothing():
    r = YeziState({"seed": 11})
    seat = r.current_player()
    hand = r.deal.hands[seat]
    before = r.written()
    for bad in ("show:" + move_codes(hand[:4]), split(hand[:3], hand[3:]), split(hand[:4], hand[:4]), "pass"):
        with pytest.raises(IllegalAction):
            r.apply(bad)
        assert r.written() == before and r.current_player() == seat
    r.apply(split(hand[:4], hand[4:]))
    assert r.current_player() == (seat + 1) % 4 and r.arranged[seat] == (hand[:4], hand[4:])
    with pytest.raises(ValueError):
        r.result()


# yezixi.txt 4③: "每次出一组已组合好的四张牌" — every showing is a group already put together, so each
# player's two groups (and their order) are fixed before the first group of the round is shown.


@given(seeds, st.integers(0, 3))
def test_groups_are_fixed_before_the_first_showing(seed, thrower):
    r = YeziState({"seed": seed, "thrower": thrower})
    hand = r.deal.hands[thrower]
    for _ in range(4):  # every seat splits before anyone shows: no showing is offered until then
        assert all(a.startswith("split:") for a in r.legal_actions())
        r.apply(r.legal_actions()[-1] if r.current_player() == thrower else r.basic_action())
    first, second = r.arranged[thrower]
    assert sorted(first + second) == list(hand)
    # nobody may split again once the splits are made: each seat shows the group it fixed, in its order
    for k in range(8):
        seat = r.current_player()
        assert seat == (thrower + k) % 4
        assert r.legal_actions() == ["show:" + move_codes(r.arranged[seat][k // 4])]
        with pytest.raises(IllegalAction):
            r.apply(split(*r.arranged[seat]))
        r.apply(r.legal_actions()[0])
    assert [g for s, _, g in r.shown if s == thrower] == [first, second]


@given(seeds)
def test_an_arranged_split_is_shown_in_its_order(seed):
    r = YeziState({"seed": seed})
    hand = r.deal.hands[0]
    worst_first = tuple(reversed(best_split(hand).groups))
    r.apply(split(*worst_first))
    res = r.play_out()
    mine = [s.group for s in res.showings if s.seat == 0]
    assert mine == list(worst_first)


@given(seeds, st.integers(0, 3), st.sampled_from([{}, {"scoring": "placing"}, {"ties": "first_shown"}]))
def test_a_table_deal_plays_as_the_seeded_deal_of_the_same_cards(seed, thrower, options):
    seeded = YeziState({"seed": seed, "thrower": thrower, "options": options})
    table = YeziState({"deal": "table", "thrower": thrower, "options": options,
                       "hands": [[code_of(c) for c in h] for h in seeded.deal.hands]})
    assert table.deal.hands == seeded.deal.hands and table.deal.die == 0 and table.deal.stacks == ()
    assert table.written()["hands"] == ";".join(".".join(code_of(c) for c in h) for h in seeded.deal.hands)
    while not seeded.is_terminal():
        assert table.legal_actions() == seeded.legal_actions() and table.current_player() == seeded.current_player()
        move = seeded.basic_action()
        seeded.apply(move)
        table.apply(move)
    assert table.result() == seeded.result() and table.returns() == seeded.returns()


def test_a_table_deal_resampled_keeps_what_each_seat_saw():
    import random

    seeded = YeziState({"seed": 9, "thrower": 2})
    r = YeziState({"deal": "table", "thrower": 2, "hands": [[code_of(c) for c in h] for h in seeded.deal.hands]})
    rng = random.Random(3)
    while not r.is_terminal():
        for p in range(4):
            other = r.resample(p, rng)
            assert other.observation(p) == r.observation(p) and other.written() == r.written()
            assert Counter(c for h in other.deal.hands for c in h) == Counter(DECK)
        r.apply(rng.choice(r.legal_actions()))


def test_a_table_deal_must_be_the_whole_deck_and_no_seed():
    hands = [[code_of(c) for c in h] for h in YeziState({"seed": 5}).deal.hands]
    with pytest.raises(IllegalAction, match="too many of the"):
        YeziState({"deal": "table", "hands": [hands[0], hands[0], hands[2], hands[3]]})
    with pytest.raises(IllegalAction, match="Seat B should hold 8 cards; 7 are given"):
        YeziState({"deal": "table", "hands": [hands[0], hands[1][:7], hands[2], hands[3]]})
    with pytest.raises(IllegalAction, match="no seed"):
        YeziState({"deal": "table", "seed": 5, "hands": hands})
    with pytest.raises(IllegalAction, match="dealt from a seed"):
        YeziState({"seed": 5, "hands": hands})


@given(seeds, st.integers(0, 3))
def test_each_showing_reports_its_winner(seed, thrower):
    res = YeziState({"seed": seed, "thrower": thrower}).play_out()
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
