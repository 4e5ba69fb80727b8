"""Lesson API: the steps of a game's first lesson, a seeded set of exercises, the verdict on an answer,
and the fixed set with its answer key for teachers.

``{"game": "lesson", "action": "exercises", "lesson": "dawei", "step": "which-stick", "seed": 7}``
answers the exercises without their answers; ``check`` with the same four keys plus ``index`` and
``answer`` answers whether it is right, why, and where the rule is stated.
"""

from __future__ import annotations

from typing import Any

from ..errors import ApiError
from ..validate import bad, field
from . import LESSONS
from .model import Exercise, Lesson, Step, draw
from .costs import COSTS as _COSTS

#: the seed of the fixed set that the printed worksheets and their answer keys use
KEY_SEED = 1
MAX_SEED = 2**31 - 1
MAX_INDEX = 50


def _lesson(req: dict[str, Any]) -> Lesson:
    v = field(req, "lesson")
    if not isinstance(v, str) or v not in LESSONS:
        names_zh = "、".join(f"{LESSONS[k].title.zh}" for k in LESSONS)
        names_en = ", ".join(f"{LESSONS[k].title.en}" for k in LESSONS)
        raise bad("lesson", f"没有这一课；现有的课是：{names_zh}。", f"there is no such lesson; the lessons are: {names_en}.", label=("这一课", "the lesson"))
    return LESSONS[v]


def _step(req: dict[str, Any], lesson: Lesson) -> Step:
    v = field(req, "step")
    if not isinstance(v, str) or v not in lesson.by_id:
        raise bad("step", f"{lesson.title.zh}没有这一步；请从页面上的各步中选。", f"{lesson.title.en} has no such step; choose one of the steps on the page.", label=("这一步", "the step"))
    return lesson.by_id[v]


def _int(req: dict[str, Any], name: str, hi: int, label: tuple[str, str], default: int | None = None) -> int:
    v = req.get(name, default)
    if v is None:
        v = field(req, name)
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= hi:
        raise bad(name, f"应为 0 到 {hi} 之间的整数。", f"give a whole number from 0 to {hi}.", label=label)
    return v


def _seed(req: dict[str, Any]) -> int:
    return _int(req, "seed", MAX_SEED, ("练习的编号", "the number of the exercise set"), default=KEY_SEED)


def public(ex: Exercise, index: int) -> dict[str, Any]:
    """An exercise as the reader sees it before answering."""
    return {
        "index": index,
        "question": ex.question.as_dict(),
        "figure": ex.figure,
        "figure_alt": ex.figure_alt.as_dict(),
        "choices": [{"value": c.value, "zh": c.label.zh, "en": c.label.en} for c in ex.choices],
        "rule": ex.rule.as_dict(),
    }


def verdict(ex: Exercise, answer: str) -> dict[str, Any]:
    right = ex.choice(ex.answer)
    assert right is not None
    chosen = ex.choice(answer)
    correct = answer == ex.answer
    rule = ex.rule
    if correct:
        why = ex.explain
        head_zh, head_en = "答对了。", "Right."
    else:
        why = chosen.why_not if chosen is not None and chosen.why_not is not None else ex.explain
        if chosen is not None and chosen.rule is not None:
            rule = chosen.rule
        head_zh = f"不对：答案是「{right.label.zh}」。"
        head_en = f"Not quite: the answer is “{right.label.en}”."
    return {
        "correct": correct,
        "answer": {"value": right.value, "zh": right.label.zh, "en": right.label.en},
        "verdict": {"zh": head_zh, "en": head_en},
        "why": why.as_dict(),
        "explain": ex.explain.as_dict(),
        "rule": rule.as_dict(),
    }


def _steps(req: dict[str, Any]) -> dict[str, Any]:
    lesson = _lesson(req)
    return {
        "lesson": lesson.id,
        "title": lesson.title.as_dict(),
        "steps": [{"id": s.id, "zh": s.title.zh, "en": s.title.en, "count": s.count} for s in lesson.steps],
    }


def _exercises(req: dict[str, Any]) -> dict[str, Any]:
    lesson = _lesson(req)
    step = _step(req, lesson)
    seed = _seed(req)
    return {
        "lesson": lesson.id,
        "step": step.id,
        "seed": seed,
        "title": step.title.as_dict(),
        "exercises": [public(draw(lesson, step, seed, i), i) for i in range(step.count)],
    }


def _check(req: dict[str, Any]) -> dict[str, Any]:
    lesson = _lesson(req)
    step = _step(req, lesson)
    seed = _seed(req)
    index = _int(req, "index", MAX_INDEX, ("第几题", "which exercise"))
    ex = draw(lesson, step, seed, index)
    answer = field(req, "answer")
    if not isinstance(answer, str) or ex.choice(answer) is None:
        raise ApiError("bad_answer", "这不是这道题的选项之一；请从列出的答案中选一个。", "That is not one of this exercise's answers; choose one of those listed.")
    return {"lesson": lesson.id, "step": step.id, "seed": seed, "index": index, **verdict(ex, answer)}


def _key(req: dict[str, Any]) -> dict[str, Any]:
    """The fixed set for teachers: every step's exercises of seed 1, with answers and reasons."""
    lesson = _lesson(req)
    out = []
    for step in lesson.steps:
        items = []
        for i in range(step.count):
            ex = draw(lesson, step, KEY_SEED, i)
            items.append({**public(ex, i), **verdict(ex, ex.answer)})
        out.append({"id": step.id, "zh": step.title.zh, "en": step.title.en, "exercises": items})
    return {"lesson": lesson.id, "title": lesson.title.as_dict(), "seed": KEY_SEED, "steps": out}


ACTIONS = {"steps": _steps, "exercises": _exercises, "check": _check, "key": _key}

EXAMPLES: list[dict[str, Any]] = [
    {"request": {"game": "lesson", "action": "steps", "lesson": "dawei"}, "zh": "打围入门课的各步", "en": "The steps of the first 打围 lesson"},
    {"request": {"game": "lesson", "action": "exercises", "lesson": "dawei", "step": "reds", "seed": 7}, "zh": "一组练习：数红四", "en": "A set of exercises: count the red fours"},
    {"request": {"game": "lesson", "action": "check", "lesson": "dawei", "step": "reds", "seed": 7, "index": 0, "answer": "2"}, "zh": "判定一个答案", "en": "The verdict on one answer"},
    {"request": {"game": "lesson", "action": "key", "lesson": "dawei"}, "zh": "给教师的固定练习和答案", "en": "The fixed set and its answer key for teachers"},
]

#: Work units per request, checked by engine.api before an action runs: measured per lesson step
#: (engine/lessons/costs.py, benchmarks/lesson_costs.py, tests/platform/test_lesson_costs.py)
COSTS = _COSTS
