"""A showing entered at a real table is judged exactly as the engine's own round judges it."""

from __future__ import annotations

import pytest

from engine.api import handle
from engine.record import read
from engine.yezi.cards import code_of
from engine.yezi.state import YeziState, move_codes


def codes(cards) -> list[str]:
    return [code_of(c) for c in cards]


@pytest.mark.parametrize("options", [{}, {"scoring": "placing"}, {"ties": "first_shown"}])
def test_eight_cards_each_give_the_rounds_own_result(options) -> None:
    differing_winners = 0
    for seed in range(60):
        thrower = seed % 4
        r = YeziState({"seed": seed, "thrower": thrower, "options": options})
        res = r.play_out()
        ans = handle({"game": "yezi", "action": "showing", "thrower": thrower, "options": options,
                      "players": [{"hand": codes(h)} for h in r.deal.hands]})
        assert ans["ok"], ans
        assert [p["total"] for p in ans["players"]] == list(res.totals)
        assert [p["place"] for p in ans["players"]] == list(res.places)
        assert ans["showing_winners"] == [list(w) for w in res.showing_winners]
        assert all(p["missed"] == 0 for p in ans["players"])
        differing_winners += ans["winners"] != [0]
    assert differing_winners > 0  # the round is not always won by the same seat


def test_groups_as_shown_are_judged_in_the_order_shown_and_the_best_split_is_named() -> None:
    r = YeziState({"seed": 8, "thrower": 0})
    r.apply(f"split:{move_codes((2, 3, 8, 9))}|{move_codes((0, 1, 4, 10))}")  # four loose cards first, then the 和 set
    res = r.play_out()
    players = [{"groups": [codes(r.arranged[s][0]), codes(r.arranged[s][1])]} for s in range(4)]
    ans = handle({"game": "yezi", "action": "showing", "players": players})
    assert ans["ok"], ans
    a = ans["players"][0]
    assert a["combinations"][0]["id"] == "scatter" and a["combinations"][1]["zh"] == "和牌"
    assert [p["total"] for p in ans["players"]] == list(res.totals)
    assert ans["showing_winners"] == [list(w) for w in res.showing_winners]
    assert a["best"]["score"] <= a["total"] and a["missed"] == a["total"] - a["best"]["score"]


def test_a_showing_that_cannot_be_is_refused_in_words() -> None:
    ok = [{"hand": ["王", "土", "人", "合", "贝", "叶", "贝", "合"]}, {"groups": [["人", "才", "叶", "合"], ["豆", "参", "长", "别"]]},
          {"hand": ["参", "参", "土", "土", "长", "别", "王", "才"]}, {"groups": [["豆", "豆", "贝", "长"], ["人", "才", "别", "王"]]}]
    assert handle({"game": "yezi", "action": "showing", "players": ok})["winners"] == [0]
    for players in (ok[:3], [{"hand": ["叶"] * 8}, *ok[1:]], [{"hand": ["王"] * 3}, *ok[1:]], [{"groups": [["王"]]}, *ok[1:]],
                    [{}, *ok[1:]], [{"hand": ["王"] * 8, "groups": []}, *ok[1:]], [ok[1], ok[1], ok[2], ok[3]]):
        ans = handle({"game": "yezi", "action": "showing", "players": players})
        assert not ans["ok"] and ans["error"]["zh"] and ans["error"]["en"]


@pytest.mark.parametrize("options", [{}, {"scoring": "placing", "ties": "first_shown"}])
def test_the_record_is_the_round_judged(options) -> None:
    for seed in range(20):
        r = YeziState({"seed": seed, "thrower": seed % 4, "options": options})
        players = [{"hand": codes(h)} if s % 2 else {"groups": [codes(h[:4]), codes(h[4:])]} for s, h in enumerate(r.deal.hands)]
        ans = handle({"game": "yezi", "action": "showing", "thrower": seed % 4, "options": options, "players": players})
        assert ans["ok"], ans
        st = read(ans["record"]).state
        res = st.result()
        assert [p["total"] for p in ans["players"]] == list(res.totals)
        assert [p["place"] for p in ans["players"]] == list(res.places)
        assert [[codes(g) for g in st.arranged[s]] for s in range(4)] == [p["groups"] for p in ans["players"]]
        assert [[sh.score for sh in res.showings if sh.seat == s] for s in range(4)] == [p["scores"] for p in ans["players"]]
