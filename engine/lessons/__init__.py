"""Each game's first lesson: steps, exercises drawn from a seed, answers judged by the game's engine."""

from __future__ import annotations

from .dawei import LESSON as DAWEI
from .gupai import LESSON as GUPAI
from .model import Lesson
from .paohuzi import LESSON as PAOHUZI
from .yezi import LESSON as YEZI

#: game id -> its lesson, in the order of the site's navigation
LESSONS: dict[str, Lesson] = {DAWEI.id: DAWEI, GUPAI.id: GUPAI, YEZI.id: YEZI, PAOHUZI.id: PAOHUZI}
