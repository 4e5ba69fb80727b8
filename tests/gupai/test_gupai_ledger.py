"""The 骨牌 session ledger: hands entered after play, settled by the engine under the chosen readings."""

from __future__ import annotations

import random

import pytest

from engine.api import handle
from engine.gupai.config import CHOICES, DEFAULT, all_configs, as_dict, config_from
from engine.gupai.ledger import Hand, LedgerError, parse_word, settle_hand, word
from engine.gupai.records import GupaiLedgerState
from engine.record import RecordError, read, referee, rewrite


def random_hand(rng: random.Random) -> Hand:
    while True:
        cuts = sorted(rng.randint(0, 8) for _ in range(3))
        held = (cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 8 - cuts[2])
        closer = rng.choice([s for s in range(4) if held[s]])
        empty = [s for s in range(4) if held[s] == 0 and s != closer]
        sealed = tuple(sorted(rng.sample(empty, rng.randint(0, len(empty)))))
        zhizun = rng.choice([None, *[s for s in range(4) if s not in sealed]])
        run = held[closer] >= 4 and rng.random() < 0.5
        shang = rng.choice(["none", "hand", "run"] if run or held[closer] == 8 else ["none", "hand"])
        return Hand(rng.randrange(4), held, closer, sealed, zhizun, shang, run, rng.random() < 0.3)


def test_every_hand_under_every_reading_settles_to_zero_and_the_totals_add_up() -> None:
    rng = random.Random(18)
    hands = [random_hand(rng) for _ in range(40)]
    for cfg in all_configs():
        session = GupaiLedgerState({"options": as_dict(cfg)})
        for h in hands:
            session.apply(word(h))
        assert session.hands == hands and len(session.settlements) == len(session.running) == len(hands)
        running = [0, 0, 0, 0]
        for h, s, totals in zip(hands, session.settlements, session.running):
            assert s == settle_hand(h, cfg) and sum(s.nets) == 0
            running = [a + b for a, b in zip(running, s.nets)]
            assert list(totals) == running
        assert list(session.totals) == running and sum(session.totals) == 0


def test_the_ledger_pays_what_the_engines_settle_action_pays() -> None:
    # same facts through the gupai.settle action: the ledger does not settle on its own
    h = Hand(0, (2, 1, 1, 4), 3, (), None, "run", True, False)
    ans = handle({"game": "gupai", "action": "settle", "held": [2, 1, 1, 4], "closer": 3, "run_each": 4,
                  "run_tiles": ["66", "11", "24", "65"], "closer_tiles": ["66", "11", "24", "65"], "dealer": 0})
    assert ans["ok"] and ans["heibama"]
    assert list(settle_hand(h).nets) == ans["nets"]


def test_the_readings_change_the_payments() -> None:
    shang_in_hand_only = Hand(0, (2, 1, 1, 4), 3, (), None, "hand", True, False)
    nets = {c: settle_hand(shang_in_hand_only, config_from({"heibama": c})).nets for c in CHOICES["heibama"]}
    assert nets["run"] == (-2, -3, -3, 8)  # an ordinary close, 四结8: A 2 short, B and C 3 short
    assert nets["run_hand"] == (-2, -5, -5, 12)  # a black eight-horse: 2, 5, 5
    assert nets["off"] == nets["run"]
    dealer_two = Hand(0, (2, 1, 1, 4), 3, (), None, "run", True, False)
    assert settle_hand(dealer_two, config_from({"shang_baomen": "dealer"})).nets == (4, -5, -5, 6)
    zz = Hand(1, (3, 0, 1, 4), 3, (), 2, "none", False, False)
    assert settle_hand(zz).nets[2] == settle_hand(zz, config_from({"xiqian": "none"})).nets[2] + 3
    eight = Hand(0, (8, 0, 0, 0), 0, (), None, "none", False, False)
    assert settle_hand(eight).bama == "plain" and settle_hand(eight).nets[0] == 24
    assert settle_hand(eight, config_from({"hard_bama": "every"})).nets[0] == 48
    assert settle_hand(Hand(0, (8, 0, 0, 0), 0, (), None, "hand"), DEFAULT).bama == "red"
    assert settle_hand(Hand(0, (8, 0, 0, 0), 0, (1,), None, "none", False, True)).nets == (36, -4, -16, -16)


@pytest.mark.parametrize("h, why", [
    (Hand(0, (3, 0, 1, 3), 3), "add up to 8"),
    (Hand(0, (3, 0, 1, 4), 1), "holds none"),
    (Hand(0, (3, 0, 1, 4), 3, (0,)), "sealing"),
    (Hand(0, (4, 0, 1, 3), 3, (), None, "none", True), "at least four"),
    (Hand(0, (3, 1, 0, 4), 3, (2,), 2), "supreme pair"),
])
def test_a_hand_that_cannot_have_happened_is_refused_in_words(h: Hand, why: str) -> None:
    with pytest.raises(LedgerError) as e:
        settle_hand(h)
    assert why in e.value.en and e.value.zh


def test_the_settle_action_and_the_ledger_refuse_a_hand_for_the_same_fault_in_the_same_words() -> None:
    rng = random.Random(5)
    refused = 0
    for _ in range(400):
        held = [rng.randint(0, 8) for _ in range(4)] if rng.random() < 0.3 else list(random_hand(rng).held)
        closer = rng.randrange(4)
        sealed = sorted(rng.sample(range(4), rng.randint(0, 3)))
        zhizun = rng.choice([None, 0, 1, 2, 3])
        ans = handle({"game": "gupai", "action": "settle", "held": held, "closer": closer, "sealed": sealed, "zhizun_by": zhizun})
        try:
            settle_hand(Hand(0, tuple(held), closer, tuple(sealed), zhizun))
        except LedgerError as e:
            refused += 1
            assert not ans["ok"] and (ans["error"]["zh"], ans["error"]["en"]) == (e.zh, e.en)
            assert ans["error"]["code"] in ("wrong_total", "closer_without_trick", "bad_seal")
        else:
            assert ans["ok"], ans
    assert 100 < refused < 400


def test_hand_words_round_trip() -> None:
    rng = random.Random(3)
    for _ in range(200):
        h = random_hand(rng)
        assert parse_word(word(h)) == h
    with pytest.raises(LedgerError):
        parse_word("hand:dealer=E:held=8.0.0.0:closer=A")


def test_a_session_is_a_record_that_round_trips_and_is_refereed() -> None:
    rng = random.Random(7)
    hands = [random_hand(rng) for _ in range(12)]
    req = {"game": "gupai", "action": "ledger", "hands": [
        {"dealer": h.dealer, "held": list(h.held), "closer": h.closer, "sealed": list(h.sealed), "zhizun": h.zhizun,
         "shang": h.shang, "run": h.run, "hard": h.hard} for h in hands],
        "names": ["张三", "李四", "王五", "赵六"], "options": {"heibama": "run_hand"}}
    ans = handle(req)
    assert ans["ok"], ans
    text = ans["record"]
    assert '[Sheet "ledger"]' in text and '[Option "heibama=run_hand"]' in text
    assert rewrite(text) == text
    rec = read(text)
    assert rec.state.is_terminal() and [int(x) for x in rec.tags["Result"].split()] == ans["totals"]
    back = handle({"game": "gupai", "action": "ledger", "text": text})
    assert back["ok"] and back["totals"] == ans["totals"] and back["names"] == ["张三", "李四", "王五", "赵六"]
    assert [x["hand"] for x in back["hands"]] == [x["hand"] for x in ans["hands"]]
    # a hand's kind in words beside its id, in both languages
    assert all((x["kind"] is None) == (x["kind_words"] is None) for x in ans["hands"])
    assert all("八马" in x["kind_words"]["zh"] and "8-horse" in x["kind_words"]["en"] for x in ans["hands"] if x["kind"])
    # the readings the options answer does not mark as settling leave every hand as it was
    others = {o["id"]: o["choices"][-1] for o in handle({"game": "gupai", "action": "options"})["options"] if not o["settles"]}
    assert others and handle({**req, "options": {**req["options"], **others}})["hands"] == ans["hands"]
    assert back["options"]["heibama"] == "run_hand"
    rep = referee(text)
    assert [int(s["result"]) for s in rep["settlement"]] == ans["totals"]
    # each hand's line is made by the seat that threw for its dealer: the closer of the hand before
    assert [m["seat"] for m in rep["moves"][1:-1]] == [h.closer for h in hands[:-1]]


def test_a_bad_hand_in_a_record_is_refused_with_its_line() -> None:
    text = ('[Record "1"]\n[Game "gupai"]\n[Sheet "ledger"]\n\n'
            "1. A hand:dealer=A:held=3.0.1.4:closer=D\n2. D hand:dealer=B:held=3.0.1.3:closer=D\n")
    with pytest.raises(RecordError) as e:
        read(text)
    assert e.value.line == 6 and "add up to 8" in e.value.en
    wrong_seat = text.replace("2. D", "2. B").replace("3.0.1.3", "3.0.1.4")
    with pytest.raises(RecordError) as e:
        read(wrong_seat)
    assert e.value.line == 6
    with pytest.raises(RecordError) as e:
        read(text.replace('[Game "gupai"]', '[Game "yezi"]'))
    assert e.value.line == 3
    ans = handle({"game": "gupai", "action": "ledger", "text": text})
    assert not ans["ok"] and "Line 6" in ans["error"]["en"] and "第 6 行" in ans["error"]["zh"]


def test_the_ledger_action_refuses_bad_input_in_both_languages() -> None:
    for hands in ("x", [1], [{"dealer": 0, "held": [8, 0, 0], "closer": 0}], [{"dealer": 9, "held": [8, 0, 0, 0], "closer": 0}],
                  [{"dealer": 0, "held": [8, 0, 0, 0], "closer": 0, "shang": "pocket"}],
                  [{"dealer": 0, "held": [8, 0, 0, 0], "closer": 0, "run": "yes"}]):
        ans = handle({"game": "gupai", "action": "ledger", "hands": hands})
        assert not ans["ok"] and ans["error"]["zh"] and ans["error"]["en"]
    assert handle({"game": "gupai", "action": "ledger", "hands": []})["totals"] == [0, 0, 0, 0]
    assert as_dict(DEFAULT) == handle({"game": "gupai", "action": "ledger"})["options"]


def test_the_exported_record_reads_in_the_pages_language_with_the_names_and_keeps_the_corrections() -> None:
    """Issue 44.5: the record a family exports from the Chinese page says what it is in Chinese, each hand in a
    Chinese sentence with their names, no English narration; the corrections are in it (History); it reads back."""
    rng = random.Random(11)
    hands = [random_hand(rng) for _ in range(5)]
    js = lambda h: {"dealer": h.dealer, "held": list(h.held), "closer": h.closer, "sealed": list(h.sealed),
                    "zhizun": h.zhizun, "shang": h.shang, "run": h.run, "hard": h.hard}
    names = ["我", "老伴", "大姐", "二哥"]
    history = [{"hand": 2, "kind": "corrected", "was": js(random_hand(rng))}, {"hand": 4, "kind": "deleted", "was": js(random_hand(rng))}]
    req = {"game": "gupai", "action": "ledger", "hands": [js(h) for h in hands], "names": names, "history": history}
    zh = handle({**req, "lang": "zh"})
    assert zh["ok"], zh
    text = zh["record"]
    comments = [ln for ln in text.splitlines() if ln.startswith("%")] + [ln.partition("{")[2] for ln in text.splitlines() if "{" in ln]
    assert comments and not any(w in c for c in comments for w in ("Player", "deals", "closes", "Settled", "session"))
    assert all(n in text.partition("\n\n")[2] for n in names)
    assert "丙家" not in text and "改动：第 2 盘改过" in text and "第 4 盘删去了" in text
    back = handle({"game": "gupai", "action": "ledger", "text": text, "lang": "zh"})
    assert back["ok"] and back["totals"] == zh["totals"] and back["names"] == names
    assert [x["hand"] for x in back["hands"]] == [x["hand"] for x in zh["hands"]]
    assert back["history"] == zh["history"] and [h["hand"] for h in back["history"]] == [2, 4]
    assert [h["was"] for h in back["history"]] == [read_hand(h["was"]) for h in history]
    assert back["record"] == text  # read back and written again: the same file
    en = handle({**req, "lang": "en"})["record"]
    assert "Player" not in en and all(n in en for n in names) and "Correction: hand 2 corrected" in en
    assert read(en).tags["History"] == read(text).tags["History"]


def read_hand(h: dict) -> dict:
    return {**h, "sealed": sorted(h["sealed"])}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_correction_that_no_longer_settles_is_said_not_failed(lang: str) -> None:
    """A hand as it stood before a correction is kept in the record even when it does not settle under the rules
    chosen now (the family changed an option since, or corrected a hand entered wrong): the exported record says so
    in the page's language, and it reads back with the correction."""
    was = {"dealer": 0, "held": [1, 1, 1, 1], "closer": 0}  # four tricks in all: no rule makes that a hand
    req = {"game": "gupai", "action": "ledger", "lang": lang, "hands": [{"dealer": 0, "held": [2, 2, 2, 2], "closer": 0}],
           "history": [{"hand": 1, "kind": "corrected", "was": was}]}
    ans = handle(req)
    assert ans["ok"], ans
    line = next(ln for ln in ans["record"].splitlines() if ln.startswith("% 改动") or ln.startswith("% Correction"))
    assert "8" in line and ("算不了" in line if lang == "zh" else "does not settle" in line)
    back = handle({"game": "gupai", "action": "ledger", "text": ans["record"], "lang": lang})
    assert back["ok"] and [h["kind"] for h in back["history"]] == ["corrected"] and back["record"] == ans["record"]
