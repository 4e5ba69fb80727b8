"""The 叶子戏 showing widget's static HTML: the card palette (from the engine's deck), the four
players' entry (with the boxes for their names, ``views/yezi.py``: ``names_box``), and an example showing judged by
the engine at build time, drawn by the view that draws every later showing in the browser (``views/yezi.py``:
``showing``). The line of running totals is here too, hidden while the tally has no round: every box above the
cards is in the page from the start, so nothing moves when the widget starts (``widgets/showing.js`` draws the
tally's own boxes below the result)."""

from __future__ import annotations

import html
import json
from typing import Any

from engine.api import handle
from engine.yezi.cards import FACES, GROUP_SIZE, HAND_SIZE, SEAT_NAMES
from engine.yezi.actions import EXAMPLES
from sitegen.common import still_buttons, t
from views.yezi import card_label, names_box, showing

E = html.escape
SEATS_ZH = tuple(zh for zh, _ in SEAT_NAMES)
SEATS_EN = tuple(en for _, en in SEAT_NAMES)
EXAMPLE = next(e["request"] for e in EXAMPLES if e["request"]["action"] == "showing")
#: the game as the widget names it in its own sentences (a tally's title, a session named after the family)
GAME = ("叶子戏", "叶子戏")


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
    # each seat's name in both languages too: a tally named after the family is named in both (widgets/sessions.js)
    seats = still_buttons(seat, "ys-seat", lambda s: f' data-role="seat" data-seat="{s}" data-zh="{E(SEATS_ZH[s])}" data-en="{E(SEATS_EN[s])}"'
                          f' aria-pressed="{"true" if s == 0 else "false"}"')
    throw = "".join(f'<option value="{s}">{seat[s]}</option>' for s in range(4))
    return (
        '<p class="ys-running" data-role="running" aria-live="polite" hidden></p>'
        f'<div data-role="showing-entry" data-hand="{HAND_SIZE}" data-group="{GROUP_SIZE}" data-game-zh="{GAME[0]}" data-game-en="{GAME[1]}">'
        + names_box(lang, str(params.get("id", "yezi-showing")))
        + f'<p><label>{t(lang, "谁掷的骰子（先亮牌）", "Who threw the die (shows first)")} <select data-role="thrower" disabled>{throw}</select></label></p>'
        f'<p class="ys-q">{t(lang, "给谁填牌：", "Entering the cards of:")}</p><div class="ys-row" role="group">{seats}</div>'
        f'<div class="ys-row" role="group"><button type="button" class="hw-btn ys-mode" data-role="mode-hand" aria-pressed="true" disabled>{t(lang, "八张牌", "Eight cards")}</button>'
        f'<button type="button" class="hw-btn ys-mode" data-role="mode-groups" aria-pressed="false" disabled>{t(lang, "亮出的两组", "The two groups shown")}</button></div>'
        '<div data-role="slots"></div>'
        f'<p class="ys-q">{t(lang, "点牌加入；点已选的牌取消：", "Tap a card to add it; tap a chosen card to take it back:")}</p>'
        f'<div class="ys-row ys-palette" role="group">{palette}</div>'
        '<p class="ys-why" data-role="palette-why" role="status"></p>'
        f'<div class="ys-row"><button type="button" class="hw-btn" data-role="clear" disabled>{t(lang, "清空这一家", "Clear this player")}</button>'
        f'<button type="button" class="hw-btn" data-role="new-showing" disabled>{t(lang, "清空四家，重新开始", "Clear all four and start again")}</button>'
        f'<button type="button" class="hw-btn" data-role="example" data-example="{E(json.dumps(EXAMPLE["players"], ensure_ascii=False))}" disabled>{t(lang, "填入示例", "Fill in the example")}</button></div>'
        '</div>'
        f'<p data-role="message" class="ys-message"></p>'
        f'<p class="hw-example-mark" data-role="example-mark">{t(lang, "示例：下面是一局虚构的亮牌和结果。你填进自己桌上的牌以后，这里就换成你们这一局。", "Example: the showing below is made up. Once you enter the cards of your own table, your round takes its place.")}</p>'
        f'<div data-role="result" class="ys-result">{showing(ans, lang)}</div>'
    )
