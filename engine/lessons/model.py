"""The shape of a lesson: steps, exercises drawn from a seed, and the engine's verdict on an answer.

An exercise is a pure function of ``(lesson, step, seed, index)``: the browser asks for a set, shows it,
and sends the reader's answer back with the same four keys; the engine draws the exercise again and
judges the answer. Nothing about the answer has to live in the page.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable

#: an exercise's drawing as data, ``{"kind": "dice", "throws": [[4, 4, 1, 2, 3, 6]]}`` ({} for none): the dice,
#: tiles or cards it shows and the words beside them, in both languages; ``views/lesson.py`` draws each kind
Figure = dict[str, Any]


@dataclass(frozen=True)
class Text:
    zh: str
    en: str

    def as_dict(self) -> dict[str, str]:
        return {"zh": self.zh, "en": self.en}


@dataclass(frozen=True)
class RuleRef:
    """Where a rule is stated: a page of the site (from the language root) and an anchor on it."""

    page: str  # "dawei/notes/"
    anchor: str  # "precedence"
    name: Text

    def as_dict(self) -> dict[str, str]:
        return {"page": self.page, "anchor": self.anchor, "zh": self.name.zh, "en": self.name.en}


@dataclass(frozen=True)
class Choice:
    value: str
    label: Text
    #: why this answer is wrong, when it is: the first rule this choice breaks (a sentence about the game)
    why_not: Text | None = None
    #: where the rule that ``why_not`` names is stated, when it is not the exercise's own rule
    rule: RuleRef | None = None


@dataclass(frozen=True)
class Exercise:
    question: Text
    figure: Figure  # what the drawing shows, as data ({} for none)
    figure_alt: Text
    choices: tuple[Choice, ...]
    answer: str  # the value of the right choice
    explain: Text  # why the right answer is right
    rule: RuleRef

    def __post_init__(self) -> None:
        values = [c.value for c in self.choices]
        if len(set(values)) != len(values) or self.answer not in values:
            raise ValueError(f"bad exercise: answer {self.answer!r} among {values}")

    def choice(self, value: str) -> Choice | None:
        return next((c for c in self.choices if c.value == value), None)


#: draws one exercise from its random source
Draw = Callable[[random.Random], Exercise]
#: draws one exercise from its random source and its *slot*: the exercise's place in its set, turned by
#: an amount the set's seed fixes, so a step can vary what its set shows (``kinds[slot % len(kinds)]``)
#: while every exercise stays a pure function of its four keys
SlotDraw = Callable[[random.Random, int], Exercise]


@dataclass(frozen=True)
class Step:
    id: str
    title: Text
    draw: Draw | SlotDraw
    #: exercises a reader is asked per set
    count: int = 4
    #: True when ``draw`` is a :data:`SlotDraw` (it takes the exercise's slot as well)
    slotted: bool = False


@dataclass(frozen=True)
class Lesson:
    id: str  # the game id
    title: Text
    steps: tuple[Step, ...]
    by_id: dict[str, Step] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_id", {s.id: s for s in self.steps})


def rng_for(lesson: str, step: str, seed: int, index: int) -> random.Random:
    """The random source of one exercise: the same in CPython and in Pyodide (string seeds hash with SHA-512)."""
    return random.Random(f"lesson/{lesson}/{step}/{seed}/{index}")


def slot_for(lesson: str, step: str, seed: int, index: int) -> int:
    """The exercise's place in its set, turned by the set's seed: consecutive exercises of a set get
    consecutive slots, so a set of n exercises shows n different kinds when a step has n kinds or more."""
    return index + random.Random(f"lesson/{lesson}/{step}/{seed}/turn").randrange(720)


def draw(lesson: Lesson, step: Step, seed: int, index: int) -> Exercise:
    rng = rng_for(lesson.id, step.id, seed, index)
    if step.slotted:
        return step.draw(rng, slot_for(lesson.id, step.id, seed, index))  # type: ignore[call-arg]  # step.slotted: draw is a SlotDraw here (mypy cannot narrow a union of callables by a flag)
    return step.draw(rng)  # type: ignore[call-arg]  # not slotted: draw is a Draw here


def shuffled(rng: random.Random, choices: list[Choice]) -> tuple[Choice, ...]:
    out = list(choices)
    rng.shuffle(out)
    return tuple(out)
