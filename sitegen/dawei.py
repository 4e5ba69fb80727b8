"""打围 build-time views — PLACEHOLDER written by the platform."""

from __future__ import annotations

import html
from typing import Any

from engine.api import handle


def dice_widget(lang: str, params: dict[str, Any]) -> str:
    dice = params.get("dice", [4, 4, 1, 2, 3, 6])
    ans = handle({"game": "dawei", "action": "classify", "dice": dice})
    t = (lambda zh, en: en if lang == "en" else zh)
    name = html.escape(ans["pattern"][lang])
    return (
        f'<div class="hw-row"><button type="button" class="hw-btn" data-role="roll" disabled>{t("掷骰", "Roll")}</button></div>'
        f'<div class="dawei-dice" data-role="dice" data-dice="{",".join(map(str, dice))}">{ans["svg"]}</div>'
        f'<p class="dawei-result">{t("色面", "Pattern")}: <strong data-role="pattern">{name}</strong> '
        f'<span data-role="awards">{html.escape(", ".join(ans["awards"]))}</span></p>'
    )


WIDGETS = {"dawei-dice": dice_widget}
TABLES: dict = {}
FILES: dict = {}
