"""The split phase (分掷): two-throw rules, declared once each.

The phase begins when every 鸡 and 兔 has been taken. A first throw may *open*
one or more split rules; the thrower names one (a :class:`SplitChance`) and
throws again; the second throw succeeds if it shows what the rule asks for.
Only the asked-for faces are read on the second throw: a bowl or other pattern
there counts for nothing (特殊情况 6), except 顺斗顺 (特殊情况 5), which
:func:`second_is_shun_dou_shun` detects.

Faces: 4 is red; 1 (幺), 2, 3, 5, 6 are black. ``face=0`` in a need means
"any one black face".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from collections.abc import Callable

from .dice import ALL_OUTCOMES, BLACK, RED, Throw, all_throws
from .options import DEFAULT, Rules

ANY_BLACK = 0
#: the splits opened on a straight, whose second throw, a straight again, is 顺斗顺 (特殊情况 5)
SWEEP_RULES = ("tiger_straight", "lion_straight")
#: ordered throws of six dice that are a straight (6!): the second throw of 顺斗顺
STRAIGHTS = 720


@dataclass(frozen=True)
class Need:
    """What the second throw must show: ``count`` dice of ``face`` (0: of one black face)."""

    face: int
    count: int

    def met(self, dice: tuple[int, ...] | list[int], rules: Rules = DEFAULT) -> bool:
        if self.face == ANY_BLACK:
            ns = [list(dice).count(f) for f in BLACK]
        else:
            ns = [list(dice).count(self.face)]
        if rules.split_second == "exactly":
            return any(n == self.count for n in ns)
        return any(n >= self.count for n in ns)

    def describe(self) -> tuple[str, str]:
        zh_face = {0: "同点黑面", 1: "幺点", 2: "二点", 3: "三点", 4: "红四", 5: "五点", 6: "六点"}[self.face]
        en_face = {0: "of one black face", 1: "ones", 2: "twos", 3: "threes", 4: "red fours", 5: "fives", 6: "sixes"}[self.face]
        word = {1: "one", 2: "two", 3: "three", 4: "four"}.get(self.count, str(self.count))
        if self.face == ANY_BLACK:
            return f"{self.count}颗{zh_face}", f"{word} dice {en_face}"
        one = {0: "black die", 1: "one", 2: "two", 3: "three", 4: "red four", 5: "five", 6: "six"}[self.face]  # a six, not a "sixe"
        return f"{self.count}颗{zh_face}", f"{word} {en_face}" if self.count > 1 else f"one {one}"


Opens = Callable[[tuple[int, ...], Rules], list[tuple[int, Need]]]  # counts -> [(point of first throw, need)]


@dataclass(frozen=True)
class SplitRule:
    id: str
    zh: str
    en: str
    target: str  # the stick it wins
    section: str  # "分鹰 1"
    example_first: tuple[int, ...]
    example_second: tuple[int, ...]
    opens: Opens


def _cnt(counts: tuple[int, ...], face: int) -> int:
    return counts[face - 1]


def _black_at_least(n: int, need: Callable[[int, Rules], Need], exclude_one: bool = False) -> Opens:
    def opens(counts: tuple[int, ...], rules: Rules) -> list[tuple[int, Need]]:
        return [(f, need(f, rules)) for f in BLACK if _cnt(counts, f) >= n and not (exclude_one and f == 1)]

    return opens


def _reds_at_least(n: int, need: Need) -> Opens:
    def opens(counts: tuple[int, ...], rules: Rules) -> list[tuple[int, Need]]:
        return [(RED, need)] if _cnt(counts, RED) >= n else []

    return opens


def _straight_then(need: Need) -> Opens:
    def opens(counts: tuple[int, ...], rules: Rules) -> list[tuple[int, Need]]:
        return [(0, need)] if all(n == 1 for n in counts) else []

    return opens


def _fox_missing(counts: tuple[int, ...], rules: Rules) -> list[tuple[int, Need]]:
    # one pair and four different singles: exactly one face is missing
    if sorted(counts) == [0, 1, 1, 1, 1, 2]:
        missing = counts.index(0) + 1
        return [(missing, Need(missing, 1))]
    return []


def _triple_tiger_need(f: int, rules: Rules) -> Need:
    return Need(f if rules.split_triple_tiger == "same_point" else ANY_BLACK, 3)


S = SplitRule
SPLIT_RULES: tuple[SplitRule, ...] = (
    S("muntjac_pair", "分獐（一对黑分一颗）", "Muntjac: a black pair, then one of it", "muntjac", "分獐 2", (2, 2, 1, 3, 4, 5), (2, 6, 6, 1, 3, 5), _black_at_least(2, lambda f, r: Need(f, 1))),
    S("deer_two_red", "分鹿（两红分一红）", "Red deer: two reds, then one red", "deer", "分鹿", (4, 4, 1, 2, 3, 5), (4, 1, 1, 2, 3, 6), _reds_at_least(2, Need(RED, 1))),
    S("eagle_pair", "分鹰：二黑分二黑", "Eagle: two blacks, then two of the same", "eagle", "分鹰 1", (3, 3, 1, 2, 4, 5), (3, 3, 1, 2, 5, 6), _black_at_least(2, lambda f, r: Need(f, 2))),
    S("eagle_triple", "分鹰：三黑分一黑", "Eagle: three blacks, then one of the same", "eagle", "分鹰 2", (5, 5, 5, 1, 2, 4), (5, 1, 1, 2, 3, 6), _black_at_least(3, lambda f, r: Need(f, 1))),
    S("leopard_two_red", "分豹：两红分两红", "Leopard: two reds, then two reds", "leopard", "分豹 1", (4, 4, 1, 2, 3, 5), (4, 4, 2, 3, 5, 6), _reds_at_least(2, Need(RED, 2))),
    S("leopard_three_red", "分豹：三红分一红", "Leopard: three reds, then one red", "leopard", "分豹 2", (4, 4, 4, 1, 2, 5), (4, 1, 2, 3, 5, 6), _reds_at_least(3, Need(RED, 1))),
    S("tiger_four_pair", "分虎：四黑分对黑", "Tiger: four blacks, then a pair of the same", "tiger", "分虎 1", (6, 6, 6, 6, 1, 2), (6, 6, 1, 2, 3, 5), _black_at_least(4, lambda f, r: Need(f, 2), exclude_one=True)),
    S("tiger_triple", "分虎：三黑分三黑", "Tiger: three blacks, then three more", "tiger", "分虎 2", (2, 2, 2, 1, 3, 5), (2, 2, 2, 3, 5, 6), _black_at_least(3, _triple_tiger_need, exclude_one=True)),
    S("tiger_straight", "分虎：顺斗一红", "Tiger: a straight, then one red", "tiger", "分虎 3", (1, 2, 3, 4, 5, 6), (4, 1, 1, 2, 3, 5), _straight_then(Need(RED, 1))),
    S("fox_missing", "分顺（补缺点）", "Fox: a straight short of one face, then that face", "fox", "分顺", (1, 1, 2, 3, 4, 6), (5, 1, 1, 2, 3, 6), _fox_missing),
    S("lion_three_red", "分老狮子：三颗红分三颗红", "Old lion: three reds, then three reds", "lion", "分老狮子 1", (4, 4, 4, 1, 2, 3), (4, 4, 4, 1, 2, 3), _reds_at_least(3, Need(RED, 3))),
    S("lion_four_red", "分老狮子：四颗红分两颗红", "Old lion: four reds, then two reds", "lion", "分老狮子 2", (4, 4, 4, 4, 1, 2), (4, 4, 1, 2, 3, 5), _reds_at_least(4, Need(RED, 2))),
    S("lion_four_black_three_red", "分老狮子：四黑分三红", "Old lion: four blacks, then three reds", "lion", "分老狮子 3", (3, 3, 3, 3, 1, 2), (4, 4, 4, 1, 2, 3), _black_at_least(4, lambda f, r: Need(RED, 3))),
    S("lion_three_red_four_black", "分老狮子：三红分四黑", "Old lion: three reds, then four blacks", "lion", "分老狮子 4", (4, 4, 4, 1, 2, 3), (2, 2, 2, 2, 1, 3), _reds_at_least(3, Need(ANY_BLACK, 4))),
    S("lion_four_black_four_black", "分老狮子：四黑分四黑", "Old lion: four blacks, then four blacks", "lion", "分老狮子 5", (5, 5, 5, 5, 1, 2), (3, 3, 3, 3, 1, 2), _black_at_least(4, lambda f, r: Need(ANY_BLACK, 4))),
    S("lion_straight", "分老狮子：顺斗两颗红", "Old lion: a straight, then two reds", "lion", "分老狮子 6", (1, 2, 3, 4, 5, 6), (4, 4, 1, 2, 3, 5), _straight_then(Need(RED, 2))),
)


@dataclass(frozen=True)
class SplitChance:
    """One split the first throw opens: the rule, the point it was opened on, what the second throw needs."""

    rule: SplitRule
    point: int
    need: Need

    @property
    def key(self) -> str:
        return f"{self.rule.id}:{self.point}"

    @property
    def target(self) -> str:
        return self.rule.target


def direct_muntjac(dice: tuple[int, ...] | list[int]) -> bool:
    """分獐 1: two pairs of different black faces, or three of one black face, take a muntjac at once."""
    return _direct_muntjac(tuple(sorted(dice)))


@cache
def _direct_muntjac(key: tuple[int, ...]) -> bool:
    counts = Throw(key).counts
    pairs = [f for f in BLACK if _cnt(counts, f) >= 2]
    return len(pairs) >= 2 or any(_cnt(counts, f) >= 3 for f in BLACK)


def openings(dice: tuple[int, ...] | list[int], rules: Rules = DEFAULT) -> list[SplitChance]:
    """Every split the first throw opens, in declaration order."""
    return list(_openings(tuple(sorted(dice)), rules))


@cache
def _openings(key: tuple[int, ...], rules: Rules) -> tuple[SplitChance, ...]:
    counts = Throw(key).counts
    out: list[SplitChance] = []
    for s in SPLIT_RULES:
        for point, need in s.opens(counts, rules):
            out.append(SplitChance(s, point, need))
    return tuple(out)


def is_straight(dice: tuple[int, ...] | list[int]) -> bool:
    return sorted(dice) == [1, 2, 3, 4, 5, 6]


def second_is_shun_dou_shun(chance: SplitChance, second: tuple[int, ...] | list[int]) -> bool:
    """顺斗顺: the split for a tiger or lion opened on a straight, and the second throw is a straight too."""
    return chance.rule.id in SWEEP_RULES and is_straight(second)


@cache
def success_ways(need: Need, rules: Rules = DEFAULT) -> int:
    """Ordered outcomes out of 46,656 whose second throw meets ``need``."""
    return sum(t.ways for t in all_throws() if need.met(t.dice, rules))


def second_throw_odds(chance: SplitChance, rules: Rules = DEFAULT) -> tuple[float, float]:
    """The second throw's chance of 顺斗顺 (a split of :data:`SWEEP_RULES`; 0 for any other) and of the stick: a
    straight that would also meet the need sweeps instead. What is left is a miss."""
    sweep = chance.rule.id in SWEEP_RULES
    p_sweep = STRAIGHTS / ALL_OUTCOMES if sweep else 0.0
    p_win = success_ways(chance.need, rules) / ALL_OUTCOMES - (p_sweep if sweep and chance.need.met((1, 2, 3, 4, 5, 6), rules) else 0.0)
    return p_sweep, p_win


@cache
def second_throws(chance: SplitChance, rules: Rules = DEFAULT) -> tuple[tuple[int, ...] | None, ...]:
    """One second throw of each outcome :func:`second_throw_odds` weighs, None for one the split cannot have: the
    顺斗顺 sweep, the stick, a miss. What the strong level plays on copies of the table to value a split."""
    def first(outcome: Callable[[tuple[int, ...]], bool]) -> tuple[int, ...] | None:
        return next((t.dice for t in all_throws() if outcome(t.dice)), None)

    def sweeps(d: tuple[int, ...]) -> bool:
        return second_is_shun_dou_shun(chance, d)

    return (first(sweeps), first(lambda d: not sweeps(d) and chance.need.met(d, rules)),
            first(lambda d: not sweeps(d) and not chance.need.met(d, rules)))
