"""下灌字牌: the village's zi pai (appendix of yezixi.txt), 叶子戏's 字牌, played by the 跑胡子 engine's rules.

下灌字牌's rules are written once, on the 跑胡子 side (:mod:`engine.paohuzi.xiaguan`, the one module of another
game this one reads): the cards are the 跑胡子 engine's :class:`~engine.paohuzi.cards.Card` (codes ``x1``–``x10``
for the small 一…十, ``d1``–``d10`` for the big 壹…拾), the group kinds with their names (:data:`KINDS`,
:func:`~engine.paohuzi.xiaguan.kind_of`), the deal's sizes and shuffle, :data:`XIAGUAN` (the variant the 跑胡子
table plays) and its flags under the reading options of :class:`YeziConfig` (:func:`rules_of`), the arrangement
search (``arrange_counts``) and what a seat may or must do with a card it meets
(:class:`~engine.paohuzi.table.Meeting`). This module only translates: 叶子戏's cards and readings into those
calls, and their answers into the codes and names 叶子戏's 字牌 gives (its API actions, its cases on the pages).

What the appendix states, and where it is answered:

* 80 cards, 大壹…大拾 and 小一…小十, four of each; the banker holds 21, the others 20 (:func:`deal`);
* the groups 开招 (four alike), 坎子 (three alike), 半边 (one number in both cases), 顺子 (three in a row, one
  case), 二七十 (2-7-10, one case) and 对子 (a pair, only beside a 开招) — :func:`arrange` finds a full
  arrangement (the pairs it allows under the ``pairs`` reading are the table's rule, ``pair_allowance``);
* a three-of-a-kind held from the deal is never split (``locked``);
* 吃 only the upper neighbour's discard, into a 顺子 or 半边; 碰 anyone's; never a card once passed
  (:func:`on_discard`); 下火规则: holding a copy of the card taken, it must go down at once too;
* 扫牌: a third drawn to a pair is forced into a face-down 坎子 (:func:`on_draw`);
* forced 开招 when anyone discards the fourth to a held three.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Iterable

from ..paohuzi import xiaguan  # 下灌字牌's rules, written once (pyproject.toml allows this module alone)
from ..paohuzi.xiaguan import BANKER_CARDS, COPIES, KINDS, OTHER_CARDS, PLAYERS, XIAGUAN, Meeting, full_deck, rules_of
from .config import DEFAULT, YeziConfig

__all__ = ["BANKER_CARDS", "COPIES", "KINDS", "OTHER_CARDS", "PLAYERS", "XIAGUAN", "full_deck", "rules_of"]

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
    return xiaguan.kind_of(cards, rules_of(config))


def _counts(cards: Iterable[Zi]) -> tuple[int, ...]:
    return tuple(xiaguan.counts_of(cards))


def locked_of(hand: Iterable[Zi]) -> frozenset[Zi]:
    """Faces held three or four times: from the deal these are never split."""
    return frozenset(z for z, n in zip(FACES, _counts(hand)) if n >= 3)


_ORDER = ("kaizhao", "kanzi", "banbian", "shunzi", "erqishi", "duizi")  # the kinds at one first card, as listed


def arrange(
    hand: Iterable[Zi], locked: Iterable[Zi] | None = None, config: YeziConfig = DEFAULT
) -> tuple[Group, ...] | None:
    """A full arrangement of ``hand`` into groups (拢好的墩), or None: the 跑胡子 engine's search under
    :func:`rules_of`, its groups named in 下灌's kinds, in the order of their first cards.

    ``locked`` (default: every face held three or more times) must stay whole as a 坎子 or 开招. Pairs are
    allowed only beside a 开招: one for each (reading ``pairs`` "per_kaizhao", the 跑胡子 table's 下灌 variant's
    rule) or any number ("any"), as :func:`rules_of` sets ``pairs_per_ti``.
    """
    cards = sorted(hand)
    if len(cards) > MAX_CARDS:
        raise ValueError("too many cards")
    counts = _counts(cards)
    whole = frozenset(z.index for z in (locked_of(cards) if locked is None else locked))
    quads = sum(1 for i in whole if counts[i] == 4)
    rules = rules_of(config)
    got = xiaguan.arrange_counts(counts, xiaguan.pair_allowance(quads, rules), rules, whole, rules.pairs_per_ti)
    if got is None:
        return None
    groups = (Group.of(kind_of(g.cards, config) or "", g.cards) for g in got[1])
    return tuple(sorted(groups, key=lambda g: (g.cards[0].index, _ORDER.index(g.kind), g.cards)))



# ---------------------------------------------------------------- a seat meeting a card


@dataclass(frozen=True)
class Reaction:
    forced: str | None  # "kaizhao" (亮) or "saopai" (扫牌, 暗) — must be done
    peng: bool  # may 碰
    chi: tuple[tuple[Group, ...], ...]  # ways to 吃: the groups laid down at once
    why_not_chi: str  # "" or a reason code
    why_not_peng: str


#: the table's rule ids (:class:`Meeting`'s reasons: the first broken, in the order every refused 吃 is named in,
#: :data:`engine.paohuzi.table.CHI_CHECKS`) as 字牌's reason codes
WHY = {"": "", "peng": "no_pair", "peng_er": "passed", "chou_zhang": "passed", "chi_from": "not_upper", "bi": "xiahuo",
       "chi": "no_group", "kan": "no_group", "claim_kan": "no_group"}
MAX_WAYS = 64  # the ways to 吃 answered (a bound on the answer)


def _meeting(hand: Iterable[Zi], card: Zi, config: YeziConfig, drawn: bool = False, passed: bool = False) -> Meeting:
    # a few cards of a hand, not a whole one: a claim is never refused for leaving nothing to discard (free)
    return Meeting(_counts(hand), card, rules_of(config), drawn=drawn, stock=drawn, passed=passed, free=True)


def chi_ways(hand: Iterable[Zi], card: Zi, config: YeziConfig = DEFAULT) -> tuple[tuple[Group, ...], ...]:
    """Ways to 吃 ``card`` under the 下火规则 (the table's own), each the set of groups laid down at once, named."""
    ways = {tuple(sorted((Group.of(kind_of(g, config) or "", g) for g in way), key=lambda g: (g.kind, g.cards)))
            for way in _meeting(hand, card, config).chi(limit=4 * MAX_WAYS)}
    return tuple(sorted(ways, key=lambda w: [(g.kind, g.cards) for g in w]))[:MAX_WAYS]


def on_discard(hand: Iterable[Zi], card: Zi, from_upper: bool, passed: Iterable[Zi] = (), config: YeziConfig = DEFAULT) -> Reaction:
    """What a seat holding ``hand`` may or must do when another player discards ``card`` (``passed``: the cards it
    once let go)."""
    hand = tuple(hand)
    m = _meeting(hand, card, config, passed=card in set(passed))
    if m.forced:
        return Reaction("kaizhao", False, (), "forced_kaizhao", "forced_kaizhao")
    why = WHY[m.why_not_chi(from_upper or rules_of(config).chi_own_draw)]
    return Reaction(None, not m.why_not_peng(), () if why else chi_ways(hand, card, config), why, WHY[m.why_not_peng()])


def on_draw(hand: Iterable[Zi], card: Zi, config: YeziConfig = DEFAULT) -> Reaction:
    """What is forced when a seat holding ``hand`` draws ``card`` itself. Its own draw is never 吃 (only the upper
    seat's discard)."""
    forced = {"wei": "saopai", "ti": "kaizhao"}.get(_meeting(hand, card, config, drawn=True).forced or "")
    return Reaction(forced, False, (), "own_draw", "own_draw")


# ---------------------------------------------------------------- dealing


@dataclass(frozen=True)
class ZiDeal:
    seed: int
    hands: tuple[tuple[Zi, ...], ...]  # seat 0 is the banker (21 cards)
    stock: tuple[Zi, ...]


def deal(seed: int) -> ZiDeal:
    """Shuffle the 80 cards (seeded) and deal 21 to the banker and 20 to each of the two others."""
    cards = xiaguan.shuffled_deck(seed)  # the 跑胡子 table's shuffle; dealt here in blocks, not card by card as there
    sizes = (BANKER_CARDS,) + (OTHER_CARDS,) * (PLAYERS - 1)
    hands = []
    pos = 0
    for s in sizes:
        hands.append(tuple(sorted(cards[pos : pos + s])))
        pos += s
    return ZiDeal(seed, tuple(hands), tuple(cards[pos:]))
