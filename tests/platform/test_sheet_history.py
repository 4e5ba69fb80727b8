"""The corrections the score sheets keep (骨牌's ledger, 叶子戏's tally, 跑胡子's match sheet) and 打围's referee keeps,
read and written once (engine/record/sheet.py), each sheet with its own reader of a line and its own words."""

from __future__ import annotations

import pytest

from engine.api import handle
from engine.record import read

from dawei.helpers import seeded_table_moves

LEDGER_HAND = {"dealer": 0, "held": [3, 0, 1, 4], "closer": 3}
TALLY_ROUND = {"thrower": 0, "players": [
    {"hand": ["9", "6", "5", "10", "2", "leaf", "2", "10"]},
    {"groups": [["5", "7", "leaf", "10"], ["1", "3", "4", "8"]]},
    {"hand": ["3", "3", "6", "6", "4", "8", "9", "7"]},
    {"groups": [["1", "1", "2", "4"], ["5", "7", "8", "9"]]},
]}


def requests() -> dict[str, tuple[dict, str, str]]:
    """Each sheet's request with one correction (its number's key), and the error code a bad correction gets."""
    first, moves = seeded_table_moves(26, 4)
    return {
        "ledger": ({"game": "gupai", "action": "ledger", "hands": [LEDGER_HAND]}, "hand", "bad_field"),
        "tally": ({"game": "yezi", "action": "tally", "rounds": [TALLY_ROUND]}, "round", "bad_field"),
        "match": ({"game": "paohuzi", "action": "sheet", "hands": [{"winner": 1, "huxi": 21}]}, "hand", "bad_sheet"),
        "referee": ({"game": "dawei", "action": "referee", "players": 4, "first": first, "moves": moves[:6]}, "n", "bad_field"),
    }


WAS = {"ledger": LEDGER_HAND, "tally": TALLY_ROUND, "match": {"winner": None}, "referee": "drop:1"}


@pytest.mark.parametrize("kind", [[], {}, ["corrected"], "fixed", None])
@pytest.mark.parametrize("sheet", ["ledger", "tally", "match", "referee"])
def test_a_correction_of_no_known_kind_is_refused_in_words(sheet: str, kind: object) -> None:
    # 跑胡子's match sheet looked the kind up in a table of words: a kind given as a list or an object was an error of
    # the engine's own (internal_error); each sheet now asks the same question of it and refuses it in its words
    req, key, code = requests()[sheet]
    a = handle({**req, "history": [{key: 1, "kind": kind, "was": WAS[sheet]}]})
    assert not a["ok"] and a["error"]["code"] == code, a
    assert "改过还是删去" in a["error"]["zh"] and "corrected or deleted" in a["error"]["en"]


def _with_history(record: str, value: str) -> str:
    head, _, moves = record.partition("\n\n")
    lines = [ln for ln in head.split("\n") if not ln.startswith("[History ")]
    lines.insert(len(lines) - 2, f'[History "{value}"]')  # before Edition and Result
    return "\n".join(lines) + "\n\n" + moves


@pytest.mark.parametrize("sheet, zh, en", [
    ("ledger", "记录的 History 标签写得不对：每条是“盘数:corrected 或 deleted:原来那一盘的记法”。",
     "The record's History tag is not well written: each item reads hand:corrected or deleted:the hand as it stood."),
    ("tally", "记录的 History 标签写得不对：每条是“局数:corrected 或 deleted:原来那一局的记法”。",
     "The record's History tag is not well written: each item reads round:corrected or deleted:the round as it stood."),
    ("match", "记录的 History 标签写得不对：每条是“局:corrected 或 deleted:原来的记法”。",
     "The record's History tag is not well written: each item reads hand:corrected or deleted:the hand as it stood."),
])
def test_each_sheet_reads_its_corrections_back_and_refuses_a_bad_one_in_its_own_words(sheet: str, zh: str, en: str) -> None:
    req, key, _ = requests()[sheet]
    a = handle({**req, "history": [{key: 1, "kind": "corrected", "was": WAS[sheet]}, {key: 2, "kind": "deleted", "was": WAS[sheet]}]})
    assert a["ok"], a
    tag = read(a["record"]).tags["History"]
    assert tag.startswith("1:corrected:") and "; 2:deleted:" in tag
    back = handle({"game": req["game"], "action": req["action"], "text": a["record"]})
    assert back["ok"] and back["record"] == a["record"] and [h["kind"] for h in back["history"]] == ["corrected", "deleted"]
    for bad in (tag.replace("2:deleted:", "2:fixed:"), tag.replace("2:deleted:", "x:deleted:")):
        refused = handle({"game": req["game"], "action": req["action"], "text": _with_history(a["record"], bad)})
        assert refused["error"] == {"code": "bad_record", "zh": zh, "en": en}


def test_the_referees_corrections_stay_apart_by_spaces_and_it_leaves_out_what_it_cannot_read() -> None:
    req, _, _ = requests()["referee"]
    hist = [{"n": 3, "kind": "corrected", "was": req["moves"][2]}, {"n": 5, "kind": "deleted", "was": "drop:2"}]
    a = handle({**req, "history": hist})
    assert a["ok"], a
    assert read(a["record"]).tags["History"] == f"3:corrected:{req['moves'][2]} 5:deleted:drop:2"
    back = handle({"game": "dawei", "action": "referee", "text": a["record"]})
    assert back["ok"] and back["record"] == a["record"] and [{k: h[k] for k in ("n", "kind", "was")} for h in back["history"]] == hist
    odd = handle({"game": "dawei", "action": "referee", "text": _with_history(a["record"], "3:fixed:drop:1  5:deleted:drop:2 x")})
    assert odd["ok"] and [(h["n"], h["kind"]) for h in odd["history"]] == [(5, "deleted")]
