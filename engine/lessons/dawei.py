"""The first lesson of 打围: reading a throw, the sticks it takes, a split throw, and the settlement.

Every exercise is drawn from the engine's own tables (``engine.dawei``): the patterns in precedence
order, the split rules and the break-even, so the lesson cannot teach what the engine does not do.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

from ..dawei.dice import RED, all_throws
from ..dawei.game import MAX_PLAYERS, MIN_PLAYERS, break_even, net_of
from ..dawei.options import DEFAULT
from ..dawei.split import SPLIT_RULES, SplitChance, SplitRule, openings
from ..dawei.sticks import BY_ID
from ..dawei.throws import BLANK, PATTERNS, Pattern, classify, matches
from .model import Choice, Exercise, Figure, Lesson, RuleRef, Step, Text, shuffled

RED_AND_BLACK = RuleRef("dawei/notes/", "red-and-black", Text("红四与幺", "The red four and the one"))
PRECEDENCE = RuleRef("dawei/notes/", "precedence", Text("重叠时的优先次序", "Precedence when patterns overlap"))
TWO_REDS = RuleRef("dawei/notes/", "two-reds-with-a-pair", Text("两红带对子", "Two reds with a pair"))
SECOND_THROW = RuleRef("dawei/notes/", "second-throw", Text("分掷第二掷要几颗", "How many the second split throw needs"))
BREAK_EVEN = RuleRef("dawei/notes/", "break-even", Text("保本数", "Break-even"))


def _dice_text(dice: tuple[int, ...]) -> str:
    return " ".join(map(str, dice))


def _figure(dice: tuple[int, ...]) -> tuple[Figure, Text]:
    alt = Text(f"六颗骰子：{_dice_text(dice)}", f"Six dice: {_dice_text(dice)}")
    return {"kind": "dice", "throws": [list(dice)]}, alt


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
        if v == 6 - n and v != n:
            return Text(f"这是黑面的颗数；红四是四点的骰子，共有 {n} 颗。", f"That is the number of black dice; the red fours are the dice showing four, and there {'is' if n == 1 else 'are'} {n}.")
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
ZH_NUM = "零一两三四五六"
EN_NUM = ("no", "one", "two", "three", "four", "five", "six")


def _black_shape(dice: tuple[int, ...]) -> tuple[int, ...]:
    """How the black dice fall into groups of one face, largest first: 3 3 3 6 5 6 -> (3, 2, 1)."""
    return tuple(sorted((dice.count(f) for f in set(dice) if f != RED), reverse=True))


def _shape_words(shape: tuple[int, ...]) -> Text:
    """(3, 2, 1) -> "three alike, a pair and a single"; (2, 1, 1, 1) -> "a pair and three singles"."""
    if not shape:
        return Text("没有黑面", "no black face")
    zh, en = [], []
    for k in sorted(set(shape), reverse=True):
        m = shape.count(k)
        if k == 1:
            zh.append(f"{ZH_NUM[m] if m != 1 else '一'}颗单的")
            en.append("a single" if m == 1 else f"{EN_NUM[m]} singles")
        elif k == 2:
            zh.append(f"{ZH_NUM[m] if m != 1 else '一'}对")
            en.append("a pair" if m == 1 else f"{EN_NUM[m]} pairs")
        else:
            zh.append(f"{'两组' if m == 2 else ''}{ZH_NUM[k]}颗同点")
            en.append(f"{'two sets of ' if m == 2 else ''}{EN_NUM[k]} alike")
    return Text("、".join(zh), en[0] if len(en) == 1 else ", ".join(en[:-1]) + " and " + en[-1])


def _reds_words(n: int) -> Text:
    return Text(f"{ZH_NUM[n] if n != 2 else '两'}颗红四" if n else "没有红四",
                f"{EN_NUM[n]} red four{'' if n == 1 else 's'}")


@cache
def _fitting(pattern_id: str) -> tuple[tuple[int, ...], ...]:
    """Every sorted throw that fits ``pattern_id`` (whether or not a pattern before it takes the throw)."""
    p = next(x for x in PATTERNS if x.id == pattern_id)
    return tuple(t.dice for t in all_throws() if p.test(t.counts, DEFAULT))


def _anatomy(dice: tuple[int, ...]) -> Text:
    """What a reader counts in a throw: the red fours, then how the black dice group, then (for a triple
    with three black dice beside it) what those three add up to."""
    reds = _reds_words(dice.count(RED))
    shape = _black_shape(dice)
    sh = _shape_words(shape)
    zh, en = f"{reds.zh}；黑面是{sh.zh}", f"{reds.en[0].upper() + reds.en[1:]}; the black dice are {sh.en}"
    for f in sorted(set(dice)):
        if f != RED and dice.count(f) == 3:
            rest = sorted(dice)
            for _ in range(3):
                rest.remove(f)
            if RED not in rest:
                zh += f"（三颗 {f}，其余 {'＋'.join(map(str, rest))}＝{sum(rest)}）"
                en += f" (three {f}s; the other three make {' + '.join(map(str, rest))} = {sum(rest)})"
            break
    return Text(zh, en)


def _first_broken(p: Pattern, dice: tuple[int, ...]) -> Text:
    """The first thing a reader checks that this throw lacks for pattern ``p``: its red fours, then the
    shape of its black dice, then the faces (or the sum) themselves. Computed from every throw ``p`` fits."""
    fits = _fitting(p.id)
    ex = _dice_text(p.example)
    reds = dice.count(RED)
    red_counts = sorted({t.count(RED) for t in fits})
    if reds not in red_counts:
        want = red_counts[0] if len(red_counts) == 1 else None
        if want is not None:
            w = _reds_words(want)
            return Text(f"「{p.zh}」要{w.zh}（如 {ex}），这一掷是{_reds_words(reds).zh}。",
                        f"{_the(p)[0].upper() + _the(p)[1:]} needs {w.en} (like {ex}); this throw has {_reds_words(reds).en}.")
        return Text(f"「{p.zh}」的红四数不是这样（如 {ex}），这一掷是{_reds_words(reds).zh}。",
                    f"{_the(p)[0].upper() + _the(p)[1:]} needs a different number of red fours (like {ex}); this throw has {_reds_words(reds).en}.")
    same_reds = [t for t in fits if t.count(RED) == reds]
    shapes = {_black_shape(t) for t in same_reds}
    mine = _black_shape(dice)
    if mine not in shapes:
        h = _shape_words(mine)
        tops = {sh[0] for sh in shapes if sh}
        if len(tops) == 1 and all(sh[0] > 1 for sh in shapes) and all(sh.count(sh[0]) == 1 for sh in shapes):
            k = next(iter(tops))
            w = Text(f"{ZH_NUM[k] if k != 2 else '一对'}{'颗同点' if k != 2 else ''}", "a pair" if k == 2 else f"{EN_NUM[k]} alike")
            zh_need, en_need = f"黑面里要有{w.zh}", f"needs {w.en} among the black dice"
        else:
            example = tuple(sorted(p.example)) if tuple(sorted(p.example)) in same_reds else same_reds[0]
            w = _shape_words(_black_shape(example))
            zh_need, en_need = f"的黑面要{w.zh}", f"needs black dice of {w.en}"
        return Text(f"「{p.zh}」{zh_need}（如 {ex}），这一掷的黑面是{h.zh}。",
                    f"{_the(p)[0].upper() + _the(p)[1:]} {en_need} (like {ex}); this throw's black dice are {h.en}.")
    return Text(f"「{p.zh}」要的是别的点数（如 {ex}）：{_anatomy(dice).zh}，点数对不上。",
                f"{_the(p)[0].upper() + _the(p)[1:]} needs other faces (like {ex}). {_anatomy(dice).en}: the faces do not match.")


def _why_not_pattern(p: Pattern, right: Pattern, dice: tuple[int, ...]) -> Text:
    if p.id == BLANK.id:
        return Text(f"这一掷合「{right.zh}」，并非空色：{_anatomy(dice).zh}。", f"This throw is {_the(right)}; it does take something. {_anatomy(dice).en}.")
    if p in matches(dice, DEFAULT):
        return Text(f"这一掷也合「{p.zh}」，但「{right.zh}」在前：先看三种特殊掷，再看所得签大者。",
                    f"The throw also fits {_the(p)}, but {_the(right)} comes first: the three specials first, then the larger stick.")
    return _first_broken(p, dice)


def _which_stick_exercise(rng: random.Random, target: Pattern, pool: list[Pattern]) -> Exercise:
    dice = _shuffle_dice(rng, rng.choice(_throws_of(target.id)))
    also = [m for m in matches(dice, DEFAULT) if m.id != target.id]
    distractors: list[Pattern] = also[:2]
    others = [p for p in pool if p.id != target.id and p not in distractors]
    rng.shuffle(others)
    for p in others:
        if len(distractors) >= 3:
            break
        if all(_label(p) != _label(d) for d in distractors) and _label(p) != _label(target):
            distractors.append(p)
    choices = [Choice(target.id, _label(target))] + [Choice(p.id, _label(p), _why_not_pattern(p, target, dice)) for p in distractors]
    fig, alt = _figure(dice)
    anatomy = _anatomy(dice)
    if target.id == BLANK.id:
        explain = Text(f"{anatomy.zh}：不合任何花样，什么也不得。", f"{anatomy.en}: the throw fits no pattern and takes nothing.")
    else:
        ex = _dice_text(target.example)
        head = Text(f"{anatomy.zh}：这正是「{target.zh}」（表中的例子：{ex}），得{_sticks(target).zh}。",
                    f"{anatomy.en}: that is {_the(target)} (the table's example: {ex}), which takes {_sticks(target).en}.")
        if also:
            names_zh = "、".join(f"「{m.zh}」" for m in also)
            names_en = ", ".join(_the(m) for m in also)
            explain = Text(f"{head.zh}它也合{names_zh}，但按先后次序，「{target.zh}」在前。",
                           f"{head.en} It also fits {names_en}, but {_the(target)} comes first.")
        else:
            explain = head
    return Exercise(
        Text("这一掷得哪根签？", "Which stick does this throw take?"),
        fig, alt, shuffled(rng, choices), target.id, explain,
        TWO_REDS if target.id in ("rabbit", BLANK.id) and sorted(dice).count(RED) == 2 else PRECEDENCE,
    )


SMALL = tuple(p for p in PATTERNS if p.id in ("chicken", "rabbit", "deer_three_red")) + (BLANK,)
#: what a set of step 2 asks about, in turn from a place its seed fixes: never one answer four times
SMALL_TURN = ("chicken", "rabbit", "blank", "rabbit", "deer_three_red", "chicken", "blank", "rabbit")


def _small(rng: random.Random, slot: int) -> Exercise:
    target = next(p for p in SMALL if p.id == SMALL_TURN[slot % len(SMALL_TURN)])
    return _which_stick_exercise(rng, target, list(SMALL))


MAIN = tuple(p for p in PATTERNS if not p.special)
ANIMALS = tuple(sorted({p.awards[0] for p in MAIN}))


def _which_stick(rng: random.Random, slot: int) -> Exercise:
    # first an animal (a set of six shows six different ones), then one of its patterns
    turn = list(ANIMALS)
    random.Random(slot // len(turn)).shuffle(turn)
    animal = turn[slot % len(turn)]
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
    fig: Figure = {"kind": "dice", "throws": [list(first), list(second)]}  # named as a whole by `alt`
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
    right = net_of(held, n, DEFAULT)
    sums = Text(f"{n} 人打围，每家的保本数是 {be} 柱；手里 {held} 柱，差额是 {held} − {be} = {right}。",
                f"With {n} players each break-even is {be} zhu; holding {held} zhu, the difference is {held} − {be} = {right}.")
    # each wrong answer is the mistake that gives it, and says so
    wrong = [
        (-right, Text(f"方向反了：手里的签{'多于' if right > 0 else '少于'}保本数，应当{'收' if right > 0 else '付'}，不是{'付' if right > 0 else '收'}。",
                      f"The wrong way round: you hold {'more' if right > 0 else 'less'} than break-even, so you {'receive' if right > 0 else 'pay'}, not {'pay' if right > 0 else 'receive'}.")),
        (Fraction(held), Text(f"这是手里签的总值，还没减去保本数 {be} 柱：结算只算多出或少了的部分。",
                              f"That is what your sticks are worth before break-even ({be} zhu) is taken off: only the amount above or below it changes hands.")),
        (right + (10 if right >= 0 else -10), Text(f"差额算错了：{held} − {be} = {right}，不是这个数。", f"The difference is miscounted: {held} − {be} = {right}.")),
    ]
    values: list[Fraction] = [right]
    choices = [Choice(str(right), _money(right))]
    for v, why in wrong:
        if v not in values and _money(v) not in [c.label for c in choices]:
            values.append(v)
            choices.append(Choice(str(v), _money(v), Text(why.zh + sums.zh, why.en + " " + sums.en)))
    return Exercise(
        Text(f"{n} 人打围，签已掷完。你不是庄家，手里的签共值 {held} 柱。你该收还是付多少？",
             f"A game of {n} players is over: the sticks are all taken. You are not the banker and hold sticks worth {held} zhu. What do you pay or receive?"),
        {}, Text("", ""), shuffled(rng, choices), str(right),
        Text(sums.zh + "多于保本数就收，少于就付；庄家收付其余各家的差额。", sums.en + " Above break-even you receive, below it you pay; the banker settles the difference with everyone else."),
        BREAK_EVEN,
    )


LESSON = Lesson(
    "dawei",
    Text("打围入门", "Learn Dawei (打围)"),
    (
        Step("reds", Text("先数红四", "Count the red fours first"), _reds),
        Step("small", Text("一鸡、二兔与空色", "A chicken, a rabbit, or nothing"), _small, slotted=True),
        Step("which-stick", Text("这一掷得哪根签？", "Which stick does this throw take?"), _which_stick, count=6, slotted=True),
        Step("split", Text("分掷的第二掷", "The second throw of a split"), _split),
        Step("settle", Text("对保本数结算", "Settling against break-even"), _settle),
    ),
)
