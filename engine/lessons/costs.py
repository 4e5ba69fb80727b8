"""What each lesson action costs, in work units, from measurement (benchmarks/lesson_costs.py).

A lesson's exercises are drawn at random and some steps search for their answers (a ready hand of
跑胡子 and its waits, a score with its 胡息), so a step's cost is a property of the step, not a constant
of the action. Each figure below is the most a request of that step was measured to do — every Python
line, call, return and call into C counted as one unit, a count that is the same on every machine and
that took at most about a microsecond each on the measuring machine — over 30 exercise sets and every
exercise in them, and a first request in a fresh Python (which also builds the tables a step draws
from), times 1.3 for the sets not tried. tests/platform/test_lesson_costs.py measures again and
requires every measured request to stay within its declaration.
"""

from __future__ import annotations

from typing import Any

#: one exercise set of a step (``exercises``); a first request also builds the step's tables
EXERCISES: dict[tuple[str, str], int] = {
    ("dawei", "reds"): 5_000,
    ("dawei", "small"): 390_000,
    ("dawei", "which-stick"): 366_000,
    ("dawei", "split"): 562_000,
    ("dawei", "settle"): 6_000,
    ("gupai", "trick"): 93_000,
    ("gupai", "lead"): 82_000,
    ("gupai", "pay"): 6_000,
    ("yezi", "group"): 13_000,
    ("yezi", "split"): 42_000,
    ("yezi", "showing"): 33_000,
    ("yezi", "round"): 52_000,
    ("paohuzi", "seats"): 8_000,
    ("paohuzi", "chi"): 246_000,
    ("paohuzi", "peng"): 8_000,
    ("paohuzi", "wei"): 8_000,
    ("paohuzi", "ti"): 8_000,
    ("paohuzi", "pao"): 8_000,
    ("paohuzi", "group"): 5_000,
    ("paohuzi", "hand"): 15_000,
    ("paohuzi", "ready"): 1_303_000,
    ("paohuzi", "score"): 1_292_000,
    ("paohuzi", "take"): 932_000,
}

#: one exercise and its verdict (``check``), a first request included
CHECK: dict[tuple[str, str], int] = {
    ("dawei", "reds"): 2_000,
    ("dawei", "small"): 363_000,
    ("dawei", "which-stick"): 337_000,
    ("dawei", "split"): 554_000,
    ("dawei", "settle"): 3_000,
    ("gupai", "trick"): 33_000,
    ("gupai", "lead"): 63_000,
    ("gupai", "pay"): 3_000,
    ("yezi", "group"): 4_000,
    ("yezi", "split"): 12_000,
    ("yezi", "showing"): 10_000,
    ("yezi", "round"): 18_000,
    ("paohuzi", "seats"): 4_000,
    ("paohuzi", "chi"): 76_000,
    ("paohuzi", "peng"): 4_000,
    ("paohuzi", "wei"): 4_000,
    ("paohuzi", "ti"): 4_000,
    ("paohuzi", "pao"): 4_000,
    ("paohuzi", "group"): 3_000,
    ("paohuzi", "hand"): 6_000,
    ("paohuzi", "ready"): 649_000,
    ("paohuzi", "score"): 550_000,
    ("paohuzi", "take"): 331_000,
}

#: every step's exercises of the fixed set with their answers (``key``), in a fresh Python
KEY: dict[str, int] = {"dawei": 1_309_000, "gupai": 74_000, "yezi": 134_000, "paohuzi": 1_739_000}
#: the list of a lesson's steps (``steps``): a few hundred units
STEPS = 1_000


def _step_cost(table: dict[tuple[str, str], int], req: dict[str, Any]) -> int:
    """The declared cost of the request's lesson and step; an unknown one (refused at once) costs the most of any."""
    lesson, step = req.get("lesson"), req.get("step")
    if isinstance(lesson, str) and isinstance(step, str) and (lesson, step) in table:
        return table[(lesson, step)]
    return max(table.values())


def _key_cost(req: dict[str, Any]) -> int:
    lesson = req.get("lesson")
    return KEY[lesson] if isinstance(lesson, str) and lesson in KEY else max(KEY.values())


COSTS = {
    "steps": STEPS,
    "exercises": lambda req: _step_cost(EXERCISES, req),
    "check": lambda req: _step_cost(CHECK, req),
    "key": _key_cost,
}
