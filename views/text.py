"""What every view writes with: engine text escaped, and the page's language chosen."""

from __future__ import annotations

from html import escape
from typing import Any
from collections.abc import Callable


def e(x: Any) -> str:
    """Any text of an answer as HTML text (quotes too, for attributes): markup in it stays text."""
    return escape(str(x), quote=True)


def T(lang: str) -> Callable[[str, str], str]:
    """The words for the page's language: ``T(lang)("中文", "English")``."""
    return lambda zh, en: zh if lang == "zh" else en
