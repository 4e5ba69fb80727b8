"""The words of the workshop a reader's page may not hold (issue 41, point 5): readers meet the program, a deal, a
page worked out in advance; the engine, seeds, the build, the programming interface and the command line live on the
archive's pages for developers. Read by the crawl's check of game pages (tests/browser/test_phone.py) and by the check
of every message a widget can show (tests/platform/test_workshop_words.py)."""

from __future__ import annotations

import re

REFUSED = {
    "en": [r"\bengines?\b(?![./_])", r"\bseed(?:s|ed)?\b", r"\bbuild time\b", r"\bwhen the site (?:is|was) built\b", r"\bAPI\b",
           r"\bpython -m\b", r"\bcommand line\b", r"\boptions object\b", r"\bclick(?:s|ed|ing)?\b"],
    "zh": ["引擎", "种子", "参数", "建站时", "构建时", "网站构建", "命令行", "API", "程序接口"],
}


def workshop_words(text: str, lang: str) -> list[re.Match[str]]:
    """Every refused word in ``text``, a reader's text in ``lang`` ("zh" or "en")."""
    return [m for word in REFUSED[lang] for m in re.finditer(word, text, re.I if lang == "en" else 0)]
