"""Rule options: every place the source leaves open, in one config object.

The defaults are the readings this archive argues for on the editorial-notes
page; each alternative is the other defensible reading. The ids and choices
match ``engine.dawei.trace.OPTIONS``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from ..errors import ApiError


@dataclass(frozen=True)
class Rules:
    #: 红五金得豹: three black dice summing to five, any way (1+1+3 or 1+2+2), or only 1+2+2
    red_five_gold: str = "any_sum"
    #: two red fours whose other four dice hold a pair: nothing, or still 二兔
    two_red_with_pair: str = "blank"
    #: a straight takes the fox outright during the first round, or only on the game's first throw
    fox_first: str = "first_round"
    #: after the lion is gone: the next straight takes the fox, or the last one who threw one takes it at once
    fox_after_lion: str = "next_straight"
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

    def with_(self, **kw: Any) -> "Rules":
        return replace(self, **kw)


CHOICES: dict[str, tuple[str, ...]] = {
    "red_five_gold": ("any_sum", "one_two_two"),
    "two_red_with_pair": ("blank", "rabbit"),
    "fox_first": ("first_round", "first_throw"),
    "fox_after_lion": ("next_straight", "last_thrower"),
    "red_bowl_pay": ("break_even", "players"),
    "break_even": ("printed", "nearest", "exact"),
    "split_second": ("at_least", "exactly"),
    "split_triple_tiger": ("same_point", "any_point"),
    "split_direct": ("main_patterns", "split_only"),
}

DEFAULT = Rules()

assert set(CHOICES) == {f.name for f in fields(Rules)}


def rules_from(obj: Any) -> Rules:
    """Rules from a request's ``options`` object; unknown names or values are an ApiError."""
    if obj is None:
        return DEFAULT
    if not isinstance(obj, dict):
        raise ApiError("bad_field", "字段“options”应为对象。", "The field 'options' must be an object.")
    kw: dict[str, str] = {}
    for k, v in obj.items():
        if k not in CHOICES:
            known = ", ".join(CHOICES)
            raise ApiError("bad_option", f"未知的规则选项“{str(k)[:40]}”。可用：{known}。", f"Unknown rule option '{str(k)[:40]}'. Known: {known}.")
        if v not in CHOICES[k]:
            opts = ", ".join(CHOICES[k])
            raise ApiError("bad_option", f"规则选项“{k}”应为：{opts}。", f"Rule option '{k}' must be one of: {opts}.")
        kw[k] = v
    return replace(DEFAULT, **kw)
