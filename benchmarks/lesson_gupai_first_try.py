"""How often a newcomer answers step 1 of the 骨牌 lesson ("who takes the trick") right at the first try, over
40 seeded sets (issue 44 point 1). Printed, never asserted.

The exercises are the engine's own (``engine.lessons``: the same four keys give the same trick); the reader is
a simple model of a newcomer who reads only what the page shows:

* **before** (names only on hover, nothing on the classes or on pairs before the questions): the reader sees
  dot pictures and takes the hand with the most pips to win; on a tie, the one played first.
* **after** (each tile's name written under it, the three classes and their order drawn above step 1, pairs
  and 套子 explained): the reader looks up each hand's highest tile in the picture and lets a later hand take
  the trick when that tile is of the same class as the best hand's and stands higher in it. This reader still
  overlooks what a hand *is* (a pair, a set, or tiles that make no play and so are a discard): the lesson's
  words cover that, the model does not read them.

Usage: python benchmarks/lesson_gupai_first_try.py [--sets 40]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.gupai.tiles import BY_CODE
from engine.lessons import LESSONS
from engine.lessons.model import draw

SEATS = ("甲家", "乙家", "丙家", "丁家")


def hands(figure: dict) -> list[tuple[int, list[str]]]:
    """The trick as shown: each seat in playing order with its tiles (the exercise's drawing, as data)."""
    return [(SEATS.index(p["seat"]["zh"]), list(p["tiles"])) for p in figure["plays"]]


def by_pips(trick: list[tuple[int, list[str]]]) -> int:
    pips = [sum(BY_CODE[t].points for t in tiles) for _, tiles in trick]
    return trick[pips.index(max(pips))][0]


def by_top_tile(trick: list[tuple[int, list[str]]]) -> int:
    def top(tiles: list[str]) -> tuple[str, int]:
        f = max((BY_CODE[t] for t in tiles), key=lambda f: f.rank)
        return f.cls, f.rank

    best = 0
    for i in range(1, len(trick)):
        (c, r), (bc, br) = top(trick[i][1]), top(trick[best][1])
        if c == bc and r > br:
            best = i
    return trick[best][0]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sets", type=int, default=40)
    args = ap.parse_args()
    lesson = LESSONS["gupai"]
    step = lesson.by_id["trick"]
    n = right_before = right_after = 0
    for seed in range(1, args.sets + 1):
        for i in range(step.count):
            ex = draw(lesson, step, seed, i)
            trick = hands(ex.figure)
            n += 1
            right_before += str(by_pips(trick)) == ex.answer
            right_after += str(by_top_tile(trick)) == ex.answer
    print(f"step 1 of the 骨牌 lesson, {args.sets} seeded sets ({n} exercises), first-try rate of the model reader:")
    print(f"  before (dot pictures, reads pips):             {right_before}/{n} = {100 * right_before / n:.1f} %")
    print(f"  after (names, classes, order, pairs):          {right_after}/{n} = {100 * right_after / n:.1f} %")
    print("  (a blind guess among four: 25.0 %)")


if __name__ == "__main__":
    main()
