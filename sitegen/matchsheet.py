"""The 跑胡子 match sheet kept at a real table (widgets/matchsheet.js): its static HTML before the
engine starts in the browser — an example match of four hands as the engine scores it (the
booklet's own examples of its competition rules 5 and 6), the entry buttons disabled."""

from __future__ import annotations

import html
from typing import Any
from collections.abc import Callable

from engine.api import handle
from engine.paohuzi.table import PLAYER_NAMES
from sitegen.common import still_buttons, t
from views.paohuzi import match_sheet

E = html.escape
ZH = "".join(zh for zh, _ in PLAYER_NAMES)  # the players' letters: the engine's one table of them
LET = "".join(en for _, en in PLAYER_NAMES)
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
    a = example(params)
    winners = still_buttons(((ZH if lang == "zh" else LET)[p] for p in (0, 1, 3)), "ms-toggle")
    return (
        f'<fieldset class="ms-entry"><legend>{t(lang, "第 1 局", "Hand 1")}</legend>'
        f'<p class="ms-q">{t(lang, "谁胡了？", "Who won?")}</p><div class="ms-row">{winners}'
        f'<button type="button" class="hw-btn ms-toggle" disabled>{t(lang, "荒牌（没人胡）", "Nobody (huang)")}</button></div>'
        f'<div class="ms-row"><button type="button" class="hw-btn ms-add" disabled>{t(lang, "记下这一局", "Enter this hand")}</button></div></fieldset>'
        f'<div class="ms-sheet" data-role="result">{sheet_table(lang, a, example=True)}</div>'
    )


def example_table(lang: str, params: dict[str, Any]) -> str:
    """The booklet's examples as one sheet, for the page's text (a generated table)."""
    return f'<div class="ms-sheet">{sheet_table(lang, example(params))}</div>'


WIDGETS: dict[str, Callable[[str, dict[str, Any]], str]] = {"matchsheet-sheet": sheet_widget}
TABLES: dict[str, Callable[[str, dict[str, Any]], str]] = {"matchsheet-example": example_table}
FILES: dict[str, Callable[[], str | bytes]] = {}
