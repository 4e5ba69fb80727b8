"""A new game plugs in through the registry alone (issue 39.2).

DEVELOPING.md's worked example, 猜单双 (odds and evens), is registered with ``engine.registry.register`` and
nothing else: no shared file names it. It then gets what the four games get — a table (``table.play``), a written
record that reads back, is refereed and is written again word for word, the strong level and a review.
"""

from __future__ import annotations


import pytest

from engine.api import THE_GAMES, handle
from engine.record import rewrite
from engine.registry import GameEntry, entry, register

GAME = "caidanshuang"  # the toy game (tests/platform/conftest.py)


def _played(*moves: str) -> dict[str, object]:
    return {"game": GAME, "seed": 5, "actions": list(moves)}


def test_a_registered_game_gets_a_table(toy: GameEntry) -> None:
    ans = handle({"game": "table", "action": "play", "viewer": 1, "position": _played("hide:2")})
    assert ans["ok"], ans
    assert ans["to_move"] == 1 and [a["id"] for a in ans["actions"]] == ["hide:1", "hide:2", "hide:3"]
    assert ans["observation"] == {"seat": 1, "my_fist": None, "fists_closed": 1, "guess": None, "fists": None}
    over = handle({"game": "table", "action": "play", "position": _played("hide:2", "hide:3", "odd")})
    assert over["ok"] and over["over"] and over["returns"] == [1, -1]  # 2 + 3 is odd: the guess was right
    refused = handle({"game": "table", "action": "play", "position": _played("hide:4")})
    assert refused["ok"] and refused["refused"]["index"] == 0


def test_a_registered_game_is_not_one_of_the_archives_four(toy: GameEntry) -> None:
    assert GAME not in THE_GAMES and entry(GAME) is toy
    with pytest.raises(ValueError):
        register(GameEntry(GAME, ("猜单双", "Odds and evens"), "toy_caidanshuang:CaiState"))


def test_a_registered_games_record_round_trips_and_is_refereed(toy: GameEntry) -> None:
    wrote = handle({"game": "record", "action": "write", "position": _played("hide:2", "hide:3", "even"), "names": ["张三", "李四"]})
    assert wrote["ok"], wrote
    text = wrote["text"]
    assert '[Game "caidanshuang"]' in text and '[Result "-1 1"]' in text and "\n3. A even" in text
    read = handle({"game": "record", "action": "read", "text": text})
    assert read["ok"] and read["position"] == _played("hide:2", "hide:3", "even") and read["result"] == "-1 1"
    assert rewrite(text) == text
    told = handle({"game": "record", "action": "referee", "text": text, "lang": "en"})
    assert told["ok"] and told["over"]
    assert [m["seat"] for m in told["moves"]] == [0, 1, 0] and told["moves"][1]["en"].startswith("李四 (B): hide:3")
    assert [(s["en"], s["result"]) for s in told["settlement"]] == [("张三 (A)", "-1"), ("李四 (B)", "1")]
    assert "Settlement:" in told["text"]


def test_a_registered_games_bad_record_is_refused_with_its_line(toy: GameEntry) -> None:
    text = '[Record "1"]\n[Game "caidanshuang"]\n[Seed "5"]\n[Result "*"]\n\n1. A hide:2\n2. A hide:3\n'
    ans = handle({"game": "record", "action": "read", "text": text})
    assert not ans["ok"] and ans["error"]["en"].startswith("Line 7: It is B's turn to move")
    unknown = handle({"game": "record", "action": "read", "text": '[Record "1"]\n[Game "caidanshuang"]\n[Deal "table"]\n\n'})
    assert not unknown["ok"] and unknown["error"]["code"] == "bad_record"


def test_a_registered_game_gets_the_strong_level(toy: GameEntry) -> None:
    ans = handle({"game": "table", "action": "play", "level": "strong", "position": _played("hide:2", "hide:1")})
    assert ans["ok"], ans
    choice = ans["choice"]
    assert choice["seat"] == 0 and {e["id"] for e in choice["estimates"]} == {"odd", "even"}
    means = {e["id"]: e["mean"] for e in choice["estimates"]}
    assert choice["id"] == "odd" and means["odd"] > means["even"]  # with 2 in hand, an odd total is two chances in three


def test_a_registered_game_gets_a_review(toy: GameEntry) -> None:
    ans = handle({"game": "table", "action": "review", "seat": 0, "position": _played("hide:2", "hide:1", "even")})
    assert ans["ok"], ans
    assert ans["total"] == 2 and [d["chosen"] for d in ans["decisions"]] == ["hide:2", "even"]
