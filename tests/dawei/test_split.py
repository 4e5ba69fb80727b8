import pytest

from engine.dawei.game import Config
from engine.dawei.state import DaweiState

from .helpers import BLANK, STRAIGHT, second_round, split_phase
from engine.dawei.options import Rules
from engine.dawei.dice import ALL_OUTCOMES, all_throws
from engine.dawei.split import SPLIT_RULES, Need, direct_muntjac, openings, second_is_shun_dou_shun, success_ways


@pytest.mark.parametrize("rule", SPLIT_RULES, ids=lambda s: s.id)
def test_split_examples(rule):
    opened = [ch for ch in openings(rule.example_first) if ch.rule.id == rule.id]
    assert opened, "the example first throw opens the rule"
    ch = opened[0]
    assert ch.need.met(rule.example_second)


def test_muntjac_at_once():
    assert direct_muntjac((2, 2, 3, 3, 4, 5))  # two black pairs of different faces
    assert direct_muntjac((6, 6, 6, 1, 4, 5))  # three of one black face
    assert not direct_muntjac((2, 2, 1, 3, 4, 5))  # one pair: needs a second throw
    assert not direct_muntjac((4, 4, 4, 1, 2, 3))  # reds are not black


def test_pair_asks_one_more_of_the_same_face():
    ch = next(c for c in openings((2, 2, 1, 3, 4, 5)) if c.rule.id == "muntjac_pair")
    assert ch.need == Need(2, 1)
    assert not ch.need.met((1, 1, 3, 3, 5, 6))


def test_eagle_pair_must_be_same_face():
    ch = next(c for c in openings((3, 3, 1, 2, 4, 5)) if c.rule.id == "eagle_pair")
    assert ch.need.met((3, 3, 1, 1, 2, 5))
    assert not ch.need.met((5, 5, 1, 1, 2, 6))


def test_no_tiger_split_on_ones():
    assert not [c for c in openings((1, 1, 1, 2, 3, 5)) if c.rule.target == "tiger"]
    assert not [c for c in openings((1, 1, 1, 1, 2, 3)) if c.rule.target == "tiger"]
    assert [c for c in openings((2, 2, 2, 1, 3, 5)) if c.rule.id == "tiger_triple"]


def test_triple_tiger_option():
    same = next(c for c in openings((2, 2, 2, 1, 3, 5)) if c.rule.id == "tiger_triple")
    assert not same.need.met((5, 5, 5, 1, 2, 3))
    anyp = next(c for c in openings((2, 2, 2, 1, 3, 5), Rules(split_triple_tiger="any_point")) if c.rule.id == "tiger_triple")
    assert anyp.need.met((5, 5, 5, 1, 2, 3))


def test_fox_split_names_the_missing_face():
    ch = next(c for c in openings((1, 1, 2, 3, 4, 6)) if c.rule.id == "fox_missing")
    assert ch.need == Need(5, 1)
    assert not [c for c in openings((1, 1, 2, 2, 3, 4)) if c.rule.id == "fox_missing"]


def test_exactly_option():
    need = Need(4, 1)
    assert need.met((4, 4, 1, 2, 3, 5))
    assert not need.met((4, 4, 1, 2, 3, 5), Rules(split_second="exactly"))


def test_second_bowl_counts_for_nothing():
    # a black bowl on the second throw of an eagle split for threes is just a miss
    ch = next(c for c in openings((3, 3, 1, 2, 4, 5)) if c.rule.id == "eagle_pair")
    assert not ch.need.met((6, 6, 6, 6, 6, 6))
    assert not second_is_shun_dou_shun(ch, (6, 6, 6, 6, 6, 6))


def test_shun_dou_shun():
    straight = (1, 2, 3, 4, 5, 6)
    for ch in openings(straight):
        assert second_is_shun_dou_shun(ch, straight) == (ch.rule.id in ("tiger_straight", "lion_straight"))


def test_success_ways_exact():
    assert success_ways(Need(4, 1)) == 6**6 - 5**6  # at least one red four
    assert success_ways(Need(4, 1), Rules(split_second="exactly")) == 6 * 5**5


def test_game_offers_choices_in_split_phase():
    g = split_phase(3)
    opts = g.options_for(g.current, (4, 4, 1, 2, 3, 5))
    acts = [o.action for o in opts]
    assert "split:deer_two_red:4" in acts and "split:leopard_two_red:4" in acts and acts[-1] == "pass"
    g.apply("throw:441235")  # the same first throw, at the table: its choices are the moves offered
    assert g.legal_actions() == [a + "@<six faces>" if a.startswith("split:") else a for a in acts]
    only = Rules(split_direct="split_only")
    g2 = DaweiState.of(Config(players=3, seed=5, rules=only))
    assert not [o for o in g2.options_for(0, (2, 2, 2, 2, 1, 3)) if o.action.startswith("take:eagle")]
    assert [o for o in g.options_for(0, (2, 2, 2, 2, 1, 3)) if o.action == "take:eagle"]


@pytest.mark.parametrize("reading", ["uncounted", "counted"])
def test_the_strong_levels_value_of_a_split_is_what_playing_it_gives(reading):
    # at a real table of four: B (seat 1) throws the first straight in the second round; in the split phase A (seat 0)
    # throws a straight with the old lion and the fox in the pool. Under split_straight=counted A's straight counts,
    # so that the lion won by it brings the fox to A, the last to throw a straight (fox_after_lion=last_thrower)
    g = second_round(4, BLANK, STRAIGHT, split_straight=reading)
    while g.pool["chicken"]:
        g.apply("throw:422356")  # one red: a chicken
    while g.phase == "main":
        g.apply("throw:441235")  # two reds: a rabbit
    while g.current != 0:
        g.apply(BLANK)  # a pair of ones opens a split
        g.apply("pass")
    g.apply(STRAIGHT)
    assert g.pool["lion"] == g.pool["fox"] == 1 and "split:lion_straight:0@<six faces>" in g.legal_actions()
    values = g.strong_values()
    for move in g.legal_actions():
        if move.endswith("@<six faces>"):  # a split: played with every second throw, each by its chance
            played = 0.0
            for t in all_throws():
                c = g.clone()
                c.apply(move.replace("<six faces>", "".join(map(str, t.dice))))
                played += t.ways / ALL_OUTCOMES * c.leaf_value(0)
            move = move.removesuffix("@<six faces>")
        else:
            c = g.clone()
            c.apply(move)
            played = c.leaf_value(0)
        assert values[move] == pytest.approx(played, abs=1e-9), move
    won = g.clone()
    won.apply("split:lion_straight:0@441235")  # two red fours: the old lion
    assert won.banker == 0 and won.holdings[0 if reading == "counted" else 1]["fox"] == 1
