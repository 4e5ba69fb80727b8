"""柱 glossed on every page that uses it (issue 41): every amount of 打围 is in 柱, and a reader who
arrives on any page that speaks of it (a rules page, the play page, a note, the strength table) gets
its meaning at the top of the page, in the glossary's own words (engine/glossary.py), not on one page
only. Added to the page's content after its title by the build (``sitegen/hooks.py``)."""

from __future__ import annotations

import html
import re
from typing import Any

from engine.glossary import TERMS

#: the terms glossed wherever they are used: every amount of 打围 is in 柱
GLOSSED = ("柱",)
H1 = re.compile(r"</h1>")


def _gloss(zh: str, lang: str, glossary: str) -> str:
    t = next(x for x in TERMS if x.zh == zh)
    link = f'<a href="{glossary}#{t.slug}">{"词汇表" if lang == "zh" else "glossary"}</a>'
    if lang == "zh":
        # no pinyin on the Chinese page: its prose stays in Chinese (issue 44); the glossary gives the reading
        body = f"<dfn>{zh}</dfn>：{html.escape(t.zh_def)}（见{link}）"
    else:
        body = (f'<dfn lang="zh">{zh}</dfn> ({html.escape(t.pinyin)}, “{html.escape(t.name or t.en.split(" (")[0])}”): '
                f"{html.escape(t.en_def)} (see the {link})")
    return f'<p class="hw-gloss" data-term="{zh}">{body}</p>'


def gloss(html_text: str, lang: str, page_url: str) -> str:
    """``html_text`` with a line glossing each term of :data:`GLOSSED` it uses, after its title (the glossary's own
    page defines them already)."""
    if "archive/glossary" in page_url:
        return html_text
    depth = page_url.strip("/").count("/") + (1 if page_url.strip("/") else 0) - (1 if page_url.startswith("en/") else 0)
    glossary = "../" * depth + "archive/glossary/"
    lines = "".join(_gloss(zh, lang, glossary) for zh in GLOSSED if zh in html_text)
    if not lines:
        return html_text
    if H1.search(html_text):
        return H1.sub(lambda m: m.group(0) + lines, html_text, count=1)
    return lines + html_text


def page_gloss(html_text: str, page: Any, lang: str) -> str:
    return gloss(html_text, lang, page.url or "")
