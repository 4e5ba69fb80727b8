"""A table for several people at one device (issue 42): its static HTML before the engine starts in the browser.

The page names the game (``{"game": "gupai"}``); ``widgets/together.js`` seats the players from the engine's
``table.together`` answer and plays through ``table.play`` (drawn by ``views/table.py``).
"""

from __future__ import annotations

import html
from typing import Any
from collections.abc import Callable

from engine.api import handle

E = html.escape


def together_widget(lang: str, params: dict[str, Any]) -> str:
    a = handle({"game": "table", "action": "together", "of": params.get("game")})
    if not a["ok"]:
        raise ValueError(f"table-together params: {a}")
    zh = lang == "zh"
    title = a["title"]["zh" if zh else "en"]
    text = (f"几个人在同一台设备上打一局{title}：先给每个座位起名字，选好谁是人、谁由电脑代打。"
            if zh else f"Several people play {title} at one device: first name each seat, and choose who is a person and who the computer plays.")
    return f'<p class="tg-intro">{E(text)}</p>'


WIDGETS: dict[str, Callable[[str, dict[str, Any]], str]] = {"table-together": together_widget}
