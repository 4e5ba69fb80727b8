"""Dealing, the moves and the pure rules of a hand (the hand in play: :mod:`engine.gupai.state`).

Seats 0–3 play in order; ``dealer`` (庄家) leads the first trick. The deal:
the 32 tiles are shuffled face down and stacked two high into 16 stacks; from
the dealer round the table each player takes one stack (two tiles) at a
time, four times, so each holds eight.

A move is a :class:`Move`: the tiles laid and whether they are face up (打, a
play that competes) or face down (垫, a discard that never wins). The winner
of each trick takes its 墩 and leads the next one; the winner of the last
trick closes (结牌).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .config import DEFAULT, GupaiConfig
from .tiles import BY_CODE, DECK, DIAN, HAND_SIZE, PLAYERS, YAO, level, sort_tiles

STACKS = 16
MAX_MOVES = PLAYERS * HAND_SIZE  # every move lays at least one tile


@dataclass(frozen=True)
class Deal:
    seed: int
    dealer: int
    stacks: tuple[tuple[str, str], ...]
    hands: tuple[tuple[str, ...], ...]  # sorted, per seat


def deal(seed: int, dealer: int = 0) -> Deal:
    rng = random.Random(seed)
    tiles = list(DECK)
    rng.shuffle(tiles)
    stacks = tuple((tiles[2 * i], tiles[2 * i + 1]) for i in range(STACKS))
    hands: list[list[str]] = [[] for _ in range(PLAYERS)]
    for k, st in enumerate(stacks):  # one stack each, from the dealer round the table
        hands[(dealer + k) % PLAYERS].extend(st)
    return Deal(seed, dealer, stacks, tuple(sort_tiles(h) for h in hands))


def table_deal(dealer: int, hands: Sequence[Sequence[str]]) -> Deal:
    """The deal of a real table: each seat's eight tiles (seat A first), as it took them two by two,
    one stack each from the dealer round the table (no seed: ``seed`` is 0)."""
    rest = [list(h) for h in hands]
    stacks = []
    for k in range(STACKS):
        h = rest[(dealer + k) % PLAYERS]
        stacks.append((h.pop(0), h.pop(0)))
    return Deal(0, dealer, tuple(stacks), tuple(sort_tiles(tuple(h)) for h in hands))


@dataclass(frozen=True)
class Move:
    tiles: tuple[str, ...]
    up: bool = True  # False: 垫 face down


@dataclass(frozen=True)
class Trick:
    leader: int
    moves: tuple[tuple[int, Move], ...]  # (seat, move) in playing order
    winner: int
    dun: int


def jiao_lead(hand: tuple[str, ...], config: GupaiConfig = DEFAULT) -> tuple[str, tuple[str, ...]]:
    """The rule that decides a single lead under 叫牌 (with three or two tiles left), and the tiles it allows.

    Order (line 33): with three tiles, a. ``zhong`` 有重叫重 (two of one class: one of those two, either one —
    "必须出其一张") then b. ``yao`` 有幺叫幺，无幺叫点 (option ``jiao_order`` swaps a and b); with two tiles, c.
    ``xiao`` 叫小 (the one lower in its own class, counted as ``jiao_count`` says; ``same``: two of one class, the
    lower of the two), and where both stand ``level``, b; ``free`` when no rule narrows the choice.
    """
    n = len(hand)
    if n not in (2, 3):
        return "free", tuple(sorted(set(hand)))
    cls = [BY_CODE[t].cls for t in hand]
    if n == 3:
        zhong = next((tuple(sorted({t for t in hand if BY_CODE[t].cls == c})) for c in set(cls) if cls.count(c) >= 2), ())
        yao = tuple(sorted({t for t in hand if BY_CODE[t].cls == YAO})) or tuple(sorted({t for t in hand if BY_CODE[t].cls == DIAN}))
        order = [("zhong", zhong), ("yao", yao)] if config.jiao_order == "zhong_first" else [("yao", yao), ("zhong", zhong)]
        return next((rule for rule in order if rule[1]), ("free", tuple(sorted(set(hand)))))
    a, b = hand
    fa, fb = BY_CODE[a], BY_CODE[b]
    if fa.cls == fb.cls:  # same class: the lower one
        return "same", tuple(sorted({a, b})) if fa.rank == fb.rank else (a,) if fa.rank < fb.rank else (b,)
    from_top = config.jiao_count == "from_top"
    la, lb = level(a, from_top), level(b, from_top)
    if la != lb:  # 叫小: the one lower in its own class
        return "xiao", (a,) if (la < lb) != from_top else (b,)
    for c in (YAO, DIAN):  # 有幺叫幺，无幺叫点
        pick = tuple(t for t in hand if BY_CODE[t].cls == c)
        if pick:
            return "level", pick
    return "free", tuple(sorted({a, b}))


def jiao_singles(hand: tuple[str, ...], config: GupaiConfig = DEFAULT) -> tuple[str, ...]:
    """The single tiles a leader may lead under 叫牌 (:func:`jiao_lead`)."""
    return jiao_lead(hand, config)[1]


def jiao_reason(hand: tuple[str, ...], config: GupaiConfig = DEFAULT) -> tuple[str, str]:
    """Which lead rule decides a single lead from this hand, in words (zh, en)."""
    rule, allowed = jiao_lead(hand, config)
    zh = "或".join(BY_CODE[t].zh for t in allowed)
    en = " or ".join(BY_CODE[t].en for t in allowed)
    n = len(hand)
    if n == 3 and rule == "zhong":
        words = ("有重叫重：三张里有两张同门，须出其中一张", "有重叫重: two of your three tiles are of one class, so one of them must be led")
    elif n == 3:
        words = ("有幺叫幺，无幺叫点", "有幺叫幺，无幺叫点: lead an ace-class tile if you have one, else a points tile")
    else:
        words = ("叫小：两张各在本门倒着数，出小的那张", "叫小: of two tiles, lead the one lower in its own class")
    return (f"叫牌规则（剩 {n} 张）：{words[0]}，所以单张只能出{zh}。",
            f"Lead rules ({n} tiles left): {words[1]}; so the single you lead must be {en}.")


def without(hand: tuple[str, ...], tiles: tuple[str, ...]) -> tuple[str, ...] | None:
    """``hand`` less ``tiles`` (None when it does not hold them all)."""
    left = list(hand)
    for t in tiles:
        if t not in left:
            return None
        left.remove(t)
    return tuple(left)
