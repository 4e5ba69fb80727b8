"""Records of play at a real table: hands dealt by hand (跑胡子, 骨牌, 叶子戏) and the 跑胡子 match sheet.

The seeded games' round trip is tests/platform/test_records.py; here the same games are
written with the cards a table dealt instead of a seed, and matches are entered hand by hand.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from engine.api import handle
from engine.protocol import play_random, state_class
from engine.record import RecordError, read, referee, rewrite, write, write_state
from engine.record.dealt import DEALT

# ---------------------------------------------------------------- a seeded deal written as the table dealt it


def table_deal(game: str, setup: dict) -> dict:
    """The written position of the same deal as a seeded one, with the cards instead of the seed."""
    st = state_class(game)(setup)
    if game == "paohuzi":
        from engine.paohuzi.cards import full_deck
        from engine.paohuzi.seating import TABLES, table_config

        deck = full_deck()
        random.Random(st.setup["seed"]).shuffle(deck)
        tcfg, aside = table_config(st.cfg, st.setup["table"])
        n = TABLES[st.setup["table"]][0]
        sizes = [tcfg.hand_size] * n
        if tcfg.deal_mode == "banker21":
            sizes[0] += 1
        rest, dealt = deck[aside:], [[] for _ in range(n)]
        k = 0
        for r in range(max(sizes)):
            for s in range(n):
                if r < sizes[s]:
                    dealt[s].append(rest[k].code)
                    k += 1
        return {"game": game, "deal": "table", "variant": st.setup["variant"], "table": st.setup["table"], "options": st.setup["options"],
                "hands": [sorted(h) for h in dealt], "stock": [c.code for c in reversed(rest[k:])], "aside": [c.code for c in deck[:aside]]}
    if game == "gupai":
        return {"game": game, "deal": "table", "dealer": st.setup["dealer"], "sealed": st.setup["sealed"], "options": st.setup["options"],
                "hands": [list(h) for h in st.deal.hands]}
    from engine.yezi.cards import code_of

    return {"game": game, "deal": "table", "thrower": st.setup["thrower"], "options": st.setup["options"],
            "hands": [[code_of(c) for c in h] for h in st.deal.hands]}


SETUPS = [(g, s) for g in DEALT for s in state_class(g).setups()]


@settings(max_examples=20, deadline=None)
@given(which=hs.integers(0, len(SETUPS) - 1), seed=hs.integers(0, 2**32), rng_seed=hs.integers(0, 10**6),
       cut=hs.sampled_from([1.0, 1.0, 0.5, 0.0]))
def test_hands_dealt_at_a_table_round_trip_and_play_as_the_seeded_deal(which, seed, rng_seed, cut):
    game, setup = SETUPS[which]
    setup = setup if "seed" in setup else {**setup, "seed": seed}  # a setup that seals names its own deal
    seeded = state_class(game)(setup)
    play_random(seeded, random.Random(rng_seed))
    keep = len(seeded.actions) if cut >= 1 else int(len(seeded.actions) * cut)
    pos = {**table_deal(game, setup), "actions": seeded.actions[:keep]}
    text = write(pos, {"Site": "家里 at home"})
    assert '[Deal "table"]' in text and "[Seed" not in text
    rec = read(text)
    assert type(rec.state) is type(seeded)  # one state class per game: a real deal is the seeded game's state, given the cards
    assert write_state(rec.state, rec.tags) == text  # write → read → write: the same text
    assert rewrite(text) == text
    if cut >= 1:
        assert rec.state.is_terminal()
        assert rec.state.returns() == seeded.returns()  # the same cards and moves settle the same
        assert sum(rec.state.returns()) == 0
    n = rec.state.num_players()
    again = state_class(game)(setup)
    for a in seeded.actions[:keep]:
        again.apply(a)
    assert [rec.state.observation(p).get("hand") for p in range(n)] == [again.observation(p).get("hand") for p in range(n)]


def test_a_paohuzi_deal_with_a_card_too_many_is_answered_with_the_hands_line():
    pos = table_deal("paohuzi", {"seed": 4, "table": "three"})
    text = write(pos)
    lines = text.splitlines()
    k = next(i for i, ln in enumerate(lines) if ln.startswith("[Hands"))
    first = lines[k].split('"')[1].split(".")[0]
    other = "x1" if first != "x1" else "x2"
    lines[k] = lines[k].replace(f'"{first}.', f'"{other}.', 1)
    with pytest.raises(RecordError) as e:
        read("\n".join(lines) + "\n")
    assert "whole set" in e.value.en or "too many" in e.value.en
    assert e.value.line <= k + 1


def test_a_gupai_deal_must_give_each_seat_eight_tiles():
    pos = table_deal("gupai", {"seed": 2})
    pos["hands"] = pos["hands"][:3]
    a = handle({"game": "record", "action": "write", "position": pos})
    assert not a["ok"] and "four seats" in a["error"]["en"] and "四家" in a["error"]["zh"]


def test_only_three_games_are_dealt_at_a_table():
    text = '[Record "1"]\n[Game "dawei"]\n[Deal "table"]\n[Result "*"]\n'
    with pytest.raises(RecordError) as e:
        read(text)
    assert e.value.line == 3 and "Deal" in e.value.en


# ---------------------------------------------------------------- the match sheet


BOOKLET_MATCH = """[Record "1"]
[Game "paohuzi"]
[Table "four"]
[Sheet "match"]
[Birds "0"]
[Names "甲;乙;丙;丁"]
[Event "比赛规则 5、6 的例子 the booklet's examples"]
[Result "-15 -7 7 15"]

% 5：15 戏胡牌，负者各 −2，胡者 +2，数醒者 +2
1. C win:B,huxi:15
% B now deals and D counts: 21 戏胡牌，负者各 −4，胡者 +6，数醒者 +2
2. D win:A,huxi:21
% A deals again, C counts: 荒牌，庄家 −2，数醒者 +2
3. C huang
% 6 罚则 C：庄家失蹄，上家 18 戏自摸红胡
4. C win:D,zimo,huxi:18,fan:red,foul:A.shi_ti
5. B end
"""


def test_the_booklet_scored_hands_written_by_hand_are_scored_as_the_booklet_scores_them():
    """Competition rules, 5 and 6 (paohuzi.txt):

    > 例如：15戏胡牌，没有胡牌者（负者）各计—2分，胡牌者计2分，数醒者计2分。
    > 21戏胡牌，没有胡牌者（负者）各计—4分，胡牌者计6分，数醒者计2分。
    > 荒牌庄家计—2分，数醒者计2分。其余计0分。
    > 例如：庄家失蹄，上家18戏自模红胡，则给庄计—17分，给上家计15分，给下家计—5分，给醒家计7分。
    """
    rec = read(BOOKLET_MATCH)
    rows = rec.state.sheet()["hands"]
    # hand 1: A deals, B (next) wins 15: losers A and D −2, winner +2, the counter C +2
    assert rows[0]["scores"] == [-2, 2, 2, -2]
    # hand 2: B deals (抢庄), D counts; A (B's previous) wins 21: losers B, C −4, winner +6, counter +2
    assert rows[1]["dealer"] == 1 and rows[1]["counter"] == 3 and rows[1]["scores"] == [6, -4, -4, 2]
    # hand 3: A deals, C counts; 荒牌: the dealer −2, the counter +2, the others 0
    assert rows[2]["dealer"] == 0 and rows[2]["scores"] == [-2, 0, 2, 0]
    # hand 4 (荒牌: the dealer deals again): A deals and misses a ti, D (the previous player) wins 18 self-drawn red
    assert rows[3]["roles"] == ["zhuang", "xia", "xing", "shang"]
    assert rows[3]["scores"] == [-17, -5, 7, 15]
    assert [r["deng"] for r in rows] == [1, 3, 0, 3]
    assert rec.state.returns() == [-15, -7, 7, 15] and sum(rec.state.returns()) == 0
    report = referee(BOOKLET_MATCH)
    assert report["settlement"][0]["result"] == "-15"
    assert "−9" in report["moves"][3]["en"] and "red hu" in report["moves"][3]["en"]
    assert "第 1 名" in report["moves"][4]["zh"]
    again = rewrite(BOOKLET_MATCH)  # written again: the moves with what each hand came to, then read as the same match
    assert any(ln.startswith("1. C win:B,huxi:15 {第 1 局") for ln in again.splitlines())
    assert read(again).state.returns() == rec.state.returns()


def test_a_sheet_line_at_the_wrong_seat_or_with_the_counter_winning_is_refused_with_its_line():
    bad_seat = BOOKLET_MATCH.replace("1. C win:B,huxi:15", "1. A win:B,huxi:15")
    with pytest.raises(RecordError) as e:
        read(bad_seat)
    assert e.value.line == 11 and "C's turn" in e.value.en
    counter_wins = BOOKLET_MATCH.replace("1. C win:B,huxi:15", "1. C win:C,huxi:15")
    with pytest.raises(RecordError) as e:
        read(counter_wins)
    assert e.value.line == 11 and "counter cannot win" in e.value.en and "醒家" in e.value.zh
    wrong_total = BOOKLET_MATCH.replace('[Result "-15 -7 7 15"]', '[Result "-14 -7 7 14"]')
    with pytest.raises(RecordError) as e:
        read(wrong_total)
    assert e.value.line == 8


def _random_match(rng: random.Random, table: str, birds: int, hands: int, void_deal: str = "pass") -> dict:
    n = {"four": 4, "three": 3, "two": 2}[table]
    out = []
    dealer = 0
    from engine.paohuzi.sheet import counter, next_dealer, roles

    fans = [[], ["red"], ["dot"], ["black"], ["pairs"], ["red_pairs"], ["purple"]]
    for _ in range(hands):
        role = roles(table, dealer)
        players = [p for p in range(n) if role[p] != "xing"]
        w = rng.choice(players + [None])
        h = {"winner": w, "fouls": []}
        if w is not None:
            h.update(self_drawn=rng.random() < 0.5, huxi=rng.randrange(6, 40), fan=rng.choice(fans))
        if rng.random() < 0.3:
            h["fouls"].append({"player": rng.choice(players), "kind": rng.choice(["zha_hu", "zou_pao", "shi_ti", "shao_bi", "chou_zhang"])})
        if birds:
            h["bird"] = rng.choice(["x1", "d2", "x3", "d4", "x7", "d10"])
        out.append(h)
        valid = w is not None and h.get("huxi", 0) + (3 if h.get("self_drawn") else 0) >= 15 and not any(f["player"] == w for f in h["fouls"])
        dealer = next_dealer(table, dealer, w, valid, void_deal)
        _ = counter
    return {"game": "paohuzi", "action": "sheet", "table": table, "birds": birds, "hands": out, "over": rng.random() < 0.7,
            "names": [f"P{k}" for k in range(n)], "options": {"void_deal": void_deal}}


@settings(max_examples=30, deadline=None)
@given(table=hs.sampled_from(["four", "three", "two"]), birds=hs.integers(0, 2), hands=hs.integers(1, 12), rng_seed=hs.integers(0, 10**6),
       void_deal=hs.sampled_from(["pass", "winner"]))
def test_random_match_sheets_round_trip_through_the_notation(table, birds, hands, rng_seed, void_deal):
    """Under either reading of who deals after a void win: every hand sums to zero, the record reads back the same."""
    req = _random_match(random.Random(rng_seed), table, birds if table == "four" else 0, hands, void_deal)
    a = handle(req)
    assert a["ok"], a.get("error")
    text = a["record"]
    rec = read(text)
    assert rewrite(text) == text
    n = len(a["players"])
    assert rec.state.sheet()["totals"] == a["totals"]
    assert [r["dealer"] for r in rec.state.sheet()["hands"]] == [r["dealer"] for r in a["hands"]]
    assert (rec.state.setup["options"].get("void_deal", "pass"), a["readings"][0]["value"]) == (void_deal, void_deal)
    assert rec.state.is_terminal() == req["over"]
    if req["over"]:  # the result: each player's total, then each bird's, summing to zero
        assert [int(x) for x in rec.state.returns()[:n]] == a["totals"]
        assert [int(x) for x in rec.state.returns()[n:]] == [b["total"] for b in a["birds"]]
        assert sum(rec.state.returns()) == 0
    for k, row in enumerate(a["hands"]):
        assert sum(row["scores"]) + sum(row["birds"]) == 0
        assert row["totals"] == [sum(r["scores"][p] for r in a["hands"][: k + 1]) for p in range(n)]
    csv_rows = a["csv"].strip("\r\n").split("\r\n")
    assert len(csv_rows) == 1 + hands + (2 + n if req["over"] else 0)
    if req["over"]:
        places = [r["place"] for r in a["ranking"]]
        assert places == sorted(places) and places[0] == 1


def test_the_sheet_action_scores_a_winning_hand_entered_card_by_card():
    ready = ["d1", "d2", "d3", "x1", "x2", "x3", "x2", "x7", "x10", "d5", "d5", "d5", "x4", "x5", "x6", "d8", "d8", "x9", "x9", "d9"]
    hand = {"winner": 1, "cards": {"hand": ready, "card": "x8", "source": "self"}}
    a = handle({"game": "paohuzi", "action": "sheet", "hands": [hand]})
    assert a["ok"], a.get("error")
    row = a["hands"][0]
    same = handle({"game": "paohuzi", "action": "hu", "hand": ready, "card": "x8", "source": "self"})["best"]
    assert row["huxi"] == same["total"] and row["deng"] == same["deng"] and row["zimo"]
    assert row["scores"][1] > 0 and row["layout"]["ways"]
    # the same cards short of a win: a 诈胡, penalty A, as the booklet has it (4-11)
    bad = {"winner": 1, "cards": {"hand": ready, "card": "d10", "source": "self"}}
    b = handle({"game": "paohuzi", "action": "sheet", "hands": [bad]})
    assert b["ok"] and not b["hands"][0]["hu_valid"] and b["hands"][0]["not_a_win"]
    assert b["hands"][0]["scores"][1] == -30
    rec = read(b["record"])
    assert rec.state.returns() == [0] * 4  # not over yet
    assert "card:d10" in b["record"]


def test_birds_share_the_fate_of_the_seat_the_last_card_names():
    # the last stock card 七 names the counter (§1-3); the counter gets 2 from each loser at 15 戏
    a = handle({"game": "paohuzi", "action": "sheet", "birds": 1, "hands": [{"winner": 1, "huxi": 15, "bird": "x7"}]})
    assert a["ok"]
    row = a["hands"][0]
    assert row["bird"]["player"] == 2 and row["birds"] == [2]
    assert sum(row["scores"]) + 2 == 0
    missing = handle({"game": "paohuzi", "action": "sheet", "birds": 1, "hands": [{"winner": 1, "huxi": 15}]})
    assert not missing["ok"] and "last card of the stock" in missing["error"]["en"]


@pytest.mark.parametrize("req,words", [
    ({"table": "five"}, "four, three or two"),
    ({"hands": [{"winner": 7}]}, "one of the players"),
    ({"hands": [{"winner": 0, "fan": ["red", "black"]}]}, "cannot both hold"),
    ({"hands": [{"winner": None, "huxi": 15}]}, "Nobody won"),
    ({"table": "three", "birds": 1}, "Birds join only"),
    ({"hands": [{"winner": 0, "cards": {"hand": ["x1"] * 5, "card": "x1"}}]}, "four of each"),
])
def test_bad_sheets_are_answered_in_words(req, words):
    a = handle({"game": "paohuzi", "action": "sheet", **req})
    assert not a["ok"] and words in a["error"]["en"]
    assert a["error"]["zh"] and "Traceback" not in a["error"]["en"]


def test_three_at_the_table_pass_the_deal_on_after_a_huang():
    """§1-2: 荒牌荒庄 —— with nobody winning, the next player deals."""
    a = handle({"game": "paohuzi", "action": "sheet", "table": "three", "hands": [{"winner": None}, {"winner": 2, "huxi": 15}], "over": True})
    assert [r["dealer"] for r in a["hands"]] == [0, 1]
    assert a["hands"][0]["scores"] == [0, 0, 0]
    assert a["next_dealer"] == 2 and a["ranking"][0]["player"] == 2


def test_equal_totals_share_a_place_until_the_card_draw_separates_them():
    req = {"game": "paohuzi", "action": "sheet", "table": "three", "hands": [{"winner": None}], "over": True}
    a = handle(req)
    assert [r["place"] for r in a["ranking"]] == [1, 1, 1]
    b = handle({**req, "tiebreak": [2, 0, 1]})
    assert [(r["player"], r["place"]) for r in b["ranking"]] == [(2, 1), (0, 2), (1, 3)]
    assert "end:C.A.B" in b["record"]


def test_a_sheet_kept_as_a_record_opens_again_as_the_same_sheet():
    a = handle({"game": "paohuzi", "action": "sheet", "names": ["张三", "李四", "王五", "赵六"], "date": "2026-12-01",
                "hands": [{"winner": 1, "huxi": 15}, {"winner": None}], "options": {"threshold": "10"}})
    b = handle({"game": "paohuzi", "action": "sheet", "text": a["record"]})
    assert b["ok"] and b["entries"] == a["entries"] and b["totals"] == a["totals"] and b["record"] == a["record"]
    assert b["options"] == {"threshold": "10"} and b["players"][1]["name"] == "李四"
    other = handle({"game": "record", "action": "write", "position": {"game": "gupai", "seed": 1}})["text"]
    c = handle({"game": "paohuzi", "action": "sheet", "text": other})
    assert not c["ok"] and "not a 跑胡子 match sheet" in c["error"]["en"]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_records_page_match_sheet_example_reads_and_scores_as_the_booklet(lang):
    import re
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "docs" / "archive" / f"records.{lang}.md").read_text(encoding="utf-8")
    texts = [t for t in re.findall(r"```text\n(\[Record.*?)```", page, re.S) if '[Sheet "match"]' in t]
    assert len(texts) == 1
    rec = read(texts[0])
    assert rec.state.is_terminal() and [str(x) for x in rec.state.returns()] == rec.tags["Result"].split() == ["-15", "-7", "7", "15"]
    assert read(BOOKLET_MATCH).state.returns() == rec.state.returns()


# ---------------------------------------------------------------- who deals after a void win (docs/paohuzi/notes.md#void-deal)

VOID_MATCH = [{"winner": 1, "huxi": 15},  # A deals; B wins: B deals hand 2, D counts
              {"winner": 2, "huxi": 18, "fouls": [{"player": 2, "kind": "shi_ti"}]},  # C wins but missed a ti: the win is void
              {"winner": None}]  # nobody wins: the dealer pays the counter 2


@pytest.mark.parametrize("table", ["four", "three"])
def test_the_two_readings_of_who_deals_after_a_void_win_seat_the_next_hand_differently(table):
    answers = {}
    for reading in ("pass", "winner"):
        a = handle({"game": "paohuzi", "action": "sheet", "table": table, "hands": VOID_MATCH, "over": True,
                    "options": {"void_deal": reading}, "names": ["张三", "李四", "王五", "赵六"][: 4 if table == "four" else 3]})
        assert a["ok"], a.get("error")
        assert not a["hands"][1]["hu_valid"] and a["hands"][1]["scores"][2] == (-30 if table == "four" else -20)
        assert all(sum(r["scores"]) == 0 for r in a["hands"]) and sum(a["totals"]) == 0
        answers[reading] = a
        again = handle({"game": "paohuzi", "action": "sheet", "text": a["record"]})  # the record keeps the reading
        assert again["ok"] and again["record"] == a["record"] and again["totals"] == a["totals"]
        assert again["options"] == ({} if reading == "pass" else {"void_deal": "winner"})
        assert [r["dealer"] for r in read(a["record"]).state.sheet()["hands"]] == [r["dealer"] for r in a["hands"]]
    p, w = answers["pass"], answers["winner"]
    # as if nobody won: at four the dealer (B) deals again, at three the next player (C); the other reading: C, who showed the win
    assert [r["dealer"] for r in p["hands"]] == ([0, 1, 1] if table == "four" else [0, 1, 2])
    assert [r["dealer"] for r in w["hands"]] == [0, 1, 2]
    if table == "four":  # the same hands, different seats: the 荒牌 is paid by another dealer to another counter
        assert p["hands"][2]["scores"] == [0, -2, 0, 2] and w["hands"][2]["scores"] == [2, 0, -2, 0]
        assert p["totals"] != w["totals"]
        assert '[Option "void_deal=winner"]' in w["record"] and "void_deal" not in p["record"]
    else:  # at three a void win and no win both pass the deal on: the readings agree there
        assert p["totals"] == w["totals"]


def test_the_sheet_offers_its_readings_in_words_and_the_options_answer_lists_the_new_one():
    a = handle({"game": "paohuzi", "action": "sheet", "hands": [], "options": {"void_deal": "winner"}})
    r = {x["id"]: x for x in a["readings"]}
    assert r["void_deal"]["value"] == "winner" and r["void_deal"]["default"] == "pass"
    assert [c["id"] for c in r["void_deal"]["choices"]] == ["pass", "winner"]
    assert all(c["zh"] and c["en"] and c["en"] != c["id"] for x in a["readings"] for c in x["choices"])
    opts = {o["id"]: o for o in handle({"game": "paohuzi", "action": "options"})["options"]}
    assert opts["void_deal"]["choices"] == ["pass", "winner"] and opts["void_deal"]["note"] == "paohuzi/notes.md#void-deal"
    bad = handle({"game": "paohuzi", "action": "sheet", "hands": [], "options": {"void_deal": "dealer"}})
    assert not bad["ok"] and bad["error"]["zh"] and bad["error"]["en"]


def test_the_sheet_lines_name_the_players_entered():
    named = handle({"game": "paohuzi", "action": "sheet", "hands": VOID_MATCH, "names": ["张三", "李四", "王五", "赵六"]})
    lines = [ln for r in named["hands"] for ln in r["lines"]]
    assert lines[0]["zh"].startswith("下家李四胡 15 戏") and lines[0]["en"].startswith("李四 (next) wins 15 huxi")
    assert "王五 (next) −30" in lines[1]["en"] and "下家王五 −30" in lines[1]["zh"]
    assert "李四 (dealer) pays 赵六 (counter) 2" in lines[-1]["en"] and "庄家李四付醒家赵六 2" in lines[-1]["zh"]
    # the record's words name the family too (issue 45.5); its moves still stand under the seats' letters
    text = named["record"]
    assert "李四 (next) wins" in text and "B (next) wins" not in text and "下家乙" not in text and '[Names "张三;李四;王五;赵六"]' in text
    assert "\n1. C win:B," in text
    plain = handle({"game": "paohuzi", "action": "sheet", "hands": VOID_MATCH})  # no names: the letters the sheet uses
    assert plain["hands"][0]["lines"][0]["en"].startswith("B (next) wins") and plain["hands"][0]["lines"][0]["zh"].startswith("下家乙胡")


# ---------------------------------------------------------------- a 叶子戏 showing judged at a table, written as a record


@pytest.mark.parametrize("options", [{}, {"scoring": "placing"}, {"count_from": "next"}])
def test_a_showing_is_written_as_the_round_dealt_at_the_table_and_opens_again_as_the_same_showing(options):
    from engine.yezi.cards import code_of
    from engine.yezi.state import YeziState

    for seed in range(6):
        thrower = seed % 4
        r = YeziState({"seed": seed, "thrower": thrower, "options": options})
        res = r.play_out()
        # A and C by their eight cards (the engine splits them), B and D by the groups the round showed
        players = [{"hand": [code_of(c) for c in r.deal.hands[s]]} if s % 2 == 0 else
                   {"groups": [[code_of(c) for c in g] for g in r.arranged[s]]} for s in range(4)]
        a = handle({"game": "yezi", "action": "showing", "thrower": thrower, "options": options, "players": players,
                    "names": ["张三", "李四", "王五", "赵六"], "date": "2026-12-02"})
        assert a["ok"], a
        rec = read(a["record"])
        assert '[Deal "table"]' in a["record"] and "[Seed" not in a["record"] and rewrite(a["record"]) == a["record"]
        assert rec.state.is_terminal() and list(rec.state.result().places) == [p["place"] for p in a["players"]] == list(res.places)
        assert list(rec.state.result().totals) == [p["total"] for p in a["players"]]
        assert sum(rec.state.returns()) == 0 and rec.tags["Names"] == "张三;李四;王五;赵六"
        # each seat's split in the record is the groups the showing judged, in the order shown
        assert [[[code_of(c) for c in g] for g in rec.state.arranged[s]] for s in range(4)] == [p["groups"] for p in a["players"]]
        # opened again: the same showing, every seat now by the two groups it showed, and the same record
        b = handle({"game": "yezi", "action": "showing", "text": a["record"]})
        assert b["ok"], b
        assert [p["entered_as"] for p in b["players"]] == ["groups"] * 4
        assert [(p["groups"], p["total"], p["place"]) for p in b["players"]] == [(p["groups"], p["total"], p["place"]) for p in a["players"]]
        assert b["record"] == a["record"] and b["thrower"] == thrower


def test_a_seeded_round_opens_as_a_showing_and_other_records_are_refused_in_words():
    st = state_class("yezi")({"seed": 12, "thrower": 1})
    play_random(st, random.Random(4))
    b = handle({"game": "yezi", "action": "showing", "text": write_state(st)})
    assert b["ok"] and [p["place"] for p in b["players"]] == list(st.result().places)
    half = state_class("yezi")({"seed": 12, "thrower": 1})
    half.apply(half.legal_actions()[0])  # one seat has split, three have not
    for text, words in [(write_state(half), "how each of the four players split"),
                        (finished("gupai", seed=3), "not a round of 叶子戏"), ("[Record \"1\"]\n[Game \"chess\"]\n", "Line 2")]:
        c = handle({"game": "yezi", "action": "showing", "text": text})
        assert not c["ok"] and c["error"]["code"] == "bad_record" and words in c["error"]["en"] and c["error"]["zh"], c


def finished(game: str, **setup) -> str:
    st = state_class(game)(setup)
    play_random(st, random.Random(7))
    return write_state(st)
