"""下灌字牌: the village's zi pai (appendix of yezixi.txt) as a named variant of 跑胡子.

下灌字牌's rules are written once, in :mod:`engine.paohuzi.xiaguan` (the one module
of another game this one reads): the cards are the 跑胡子 engine's :class:`~engine.paohuzi.cards.Card`
(codes ``x1``–``x10`` for the small 一…十, ``d1``–``d10`` for the big 壹…拾), the
group kinds with their names and 跑胡子 counterparts (:data:`KINDS`, :func:`as_paohuzi`),
the deal's sizes, :data:`XIAGUAN` (the variant the 跑胡子 table plays) and the flags under
the reading options of :class:`YeziConfig` (:func:`rules_of`), and the cards that make a
group with a card (:func:`~engine.paohuzi.xiaguan.partners`). What the table does not
answer lives here, read under those readings: the arrangement search (the tests check that
the 跑胡子 search under :data:`XIAGUAN` agrees with :func:`arrange`), the limits on 吃,
下火规则, 扫牌 and forced 开招 as one seat meets a card, and the seeded deal.

What the appendix states and this module implements:

* 80 cards, 大壹…大拾 and 小一…小十, four of each; the banker holds 21, the
  others 20 (:func:`deal`);
* the groups 开招 (four alike), 坎子 (three alike), 半边 (one number in both
  cases), 顺子 (three in a row, one case), 二七十 (2-7-10, one case) and 对子
  (a pair, only beside a 开招) — :func:`arrange` finds a full arrangement;
* a three-of-a-kind held from the deal is never split (``locked``);
* 吃 only the upper neighbour's discard, into a 顺子 or 半边; 碰 anyone's; never
  a card once passed (:func:`on_discard`, :func:`decline`);
* 下火规则: holding a copy of the card taken, it must go down at once too;
* 扫牌: a third drawn to a pair is forced into a face-down 坎子 (:func:`on_draw`);
* forced 开招 when anyone discards the fourth to a held three.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import lru_cache
from collections.abc import Iterable

from ..paohuzi import xiaguan  # 下灌字牌's rules, written once (pyproject.toml allows this module alone)
from ..paohuzi.xiaguan import BANKER_CARDS, COPIES, KINDS, OTHER_CARDS, PLAYERS, XIAGUAN, Kind, full_deck, partners, rules_of
from .config import DEFAULT, YeziConfig

__all__ = ["BANKER_CARDS", "COPIES", "KINDS", "OTHER_CARDS", "PLAYERS", "XIAGUAN", "Kind", "full_deck", "rules_of"]

MAX_CARDS = 27  # the most one seat can hold in any state of play; bounds every search

#: a card of the 80: the 跑胡子 engine's own type (``big``, ``rank``; ``code``, ``char``, ``zh``, ``en``)
Zi = xiaguan.Card
FACES: tuple[Zi, ...] = xiaguan.FACES  # small 1–10, then big 1–10


def parse_zi(code: object) -> Zi | None:
    if not isinstance(code, str):
        return None
    return xiaguan.parse_card(code)


# ---------------------------------------------------------------- groups


@dataclass(frozen=True)
class Group:
    kind: str
    cards: tuple[Zi, ...]

    @staticmethod
    def of(kind: str, cards: Iterable[Zi]) -> Group:
        return Group(kind, tuple(sorted(cards)))


def as_paohuzi(g: Group, face_up: bool = False) -> xiaguan.Group:
    """The same group in the 跑胡子 engine's terms (开招 → 提, 半边 and 二七十 → 编, …)."""
    return xiaguan.paohuzi_group(g.kind, g.cards, face_up)


def kind_of(cards: Iterable[Zi], config: YeziConfig = DEFAULT) -> str | None:
    """The group kind these cards make on their own (对子 without regard to the 开招 condition)."""
    cs = tuple(sorted(cards))
    n = len(cs)
    if n == 0:
        return None
    same = len(set(cs)) == 1
    if n == 4:
        return "kaizhao" if same else None
    if n == 2:
        return "duizi" if same else None
    if n != 3:
        return None
    if same:
        return "kanzi"
    ranks = sorted(c.rank for c in cs)
    cases = {c.big for c in cs}
    if len(set(ranks)) == 1:  # both cases present, since not all alike
        if config.banbian == "two_big" and sum(1 for c in cs if c.big) != 2:
            return None
        return "banbian"
    if len(cases) != 1:
        return None
    if ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
        return "shunzi"
    if ranks == [2, 7, 10]:
        return "erqishi"
    return None


def _counts(cards: Iterable[Zi]) -> dict[Zi, int]:
    d: dict[Zi, int] = {}
    for c in cards:
        d[c] = d.get(c, 0) + 1
    return d


def locked_of(hand: Iterable[Zi]) -> frozenset[Zi]:
    """Faces held three or four times: from the deal these are never split."""
    return frozenset(z for z, n in _counts(hand).items() if n >= 3)


def arrange(
    hand: Iterable[Zi], locked: Iterable[Zi] | None = None, config: YeziConfig = DEFAULT
) -> tuple[Group, ...] | None:
    """A full arrangement of ``hand`` into groups (拢好的墩), or None.

    ``locked`` (default: every face held three or more times) must stay whole
    as a 坎子 or 开招. Pairs are allowed only beside a 开招 (``config.pairs``).
    """
    cards = sorted(hand)
    if len(cards) > MAX_CARDS:
        raise ValueError("too many cards")
    lk = locked_of(cards) if locked is None else frozenset(locked)
    counts = tuple(sum(1 for c in cards if c == f) for f in FACES)
    res = _arrange(counts, frozenset(FACES.index(z) for z in lk if z in FACES), 0, 0, config)
    return None if res is None else tuple(res)


def _pairs_ok(pairs: int, kaizhao: int, config: YeziConfig) -> bool:
    if config.pairs == "per_kaizhao":
        return pairs <= kaizhao
    return pairs == 0 or kaizhao > 0


def _tries(i: int, counts: tuple[int, ...], config: YeziConfig) -> list[tuple[dict[int, int], str, int, int]]:
    """The groups the first face still held (index ``i``, not locked) may go into, in the order they are tried:
    each as (face -> copies used, kind, pairs added, 开招 added)."""
    z = FACES[i]
    n = counts[i]
    tries: list[tuple[dict[int, int], str, int, int]] = []
    if n >= 4:
        tries.append(({i: 4}, "kaizhao", 0, 1))
    if n >= 3:
        tries.append(({i: 3}, "kanzi", 0, 0))
    other = FACES.index(Zi(not z.big, z.rank))
    for mine in (2, 1):
        theirs = 3 - mine
        if n >= mine and counts[other] >= theirs:
            bigs = mine if z.big else theirs
            if config.banbian == "two_big" and bigs != 2:
                continue
            tries.append(({i: mine, other: theirs}, "banbian", 0, 0))
    if z.rank <= 8:
        tries.append(({i: 1, i + 1: 1, i + 2: 1}, "shunzi", 0, 0))
    if z.rank == 2:
        tries.append(({i: 1, i + 5: 1, i + 8: 1}, "erqishi", 0, 0))
    if n >= 2:
        tries.append(({i: 2}, "duizi", 1, 0))
    return tries


@lru_cache(maxsize=100_000)
def _arrange(
    counts: tuple[int, ...], locked: frozenset[int], pairs: int, kaizhao: int, config: YeziConfig
) -> tuple[Group, ...] | None:
    # face order: small 1..10 then big 1..10; take the first face still held
    i = next((j for j, n in enumerate(counts) if n), None)
    if i is None:
        return () if _pairs_ok(pairs, kaizhao, config) else None
    n = counts[i]

    def go(used: dict[int, int], kind: str, dp: int = 0, dk: int = 0) -> tuple[Group, ...] | None:
        c = list(counts)
        for j, k in used.items():
            if c[j] < k or (j in locked and j != i):
                return None
            c[j] -= k
        rest = _arrange(tuple(c), locked, pairs + dp, kaizhao + dk, config)
        if rest is None:
            return None
        g = Group.of(kind, [FACES[j] for j, k in used.items() for _ in range(k)])
        return (g,) + rest

    if i in locked:  # a dealt three (or four) stays whole
        if n == 4:
            return go({i: 4}, "kaizhao", dk=1)
        if n == 3:
            return go({i: 3}, "kanzi")
        return None
    for used, kind, dp, dk in _tries(i, counts, config):
        r = go(used, kind, dp, dk)
        if r is not None:
            return r
    return None


# ---------------------------------------------------------------- a seat in play


@dataclass(frozen=True)
class Seat:
    hand: tuple[Zi, ...]  # concealed cards, sorted
    locked: frozenset[Zi] = frozenset()  # dealt threes: never split
    passed: frozenset[Zi] = frozenset()  # cards once offered and not taken: never 吃 or 碰 again
    table: tuple[tuple[Group, bool], ...] = ()  # groups laid down, with face-up flag

    @staticmethod
    def dealt(hand: Iterable[Zi]) -> Seat:
        h = tuple(sorted(hand))
        return Seat(h, locked_of(h))


@dataclass(frozen=True)
class Reaction:
    forced: str | None  # "kaizhao" (亮) or "saopai" (扫牌, 暗) — must be done
    peng: bool  # may 碰
    chi: tuple[tuple[Group, ...], ...]  # ways to 吃: the groups laid down at once
    why_not_chi: str  # "" or a reason code
    why_not_peng: str


def _without(hand: tuple[Zi, ...], cards: Iterable[Zi]) -> tuple[Zi, ...] | None:
    h = list(hand)
    for c in cards:
        if c not in h:
            return None
        h.remove(c)
    return tuple(h)


def _chi_kinds(config: YeziConfig) -> tuple[str, ...]:
    return ("shunzi", "banbian", "erqishi") if rules_of(config).chi_red_bian else ("shunzi", "banbian")


def _groups_with(card: Zi, pool: tuple[Zi, ...], kinds: tuple[str, ...], config: YeziConfig) -> set[tuple[Zi, ...]]:
    """Pairs of cards from ``pool`` that make a group of ``kinds`` with ``card``."""
    out: set[tuple[Zi, ...]] = set()
    for za, zb in partners(card, kinds):
        pair = tuple(sorted((za, zb)))
        if _without(pool, pair) is not None and kind_of((card,) + pair, config) in kinds:
            out.add(pair)
    return out


def chi_ways(
    seat: Seat, card: Zi, config: YeziConfig = DEFAULT, limit: int = 64, xiahuo: bool = True
) -> tuple[tuple[Group, ...], ...]:
    """Ways to 吃 ``card`` under the 下火规则: the groups laid down at once.

    Cards of locked faces cannot be used. If the seat holds copies of ``card``,
    each must go down in the same move ("clear"), or, under "separate", each
    group may hold only one copy (so one held copy means two groups, as in the
    appendix's example).
    """
    pool = tuple(c for c in seat.hand if c not in seat.locked)
    held = pool.count(card) if xiahuo else 0
    found: set[tuple[Group, ...]] = set()

    def rec(pool: tuple[Zi, ...], copies_left: int, groups: tuple[Group, ...], kinds: tuple[str, ...]) -> None:
        if len(found) >= limit:
            return
        if copies_left == 0:
            found.add(tuple(sorted(groups, key=lambda g: (g.kind, g.cards))))
            return
        # another group containing one held copy, built from the hand
        rest = _without(pool, (card,))
        assert rest is not None
        for pair in _groups_with(card, rest, ("shunzi", "banbian", "erqishi"), config):
            k = pair.count(card)
            if rules_of(config).xiahuo == "separate" and k:
                continue
            if k + 1 > copies_left:
                continue
            left = _without(rest, pair)
            if left is None:
                continue
            g = Group.of(kind_of((card,) + pair, config) or "", (card,) + pair)
            rec(left, copies_left - 1 - k, groups + (g,), kinds)

    for pair in _groups_with(card, pool, _chi_kinds(config), config):
        k = pair.count(card)
        if xiahuo and rules_of(config).xiahuo == "separate" and k:
            continue
        left = _without(pool, pair)
        if left is None:
            continue
        g = Group.of(kind_of((card,) + pair, config) or "", (card,) + pair)
        rec(left, max(0, held - k), (g,), _chi_kinds(config))
    return tuple(sorted(found, key=lambda w: [(g.kind, g.cards) for g in w]))


def on_discard(seat: Seat, card: Zi, from_upper: bool, config: YeziConfig = DEFAULT) -> Reaction:
    """What ``seat`` may or must do when another player discards ``card``."""
    n = seat.hand.count(card)
    if n >= 3:
        return Reaction("kaizhao", False, (), "forced_kaizhao", "forced_kaizhao")
    passed = card in seat.passed
    peng = n == 2 and not passed
    why_peng = "" if peng else ("passed" if passed and n == 2 else "no_pair")
    if passed:
        return Reaction(None, peng, (), "passed", why_peng)
    if not from_upper and not rules_of(config).chi_own_draw:
        return Reaction(None, peng, (), "not_upper", why_peng)
    ways = chi_ways(seat, card, config)
    why = ""
    if not ways:
        why = "xiahuo" if chi_ways(seat, card, config, limit=1, xiahuo=False) else "no_group"
    return Reaction(None, peng, ways, why, why_peng)


def decline(seat: Seat, card: Zi) -> Seat:
    """The seat lets ``card`` go by: it may never 吃 or 碰 that card again (过张)."""
    return replace(seat, passed=seat.passed | {card})


def on_draw(seat: Seat, card: Zi, config: YeziConfig = DEFAULT) -> Reaction:
    """What is forced when ``seat`` draws ``card`` itself. Its own draw is never 吃 (only the upper seat's discard)."""
    n = seat.hand.count(card)
    if n == 2:
        return Reaction("saopai", False, (), "own_draw", "own_draw")
    if n == 3 and rules_of(config).self_fourth == "forced":
        return Reaction("kaizhao", False, (), "own_draw", "own_draw")
    return Reaction(None, False, (), "own_draw", "own_draw")


def apply_forced(seat: Seat, card: Zi, forced: str) -> Seat:
    """Lay down the forced group: 扫牌 face down, 开招 face up."""
    same = tuple(c for c in seat.hand if c == card)
    hand = tuple(c for c in seat.hand if c != card)
    if forced == "saopai":
        return replace(seat, hand=hand, locked=seat.locked - {card}, table=seat.table + ((Group.of("kanzi", same + (card,)), False),))
    if forced == "kaizhao":
        return replace(seat, hand=hand, locked=seat.locked - {card}, table=seat.table + ((Group.of("kaizhao", same + (card,)), True),))
    raise ValueError(forced)


# ---------------------------------------------------------------- dealing


@dataclass(frozen=True)
class ZiDeal:
    seed: int
    hands: tuple[tuple[Zi, ...], ...]  # seat 0 is the banker (21 cards)
    stock: tuple[Zi, ...]


def deal(seed: int) -> ZiDeal:
    """Shuffle the 80 cards (seeded) and deal 21 to the banker and 20 to each of the two others."""
    rng = random.Random(seed)
    cards = full_deck()
    rng.shuffle(cards)  # the deck in the 跑胡子 engine's face order, then shuffled
    sizes = (BANKER_CARDS,) + (OTHER_CARDS,) * (PLAYERS - 1)
    hands = []
    pos = 0
    for s in sizes:
        hands.append(tuple(sorted(cards[pos : pos + s])))
        pos += s
    return ZiDeal(seed, tuple(hands), tuple(cards[pos:]))
