from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from engine.dawei.game import PRINTED_BREAK_EVEN, Config, break_even
from engine.dawei.state import DaweiState, policy
from engine.protocol import IllegalAction, open_state

from .helpers import BLANK, LION, STRAIGHT, at_table, second_round, seeded_table_moves, split_phase
from engine.dawei.options import Rules
from engine.dawei.sticks import TOTAL_STICKS, full_pool


def sticks(counts):
    return sum(counts.values())


def test_break_even_table():
    assert [break_even(n) for n in range(2, 10)] == [264, 176, 132, 106, 88, 75, 66, 58]
    assert break_even(9, Rules(break_even="nearest")) == 59
    assert break_even(5, Rules(break_even="nearest")) == 106
    assert break_even(9, Rules(break_even="exact")) == Fraction(528, 9)
    assert PRINTED_BREAK_EVEN[2] * 2 == 528


def test_seed_replays():
    a = DaweiState.of(Config(players=5, seed=42)).play_out()
    b = DaweiState.of(Config(players=5, seed=42)).play_out()
    assert a.log == b.log and a.actions == b.actions
    c = DaweiState.of(Config(players=5, seed=43)).play_out()
    assert c.log != a.log


@settings(max_examples=25)
@given(st.integers(2, 9), st.integers(0, 10**6), st.sampled_from([0.0, 0.05]))
def test_finished_game_hands_out_the_pool(n, seed, drop):
    g = DaweiState.of(Config(players=n, seed=seed, drop_chance=drop)).play_out()
    assert g.is_terminal()
    held = [sticks(h) for h in g.holdings]
    if g.end_reason == "pool_empty":
        assert sum(held) == TOTAL_STICKS and sum(g.zhu(s) for s in range(n)) == 528
    else:
        assert g.end_reason in ("red_bowl", "shun_dou_shun", "turn_limit")
        assert sum(held) + sticks(g.pool) == TOTAL_STICKS
    # no stick is given twice: holdings plus pool never exceed the set, kind by kind
    for k, total in full_pool().items():
        assert sum(h[k] for h in g.holdings) + g.pool[k] == total
    nets = g.settlement()
    if g.end_reason in ("red_bowl", "shun_dou_shun"):
        be = break_even(n)
        assert nets[g.bowl_winner] == be * (n - 1) and sorted(nets)[:-1] == [-be] * (n - 1)
    elif g.banker is not None:
        assert sum(nets) == 0


def test_settlement_banker_balances():
    g = next(g for g in (DaweiState.of(Config(players=5, seed=s)).play_out() for s in range(50)) if g.end_reason == "pool_empty")
    assert g.banker is not None
    nets = g.settlement()
    for s in range(5):
        if s != g.banker:
            assert nets[s] == g.zhu(s) - 106
    assert nets[g.banker] == -sum(nets[s] for s in range(5) if s != g.banker)


def test_phases():
    g = DaweiState.of(Config(players=4, seed=3))
    seen = []
    while not g.is_terminal():
        if g.phase == "split":
            assert g.pool["chicken"] == 0 and g.pool["rabbit"] == 0
        seen.append(g.phase)
        g.apply(policy(g))
    assert seen[0] == "main"


def test_fox_sequence():
    g = at_table(3, STRAIGHT)
    assert g.holdings[0]["fox"] == 1  # first round takes the fox
    g = second_round(3, STRAIGHT)
    assert g.holdings[0]["muntjac"] == 1 and g.holdings[0]["rabbit"] == 1 and g.pool["fox"] == 1  # 头道顺
    assert g.plan_straight(0)[2] == ["fox"]  # 亲手二道顺
    g = second_round(3, STRAIGHT, STRAIGHT)
    assert g.holdings[1]["rabbit"] == 1 and g.holdings[1]["fox"] == 0  # 二道顺
    g = second_round(3, STRAIGHT, STRAIGHT, STRAIGHT)
    assert g.holdings[2]["fox"] == 1  # 三道顺
    g = second_round(3, STRAIGHT, STRAIGHT, STRAIGHT, STRAIGHT)
    assert g.holdings[0]["leopard"] == 1  # 顺后得豹
    g = second_round(3, STRAIGHT, LION, fox_after_lion="next_straight")
    assert g.holdings[0]["fox"] == 0 and g.plan_straight(2)[2] == ["fox"]  # after the lion, any straight
    g = second_round(3, STRAIGHT, LION, fox_after_lion="last_thrower")
    assert g.holdings[0]["fox"] == 1
    g = at_table(3, BLANK, fox_first="first_throw")
    assert g.round_no == 1 and g.plan_straight(1)[2] != ["fox"]
    assert at_table(3, fox_first="first_throw").plan_straight(0)[2] == ["fox"]


def test_two_beasts():
    g = DaweiState.of(Config(players=4, seed=9, previous_banker=2))
    assert g.current == 2 and g.holdings[2]["chicken"] == 1 and g.holdings[2]["rabbit"] == 1


def test_change_for_exhausted():
    g = second_round(3)
    g.pool["tiger"] = 0
    assert g.plan_payment(["tiger"]) == ["leopard", "leopard"]
    g.pool = {k: 0 for k in g.pool}
    g.pool["chicken"] = 3
    assert g.plan_payment(["eagle"]) == ["chicken"] * 3  # as many as there are
    assert g.plan_payment(["chicken", "chicken", "chicken", "chicken"]) == ["chicken"] * 3


def test_red_bowl():
    g = at_table(4, BLANK, "throw:444444")
    assert g.is_terminal() and g.end_reason == "red_bowl"
    assert g.settlement() == [-132, 396, -132, -132]
    g = at_table(4, BLANK, "throw:444444", red_bowl_pay="players")
    assert g.settlement() == [-4, 12, -4, -4]


def test_black_bowl():
    g = at_table(3, BLANK, BLANK, "throw:222222")
    assert sticks(g.pool) == 0 and sticks(g.holdings[2]) == TOTAL_STICKS and g.banker == 2


def test_drops():
    g = DaweiState.of(Config(players=3, seed=4), drops=True)
    s = g.current
    g.apply("drop2")
    assert g.idle[s] == 2 and sticks(g.holdings[s]) == 0
    for _ in range(6):
        g.apply("throw")
    # the dropper sat out two rounds: 6 throws by 2 other players, then theirs
    assert g.current == s and g.idle[s] == 0
    g2 = split_phase(3)
    assert g2.phase == "split" and g2.pool["chicken"] == g2.pool["rabbit"] == 0
    s2 = g2.current
    g2.apply("drop:1")
    assert g2.idle[s2] == 0 and g2.current != s2


def test_illegal_action_refused():
    g = DaweiState.of(Config(players=2, seed=1))
    with pytest.raises(IllegalAction):
        g.apply("take:lion")
    with pytest.raises(IllegalAction):
        g.apply("drop1")  # offered only where the setup says so
    assert g.actions == []


RULES = st.builds(Rules, **{k: st.sampled_from(v) for k, v in __import__("engine.dawei.options", fromlist=["CHOICES"]).CHOICES.items()})


@settings(max_examples=20)
@given(RULES, st.integers(2, 9), st.integers(0, 10**6), st.integers(0, 8))
def test_invariants_under_every_reading(rules, n, seed, pb):
    cfg = Config(players=n, seed=seed, rules=rules, previous_banker=pb if pb < n else None)
    g = DaweiState.of(cfg).play_out()
    assert g.is_terminal()
    for k, total in full_pool().items():
        assert sum(h[k] for h in g.holdings) + g.pool[k] == total
    if g.end_reason == "pool_empty":
        assert sum(g.zhu(s) for s in range(n)) == 528
        if g.banker is not None:
            assert sum(g.settlement()) == 0
    again = DaweiState.of(cfg).play_out()
    assert again.log == g.log


@settings(max_examples=50)
@given(st.integers(2, 9), st.integers(0, 10**6))
def test_first_thrower_is_highest_call(n, seed):
    g = DaweiState.of(Config(players=n, seed=seed))
    assert set(g.calls[0]) == set(range(n))
    for earlier, later in zip(g.calls, g.calls[1:]):
        top = max(earlier.values())
        assert set(later) == {s for s, f in earlier.items() if f == top}  # only the tied highest throw again
    last = g.calls[-1]
    assert g.current == g.first_thrower == max(last, key=lambda s: (last[s], -s))
    assert list(last.values()).count(last[g.current]) == 1 or len(g.calls) == 100


def test_lion_makes_banker():
    g = at_table(4, BLANK, BLANK, BLANK)
    assert g.banker is None
    g.apply(LION)
    assert g.banker == 3 and g.lion_gone
    g.apply(BLANK)
    g.apply(LION)  # the lion pattern again: paid in smaller sticks, the banker stays
    assert g.banker == 3 and g.holdings[1]["lion"] == 0 and g.zhu(1) == 64


@pytest.mark.parametrize("seed", [3, 26])
def test_a_seeded_game_and_its_dice_written_at_a_table_are_the_same_game(seed):
    """One class plays both: the dice the seed threw, written as a real table writes them, give the same sticks,
    the same log after the call for the first throw, and the same settlement."""
    seeded = DaweiState.of(Config(players=4, seed=seed)).play_out()
    first, moves = seeded_table_moves(seed, 4)
    table = open_state({"game": "dawei", "dice": "table", "players": 4, "first": first, "actions": moves})
    assert type(table) is type(seeded) and table.at_table and not seeded.at_table
    assert table.is_terminal() and table.returns() == seeded.returns() and sum(table.returns()) == 0
    assert table.holdings == seeded.holdings and table.end_reason == seeded.end_reason
    called = len(seeded.log) - len(table.log)  # the seeded game's calls (one die each) against the table's one line
    assert [e.en for e in table.log[1:]] == [e.en for e in seeded.log[called + 1:]]
    assert len(table.actions) == len(seeded.actions) and table.written()["actions"] == moves
