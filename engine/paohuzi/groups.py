"""Groups (牌型) and their 胡息.

Each group kind is declared once in :data:`KINDS` with its id and names; the
胡息 of a group comes from the rule configuration (:class:`RuleConfig.huxi`),
keyed by :func:`value_key` (which tells 一二三 from other runs and the red
二七十 from a mixed 编).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from collections.abc import Iterable, Sequence

from .cards import FACES, Card
from .config import DEFAULT, RuleConfig


@dataclass(frozen=True)
class Kind:
    id: str
    zh: str
    en: str
    size: int  # cards in the group
    same: bool  # all cards identical (对, 坎, 偎, 碰, 跑, 提)


KINDS: dict[str, Kind] = {
    k.id: k
    for k in (
        Kind("dui", "对子", "pair (dui)", 2, True),
        Kind("kan", "坎子", "concealed triplet (kan)", 3, True),
        Kind("wei", "偎", "self-drawn triplet (wei)", 3, True),
        Kind("peng", "碰", "claimed triplet (peng)", 3, True),
        Kind("shun", "顺子", "run (shun)", 3, False),
        Kind("bian", "编子", "mixed group (bian)", 3, False),
        Kind("pao", "跑", "four, with another's card (pao)", 4, True),
        Kind("ti", "提", "four, own cards (ti)", 4, True),
    )
}

#: value keys with their names, in table order (for the generated 胡息 table)
VALUE_KEYS: dict[str, tuple[str, str]] = {
    "shun123": ("顺子 一二三 / 壹贰叁", "run 1-2-3"),
    "shun": ("其他顺子", "other runs"),
    "bian_red": ("红编 二七十 / 贰柒拾", "red bian 2-7-10"),
    "bian_mixed": ("大小同数的编（玖九九、玖玖九）", "big-small bian of one number (9-9-9)"),
    "kan": ("起手的坎", "triplet dealt in hand (kan)"),
    "wei": ("偎成的坎", "triplet by wei (own draw)"),
    "peng": ("碰成的坎", "triplet by peng (claimed)"),
    "pao": ("跑", "pao (four)"),
    "ti": ("提（前提、后提）", "ti (four, own)"),
    "dui": ("对子", "pair"),
}


@dataclass(frozen=True)
class Group:
    """A group of cards: ``kind`` from :data:`KINDS`, cards sorted, ``open`` if on the table."""

    kind: str
    cards: tuple[Card, ...]
    open: bool = False

    @staticmethod
    def of(kind: str, cards: Iterable[Card], open: bool = False) -> Group:
        return Group(kind, tuple(sorted(cards)), open)

    @property
    def big(self) -> bool:
        return all(c.big for c in self.cards)


def is_run(cards: tuple[Card, ...]) -> bool:
    if len(cards) != 3 or len({c.big for c in cards}) != 1:
        return False
    r = sorted(c.rank for c in cards)
    return r[1] == r[0] + 1 and r[2] == r[1] + 1


def is_red_bian(cards: tuple[Card, ...]) -> bool:
    return len(cards) == 3 and len({c.big for c in cards}) == 1 and sorted(c.rank for c in cards) == [2, 7, 10]


def is_mixed_bian(cards: tuple[Card, ...]) -> bool:
    return len(cards) == 3 and len({c.rank for c in cards}) == 1 and len({c.big for c in cards}) == 2


def shape_ok(kind: str, cards: tuple[Card, ...], cfg: RuleConfig = DEFAULT) -> bool:
    """Whether ``cards`` can form a group of ``kind`` under ``cfg``."""
    k = KINDS.get(kind)
    if k is None or kind not in cfg.kinds or len(cards) != k.size:
        return False
    if k.same:
        return len(set(cards)) == 1
    if kind == "shun":
        return is_run(cards)
    return (cfg.red_bian and is_red_bian(cards)) or (cfg.mixed_bian and is_mixed_bian(cards) and two_big_ok(cards, cfg))


def two_big_ok(cards: tuple[Card, ...], cfg: RuleConfig = DEFAULT) -> bool:
    """A mixed bian as the reading ``two_big_bian`` takes it: two big and one small only (else any mix)."""
    return not cfg.two_big_bian or is_two_big(cards)


def is_two_big(cards: Iterable[Card]) -> bool:
    """Two big cards and one small: the only mixed bian under the reading ``two_big_bian``."""
    return sum(c.big for c in cards) == 2


def value_key(g: Group) -> str:
    if g.kind == "shun":
        return "shun123" if sorted(c.rank for c in g.cards) == [1, 2, 3] else "shun"
    if g.kind == "bian":
        return "bian_red" if is_red_bian(g.cards) else "bian_mixed"
    return g.kind


def huxi(g: Group, cfg: RuleConfig = DEFAULT) -> int:
    """The 胡息 (戏) of one group."""
    return cfg.huxi_of(value_key(g), g.big)


def group_json(g: Group, cfg: RuleConfig = DEFAULT) -> dict[str, object]:
    k = KINDS[g.kind]
    zh, en = k.zh, k.en
    if g.kind == "bian" and is_red_bian(g.cards):
        zh, en = "红编", "red bian (2-7-10)"
    return {
        "kind": g.kind,
        "cards": [c.code for c in g.cards],
        "chars": "".join(c.char for c in g.cards),
        "open": g.open,
        "huxi": huxi(g, cfg),
        "zh": zh,
        "en": en,
    }


def partners(card: Card, kinds: Iterable[str]) -> list[tuple[Card, Card]]:
    """The pairs of cards that make a group of ``kinds`` (``shunzi``, ``banbian``, ``erqishi``) with ``card``:
    the runs of its case round it, then its number in both cases (beside a copy of it, or two of the other case),
    then 二七十; whether a reading allows a 半边 of that mix is the caller's to ask."""
    big, r = card.big, card.rank
    same, other = Card(big, r), Card(not big, r)
    out: list[tuple[Card, Card]] = []
    if "shunzi" in kinds:
        for a, b in ((r - 2, r - 1), (r - 1, r + 1), (r + 1, r + 2)):
            if a >= 1 and b <= 10:
                out.append((Card(big, a), Card(big, b)))
    if "banbian" in kinds:
        out += [(same, other), (other, other)]
    if "erqishi" in kinds and r in (2, 7, 10):
        a, b = (x for x in (2, 7, 10) if x != r)
        out.append((Card(big, a), Card(big, b)))
    return out


def pairs_with(x: int, pool: Sequence[int], cfg: RuleConfig, chi: bool = True) -> list[tuple[int, ...]]:
    """The two cards of ``pool`` (concealed counts by face, a 坎's left out) that make a 顺 or 编 with face ``x``:
    as a 吃 takes them (二七十 only under ``chi_red_bian``), or (``chi`` False) as a win lays out its cards."""
    return _with(x, pool, True, (cfg.chi_red_bian or not chi) and cfg.red_bian, cfg)


def trios_with(x: int, pool: Sequence[int], cfg: RuleConfig) -> list[tuple[int, ...]]:
    """The groups of three cards of ``pool`` holding face ``x`` (a 吃's 比 groups: 二七十 whatever the 吃 may form)."""
    return _with(x, pool, False, cfg.red_bian, cfg)


def _with(x: int, pool: Sequence[int], pair: bool, red: bool, cfg: RuleConfig) -> list[tuple[int, ...]]:
    out = [t for need, t in _needs(x, pair, red, cfg.mixed_bian, cfg.two_big_bian) if all(pool[k] >= n for k, n in need)]
    return list(dict.fromkeys(out))


@cache
def _needs(x: int, pair: bool, red: bool, mixed_bian: bool, two_big: bool) -> tuple[tuple[tuple[tuple[int, int], ...], tuple[int, ...]], ...]:
    """The groups :func:`pairs_with` (``pair``) or :func:`trios_with` may find for face ``x`` under these readings
    (``red``: 二七十 is one), each with the cards it needs from the pool (face, copies); worked out once (a hand
    played out asks again for every card and seat)."""
    out: list[tuple[tuple[tuple[int, int], ...], tuple[int, ...]]] = []
    # the cards that make a group with it (partners): the runs, 二七十, then its number in the other case (two of
    # them, then one beside a copy of it; under the two-big reading of 半边, only the mixes with two big cards)
    pairs = partners(FACES[x], ("shunzi", "erqishi") if red else ("shunzi",))
    if mixed_bian:
        pairs += [p for p in partners(FACES[x], ("banbian",))[::-1] if not two_big or is_two_big((FACES[x], *p))]
    for a, b in ((p.index, q.index) for p, q in pairs):
        need = {a: 1, b: 1} if a != b else {a: 2}
        if pair:
            out.append((tuple(need.items()), tuple(sorted((a, b)))))
        else:
            need[x] = need.get(x, 0) + 1
            out.append((tuple(need.items()), tuple(sorted((x, a, b)))))
    return tuple(out)
