"""打围 refereed at a real table (engine/dawei/referee.py, the ``referee`` action): the dice a
seeded game threw, entered one by one as a table would, give that game's sticks and settlement;
the answer's record reads back to the same table; a wrong entry is refused in words."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.api import cost, handle
from engine.dawei.game import Config
from engine.dawei.state import DaweiState, policy
from engine.dawei.referee import MAX_MOVES
from engine.record import read

from .helpers import seeded_table_moves

REF = {"game": "dawei", "action": "referee"}
NAMES = ["张三", "李四", "王五", "赵六"]


def computer_game(seed: int, players: int = 4) -> DaweiState:
    g = DaweiState.of(Config(players, seed))
    while not g.is_terminal():
        g.apply(policy(g))
    return g


@pytest.mark.parametrize("seed", [26, 31, 10])
def test_a_seeded_game_entered_throw_by_throw_settles_as_the_engine_played_it(seed):
    first, moves = seeded_table_moves(seed, 4)
    g = computer_game(seed)
    a = handle({**REF, "players": 4, "first": first, "names": NAMES, "moves": moves})
    assert a["ok"], a
    assert a["terminal"] and a["to_throw"] is None and a["enter"] == []
    assert a["holdings"] == g.holdings and a["pool"] == g.pool
    assert a["end"] == g.end_reason
    nets = [Fraction(s["net_text"]) for s in a["settlement"]]
    assert nets == g.settlement() and sum(nets) == 0
    assert [s["zh"] for s in a["settlement"]] == NAMES  # the family's names alone, never a seat letter beside them (issue 45.5)
    assert all(s["verdict"]["zh"] and s["verdict"]["en"] for s in a["settlement"])
    # the record it answers reads back to the same game, and refereed from its text gives the same answer
    rec = read(a["record"])
    assert rec.position["actions"] == moves and rec.tags["Names"] == ";".join(NAMES)
    b = handle({**REF, "text": a["record"]})
    assert b["ok"] and b["settlement"] == a["settlement"] and b["record"] == a["record"]


def test_each_entry_is_told_and_undo_is_the_same_game_one_entry_shorter():
    first, moves = seeded_table_moves(26, 4)
    k = next(i for i, m in enumerate(moves) if m.startswith("split:"))
    before = handle({**REF, "players": 4, "first": first, "moves": moves[:k]})
    # the thrower now chooses: each split choice asks for the second throw's six faces
    assert [e["move"] for e in before["enter"]] and before["enter"][-1]["move"] == "pass"
    assert any(e["faces"] and e["move"].startswith("split:") for e in before["enter"])
    assert moves[k].partition("@")[0] in [e["move"] for e in before["enter"]]
    after = handle({**REF, "players": 4, "first": first, "moves": moves[: k + 1]})
    last = after["entries"][-1]
    assert last["n"] == k + 1 and last["move"] == moves[k] and last["dice"] == [int(c) for c in moves[k].partition("@")[2]]
    assert last["zh"] and last["en"] and last["seat"] == before["to_throw"]["seat"]
    undone = handle({**REF, "players": 4, "first": first, "moves": after["moves"][:-1]})
    assert undone == before
    # in the main phase a throw asks for six faces, and dice out of the bowl are entered apart
    start = handle({**REF, "players": 4, "first": first, "moves": []})
    assert [(e["move"], e["faces"]) for e in start["enter"]] == [("throw", True), ("drop:1", False), ("drop:2", False)]
    assert start["to_throw"]["seat"] == first and start["zhu"] == [0, 0, 0, 0] and start["phase"] == "main"


def test_dice_out_of_the_bowl_cost_the_thrower_a_round():
    a = handle({**REF, "players": 3, "first": 0, "moves": ["drop:2", "throw:333342", "throw:441236"]})
    assert a["ok"] and a["idle"] == [1, 0, 0]
    assert a["entries"][0]["dice"] is None and "闲" in a["entries"][0]["zh"]
    b = handle({**REF, "players": 3, "first": 0, "moves": ["drop:2", "throw:333342", "throw:441236", "throw:222222"]})
    assert b["entries"][-1]["seat"] == 1  # A sits out: B throws again
    assert b["entry_count"] == 4


@pytest.mark.parametrize("req,code,words", [
    ({"moves": ["throw:1234"]}, "bad_move", "Entry 1"),
    ({"moves": ["throw:333342", "take:eagle"]}, "bad_move", "Entry 2"),
    ({"moves": ["throw:333349"]}, "bad_move", "Entry 1"),
    ({"players": 17}, "bad_field", "players"),
    ({"players": 3, "names": ["a", "b"]}, "bad_field", "3 names"),
    ({"players": 2, "names": ["a", ""]}, "bad_field", "1 to 24"),
    ({"players": 3, "first": 3}, "bad_field", ""),
    ({"text": "[Record \"1\"]\n[Game \"dawei\"]\n[Players \"3\"]\n[Seed \"5\"]\n\n1. C throw\n"}, "bad_record", "real dice"),
    ({"text": "[Record \"1\"]\n[Game \"dawei\"]\n[Players \"3\"]\n[Dice \"table\"]\n[First \"A\"]\n\n1. B throw:111111\n"}, "bad_record", "Line 7"),
    ({"text": 3}, "bad_record", "text of the record"),
])
def test_a_wrong_entry_is_refused_in_words(req, code, words):
    a = handle({**REF, **req})
    assert a["ok"] is False and a["error"]["code"] == code, a
    assert words in a["error"]["en"] and a["error"]["zh"]


def test_the_cost_grows_with_the_entries_and_a_whole_game_fits():
    first, moves = seeded_table_moves(10, 4)
    small = cost("dawei", "referee", {**REF, "moves": moves[:5]})
    whole = cost("dawei", "referee", {**REF, "moves": moves})
    assert small is not None and whole is not None and whole > small
    longest = cost("dawei", "referee", {**REF, "moves": ["throw:111111"] * MAX_MOVES})
    a = handle({**REF, "players": 4, "first": first, "moves": moves})
    assert a["ok"] and longest is not None
    from engine.api import BUDGET

    assert longest <= BUDGET
    # one more entry than a request may hold is refused in words, not played
    over = handle({**REF, "moves": ["throw:111111"] * (MAX_MOVES + 1)})
    assert over["ok"] is False and over["error"]["zh"] and over["error"]["en"]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_static_view_is_a_game_of_four_just_begun_with_every_control_waiting(lang):
    import re

    from sitegen.dawei import referee_widget

    h = referee_widget(lang, {"players": 4})
    start = handle({**REF, "players": 4, "first": 0, "moves": [], "lang": lang})
    assert start["status"][lang] in h
    assert len(re.findall(r'data-face="[1-6]"', h)) == 6
    assert h.count('data-role="name"') == 16 and h.count(" hidden>") >= 12  # 16 seats, four shown
    for control in re.findall(r"<(?:button|input|select)\b[^>]*>", h):
        assert "disabled" in control, control  # nothing answers before the engine does
    assert ("柱" in h) and (("场上" if lang == "zh" else "Pool") in h)
