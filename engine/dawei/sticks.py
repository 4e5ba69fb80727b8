"""The sticks (围签) of 打围: ten animals, 134 sticks, 528 柱 in all."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Animal:
    """One kind of stick: how many there are and what each is worth in 柱."""

    id: str
    zh: str
    en: str
    count: int
    zhu: int
    #: drawing size in centimetres; only the lion (20 × 6) and chicken (7 × 1.5)
    #: are given by the source, the others are interpolated by 柱 (see svg.py)
    length_cm: float
    width_cm: float

    @property
    def total(self) -> int:
        return self.count * self.zhu


def _size(zhu: int) -> tuple[float, float]:
    """Length and width interpolated on log2(柱) between the chicken and the lion."""
    import math

    f = math.log2(zhu) / 6.0  # chicken 1 柱 -> 0, lion 64 柱 -> 1
    return round(7 + 13 * f, 1), round(1.5 + 4.5 * f, 2)


def _animal(id: str, zh: str, en: str, count: int, zhu: int) -> Animal:
    length, width = _size(zhu)
    return Animal(id, zh, en, count, zhu, length, width)


#: from the largest to the smallest, the order in which they are laid out
ANIMALS: tuple[Animal, ...] = (
    _animal("lion", "老狮子", "old lion", 1, 64),
    _animal("tiger", "老虎", "tiger", 2, 32),
    _animal("leopard", "豹子", "leopard", 4, 16),
    _animal("fox", "狐狸（顺）", "fox (the straight)", 1, 16),
    _animal("dog", "狗", "dog", 2, 12),
    _animal("eagle", "鹰", "eagle", 4, 10),
    _animal("deer", "马鹿", "red deer", 8, 8),
    _animal("muntjac", "獐子（麂子）", "muntjac", 16, 4),
    _animal("rabbit", "兔子", "rabbit", 32, 2),
    _animal("chicken", "鸡", "chicken", 64, 1),
)

BY_ID: dict[str, Animal] = {a.id: a for a in ANIMALS}
IDS: tuple[str, ...] = tuple(a.id for a in ANIMALS)
TOTAL_STICKS = sum(a.count for a in ANIMALS)
TOTAL_ZHU = sum(a.total for a in ANIMALS)


def zhu_of(counts: dict[str, int]) -> int:
    """柱 of a holding given as stick counts by animal id."""
    return sum(BY_ID[k].zhu * n for k, n in counts.items())


def full_pool() -> dict[str, int]:
    return {a.id: a.count for a in ANIMALS}
