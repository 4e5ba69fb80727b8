"""The written record (engine/record): every game round-trips through the notation exactly, a bad
record is answered with its line and the rule it breaks, and the command line referees a file."""

from __future__ import annotations

import random
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from engine.api import handle
from engine.protocol import ADAPTERS, open_state, play_random, state_class
from engine.record import RecordError, read, referee, rewrite, write, write_state
from engine.dawei.state import DaweiState

from conftest import ROOT

SETUPS = [(g, s) for g in ADAPTERS for s in state_class(g).setups()]


def _played(game: str, setup: dict, seed: int, rng_seed: int, cut: float) -> object:
    """A lawful game: random moves to the end, then cut back to a share of its moves (1.0: finished)."""
    st = state_class(game)({**setup, "seed": seed} if "seed" not in setup else setup)
    play_random(st, random.Random(rng_seed))
    keep = len(st.actions) if cut >= 1 else int(len(st.actions) * cut)
    return open_state({**st.written(), "actions": st.actions[:keep]})


@settings(max_examples=40)
@given(which=hs.integers(0, len(SETUPS) - 1), seed=hs.integers(0, 2**32), rng_seed=hs.integers(0, 10**6),
       cut=hs.sampled_from([1.0, 1.0, 0.5, 0.0]), named=hs.booleans())
def test_random_lawful_games_round_trip_exactly(which, seed, rng_seed, cut, named):
    game, setup = SETUPS[which]
    st = _played(game, setup, seed, rng_seed, cut)
    tags = {"Date": "2026-12-01", "Event": "测试 test"}
    if named:
        tags["Names"] = ";".join(f"P{k}" for k in range(st.num_players()))
    text = write_state(st, tags)
    rec = read(text)
    assert write_state(rec.state, rec.tags) == text  # write → read → write: the same text
    assert rec.position == st.written()
    assert rec.state.returns() == st.returns()
    assert rec.state.is_terminal() == st.is_terminal()
    assert [rec.state.observation(p) for p in range(st.num_players())] == [st.observation(p) for p in range(st.num_players())]
    if st.is_terminal():
        assert sum(rec.state.returns()) == 0
        assert f'[Result "{" ".join(str(x) for x in st.returns())}"]' in text.replace("/", "/")
    # a record without the comments reads as the same game
    bare = "\n".join(line.split(" {")[0] for line in text.splitlines()) + "\n"
    assert read(bare).position == rec.position
    assert rewrite(bare) == text


def play_at_table(st: DaweiState, rng: random.Random, limit: int) -> DaweiState:
    """Random lawful moves of 打围 with dice thrown at a table: random faces for every throw."""
    for _ in range(limit):
        if st.is_terminal():
            break
        move = rng.choice(st.legal_actions())
        faces = "".join(str(rng.randint(1, 6)) for _ in range(6))
        st.apply(move.replace("<six faces>", faces))
    return st


@settings(max_examples=25)
@given(players=hs.integers(2, 16), first=hs.integers(0, 15), rng_seed=hs.integers(0, 10**6), limit=hs.sampled_from([5, 60, 5_000]),
       option=hs.sampled_from([{}, {"red_bowl_pay": "players"}]))
def test_dawei_with_real_dice_round_trips_exactly(players, first, rng_seed, limit, option):
    st = play_at_table(DaweiState({"dice": "table", "players": players, "first": first % players, "options": option}), random.Random(rng_seed), limit)
    text = write_state(st, {"Site": "喜洲"})
    assert '[Dice "table"]' in text and "[Seed" not in text
    rec = read(text)
    assert isinstance(rec.state, DaweiState) and rec.state.at_table
    assert write_state(rec.state, rec.tags) == text
    assert rec.state.returns() == st.returns() and sum(st.returns()) == 0
    assert rec.state.observation(0) == st.observation(0)


def test_dawei_red_bowl_thrown_at_a_table_is_paid_as_the_reading_says():
    """dawei.txt: six red fours (红一碗) end the game at once, whatever the others hold, and each of
    the others pays the thrower — the engine's default reading pays the break-even, the other
    reading (red_bowl_pay=players) as many zhu as there are players."""
    head = '[Record "1"]\n[Game "dawei"]\n[Dice "table"]\n[Players "4"]\n[First "C"]\n'
    moves = "\n1. C throw:412356\n2. D throw:441122\n3. A drop:1\n4. B throw:444444\n"
    rec = read(head + moves)
    assert rec.state.is_terminal() and rec.state.returns() == [-132, 396, -132, -132]
    other = read(head + '[Option "red_bowl_pay=players"]\n' + moves)
    assert other.state.returns() == [-4, 12, -4, -4]
    told = referee(head + moves)
    assert "red bowl" in told["moves"][3]["en"] and "红一碗" in told["moves"][3]["zh"]
    assert "fox" in told["moves"][0]["en"]  # a straight in the first round takes the fox
    # a throw without its faces, or with a seventh face, is answered with its line
    for bad, line in [(moves.replace("throw:444444", "throw"), 10), (moves.replace("412356", "4123567"), 7),
                      (moves.replace("2. D", "2. A"), 8)]:
        e = _error(head + bad)
        assert e.line == line, (e.line, e.en)


def finished(game: str, **setup) -> str:
    st = state_class(game)(setup)
    play_random(st, random.Random(7))
    return write_state(st, {"Date": "2026-12-01"})


def _lines(text: str) -> list[str]:
    return text.splitlines()


def _error(text: str) -> RecordError:
    with pytest.raises(RecordError) as e:
        read(text)
    ans = handle({"game": "record", "action": "read", "text": text})
    assert ans["ok"] is False and ans["error"]["code"] == "bad_record"
    assert ans["error"]["zh"] == e.value.message_zh and ans["error"]["en"] == e.value.message_en
    assert ans["error"]["zh"].startswith(f"第 {e.value.line} 行：") and ans["error"]["en"].startswith(f"Line {e.value.line}: ")
    return e.value


def _first_move_line(lines: list[str]) -> int:
    return next(k for k, ln in enumerate(lines) if ln.startswith("1. "))


def test_a_move_by_the_wrong_seat_is_answered_with_its_line():
    lines = _lines(finished("gupai", seed=3))
    k = _first_move_line(lines) + 1  # the second move: seat B after A's lead
    seat = lines[k].split()[1]
    lines[k] = lines[k].replace(f" {seat} ", " D " if seat != "D" else " C ", 1)
    e = _error("\n".join(lines))
    assert e.line == k + 1 and "turn" in e.en and "该" in e.zh


def test_an_unlawful_move_names_the_rule_it_breaks():
    lines = _lines(finished("gupai", seed=3))
    k = _first_move_line(lines)
    lines[k] = "1. A up:99"
    e = _error("\n".join(lines))
    assert e.line == k + 1 and "Those tiles are not in this hand" in e.en and "手中没有这些牌" in e.zh


def test_a_paohuzi_move_that_splits_a_kan_is_refused_with_the_booklet_rule():
    from engine.paohuzi.cards import FACES

    def dealer_kan(seed: int) -> int | None:
        st = state_class("paohuzi")({"seed": seed})
        if st.current_player() != 0 or not any(a.startswith("discard:") for a in st.legal_actions()):
            return None
        return next((i for i, n in enumerate(st.hands[0]) if n == 3), None)

    seed, kan = next((s, k) for s in range(200) for k in [dealer_kan(s)] if k is not None)
    st = state_class("paohuzi")({"seed": seed})
    text = write_state(st) + f"1. A discard:{FACES[kan].code}\n"
    e = _error(text)
    assert e.line == len(text.splitlines())
    assert "kan" in e.en.lower() and "坎" in e.zh


def test_other_bad_lines_are_answered_with_line_and_rule():
    good = finished("yezi", seed=4)
    lines = _lines(good)
    first = _first_move_line(lines)
    cases = [
        (lines[:1] + ['[Colour "red"]'] + lines[1:], 2, "no tag called Colour"),
        (['[Game "yezi"]'] + lines, 1, "first tag"),
        (lines[:1] + ['[Game "chess"]'] + lines[2:], 2, "tag Game should name the game"),
        ([ln if not ln.startswith("[Seed") else '[Seed "many"]' for ln in lines], 3, "should be a number"),
        (lines[:2] + ['[Option "scoring=by luck"]'] + lines[2:], 3, "no rule option"),
        (lines[:first] + ["3. A show:1.1.1.1"] + lines[first + 1:], first + 1, "move number should be 1"),
        (lines[:first] + ["1 A nothing at all"] + lines[first + 1:], first + 1, "number. seat move"),
        (lines + [f"{len(lines) - first + 1}. A show:1.2.3.4"], len(lines) + 1, "already over"),
        ([ln if not ln.startswith("[Result") else '[Result "3 -1 -1 -1"]' for ln in lines],
         next(k for k, ln in enumerate(lines) if ln.startswith("[Result")) + 1, "not what these moves give"),
        (lines[:2] + ['[Names "one;two"]'] + lines[2:], 3, "should give 4 names"),
        ([ln.replace('"1"', '"9"', 1) if ln.startswith("[Record") else ln for ln in lines], 1, "version 9"),
    ]
    for text_lines, line, words in cases:
        e = _error("\n".join(text_lines))
        assert (e.line, words in e.en) == (line, True), (e.line, e.en)
        assert e.zh and not e.zh.isascii()


def test_not_a_record_at_all_gets_words_not_a_traceback():
    for text in ["", "hello", "[Record \"1\"]", "\x00" * 10, "[Record \"1\"]\n[Game \"dawei\"]\n[Players \"99\"]\n"]:
        ans = handle({"game": "record", "action": "read", "text": text})
        assert ans["ok"] is False and ans["error"]["code"] == "bad_record"
        assert ans["error"]["en"].startswith("Line ")
    assert handle({"game": "record", "action": "referee", "text": 5})["error"]["code"] == "bad_record"


def test_the_api_writes_reads_and_referees_the_same_game():
    position = {"game": "paohuzi", "variant": "xiaguan", "table": "three", "seed": 3}
    st = play_random(open_state(position), random.Random(2))
    ans = handle({"game": "record", "action": "write", "position": st.written(), "names": ["甲方", "乙方", "丙方"]})
    assert ans["ok"] and ans["over"] is True
    back = handle({"game": "record", "action": "read", "text": ans["text"]})
    assert back["position"] == st.written() and back["tags"]["Names"] == "甲方;乙方;丙方"
    ref = handle({"game": "record", "action": "referee", "text": ans["text"], "lang": "zh"})
    assert [Fraction(s["result"]) for s in ref["settlement"]] == st.returns()
    assert len(ref["moves"]) == len(st.actions) and "结算" in ref["text"] and "甲方" in ref["text"]
    wrong = handle({"game": "record", "action": "write", "position": {**st.written(), "actions": ["discard:zz"]}})
    assert wrong["ok"] is False and wrong["error"]["code"] == "bad_position"


# ---------------------------------------------------------------- what the sources say


@pytest.mark.parametrize("players,even", [(2, 264), (3, 176), (4, 132), (6, 88), (8, 66)])
def test_dawei_record_is_settled_against_the_source_break_even(players, even):
    """dawei.txt: 528 zhu in all; once every stick is taken each counts his against the break-even
    (264 for two, 176 for three, 132 for four, 88 for six, 66 for eight) and settles with the banker
    (who took the lion). A finished record is settled so, summing to zero."""
    for seed in range(50):
        st = state_class("dawei")({"seed": seed, "players": players})
        play_random(st, random.Random(seed))
        if st.end_reason == "pool_empty":
            break
    assert st.end_reason == "pool_empty"
    report = referee(write_state(st))
    zhu = [st.zhu(s) for s in range(players)]
    assert sum(zhu) == 528
    for s, note in enumerate(report["notes"]):
        assert f"break-even is {even}" in note["en"] and f"保本 {even} 柱" in note["zh"]
        assert f"holds {zhu[s]} zhu" in note["en"]
    results = [Fraction(x["result"]) for x in report["settlement"]]
    banker = st.banker
    assert all(results[s] == zhu[s] - even for s in range(players) if s != banker)
    assert sum(results) == 0 and results == st.returns()


def test_dawei_narration_uses_the_game_own_sentences():
    st = state_class("dawei")({"seed": 5, "players": 3})
    for _ in range(6):
        st.apply("throw")
    report = referee(write_state(st))
    said = [e.en for e in st.log]
    told = [e["en"] for e in report["opening"]] + [m["en"] for m in report["moves"]]
    assert " ".join(told) == " ".join(said)
    assert report["settlement"] is None and report["over"] is False


# ---------------------------------------------------------------- the command line


def test_the_command_line_referees_a_record_file(tmp_path):
    st = state_class("gupai")({"seed": 8, "dealer": 1})
    play_random(st, random.Random(3))
    path = tmp_path / "hand.txt"
    path.write_text(write(st.written(), {"Names": "张三;李四;王五;赵六"}), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "engine", "referee", str(path)], capture_output=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr.decode()
    out = proc.stdout.decode("utf-8")
    assert "结算：" in out and "Settlement:" in out
    for s, x in enumerate(st.returns()):
        name = "张三李四王五赵六"[2 * s: 2 * s + 2]
        assert any(line.strip().startswith(name) and line.strip().endswith(("+" if x > 0 else "") + str(x)) for line in out.splitlines())
    assert out.count("\n") > len(st.actions)

    bad = path.read_text(encoding="utf-8").replace("1. ", "2. ", 1)
    path.write_text(bad, encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "engine", "referee", str(path), "--lang", "en"], capture_output=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 1 and proc.stdout == b""
    err = proc.stderr.decode("utf-8")
    assert "Line " in err and "第 " in err and "Traceback" not in err


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_records_page_example_reads_and_scores_as_it_says(lang):
    import re

    page = (ROOT / "docs" / "archive" / f"records.{lang}.md").read_text(encoding="utf-8")
    text = re.search(r"```text\n(\[Record.*?)```", page, re.S).group(1)
    rec = read(text)
    assert rec.state.is_terminal() and rec.tags["Result"] == "-132 396 -132 -132"
    assert [str(x) for x in rec.state.returns()] == rec.tags["Result"].split()


# ---------------------------------------------------------------- 打围 records written by hand from the source's own examples

DAWEI_HEAD = '[Record "1"]\n[Game "dawei"]\n[Players "{n}"]\n[Dice "table"]\n[First "A"]\n\n'


def _hand_written(players: int, moves: list[str]) -> str:
    """A record as a scorer at the table would write it: the header, then each entry on its line, the
    players throwing in turn from A (nobody drops a die here) and a split choice written under its thrower."""
    lines, seat = [], -1
    for k, m in enumerate(moves):
        if m.startswith("throw"):
            seat = (seat + 1) % players
        lines.append(f"{k + 1}. {SEAT_LETTERS[seat]} {m}")
    return DAWEI_HEAD.format(n=players) + "\n".join(lines) + "\n"


SEAT_LETTERS = "ABCDEFGHIJKLMNOP"


def test_dawei_throws_named_by_the_source_written_by_hand_take_the_sticks_it_names_and_settle_against_132(tmp_path):
    """dawei.txt, 正掷: the example throws it names — 天地分豹 (three ones, three sixes), 黑三对獐 (two twos,
    two threes, two fives), 四五六摆豹, 幺三老狮子 (who takes the lion is the banker), 四黑得鹰挂一红 (an eagle
    and a chicken), 狗不挂红 (a dog, no chicken), 今年好老虎, 双幺老虎; then 黑一碗 (six of one black face): every
    stick left goes to the thrower. Four players break even at 132 and settle with the banker."""
    text = (DAWEI_HEAD.format(n=4) + "1. A throw:412356\n2. B throw:111666\n3. C throw:223355\n4. D throw:445566\n"
            "5. A throw:444413\n6. B throw:333341\n7. C throw:111142\n8. D throw:444666\n9. A throw:222211\n10. B throw:555555\n")
    told = referee(text)
    said = [m["en"] for m in told["moves"]]
    for k, words in enumerate(["takes the fox", "heaven-and-earth leopard: takes a leopard", "takes a muntjac", "four-five-six leopard: takes a leopard",
                               "takes the old lion", "takes an eagle and a chicken", "no red added): takes a dog", "takes a tiger", "takes a tiger",
                               "every stick left in the pool"]):
        assert words in said[k], (k, said[k])
    rec = read(text)
    g = rec.state
    assert g.banker == 0 and g.holdings[2] == {**{k: 0 for k in g.holdings[2]}, "leopard": 0, "muntjac": 1, "dog": 1}
    assert [g.zhu(s) for s in range(4)] == [16 + 64 + 32, 16 + 10 + 1 + 325, 4 + 12, 16 + 32] and sum(g.zhu(s) for s in range(4)) == 528
    assert rec.state.returns() == [-20, 220, -116, -84]  # each against 132, with the banker (A) taking the rest
    assert [n["en"] for n in told["notes"]][1] == "B holds 352 zhu; break-even is 132."
    # the command line referees the same record from a file: each throw told, then the settlement
    path = tmp_path / "dawei.txt"
    path.write_text(text.replace('[First "A"]', '[First "A"]\n[Names "老张;老李;小王;阿赵"]'), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "engine", "referee", str(path), "--lang", "en"], capture_output=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr.decode()
    out = proc.stdout.decode("utf-8")
    assert "takes the old lion" in out and "heaven-and-earth leopard" in out and "Settlement:" in out
    assert [ln.split()[-1] for ln in out.splitlines() if ln.strip().startswith(("老张", "老李", "小王", "阿赵"))][-4:] == ["-20", "+220", "-116", "-84"]


def test_dawei_fox_sequence_written_by_hand_is_refereed_as_the_source_tells_it():
    """dawei.txt, 狐狸: a straight as the first throw of the first round takes the fox; from the second round
    a first straight (头道顺) gives a chicken, a rabbit and a muntjac, a second by another (二道顺) a chicken and
    a rabbit, a third (三道顺) the fox, as does a second straight of one's own (亲手二道顺) before anyone else's;
    once the fox is out a straight gives a leopard (顺后得豹)."""
    first_round = referee(_hand_written(3, ["throw:412356", "throw:421136", "throw:442356"]))["moves"]
    assert "takes the fox" in first_round[0]["en"]
    three = [m["en"] for m in referee(_hand_written(3, ["throw:412235", "throw:421136", "throw:442356", "throw:123456", "throw:612345",
                                                         "throw:356124", "throw:412235", "throw:421136", "throw:123465"]))["moves"]]
    assert "takes a muntjac, a rabbit and a chicken" in three[3] and "takes a rabbit and a chicken" in three[4]
    assert "takes the fox" in three[5] and "takes a leopard" in three[8]
    own = [m["en"] for m in referee(_hand_written(3, ["throw:412235", "throw:421136", "throw:442356", "throw:123456", "throw:412235",
                                                       "throw:421136", "throw:612345"]))["moves"]]
    assert "takes a muntjac, a rabbit and a chicken" in own[3] and "takes the fox" in own[6]


def test_dawei_split_phase_written_by_hand_follows_the_source_examples():
    """dawei.txt, 分掷: once every chicken and rabbit is taken the split phase begins. 分顺: a pair and four
    other faces, short of a five, then a five in the second throw — the fox; 分獐: two different black pairs, a
    muntjac at once, or a pair then one of it; 分鹿: two red fours, then one; special case 6: a second throw counts
    only for the faces it answers (six threes after a pair of threes is one muntjac, no sweep); a black bowl thrown
    first takes what is left. Three players break even at 176."""
    main = ["throw:412235"] * 64 + ["throw:442356"] * 32
    split = ["throw:112346", "split:fox_missing:5@512236", "throw:225563", "take:split_muntjac", "throw:331256",
             "split:muntjac_pair:3@333333", "throw:441235", "split:deer_two_red:4@412356", "throw:666666"]
    text = _hand_written(3, main + split)
    said = [m["en"] for m in referee(text)["moves"]]
    assert "the split phase begins" in said[95]
    assert "needs one five" in said[96] and "needs one six;" in said[102]  # what the second throw needs, in words
    assert "takes the fox" in said[97] and "takes a muntjac" in said[99] and "takes a muntjac" in said[101]
    assert "sweep" not in said[101] and "takes a red deer" in said[103] and "every stick left in the pool" in said[104]
    rec = read(text)
    g = rec.state
    assert g.holdings[0]["fox"] == 1 and g.holdings[0]["deer"] == 1 and g.holdings[2]["muntjac"] == 1 and g.banker == 1
    assert [g.zhu(s) for s in range(3)] == [66, 415, 47] and sum(g.zhu(s) for s in range(3)) == 528
    assert rec.state.returns() == [66 - 176, 415 - 176, 47 - 176]
    assert write_state(rec.state, rec.tags) == rewrite(text)  # written again with its words, read as the same game


def _hand_with_a_chi_of_anothers_draw() -> str:
    """A 跑胡子 hand (seed 41002, three seats, basic computer seats) played as edition 0.2.0 played it: the next
    player could 吃 his previous player's stock card; written as that edition wrote it (no Option tags: both
    readings were then the defaults)."""
    from engine.protocol.strong import basic_action

    st = open_state({"game": "paohuzi", "variant": "paohuzi", "table": "three", "seed": 41002,
                     "options": {"chi_shang_draw": "allow", "deng_base": "threshold"}})
    while not st.is_terminal():
        st.apply(basic_action(st))
    text = write(st.written(), {"Edition": "0.2.0"})
    assert '[Option "chi_shang_draw=allow"]' in text
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith("[Option"))


def test_a_record_written_under_an_old_default_reads_under_it_and_names_it_when_written_again():
    """Issue 37: chi_shang_draw's default changed in edition 0.3.0 (engine.editions: the reading it replaced)."""
    old = _hand_with_a_chi_of_anothers_draw()
    rec = read(old)
    assert rec.position["options"] == {"chi_shang_draw": "allow", "deng_base": "threshold"}
    again = write(rec.position, {"Edition": "0.2.0"})
    assert '[Option "chi_shang_draw=allow"]' in again and '[Option "deng_base=threshold"]' in again
    assert read(again).position == rec.position
    # the same moves in a record of a later edition are read under today's default, where that 吃 is refused
    with pytest.raises(RecordError) as e:
        read(old.replace('[Edition "0.2.0"]', '[Edition "0.3.0"]'))
    assert "不合规则" in e.value.zh and "breaks the rules" in e.value.en


def test_a_record_names_the_reading_of_an_option_whose_default_changed_even_at_the_default():
    st = open_state({"game": "paohuzi", "variant": "paohuzi", "table": "three", "seed": 41002})
    text = write(st.written())
    assert '[Option "chi_shang_draw=forbid"]' in text and '[Option "deng_base=15"]' in text
    assert write(read(text).position) == text and read(text).position["options"] == {}
    # 下灌字牌 reads neither option: its records name none (and a record naming one is refused)
    xg = write(open_state({"game": "paohuzi", "variant": "xiaguan", "table": "three", "seed": 41002}).written())
    assert "[Option" not in xg
    with pytest.raises(RecordError):
        read(xg.replace('[Seed "41002"]', '[Seed "41002"]\n[Option "chi_shang_draw=allow"]'))


def test_a_match_sheet_of_an_earlier_edition_is_settled_under_its_default_deng_base():
    """Edition 0.2.0 counted deng from the minimum to win (deng_base threshold): its two-seat sheet of a 21-戏 win
    (1 deng then, 3 now) still reads, and names that reading when written again."""
    text = write({"game": "paohuzi", "sheet": "match", "table": "two", "options": {"deng_base": "threshold"},
                  "actions": ["win:A,huxi:21", "end"]}, {"Edition": "0.2.0"})
    old = "".join(line for line in text.splitlines(keepends=True) if not line.startswith("[Option"))
    rec = read(old)
    assert rec.position["options"] == {"deng_base": "threshold"} and '[Result "1 -1"]' in old
    assert '[Option "deng_base=threshold"]' in write(rec.position, {"Edition": "0.2.0"})
    with pytest.raises(RecordError) as e:  # read under today's default the same sheet pays 3 deng
        read(old.replace('[Edition "0.2.0"]', '[Edition "0.3.0"]'))
    assert "3 -3" in e.value.en
