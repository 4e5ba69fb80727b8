"""Main-phase throws (正掷): every pattern the source names, declared once.

Each :class:`Pattern` carries its names, the sticks it takes, and a test on the
throw. A throw may fit several patterns (四颗二点两颗幺点 is both 四黑得鹰 and
双幺老虎); :func:`classify` then takes the first in :data:`PATTERNS` order,
which is the precedence written on the main-phase page:

1. the three specials (红一碗, 黑一碗, 顺), whose outcome depends on the game;
2. then by the value of the stick taken: 老狮子, 老虎, 豹, 狗, 鹰, 马鹿, 獐, 兔, 鸡.

In every overlap the source itself names, the named exception is the more
valuable stick (天地分豹 over 黑三对獐, 龙虎斗 over 黑三对獐, 四五六摆豹 over
红三对马鹿, the ten tigers over 四黑得鹰, the lions over 四红豹子), so one
ordering rule covers both the stated exceptions and the unstated overlaps.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from collections.abc import Callable

from .dice import BLACK, RED, Throw, all_throws
from .options import DEFAULT, Rules
from .sticks import BY_ID

Test = Callable[[tuple[int, ...], Rules], bool]  # counts of faces 1..6 (index 0..5), rules


def c(counts: tuple[int, ...], face: int) -> int:
    return counts[face - 1]


def _black_with(counts: tuple[int, ...], n: int) -> list[int]:
    return [f for f in BLACK if c(counts, f) == n]


def _exact(**want: int) -> Test:
    """Exactly these counts, e.g. _exact(f4=4, f1=1, f3=1)."""
    target = [0] * 6
    for k, v in want.items():
        target[int(k[1:]) - 1] = v

    def test(counts: tuple[int, ...], rules: Rules) -> bool:
        return list(counts) == target

    return test


def _rest_after_triple(counts: tuple[int, ...], face: int) -> list[int]:
    out: list[int] = []
    for f in range(1, 7):
        out += [f] * (c(counts, f) - (3 if f == face else 0))
    return out


def _triple_plus_black_sum(total: int) -> Test:
    """三颗同点黑面 and the other three black dice summing to ``total``."""

    def test(counts: tuple[int, ...], rules: Rules) -> bool:
        for f in BLACK:
            if c(counts, f) >= 3:
                rest = _rest_after_triple(counts, f)
                if RED not in rest and sum(rest) == total:
                    return True
        return False

    return test


def _red_five_gold(counts: tuple[int, ...], rules: Rules) -> bool:
    if c(counts, RED) != 3:
        return False
    rest = sorted(f for f in range(1, 7) if f != RED for _ in range(c(counts, f)))
    if rules.red_five_gold == "one_two_two":
        return rest == [1, 2, 2]
    return sum(rest) == 5  # 1+2+2 or 1+1+3


def _red_fenxiang(counts: tuple[int, ...], rules: Rules) -> bool:
    return c(counts, RED) == 3 and any(c(counts, f) == 3 for f in BLACK if f != 6)


def _five_black(counts: tuple[int, ...], rules: Rules) -> bool:
    return c(counts, RED) == 0 and bool(_black_with(counts, 5))


def _five_black_one_red(counts: tuple[int, ...], rules: Rules) -> bool:
    return c(counts, RED) == 1 and bool(_black_with(counts, 5))


def _four_black_eagle(reds: int) -> Test:
    def test(counts: tuple[int, ...], rules: Rules) -> bool:
        return c(counts, RED) == reds and any(c(counts, f) == 4 for f in BLACK if f != 1)

    return test


def _two_black_triples(counts: tuple[int, ...], rules: Rules) -> bool:
    return len(_black_with(counts, 3)) == 2


def _three_black_pairs(counts: tuple[int, ...], rules: Rules) -> bool:
    return len(_black_with(counts, 2)) == 3


def _red_three_pairs(counts: tuple[int, ...], rules: Rules) -> bool:
    return c(counts, RED) == 2 and len(_black_with(counts, 2)) == 2


def _reds(n: int) -> Test:
    def test(counts: tuple[int, ...], rules: Rules) -> bool:
        return c(counts, RED) == n

    return test


def _two_rabbits(counts: tuple[int, ...], rules: Rules) -> bool:
    if c(counts, RED) != 2:
        return False
    return rules.two_red_with_pair == "rabbit" or all(c(counts, f) <= 1 for f in BLACK)


def _bowl(color: str) -> Test:
    def test(counts: tuple[int, ...], rules: Rules) -> bool:
        return c(counts, RED) == 6 if color == "red" else any(c(counts, f) == 6 for f in BLACK)

    return test


def _straight(counts: tuple[int, ...], rules: Rules) -> bool:
    return all(n == 1 for n in counts)


@dataclass(frozen=True)
class Pattern:
    id: str
    zh: str  # the name the source gives (or, for plain throws, its description)
    en: str
    awards: tuple[str, ...]  # stick ids taken; empty for the three specials
    special: str | None  # "straight", "red_bowl", "black_bowl" or None
    section: str  # where the source describes it, e.g. "豹 2"
    example: tuple[int, ...]  # a throw that fits the source's description
    test: Test
    #: True when the source itself names all six dice of ``example``; otherwise the
    #: source gives only a shape ("three of one black face", "the rest no set") and
    #: the archive chose the faces it leaves open
    from_source: bool = False

    @property
    def zhu(self) -> int:
        return sum(BY_ID[a].zhu for a in self.awards)

    def en_article(self) -> str:
        """The English name inside a sentence: "a five-red old lion", "the red bowl"."""
        name = self.en[0].lower() + self.en[1:]
        if self.special in ("red_bowl", "black_bowl"):
            return "the " + name
        return ("an " if name[0] in "aeiou" else "a ") + name


P = Pattern
#: every pattern, in precedence order (first match wins)
PATTERNS: tuple[Pattern, ...] = (
    P("red_bowl", "红一碗", "Red bowl (six red fours)", (), "red_bowl", "特殊情况 2", (4, 4, 4, 4, 4, 4), _bowl("red"), from_source=True),
    P("black_bowl", "黑一碗", "Black bowl (six of one black face)", (), "black_bowl", "特殊情况 3", (2, 2, 2, 2, 2, 2), _bowl("black")),
    P("straight", "顺", "Straight (one of each face)", (), "straight", "狐狸", (1, 2, 3, 4, 5, 6), _straight, from_source=True),
    # 老狮子
    P("lion_five_red", "五红老狮子", "Five-red old lion", ("lion",), None, "老狮子 1", (4, 4, 4, 4, 4, 2), _reds(5)),
    P("lion_yao_san", "幺三老狮子", "One-and-three old lion", ("lion",), None, "老狮子 2", (4, 4, 4, 4, 1, 3), _exact(f4=4, f1=1, f3=1), from_source=True),
    P("lion_gezi", "格子老狮子", "Lattice old lion", ("lion",), None, "老狮子 3", (4, 4, 4, 4, 2, 2), _exact(f4=4, f2=2), from_source=True),
    P("lion_wuzi_guayin", "五子挂印老狮子", "Five-sons-with-the-seal old lion", ("lion",), None, "老狮子 4", (5, 5, 5, 5, 5, 4), _five_black_one_red),
    # 老虎
    P("tiger_five_black", "五颗同点黑老虎", "Five-black tiger", ("tiger",), None, "老虎 1", (1, 1, 1, 1, 1, 3), _five_black),
    P("tiger_shuang_yao", "双幺老虎", "Double-one tiger", ("tiger",), None, "老虎 2", (2, 2, 2, 2, 1, 1), _exact(f2=4, f1=2), from_source=True),
    P("tiger_yao_er_san", "幺二三老虎", "One-two-three tiger", ("tiger",), None, "老虎 3", (3, 3, 3, 3, 1, 2), _exact(f3=4, f1=1, f2=1), from_source=True),
    P("tiger_yao_si_wu", "幺四五老虎", "One-four-five tiger", ("tiger",), None, "老虎 4", (5, 5, 5, 5, 1, 4), _exact(f5=4, f1=1, f4=1), from_source=True),
    P("tiger_er_san_wu", "二三五老虎", "Two-three-five tiger", ("tiger",), None, "老虎 5", (5, 5, 5, 5, 2, 3), _exact(f5=4, f2=1, f3=1), from_source=True),
    P("tiger_yao_wu_liu", "幺五六老虎", "One-five-six tiger", ("tiger",), None, "老虎 6", (6, 6, 6, 6, 1, 5), _exact(f6=4, f1=1, f5=1), from_source=True),
    P("tiger_er_si_liu", "二四六老虎", "Two-four-six tiger", ("tiger",), None, "老虎 7", (6, 6, 6, 6, 2, 4), _exact(f6=4, f2=1, f4=1), from_source=True),
    P("tiger_shuang_piaodai", "双飘带老虎", "Double-ribbon tiger", ("tiger",), None, "老虎 8", (6, 6, 6, 6, 3, 3), _exact(f6=4, f3=2), from_source=True),
    P("tiger_jinnian_hao", "今年好老虎", "Good-year tiger", ("tiger",), None, "老虎 9", (4, 4, 4, 6, 6, 6), _exact(f4=3, f6=3), from_source=True),
    P("tiger_longhu_dou", "龙虎斗老虎", "Dragon-fights-tiger tiger", ("tiger",), None, "老虎 10", (5, 5, 5, 6, 6, 6), _exact(f5=3, f6=3), from_source=True),
    # 豹
    P("leopard_four_red", "四红豹子", "Four-red leopard", ("leopard",), None, "豹 1", (4, 4, 4, 4, 2, 3), _reds(4)),
    P("leopard_red_five_gold", "红五金得豹", "Red-five-gold leopard", ("leopard",), None, "豹 2", (4, 4, 4, 1, 2, 2), _red_five_gold, from_source=True),
    P("leopard_red_seventeen", "红十七夺豹", "Red-seventeen leopard", ("leopard",), None, "豹 3", (4, 4, 4, 6, 6, 5), _exact(f4=3, f6=2, f5=1), from_source=True),
    P("leopard_456", "四五六摆豹", "Four-five-six leopard", ("leopard",), None, "豹 4", (4, 4, 5, 5, 6, 6), _exact(f4=2, f5=2, f6=2), from_source=True),
    P("leopard_red_fenxiang", "红分香得豹", "Red-incense leopard", ("leopard",), None, "豹 5", (4, 4, 4, 2, 2, 2), _red_fenxiang),
    P("leopard_tiandi", "天地分豹", "Heaven-and-earth leopard", ("leopard",), None, "豹 6", (1, 1, 1, 6, 6, 6), _exact(f1=3, f6=3), from_source=True),
    # 狗
    P("dog", "狗不挂红", "Dog (four ones; no red added)", ("dog",), None, "狗", (1, 1, 1, 1, 4, 4), lambda k, r: c(k, 1) == 4),
    # 鹰
    P("eagle_two_red", "四黑得鹰挂双红", "Eagle with two reds", ("eagle", "rabbit"), None, "鹰", (2, 2, 2, 2, 4, 4), _four_black_eagle(2)),
    P("eagle_one_red", "四黑得鹰挂一红", "Eagle with one red", ("eagle", "chicken"), None, "鹰", (3, 3, 3, 3, 4, 2), _four_black_eagle(1)),
    P("eagle", "四黑得鹰", "Four-black eagle", ("eagle",), None, "鹰", (5, 5, 5, 5, 2, 6), _four_black_eagle(0)),
    # 马鹿
    P("deer_red_three_pairs", "红三对马鹿", "Red deer of red three pairs", ("deer",), None, "马鹿 2", (4, 4, 2, 2, 3, 3), _red_three_pairs),
    P("deer_three_red", "三红马鹿", "Red deer of three reds", ("deer",), None, "马鹿 1", (4, 4, 4, 1, 2, 3), _reds(3)),
    # 獐
    P("muntjac_three_pairs", "黑三对獐", "Three-black-pairs muntjac", ("muntjac",), None, "鸡、兔、獐 1", (2, 2, 3, 3, 5, 5), _three_black_pairs, from_source=True),
    P("muntjac_two_triples", "黑三对獐（两组三颗）", "Black-three-pairs muntjac of two triples", ("muntjac",), None, "鸡、兔、獐 4", (2, 2, 2, 1, 1, 1), _two_black_triples, from_source=True),
    P("muntjac_seventeen", "黑十七獐子", "Black-seventeen muntjac", ("muntjac",), None, "鸡、兔、獐 2", (2, 2, 2, 6, 6, 5), _triple_plus_black_sum(17)),
    P("muntjac_five_gold", "黑五金獐", "Black-five-gold muntjac", ("muntjac",), None, "鸡、兔、獐 3", (3, 3, 3, 1, 2, 2), _triple_plus_black_sum(5)),
    # 兔, 鸡
    P("rabbit", "二兔", "Rabbit (two red fours)", ("rabbit",), None, "鸡、兔、獐 二兔", (4, 4, 1, 2, 3, 6), _two_rabbits),
    P("chicken", "一鸡", "Chicken (one red four)", ("chicken",), None, "鸡、兔、獐 一鸡", (4, 1, 2, 3, 3, 6), _reds(1)),
)

BLANK = Pattern("blank", "空色（无所得）", "Blank (nothing taken)", (), None, "", (1, 2, 2, 3, 5, 6), lambda k, r: True)


@cache
def _classify_counts(counts: tuple[int, ...], rules: Rules) -> Pattern:
    for p in PATTERNS:
        if p.test(counts, rules):
            return p
    return BLANK


def classify(dice: tuple[int, ...] | list[int] | Throw, rules: Rules = DEFAULT) -> Pattern:
    """The pattern a main-phase throw shows (the first in precedence order)."""
    key = dice.dice if isinstance(dice, Throw) else tuple(sorted(dice))
    return _classify_sorted(key, rules)


@cache
def _classify_sorted(key: tuple[int, ...], rules: Rules) -> Pattern:
    return _classify_counts(Throw(key).counts, rules)


def matches(dice: tuple[int, ...] | list[int], rules: Rules = DEFAULT) -> list[Pattern]:
    """Every pattern the throw fits, in precedence order (to show overlaps)."""
    counts = Throw(tuple(sorted(dice))).counts
    return [p for p in PATTERNS if p.test(counts, rules)]


@dataclass(frozen=True)
class TableRow:
    throw: Throw
    pattern: Pattern
    ways: int  # out of 46,656


@cache
def throw_table(rules: Rules = DEFAULT) -> tuple[TableRow, ...]:
    """All 462 distinct throws with pattern and exact count of ordered outcomes."""
    return tuple(TableRow(t, classify(t, rules), t.ways) for t in all_throws())


@cache
def pattern_ways(rules: Rules = DEFAULT) -> dict[str, int]:
    out: dict[str, int] = {p.id: 0 for p in PATTERNS + (BLANK,)}
    for row in throw_table(rules):
        out[row.pattern.id] += row.ways
    return out


@cache
def animal_stats(rules: Rules = DEFAULT) -> dict[str, tuple[int, int]]:
    """Per animal: (ordered outcomes that take at least one such stick, 柱 summed over all outcomes).

    Divide by 46,656 for the chance per throw and the expected 柱 per throw.
    Only fixed awards count: the three specials depend on the state of the game.
    """
    out = {a: (0, 0) for a in BY_ID}
    for row in throw_table(rules):
        for a in set(row.pattern.awards):
            n, z = out[a]
            k = row.pattern.awards.count(a)
            out[a] = (n + row.ways, z + row.ways * k * BY_ID[a].zhu)
    return out
