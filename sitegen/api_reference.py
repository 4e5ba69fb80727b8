"""Platform pages generated from the engine: the API reference."""

from __future__ import annotations

import json
from typing import Any

from engine.api import GAMES, actions_of, available_games, examples_of, handle

GAME_NAMES = {
    "engine": ("引擎", "Engine"),
    "dawei": ("打围", "Dawei"),
    "gupai": ("鄂南骨牌", "Gupai"),
    "yezi": ("下灌叶子戏", "Yezixi"),
    "paohuzi": ("跑胡子", "Paohuzi"),
    "table": ("任一游戏的一局", "Any game in progress"),
}

MAX_ANSWER_CHARS = 1500


def _json(obj: Any) -> str:
    text = json.dumps(obj, ensure_ascii=False, indent=2)
    return text


def _shorten(answer: dict[str, Any]) -> str:
    """Pretty JSON of an answer, long string fields (SVG) elided."""

    def cut(v: Any) -> Any:
        if isinstance(v, str) and len(v) > 120:
            return v[:60] + f"…（{len(v)} chars）"
        if isinstance(v, list):
            return [cut(x) for x in v[:24]] + ([f"… {len(v) - 24} more"] if len(v) > 24 else [])
        if isinstance(v, dict):
            return {k: cut(x) for k, x in v.items()}
        return v

    text = _json(cut(answer))
    if len(text) > MAX_ANSWER_CHARS:
        text = text[:MAX_ANSWER_CHARS] + "\n…"
    return text


def api_examples() -> list[tuple[str, str, dict[str, Any], dict[str, Any], dict[str, str]]]:
    """(game, action, request, answer, description) for every example, in order."""
    out = []
    for game in GAMES:
        for ex in examples_of(game):
            req = ex["request"]
            out.append((game, req["action"], req, handle(req), {"zh": ex.get("zh", ""), "en": ex.get("en", "")}))
    return out


def api_reference(lang: str, params: dict[str, Any]) -> str:
    def t(zh: str, en: str) -> str:
        return en if lang == "en" else zh

    parts: list[str] = []
    examples = api_examples()
    for game in available_games():
        names = GAME_NAMES.get(game, (game, game))
        parts.append(f"## {names[1] if lang == 'en' else names[0]} · `{game}` {{ #api-{game} }}\n")
        acts = sorted(actions_of(game))
        parts.append(t("动作：", "Actions: ") + ", ".join(f"`{a}`" for a in acts) + "\n")
        for action in acts:
            exs = [e for e in examples if e[0] == game and e[1] == action]
            parts.append(f"### `{game}` · `{action}` {{ #api-{game}-{action} }}\n")
            if not exs:
                parts.append(t("（暂无示例。）", "(No example yet.)") + "\n")
            for _, _, req, ans, desc in exs:
                if desc[lang]:
                    parts.append(desc[lang] + "\n")
                parts.append(t("请求：", "Request:") + "\n\n```json\n" + _json(req) + "\n```\n")
                # the answers, plain: coloured token by token they made this page 0.6 MB (a span a token)
                parts.append(t("回答：", "Answer:") + "\n\n```text\n" + _shorten(ans) + "\n```\n")
    return "\n".join(parts)


ERRORS = [
    ("not an object", [1, 2, 3]),
    ("no game", {"action": "ping"}),
    ("unknown game", {"game": "chess", "action": "ping"}),
    ("unknown action", {"game": "engine", "action": "fly"}),
]


def api_errors(lang: str, params: dict[str, Any]) -> str:
    rows = []
    for _, req in ERRORS:
        ans = handle(req)
        rows.append(f"| `{json.dumps(req, ensure_ascii=False)}` | `{ans['error']['code']}` | {ans['error'][lang]} |")
    head = "| 请求 | 代码 | 信息 |" if lang == "zh" else "| request | code | message |"
    return "\n".join([head, "|---|---|---|", *rows])


WIDGETS: dict = {}
TABLES = {"engine-api": api_reference, "engine-errors": api_errors}
FILES: dict = {}
