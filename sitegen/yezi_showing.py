"""The 叶子戏 showing widget's static HTML: the card palette (from the engine's deck), the four
players' entry, and an example showing judged by the engine at build time."""

from __future__ import annotations

import html
import json
from typing import Any

from engine.api import handle
from engine.yezi.cards import FACES, GROUP_SIZE, HAND_SIZE, SEAT_NAMES
from engine.yezi.actions import EXAMPLES
from sitegen.common import col_heads, html_table, still_buttons, t

E = html.escape
SEATS_ZH = tuple(zh for zh, _ in SEAT_NAMES)
SEATS_EN = tuple(en for _, en in SEAT_NAMES)
EXAMPLE = next(e["request"] for e in EXAMPLES if e["request"]["action"] == "showing")


def card_label(code: str, lang: str) -> str:
    f = FACES[0 if code == "leaf" else int(code)]
    if f.value == 0:
        return t(lang, "叶", "叶 leaf")
    return t(lang, f"{f.cipher}（{f.numeral}）", f"{f.cipher} {f.value}")


def result_html(ans: dict[str, Any], lang: str) -> str:
    """Both showings (each group, its combination, its score, the winners), then totals and places."""
    seat = SEATS_ZH if lang == "zh" else SEATS_EN
    out = []
    for turn in range(2):
        rows = "".join(
            f'<tr><th scope="row">{seat[s]}</th><td>{" ".join(E(card_label(c, lang)) for c in ans["players"][s]["groups"][turn])}</td>'
            f'<td>{E(ans["players"][s]["combinations"][turn][lang])}</td><td class="ys-num">{ans["players"][s]["scores"][turn]}</td></tr>'
            for s in ans["show_order"]
        )
        w = ans["showing_winners"][turn]
        win = (t(lang, "胜者：", "Won by ") + t(lang, "、", ", ").join(seat[s] for s in w)) if w else t(lang, "四组都是流散对，无人胜出。", "All four groups are scattered: nobody wins it.")
        out.append(
            html_table(
                col_heads([t(lang, "谁", "Who"), t(lang, "亮出的牌", "Cards shown"), t(lang, "组合", "Combination"), t(lang, "分", "Score")]),
                rows,
                caption=t(lang, ("第一次亮牌", "第二次亮牌")[turn], ("First showing", "Second showing")[turn]),
                attrs=f' class="ys-table" data-role="showing" data-turn="{turn}"',
            )
            + f'<p class="ys-winner" data-role="showing-winner">{E(win)}</p>'
        )
    rows = "".join(
        f'<tr data-role="place-row"><th scope="row">{seat[s]}</th><td class="ys-num" data-role="total">{p["total"]}</td><td class="ys-num" data-role="place">{p["place"]}</td>'
        f'<td>{E(t(lang, "、", ", ").join(c[lang] for c in p["best"]["combinations"]))} ({p["best"]["score"]})'
        + (E(t(lang, f"，比亮出的少 {p['missed']} 分", f"; {p['missed']} fewer than the groups shown")) if p["missed"] else "") + "</td></tr>"
        for s, p in enumerate(ans["players"])
    )
    winners = t(lang, "、", ", ").join(seat[s] for s in ans["winners"])
    out.append(
        html_table(
            col_heads([t(lang, "谁", "Who"), t(lang, "合计", "Total"), t(lang, "名次", "Place"), t(lang, "最佳分组", "Best split")]),
            rows,
            caption=t(lang, "这一局（分数少者胜）", "The round (the lowest total wins)"),
            attrs=' class="ys-table" data-role="places"',
        )
        + f'<p class="ys-winner" data-role="round-winner">{t(lang, "这一局的胜者：", "The round is won by ")}{E(winners)}</p>'
    )
    return "".join(out)


def showing_widget(lang: str, params: dict[str, Any]) -> str:
    ans = handle(EXAMPLE)
    if not ans["ok"]:
        raise ValueError(f"yezi-showing example: {ans}")
    seat = SEATS_ZH if lang == "zh" else SEATS_EN
    palette = "".join(
        f'<button type="button" class="hw-btn ys-card" data-role="card" data-code="{"leaf" if f.value == 0 else f.value}" data-count="{f.count}" disabled>'
        f'{E(card_label("leaf" if f.value == 0 else str(f.value), lang))}</button>'
        for f in FACES
    )
    seats = still_buttons(seat, "ys-seat", lambda s: f' data-role="seat" data-seat="{s}" aria-pressed="{"true" if s == 0 else "false"}"')
    throw = "".join(f'<option value="{s}">{seat[s]}</option>' for s in range(4))
    return (
        f'<div data-role="showing-entry" data-hand="{HAND_SIZE}" data-group="{GROUP_SIZE}">'
        f'<p><label>{t(lang, "谁掷的骰子（先亮牌）", "Who threw the die (shows first)")} <select data-role="thrower" disabled>{throw}</select></label></p>'
        f'<p class="ys-q">{t(lang, "给谁填牌：", "Entering the cards of:")}</p><div class="ys-row" role="group">{seats}</div>'
        f'<div class="ys-row" role="group"><button type="button" class="hw-btn ys-mode" data-role="mode-hand" aria-pressed="true" disabled>{t(lang, "八张牌", "Eight cards")}</button>'
        f'<button type="button" class="hw-btn ys-mode" data-role="mode-groups" aria-pressed="false" disabled>{t(lang, "亮出的两组", "The two groups shown")}</button></div>'
        '<div data-role="slots"></div>'
        f'<p class="ys-q">{t(lang, "点牌加入；点已选的牌取消：", "Tap a card to add it; tap a chosen card to take it back:")}</p>'
        f'<div class="ys-row ys-palette" role="group">{palette}</div>'
        f'<div class="ys-row"><button type="button" class="hw-btn" data-role="clear" disabled>{t(lang, "清空这一家", "Clear this player")}</button>'
        f'<button type="button" class="hw-btn" data-role="example" data-example="{E(json.dumps(EXAMPLE["players"], ensure_ascii=False))}" disabled>{t(lang, "填入示例", "Fill in the example")}</button></div>'
        '</div>'
        f'<p data-role="message" class="ys-message"></p>'
        f'<div data-role="result" class="ys-result">{result_html(ans, lang)}</div>'
    )
