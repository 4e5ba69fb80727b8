"""下灌字牌's table speaks its own words (扫牌, 开招), written as sentences of their own, never 跑胡子's 偎, 提 and 跑."""

from __future__ import annotations

import random
import re
from collections import Counter

from engine.paohuzi.config import DEFAULT
from engine.paohuzi.state import PaohuziState, new_hand
from engine.paohuzi.table import WORDS, Action, Foul
from engine.paohuzi.xiaguan import WORDS as XIAGUAN_WORDS
from engine.paohuzi.xiaguan import xiaguan_config

PAOHUZI_ZH = re.compile("[偎提跑]")
PAOHUZI_EN = re.compile(r"\b(wei|ti|pao)\b")


def _played(h: PaohuziState, seed: int) -> PaohuziState:
    """Random lawful moves; in charge mode a compulsory move is now and then let go, a foul the log notes."""
    rng = random.Random(seed)
    for _ in range(800):
        if h.over:
            break
        p = h.pending()
        w = h.window
        if h.charge and w is not None and w.steps and w.steps[0] == (p, "forced") and rng.random() < 0.5:
            try:
                h.play(Action(p, "pass", w.card))
                continue
            except Foul:
                pass
        h.play(rng.choice(h.moves(p)))
    return h


def _logs(cfg, tables, seeds):
    for table in tables:
        for seed in seeds:
            for charge in (False, True):
                yield from _played(new_hand(seed, cfg, table, charge), seed).log


def test_a_xiaguan_hand_is_told_in_xiaguan_words() -> None:
    kinds = Counter()
    for e in _logs(xiaguan_config(DEFAULT), ("three", "two"), range(40)):
        kinds[e.kind] += 1
        assert not PAOHUZI_ZH.search(e.zh), e.zh
        assert not PAOHUZI_EN.search(e.en), e.en
    # the sentences that differ were said: 开招 (ti, pao and after a second one), 扫牌 (wei), a missed 开招 noted
    assert kinds["ti"] and kinds["pao"] and kinds["wei"] and kinds["skip"] and kinds["foul"] and kinds["hu"], kinds


def test_a_paohuzi_hand_keeps_its_own_words() -> None:
    lines = list(_logs(DEFAULT, ("four",), range(15)))
    assert any(PAOHUZI_ZH.search(e.zh) for e in lines if e.kind in ("ti", "pao", "wei"))
    assert any(PAOHUZI_EN.search(e.en) for e in lines if e.kind in ("ti", "pao", "wei"))


def test_xiaguan_writes_a_sentence_for_every_one_it_says_otherwise_with_the_same_fields() -> None:
    fields = re.compile(r"{(\w+)}")
    for key, (zh, en) in XIAGUAN_WORDS.items():
        if key.startswith("way."):
            continue
        assert key in WORDS
        assert sorted(fields.findall(zh)) == sorted(fields.findall(WORDS[key][0])), key
        assert sorted(fields.findall(en)) == sorted(fields.findall(WORDS[key][1])), key


def test_a_group_has_one_name_at_the_table_and_in_the_hand_laid_out():
    """下灌字牌 names a group the same way while the hand is played (the open groups at the table) and when the
    winner's hand is laid out: one name for each kind (扫牌 was once "face down" at the table and "drawn" in the
    laid-out hand)."""
    from engine.api import handle

    names: dict[str, set[tuple[str, str]]] = {}
    laid_out = set()
    for seed in range(60):
        a = handle({"game": "paohuzi", "action": "play", "variant": "xiaguan", "table": "three", "seed": seed, "computer": [0, 1, 2]})
        for g in a["result"]["layout"]["groups"]:
            names.setdefault(g["kind"], set()).add((g["zh"], g["en"]))
            laid_out.add(g["kind"])
        for s in a["seats"]:
            for g in s["open"]:
                if g["kind"] != "bian" and any(g["cards"]):  # (a 编 is named by its cards; face-down cards say so)
                    names.setdefault(g["kind"], set()).add((g["zh"], g["en"]))
    assert {"wei", "peng", "shun"} <= laid_out
    assert all(len(v) == 1 for k, v in names.items() if k != "bian"), names
