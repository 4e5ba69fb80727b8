"""What replaying a written position costs, in work units (about a microsecond of CPython each): the share of the
protocol's API actions (``table.play``, ``table.review``) and of the records' (:mod:`engine.record.actions`) that
goes to playing the moves again before anything else is asked."""

from __future__ import annotations

from typing import Any

from ..budget import size

#: work units per move replayed, by game (a 跑胡子 move also lists the lawful moves it is checked against)
PER_MOVE = {"dawei": 600, "gupai": 15_000, "yezi": 20_000, "paohuzi": 6_000}


def replay_cost(position: dict[str, Any]) -> int:
    """The work of dealing a written position's game and playing its moves again."""
    game = position.get("game")
    per = PER_MOVE.get(game, 1_000) if isinstance(game, str) else 1_000
    return 300_000 + per * size(position, "actions", 0, 100_000)


__all__ = ["PER_MOVE", "replay_cost"]
