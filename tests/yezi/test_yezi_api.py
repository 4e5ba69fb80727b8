from hypothesis import given, settings
from hypothesis import strategies as st

from engine.api import examples_of, handle


def call(**kw):
    return handle({"game": "yezi", **kw})


def test_best_contract():
    a = call(action="best", hand=["王", "土", "人", "合", "贝", "叶", "贝", "合"])
    assert a["ok"] and a["score"] == 3 and a["ranks"] == [1, 2]
    assert sorted(a["groups"][0]) == sorted(["9", "6", "5", "10"])
    assert all(len(g) == 4 for g in a["groups"])


def test_impossible_hands_are_errors():
    for hand in (["leaf"] * 3 + ["1"] * 3 + ["2"] * 2, ["4"] * 4 + ["1", "2", "3", "5"], ["1"] * 3, [], ["1"] * 9):
        a = call(action="best", hand=hand)
        assert a["ok"] is False and a["error"]["zh"] and a["error"]["en"]


def test_examples_answer():
    ex = examples_of("yezi")
    assert {e["request"]["action"] for e in ex} >= {"best", "evaluate", "deal", "round", "zipai-discard"}
    for e in ex:
        assert handle(e["request"])["ok"], e


def test_round_answer():
    a = call(action="round", seed=7)
    assert a["ok"] and len(a["players"]) == 4 and a["winners"]
    assert a == call(action="round", seed=7)
    assert call(action="round", seed=7, options={"scoring": "nope"})["ok"] is False


def test_evaluate_partial_and_full():
    a = call(action="evaluate", groups=[["5", "7"], ["1", "2", "3", "4"]])
    assert a["groups"][0]["possible"] == ["ren"] and a["groups"][1]["rank"] == 9 and a["score"] is None
    b = call(action="evaluate", groups=[["5", "7", "leaf", "10"], ["6", "8", "4", "10"]])
    assert b["score"] == 11 and b["best_score"] == 11


codes = st.sampled_from(["leaf", "叶", "1", "5", "10", "合", "王", "x4", "d5", "x8", "rank", "placing"])
base = st.none() | st.booleans() | st.integers(-5, 2**64) | st.text(max_size=3) | codes
junk = base | st.lists(base | st.lists(codes, max_size=5), max_size=10) | st.dictionaries(st.sampled_from(["scoring", "pairs", "x"]), base, max_size=2)
actions = st.sampled_from(["best", "evaluate", "deal", "round", "combinations", "faces", "zipai-deal",
                           "zipai-arrange", "zipai-discard", "zipai-draw", "zipai-differences"])
fields = st.sampled_from(["hand", "groups", "seed", "thrower", "options", "card", "from_upper", "passed", "locked", "width"])


@settings(max_examples=300)
@given(actions, st.dictionaries(fields, junk, max_size=4))
def test_junk_never_raises(action, extra):
    a = handle({"game": "yezi", "action": action, **extra})
    assert a["ok"] in (True, False)
    if not a["ok"]:
        assert a["error"]["code"] != "internal_error", a


def test_round_takes_the_readers_own_split():
    base = call(action="round", seed=8)
    hand = base["players"][0]["hand"]
    best = call(action="best", hand=hand)
    other = [best["groups"][1], best["groups"][0]]
    a = call(action="round", seed=8, my_seat=0, my_groups=other)
    assert a["ok"] and a["my_seat"] == 0 and a["my_best"] == best["score"]
    assert a["players"][0]["groups"] == [sorted(g, key=lambda c: -1 if c == "leaf" else int(c)) for g in other]
    # the other seats keep their best split whatever the reader does
    assert [p["groups"] for p in a["players"][1:]] == [p["groups"] for p in base["players"][1:]]
    assert len(a["showing_winners"]) == 2


def test_round_refuses_a_split_of_other_cards():
    hand = call(action="round", seed=8)["players"][0]["hand"]
    missing_card = next(c for c in ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"] if c not in hand)
    for groups in ([hand[:4], hand[:4]], [hand[:4], hand[4:7] + [missing_card]], [hand[:3], hand[3:]]):
        a = call(action="round", seed=8, my_seat=0, my_groups=groups)
        assert a["ok"] is False and a["error"]["code"] == "bad_split", groups
        assert "four" in a["error"]["en"] or "eight" in a["error"]["en"]
