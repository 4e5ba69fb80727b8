"""The toy game of DEVELOPING.md, 猜单双 (odds and evens), registered for a test through the registry alone."""

from __future__ import annotations

import re
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.registry import GameEntry, register, unregister

ROOT = Path(__file__).resolve().parents[2]
TOY = "caidanshuang"


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[GameEntry]:
    """猜单双 from DEVELOPING.md's own code, registered with ``engine.registry.register`` for one test, then taken out."""
    text = (ROOT / "DEVELOPING.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(from engine\.protocol import .*?)```", text, re.S)
    assert code, "DEVELOPING.md lost its worked example of a new game"
    module = types.ModuleType("toy_caidanshuang")
    exec(compile(code.group(1), "DEVELOPING.md", "exec"), module.__dict__)
    monkeypatch.setitem(sys.modules, module.__name__, module)
    e = register(GameEntry(TOY, ("猜单双", "Odds and evens"), "toy_caidanshuang:CaiState", seats=2))
    try:
        yield e
    finally:
        unregister(TOY)
