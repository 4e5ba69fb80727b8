from hypothesis import given, settings, strategies as st

from engine.api import examples_of, handle
from engine.gupai.actions import ACTIONS


def call(**kw):
    return handle({"game": "gupai", **kw})


def test_examples_answer():
    ex = examples_of("gupai")
    assert {e["request"]["action"] for e in ex} == set(ACTIONS)
    for e in ex:
        assert handle(e["request"])["ok"], e


def test_tiles_action():
    a = call(action="tiles")
    assert a["count"] == 32 and len(a["tiles"]) == 21 and "<" not in str(a)
    # the data a tile is drawn from: the pips of each half, red or black (views.draw.gupai draws them)
    from views.draw.gupai import RED, tile_svg

    tian = next(t for t in a["tiles"] if t["code"] == "66")
    assert tian["top"] == {"pips": 6, "colours": "rrbbrr"} and tian["red_pips"] == 6
    assert tile_svg("66").count(f'fill="{RED}"') == tian["red_pips"]


def test_compare():
    a = call(action="compare", plays=[["11"], ["66"], ["65"], {"tiles": ["22"], "up": False}])
    assert a["winner"] == 1 and a["plays"][2]["beats_best"] is False
    assert call(action="compare", plays=[["66", "54", "63", "66"], ["11"]])["ok"] is False
    assert call(action="compare", plays=[["66"], ["66", "11"]])["ok"] is False
    assert call(action="compare", plays=[["66"], ["66"], ["66"]])["error"]["code"] == "impossible_tiles"


def test_play_replays_and_refuses_illegal_moves():
    a = call(action="play", seed=11)
    assert a["terminal"] and sum(a["held"]) == 8 and a == call(action="play", seed=11)
    fresh = call(action="play", human=0)  # no hand named: the engine deals one, numbered for a reader
    assert fresh["ok"] and 0 <= fresh["seed"] < 2**31 and call(action="play", human=0, seed=fresh["seed"]) == fresh
    h = call(action="play", seed=11, human=2)
    assert h["to_move"] == 2 and h["hands"][0] is None and h["legal"]
    b = call(action="play", seed=11, human=2, moves=[h["legal"][0]])
    assert b["ok"] and len(b["tricks"]) + len(b["current"]) >= 1
    bad = call(action="play", seed=11, human=2, moves=[{"tiles": ["66", "66", "66"], "up": True}])
    assert bad["ok"] is False and bad["error"]["zh"] and bad["error"]["en"]


def test_settle_errors():
    assert call(action="settle", held=[1, 2, 3, 4], closer=0)["ok"] is False
    assert call(action="settle", held=[0, 2, 3, 3], closer=0)["ok"] is False
    assert call(action="settle", held=[4, 0, 1, 3], closer=0, sealed=[1])["nets"][1] == -4
    assert call(action="settle", held=[8, 0, 0, 0], closer=0, options={"dun": "nope"})["ok"] is False


@settings(max_examples=80)
@given(st.dictionaries(st.sampled_from(["seed", "plays", "held", "closer", "moves", "human", "dealer", "options", "sealed",
                                        "check", "run_each", "run_tiles", "zhizun_by", "closer_tiles", "contested"]),
                       st.one_of(st.none(), st.integers(-5, 40), st.text(max_size=4),
                                 st.lists(st.one_of(st.integers(0, 70), st.text(max_size=3)), max_size=5))),
       st.sampled_from(sorted(ACTIONS)))
def test_bad_input_is_an_error_never_an_exception(req, action):
    a = handle({"game": "gupai", "action": action, **req})
    assert a["ok"] in (True, False)
    if not a["ok"]:
        assert a["error"]["code"] != "internal_error", a


def test_face_down_tiles_stay_hidden_from_the_person_until_the_end():
    moves = []
    hidden = 0
    for _ in range(8):
        a = call(action="play", seed=4, human=1, moves=moves)
        if a["terminal"]:
            break
        laid = [m for t in a["tricks"] for m in t["moves"]] + a["current"]
        for m in laid:
            if not m["up"] and m["seat"] != 1:
                assert set(m["tiles"]) == {"back"}
                hidden += 1
        assert [h is None for h in a["hands"]] == [True, False, True, True]
        moves.append(a["legal"][-1])  # the last legal move: a discard whenever following
    assert hidden > 0
    done = call(action="play", seed=4, human=1, moves=moves)
    assert done["terminal"] and "back" not in {t for tr in done["tricks"] for m in tr["moves"] for t in m["tiles"]}


def test_errors_are_sentences_about_the_game():
    cases = [
        dict(action="settle", held=[1, 2, 3, 4], closer=0),
        dict(action="settle", held=[0, 2, 3, 3], closer=0),
        dict(action="compare", plays=[["66"], ["66", "11"]]),
        dict(action="compare", plays=[["66"], ["65", "64"]]),
        dict(action="play", seed=11, human=0, moves=[{"tiles": ["66", "66", "66"], "up": True}]),
        dict(action="play", seed=1120, human=0, sealed=[0]),
        dict(action="settle", held=[8, 0, 0, 0], closer=0, options={"dun": "stack"}),
    ]
    for c in cases:
        a = call(**c)
        assert a["ok"] is False, c
        for lang in ("zh", "en"):
            msg = a["error"][lang]
            assert "字段" not in msg and "field" not in msg.lower(), (c, msg)
            for ident in ("held", "closer", "plays", "moves", "sealed", "options", "dun", "stack", "up"):
                for quoted in (f"'{ident}'", f"“{ident}”", f'"{ident}"', f"{ident}:", f"{ident}="):
                    assert quoted not in msg, (c, msg)


def test_check_says_why_a_choice_is_not_a_play():
    a = call(action="play", seed=1120, human=0, check=["11", "51"])
    assert a["check"]["up"]["en"].startswith("Earth and Ace-five are not a play")
    assert "领出" in a["check"]["down"]["zh"]
    ok = call(action="play", seed=1120, human=0, check=[a["legal"][0]["tiles"][0]] if len(a["legal"][0]["tiles"]) == 1 else a["legal"][0]["tiles"])
    assert ok["check"]["up"] is None
