"""The best way to split an 8-card hand into the two groups a player shows."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Iterator

from .cards import Card
from .combos import BY_KEY, SCATTER_RANK, rank_of


@dataclass(frozen=True)
class Split:
    groups: tuple[tuple[Card, ...], tuple[Card, ...]]  # better group first
    ranks: tuple[int, int]

    @property
    def score(self) -> int:
        return self.ranks[0] + self.ranks[1]


def _rank(sorted_group: tuple[Card, ...]) -> int:
    c = BY_KEY.get(sorted_group)
    return c.rank if c else SCATTER_RANK


def make_split(a: tuple[Card, ...], b: tuple[Card, ...]) -> Split:
    a, b = tuple(sorted(a)), tuple(sorted(b))
    ra, rb = rank_of(a), rank_of(b)
    if (rb, b) < (ra, a):
        a, b, ra, rb = b, a, rb, ra
    return Split((a, b), (ra, rb))


def splits(hand: tuple[Card, ...]) -> Iterator[Split]:
    """Every split of 8 cards into two groups of 4 (35 of them; repeats when cards repeat)."""
    n = len(hand)
    idx = range(n)
    for pick in combinations(idx, n // 2):
        if 0 not in pick:
            continue  # each unordered split once: the group holding card 0
        rest = tuple(hand[i] for i in idx if i not in pick)
        yield make_split(tuple(hand[i] for i in pick), rest)


_PICKS = tuple(p for p in combinations(range(8), 4) if 0 in p)
_REST = tuple(tuple(i for i in range(8) if i not in p) for p in _PICKS)


@lru_cache(maxsize=65536)
def _best(hand: tuple[Card, ...]) -> Split:
    if len(hand) != 8:
        return min(splits(hand), key=lambda s: (s.score, s.ranks, s.groups))
    best: tuple[int, tuple[int, int], tuple[tuple[Card, ...], tuple[Card, ...]]] | None = None
    for pick, rest in zip(_PICKS, _REST):
        a = tuple(hand[i] for i in pick)  # already sorted: hand is sorted
        b = tuple(hand[i] for i in rest)
        ra, rb = _rank(a), _rank(b)
        if (rb, b) < (ra, a):
            a, b, ra, rb = b, a, rb, ra
        key = (ra + rb, (ra, rb), (a, b))
        if best is None or key < best:
            best = key
    assert best is not None
    return Split(best[2], best[1])


def best_split(hand: tuple[Card, ...] | list[Card]) -> Split:
    """The split with the lowest total; ties go to the better first group, then card order."""
    return _best(tuple(sorted(hand)))
