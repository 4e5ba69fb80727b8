"""The one entry point: ``handle(request) -> answer``.

A request is a JSON object ``{"game": ..., "action": ..., ...}``. The answer
is ``{"ok": true, ...}`` or ``{"ok": false, "error": {"code", "zh", "en"}}``.
Whatever arrives — not an object, missing fields, wrong types, an unknown
game or action — the answer is an error object, never an exception.

Each game registers its actions in ``engine/<game>/actions.py``::

    ACTIONS: dict[str, Callable[[dict], dict]]   # action name -> function
    EXAMPLES: list[dict]                         # {"request": {...}, "zh": ..., "en": ...}

An action function receives the whole request, returns the answer's payload
(without ``ok``) and raises :class:`engine.errors.ApiError` for bad input.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, Callable

from . import __version__
from .errors import ApiError

#: game id -> module holding ACTIONS and EXAMPLES
GAMES: dict[str, str] = {
    "engine": "engine.meta",
    "dawei": "engine.dawei.actions",
    "gupai": "engine.gupai.actions",
    "yezi": "engine.yezi.actions",
    "paohuzi": "engine.paohuzi.actions",
    "lesson": "engine.lessons.actions",
}

Action = Callable[[dict[str, Any]], dict[str, Any]]


def game_module(game: str) -> ModuleType | None:
    """The actions module of ``game``, or None when the game is not built yet."""
    name = GAMES[game]
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name and name.startswith(e.name):
            return None  # the game is not built yet
        raise


def actions_of(game: str) -> dict[str, Action]:
    mod = game_module(game)
    return dict(getattr(mod, "ACTIONS", {})) if mod else {}


def examples_of(game: str) -> list[dict[str, Any]]:
    mod = game_module(game)
    return list(getattr(mod, "EXAMPLES", [])) if mod else []


def available_games() -> list[str]:
    return [g for g in GAMES if game_module(g) is not None]


def _error(code: str, zh: str, en: str) -> dict[str, Any]:
    return {"ok": False, "error": {"code": code, "zh": zh, "en": en}}


def handle(request: Any) -> dict[str, Any]:
    """Answer one request. Never raises."""
    try:
        return _handle(request)
    except ApiError as e:
        return {"ok": False, "error": e.as_dict()}
    except RecursionError:
        return _error("too_complex", "请求过于复杂，无法处理。", "The request is too complex to handle.")
    except MemoryError:
        return _error("too_large", "请求过大，无法处理。", "The request is too large to handle.")
    except Exception as e:  # noqa: BLE001 - the API promises an answer, not a traceback
        return _error(
            "internal_error",
            f"引擎内部错误（{type(e).__name__}）。请报告此问题。",
            f"Internal engine error ({type(e).__name__}). Please report it.",
        )


def _handle(request: Any) -> dict[str, Any]:
    if not isinstance(request, dict):
        return _error("bad_request", "请求必须是一个 JSON 对象。", "A request must be a JSON object.")
    game = request.get("game")
    action = request.get("action")
    if not isinstance(game, str):
        return _error("missing_game", "请求缺少“game”字段（字符串）。", "The request needs a 'game' field (a string).")
    if not isinstance(action, str):
        return _error(
            "missing_action", "请求缺少“action”字段（字符串）。", "The request needs an 'action' field (a string)."
        )
    if game not in GAMES or game_module(game) is None:
        known = ", ".join(available_games())
        return _error("unknown_game", f"未知的游戏“{game[:40]}”。可用：{known}。", f"Unknown game '{game[:40]}'. Known: {known}.")
    acts = actions_of(game)
    fn = acts.get(action)
    if fn is None:
        known = ", ".join(sorted(acts))
        return _error(
            "unknown_action",
            f"游戏“{game}”没有动作“{action[:40]}”。可用：{known}。",
            f"Game '{game}' has no action '{action[:40]}'. Known: {known}.",
        )
    payload = fn(request)
    answer: dict[str, Any] = {"ok": True}
    answer.update(payload)
    return answer


__all__ = ["handle", "GAMES", "actions_of", "examples_of", "available_games", "__version__"]
