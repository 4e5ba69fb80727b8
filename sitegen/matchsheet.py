"""The 跑胡子 match sheet kept at a real table (widgets/matchsheet.js): its static HTML before the
engine starts in the browser — an example match of four hands as the engine scores it (the
booklet's own examples of its competition rules 5 and 6) and the entry form of the first hand, its controls disabled."""

from __future__ import annotations

import html
from typing import Any
from collections.abc import Callable

from engine.api import handle
from views.paohuzi import match_form, match_sheet

E = html.escape
#: the booklet's scored hands (competition rules 5 and 6), entered as a sheet: 15 戏, 21 戏, 荒牌, the 罚则 example
EXAMPLE = [
    {"winner": 1, "huxi": 15},
    {"winner": 0, "huxi": 21},
    {"winner": None},
    {"winner": 3, "self_drawn": True, "huxi": 18, "fan": ["red"], "fouls": [{"player": 0, "kind": "shi_ti"}]},
]


def example(params: dict[str, Any] | None = None) -> dict[str, Any]:
    req = {"game": "paohuzi", "action": "sheet", "hands": EXAMPLE, "over": True}
    req.update(params or {})
    a = handle(req)
    if not a["ok"]:
        raise ValueError(f"matchsheet params: {a}")
    return a


def sheet_table(lang: str, a: dict[str, Any], example: bool = False) -> str:
    """The sheet as the browser draws every later answer (views/paohuzi.py match_sheet)."""
    drawn = match_sheet(a, lang, example=example)
    return drawn["result"]


def sheet_widget(lang: str, params: dict[str, Any]) -> str:
    """Before Python is ready: the entry form of a new match's first hand as the browser draws it (views/paohuzi.py
    match_form), its controls disabled, and the booklet's example sheet."""
    a = example(params)
    blank = handle({"game": "paohuzi", "action": "sheet", "hands": [], "form": True})
    return (
        f'<fieldset class="ms-entry">{match_form(blank, lang, still=True)}</fieldset>'
        f'<div class="ms-sheet" data-role="result">{sheet_table(lang, a, example=True)}</div>'
    )


def example_table(lang: str, params: dict[str, Any]) -> str:
    """The booklet's examples as one sheet, for the page's text (a generated table)."""
    return f'<div class="ms-sheet">{sheet_table(lang, example(params))}</div>'


WIDGETS: dict[str, Callable[[str, dict[str, Any]], str]] = {"matchsheet-sheet": sheet_widget}
TABLES: dict[str, Callable[[str, dict[str, Any]], str]] = {"matchsheet-example": example_table}
FILES: dict[str, Callable[[], str | bytes]] = {}
