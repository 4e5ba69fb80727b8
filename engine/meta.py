"""Actions about the engine itself (``"game": "engine"``)."""

from __future__ import annotations

from typing import Any

from . import __version__


def _info(req: dict[str, Any]) -> dict[str, Any]:
    from .api import actions_of, available_games

    return {
        "version": __version__,
        "games": {g: sorted(actions_of(g)) for g in available_games()},
    }


def _ping(req: dict[str, Any]) -> dict[str, Any]:
    return {"pong": True, "version": __version__}


ACTIONS = {"info": _info, "ping": _ping}

EXAMPLES = [
    {"request": {"game": "engine", "action": "ping"}, "zh": "检查引擎是否就绪。", "en": "Check that the engine answers."},
    {"request": {"game": "engine", "action": "info"}, "zh": "引擎版本及各游戏的全部动作。", "en": "The engine's version and every game's actions."},
]

#: work units per request (checked by engine.api before an action runs)
COSTS = {"info": 20_000, "ping": 1}
