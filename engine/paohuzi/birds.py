"""打鸟 (§1-3): players beyond the four bet as birds on the seat the last stock card names."""

from __future__ import annotations

from fractions import Fraction

from .settle import Sheet

MAX_BIRDS = 6
#: 打鸟: the last stock card's number names the seat a bird shares with (§1-3)
BIRD_SEAT = {1: "zhuang", 5: "zhuang", 9: "zhuang", 2: "xia", 6: "xia", 10: "xia", 3: "xing", 7: "xing", 4: "shang", 8: "shang"}


def pairwise(sheet: Sheet) -> dict[tuple[str, str], Fraction]:
    """Who pays whom: each line of the sheet split in proportion (exact for every line settle writes)."""
    flows: dict[tuple[str, str], Fraction] = {}
    for line in sheet.lines:
        d = dict(line.delta)
        pos = {s: v for s, v in d.items() if v > 0}
        neg = {s: -v for s, v in d.items() if v < 0}
        total = sum(pos.values())
        for a, pay in neg.items():
            for b, get in pos.items():
                f = Fraction(pay * get, total)
                flows[(a, b)] = flows.get((a, b), Fraction(0)) + f
    return flows


def bird_scores(sheet: Sheet, role: str, birds: int) -> tuple[dict[str, int], int]:
    """打鸟: each bird shares the fate of ``role`` — whatever each other seat pays that seat, it pays each bird too.

    Returns the seats' extra points and each bird's score (equal to the seat's); everything sums to zero.
    """
    flows = pairwise(sheet)
    extra = {s: 0 for s in sheet.scores}
    bird = 0
    for (a, b), f in flows.items():
        if b == role and a != role:
            extra[a] -= int(f) * birds
            bird += int(f)
        elif a == role and b != role:
            extra[b] += int(f) * birds
            bird -= int(f)
    return extra, bird
