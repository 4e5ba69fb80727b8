from __future__ import annotations

from typing import Any
from collections.abc import Sequence

from engine.paohuzi.ai import choose
from engine.paohuzi.cards import Card, parse_card
from engine.paohuzi.config import DEFAULT
from engine.paohuzi.groups import Group
from engine.paohuzi.labels import action_json
from engine.paohuzi.play import play
from engine.paohuzi.seating import TABLES
from engine.paohuzi.state import new_hand
from engine.paohuzi.table import Action
from engine.paohuzi.views import result_json, shown_json, view
from engine.paohuzi.xiaguan import xiaguan_config


def H(text: str) -> list[Card]:
    """Cards from codes separated by spaces."""
    out = []
    for t in text.split():
        c = parse_card(t)
        assert c is not None, t
        out.append(c)
    return out


def G(kind: str, text: str) -> Group:
    return Group.of(kind, H(text), True)


def mk(seat: int, kind: str, card: Card | None = None, groups: Sequence[Sequence[Card]] = ()) -> Action:
    """A move written by hand (for moves the table should refuse)."""
    return Action(seat, kind, card, tuple(tuple(g) for g in groups))


def narrate(seed: int, table: str = "four", options: dict[str, str] | None = None, variant: str = "paohuzi") -> dict[str, Any]:
    """A whole seeded hand played by the computer at every seat, as the ``play`` action answers it."""
    return play({"seed": seed, "table": table, "options": options or {}, "variant": variant, "computer": [0, 1, 2][: TABLES[table][0]]})


def narrate_steps(seed: int, table: str = "four", options: dict[str, str] | None = None, variant: str = "paohuzi") -> list[dict[str, Any]]:
    """A whole seeded hand played by the computer, move by move, as a page would tell it (the tests' own: no page does).

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
