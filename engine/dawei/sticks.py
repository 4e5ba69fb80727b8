"""The sticks (围签) of 打围: ten animals, 134 sticks, 528 柱 in all."""

from __future__ import annotations

import math
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
    #: are given by the source, the others are interpolated by 柱 (drawn so by views/draw/dawei.py)
    length_cm: float
    width_cm: float

    @property
    def total(self) -> int:
        return self.count * self.zhu

    def en_n(self, n: int) -> str:
        """English with its article or number: "a chicken", "an eagle", "the old lion", "two leopards"."""
        if n == 1:
            if self.count == 1:
                return f"the {self.en}"
            return f"{'an' if self.en[0] in 'aeiou' else 'a'} {self.en}"
        word = NUMBER_WORDS.get(n, str(n))
        plural = self.en if self.en.endswith("deer") else self.en + "s"
        return f"{word} {plural}"


NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}


def _size(zhu: int) -> tuple[float, float]:
    """Length and width interpolated on log2(柱) between the chicken and the lion."""
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
    _animal("fox", "狐狸（顺）", "fox", 1, 16),
    _animal("dog", "狗", "dog", 2, 12),
    _animal("eagle", "鹰", "eagle", 4, 10),
    _animal("deer", "马鹿", "red deer", 8, 8),
    _animal("muntjac", "獐子（麂子）", "muntjac", 16, 4),
    _animal("rabbit", "兔子", "rabbit", 32, 2),
    _animal("chicken", "鸡", "chicken", 64, 1),
)

BY_ID: dict[str, Animal] = {a.id: a for a in ANIMALS}
TOTAL_STICKS = sum(a.count for a in ANIMALS)
TOTAL_ZHU = sum(a.total for a in ANIMALS)


def zhu_of(counts: dict[str, int]) -> int:
    """柱 of a holding given as stick counts by animal id."""
    return sum(BY_ID[k].zhu * n for k, n in counts.items())


def full_pool() -> dict[str, int]:
    return {a.id: a.count for a in ANIMALS}


def names(kinds: list[str] | tuple[str, ...]) -> tuple[str, str]:
    """Sticks in words, largest first: ("一鸡、一兔", "a chicken and a rabbit"); two of a kind are counted."""
    if not kinds:
        return "无", "nothing"
    order = [a for a in ANIMALS if a.id in kinds]
    zh_num = "一二三四五六七八九十"
    zh = "、".join(f"{zh_num[kinds.count(a.id) - 1] if kinds.count(a.id) <= 10 else kinds.count(a.id)}支{a.zh}" for a in order)
    en_parts = [a.en_n(kinds.count(a.id)) for a in order]
    en = en_parts[0] if len(en_parts) == 1 else ", ".join(en_parts[:-1]) + " and " + en_parts[-1]
    return zh, en
