"""Actions about the engine itself (``"game": "engine"``)."""

from __future__ import annotations

from typing import Any

from . import __version__
from .api import actions_of, available_games, THE_GAMES
from .errors import ApiError
from .glossary import TERMS


def _info(req: dict[str, Any]) -> dict[str, Any]:
    return {
        "version": __version__,
        "games": {g: sorted(actions_of(g)) for g in available_games()},
    }


def _ping(req: dict[str, Any]) -> dict[str, Any]:
    return {"pong": True, "version": __version__}


def _glossary(req: dict[str, Any]) -> dict[str, Any]:
    """The glossary's terms, each with its characters, pinyin, English gloss and name, games and
    one-line explanations; ``games`` (a list of game ids) keeps the terms of those games."""

    want = req.get("games", [])
    if not isinstance(want, list) or len(want) > len(THE_GAMES) or any(g not in THE_GAMES for g in want):
        raise ApiError("bad_game", "请从打围、骨牌、叶子戏、跑胡子中选游戏。", "Choose games among 打围, 骨牌, 叶子戏 and 跑胡子.")
    return {"terms": [{"zh": t.zh, "pinyin": t.pinyin, "en": t.en, "name": t.name or t.en, "games": list(t.games),
                       "zh_def": t.zh_def, "en_def": t.en_def, "anchor": t.slug}
                      for t in TERMS if not want or set(want) & set(t.games)]}


ACTIONS = {"info": _info, "ping": _ping, "glossary": _glossary}

EXAMPLES = [
    {"request": {"game": "engine", "action": "ping"}, "zh": "检查引擎是否就绪。", "en": "Check that the engine answers."},
    {"request": {"game": "engine", "action": "info"}, "zh": "引擎版本及各游戏的全部动作。", "en": "The engine's version and every game's actions."},
    {"request": {"game": "engine", "action": "glossary", "games": ["gupai"]}, "zh": "骨牌用到的术语：字、拼音、英文名和释义。",
     "en": "The terms 骨牌 uses: characters, pinyin, English name and meaning."},
]

#: work units per request (checked by engine.api before an action runs)
COSTS = {"info": 20_000, "ping": 1, "glossary": 5_000}
