"""A round of four: shuffle, build 16 stacks of two, throw the die, draw, arrange, show twice, rank.

A :class:`Round` is a state object driven by a seeded :class:`random.Random`, so
a seed replays the same round. Players are seats 0–3 in playing order; the die
thrower is seat ``thrower``.

Each player arranges both groups before anyone shows (the source: every
showing is "一组已组合好的四张牌", a group already put together). So a
player's arrangement (which four first, which four second) is fixed once the
first group of the round is shown: :meth:`Round.arrange` is refused after
that, and a seat that has not arranged by then takes its best split. Nobody
can change their second group after seeing the others' first.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations

from .best import best_split
from .cards import DECK, GROUP_SIZE, PLAYERS, Card
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
            out.append(1 + sum(1 for q in ranks if q < r))
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


class Round:
    """A round in progress. ``legal_actions()`` lists the groups the player to show may show."""

    def __init__(self, seed: int, thrower: int = 0, config: YeziConfig = DEFAULT) -> None:
        self.seed = seed
        self.config = config
        self.rng = random.Random(seed)
        self.deal = deal(self.rng, thrower, config)
        self.order = tuple((thrower + k) % PLAYERS for k in range(PLAYERS))  # thrower shows first
        self.held: list[list[Card]] = [list(h) for h in self.deal.hands]
        self.shown: list[tuple[int, int, tuple[Card, ...]]] = []  # (seat, turn, group)
        # seat -> (first group, second group), fixed before the first showing
        self.arranged: dict[int, tuple[tuple[Card, ...], tuple[Card, ...]]] = {}

    # --- arranging (before anyone shows)
    def arrange(self, seat: int, first: tuple[Card, ...] | list[Card], second: tuple[Card, ...] | list[Card]) -> None:
        """Fix a seat's two groups and their order. Only before the first showing of the round."""
        if self.shown:
            raise ValueError("the groups are fixed once the first group is shown")
        a, b = tuple(sorted(first)), tuple(sorted(second))
        if len(a) != GROUP_SIZE or len(b) != GROUP_SIZE:
            raise ValueError("a group is four cards")
        if tuple(sorted(a + b)) != self.deal.hands[seat]:
            raise ValueError("the two groups are not this player's eight cards")
        self.arranged[seat] = (a, b)

    def _fix_arrangements(self, seat: int, group: tuple[Card, ...]) -> None:
        """At the first showing: the seat showing fixes its own split; every other seat takes its best."""
        if seat not in self.arranged:
            rest = list(self.deal.hands[seat])
            for c in group:
                rest.remove(c)
            self.arranged[seat] = (group, tuple(sorted(rest)))
        for other in range(PLAYERS):
            if other not in self.arranged:
                sp = best_split(self.deal.hands[other])
                self.arranged[other] = (sp.groups[0], sp.groups[1])

    # --- state
    @property
    def turn(self) -> int:
        return len(self.shown) // PLAYERS

    @property
    def done(self) -> bool:
        return len(self.shown) == PLAYERS * 2

    @property
    def to_show(self) -> int | None:
        return None if self.done else self.order[len(self.shown) % PLAYERS]

    def legal_actions(self) -> list[tuple[Card, ...]]:
        seat = self.to_show
        if seat is None:
            return []
        if seat in self.arranged:
            return [self.arranged[seat][self.turn]]
        held = sorted(self.held[seat])
        if len(held) == GROUP_SIZE:
            return [tuple(held)]
        return sorted({tuple(held[i] for i in c) for c in combinations(range(len(held)), GROUP_SIZE)})

    def show(self, group: tuple[Card, ...] | list[Card]) -> None:
        g = tuple(sorted(group))
        seat = self.to_show
        if seat is None:
            raise ValueError("the round is over")
        rest = list(self.held[seat])
        for c in g:
            if c not in rest:
                raise ValueError("the player does not hold these cards")
            rest.remove(c)
        if len(g) != GROUP_SIZE:
            raise ValueError("a group is four cards")
        if seat in self.arranged and self.arranged[seat][self.turn] != g:
            raise ValueError("the player's groups were fixed before the first showing")
        if not self.shown:
            self._fix_arrangements(seat, g)
        for c in g:
            self.held[seat].remove(c)
        self.shown.append((seat, self.turn, g))

    def show_best(self) -> None:
        """The player to show shows their arranged group (by default the better group of their best split)."""
        seat = self.to_show
        assert seat is not None
        if seat in self.arranged:
            self.show(self.arranged[seat][self.turn])
        elif self.turn == 0:
            self.show(best_split(self.deal.hands[seat]).groups[0])
        else:
            self.show(tuple(self.held[seat]))

    def play_out(self) -> Result:
        while not self.done:
            self.show_best()
        return self.result()

    def result(self) -> Result:
        if not self.done:
            raise ValueError("the round is not over")
        showings: list[Showing] = []
        totals = [0] * PLAYERS
        winners: list[tuple[int, ...]] = []
        for turn in range(2):
            batch = self.shown[turn * PLAYERS : (turn + 1) * PLAYERS]
            ranks = [rank_of(g) for _, _, g in batch]
            scores = group_scores(ranks, self.config)
            for (seat, t, g), r, s in zip(batch, ranks, scores):
                showings.append(Showing(seat, t, g, r, s))
                totals[seat] += s
            winners.append(showing_winners(batch))
        places = places_of(totals, list(self.order), self.config)
        return Result(tuple(showings), tuple(totals), places, self.order, tuple(winners))


def showing_winners(batch: list[tuple[int, int, tuple[Card, ...]]]) -> tuple[int, ...]:
    """Seats (in showing order) whose group is the highest combination shown; none if all are 流散对."""
    ranks = {seat: rank_of(g) for seat, _, g in batch}
    top = min(ranks.values())
    if top == SCATTER_RANK:
        return ()
    return tuple(seat for seat, _, _ in batch if ranks[seat] == top)


def combinations_shown(result: Result) -> int:
    return sum(1 for s in result.showings if classify(s.group) is not None)
