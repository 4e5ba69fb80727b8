"""The eight named combinations of four cards, in rank order (1 best … 8), and 流散对 (9)."""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Iterable

from .cards import LEAF, Card

SCATTER_RANK = 9


@dataclass(frozen=True)
class Combination:
    id: str
    rank: int  # 1 (天) … 8 (火); also its score when shown
    zh: str  # name as a combination: 天牌
    en: str
    cards: tuple[Card, ...]  # the four cards in the order the source lists them

    @property
    def key(self) -> tuple[Card, ...]:
        return tuple(sorted(self.cards))

    @property
    def uses_leaf(self) -> bool:
        return LEAF in self.cards


#: Each combination declared once. The source lists them as cipher strings
#: (王土人合 …); these are the same cards as numbers (合 = 10, 叶 = 0).
COMBINATIONS: tuple[Combination, ...] = (
    Combination("tian", 1, "天牌", "Heaven set", (9, 6, 5, 10)),
    Combination("di", 2, "地牌", "Earth set", (2, LEAF, 2, 10)),
    Combination("ren", 3, "人牌", "Man set", (5, 7, LEAF, 10)),
    Combination("he", 4, "和牌", "Harmony set", (1, LEAF, 4, 10)),
    Combination("jin", 5, "金牌", "Metal set", (3, 2, 6, 10)),
    Combination("mu", 6, "木牌", "Wood set", (5, LEAF, 1, 10)),
    Combination("shui", 7, "水牌", "Water set", (5, 3, LEAF, 10)),
    Combination("huo", 8, "火牌", "Fire set", (6, 8, 4, 10)),
)

BY_KEY: dict[tuple[Card, ...], Combination] = {c.key: c for c in COMBINATIONS}
SCATTER_ZH = "流散对"
SCATTER_EN = "scattered group"


def classify(group: Iterable[Card]) -> Combination | None:
    """The combination four cards make, whatever their order; None for 流散对."""
    return BY_KEY.get(tuple(sorted(group)))


def rank_of(group: Iterable[Card]) -> int:
    """Score of a shown group: the combination's rank 1–8, or 9 for anything else."""
    c = classify(group)
    return c.rank if c else SCATTER_RANK
