"""Rule options: every place the source leaves open, in one config object.

The defaults are the readings this archive argues for on the editorial-notes
page; each alternative is the other defensible reading. The ids and choices
match ``engine.dawei.trace.OPTIONS``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any



@dataclass(frozen=True)
class Rules:
    #: 红五金得豹: three black dice summing to five, any way (1+1+3 or 1+2+2), or only 1+2+2
    red_five_gold: str = "any_sum"
    #: two red fours whose other four dice hold one pair: still 二兔, or nothing
    two_red_with_pair: str = "rabbit"
    #: a straight takes the fox outright during the first round, or only on the game's first throw
    fox_first: str = "first_round"
    #: after the lion is gone: the last one who threw a straight takes the fox at once, or the next straight takes it
    fox_after_lion: str = "last_thrower"
    #: 红一碗 (里抄外抄): each other player pays one break-even, or as many 柱 as there are players
    red_bowl_pay: str = "break_even"
    #: break-even per player: the printed table, 528/n to the nearest 柱, or exactly 528/n
    break_even: str = "printed"
    #: second throw of the split phase: shows at least the number asked for, or exactly that number
    split_second: str = "at_least"
    #: 三黑分三黑 (split for a tiger): the second three of the same point as the first, or any black point
    split_triple_tiger: str = "same_point"
    #: in the split phase a first throw that is a main-phase pattern still takes its stick, or only split rules count
    split_direct: str = "main_patterns"
    #: a black bowl that sweeps up the old lion while the fox is in the pool: the fox goes with the rest to the
    #: bowl's thrower, or first to the last player who threw a straight (the fox rule after the lion)
    bowl_fox: str = "bowl"
    #: a straight on the first throw of a split turn, used to open a split (or passed): not counted among the
    #: straights, or counted (its thrower the last to have thrown one), taking nothing itself either way
    split_straight: str = "uncounted"
    #: a red or black bowl on the first throw of a split turn: a bowl as in the main phase, or read by the split rules only
    split_bowl: str = "bowl"

    def with_(self, **kw: Any) -> Rules:
        return replace(self, **kw)


CHOICES: dict[str, tuple[str, ...]] = {
    "red_five_gold": ("any_sum", "one_two_two"),
    "two_red_with_pair": ("rabbit", "blank"),
    "fox_first": ("first_round", "first_throw"),
    "fox_after_lion": ("last_thrower", "next_straight"),
    "red_bowl_pay": ("break_even", "players"),
    "break_even": ("printed", "nearest", "exact"),
    "split_second": ("at_least", "exactly"),
    "split_triple_tiger": ("same_point", "any_point"),
    "split_direct": ("main_patterns", "split_only"),
    "bowl_fox": ("bowl", "last_straight"),
    "split_straight": ("uncounted", "counted"),
    "split_bowl": ("bowl", "split_rules"),
}

DEFAULT = Rules()

assert set(CHOICES) == {f.name for f in fields(Rules)}


#: each reading in words, as a reader meets it in a widget's menu (default first in CHOICES)
CHOICE_WORDS: dict[str, dict[str, tuple[str, str]]] = {
    "red_five_gold": {
        "any_sum": ("三颗黑面和为五即可（一二二或一一三）", "any three blacks summing to five (1 2 2 or 1 1 3)"),
        "one_two_two": ("只认一颗幺、两颗二", "only one 1 and two 2s"),
    },
    "two_red_with_pair": {
        "rabbit": ("仍得一兔", "still a rabbit"),
        "blank": ("一无所得", "nothing"),
    },
    "fox_first": {
        "first_round": ("第一轮内掷顺皆得", "any straight in the first round"),
        "first_throw": ("只有全局第一掷", "only the game's very first throw"),
    },
    "fox_after_lion": {
        "last_thrower": ("立即归最后掷过顺的人", "at once to the last player who threw one"),
        "next_straight": ("下一个掷顺的人得", "the next player to throw a straight"),
    },
    "red_bowl_pay": {
        "break_even": ("每家付一个保本数", "each other player pays one break-even"),
        "players": ("每家付与人数相同的柱数", "each pays as many 柱 as there are players"),
    },
    "break_even": {
        "printed": ("照原文的表（九人 58）", "the source's table (58 for nine)"),
        "nearest": ("528 ÷ 人数，四舍五入", "528 ÷ players, rounded to the nearest"),
        "exact": ("528 ÷ 人数，保留分数", "exactly 528 ÷ players, fractions kept"),
    },
    "split_second": {
        "at_least": ("至少有所需的颗数", "at least the number asked for"),
        "exactly": ("恰好是所需的颗数", "exactly the number asked for"),
    },
    "split_triple_tiger": {
        "same_point": ("须与首色同点", "the same face as the first throw"),
        "any_point": ("任一黑面皆可", "any black face"),
    },
    "split_direct": {
        "main_patterns": ("首色是正掷色面也可直接取签", "a main-phase pattern on the first throw still takes its stick"),
        "split_only": ("只按分掷规则", "only the split rules count"),
    },
    "bowl_fox": {
        "bowl": ("黑一碗把顺签连同场上余签一起扫给掷出的人。", "The black bowl sweeps the fox to its thrower along with every other stick left."),
        "last_straight": ("老狮子一出，顺签先归最后掷过顺的人，其余的签才归掷黑一碗的人。", "The old lion going out gives the fox first to the last player who threw a straight; the bowl's thrower gets the rest."),
    },
    "split_straight": {
        "uncounted": ("用来分掷的顺不算一道顺。", "A straight used to open a split does not count among the straights."),
        "counted": ("用来分掷的顺也算一道顺，掷者成为最后掷顺的人，只是不另得几道顺的签。", "A straight used to open a split still counts among the straights and makes its thrower the last to have thrown one, though it takes none of the sticks a straight takes."),
    },
    "split_bowl": {
        "bowl": ("分掷首色掷出红一碗、黑一碗，和正掷时一样生效。", "A red or black bowl on the first throw of a split turn counts as it does in the main phase."),
        "split_rules": ("分掷首色的一碗只按分掷规则读：不收签，也不结束本局。", "A bowl on the first throw of a split turn is read by the split rules only: it sweeps nothing and the game goes on."),
    },
}

assert all(set(CHOICE_WORDS[k]) == set(v) for k, v in CHOICES.items())

