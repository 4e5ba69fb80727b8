import pytest
from hypothesis import given, settings, strategies as st

from engine.api import examples_of, handle

CLASSIFY = {"game": "dawei", "action": "classify"}


def test_classify_contract():
    a = handle({**CLASSIFY, "dice": [3, 3, 3, 3, 4, 2]})
    assert a["ok"] is True
    assert a["awards"] == ["eagle", "chicken"] and a["special"] is None
    assert a["pattern"]["zh"] == "四黑得鹰挂一红" and a["pattern"]["en"]


@pytest.mark.parametrize("dice,special", [([1, 2, 3, 4, 5, 6], "straight"), ([4] * 6, "red_bowl"), ([3] * 6, "black_bowl")])
def test_specials(dice, special):
    a = handle({**CLASSIFY, "dice": dice})
    assert a["awards"] == [] and a["special"] == special


def test_roll_is_seeded():
    a = handle({"game": "dawei", "action": "roll", "seed": 11})
    b = handle({"game": "dawei", "action": "roll", "seed": 11})
    assert a["ok"] and a["dice"] == b["dice"] and len(a["dice"]) == 6
    assert handle({**CLASSIFY, "dice": a["dice"]})["pattern"] == a["pattern"]


@pytest.mark.parametrize(
    "req",
    [
        {**CLASSIFY},
        {**CLASSIFY, "dice": [1, 2, 3]},
        {**CLASSIFY, "dice": [0, 1, 2, 3, 4, 5]},
        {**CLASSIFY, "dice": [1, 2, 3, 4, 5, True]},
        {**CLASSIFY, "dice": "123456"},
        {**CLASSIFY, "dice": [1, 2, 3, 4, 5, 6], "options": {"red_five_gold": "maybe"}},
        {**CLASSIFY, "dice": [1, 2, 3, 4, 5, 6], "options": {"nope": 1}},
        {"game": "dawei", "action": "roll", "seed": "x"},
        {"game": "dawei", "action": "play", "players": 17},
        {"game": "dawei", "action": "play", "players": 3, "moves": ["take:lion"]},
        {"game": "dawei", "action": "play", "players": 3, "humans": [0], "moves": ["take:lion"]},
        {"game": "dawei", "action": "play", "players": 3, "humans": [5]},
        {"game": "dawei", "action": "play", "players": 3, "moves": ["throw"] * 20001},
        {"game": "dawei", "action": "play", "players": 3, "drop_chance": 2},
        {"game": "dawei", "action": "simulate", "players": 3, "games": 100000},
        {"game": "dawei", "action": "split", "first": [2, 2, 1, 3, 4, 5], "second": [2, 1, 1, 3, 5, 6], "choice": "lion_straight:0"},
    ],
)
def test_bad_requests_are_bilingual_errors(req):
    a = handle(req)
    assert a["ok"] is False
    assert a["error"]["code"] != "internal_error"
    assert a["error"]["zh"] and a["error"]["en"]


@settings(max_examples=60)
@given(st.dictionaries(st.sampled_from(["dice", "seed", "players", "moves", "humans", "games", "first", "second", "choice", "options"]),
                       st.one_of(st.none(), st.integers(-5, 30), st.text(max_size=5), st.lists(st.integers(-1, 7), max_size=7))),
       st.sampled_from(["classify", "roll", "split", "play", "simulate", "patterns", "options"]))
def test_any_request_gets_an_answer(fields, action):
    if action == "simulate" and isinstance(fields.get("games"), int):
        fields["games"] = min(fields["games"], 3)
    a = handle({"game": "dawei", "action": action, **fields})
    assert a["ok"] in (True, False)
    if not a["ok"]:
        assert a["error"]["code"] != "internal_error", a


def test_examples_all_answer():
    exs = examples_of("dawei")
    assert {e["request"]["action"] for e in exs} >= {"classify", "roll", "split", "play", "simulate"}
    for e in exs:
        assert handle(e["request"])["ok"] is True, e


def test_play_replays_and_waits_for_humans():
    req = {"game": "dawei", "action": "play", "players": 3, "seed": 2, "humans": [0, 1, 2]}
    a = handle({**req, "moves": ["throw"] * 5})
    b = handle({**req, "moves": ["throw"] * 5})
    assert a == b and a["turn"] == 6 and a["waiting_for"] == a["current"]
    assert [x["action"] for x in a["legal"]] == ["throw", "drop1", "drop2"]
    # the pool is drawn by the view (views/dawei.py), named in the page's language
    import views

    drawn = {lang: views.answer({"view": "dawei-game", "lang": lang, "request": {**req, "moves": ["throw"] * 5, "lang": lang}})["html"]["pool"]
             for lang in ("zh", "en")}
    assert "老狮子" in drawn["zh"] and "old lion" in drawn["en"] and "<" not in str(a)
    done = handle({**req, "moves": ["auto:20000"]})
    assert done["terminal"] and len(done["net"]) == 3


def test_split_action():
    a = handle({"game": "dawei", "action": "split", "first": [5, 5, 5, 1, 2, 4], "second": [5, 1, 1, 2, 3, 6], "choice": "eagle_triple:5"})
    assert a["ok"] and a["success"] is True and a["muntjac_at_once"] is True
    # what the throws did, in words: the muntjac at once beside the first, the stick taken after the second
    assert "獐" in a["direct"]["zh"] and "muntjac at once" in a["direct"]["en"]
    assert a["outcome"]["zh"].startswith("成功") and a["outcome"]["en"].startswith("Success")
    missed = handle({"game": "dawei", "action": "split", "first": [5, 5, 5, 1, 2, 4], "second": [1, 1, 2, 2, 3, 6], "choice": "eagle_triple:5"})
    assert missed["success"] is False and missed["outcome"]["en"].startswith("Missed")
    none = handle({"game": "dawei", "action": "split", "first": [3, 3, 4, 4, 5, 6]})
    assert none["direct"] == {"zh": "", "en": ""} and "outcome" not in none


def test_the_options_answer_gives_the_dice_and_the_words_a_table_needs():
    from engine.dawei.dice import ALL_OUTCOMES, FACES, N_DICE

    a = handle({"game": "dawei", "action": "options"})
    assert a["dice"] == {"count": N_DICE, "faces": list(FACES), "throws": ALL_OUTCOMES}
    assert a["words"]["zhu"]["zh"] == "柱" and a["words"]["banker"]["en"] == "banker"
    assert a["limits"]["entries"] > 0 and a["limits"]["log_tail"] > 0


def test_simulate():
    a = handle({"game": "dawei", "action": "simulate", "players": 4, "games": 5, "seed": 3})
    assert a["ok"] and len(a["games"]) == 5 and a["break_even"] == 132
    b = handle({"game": "dawei", "action": "simulate", "players": 4, "games": 5, "seed": 3})
    assert a == b
