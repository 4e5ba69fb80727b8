"""Hands played by the computer at every seat: how often each seat wins (for the play page's figures), and a
seeded hand told move by move (for a page that narrates it)."""

from __future__ import annotations

from typing import Any

from .ai import choose
from .config import DEFAULT
from .labels import action_json
from .seating import TABLES
from .table import ROLES
from .state import new_hand
from .views import result_json, shown_json, view
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


def narrate_steps(seed: int, table: str = "four", options: dict[str, str] | None = None, variant: str = "paohuzi") -> list[dict[str, Any]]:
    """A whole seeded hand played by the computer, move by move, for a page that tells it.

    One entry per move: ``move`` (the action, with its label in both languages, or None for the deal),
    ``events`` (log lines with their rule: ``{"zh", "en", "kind", "seat", "role", "card", "rule"}``) and
    ``table`` (every seat's concealed cards, open groups and row after the move, all shown).
    """
    cfg = DEFAULT.with_options(options or {})
    if variant == "xiaguan":
        cfg = xiaguan_config(cfg)
    h = new_hand(seed, cfg, table)
    everyone = frozenset(range(h.n))
    out: list[dict[str, Any]] = []

    def snap(move: dict[str, Any] | None, start: int) -> None:
        v = view(h, 0, everyone, table, variant, reveal=True)
        events = [e for e in v["log"] if e["n"] > start]
        seats = [{"seat": s["seat"], "role": s["role"], "zh": s["zh"], "en": s["en"], "hand": [c.code for c in h.concealed(s["seat"])],
                  "open": [shown_json(g, True, h.cfg, variant) for g in h.open[s["seat"]]], "row": s["row"]} for s in v["seats"]]
        out.append({"move": move, "events": events, "table": {"seats": seats, "stock": v["stock"], "offer": v["offer"]}})

    snap(None, 0)
    for _ in range(2_000):
        if h.over:
            break
        s = h.pending()
        assert s is not None
        a = choose(h, s)
        label = action_json(h, a)
        start = len(h.log)
        h.play(a)
        snap(label, start)
    if out and h.over:
        out[-1]["result"] = result_json(h, table, variant=variant)
    return out
