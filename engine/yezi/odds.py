"""Exact numbers about hands and rounds, by enumeration over card counts.

An 8-card hand is enumerated as a vector of counts (leaves 0–2, each numeral
0–3) weighted by the number of ways to pick those cards from the deck, so every
probability here is an exact fraction of C(32, 8) = 10 518 300 hands.
Only :func:`simulate_rounds` samples (a seeded Monte Carlo), and says so.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

from .best import best_split
from .cards import COUNTS, DECK, HAND_SIZE, PLAYERS
from .combos import COMBINATIONS, SCATTER_RANK, Combination, classify
from .round import combinations_shown
from .state import YeziState


def hand_vectors(size: int = HAND_SIZE) -> list[tuple[tuple[int, ...], int]]:
    """Every possible hand as (counts per card value, number of deck hands with those counts)."""
    out: list[tuple[tuple[int, ...], int]] = []

    def rec(v: int, left: int, acc: list[int], w: int) -> None:
        if v == len(COUNTS):
            if left == 0:
                out.append((tuple(acc), w))
            return
        for k in range(min(COUNTS[v], left) + 1):
            acc.append(k)
            rec(v + 1, left - k, acc, w * comb(COUNTS[v], k))
            acc.pop()

    rec(0, size, [], 1)
    return out


def cards_of(counts: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(v for v, k in enumerate(counts) for _ in range(k))


def _needs(c: Combination) -> tuple[tuple[int, int], ...]:
    return tuple((v, c.cards.count(v)) for v in sorted(set(c.cards)))


_NEEDS: dict[str, tuple[tuple[int, int], ...]] = {c.id: _needs(c) for c in COMBINATIONS}


def contains(counts: tuple[int, ...], c: Combination) -> bool:
    """Whether a hand with these card counts holds the combination's four cards."""
    for v, k in _NEEDS[c.id]:  # noqa: SIM110  a plain loop: hand_odds() calls this for every hand, all() over a generator is slower
        if counts[v] < k:
            return False
    return True


@dataclass(frozen=True)
class HandOdds:
    total: int  # number of 8-card hands, C(32,8)
    contains: dict[str, int]  # combination id -> hands holding its four cards
    shown: dict[str, int]  # combination id -> hands whose best split shows it at least once
    shown_twice: dict[str, int]  # … shows it in both groups
    any_combination: int  # hands holding at least one combination
    two_combinations: int  # hands whose best split is two combinations
    best_scores: dict[int, int]  # best total (2–18) -> hands
    expected_shown: Fraction  # expected number of combinations in a hand's best split


@lru_cache(maxsize=1)
def hand_odds() -> HandOdds:
    total = 0
    cont = {c.id: 0 for c in COMBINATIONS}
    shown = {c.id: 0 for c in COMBINATIONS}
    twice = {c.id: 0 for c in COMBINATIONS}
    any_c = 0
    two = 0
    scores: dict[int, int] = {s: 0 for s in range(2, 2 * SCATTER_RANK + 1)}
    n_shown = 0
    for counts, w in hand_vectors():
        total += w
        held = [c for c in COMBINATIONS if contains(counts, c)]
        for c in held:
            cont[c.id] += w
        if held:
            any_c += w
        sp = best_split(cards_of(counts))
        scores[sp.score] += w
        ids = [k.id for k in (classify(g) for g in sp.groups) if k is not None]
        for i in set(ids):
            shown[i] += w
        if len(ids) == 2:
            two += w
            if ids[0] == ids[1]:
                twice[ids[0]] += w
        n_shown += w * len(ids)
    return HandOdds(total, cont, shown, twice, any_c, two, scores, Fraction(n_shown, total))


# ---------------------------------------------------------------- a round's limits


def max_copies(c: Combination) -> int:
    """How many times one combination can be shown in a round: the deck's supply."""
    need = [0] * 11
    for x in c.cards:
        need[x] += 1
    return min(COUNTS[v] // need[v] for v in range(11) if need[v])


def packings() -> list[tuple[str, ...]]:
    """Every multiset of combinations the 32 cards can supply at once, maximal ones only.

    Searched over the deck's counts, so it is the engine (not an argument on
    paper) that finds the limits set by three 合 and two 叶.
    """
    found: list[tuple[str, ...]] = []

    def rec(i: int, left: list[int], acc: list[str]) -> None:
        if i == len(COMBINATIONS):
            found.append(tuple(acc))
            return
        c = COMBINATIONS[i]
        need = [0] * 11
        for x in c.cards:
            need[x] += 1
        k = 0
        while True:
            rec(i + 1, left, acc + [c.id] * k)
            if all(left[v] >= need[v] for v in range(11)):
                for v in range(11):
                    left[v] -= need[v]
                k += 1
            else:
                break
        for v in range(11):
            left[v] += need[v] * k

    rec(0, list(COUNTS), [])
    # keep the maximal ones (no other packing strictly contains it)
    def sub(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
        return all(a.count(x) <= b.count(x) for x in set(a)) and len(a) < len(b)

    return sorted({p for p in found if not any(sub(p, q) for q in found)}, key=lambda p: (-len(p), p))


def round_limits() -> dict[str, object]:
    ps = packings()
    most = max(len(p) for p in ps)
    leaf_ids = {c.id for c in COMBINATIONS if c.uses_leaf}
    return {
        "max_combinations": most,
        "max_leaf_combinations": max(sum(1 for x in p if x in leaf_ids) for p in ps),
        "groups_shown": PLAYERS * 2,
        "min_scattered": PLAYERS * 2 - most,
        "packings": ps,
        "he_in_deck": COUNTS[10],
        "leaves_in_deck": COUNTS[0],
        "all_use_he": all(10 in c.cards for c in COMBINATIONS),
    }


@dataclass(frozen=True)
class RoundSample:
    rounds: int
    seed: int
    combinations: dict[int, int]  # number of combinations shown in the round -> rounds
    winning_totals: dict[int, int]  # the winner's total -> rounds
    shared_wins: int  # rounds whose first place is shared


@lru_cache(maxsize=8)
def simulate_rounds(rounds: int, seed: int) -> RoundSample:
    """Monte Carlo: play ``rounds`` seeded rounds, every player showing their best split."""
    rounds = max(0, min(rounds, 200_000))
    rng = random.Random(seed)
    combos: dict[int, int] = {}
    wins: dict[int, int] = {}
    shared = 0
    for _ in range(rounds):
        r = YeziState({"seed": rng.randrange(2**62), "thrower": rng.randrange(PLAYERS)})
        res = r.play_out()
        n = combinations_shown(res)
        combos[n] = combos.get(n, 0) + 1
        w = min(res.totals)
        wins[w] = wins.get(w, 0) + 1
        if sum(1 for p in res.places if p == 1) > 1:
            shared += 1
    return RoundSample(rounds, seed, dict(sorted(combos.items())), dict(sorted(wins.items())), shared)


assert len(DECK) == 32


@dataclass(frozen=True)
class OptionEffect:
    option: str  # YeziConfig field
    choice: str  # the other reading
    rounds: int
    seed: int
    winners_differ: int  # rounds whose set of winners changes
    places_differ: int  # rounds where any player's place changes


@lru_cache(maxsize=8)
def option_effects(rounds: int, seed: int) -> tuple[OptionEffect, ...]:
    """Monte Carlo: how often each 叶子戏 reading option changes a round's outcome.

    The same seeded deals are played under the default config and under each
    alternative; players show their best split in both.
    """
    rounds = max(0, min(rounds, 50_000))
    alts = (("scoring", "placing"), ("ties", "first_shown"), ("count_from", "next"))
    counts = {a: [0, 0] for a in alts}
    rng = random.Random(seed)
    for _ in range(rounds):
        s, thrower = rng.randrange(2**62), rng.randrange(PLAYERS)
        base = YeziState({"seed": s, "thrower": thrower}).play_out()
        for field_, choice in alts:
            other = YeziState({"seed": s, "thrower": thrower, "options": {field_: choice}}).play_out()
            w0 = {p for p, q in enumerate(base.places) if q == 1}
            w1 = {p for p, q in enumerate(other.places) if q == 1}
            counts[(field_, choice)][0] += w0 != w1
            counts[(field_, choice)][1] += base.places != other.places
    return tuple(OptionEffect(f, c, rounds, seed, n[0], n[1]) for (f, c), n in counts.items())
