"""Six dice: faces, colours, the 462 distinct throws and their exact odds.

On these dice the four (红四) is the red face; the source treats every other
face, the one (幺) included, as black (it counts 幺 among the black faces in
五颗同点黑（含五个幺点） and 黑一碗（包含幺一碗）).
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass
from functools import cache

RED = 4
BLACK: tuple[int, ...] = (1, 2, 3, 5, 6)
FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
N_DICE = 6
ALL_OUTCOMES = 6**N_DICE  # 46,656 ordered throws


@dataclass(frozen=True)
class Throw:
    """A throw of six dice, kept sorted (the order the dice land in never matters)."""

    dice: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.dice) != N_DICE or any(d not in FACES for d in self.dice):
            raise ValueError(f"a throw is six faces 1-6, not {self.dice!r}")
        if tuple(sorted(self.dice)) != self.dice:
            object.__setattr__(self, "dice", tuple(sorted(self.dice)))

    @staticmethod
    def of(*dice: int) -> Throw:
        return Throw(tuple(sorted(dice)))

    def count(self, face: int) -> int:
        return self.dice.count(face)

    @property
    def counts(self) -> tuple[int, ...]:
        """How many dice show 1, 2, …, 6."""
        return tuple(self.dice.count(f) for f in FACES)

    @property
    def reds(self) -> int:
        return self.dice.count(RED)

    @property
    def ways(self) -> int:
        """Ordered outcomes (out of 46,656) that give this throw."""
        return ways(self.dice)

    def key(self) -> str:
        return "".join(map(str, self.dice))


@cache
def ways(dice: tuple[int, ...]) -> int:
    n = math.factorial(len(dice))
    for f in set(dice):
        n //= math.factorial(dice.count(f))
    return n


@cache
def all_throws() -> tuple[Throw, ...]:
    """The 462 distinct throws, in ascending order."""
    return tuple(Throw(c) for c in itertools.combinations_with_replacement(FACES, N_DICE))


def roll(rng: random.Random, n: int = N_DICE) -> tuple[int, ...]:
    """n dice as they land (unsorted), from the given generator."""
    r = rng.random
    return tuple(int(r() * 6) + 1 for _ in range(n))
