from __future__ import annotations

from engine.paohuzi.cards import Card, parse_card
from engine.paohuzi.groups import Group


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
