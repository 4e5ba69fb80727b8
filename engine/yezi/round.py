"""A round of four, its pure parts: shuffle, build 16 stacks of two, throw the die, draw; score, rank.

The round in progress — each seat's split, then the eight showings — is
:class:`engine.yezi.state.YeziState`, which deals with :func:`deal` from a seeded
:class:`random.Random` (so a seed replays the same round) or takes the cards a real
table dealt. Players are seats 0–3 in playing order; the die thrower is seat ``thrower``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .cards import DECK, PLAYERS, Card
from .combos import SCATTER_RANK, classify, rank_of
from .config import DEFAULT, YeziConfig

STACKS = 16
STACKS_PER_DRAW = 2
DRAW_ROUNDS = 2


@dataclass(frozen=True)
class Deal:
    stacks: tuple[tuple[Card, Card], ...]  # the wall as one ring of 16 stacks, in order
    die: int  # 1–6
    thrower: int
    first_drawer: int
    start_stack: int  # 0-based index of the first stack drawn
    draws: tuple[tuple[int, tuple[int, ...]], ...]  # (seat, stack indexes) in drawing order
    hands: tuple[tuple[Card, ...], ...]  # each seat's 8 cards, sorted


@dataclass(frozen=True)
class Showing:
    seat: int
    turn: int  # 0 or 1
    group: tuple[Card, ...]
    rank: int  # the combination rank (9 for 流散对)
    score: int  # what it scores under the config


@dataclass(frozen=True)
class Result:
    showings: tuple[Showing, ...]
    totals: tuple[int, ...]  # per seat
    places: tuple[int, ...]  # per seat, 1 = winner
    order: tuple[int, ...]  # showing order (thrower first)
    # per showing (0, 1): the seats whose group stands first in the source's order of the eight
    # combinations ("以排列最靠前的出牌者为优胜"); empty when all four are 流散对 (none is in that order)
    showing_winners: tuple[tuple[int, ...], ...] = ()


def deal(rng: random.Random, thrower: int = 0, config: YeziConfig = DEFAULT) -> Deal:
    cards = list(DECK)
    rng.shuffle(cards)
    stacks = tuple((cards[2 * i], cards[2 * i + 1]) for i in range(STACKS))
    die = rng.randint(1, 6)
    offset = die - 1 if config.count_from == "thrower" else die
    first = (thrower + offset) % PLAYERS
    start = (die - 1) % STACKS
    draws: list[tuple[int, tuple[int, ...]]] = []
    hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
    pos = start
    for _ in range(DRAW_ROUNDS):
        for k in range(PLAYERS):
            seat = (first + k) % PLAYERS
            idx = tuple((pos + j) % STACKS for j in range(STACKS_PER_DRAW))
            pos = (pos + STACKS_PER_DRAW) % STACKS
            draws.append((seat, idx))
            for i in idx:
                hands[seat].extend(stacks[i])
    return Deal(stacks, die, thrower, first, start, tuple(draws), tuple(tuple(sorted(h)) for h in hands))


def group_scores(ranks: list[int], config: YeziConfig) -> list[int]:
    """Scores of the four groups shown at one turn."""
    if config.scoring == "rank":
        return list(ranks)
    # placing: competition ranking among combinations; 流散对 stays 9
    out = []
    for r in ranks:
        if r == SCATTER_RANK:
            out.append(SCATTER_RANK)
        else:
            out.append(1 + sum([1 for q in ranks if q < r]))
    return out


def places_of(totals: list[int], order: list[int], config: YeziConfig) -> tuple[int, ...]:
    """Place of each seat (1 best): lowest total wins."""
    if config.ties == "shared":
        return tuple(1 + sum(1 for u in totals if u < t) for t in totals)
    pos = {seat: i for i, seat in enumerate(order)}
    ranked = sorted(range(len(totals)), key=lambda s: (totals[s], pos[s]))
    places = [0] * len(totals)
    for i, s in enumerate(ranked):
        places[s] = i + 1
    return tuple(places)


def showing_winners(batch: list[tuple[int, int, tuple[Card, ...]]]) -> tuple[int, ...]:
    """Seats (in showing order) whose group is the highest combination shown; none if all are 流散对."""
    ranks = {seat: rank_of(g) for seat, _, g in batch}
    top = min(ranks.values())
    if top == SCATTER_RANK:
        return ()
    return tuple(seat for seat, _, _ in batch if ranks[seat] == top)


def combinations_shown(result: Result) -> int:
    return sum(1 for s in result.showings if classify(s.group) is not None)
