"""The theme's own HTML, made valid (checked with the Nu HTML Checker in tests/record).

Material for MkDocs 9.8 writes three things the checker rejects on every page; each is fixed
here without changing what the page does:

* ``autocomplete="off"`` on its checkbox toggles (allowed only on text-like inputs);
* ``tabindex=""`` on navigation labels (not an integer; an empty value means "not focusable",
  the same as no attribute);
* ``<label for="__toc">`` on pages that have no table of contents, so no such control.
"""

from __future__ import annotations

import re
from pathlib import Path

_CHECKBOX = re.compile(r'<input\b[^>]*\btype="(?:checkbox|radio)"[^>]*>')
_EMPTY_TABINDEX = re.compile(r'(<label\b[^>]*?)\s+tabindex=""')
_TOC_LABEL = re.compile(r'(<label\b[^>]*?)\s+for="__toc"')


def fix(page_html: str) -> str:
    out = _CHECKBOX.sub(lambda m: m.group(0).replace(' autocomplete="off"', ""), page_html)
    out = _EMPTY_TABINDEX.sub(r"\1", out)
    if 'id="__toc"' not in out:
        out = _TOC_LABEL.sub(r"\1", out)
    return out


def fix_files(site: Path) -> None:
    """Pages the theme renders outside the page events (the 404 pages)."""
    for f in (site / "404.html", site / "en" / "404.html"):
        if f.is_file():
            text = f.read_text(encoding="utf-8")
            new = fix(text)
            if new != text:
                f.write_text(new, encoding="utf-8")
