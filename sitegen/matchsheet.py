"""The 跑胡子 match sheet kept at a real table (widgets/matchsheet.js): its static HTML before the
engine starts in the browser — an example match of four hands as the engine scores it (the
booklet's own examples of its competition rules 5 and 6), the entry buttons disabled."""

from __future__ import annotations

import html
from typing import Any, Callable

from engine.api import handle
from engine.paohuzi.table import PLAYER_NAMES
from sitegen.common import col_heads, html_table, signed_cells, still_buttons, t, total_row

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


def sheet_table(lang: str, a: dict[str, Any]) -> str:
    name = (lambda p: ZH[p]) if lang == "zh" else (lambda p: LET[p])
    cols = [t(lang, "局", "Hand"), t(lang, "庄", "Dealer"), t(lang, "胡", "Winner"), t(lang, "戏", "Huxi"), t(lang, "等", "Deng"), t(lang, "番", "Fan"), t(lang, "罚则", "Fouls")]
    head = col_heads(E(c) for c in cols) + col_heads((name(p["player"]) for p in a["players"]), "ms-num")
    rows = ""
    for r in a["hands"]:
        win = t(lang, "荒", "none") if r["winner"] is None else name(r["winner"]) + (t(lang, "（自摸）", " (self)") if r["zimo"] else "")
        fan = "" if r["winner"] is None else " ".join(f[lang] for f in r["fan"]) + (f" ×{r['multiplier']}" if r["multiplier"] > 1 else "")
        fouls = t(lang, "；", "; ").join(f"{name(f['player'])} {f[lang]}" for f in r["fouls"])
        pts = signed_cells(r["scores"], "ms-num", zero="0")
        rows += (f'<tr data-role="hand-row"><th scope="row">{r["hand"]}</th><td>{name(r["dealer"])}</td><td>{E(win)}</td>'
                 f'<td class="ms-num">{r["huxi"] if r["winner"] is not None else ""}</td><td class="ms-num">{r["deng"] or ""}</td>'
                 f'<td>{E(fan)}</td><td>{E(fouls)}</td>{pts}</tr>')
    ranking = ""
    if a["ranking"]:
        items = ""
        for r in a["ranking"]:
            place, who, sum_ = r["place"], name(r["player"]), r["total"]
            items += "<li>" + E(t(lang, f"第 {place} 名 {who}：{sum_:+d}", f"Place {place}: {who}, {sum_:+d}")) + "</li>"
        ranking = f'<p class="ms-q">{t(lang, "名次", "Ranking")}</p><ol class="ms-ranking">{items}</ol>'
    table = html_table(
        head,
        rows,
        caption=t(lang, "每局得分，各方合计为零", "Points per hand; every hand sums to zero"),
        foot=total_row(t(lang, "累计", "Total"), signed_cells(a["totals"], "ms-num", zero="0"), span=7, cls="ms-total"),
    )
    return (
        f'<p class="ms-title">{t(lang, "跑胡子积分表", "跑胡子 match sheet (积分表)")}</p>'
        f'<div class="ms-scroll">{table}</div>{ranking}'
    )


def sheet_widget(lang: str, params: dict[str, Any]) -> str:
    a = example(params)
    winners = still_buttons(((ZH if lang == "zh" else LET)[p] for p in (0, 1, 3)), "ms-toggle")
    return (
        f'<fieldset class="ms-entry"><legend>{t(lang, "第 1 局", "Hand 1")}</legend>'
        f'<p class="ms-q">{t(lang, "谁胡了？", "Who won?")}</p><div class="ms-row">{winners}'
        f'<button type="button" class="hw-btn ms-toggle" disabled>{t(lang, "荒牌（没人胡）", "Nobody (huang)")}</button></div>'
        f'<div class="ms-row"><button type="button" class="hw-btn ms-add" disabled>{t(lang, "记下这一局", "Enter this hand")}</button></div></fieldset>'
        f'<div class="ms-sheet" data-role="result">{sheet_table(lang, a)}</div>'
    )


def example_table(lang: str, params: dict[str, Any]) -> str:
    """The booklet's examples as one sheet, for the page's text (a generated table)."""
    return f'<div class="ms-sheet">{sheet_table(lang, example(params))}</div>'


WIDGETS: dict[str, Callable[[str, dict[str, Any]], str]] = {"matchsheet-sheet": sheet_widget}
TABLES: dict[str, Callable[[str, dict[str, Any]], str]] = {"matchsheet-example": example_table}
FILES: dict[str, Callable[[], str | bytes]] = {}
