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
import json
import re
from collections import Counter
from pathlib import Path

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


# ---------------------------------------------------------------- search index

SEARCH_INDEX = "search/search_index.json"
#: a code block longer than this in a page's search text is a generated example (the API's
#: requests and answers, a record's moves): its page is found by its headings and prose instead
MAX_CODE_CHARS = 400
PRE = re.compile(r"<pre>.*?</pre>", re.S)


def shrink_search_index(site: Path) -> tuple[int, int] | None:
    """Rewrite the site's search index smaller, once the theme has written it: UTF-8 rather than
    escapes (a Chinese character took six bytes, each word break \\u200b six more), no spaces
    between tokens, and long generated code blocks left out of the searchable text. Returns
    (bytes before, bytes after), or None when there is no index."""
    path = site / SEARCH_INDEX
    if not path.is_file():
        return None
    raw = path.read_bytes()
    index = json.loads(raw)
    for doc in index.get("docs", []):
        text = doc.get("text")
        if isinstance(text, str) and "<pre>" in text:
            doc["text"] = PRE.sub(lambda m: m.group(0) if len(m.group(0)) <= MAX_CODE_CHARS else "", text)
    out = json.dumps(index, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    path.write_bytes(out)
    return len(raw), len(out)
