"""Reading the cards a real table dealt, as a written position gives them (a record's ``[Deal "table"]``).

The helpers each game's state shares when it is given a hand dealt at a real table (:mod:`engine.record.dealt` says
what such a record holds; the registry's ``table_deal`` says which games take one): a field of codes given as text
(``a.b;c.d``) or as lists, each seat's hand read piece by piece, and the check that the deal is the whole set.
"""

from __future__ import annotations

from collections import Counter
from typing import Any
from collections.abc import Callable, Sequence

from ..registry import SEATS_EN, SEATS_ZH
from . import IllegalAction


def deal_text(position: dict[str, Any], key: str, groups: bool) -> str:
    """A field given as text (``a.b;c.d``) or as a list (of lists) of codes, as text."""
    v = position.get(key, "")
    if isinstance(v, list):
        if groups and all(isinstance(g, list) and all(isinstance(x, (str, int)) and not isinstance(x, bool) for x in g) for g in v):
            return ";".join(".".join(str(x) for x in g) for g in v)
        if not groups and all(isinstance(x, (str, int)) and not isinstance(x, bool) for x in v):
            return ".".join(str(x) for x in v)
    if isinstance(v, str) and len(v) <= 2_000:
        return v
    raise IllegalAction("桌上发的牌应写成牌的代码，用点分开，各家之间用分号分开。",
                        "The cards dealt at the table should be card codes joined by dots, the seats separated by semicolons.")


def codes(text: str) -> list[str]:
    """The codes of one seat's cards (or of the stock), joined by dots."""
    return [x for x in text.split(".") if x] if text else []


def seat_hands(text: str, players: int, size: int, piece: Callable[[str], Any], unit_zh: str, unit_en: str) -> list[list[Any]]:
    """Each seat's pieces from a table deal (seats separated by semicolons, A first), each read by
    ``piece`` (which raises :class:`IllegalAction` for a piece it does not know), each exactly a hand."""
    seats = text.split(";") if text else []
    if len(seats) != players:
        count_zh, count_en = ("八", "eight") if size == 8 else (str(size), str(size))
        raise IllegalAction(f"要写出四家各自的{count_zh}{unit_zh}牌（从甲家起，用分号分开）。",
                            f"Give the {count_en} {unit_en} of each of the four seats (A first, separated by semicolons).")
    hands = []
    for k, t in enumerate(seats):
        h = [piece(x) for x in codes(t)]
        if len(h) != size:
            raise IllegalAction(f"{SEATS_ZH[k]}家应有 {size} {unit_zh}牌，这里写了 {len(h)} {unit_zh}。",
                                f"Seat {SEATS_EN[k]} should hold {size} {unit_en}; {len(h)} are given.")
        hands.append(h)
    return hands


def check_whole_set(got: Sequence[Any], deck: Sequence[Any], name_zh: str, name_en: str, word: Callable[[Any], tuple[str, str]]) -> None:
    """The cards of a deal must be the whole deck, each card as many times as the deck has it."""
    a, b = Counter(got), Counter(deck)
    if a == b:
        return
    over = [c for c in a if a[c] > b.get(c, 0)]
    if over:
        zh, en = word(over[0])
        raise IllegalAction(f"桌上发的牌里{zh}太多了：一副{name_zh}里只有 {b.get(over[0], 0)} 张。",
                            f"The deal holds too many of the {en}: a set of {name_en} has {b.get(over[0], 0)}.")
    short = [c for c in b if a.get(c, 0) < b[c]]
    zh, en = word(short[0])
    raise IllegalAction(f"桌上发的牌少了{zh}：各家的牌和底牌加起来应是整副{name_zh}。",
                        f"The deal is missing the {en}: the seats' cards and the stock together should be the whole set of {name_en}.")


__all__ = ["check_whole_set", "codes", "deal_text", "seat_hands"]
