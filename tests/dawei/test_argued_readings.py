"""Three readings of 打围 argued in the editorial notes, each with its rule option, through the public API.

- a black bowl that sweeps up the old lion while the fox is in the pool (notes#black-bowl-fox, ``bowl_fox``);
- a straight on a first split throw used to open a split (notes#split-straight, ``split_straight``);
- a red or black bowl on the first throw of a split turn (notes#split-bowl, ``split_bowl``).

Each test plays one seeded game with the computer at every seat under both readings and checks where they part.
"""

from __future__ import annotations

from typing import Any

from engine.api import handle
from engine.protocol import open_state

FOX = "fox"


def _game(seed: int, players: int, **options: str) -> dict[str, Any]:
    a = handle({"game": "dawei", "action": "play", "seed": seed, "players": players, "humans": [], "options": options,
                "log_tail": 400})
    assert a["ok"], a
    assert a["terminal"] and a["end"] in ("pool_empty", "red_bowl") and sum(a["net"]) == 0
    return a


def _fox_holder(a: dict[str, Any]) -> int:
    (holder,) = [s for s, h in enumerate(a["holdings"]) if h[FOX]]
    return holder


def _said(a: dict[str, Any], words: str) -> list[dict[str, Any]]:
    return [e for e in a["log"] if words in e["en"]]


def test_black_bowl_sweeps_the_fox_with_the_lion() -> None:
    # seed 324, seven players: seat 4 (E) threw the last straight; seat 5 (F) throws the black bowl with the old
    # lion and the fox still in the pool
    ours = _game(324, 7)
    other = _game(324, 7, bowl_fox="last_straight")
    for a in (ours, other):
        (bowl,) = _said(a, "throws the black bowl")
        assert bowl["seat"] == 5 and a["banker"] == 5 and a["pool_zhu"] == 0
    assert _fox_holder(ours) == 5  # the bowl's 全部: the fox goes with every other stick
    assert _fox_holder(other) == 4  # the fox rule after the lion: the last straight-thrower
    assert _said(other, "the last to throw a straight, takes the fox")[0]["seat"] == 4
    assert not _said(ours, "the last to throw a straight, takes the fox")
    assert ours["zhu"][4] + 16 == other["zhu"][4] and ours["zhu"][5] - 16 == other["zhu"][5]
    assert ours["net"] != other["net"]


def test_the_bowl_fox_option_changes_nothing_without_an_earlier_straight() -> None:
    # the same game with the fox rule reading "the next straight takes it": nobody holds a claim when the bowl
    # comes, so the fox goes with the rest under either reading of the bowl
    a = _game(324, 7, fox_after_lion="next_straight")
    b = _game(324, 7, fox_after_lion="next_straight", bowl_fox="last_straight")
    assert _fox_holder(a) == _fox_holder(b) == 5 and a["net"] == b["net"]


def test_a_straight_used_for_a_split() -> None:
    # seed 43, three players: in the split phase A (seat 0) throws a straight, C (seat 2) having thrown the last
    # straight before; A uses it for the lion split (a straight, then two red fours) and wins the old lion
    ours = _game(43, 3)
    other = _game(43, 3, split_straight="counted")
    for a in (ours, other):
        (lion,) = _said(a, "Old lion: a straight, then two reds — success")
        assert lion["seat"] == 0 and a["banker"] == 0
    assert _fox_holder(ours) == 2  # A's straight was spent on the split: C is still the last straight-thrower
    assert _fox_holder(other) == 0  # counted: A threw the last straight, and the lion going out gives A the fox
    (counted,) = _said(other, "counts among the straights all the same")
    assert counted["seat"] == 0 and "straight number 2" in counted["en"]
    assert not _said(ours, "counts among the straights all the same")
    assert ours["net"] != other["net"] and other["net"][0] - ours["net"][0] == 16


def test_a_bowl_on_the_first_split_throw() -> None:
    # seed 42, four players: D (seat 3) throws six fives as the first throw of a split turn
    ours = _game(42, 4)
    other = _game(42, 4, split_bowl="split_rules")
    (bowl,) = _said(ours, "throws the black bowl")
    assert bowl["seat"] == 3 and bowl["dice"] == [5] * 6
    assert ours["log"][-1]["turn"] == bowl["turn"]  # the sweep empties the pool: the game ends with it
    assert not _said(other, "black bowl")
    (first,) = [e for e in other["log"] if e["dice"] == [5] * 6 and e["turn"] == bowl["turn"]]
    assert first["seat"] == 3 and "first split throw; choices" in first["en"] and "Tiger" in first["en"]
    assert other["turn"] > ours["turn"] and other["net"] != ours["net"]


def test_a_red_bowl_on_the_first_split_throw() -> None:
    # seed 0, three players: a red bowl in the split phase ends the game by default; read by the split rules it
    # opens the splits for the old lion and the game goes on to an empty pool
    ours = _game(0, 3)
    other = _game(0, 3, split_bowl="split_rules")
    assert ours["end"] == "red_bowl" and ours["bowl_winner"] is not None
    (bowl,) = _said(ours, "throws the red bowl")
    assert other["end"] == "pool_empty" and not _said(other, "red bowl")
    (first,) = [e for e in other["log"] if e["dice"] == [4] * 6]
    assert first["seat"] == bowl["seat"] and "Old lion: three reds, then three reds" in first["en"]


def test_the_written_position_keeps_each_reading() -> None:
    # the protocol's written position carries the option, and the game it opens is the same game
    for options in ({"bowl_fox": "last_straight"}, {"split_straight": "counted"}, {"split_bowl": "split_rules"}):
        st = open_state({"game": "dawei", "seed": 43, "players": 3, "options": options, "actions": []})
        while not st.is_terminal():
            st.apply(st.legal_actions(st.current_player())[0])
        again = open_state(st.written())
        assert again.written()["options"] == options and again.returns() == st.returns() and sum(st.returns()) == 0
