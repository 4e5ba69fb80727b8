"""Generated views of the 跑胡子 / 下灌字牌 table engine (registered in :mod:`sitegen.paohuzi`'s TABLES).

``paohuzi-play-stats``: seeded hands played by the computer players for every seat —
each seat's share of wins, how often no one wins (荒), the mean 胡息 of a win.
The figures for 10,000 hands come from ``benchmarks/bench_paohuzi_play.py``; the
page's table is computed at build time from a smaller sample (seeds 0 … n−1).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.paohuzi.computer_hands import computer_stats
from engine.paohuzi.seating import TABLE_NAMES
from engine.paohuzi.xiaguan import VARIANTS

ROWS = (("paohuzi", "four"), ("paohuzi", "two"), ("xiaguan", "three"), ("xiaguan", "two"))  # three players play the same hands as four (the 醒家 plays no card)
SAMPLE = 100


@lru_cache(maxsize=8)
def _stats(variant: str, table: str, hands: int) -> dict[str, Any]:
    return computer_stats(hands, table, variant)


def play_stats(lang: str, params: dict[str, Any]) -> str:
    hands = int(params.get("hands", SAMPLE))
    hands = max(10, min(hands, 400))
    zh = lang == "zh"
    head = (["牌局", "局数", "庄家胡", "下家胡", "上家胡", "荒牌", "胡牌平均戏数"] if zh else
            ["game and table", "hands", "dealer wins", "next player wins", "previous player wins", "no win (huang)", "mean huxi of a win"])
    rows = ["| " + " | ".join(head) + " |", "|---|---:|---:|---:|---:|---:|---:|"]
    for variant, table in ROWS:
        s = _stats(variant, table, hands)
        name = f"{VARIANTS[variant][0]} · {TABLE_NAMES[table][0]}" if zh else f"{VARIANTS[variant][1]} · {TABLE_NAMES[table][1]}"
        w = s["wins"]
        pct = lambda k: f"{100 * w[k] / hands:.0f}%" if k in w else "—"  # noqa: B023  a short table helper, called within this iteration only
        rows.append(f"| {name} | {hands} | {pct('zhuang')} | {pct('xia')} | {pct('shang')} | {100 * s['huang'] / hands:.0f}% | {s['mean_huxi']:.1f} |")
    return "\n".join(rows)


TABLES = {"paohuzi-play-stats": play_stats}
