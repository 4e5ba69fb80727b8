import pytest

from engine.paohuzi.arrange import arrange
from engine.paohuzi.groups import Group, huxi

from .helpers import H

# (kind, cards, 胡息) — the booklet's table, group by group
TABLE = [
    ("shun", "d1 d2 d3", 6),
    ("shun", "x1 x2 x3", 3),
    ("shun", "d2 d3 d4", 0),
    ("shun", "x8 x9 x10", 0),
    ("bian", "d2 d7 d10", 6),
    ("bian", "x2 x7 x10", 3),
    ("bian", "d9 x9 x9", 0),
    ("bian", "d9 d9 x9", 0),
    ("kan", "d5 d5 d5", 6),
    ("kan", "x5 x5 x5", 3),
    ("wei", "d5 d5 d5", 6),
    ("wei", "x5 x5 x5", 3),
    ("peng", "d5 d5 d5", 3),
    ("peng", "x5 x5 x5", 1),
    ("pao", "d5 d5 d5 d5", 9),
    ("pao", "x5 x5 x5 x5", 6),
    ("ti", "d5 d5 d5 d5", 12),
    ("ti", "x5 x5 x5 x5", 9),
    ("dui", "d5 d5", 0),
]


@pytest.mark.parametrize("kind,cards,value", TABLE)
def test_group_values(kind, cards, value):
    assert huxi(Group.of(kind, H(cards))) == value


@pytest.mark.parametrize("cards,value", [
    ("d1 d2 d3", 6), ("x1 x2 x3", 3), ("x2 x7 x10", 3), ("d2 d7 d10", 6),
    ("d5 d5 d5", 6), ("x5 x5 x5", 3), ("d5 d5 d5 d5", 12), ("x5 x5 x5 x5", 9),
    ("d4 d5 d6", 0), ("d9 x9 x9", 0),
])
def test_concealed_values_through_arrangement(cards, value):
    got = arrange(H(cards))
    assert got is not None and got[0] == value
