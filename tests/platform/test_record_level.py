"""The computer's level in a game's record: a round of 叶子戏 (or a game of 打围, a hand of 骨牌) played at a
table against the computer at a level is exported with that level in the record's header (``[Level "strong"]``),
with the other seats' moves as that level made them; reading the record gives the level back, and the table
that opens it plays at that level, so the record replays as written."""

from __future__ import annotations

import pytest

from engine.api import BUDGET, cost, handle
from engine.record import RecordError, read, rewrite

ROUND = {"game": "yezi", "action": "round", "seed": 8, "options": {"scoring": "placing"}}


def _export(request: dict) -> dict:
    req = {"game": "record", "action": "export", "request": request}
    assert cost("record", "export", req) <= BUDGET
    a = handle(req)
    assert a["ok"], a
    return a


def _my_round(level: str) -> dict:
    hand = handle(dict(ROUND, level=level))["players"][0]["hand"]
    return dict(ROUND, level=level, my_seat=0, my_groups=[[hand[i] for i in (0, 2, 4, 6)], [hand[i] for i in (1, 3, 5, 7)]])


@pytest.mark.parametrize("level", ["basic", "strong"])
def test_a_yezi_round_at_a_level_round_trips_through_its_record(level: str) -> None:
    request = _my_round(level)
    played = handle(request)
    assert played["ok"], played
    a = _export(request)
    text = a["text"]
    assert f'[Level "{level}"]' in text.splitlines()
    assert a["position"]["actions"] == played["position"]["actions"]  # the splits the computer seats made at that level
    rec = read(text)
    assert rec.position["level"] == level and rec.tags["Level"] == level
    assert rec.position == a["position"]
    assert rewrite(text) == text
    opened = handle({"game": "record", "action": "open", "text": text, "expect": "yezi"})
    assert opened["ok"], opened
    assert opened["replay"]["level"] == level and opened["differs_at"] is None
    again = handle({"game": "yezi", "action": "round", **opened["replay"]})
    assert again["ok"] and again["position"]["actions"] == played["position"]["actions"]
    # the round opened from its record is reviewed as played: the reader's own split is the decision
    review = handle({"game": "table", "action": "review", "seat": 0, "position": again["position"]})
    assert review["ok"] and review["total"] == 1, review
    mine = next(o for o in review["decisions"][0]["options"] if o["chosen"])
    assert mine["id"] == review["decisions"][0]["chosen"] and review["decisions"][0]["chosen"] in played["position"]["actions"]


def test_the_strong_level_splits_otherwise_and_the_record_says_which_level() -> None:
    strong, basic = _export(_my_round("strong")), _export(_my_round("basic"))
    assert strong["position"]["actions"] != basic["position"]["actions"]
    # the strong record opened at the table gives back the strong level's splits, not the basic ones
    opened = handle({"game": "record", "action": "open", "text": strong["text"], "expect": "yezi"})
    assert opened["differs_at"] is None and opened["position"]["actions"] == strong["position"]["actions"]
    plain = _export({k: v for k, v in _my_round("basic").items() if k != "level"})
    assert "[Level" not in plain["text"] and "level" not in read(plain["text"]).position


def test_a_dawei_game_at_the_strong_level_is_recorded_as_played() -> None:
    moves: list[str] = []
    request = {"game": "dawei", "action": "play", "players": 4, "seed": 65, "humans": [0], "log_tail": 0, "level": "strong"}
    for _ in range(100):
        p = handle(dict(request, moves=moves))
        if p["terminal"]:
            break
        moves.append("pass" if p["legal"][0]["action"] != "throw" else "auto:choice")
    a = _export(dict(request, moves=moves))
    assert '[Level "strong"]' in a["text"] and a["position"]["actions"] == p["position"]["actions"]
    rec = read(a["text"])
    assert rec.position["level"] == "strong" and rewrite(a["text"]) == a["text"]
    opened = handle({"game": "record", "action": "open", "text": a["text"], "expect": "dawei"})
    assert opened["ok"] and opened["replay"]["level"] == "strong" and opened["differs_at"] is None


@pytest.mark.parametrize("header,line", [('[Level "expert"]', 5), ('[Level ""]', 5)])
def test_a_level_the_archive_does_not_have_is_refused_in_words(header: str, line: int) -> None:
    text = f'[Record "1"]\n[Game "yezi"]\n[Seed "8"]\n[Thrower "A"]\n{header}\n[Result "*"]\n\n'
    with pytest.raises(RecordError) as e:
        read(text)
    assert e.value.line == line and "水平" in e.value.zh and "level" in e.value.en
    a = handle({"game": "record", "action": "read", "text": text})
    assert not a["ok"] and "Level" in a["error"]["en"]
    bad = handle({"game": "record", "action": "write", "position": {"game": "yezi", "seed": 8, "level": "expert"}})
    assert not bad["ok"] and "level" in bad["error"]["en"]


# 跑胡子: the reader (seat A, the dealer) lets go of 一 first; after it the computer seats play otherwise at the strong level
PAOHUZI = {"game": "paohuzi", "action": "play", "seed": 5, "actions": [{"id": "discard:d1"}]}


def test_a_paohuzi_hand_at_the_strong_level_is_recorded_as_played_and_opens_at_that_level() -> None:
    from engine.record.export import replays_as_written, table_request

    strong, basic = _export(dict(PAOHUZI, level="strong")), _export(dict(PAOHUZI, level="basic"))
    assert '[Level "strong"]' in strong["text"].splitlines() and '[Level "basic"]' in basic["text"].splitlines()
    assert strong["position"]["actions"][0] == basic["position"]["actions"][0] == "discard:d1"
    assert strong["position"]["actions"] != basic["position"]["actions"]  # the computer seats' moves at each level
    rec = read(strong["text"])
    assert rec.position["level"] == "strong" and rec.position == strong["position"] and rewrite(strong["text"]) == strong["text"]
    opened = handle({"game": "record", "action": "open", "text": strong["text"], "expect": "paohuzi"})
    assert opened["ok"], opened
    assert opened["replay"]["level"] == "strong" and opened["differs_at"] is None
    # the table's request for that replay plays the same hand at the same level: its export is the record again
    assert _export(table_request("paohuzi", opened["replay"]))["text"] == strong["text"]
    # a table that ignored the level would have its computer play otherwise than the record
    plain = {k: v for k, v in opened["replay"].items() if k != "level"}
    assert replays_as_written(strong["position"], plain) is not None
    # with no level asked for, the record has none, as before
    assert "[Level" not in _export(PAOHUZI)["text"]


# ---------------------------------------------------------------- a review reopened from an exported record, every game
#
# Each table's finished game, played through the request its widget sends; the review request built from the table's
# answer as its widget builds it; then the game exported as a record, the record opened, the table's request for that
# replay asked again, and the review request built from that answer: the same request (so the same review, which a
# review request always gives: test_review.py), and a review that names the reader's decisions and the strong level's
# estimate of every option. 下灌字牌 is 跑胡子's other variant; 跑胡子 is also played against strong computer seats.


def _finish(game: str, req: dict) -> tuple[dict, dict]:
    """The table's request with the reader's moves to the end of the game (the first or last move offered), and its answer."""
    if game == "yezi":
        hand = handle(req)["players"][0]["hand"]
        req = dict(req, my_seat=0, my_groups=[[hand[i] for i in (0, 2, 4, 6)], [hand[i] for i in (1, 3, 5, 7)]])
        return req, handle(req)
    field = {"gupai": "moves", "dawei": "moves", "paohuzi": "actions"}[game]
    moves: list = []
    for _ in range(100):
        req = dict(req, **{field: moves})
        a = handle(req)
        assert a["ok"], a
        if a.get("terminal") or a.get("over"):
            return req, a
        if game == "gupai":
            moves = moves + [a["legal"][-1]]
        elif game == "dawei":
            moves = moves + ["pass" if a["legal"][0]["action"] != "throw" else "auto:choice"]
        else:
            moves = moves + [{"id": a["actions"][-1]["id"]}]
    raise AssertionError("the game did not end")


def _review_request(game: str, req: dict, a: dict) -> dict:
    """The review request the game's table widget makes from its answer (widgets/gupai.js, dawei.js, yezi.js, zipai.js)."""
    if game == "gupai":
        actions = [("up:" if m["up"] else "down:") + ".".join(m["tiles"]) for tr in a["tricks"] for m in tr["moves"]]
        position = {"game": "gupai", "seed": a["seed"], "dealer": a["dealer"], "sealed": a["sealed"], "options": a["options"], "actions": actions}
        return {"game": "table", "action": "review", "seat": a["human"], "position": position}
    if game in ("dawei", "yezi"):
        return {"game": "table", "action": "review", "seat": 0, "position": a["position"]}
    # 跑胡子: the table's moves against basic seats; against strong seats the position its record export writes
    hand = {"variant": req.get("variant", "paohuzi"), "table": a["table"], "seed": a["seed"], "actions": req["actions"]}
    if "level" not in req:
        return {"game": "table", "action": "review", "seat": a["viewer"], "hand": hand, "decisions": [1]}
    w = _export({"game": "paohuzi", "action": "play", **hand, "level": req["level"]})
    return {"game": "table", "action": "review", "seat": a["viewer"], "position": w["position"], "decisions": [1]}


TABLES = [
    ("gupai", {"game": "gupai", "action": "play", "seed": 7, "human": 0}),
    ("dawei", {"game": "dawei", "action": "play", "players": 4, "seed": 65, "humans": [0], "log_tail": 0, "level": "basic"}),
    ("yezi", {"game": "yezi", "action": "round", "seed": 8}),
    ("paohuzi", {"game": "paohuzi", "action": "play", "seed": 5}),
    ("paohuzi", {"game": "paohuzi", "action": "play", "variant": "xiaguan", "seed": 3}),
    ("paohuzi", {"game": "paohuzi", "action": "play", "seed": 5, "level": "strong", "hint_level": "basic"}),
]


@pytest.mark.parametrize("game,table", TABLES, ids=["gupai", "dawei", "yezi", "paohuzi", "xiaguan", "paohuzi-strong"])
def test_a_finished_game_reopened_from_its_record_is_reviewed_as_at_its_table(game: str, table: dict) -> None:
    from engine.record.export import table_request

    req, a = _finish(game, table)
    review = _review_request(game, req, a)
    text = _export(req)["text"]
    opened = handle({"game": "record", "action": "open", "text": text, "expect": game})
    assert opened["ok"] and opened["differs_at"] is None, opened
    again_req = table_request(game, opened["replay"])
    again = handle(again_req)
    assert again["ok"] and (again.get("terminal") or again.get("over") or again.get("winners")), again
    assert _review_request(game, again_req, again) == review  # the same review as the one from the table's own request
    assert cost("table", "review", review) <= BUDGET
    r = handle({**review, "decisions": [1]})  # the first decision weighed (the widget asks the rest as it asked this one)
    assert r["ok"], r
    rows = [d for d in r["decisions"] if d["analysed"]]
    assert rows and r["level"] == "strong"
    for d in rows:  # the reader's decision, and the strong level's estimate of each option
        assert sum(o["chosen"] for o in d["options"]) == 1 and len(d["options"]) >= 2
        assert next(o["id"] for o in d["options"] if o["chosen"]) == d["chosen"] and d["chosen_words"]["zh"] and d["chosen_words"]["en"]
        # each option's expected result, with how sure it is (none where the value is exact: 打围's second throw)
        assert all(isinstance(o["mean"], (int, float)) and (o["pm"] is None or o["pm"] >= 0) for o in d["options"])
        # "best" only for the option the figures rank first (and none where the first ones are about equal)
        assert d["options"][0]["top"] and sum(o["best"] for o in d["options"]) <= 1 and all(not o["best"] for o in d["options"][1:])
