"""The 80-card deck of 跑胡子: ten small (一…十) and ten big (壹…拾) faces, four of each.

A card is a frozen :class:`Card` (``big`` and ``rank``); the twenty faces have
an index 0–19 (small 1–10, then big 1–10) used by the arrangement code to count
cards. Codes: ``x1``–``x10`` (小, small), ``d1``–``d10`` (大, big), or the
characters themselves.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property
from collections.abc import Iterable

SMALL_CHARS = ("一", "二", "三", "四", "五", "六", "七", "八", "九", "十")
BIG_CHARS = ("壹", "贰", "叁", "肆", "伍", "陆", "柒", "捌", "玖", "拾")
RED_RANKS = frozenset({2, 7, 10})
COPIES = 4
N_FACES = 20


@dataclass(frozen=True, order=True)
class Card:
    """One face: ``big`` is True for 壹–拾, ``rank`` is 1–10."""

    big: bool
    rank: int

    def __post_init__(self) -> None:
        if not (1 <= self.rank <= 10):
            raise ValueError(f"rank out of range: {self.rank}")

    @cached_property
    def index(self) -> int:  # (kept once known: the rules ask for it at every step)
        return _INDEX[self.big][self.rank]

    @property
    def red(self) -> bool:
        return self.rank in RED_RANKS

    @property
    def code(self) -> str:
        return f"{'d' if self.big else 'x'}{self.rank}"

    @property
    def char(self) -> str:
        return (BIG_CHARS if self.big else SMALL_CHARS)[self.rank - 1]

    @property
    def zh(self) -> str:
        return ("大" if self.big else "小") + self.char

    @property
    def en(self) -> str:
        return f"{'big' if self.big else 'small'} {self.rank}"


_INDEX = {False: [-1] + list(range(0, 10)), True: [-1] + list(range(10, 20))}

FACES: tuple[Card, ...] = tuple(Card(False, r) for r in range(1, 11)) + tuple(Card(True, r) for r in range(1, 11))

_BY_CODE: dict[str, Card] = {}
for _c in FACES:
    _BY_CODE[_c.code] = _c
    _BY_CODE[_c.char] = _c
    _BY_CODE[_c.zh] = _c
    _BY_CODE[_c.code.upper()] = _c


def parse_card(text: str) -> Card | None:
    """The card a code names, or None. Accepts x1–x10, d1–d10, 一…十, 壹…拾, 小一, 大壹."""
    return _BY_CODE.get(text.strip()) if isinstance(text, str) and len(text) <= 4 else None


def counts_of(cards: Iterable[Card]) -> list[int]:
    n = [0] * N_FACES
    for c in cards:
        n[c.index] += 1
    return n


def full_deck() -> list[Card]:
    """The 80 cards in face order (four of each)."""
    return [c for c in FACES for _ in range(COPIES)]


def shuffled_deck(seed: int) -> list[Card]:
    """The 80 cards as the seed shuffles them: where every seeded deal starts (the table's, 叶子戏's 字牌)."""
    deck = full_deck()
    random.Random(seed).shuffle(deck)
    return deck


def red_count(cards: Iterable[Card]) -> int:
    return sum(1 for c in cards if c.red)
