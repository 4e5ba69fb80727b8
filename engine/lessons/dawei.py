"""The first lesson of 打围: reading a throw, the sticks it takes, a split throw, and the settlement.

Every exercise is drawn from the engine's own tables (``engine.dawei``): the patterns in precedence
order, the split rules and the break-even, so the lesson cannot teach what the engine does not do.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

from ..dawei.dice import RED, Throw, all_throws
from ..dawei.game import MAX_PLAYERS, MIN_PLAYERS, break_even
from ..dawei.options import DEFAULT
from ..dawei.split import SPLIT_RULES, SplitChance, SplitRule, openings
from ..dawei.sticks import BY_ID
from ..dawei.svg import dice_svg
from ..dawei.throws import BLANK, PATTERNS, Pattern, classify, matches
from .model import Choice, Exercise, Lesson, RuleRef, Step, Text, shuffled

RED_AND_BLACK = RuleRef("dawei/notes/", "red-and-black", Text("红四与幺", "The red four and the one"))
PRECEDENCE = RuleRef("dawei/notes/", "precedence", Text("重叠时的优先次序", "Precedence when patterns overlap"))
TWO_REDS = RuleRef("dawei/notes/", "two-reds-with-a-pair", Text("两红带对子", "Two reds with a pair"))
SECOND_THROW = RuleRef("dawei/notes/", "second-throw", Text("分掷第二掷要几颗", "How many the second split throw needs"))
BREAK_EVEN = RuleRef("dawei/notes/", "break-even", Text("保本数", "Break-even"))


def _dice_text(dice: tuple[int, ...]) -> str:
    return " ".join(map(str, dice))


def _figure(dice: tuple[int, ...]) -> tuple[str, Text]:
    alt = Text(f"六颗骰子：{_dice_text(dice)}", f"Six dice: {_dice_text(dice)}")
    # the drawing sits in a figure named in the page's language; its own name is the digits alone
    return dice_svg(dice, _dice_text(dice)), alt


def _shuffle_dice(rng: random.Random, key: tuple[int, ...]) -> tuple[int, ...]:
    d = list(key)
    rng.shuffle(d)
    return tuple(d)


@cache
def _throws_of(pattern_id: str) -> tuple[tuple[int, ...], ...]:
    """Every sorted throw that the default rules classify as ``pattern_id``."""
    return tuple(t.dice for t in all_throws() if classify(t.dice, DEFAULT).id == pattern_id)


def _sticks(p: Pattern) -> Text:
    if p.special:
        return Text("视局面而定", "depends on the game")
    if not p.awards:
        return Text("什么也不得", "nothing")
    zh = "＋".join(BY_ID[a].zh for a in p.awards)
    en = " + ".join(BY_ID[a].en for a in p.awards)
    return Text(f"{zh}，{p.zhu} 柱", f"{en}, {p.zhu} zhu")


def _label(p: Pattern) -> Text:
    if p.id == BLANK.id:
        return Text(p.zh, p.en)
    s = _sticks(p)
    return Text(f"{p.zh}（{s.zh}）", f"{p.en}: {s.en}")


def _the(p: Pattern) -> str:
    """A pattern's English name inside a sentence: "the five-black tiger"."""
    return "the " + p.en[:1].lower() + p.en[1:]


# ------------------------------------------------------------------ step 1: count the reds
def _reds(rng: random.Random) -> Exercise:
    n = rng.choice((0, 1, 1, 2, 2, 3, 3, 4))
    ones = rng.choice((0, 1, 1, 2))
    others = [rng.choice((2, 3, 5, 6)) for _ in range(6 - n - ones)]
    dice = _shuffle_dice(rng, tuple([RED] * n + [1] * ones + others))
    fig, alt = _figure(dice)

    def why_not(v: int) -> Text:
        if v == n + ones and ones:
            return Text(f"幺点不算红：这一掷有 {ones} 颗幺，要除去。", f"The one is not red in this game: leave out the {'die' if ones == 1 else f'{ones} dice'} showing one.")
        return Text(f"再数一次四点的骰子：共有 {n} 颗。", f"Count the dice showing four again: there {'is' if n == 1 else 'are'} {n}.")

    values = sorted({n, n + ones, max(0, n - 1), min(6, n + 1), 6 - n})
    choices = [Choice(str(v), Text(f"{v} 颗", f"{v}"), None if v == n else why_not(v)) for v in values]
    return Exercise(
        Text("这一掷有几颗红四？", "How many red fours does this throw show?"),
        fig, alt, tuple(choices), str(n),
        Text(f"有 {n} 颗红四。只有四点算红；幺点在很多骰子上也涂红，但在打围里算黑。",
             f"There {'is' if n == 1 else 'are'} {n} red four{'' if n == 1 else 's'}. Only the four counts as red; the one is painted red on many dice but counts as black here."),
        RED_AND_BLACK,
    )


# ------------------------------------------------------------------ steps 2 and 3: which stick
def _why_not_pattern(p: Pattern, right: Pattern, dice: tuple[int, ...]) -> Text:
    if p.id == BLANK.id:
        return Text(f"这一掷合「{right.zh}」，并非空色。", f"This throw is {_the(right)}; it does take something.")
    if p in matches(dice, DEFAULT):
        return Text(f"这一掷也合「{p.zh}」，但「{right.zh}」在前：先看三种特殊掷，再看所得签大者。",
                    f"The throw also fits {_the(p)}, but {_the(right)} comes first: the three specials first, then the larger stick.")
    ex = _dice_text(p.example)
    return Text(f"这一掷不是「{p.zh}」。原文描述的「{p.zh}」是这样的：{ex}。",
                f"This throw is not {_the(p)}. The source describes {_the(p)} like this: {ex}.")


def _which_stick_exercise(rng: random.Random, target: Pattern, pool: list[Pattern]) -> Exercise:
    dice = _shuffle_dice(rng, rng.choice(_throws_of(target.id)))
    also = [m for m in matches(dice, DEFAULT) if m.id != target.id]
    distractors: list[Pattern] = also[:2]
    others = [p for p in pool if p.id != target.id and p not in distractors]
    rng.shuffle(others)
    for p in others:
        if len(distractors) >= 3:
            break
        if all(p.awards != d.awards for d in distractors) and p.awards != target.awards:
            distractors.append(p)
    choices = [Choice(target.id, _label(target))] + [Choice(p.id, _label(p), _why_not_pattern(p, target, dice)) for p in distractors]
    fig, alt = _figure(dice)
    if target.id == BLANK.id:
        explain = Text("这一掷不合任何花样，什么也不得。", "The throw fits no pattern and takes nothing.")
    elif also:
        names_zh = "、".join(f"「{m.zh}」" for m in also)
        names_en = ", ".join(_the(m) for m in also)
        explain = Text(f"这一掷是「{target.zh}」，得{_sticks(target).zh}。它也合{names_zh}，但按先后次序，「{target.zh}」在前。",
                       f"The throw is {_the(target)} and takes {_sticks(target).en}. It also fits {names_en}, but {_the(target)} comes first.")
    else:
        explain = Text(f"这一掷是「{target.zh}」，得{_sticks(target).zh}。", f"The throw is {_the(target)} and takes {_sticks(target).en}.")
    return Exercise(
        Text("这一掷得哪根签？", "Which stick does this throw take?"),
        fig, alt, shuffled(rng, choices), target.id, explain,
        TWO_REDS if target.id in ("rabbit", BLANK.id) and sorted(dice).count(RED) == 2 else PRECEDENCE,
    )


SMALL = tuple(p for p in PATTERNS if p.id in ("chicken", "rabbit", "deer_three_red")) + (BLANK,)


def _small(rng: random.Random) -> Exercise:
    target = rng.choice((SMALL[0], SMALL[1], SMALL[1], BLANK))
    return _which_stick_exercise(rng, target, list(SMALL))


MAIN = tuple(p for p in PATTERNS if not p.special)


def _which_stick(rng: random.Random) -> Exercise:
    # first an animal, then one of its patterns: the lions and tigers come up as often as the chicken
    animals = sorted({p.awards[0] for p in MAIN})
    animal = rng.choice(animals)
    target = rng.choice([p for p in MAIN if p.awards[0] == animal and _throws_of(p.id)])
    return _which_stick_exercise(rng, target, list(MAIN))


# ------------------------------------------------------------------ step 4: a split throw
@cache
def _first_throws(rule_id: str) -> tuple[tuple[int, ...], ...]:
    return tuple(t.dice for t in all_throws() if any(c.rule.id == rule_id for c in openings(t.dice, DEFAULT)))


def _split(rng: random.Random) -> Exercise:
    rule: SplitRule = rng.choice([r for r in SPLIT_RULES if _first_throws(r.id)])
    first = _shuffle_dice(rng, rng.choice(_first_throws(rule.id)))
    chance: SplitChance = rng.choice([c for c in openings(first, DEFAULT) if c.rule.id == rule.id])
    want = rng.random() < 0.5
    pool = [t.dice for t in all_throws() if chance.need.met(t.dice, DEFAULT) == want]
    second = _shuffle_dice(rng, rng.choice(pool))
    ok = chance.need.met(second, DEFAULT)
    need_zh, need_en = chance.need.describe()
    stick = BY_ID[rule.target]
    fig = dice_svg(first, _dice_text(first)) + dice_svg(second, _dice_text(second))  # named as a whole by `alt`
    alt = Text(f"第一掷 {_dice_text(first)}；第二掷 {_dice_text(second)}", f"First throw {_dice_text(first)}; second throw {_dice_text(second)}")
    yes = Text("成了，得签", "Yes, it takes the stick")
    no = Text("没成，不得签", "No, it takes nothing")
    verdict = Text(f"第二掷{'有' if ok else '没有'}{need_zh}，所以{'得' if ok else '不得'}{stick.zh}。",
                   f"The second throw {'shows' if ok else 'does not show'} {need_en}, so it {'takes' if ok else 'does not take'} the {stick.en}.")
    return Exercise(
        Text(f"分掷：第一掷开出「{rule.zh}」，第二掷要{need_zh}。第二掷成了吗？",
             f"Split phase: the first throw opens “{rule.en}”; the second throw needs {need_en}. Does the second throw win it?"),
        fig, alt,
        (Choice("yes", yes, None if ok else verdict), Choice("no", no, verdict if ok else None)),
        "yes" if ok else "no",
        Text(verdict.zh + "第二掷只看所要的点，别的花样不算。", verdict.en + " Only the faces asked for are read on the second throw."),
        SECOND_THROW,
    )


# ------------------------------------------------------------------ step 5: the settlement
def _money(x: Fraction) -> Text:
    if x == 0:
        return Text("不收不付", "neither pays nor receives")
    v = abs(x)
    s = str(v.numerator) if v.denominator == 1 else f"{float(v):.2f}"
    return Text(f"收 {s} 柱", f"receives {s} zhu") if x > 0 else Text(f"付 {s} 柱", f"pays {s} zhu")


def _settle(rng: random.Random) -> Exercise:
    n = rng.randint(MIN_PLAYERS, min(MAX_PLAYERS, 9))
    be = break_even(n, DEFAULT)
    held = max(0, int(be) + rng.randint(-60, 60))
    right = Fraction(held) - be
    wrong = [-right, Fraction(held), right + (10 if right >= 0 else -10)]
    values: list[Fraction] = [right]
    for w in wrong:
        if w not in values:
            values.append(w)
    why = Text(f"{n} 人打围，每家的保本数是 {be} 柱；手里 {held} 柱，差额是 {held} − {be} = {right}。",
               f"With {n} players each break-even is {be} zhu; holding {held} zhu, the difference is {held} − {be} = {right}.")
    choices = [Choice(str(v), _money(v), None if v == right else why) for v in values]
    return Exercise(
        Text(f"{n} 人打围，签已掷完。你不是庄家，手里的签共值 {held} 柱。你该收还是付多少？",
             f"A game of {n} players is over: the sticks are all taken. You are not the banker and hold sticks worth {held} zhu. What do you pay or receive?"),
        "", Text("", ""), shuffled(rng, choices), str(right),
        Text(why.zh + "多于保本数就收，少于就付；庄家收付其余各家的差额。", why.en + " Above break-even you receive, below it you pay; the banker settles the difference with everyone else."),
        BREAK_EVEN,
    )


LESSON = Lesson(
    "dawei",
    Text("打围入门", "Learn 打围"),
    (
        Step("reds", Text("先数红四", "Count the red fours first"), _reds),
        Step("small", Text("一鸡、二兔与空色", "A chicken, a rabbit, or nothing"), _small),
        Step("which-stick", Text("这一掷得哪根签？", "Which stick does this throw take?"), _which_stick, count=6),
        Step("split", Text("分掷的第二掷", "The second throw of a split"), _split),
        Step("settle", Text("对保本数结算", "Settling against break-even"), _settle),
    ),
)
