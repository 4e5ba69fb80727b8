"""The 骨牌 session ledger's static HTML (before the engine starts in the browser): an example
session of three hands as the engine settles it, drawn by the view that draws every later answer in the browser
(``views/gupai.py``: ``ledger``), and the entry buttons, disabled."""

from __future__ import annotations

import html
from typing import Any

from engine.api import handle
from engine.gupai.actions import WORDS  # the game's words, as the live entry (widgets/ledger.js) reads them
from engine.gupai.ledger import LETTERS as SEAT_EN
from engine.gupai.scoring import SEATS_ZH
from sitegen.common import still_buttons, t
from views.gupai import ledger

E = html.escape
SEAT_ZH = "".join(zh[0] for zh in SEATS_ZH)  # the seats' short names: 甲 of 甲家 (the engine's table)
EXAMPLE = [
    {"dealer": 0, "held": [3, 0, 1, 4], "closer": 3},
    {"dealer": 3, "held": [2, 1, 1, 4], "closer": 3, "shang": "run", "run": True},
    {"dealer": 3, "held": [0, 5, 3, 0], "closer": 1, "sealed": [0], "zhizun": 2},
]


def ledger_widget(lang: str, params: dict[str, Any]) -> str:
    ans = handle({"game": "gupai", "action": "ledger", "hands": params.get("hands", EXAMPLE)})
    if not ans["ok"]:
        raise ValueError(f"gupai-ledger params: {ans}")
    short = (lambda s: SEAT_ZH[s]) if lang == "zh" else (lambda s: SEAT_EN[s])
    drawn = ledger(ans, lang)
    n = len(ans["hands"]) + 1  # the hand the entry would add
    closing = WORDS["closing"]
    seats = still_buttons((short(s) for s in range(4)), "gl-seat")
    return (
        '<div data-role="ledger">'
        f'<fieldset class="gl-entry"><legend>{t(lang, f"第 {n} 盘", f"Hand {n}")}</legend>'
        f'<p class="gl-q">{t(lang, "谁做庄？", "Who dealt?")}</p><div class="gl-seats">{seats}</div>'
        f'<p class="gl-q">{t(lang, f"谁{closing[0]}（赢最后一圈）？", f"Who made {closing[1]}, winning the last trick?")}</p><div class="gl-seats">{seats}</div>'
        f'<div class="gl-buttons"><button type="button" class="hw-btn gl-add" disabled>{t(lang, "记下这一盘", "Enter this hand")}</button></div></fieldset>'
        f'<p class="hw-example-mark" data-role="example-mark">{t(lang, "示例：下面是一场虚构的账。你记下自己的第一盘后，这里就换成你家的账。", "Example: the ledger below is made up. Once you enter your own first hand, your ledger takes its place.")}</p>'
        f'<div class="gl-table" data-role="result">{drawn["table"]}</div><div class="gl-details" data-role="details">{drawn["details"]}</div></div>'
    )
