"""What the lesson actions cost, measured: the table engine/lessons/costs.py declares comes from here.

Work is counted, not timed: every Python line, call, return and call into C that a request makes is
one event (``sys.settrace`` + ``sys.setprofile``), the same count on every machine. On the machine
these figures were made on an event took 0.1–0.8 µs of CPython (median 0.11 µs, under load), so an
event is at most the work unit engine.api speaks of (about a microsecond). Printed beside the count is
the processor time of the same request without the counter (best of three), for comparison only.

For each lesson step: the worst of ``--seeds`` exercise sets (``exercises``), of one exercise and its
verdict (``check``, every exercise of those sets, answered with its last choice), and the teacher's key of each lesson (``key``). The proposed declaration is
the worst count times ``--margin`` (for the seeds not tried), rounded up to a thousand.

Usage: python benchmarks/lesson_costs.py [--seeds 40] [--margin 1.5]
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.api import handle
from engine.lessons import LESSONS


def events(request: dict[str, Any]) -> int:
    """Python lines, calls, returns and calls into C made while the engine answers ``request``."""
    n = 0

    def trace(frame: Any, what: str, arg: Any) -> Any:
        nonlocal n
        n += 1
        return trace

    def profile(frame: Any, what: str, arg: Any) -> None:
        nonlocal n
        if what == "c_call":
            n += 1

    old_trace, old_profile = sys.gettrace(), sys.getprofile()
    sys.settrace(trace)
    sys.setprofile(profile)
    try:
        handle(request)
    finally:
        sys.settrace(old_trace)
        sys.setprofile(old_profile)
    return n


def micros(request: dict[str, Any]) -> float:
    best = math.inf
    for _ in range(3):
        t0 = time.process_time()
        handle(request)
        best = min(best, time.process_time() - t0)
    return best * 1e6


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=40)
    ap.add_argument("--margin", type=float, default=1.5)
    args = ap.parse_args()
    up = lambda n: int(math.ceil(n * args.margin / 1000.0)) * 1000
    exercises: dict[tuple[str, str], int] = {}
    check: dict[tuple[str, str], int] = {}
    print(f"{'lesson':8} {'step':12} {'exercises':>10} {'µs':>8} {'check':>9} {'µs':>8}")
    for lid, lesson in LESSONS.items():
        for step in lesson.steps:
            worst, worst_us, worst_c, worst_c_us = 0, 0.0, 0, 0.0
            for seed in range(1, args.seeds + 1):
                req = {"game": "lesson", "action": "exercises", "lesson": lid, "step": step.id, "seed": seed}
                n = events(req)
                if n > worst:
                    worst, worst_us = n, micros(req)
                a = handle(req)
                for ex in a.get("exercises", []):
                    creq = {**req, "action": "check", "index": ex["index"], "answer": ex["choices"][-1]["value"]}
                    c = events(creq)
                    if c > worst_c:
                        worst_c, worst_c_us = c, micros(creq)
            exercises[(lid, step.id)] = up(worst)
            check[(lid, step.id)] = up(worst_c)
            print(f"{lid:8} {step.id:12} {worst:10d} {worst_us:8.0f} {worst_c:9d} {worst_c_us:8.0f}", flush=True)
    keys = {lid: up(events({"game": "lesson", "action": "key", "lesson": lid})) for lid in LESSONS}
    steps = up(max(events({"game": "lesson", "action": "steps", "lesson": lid}) for lid in LESSONS))
    print("\nproposed declarations (engine/lessons/costs.py):")
    print("EXERCISES = {")
    for (lid, sid), n in exercises.items():
        print(f'    ("{lid}", "{sid}"): {n:_},')
    print("}\nCHECK = {")
    for (lid, sid), n in check.items():
        print(f'    ("{lid}", "{sid}"): {n:_},')
    print("}\nKEY = {" + ", ".join(f'"{k}": {v:_}' for k, v in keys.items()) + "}")
    print(f"STEPS = {steps:_}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
