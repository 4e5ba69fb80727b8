"""The lessons' declared costs hold: for every action, the worst ratio of measured work to declared
cost stays at most 1.

Work is counted, never timed (as in test_budget.py): each Python line, call, return and call into C
is one unit, the same count on every machine (importing the engine's modules, done once per Python,
is not a request's work). Each lesson step is measured in a fresh Python, so the
first request pays for the tables the step builds, as it does in a reader's browser: one exercise
checked first, then exercise sets of several seeds (the one named in the review among them) and a
check of every exercise in two of them; each lesson's teacher key in a fresh Python of its own.
The worst ratio of each action is printed (pytest -s).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.api import BUDGET, cost
from engine.lessons import LESSONS

ROOT = Path(__file__).resolve().parents[2]
#: 310306623: the 跑胡子 score set that did 65 ms of work against a declared 20,000 units
SEEDS = (1, 17, 34, 310306623)
CHECKED = (1, 310306623)

CHILD = r"""
import json, sys
from engine.api import game_module, handle
game_module("lesson")  # importing the modules is done once per Python, not by a request

def units(request):
    n = 0
    def trace(frame, what, arg):
        nonlocal n
        n += 1
        return trace
    def profile(frame, what, arg):
        nonlocal n
        if what == "c_call":
            n += 1
    sys.settrace(trace); sys.setprofile(profile)
    try:
        answer = handle(request)
    finally:
        sys.settrace(None); sys.setprofile(None)
    return answer, n

job = json.loads(sys.argv[1])
out = []
for request in job["requests"]:
    answer, n = units(request)
    out.append([request, n, answer.get("ok")])
    if request["action"] == "exercises" and request["seed"] in job["checked"] and answer.get("ok"):
        for ex in answer["exercises"]:
            check = {**request, "action": "check", "index": ex["index"], "answer": ex["choices"][-1]["value"]}
            a, n = units(check)
            out.append([check, n, a.get("ok")])
print(json.dumps(out))
"""


def measure(requests: list[dict[str, Any]]) -> list[tuple[dict[str, Any], int, bool]]:
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(ROOT)}
    job = json.dumps({"requests": requests, "checked": list(CHECKED)})
    proc = subprocess.run([sys.executable, "-c", CHILD, job], capture_output=True, text=True, env=env, cwd=ROOT, timeout=900)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return [tuple(x) for x in json.loads(proc.stdout)]


def jobs() -> list[list[dict[str, Any]]]:
    out = []
    for lid, lesson in LESSONS.items():
        for step in lesson.steps:
            base = {"game": "lesson", "lesson": lid, "step": step.id}
            # a check first: it draws its exercise from tables no request has built yet
            out.append([{**base, "action": "check", "seed": 1, "index": 0, "answer": "?"}]
                       + [{**base, "action": "exercises", "seed": s} for s in SEEDS])
        out.append([{"game": "lesson", "action": "key", "lesson": lid}])
    out.append([{"game": "lesson", "action": "steps", "lesson": lid} for lid in LESSONS])
    return out


@pytest.mark.slow
def test_measured_work_stays_within_every_declared_cost():
    worst: dict[str, tuple[float, dict[str, Any], int, int]] = {}
    for requests in jobs():
        for request, units, _ok in measure(requests):
            declared = cost("lesson", request["action"], request)
            assert declared is not None and 0 < declared <= BUDGET, request
            ratio = units / declared
            if ratio > worst.get(request["action"], (0.0,))[0]:
                worst[request["action"]] = (ratio, request, units, declared)
    for action, (ratio, request, units, declared) in sorted(worst.items()):
        print(f"lesson/{action}: worst measured/declared {ratio:.2f} ({units:,} of {declared:,} units) for {request}")
    assert set(worst) == {"steps", "exercises", "check", "key"}
    over = {a: w for a, w in worst.items() if w[0] > 1}
    assert not over, over


def test_a_set_the_review_measured_is_declared_above_what_it_did():
    """The 跑胡子 score set of seed 310306623 did about 65 ms of work in CPython (1.1 s in Pyodide)
    against a declared 20,000 units; the declaration now covers what it measures."""
    request = {"game": "lesson", "action": "exercises", "lesson": "paohuzi", "step": "score", "seed": 310306623}
    _, units, ok = measure([request])[0]
    assert ok is True and units <= cost("lesson", "exercises", request) <= BUDGET
    assert units > 20_000  # the old declaration did not hold
