"""Section anchors shared by a page and its translation.

The table-of-contents extension makes an anchor from a heading's text; a Chinese heading gives
``#_1``, ``#_2``, which mean nothing and differ from the English page's, so switching language
lost the reader's place. Each page and its twin have the same outline (the same headings at the
same levels, in the same order; tests/record checks every pair), so the n-th heading of both gets
one id: the one written in either file (``{#id}``), else the slug of the English heading. The ids
are written into the Markdown before it is rendered, so the table of contents links them too.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from markdown.extensions.toc import slugify

import markdown as md

_FENCE = re.compile(r"^\s{0,3}(```|~~~)")
_HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$")
_ATTRS = re.compile(r"[ \t]*\{:?([^{}]*)\}[ \t]*$")
_IDCOUNT = re.compile(r"^(.*)_([0-9]+)$")


def headings(markdown: str) -> list[tuple[int, int, str, str | None]]:
    """(line index, level, text, explicit id) of each ATX heading outside code blocks."""
    out = []
    fence = None
    for i, line in enumerate(markdown.splitlines()):
        m = _FENCE.match(line)
        if m:
            if fence is None:
                fence = m.group(1)
            elif m.group(1) == fence:
                fence = None
            continue
        if fence is not None:
            continue
        h = _HEADING.match(line)
        if not h:
            continue
        text, explicit = h.group(2), None
        a = _ATTRS.search(text)
        if a:
            text = text[: a.start()]
            idm = re.search(r"(?:^|\s)#([^\s}]+)", a.group(1))
            explicit = idm.group(1) if idm else None
        out.append((i, len(h.group(1)), text.strip(), explicit))
    return out


def _plain(text: str) -> str:
    """A heading's text as the reader sees it (what the table of contents slugifies)."""
    rendered = md.markdown(text, extensions=["attr_list"])
    return html.unescape(re.sub(r"<[^>]+>", "", rendered)).strip()


def _slug(text: str) -> str:
    return slugify(_plain(text), "-")


def _unique(ident: str, used: set[str]) -> str:
    # as the table-of-contents extension does
    while ident in used or not ident:
        m = _IDCOUNT.match(ident)
        ident = f"{m.group(1)}_{int(m.group(2)) + 1}" if m else f"{ident}_1"
    used.add(ident)
    return ident


def shared_ids(zh_md: str, en_md: str) -> list[str] | None:
    """One id per heading for both pages, or None when their outlines differ."""
    zh, en = headings(zh_md), headings(en_md)
    if [h[1] for h in zh] != [h[1] for h in en]:
        return None
    used = {h[3] for h in zh + en if h[3]}
    ids = []
    for z, e in zip(zh, en):
        if e[3] or z[3]:
            ids.append(str(e[3] or z[3]))
        else:
            ids.append(_unique(_slug(e[2]), used))
    return ids


def with_ids(markdown: str, ids: list[str]) -> str:
    """The Markdown with each heading that has no id of its own given the next of ``ids``."""
    lines = markdown.splitlines(keepends=True)
    for (i, _level, _text, explicit), ident in zip(headings(markdown), ids):
        if explicit:
            continue
        line = lines[i]
        end = len(line) - len(line.rstrip("\r\n"))
        body, nl = line[: len(line) - end], line[len(line) - end:]
        body = body.rstrip()
        a = _ATTRS.search(body)
        if a:  # other attributes ({.class}) without an id
            body = body[: a.start()] + " {" + f"#{ident} " + a.group(1).strip() + "}"
        else:
            body = body + " {#" + ident + "}"
        lines[i] = body + nl
    return "".join(lines)


def twin_path(src_path: Path) -> Path | None:
    name = src_path.name
    for a, b in ((".zh.md", ".en.md"), (".en.md", ".zh.md")):
        if name.endswith(a):
            return src_path.with_name(name[: -len(a)] + b)
    return None


def page_markdown(markdown: str, src_path: Path, lang: str) -> str:
    """The page's Markdown with the anchors it shares with its translation."""
    twin = twin_path(src_path)
    if twin is None or not twin.is_file():
        return markdown
    other = twin.read_text(encoding="utf-8")
    if other.startswith("---\n") and "\n---\n" in other[4:]:
        other = other[other.index("\n---\n", 4) + 5:]  # front matter (MkDocs has removed the page's own)
    zh_md, en_md = (markdown, other) if lang == "zh" else (other, markdown)
    ids = shared_ids(zh_md, en_md)
    return with_ids(markdown, ids) if ids else markdown
