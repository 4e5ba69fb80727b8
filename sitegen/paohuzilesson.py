"""The drawn examples of the 跑胡子 lesson page (cards as the lesson's exercises draw them). Its own module, found by
the name prefix "paohuzilesson-", so the lesson needs no line in sitegen/paohuzi.py."""

from __future__ import annotations

from typing import Any
from collections.abc import Callable

from engine.lessons.paohuzi import example
from views.lesson import example as drawn


def lesson_example(lang: str, params: dict[str, Any]) -> str:
    return drawn(example(str(params["example"])), lang)


TABLES: dict[str, Callable[[str, dict[str, Any]], str]] = {"paohuzilesson-example": lesson_example}
