"""The engine answers data, never markup (issue 39.4): the faces, codes and counts a picture is drawn from, and the
views (``views/draw/``) and the build draw them. Asked on every example the API shows, and on the engine's sources."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.api import available_games, examples_of, handle

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = [(g, k, ex["request"]) for g in available_games() for k, ex in enumerate(examples_of(g))]
#: the start of an element, a closing tag, a comment or a declaration: what markup opens with
MARKUP = re.compile(r"<[A-Za-z/!?]")


@pytest.mark.parametrize(("game", "k", "request_"), EXAMPLES, ids=[f"{g}-{k}" for g, k, _ in EXAMPLES])
def test_no_engine_answer_to_the_apis_examples_carries_markup(game, k, request_):
    a = handle(request_)
    assert a["ok"], (game, k, a.get("error"))
    text = json.dumps(a, ensure_ascii=False)
    assert "<svg" not in text and not MARKUP.search(text), (game, k, MARKUP.search(text))


def test_the_engine_has_no_drawing_module():
    """The pictures are the views' (views/draw/<game>.py): no module of the engine writes an SVG element."""
    assert not list((ROOT / "engine").rglob("svg.py"))
    for f in (ROOT / "engine").rglob("*.py"):
        assert "<svg" not in f.read_text(encoding="utf-8"), f
