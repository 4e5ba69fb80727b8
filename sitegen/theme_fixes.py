"""The theme's own HTML, made valid (checked with the Nu HTML Checker in tests/record).

Material for MkDocs 9.8 writes three things the checker rejects on every page; each is fixed
here without changing what the page does:

* ``autocomplete="off"`` on its checkbox toggles (allowed only on text-like inputs);
* ``tabindex=""`` on navigation labels (not an integer; an empty value means "not focusable",
  the same as no attribute);
* ``<label for="__toc">`` on pages that have no table of contents, so no such control.

It also names the colour-scheme switch in the page's own language: the theme takes one name
per scheme for the whole site ("深色 / Dark" in ``mkdocs.yml``), which a screen reader would
read with one voice on both languages' pages. (The footer's previous/next links keep the
theme's ``aria-label``, "Next: Learn 叶子戏": on a phone the previous link shows only its
arrow, and the label is all that names it.)
"""

from __future__ import annotations

import re
from pathlib import Path

_CHECKBOX = re.compile(r'<input\b[^>]*\btype="(?:checkbox|radio)"[^>]*>')
_EMPTY_TABINDEX = re.compile(r'(<label\b[^>]*?)\s+tabindex=""')
_TOC_LABEL = re.compile(r'(<label\b[^>]*?)\s+for="__toc"')
_HTML_LANG = re.compile(r'<html\b[^>]*\blang="([^"]+)"')
#: the switch's name as mkdocs.yml gives it → (Chinese page, English page)
SCHEME_NAMES = {
    "深色 / Dark": ("改用深色", "Use dark colours"),
    "浅色 / Light": ("改用浅色", "Use light colours"),
}


def fix(page_html: str) -> str:
    out = _CHECKBOX.sub(lambda m: m.group(0).replace(' autocomplete="off"', ""), page_html)
    out = _EMPTY_TABINDEX.sub(r"\1", out)
    if 'id="__toc"' not in out:
        out = _TOC_LABEL.sub(r"\1", out)
    m = _HTML_LANG.search(out)
    english = bool(m) and m.group(1).startswith("en")
    for both, (zh, en) in SCHEME_NAMES.items():
        name = en if english else zh
        out = out.replace(f'aria-label="{both}"', f'aria-label="{name}"').replace(f'title="{both}"', f'title="{name}"')
    return out


def fix_files(site: Path) -> None:
    """Pages the theme renders outside the page events (the 404 pages)."""
    for f in (site / "404.html", site / "en" / "404.html"):
        if f.is_file():
            text = f.read_text(encoding="utf-8")
            new = fix(text)
            if new != text:
                f.write_text(new, encoding="utf-8")
