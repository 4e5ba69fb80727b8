"""Chinese inside English pages is marked ``lang="zh"``, so that a screen reader reads it with a
Chinese voice and a browser picks Chinese fonts and line breaking for it.

A build-time pass over an English page's HTML: each run of Chinese characters in text wraps in
``<span lang="zh">``; an element whose whole text is Chinese and that may not hold a ``<span>``
(``<option>``, ``<title>``, SVG ``<text>``) gets the attribute itself. Text already inside an
element marked Chinese, and scripts, styles and attributes, are left alone.
"""

from __future__ import annotations

import re

HAN = "\u2e80-\u2fdf\u3005-\u3007\u3021-\u3029\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
PUNCT = "\u3000-\u3004\u3008-\u3020\u30fb\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65"
#: a run starts and ends with a Chinese character; inside it Chinese punctuation, digits and
#: single spaces may sit between Chinese characters ("九人 58 柱")
RUN = re.compile(f"[{HAN}](?:[{HAN}{PUNCT}0-9]|[ \u00a0](?=[{HAN}{PUNCT}0-9]))*(?<=[{HAN}{PUNCT}0-9])")
HAS_HAN = re.compile(f"[{HAN}]")
TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>|<!--.*?-->", re.S)
#: text that is not read as page text
RAW = {"script", "style", "textarea", "template"}
#: elements whose content may not hold a <span>: mark the element itself
NO_SPAN = {"title", "option", "text", "tspan", "textpath", "desc"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"}
LANG_ATTR = re.compile(r"""\slang=["']([^"']*)["']""")


def mark_chinese(page_html: str) -> str:
    """The English page with its Chinese runs marked (only inside <body>)."""
    start = page_html.find("<body")
    if start < 0:
        return page_html
    head, body = page_html[:start], page_html[start:]
    out: list[str] = []
    stack: list[tuple[str, str | None]] = []  # open elements: (name, lang if it sets one)
    pending: list[int] = []  # indexes in ``out`` of open NO_SPAN start tags, parallel to stack use
    pos = 0
    for m in TAG.finditer(body):
        _mark_text(body[pos:m.start()], stack, pending, out)
        tag = m.group(0)
        pos = m.end()
        out.append(tag)
        if tag.startswith("<!--"):
            continue
        closing, name, attrs = m.group(1), m.group(2).lower(), m.group(3) or ""
        if closing:
            _close(name, stack, pending)
        elif not (name in VOID or attrs.rstrip().endswith("/")):
            lm = LANG_ATTR.search(attrs)
            stack.append((name, lm.group(1).lower() if lm else None))
            if name in NO_SPAN:
                pending.append(len(out) - 1 if not lm else -1)
    out.append(body[pos:])
    return head + "".join(out)


def _mark_text(text: str, stack: list[tuple[str, str | None]], pending: list[int], out: list[str]) -> None:
    """Text between two tags, onto ``out``: its Chinese runs wrapped in a span, or inside an element that may not
    hold one, the element's start tag marked when the text is all Chinese; as it is in a script, a style or Chinese."""
    if not text:
        return
    lang = next((lang for _, lang in reversed(stack) if lang is not None), "en")
    if any(name in RAW for name, _ in stack) or lang.startswith("zh") or not HAS_HAN.search(text):
        out.append(text)
    elif stack and stack[-1][0] in NO_SPAN:
        out.append(text)
        if pending and pending[-1] >= 0 and not re.search(r"[A-Za-z]", text):
            i = pending[-1]
            out[i] = out[i][:-1].rstrip("/") + ' lang="zh">' if not out[i].endswith("/>") else out[i]
            pending[-1] = -1
    else:
        out.append(RUN.sub(lambda r: f'<span lang="zh">{r.group(0)}</span>', text))


def _close(name: str, stack: list[tuple[str, str | None]], pending: list[int]) -> None:
    """An end tag closes up to the matching open element (tolerating unclosed <p>, <li>…)."""
    for i in range(len(stack) - 1, -1, -1):
        if stack[i][0] == name:
            for j in range(len(stack) - 1, i - 1, -1):
                if stack[j][0] in NO_SPAN and pending:
                    pending.pop()
            del stack[i:]
            return
