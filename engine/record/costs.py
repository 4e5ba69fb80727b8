"""What reading a record's text costs, in work units (about a microsecond of CPython each): the records' API
actions (:mod:`engine.record.actions`: ``read``, ``referee``) and a record opened at a table
(:mod:`engine.record.export`: ``open``) all replay it first."""

from __future__ import annotations

import re
from typing import Any

from ..protocol.costs import PER_MOVE
from . import MAX_CHARS

#: a record's Game tag (the game whose moves set the cost of a line)
GAME_TAG = re.compile(r'\[Game "([a-z]{1,12})"\]')


def replay_cost(req: dict[str, Any], times: int = 1) -> int:
    """The work of reading the record a request carries (``req["text"]``) and replaying its moves ``times`` times."""
    text = req.get("text")
    if not isinstance(text, str):
        return 10_000
    m = GAME_TAG.search(text[:4_000])
    per = PER_MOVE.get(m.group(1), 20_000) if m else 20_000
    if '[Sheet "match"]' in text[:4_000]:
        per = 40_000  # a line of a 跑胡子 match sheet may be a winning hand to arrange, card by card
    lines = min(text.count("\n", 0, MAX_CHARS + 1), 100_000) + 1
    return 300_000 + times * per * lines


__all__ = ["GAME_TAG", "replay_cost"]
