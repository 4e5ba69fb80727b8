"""Scoring apart from arrangement: 戏 → 等, and the 番 multipliers.

Each 番 is declared once in :data:`FANS` (id, names, multiplier). A hand has
one colour class by its red cards — 黑 (none), 点 (exactly one), 红 (ten or
more), 紫 (thirteen or more; 紫 replaces 红) — and may be a 对子胡 (only
same-card groups). The combined patterns 红对胡, 紫对胡, 黑对胡 replace their
two parts (they never multiply). The source names no one-red 对子胡, and
none can occur: every group of a 对子胡 is two to four copies of one card,
so its red cards come two or more at a time (never exactly one).
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Iterable

from .config import DEFAULT, RuleConfig
from .groups import KINDS, Group


@dataclass(frozen=True)
class Fan:
    id: str
    zh: str
    en: str
    multiplier: int
    zh_rule: str
    en_rule: str


FANS: dict[str, Fan] = {
    f.id: f
    for f in (
        Fan("red", "红胡", "red hu", 2, "红牌十张或以上（不足十三张）", "ten or more red cards (fewer than thirteen)"),
        Fan("dot", "点胡", "dot hu", 3, "恰好一张红牌", "exactly one red card"),
        Fan("purple", "紫胡", "purple hu", 4, "红牌十三张或以上", "thirteen or more red cards"),
        Fan("black", "黑胡", "black hu", 5, "没有红牌", "no red card"),
        Fan("pairs", "对子胡", "pairs hu", 4, "只有对、坎、偎、碰、跑、提，没有顺子和编子", "only same-card groups, no run or bian"),
        Fan("red_pairs", "红对胡", "red pairs hu", 6, "红胡兼对子胡", "red hu that is also a pairs hu"),
        Fan("purple_pairs", "紫对胡", "purple pairs hu", 8, "紫胡兼对子胡", "purple hu that is also a pairs hu"),
        Fan("black_pairs", "黑对胡", "black pairs hu", 10, "黑胡兼对子胡", "black hu that is also a pairs hu"),
    )
}


def deng(total_huxi: int, cfg: RuleConfig = DEFAULT) -> int:
    """戏 → 等: the base is one 等, each further 3 戏 one more (§6: 15 戏 = 1, 18 = 2, 21 = 3 …).

    ``deng_base`` "15" keeps §6's table whatever the threshold (a win below 15, under a threshold
    of 10, is still one 等); "threshold" makes the threshold itself one 等. Below the threshold, 0.
    """
    if total_huxi < min(cfg.threshold, 15 if cfg.deng_base == "15" else cfg.threshold):
        return 0
    base = cfg.threshold if cfg.deng_base == "threshold" else 15
    return 1 + max(0, total_huxi - base) // cfg.deng_step


def colour(red: int, cfg: RuleConfig = DEFAULT) -> str | None:
    """The colour 番 of a hand with ``red`` red cards, or None."""
    if red == 0:
        return "black"
    if red == 1:
        return "dot"
    if red >= 13:
        return "purple"
    if red == 10 or (red > 10 and cfg.red_rule == "at_least"):
        return "red"
    return None


def is_pairs_hand(groups: Iterable[Group]) -> bool:
    return all(KINDS[g.kind].same for g in groups)


def combine(col: str | None, pairs: bool, cfg: RuleConfig = DEFAULT) -> tuple[tuple[str, ...], int]:
    """The 番 ids that apply and the one multiplier they give."""
    if pairs:
        if col in ("red", "purple", "black"):
            fid = f"{col}_pairs"
            return (fid,), FANS[fid].multiplier
        # col == "dot" cannot happen for a real 对子胡 (its red cards come in twos or more);
        # a caller who names 点胡 with 对子胡 is refused in :func:`resolve`
        return ("pairs",), FANS["pairs"].multiplier
    if col is None:
        return (), 1
    return (col,), FANS[col].multiplier


def resolve(ids: Iterable[str], cfg: RuleConfig = DEFAULT) -> tuple[tuple[str, ...], int]:
    """Normalise a list of 番 ids (as a caller gives them) to the applied ids and multiplier.

    Raises ValueError for an unknown id or two colours at once.
    """
    col: str | None = None
    pairs = False
    for fid in ids:
        if fid not in FANS:
            raise ValueError(fid)
        parts = fid.split("_")
        if parts[-1] == "pairs":
            pairs = True
            parts = parts[:-1]
        for p in parts:
            if col is not None and col != p:
                raise ValueError(fid)
            col = p
    if pairs and col == "dot":
        raise ValueError("dot_pairs")  # one red card cannot be a 对子胡
    return combine(col, pairs, cfg)


def clash(ids: Iterable[str]) -> tuple[str, str] | None:
    """The first two 番 (ids, as given) that cannot be claimed together, or None.

    Two colours exclude each other (a hand's red cards give it one colour at
    most), and 点胡 excludes every 对子 pattern (a 对子胡's red cards come in
    twos or more). The widgets ask this before settling a sheet.
    """
    seen: list[str] = []
    for fid in ids:
        if fid not in FANS:
            raise ValueError(fid)
        for other in seen:
            try:
                resolve([other, fid])
            except ValueError:
                return other, fid
        seen.append(fid)
    return None


def fan_json(ids: Iterable[str]) -> list[dict[str, object]]:
    return [{"id": i, "zh": FANS[i].zh, "en": FANS[i].en, "multiplier": FANS[i].multiplier} for i in ids]
