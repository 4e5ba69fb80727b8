"""A showing at a real table: four players' cards (all eight, or the two groups each showed) in;
each player's two groups in showing order and his best split out.

The showing itself is a round of the game's own state dealt at the table
(:func:`engine.yezi.records.table_showing`): it scores the two showings, names their winners and places the
players, as a round does. A player entered by eight cards shows the better group of the best split first, as the
computer players do in a round; a player entered by two groups shows them in the order given.
"""

from __future__ import annotations

from dataclasses import dataclass

from .best import Split, best_split
from .cards import GROUP_SIZE, HAND_SIZE, Card, InvalidCards


@dataclass(frozen=True)
class Seat:
    cards: tuple[Card, ...]  # all eight, sorted
    groups: tuple[tuple[Card, ...], tuple[Card, ...]]  # in showing order
    entered_as: str  # "hand" (eight cards, split by the engine) or "groups" (as shown)
    best: Split


def seat_from_hand(cards: tuple[Card, ...]) -> Seat:
    if len(cards) != HAND_SIZE:
        raise InvalidCards("impossible_hand", f"一家应有 {HAND_SIZE} 张牌，这里有 {len(cards)} 张。",
                           f"A player holds {HAND_SIZE} cards; this gives {len(cards)}.")
    sp = best_split(cards)
    return Seat(tuple(sorted(cards)), sp.groups, "hand", sp)


def seat_from_groups(first: tuple[Card, ...], second: tuple[Card, ...]) -> Seat:
    if len(first) != GROUP_SIZE or len(second) != GROUP_SIZE:
        raise InvalidCards("bad_split", "每次亮出的一组正好是四张牌。", "Each group shown is exactly four cards.")
    cards = tuple(sorted(first + second))
    return Seat(cards, (tuple(sorted(first)), tuple(sorted(second))), "groups", best_split(cards))


__all__ = ["Seat", "seat_from_groups", "seat_from_hand"]
