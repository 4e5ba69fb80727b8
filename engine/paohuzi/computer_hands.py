"""Hands played by the computer at every seat: how often each seat wins (for the play page's figures)."""

from __future__ import annotations

from typing import Any

from .ai import choose
from .config import DEFAULT
from .seating import TABLES
from .table import ROLES
from .state import new_hand
from .xiaguan import xiaguan_config


def computer_stats(hands: int, table: str = "four", variant: str = "paohuzi", start: int = 0, options: dict[str, str] | None = None) -> dict[str, Any]:
    """Seeded hands ``start … start+hands-1`` played by computer players for every seat: how often each seat wins,
    how often a hand ends 荒, and the mean 胡息 (戏, with the 自摸 bonus) of winning hands."""
    cfg = DEFAULT.with_options(options or {})
    if variant == "xiaguan":
        cfg = xiaguan_config(cfg)
    n = TABLES[table][0]
    wins = [0] * n
    huang = 0
    huxi_sum = 0
    steps = 0
    for seed in range(start, start + hands):
        h = new_hand(seed, cfg, table)
        while not h.over:
            seat = h.pending()
            assert seat is not None  # the hand is not over: someone decides
            h.play(choose(h, seat))
            steps += 1
        r = h.result
        assert r is not None
        if r.winner is None:
            huang += 1
        else:
            wins[r.winner] += 1
            assert r.verdict is not None and r.verdict.best is not None
            huxi_sum += r.verdict.best.total
    won = sum(wins)
    roles = ROLES[n]
    return {"hands": hands, "table": table, "variant": variant, "wins": {roles[s]: wins[s] for s in range(n)},
            "huang": huang, "mean_huxi": (huxi_sum / won) if won else 0.0, "moves": steps}
