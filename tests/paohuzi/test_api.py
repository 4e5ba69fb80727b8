import json

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.api import handle
from engine.paohuzi.actions import ACTIONS, EXAMPLES


def test_every_action_has_an_example_that_answers():
    assert {e["request"]["action"] for e in EXAMPLES} == set(ACTIONS)
    for e in EXAMPLES:
        assert handle(e["request"])["ok"] is True, e


def test_arrange_contract():
    a = handle({"game": "paohuzi", "action": "arrange", "cards": ["壹", "d2", "叁", "x8", "八"]})
    assert a["ok"] and a["huxi"] == 6 and [g["kind"] for g in a["groups"]] == ["dui", "shun"]
    b = handle({"game": "paohuzi", "action": "arrange", "cards": ["x1", "x5"]})
    assert b == {"ok": True, "cards": ["x1", "x5"], "huxi": None, "groups": []}


def test_bad_input_is_a_bilingual_error():
    for req in (
        {"action": "arrange", "cards": ["x1"] * 5},
        {"action": "arrange", "cards": ["x11"]},
        {"action": "arrange", "cards": ["x1"] * 31},
        {"action": "deng", "huxi": -1},
        {"action": "deng", "huxi": "15"},
        {"action": "hu", "hand": [], "card": "x1", "source": "sky"},
        {"action": "waiting", "hand": ["x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8", "x9", "x10", "d1"] * 2},
        {"action": "hu", "hand": [], "card": "x1", "open": [{"kind": "dui", "cards": ["x1", "x1"]}]},
        {"action": "hu", "hand": [], "card": "x1", "open": [{"kind": "peng", "cards": ["x1", "x1", "x2"]}]},
        {"action": "settle", "winner": "xing", "huxi": 15},
        {"action": "settle", "winner": "xia"},
        {"action": "settle", "winner": "xia", "huxi": 15, "fan": ["red", "black"]},
        {"action": "settle", "winner": "xia", "huxi": 15, "penalties": [{"seat": "xing", "kind": "zha_hu"}]},
        {"action": "deng", "huxi": 15, "rules": {"threshold": "16"}},
    ):
        a = handle({"game": "paohuzi", **req})
        assert a["ok"] is False and a["error"]["zh"] and a["error"]["en"], req
        assert a["error"]["code"] != "internal_error", (req, a)


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 100) | st.sampled_from(["x1", "d10", "九", "self", "peng", "xia", "red", "zou_pao", ""]),
    lambda inner: st.lists(inner, max_size=25) | st.dictionaries(st.sampled_from(["kind", "cards", "seat", "hand", "card"]), inner, max_size=3),
    max_leaves=40,
)


@settings(max_examples=400)
@given(st.sampled_from(sorted(ACTIONS)), st.dictionaries(
    st.sampled_from(["cards", "hand", "open", "card", "source", "huxi", "winner", "self_drawn", "fan", "penalties", "rules", "options", "fouls", "height"]),
    junk, max_size=6))
def test_any_request_gets_an_answer_not_a_crash(action, fields):
    a = handle({"game": "paohuzi", "action": action, **fields})
    json.dumps(a)
    assert a["ok"] is True or a["error"]["code"] != "internal_error", (fields, a)
