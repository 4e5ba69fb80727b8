"""打围's table speaks to a newcomer (issue 41, point 3): its Hint says why nothing needs choosing in the main
phase and gives its reason at a split choice; the computer's throws are drawn as dice, as the reader's are."""

from __future__ import annotations

import re

import pytest

from engine.api import handle
from views import dawei as view


def _play(moves: list[str], level: str, lang: str = "en", players: int = 4, seed: int = 1) -> dict:
    a = handle({"game": "dawei", "action": "play", "players": players, "seed": seed, "humans": [0], "moves": moves, "level": level, "lang": lang})
    assert a["ok"], a
    return a


@pytest.mark.parametrize("level", ["basic", "strong"])
def test_the_hint_in_the_main_phase_says_there_is_nothing_to_choose(level):
    a = _play([], level)
    assert a["phase"] == "main" and a["current"] == 0 and "throw" in [x["action"] for x in a["legal"]]
    h = a["hint"]
    assert h["action"] == "throw" and h["choosing"] is False
    assert "nothing to choose" in h["en"] and "Throw" in h["en"]
    assert "没有要选的" in h["zh"] and "掷色" in h["zh"]


@pytest.mark.parametrize("level", ["basic", "strong"])
def test_the_hint_at_a_split_choice_gives_the_way_and_its_reason(level):
    a = _play(["auto:choice"], level)
    assert a["phase"] == "split" and len(a["legal"]) > 1
    h = a["hint"]
    ways = {x["action"]: x for x in a["legal"]}
    assert h["action"] in ways and h["choosing"] is True
    chosen = ways[h["action"]]
    # the way chosen, in the words of its button, then why: never the way alone
    assert h["en"].startswith(chosen["en"] + ". Why:") and h["zh"].startswith(chosen["zh"] + "。理由：")
    others = [x for x in a["legal"] if x["action"] != h["action"]]
    assert any(f"“{x['en']}”" in h["en"] for x in others)  # the next best way named beside it
    if level == "basic":
        # the basic level's reason is the figures it chose by: chance × 柱 = 柱 on average, the most on offer
        best = max(a["legal"], key=lambda x: x["chance"] * x["zhu"])
        assert h["action"] == best["action"]
        if chosen["chance"] < 1:
            assert f"{100 * chosen['chance']:.1f}% chance × {chosen['zhu']} 柱 = {chosen['chance'] * chosen['zhu']:.2f} 柱" in h["en"]
    else:
        assert "at the settlement" in h["en"] and "结算时平均" in h["zh"]
        assert re.search(r"[+-]\d+\.\d\d 柱 on average at the settlement", h["en"])


def test_no_hint_once_the_game_is_over():
    a = _play(["auto:20000"], "basic")
    assert a["terminal"] and a["hint"] is None


def test_the_table_seats_more_than_nine():
    a = _play(["throw"], "basic", players=12)
    assert a["players"] == 12 and len(a["seats"]) == 12


def test_the_computer_throws_are_drawn_as_dice_like_the_readers():
    a = _play(["throw"], "basic")
    assert a["since_own"], "the computer seats threw after the reader"
    drawn = view.game(a, "en")
    for part in ("others", "log"):
        assert "[" not in re.sub(r"<[^>]+>", "", drawn[part]), part  # no throw written as "[5 6 4 3 5 5]"
        assert drawn[part].count('<svg class="dawei-thrown"') == sum(1 for x in (a["since_own"] if part == "others" else a["log"]) if x.get("dice"))
    # each drawn throw is named for a screen reader and reuses the faces drawn once on the page
    first = a["since_own"][0]
    assert f'aria-label="{first["dice_words"]["en"]}"' in drawn["others"]
    assert all(f'xlink:href="#{view.FACE_ID}{d}"' in view.thrown(first["dice"], "x") for d in first["dice"])
    assert view.faces().count("<symbol") == 6
