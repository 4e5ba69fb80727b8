"""Rule options: each place where the source can be read two ways (see trace.OPTIONS)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..options import choose


@dataclass(frozen=True)
class YeziConfig:
    # 叶子戏: what a shown group scores. "rank": the combination's own rank (天 1 … 火 8,
    # 流散对 9). "placing": the place among the four groups shown at that turn
    # (1 for the best combination shown, …), 流散对 still 9.
    scoring: str = "rank"
    # 叶子戏: equal totals at the end. "shared": tied players share the place.
    # "first_shown": the one who showed earlier (the die thrower first) ranks higher.
    ties: str = "shared"
    # 叶子戏: counting the die's points round the table. "thrower": the thrower counts
    # as 1. "next": counting starts with the player after the thrower.
    count_from: str = "thrower"
    # 字牌: 半边. "mixed": three of one number, big and small mixed (2+1 or 1+2).
    # "two_big": only two big and one small, as in the source's only example.
    banbian: str = "mixed"
    # 字牌: 对子. "per_kaizhao": one pair for each 开招 in the arrangement.
    # "any": any number of pairs once the arrangement has a 开招.
    pairs: str = "per_kaizhao"
    # 字牌: what 吃 may form. "shunzi_banbian": 顺子 or 半边 only, as listed.
    # "with_erqishi": also 二七十, as in 跑胡子.
    chi_forms: str = "shunzi_banbian"
    # 字牌: 下火规则 when you hold copies of the card you take.
    # "clear": every held copy must go down at once with it (in any groups).
    # "separate": the taken card's group may not contain a held copy (two 墩 at least).
    xiahuo: str = "clear"
    # 字牌: a fourth card drawn by yourself onto a dealt three. "kaizhao": forced 开招
    # as for a discard. "free": the source names only a discard, so nothing is forced.
    self_fourth: str = "kaizhao"


CHOICES: dict[str, tuple[str, ...]] = {
    "scoring": ("rank", "placing"),
    "ties": ("shared", "first_shown"),
    "count_from": ("thrower", "next"),
    "banbian": ("mixed", "two_big"),
    "pairs": ("per_kaizhao", "any"),
    "chi_forms": ("shunzi_banbian", "with_erqishi"),
    "xiahuo": ("clear", "separate"),
    "self_fourth": ("kaizhao", "free"),
}

DEFAULT = YeziConfig()


def config_from(options: dict[str, Any] | None) -> YeziConfig:
    """A config from ``{"scoring": "placing", ...}``; ValueError on an unknown key or choice."""
    return choose(DEFAULT, CHOICES, options)
