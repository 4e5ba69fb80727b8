"""The theme's table frames, written into the pages instead of added as each page starts.

Material for MkDocs wraps every table without a class in two frames as a page starts (a
scrolling region and its padding), so that a wide table scrolls sideways on a phone. Moving a
table into its frames takes it out of the page and puts it back: the browser then restyles every
element of the article (about a thousand on a page of card tables), a long task on a phone just
after the page first appears.

So the build writes the same frames around those tables and gives each table the class
``hw-table``: the theme's script leaves a table with a class alone, and its look comes from the
theme's own rules for tables without a class, restated for ``table.hw-table`` by :func:`css` from
the theme's installed stylesheet (the same specificity, so the page looks as before). Tables that
a widget draws later are not in the page when it is built: the theme's rules for them stay as they
are.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import material

#: the class a framed table carries (the theme leaves tables with a class to the page)
CLASS = "hw-table"
#: the theme's selector for the tables it frames, and what stands for it in the restated rules
THEIRS, OURS = "table:not([class])", f"table.{CLASS}"
FRAME_OPEN = '<div class="md-typeset__scrollwrap"><div class="md-typeset__table">'
FRAME_CLOSE = "</div></div>"

_TAG = re.compile(r"<(/?)table\b([^>]*)>", re.I)
_ARTICLE = re.compile(r'(<article class="md-content__inner md-typeset">)(.*?)(</article>)', re.S)


def frame(page_html: str) -> str:
    """The page with each table of its article that has no class framed as the theme frames it."""
    m = _ARTICLE.search(page_html)
    if not m:
        return page_html
    return page_html[: m.start(2)] + _frame(m.group(2)) + page_html[m.end(2) :]


def _frame(text: str) -> str:
    out: list[str] = []
    framed: list[bool] = []  # for each open table, whether it was framed here
    pos = 0
    for t in _TAG.finditer(text):
        out.append(text[pos : t.start()])
        pos = t.end()
        if t.group(1):  # a closing tag
            was = framed.pop() if framed else False
            out.append(t.group(0) + (FRAME_CLOSE if was else ""))
            continue
        attrs = t.group(2)
        if re.search(r"\bclass\s*=", attrs, re.I):
            framed.append(False)
            out.append(t.group(0))
        else:
            framed.append(True)
            out.append(f'{FRAME_OPEN}<table class="{CLASS}"{attrs}>')
    out.append(text[pos:])
    return "".join(out)


# ---------------------------------------------------------------- the theme's rules, restated


def theme_stylesheet() -> Path:
    """The installed theme's main stylesheet."""
    found = sorted((Path(material.__file__).parent / "templates" / "assets" / "stylesheets").glob("main.*.min.css"))
    if not found:
        raise FileNotFoundError("Material for MkDocs' main stylesheet (main.*.min.css) is not installed")
    return found[0]


@functools.cache
def css() -> str:
    """Every rule of the theme's stylesheet about tables without a class, restated for framed
    tables (``table.hw-table``), inside the same media conditions (made once a build: each page's
    one stylesheet holds it)."""
    text = re.sub(r"/\*.*?\*/", "", theme_stylesheet().read_text(encoding="utf-8"), flags=re.S)
    kept = _restate(_blocks(text))
    if not kept:
        raise ValueError(f"the theme's stylesheet has no rule for {THEIRS}: its table frames have changed")
    return (
        "/* Material for MkDocs' rules for tables without a class, restated for the tables the build frames\n"
        "   (sitegen/theme_tables.py writes this file from the installed theme's stylesheet). */\n" + kept + "\n"
    )


Block = tuple[str, "str | list[Block]"]


def _blocks(text: str) -> list[Block]:
    """Top-level rules of a stylesheet: (prelude, declarations) for a rule, (prelude, rules) for a
    grouping rule (@media, @supports, @container, @layer)."""
    out: list[Block] = []
    i, start, n = 0, 0, len(text)
    while i < n:
        c = text[i]
        if c in "\"'":
            i = _string_end(text, i)
            continue
        if c == ";":
            start = i + 1  # a statement (@charset, @import)
        elif c == "{":
            j = _close(text, i)
            prelude, inner = text[start:i].strip(), text[i + 1 : j]
            grouping = prelude.startswith(("@media", "@supports", "@container", "@layer"))
            out.append((prelude, _blocks(inner) if grouping else inner))
            i = start = j + 1
            continue
        i += 1
    return out


def _string_end(text: str, i: int) -> int:
    quote, i = text[i], i + 1
    while i < len(text) and text[i] != quote:
        i += 2 if text[i] == "\\" else 1
    return i + 1


def _close(text: str, i: int) -> int:
    """The index of the brace that closes the one at ``i``."""
    depth = 0
    while i < len(text):
        c = text[i]
        if c in "\"'":
            i = _string_end(text, i)
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    raise ValueError("unbalanced braces in the theme's stylesheet")


def _selectors(prelude: str) -> list[str]:
    """A selector list split at its top-level commas (not those inside :is(…), :not(…))."""
    parts, depth, cur = [], 0, []
    for c in prelude:
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        if c == "," and depth == 0:
            parts.append("".join(cur).strip())
            cur = []
        else:
            cur.append(c)
    parts.append("".join(cur).strip())
    return parts


def _restate(blocks: list[Block]) -> str:
    out = []
    for prelude, body in blocks:
        if isinstance(body, list):
            inner = _restate(body)
            if inner:
                out.append(f"{prelude}{{{inner}}}")
        elif not prelude.startswith("@"):
            ours = [s.replace(THEIRS, OURS) for s in _selectors(prelude) if THEIRS in s]
            if ours:
                out.append(f"{','.join(ours)}{{{body}}}")
    return "\n".join(out)
