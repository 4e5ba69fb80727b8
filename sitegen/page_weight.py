"""Lighter pages: a drawing repeated on a page is written once.

A page of worked examples draws the same card, tile or die many times, each time as a
whole inline SVG. After the build renders a page (``sitegen/hooks.py``), every drawing
(``role="img"``) whose content appears more than once outside the widgets is kept once,
inside the page's article, as ``<g id="hwd-…">``, and each place that drew it keeps its
own ``<svg>`` (size, label, title) around a ``<use xlink:href="#hwd-…">`` (``xlink:href``, not
``href``: the theme's instant navigation sets ``el.href`` on every element with an ``href``
attribute, which an SVG ``<use>`` refuses with an uncaught error; ``[href]`` does not match the
XLink attribute). What the reader sees
and what a screen reader says do not change. Widgets are left as they are (their scripts
redraw them), and so is a drawing with ids of its own inside.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter

SVG = re.compile(r"<svg\b(?P<attrs>[^>]*)>(?P<body>(?:(?!<svg\b|</svg>).)*)</svg>", re.S)
TITLE = re.compile(r"^\s*<title>.*?</title>", re.S)
CLASS = re.compile(r'\sclass="([^"]*)"')
WIDGET = re.compile(r'<div class="hw" data-widget="')
DIV = re.compile(r"<div\b|</div>")
ARTICLE = re.compile(r'<article class="md-content__inner[^"]*">')
#: a drawing shorter than this is not worth a reference
MIN_BYTES = 120


def _widget_spans(html_text: str) -> list[tuple[int, int]]:
    spans = []
    for m in WIDGET.finditer(html_text):
        depth = 0
        for d in DIV.finditer(html_text, m.start()):
            depth += 1 if d.group(0) == "<div" else -1
            if depth == 0:
                spans.append((m.start(), d.end()))
                break
    return spans


def _split(m: re.Match[str]) -> tuple[str, str]:
    body = m.group("body")
    t = TITLE.match(body)
    return (t.group(0), body[t.end():]) if t else ("", body)


def share_drawings(html_text: str) -> str:
    """``html_text`` with each repeated drawing written once (see the module's text)."""
    article = ARTICLE.search(html_text)
    if article is None or 'role="img"' not in html_text:
        return html_text
    spans = _widget_spans(html_text)

    def shareable(m: re.Match[str]) -> bool:
        if 'role="img"' not in m.group("attrs") or any(a <= m.start() < b for a, b in spans):
            return False
        body = _split(m)[1]
        return len(body) >= MIN_BYTES and " id=" not in body and "<use" not in body

    found = [m for m in SVG.finditer(html_text, article.end()) if shareable(m)]
    counts = Counter(_split(m)[1] for m in found)
    shared = {body for body, n in counts.items() if n >= 2}
    if not shared:
        return html_text
    ids: dict[str, str] = {}
    defs: list[str] = []
    out: list[str] = []
    pos = article.end()
    for m in found:
        title, body = _split(m)
        if body not in shared:
            continue
        if body not in ids:
            ids[body] = "hwd-" + hashlib.sha256(body.encode("utf-8")).hexdigest()[:12]
            cls = CLASS.search(m.group("attrs"))
            cls_attr = f' class="{cls.group(1)}"' if cls else ""
            defs.append(f'<g id="{ids[body]}"{cls_attr}>{body}</g>')
        out.append(html_text[pos:m.start()])
        out.append(f'<svg{m.group("attrs")}>{title}<use xlink:href="#{ids[body]}"/></svg>')
        pos = m.end()
    out.append(html_text[pos:])
    sprite = (
        '<svg class="hw-drawings" aria-hidden="true" focusable="false" width="0" height="0" '
        'style="position:absolute;width:0;height:0;overflow:hidden"><defs>' + "".join(defs) + "</defs></svg>"
    )
    return html_text[: article.end()] + sprite + "".join(out)
