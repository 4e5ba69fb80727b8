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

Bounded work. Each actions module also declares what each action costs::

    COSTS: dict[str, int | Callable[[dict], int]]   # action name -> cost, or cost of a request

A cost is an upper estimate of the work a request asks for, in *work units*
(about a microsecond of CPython each: one turn of a simulated game is tens of
units), computed from the request's sizes alone, before the action runs — a
cost function reads fields leniently (:func:`size`) and never raises. A request
that costs more than :data:`BUDGET` is refused with a plain message instead of
running. Every action must declare its cost (tests/platform/test_budget.py).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any
from collections.abc import Callable

from .budget import BUDGET as BUDGET, size as size  # (named here too: the API's budget, read by tests and callers)
from .errors import ApiError
from .protocol import IllegalAction
from .registry import ARCHIVE, entries

#: game id -> module holding ACTIONS and EXAMPLES: the engine itself, each game of the registry
#: (:mod:`engine.registry`) that has actions, then what serves every game
GAMES: dict[str, str] = {
    "engine": "engine.meta",
    **{g: e.actions for g, e in entries().items() if e.actions},
    "lesson": "engine.lessons.actions",
    "table": "engine.protocol.actions",
    "record": "engine.record.actions",
}

#: the four games the archive records, in the order its pages and lists give them (the other ids of
#: :data:`GAMES` serve every game: the engine itself, the lessons, the one protocol, the records)
THE_GAMES: tuple[str, ...] = ARCHIVE

#: game id -> what it is, in words (zh, en), for the messages that list the games
GAME_WORDS: dict[str, tuple[str, str]] = {
    "engine": ("引擎本身", "the engine itself"),
    **{g: e.api_words() for g, e in entries().items() if e.actions},
    "lesson": ("课程", "the lessons"),
    "table": ("任一游戏的一局（同一种走法）", "a game in progress, of any game (one protocol)"),
    "record": ("任一游戏的文字记录", "the written record of a game, any game"),
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


def costs_of(game: str) -> dict[str, Any]:
    """The declared cost of each action of ``game`` (``COSTS`` in its actions module)."""
    mod = game_module(game)
    return dict(getattr(mod, "COSTS", {})) if mod else {}


def cost(game: str, action: str, request: dict[str, Any]) -> int | None:
    """The cost of ``request`` by its action's declaration, or None if the action declares none."""
    declared = costs_of(game).get(action)
    if declared is None:
        return None
    if callable(declared):
        declared = declared(request)
    return max(0, int(declared))


def _over_budget(units: int) -> dict[str, Any]:
    share = max(2, -(-units // BUDGET))  # how many times too much, at least "twice"
    return _error(
        "too_much_work",
        f"这个请求要算的太多了（大约是一次能算的 {share} 倍）。请少要一些，例如少模拟几局、少走几步，或者分几次来。",
        f"This request asks for too much work at once (about {share} times what the engine does in one go). "
        "Ask for less: fewer games to simulate, fewer moves, or several smaller requests.",
    )


def _error(code: str, zh: str, en: str) -> dict[str, Any]:
    return {"ok": False, "error": {"code": code, "zh": zh, "en": en}}


def handle(request: Any) -> dict[str, Any]:
    """Answer one request. Never raises."""
    try:
        return _handle(request)
    except ApiError as e:
        return {"ok": False, "error": e.as_dict()}
    except IllegalAction as e:  # a position a game's own request set up, refused by the game's rules
        return _error("bad_request", e.zh, e.en)
    except RecursionError:
        return _error("too_complex", "请求过于复杂，无法处理。", "The request is too complex to handle.")
    except MemoryError:
        return _error("too_large", "请求过大，无法处理。", "The request is too large to handle.")
    except Exception:  # noqa: BLE001 - the API promises an answer, not a traceback
        return _error(
            "internal_error",
            "规则程序出了错，没能回答这个请求。这是程序的问题，不是你的：请报告它，并附上你做了什么。",
            "The rules program went wrong and could not answer this request. The fault is the program's, not yours: please report it, with what you did.",
        )


def _handle(request: Any) -> dict[str, Any]:
    if not isinstance(request, dict):
        return _error("bad_request", "请求必须是一个 JSON 对象。", "A request must be a JSON object.")
    game = request.get("game")
    action = request.get("action")
    if not isinstance(game, str) or game not in GAMES or game_module(game) is None:
        zh_known = "、".join(f"{g}（{GAME_WORDS[g][0]}）" for g in available_games())
        en_known = ", ".join(f"{g} ({GAME_WORDS[g][1]})" for g in available_games())
        if not isinstance(game, str):
            return _error("missing_game", f"请说明请求是哪个游戏的，可选：{zh_known}。",
                          f"Say which game the request is for: one of {en_known}.")
        return _error("unknown_game", f"没有叫“{game[:40]}”的游戏。可选：{zh_known}。",
                      f"There is no game called '{game[:40]}'. Choose one of {en_known}.")
    if not isinstance(action, str):
        known = ", ".join(sorted(actions_of(game)))
        return _error(
            "missing_action", f"请说明这个关于{GAME_WORDS[game][0]}的请求要做什么，可选：{known}。",
            f"Say what the request about {GAME_WORDS[game][1]} asks for: one of {known}.",
        )
    acts = actions_of(game)
    fn = acts.get(action)
    if fn is None:
        known = ", ".join(sorted(acts))
        return _error(
            "unknown_action",
            f"游戏“{game}”没有动作“{action[:40]}”。可用：{known}。",
            f"Game '{game}' has no action '{action[:40]}'. Known: {known}.",
        )
    units = cost(game, action, request)
    if units is not None and units > BUDGET:
        return _over_budget(units)
    payload = fn(request)
    answer: dict[str, Any] = {"ok": True}
    answer.update(payload)
    return answer


__all__ = ["handle", "GAMES", "THE_GAMES", "BUDGET", "actions_of", "costs_of", "cost", "size", "examples_of", "available_games"]
