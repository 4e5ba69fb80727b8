"""A showing at a real table: four players' cards (all eight, or the two groups each showed) in;
the combinations named, each player's best split, who wins each showing and the round out.

Everything is the engine's own: combinations (:mod:`engine.yezi.combos`), the best split
(:mod:`engine.yezi.best`), a showing's scores, winners and the places (:mod:`engine.yezi.round`, as a round scores them).
A player entered by eight cards shows the better group of the best split first, as the
computer players do in a round; a player entered by two groups shows them in the order given.
"""

from __future__ import annotations

from dataclasses import dataclass

from .best import Split, best_split
from .cards import GROUP_SIZE, HAND_SIZE, PLAYERS, Card, InvalidCards, check_possible
from .combos import rank_of
from .config import DEFAULT, YeziConfig
from .round import group_scores, places_of, showing_winners


@dataclass(frozen=True)
class Seat:
    cards: tuple[Card, ...]  # all eight, sorted
    groups: tuple[tuple[Card, ...], tuple[Card, ...]]  # in showing order
    entered_as: str  # "hand" (eight cards, split by the engine) or "groups" (as shown)
    best: Split


@dataclass(frozen=True)
class Showing:
    seats: tuple[Seat, ...]
    order: tuple[int, ...]  # showing order, the die thrower first
    ranks: tuple[tuple[int, ...], tuple[int, ...]]  # per turn, per seat
    scores: tuple[tuple[int, ...], tuple[int, ...]]  # per turn, per seat
    winners: tuple[tuple[int, ...], tuple[int, ...]]  # per turn: the seats whose group stands first
    totals: tuple[int, ...]
    places: tuple[int, ...]


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


def judge(seats: list[Seat] | tuple[Seat, ...], thrower: int = 0, config: YeziConfig = DEFAULT) -> Showing:
    """Both showings and the round, as the engine's round scores them."""
    if len(seats) != PLAYERS:
        raise InvalidCards("impossible_hand", f"叶子戏四人同玩，应写 {PLAYERS} 家的牌。", f"叶子戏 is played by four: give the cards of {PLAYERS} players.")
    check_possible([c for s in seats for c in s.cards])
    order = tuple((thrower + k) % PLAYERS for k in range(PLAYERS))
    ranks: list[tuple[int, ...]] = []
    scores: list[tuple[int, ...]] = []
    winners: list[tuple[int, ...]] = []
    totals = [0] * PLAYERS
    for turn in range(2):
        r = [rank_of(seats[s].groups[turn]) for s in range(PLAYERS)]
        sc = group_scores(r, config)
        ranks.append(tuple(r))
        scores.append(tuple(sc))
        totals = [a + b for a, b in zip(totals, sc)]
        winners.append(showing_winners([(s, turn, seats[s].groups[turn]) for s in order]))
    places = places_of(totals, list(order), config)
    return Showing(tuple(seats), order, (ranks[0], ranks[1]), (scores[0], scores[1]), (winners[0], winners[1]), tuple(totals), places)


__all__ = ["Seat", "Showing", "judge", "seat_from_groups", "seat_from_hand"]
