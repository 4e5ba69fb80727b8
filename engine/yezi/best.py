"""The best way to split an 8-card hand into the two groups a player shows."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from collections.abc import Iterator, Sequence

from .cards import Card
from .combos import BY_KEY, rank_of


@dataclass(frozen=True)
class Split:
    groups: tuple[tuple[Card, ...], tuple[Card, ...]]  # better group first
    ranks: tuple[int, int]

    @property
    def score(self) -> int:
        return self.ranks[0] + self.ranks[1]


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


def take_out(hand: Sequence[Card], part: Sequence[Card]) -> tuple[Card, ...] | None:
    """The cards of ``hand`` left once ``part`` is taken out of it; None if ``hand`` does not hold all of ``part``."""
    rest = list(hand)
    for c in part:
        if c not in rest:
            return None
        rest.remove(c)
    return tuple(rest)


def combination_splits(hand: Sequence[Card]) -> list[Split]:
    """Each split of a hand that shows one of the combinations it holds, the rest of its cards the other group (in
    the order of the combinations, 天 first)."""
    out = []
    for key in BY_KEY:
        rest = take_out(hand, key)
        if rest is not None:
            out.append(make_split(key, rest))
    return out


@lru_cache(maxsize=65536)
def _best(hand: tuple[Card, ...]) -> Split:
    """Best split of a sorted hand.

    For eight cards only splits with a combination in them can beat 9 + 9, and
    such a split is fixed by the combination's four cards, so it suffices to
    try each combination the hand holds (at most eight tries, not 35 splits).
    With none, every split scores 18 and the first in card order is kept.
    """
    if len(hand) != 8:
        return min(splits(hand), key=lambda s: (s.score, s.ranks, s.groups))
    found = combination_splits(hand)
    return min(found, key=lambda s: (s.score, s.ranks, s.groups)) if found else make_split(hand[:4], hand[4:])


def best_split(hand: tuple[Card, ...] | list[Card]) -> Split:
    """The split with the lowest total; ties go to the better first group, then card order."""
    return _best(tuple(sorted(hand)))
