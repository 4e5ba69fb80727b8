from __future__ import annotations

from typing import Any
from collections.abc import Sequence

from engine.paohuzi.cards import Card, parse_card
from engine.paohuzi.groups import Group
from engine.paohuzi.play import play
from engine.paohuzi.seating import TABLES
from engine.paohuzi.table import Action


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
