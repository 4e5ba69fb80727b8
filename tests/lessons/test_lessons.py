"""Lessons: every exercise is drawn from its seed, has one right answer that the game's engine agrees
with, and the verdict names the rule; the API refuses what is not an answer."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from engine.api import handle
from engine.dawei.game import break_even
from engine.dawei.options import DEFAULT
from engine.dawei.split import openings
from engine.dawei.throws import classify
from engine.lessons import LESSONS
from engine.lessons.model import draw

STEPS = [(lesson, step) for lesson in LESSONS.values() for step in lesson.steps]
seeds = st.integers(min_value=0, max_value=2**31 - 1)
indexes = st.integers(min_value=0, max_value=10)


def req(action: str, **kw: object) -> dict:
    return handle({"game": "lesson", "action": action, **kw})


@pytest.mark.parametrize("lesson,step", STEPS, ids=[f"{les.id}-{s.id}" for les, s in STEPS])
@given(seed=seeds, index=indexes)
def test_every_exercise_has_one_right_answer(lesson, step, seed, index):
    ex = draw(lesson, step, seed, index)
    assert ex.question.zh and ex.question.en
    assert [c.value for c in ex.choices].count(ex.answer) == 1
    assert 2 <= len(ex.choices) <= 7
    # every wrong choice says why it is wrong, in both languages
    for c in ex.choices:
        if c.value != ex.answer:
            assert c.why_not is not None and c.why_not.zh and c.why_not.en
    # the same seed and index draw the same exercise
    assert draw(lesson, step, seed, index) == ex


def test_api_round_trip_right_and_wrong():
    a = req("exercises", lesson="dawei", step="which-stick", seed=11)
    assert a["ok"] and len(a["exercises"]) == LESSONS["dawei"].by_id["which-stick"].count
    ex = a["exercises"][0]
    assert "answer" not in ex  # the page never holds the answer
    verdicts = [req("check", lesson="dawei", step="which-stick", seed=11, index=0, answer=c["value"]) for c in ex["choices"]]
    assert sum(v["correct"] for v in verdicts) == 1
    for v in verdicts:
        assert v["rule"]["page"].startswith("dawei/") and v["rule"]["anchor"]
        if not v["correct"]:
            assert v["verdict"]["en"].startswith("Not quite") and v["why"]["en"] != v["explain"]["en"]


@given(seed=seeds, index=indexes)
def test_which_stick_answer_is_the_engines_classification(seed, index):
    lesson = LESSONS["dawei"]
    ex = draw(lesson, lesson.by_id["which-stick"], seed, index)
    dice = tuple(int(x) for x in ex.figure_alt.en.split(": ")[1].split())
    assert classify(dice, DEFAULT).id == ex.answer


@given(seed=seeds, index=indexes)
def test_reds_answer_counts_only_fours(seed, index):
    lesson = LESSONS["dawei"]
    ex = draw(lesson, lesson.by_id["reds"], seed, index)
    dice = [int(x) for x in ex.figure_alt.en.split(": ")[1].split()]
    assert ex.answer == str(dice.count(4))


@given(seed=seeds, index=indexes)
def test_split_answer_is_whether_the_need_is_met(seed, index):
    lesson = LESSONS["dawei"]
    ex = draw(lesson, lesson.by_id["split"], seed, index)
    first_s, second_s = ex.figure_alt.en.split("; ")
    first = tuple(int(x) for x in first_s.split("throw ")[1].split())
    second = tuple(int(x) for x in second_s.split("throw ")[1].split())
    chances = [c for c in openings(first, DEFAULT) if c.rule.en in ex.question.en]
    assert chances, "the first throw opens the split the question names"
    assert ex.answer == ("yes" if chances[0].need.met(second, DEFAULT) else "no")


@given(seed=seeds, index=indexes)
def test_settle_answer_is_holding_minus_break_even(seed, index):
    lesson = LESSONS["dawei"]
    ex = draw(lesson, lesson.by_id["settle"], seed, index)
    words = ex.question.en.split()
    n = int(words[words.index("of") + 1])
    held = int(words[words.index("worth") + 1])
    assert Fraction(ex.answer) == held - break_even(n, DEFAULT)


def test_the_fixed_set_is_fixed_and_complete():
    a, b = req("key", lesson="dawei"), req("key", lesson="dawei")
    assert a == b and a["ok"]
    assert [s["id"] for s in a["steps"]] == [s.id for s in LESSONS["dawei"].steps]
    for s in a["steps"]:
        for ex in s["exercises"]:
            assert ex["correct"] and ex["answer"]["value"] in [c["value"] for c in ex["choices"]]


@pytest.mark.parametrize(
    "kw",
    [
        {"lesson": "chess", "step": "reds"},
        {"lesson": "dawei", "step": "nope"},
        {"lesson": "dawei", "step": "reds", "seed": -1},
        {"lesson": "dawei", "step": "reds", "seed": "7"},
        {"lesson": "dawei", "step": "reds", "index": 0, "answer": "9"},
        {"lesson": "dawei", "step": "reds", "index": 99, "answer": "1"},
        {"lesson": "dawei", "step": "reds", "index": 0},
    ],
)
def test_bad_requests_answer_in_sentences(kw):
    a = req("check", **kw)
    assert a["ok"] is False
    err = a["error"]
    assert err["zh"] and err["en"][0].isupper()
    for word in ("lesson", "step", "seed", "index", "answer"):
        assert f"'{word}'" not in err["en"] and f"“{word}”" not in err["zh"]


# ------------------------------------------------------------------ 叶子戏: answers against the engine
from engine.yezi.best import best_split
from engine.yezi.combos import rank_of


def _yezi_cards(text: str) -> list[int]:
    """The cards an English figure name reads out: "6, 4, leaf, 10"."""
    return [0 if w.strip() == "leaf" else int(w) for w in text.split(",")]


@given(seed=seeds, index=indexes)
def test_yezi_group_answer_is_the_engines_combination(seed, index):
    lesson = LESSONS["yezi"]
    ex = draw(lesson, lesson.by_id["group"], seed, index)
    cards = _yezi_cards(ex.figure_alt.en.split(": ")[1])
    from engine.yezi.combos import classify as yclassify

    c = yclassify(cards)
    assert ex.answer == (c.id if c else "scatter")


@given(seed=seeds, index=indexes)
def test_yezi_best_split_answer_has_the_lowest_total(seed, index):
    lesson = LESSONS["yezi"]
    ex = draw(lesson, lesson.by_id["split"], seed, index)
    cards = _yezi_cards(ex.figure_alt.en.split(": ")[1])
    groups = [[int(ch) for ch in g.split("-")] for g in ex.answer.split("|")]
    assert sorted(groups[0] + groups[1]) == sorted(cards)
    assert rank_of(groups[0]) + rank_of(groups[1]) == best_split(cards).score
    # and every other choice totals more
    for c in ex.choices:
        if c.value != ex.answer:
            gs = [[int(ch) for ch in g.split("-")] for g in c.value.split("|")]
            assert rank_of(gs[0]) + rank_of(gs[1]) > best_split(cards).score


@given(seed=seeds, index=indexes)
def test_yezi_showing_answer_is_the_lowest_group(seed, index):
    lesson = LESSONS["yezi"]
    ex = draw(lesson, lesson.by_id["showing"], seed, index)
    groups = [_yezi_cards(part.split(": ")[1].split(" (")[0]) for part in ex.figure_alt.en.split("; ")]
    ranks = [rank_of(g) for g in groups]
    if min(ranks) == 9:
        assert ex.answer == "none"
    else:
        assert ranks.count(min(ranks)) == 1 and ex.answer == str(ranks.index(min(ranks)))


# ------------------------------------------------------------------ 鄂南骨牌: answers against the engine
from engine.gupai.hand import jiao_singles
from engine.gupai.plays import Play, classify as gclassify, winner_of
from engine.gupai.scoring import settle as gsettle
from engine.gupai.tiles import BY_CODE as TILES

TILE_BY_EN = {f.en: code for code, f in TILES.items()}
SEAT_EN = ["Player A", "Player B", "Player C", "Player D"]


@given(seed=seeds, index=indexes)
def test_gupai_trick_answer_is_the_best_play(seed, index):
    lesson = LESSONS["gupai"]
    ex = draw(lesson, lesson.by_id["trick"], seed, index)
    seats, plays = [], []
    for part in ex.figure_alt.en.split("; "):
        who, names = part.split(": ")
        tiles = tuple(TILE_BY_EN[n] for n in names.split(", "))
        seats.append(SEAT_EN.index(who))
        plays.append(gclassify(tiles) or Play(tiles, "discard", -1, "", ""))
    assert ex.answer == str(seats[winner_of(plays)])
    assert ex.question.en.startswith(SEAT_EN[seats[0]])


@given(seed=seeds, index=indexes)
def test_gupai_lead_answer_follows_the_lead_rules(seed, index):
    lesson = LESSONS["gupai"]
    ex = draw(lesson, lesson.by_id["lead"], seed, index)
    hand = tuple(TILE_BY_EN[n] for n in ex.figure_alt.en.split(": ")[1].split(", "))
    assert set(jiao_singles(hand)) == {ex.answer}


@given(seed=seeds, index=indexes)
def test_gupai_pay_answer_is_the_settlement(seed, index):
    lesson = LESSONS["gupai"]
    ex = draw(lesson, lesson.by_id["pay"], seed, index)
    q = ex.question.en
    held = [int(q.split(f"{name} ")[1].split(",")[0].split(" ")[0]) for name in SEAT_EN]
    closer = SEAT_EN.index(q.split("(")[1].split(" won")[0])
    seat = SEAT_EN.index(q.split("What does ")[1].split(" pay")[0])
    assert int(ex.answer) == gsettle(tuple(held), closer).nets[seat]


# ------------------------------------------------------------------ 跑胡子: answers against the engine
from engine.paohuzi.arrange import arrange as parrange
from engine.paohuzi.cards import Card as PCard
from engine.paohuzi.groups import Group as PGroup, huxi as phuxi


def _pcards(text: str) -> list[PCard]:
    return [PCard(w.startswith("big"), int(w.split()[1])) for w in text.split(", ")]


KIND_OF = {"a kan": "kan", "a wei": "wei", "a peng": "peng", "a pao": "pao", "a ti": "ti"}


@given(seed=seeds, index=indexes)
def test_paohuzi_group_answer_is_the_huxi_table(seed, index):
    lesson = LESSONS["paohuzi"]
    ex = draw(lesson, lesson.by_id["group"], seed, index)
    cards = _pcards(ex.figure_alt.en.split(": ")[1])
    head = ex.question.en.split("This group is ")[1]
    kind = next((k for p, k in KIND_OF.items() if head.startswith(p + ",")), None)
    if kind is None:  # three cards in the hand: a run or a bian
        kind = "shun" if len({c.rank for c in cards}) == 3 and sorted(c.rank for c in cards) != [2, 7, 10] else "bian"
    assert int(ex.answer) == phuxi(PGroup.of(kind, cards))


@given(seed=seeds, index=indexes)
def test_paohuzi_hand_answer_is_the_best_arrangement(seed, index):
    lesson = LESSONS["paohuzi"]
    ex = draw(lesson, lesson.by_id["hand"], seed, index)
    best = parrange(_pcards(ex.figure_alt.en.split(": ")[1]))
    assert best is not None and int(ex.answer) == best[0]


@pytest.mark.parametrize("seed", range(6))
def test_paohuzi_ready_answer_is_a_winning_card(seed):
    lesson = LESSONS["paohuzi"]
    ex = draw(lesson, lesson.by_id["ready"], seed, 0)
    hand = [("d" if c.big else "x") + str(c.rank) for c in _pcards(ex.figure_alt.en.split(": ")[1])]
    wins = {w["card"] for w in handle({"game": "paohuzi", "action": "waiting", "hand": hand})["waits"]}
    assert ex.answer in wins
    assert all(c.value not in wins for c in ex.choices if c.value != ex.answer)


# ------------------------------------------------------------------ exercises that test (over the API)
import re

SETS = range(40)  # seeded sets per step
CJK = re.compile(r"[\u3400-\u9fff]+")


def _numbers(label: str) -> list[float]:
    return [float(x) for x in re.findall(r"\d+(?:\.\d+)?", label)]


def _thumbs(labels: list[str]) -> dict[str, int]:
    """Where each rule of thumb that ignores the question would point."""
    k = range(len(labels))
    out = {
        "always the first choice": 0,
        "always the last choice": len(labels) - 1,
        "always the shortest choice": min(k, key=lambda i: len(labels[i])),
        "always the longest choice": max(k, key=lambda i: len(labels[i])),
    }
    nums = [_numbers(x) for x in labels]
    if all(nums):
        out["the smallest number in a label"] = min(k, key=lambda i: min(nums[i]))
        out["the largest number in a label"] = max(k, key=lambda i: max(nums[i]))
        out["the smallest last number in a label"] = min(k, key=lambda i: nums[i][-1])
        out["the largest last number in a label"] = max(k, key=lambda i: nums[i][-1])
    return out


@pytest.mark.parametrize("lesson,step", STEPS, ids=[f"{les.id}-{s.id}" for les, s in STEPS])
def test_no_rule_of_thumb_passes_a_step(lesson, step):
    """Over 40 seeded sets read through the API, as the page gets them: choices are distinct in both
    languages, and no rule that ignores the question (first, last, shortest, longest choice, smallest or
    largest number in a label) is right more than 60 % of the time, in either language."""
    hits: dict[str, dict[str, int]] = {"zh": {}, "en": {}}
    asked = 0
    for seed in SETS:
        a = req("exercises", lesson=lesson.id, step=step.id, seed=seed)
        assert a["ok"], a
        for ex in a["exercises"]:
            asked += 1
            values = [c["value"] for c in ex["choices"]]
            assert len(set(values)) == len(values)
            v = req("check", lesson=lesson.id, step=step.id, seed=seed, index=ex["index"], answer=values[0])
            right = values.index(v["answer"]["value"])
            for lang in ("zh", "en"):
                labels = [c[lang] for c in ex["choices"]]
                assert len(set(labels)) == len(labels), (seed, labels)
                for name, k in _thumbs(labels).items():
                    hits[lang][name] = hits[lang].get(name, 0) + (k == right)
    worst = {(lang, name): n / asked for lang in hits for name, n in hits[lang].items() if n / asked > 0.6}
    assert not worst, worst


@pytest.mark.parametrize("lesson,step", STEPS, ids=[f"{les.id}-{s.id}" for les, s in STEPS])
def test_feedback_is_true_for_each_choice_and_english_on_english_pages(lesson, step):
    """Every choice of every exercise of 12 sets: a wrong choice gets its own reason (never the right
    answer's explanation), the verdict links a rule on a page of the game, and the English words are
    English: a Chinese term appears only in brackets or quotation marks beside its English."""
    for seed in range(12):
        a = req("exercises", lesson=lesson.id, step=step.id, seed=seed)
        for ex in a["exercises"]:
            for c in ex["choices"]:
                v = req("check", lesson=lesson.id, step=step.id, seed=seed, index=ex["index"], answer=c["value"])
                assert v["rule"]["page"].startswith(lesson.id + "/") and v["rule"]["anchor"]
                if not v["correct"]:
                    assert v["why"]["en"] != v["explain"]["en"] or len(ex["choices"]) == 2
                for text in (v["why"]["en"], v["explain"]["en"], v["verdict"]["en"], c["en"], ex["question"]["en"]):
                    bare = re.sub(r"\([^()]*\)|“[^”]*”|「[^」]*」", "", text)
                    assert not CJK.search(bare), text


def test_sets_vary_what_they_show():
    """打围 step 2 never asks one answer four times in a set; 叶子戏 step 3 puts two or more combinations on the
    table; 骨牌 step 2 shows hands of three and of two tiles, across classes and level."""
    from engine.yezi.combos import classify as ycls

    for seed in SETS:
        answers = {draw(LESSONS["dawei"], LESSONS["dawei"].by_id["small"], seed, i).answer for i in range(4)}
        assert len(answers) >= 3
        for i in range(4):
            ex = draw(LESSONS["yezi"], LESSONS["yezi"].by_id["showing"], seed, i)
            groups = [_yezi_cards(part.split(": ")[1].split(" (")[0]) for part in ex.figure_alt.en.split("; ")]
            assert sum(ycls(g) is not None for g in groups) >= 2
        sizes = {ex.figure_alt.en.count(",") + 1 for ex in (draw(LESSONS["gupai"], LESSONS["gupai"].by_id["lead"], seed, i) for i in range(6))}
        assert sizes == {2, 3}


def test_dawei_quick_reference_gives_every_break_even_exactly():
    """The 打围 quick reference's break-even row: each count of players' break-even as the engine has it, a
    whole number or a whole number and a fraction (52 4⁄5), never a decimal, in both languages."""
    from fractions import Fraction

    from engine.dawei.game import MAX_PLAYERS, MIN_PLAYERS, break_even
    from sitegen.guide import dawei_quickref

    for lang, head in (("zh", "保本柱"), ("en", "Break-even 柱")):
        html = dawei_quickref(lang, {})
        start = html.index(head)
        cells = re.findall(r"<td[^>]*>([^<]*)</td>", html[start:html.index("</tr>", start)])
        assert len(cells) == MAX_PLAYERS - MIN_PLAYERS + 1, cells
        for n, cell in zip(range(MIN_PLAYERS, MAX_PLAYERS + 1), cells):
            assert "." not in cell, cell
            whole, _, frac = cell.partition("\u202f")
            value = Fraction(int(whole)) + (Fraction(frac.replace("\u2044", "/")) if frac else 0)
            assert value == break_even(n), (n, cell)
