"""Every table widget's game is written as a record, and a record opened at a table replays as written."""

from __future__ import annotations

import pytest

from engine.api import handle
from engine.record.export import table_request

PLAYED = [
    {"game": "gupai", "action": "play", "seed": 1120, "human": None},
    {"game": "gupai", "action": "play", "seed": 7, "human": 0, "moves": [], "options": {"xiqian": "none"}},
    {"game": "dawei", "action": "play", "players": 4, "seed": 5, "humans": [], "moves": []},
    {"game": "dawei", "action": "play", "players": 3, "seed": 9, "humans": [0], "moves": ["auto:choice"], "options": {}},
    {"game": "yezi", "action": "round", "seed": 8, "my_seat": 0, "my_groups": [["2", "3", "8", "9"], ["leaf", "1", "4", "10"]]},
    {"game": "yezi", "action": "round", "seed": 11, "options": {"scoring": "placing"}},
    {"game": "paohuzi", "action": "play", "seed": 7, "table": "four", "computer": [0, 1, 2]},
    {"game": "paohuzi", "action": "play", "variant": "xiaguan", "table": "three", "seed": 3, "computer": [0, 1, 2]},
]


def _replayed(game: str, replay: dict) -> dict:
    return table_request(game, replay)


@pytest.mark.parametrize("req", PLAYED, ids=lambda r: f"{r['game']}-{r['seed']}")
def test_a_table_game_is_written_and_opened_again_as_written(req):
    out = handle({"game": "record", "action": "export", "request": req})
    assert out["ok"], out
    text = out["text"]
    assert text.startswith('[Record "1"]') and f'[Game "{req["game"]}"]' in text
    assert handle({"game": "record", "action": "read", "text": text})["result"] == out["result"]
    opened = handle({"game": "record", "action": "open", "text": text, "expect": req["game"]})
    assert opened["ok"], opened
    assert opened["differs_at"] is None
    again = handle({"game": "record", "action": "export", "request": _replayed(req["game"], opened["replay"])})
    assert again["ok"], again
    assert again["position"]["actions"] == out["position"]["actions"]
    assert again["text"] == text


def test_a_finished_game_gives_its_settlement_in_the_record():
    out = handle({"game": "record", "action": "export", "request": PLAYED[0]})
    final = handle(PLAYED[0])
    assert final["terminal"] and out["over"]
    assert out["result"] == " ".join(str(n) for n in final["settlement"]["nets"])


def test_a_record_of_another_game_or_kept_at_a_real_table_is_refused_in_words():
    text = handle({"game": "record", "action": "export", "request": PLAYED[2]})["text"]
    other = handle({"game": "record", "action": "open", "text": text, "expect": "gupai"})
    assert not other["ok"] and "打围" in other["error"]["zh"] and "打围" in other["error"]["en"]
    ledger = handle({"game": "gupai", "action": "ledger", "hands": [{"dealer": 0, "held": [8, 0, 0, 0], "closer": 0}]})["record"]
    kept = handle({"game": "record", "action": "open", "text": ledger, "expect": "gupai"})
    assert not kept["ok"] and kept["error"]["zh"] and kept["error"]["en"]
    bad = handle({"game": "record", "action": "open", "text": "[Record \"1\"]\n[Game \"chess\"]\n", "expect": "gupai"})
    assert not bad["ok"] and "Line 2" in bad["error"]["en"]
    big = handle({"game": "record", "action": "export", "request": {**PLAYED[0], "seed": 2**40}})
    assert not big["ok"] and big["error"]["zh"] and big["error"]["en"]
    assert not handle({"game": "record", "action": "export", "request": {"game": "chess"}})["ok"]


def test_a_record_whose_other_seats_played_otherwise_says_where_the_table_departs_from_it():
    out = handle({"game": "record", "action": "export", "request": PLAYED[6]})
    moves = out["position"]["actions"]
    # the same hand with seat B's first choice replaced by another lawful one, when it has one
    from engine.protocol import open_state

    st = open_state({k: v for k, v in out["position"].items() if k != "actions"})
    for i, a in enumerate(moves):  # noqa: B007  i is read after the loop: the move replaced
        if st.current_player() == 1 and len(st.legal_actions()) > 1:
            other = next(x for x in st.legal_actions() if x != a)
            break
        st.apply(a)
    else:
        pytest.fail("seat B never had a choice in this hand")
    written = handle({"game": "record", "action": "write", "position": {**out["position"], "actions": moves[:i] + [other]}})
    opened = handle({"game": "record", "action": "open", "text": written["text"], "expect": "paohuzi"})
    assert opened["ok"] and opened["differs_at"] == i + 1


@pytest.mark.parametrize("req", [
    # a game after another (its banker throws first), and one where a thrower chose to drop a die
    {"game": "dawei", "action": "play", "players": 5, "seed": 12, "humans": [1], "moves": ["auto:choice"], "previous_banker": 3},
    {"game": "dawei", "action": "play", "players": 3, "seed": 9, "humans": [0], "drop_chance": 0.05, "moves": ["drop1"]},
], ids=["after-another", "dice-dropped"])
def test_a_dawei_game_the_page_does_not_set_up_is_written_and_replays_but_not_at_the_page(req):
    out = handle({"game": "record", "action": "export", "request": req})
    assert out["ok"], out
    assert ('[LastBanker "D"]' in out["text"]) == ("previous_banker" in req) and ('[Drops "yes"]' in out["text"]) == ("drop_chance" in req)
    opened = handle({"game": "record", "action": "open", "text": out["text"]})  # as the command line and the API open it
    assert opened["ok"] and opened["differs_at"] is None, opened
    again = handle({"game": "record", "action": "export", "request": _replayed("dawei", opened["replay"])})
    assert again["ok"] and again["text"] == out["text"]
    # the page's table starts only a fresh game with every die in the bowl: it says so rather than play another game
    at_page = handle({"game": "record", "action": "open", "text": out["text"], "expect": "dawei"})
    assert not at_page["ok"] and at_page["error"]["code"] == "not_this_table" and "命令行" in at_page["error"]["zh"], at_page
