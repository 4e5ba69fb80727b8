"""What may be played: singles, pairs, 至尊, 套子 — and which play beats which.

A :class:`Play` is a classified group of 1–3 tiles. Plays compare only with
plays of the same ``family`` (a single 长门 tile with another single 长门
tile, a 点门 pair with a 点门 pair, a 套子 of two with a 套子 of two…), and the
follower must be strictly higher (大吃小: an equal play does not take the
trick from the earlier one). 至尊 (the two 赏 together) is unbeatable as a lead
("比谁都大") but takes nothing as a follow ("至尊赏打不起任何牌", line 30).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from collections.abc import Sequence

from ..words import capitalize
from .tiles import BY_CODE, CLASS_EN, CLASS_ZH, DIAN, SHANG, sort_tiles

# 套子: the 长门 tile and the 点门 level that make each set, best first
TAO: tuple[tuple[str, str, str, str], ...] = (
    ("天九", "Heaven-nine", "天", "杂九"),
    ("地八", "Earth-eight", "地", "杂八"),
    ("人七", "Man-seven", "人", "杂七"),
    ("和五", "Harmony-five", "和", "杂五"),
)
#: a pair's English name, by rank level
PAIR_EN = {"天": "Heaven tiles", "地": "Earth tiles", "人": "Man tiles", "和": "Harmony tiles", "长五": "long fives",
           "长三": "long threes", "长二": "long twos", "杂九": "mixed nines", "杂八": "mixed eights", "杂七": "mixed sevens",
           "杂五": "mixed fives", "虎头": "tiger heads", "四六": "four-sixes", "幺六": "ace-sixes", "幺五": "ace-fives"}
TAO3_ZH = {"天九": ("双天九", "杂九天"), "地八": ("双地八", "杂八地"), "人七": ("双人七", "杂七人"), "和五": ("双和五", "杂五和")}


@dataclass(frozen=True)
class Play:
    tiles: tuple[str, ...]
    family: str  # "single:chang", "pair:dian", "zhizun", "tao2", "tao3"
    rank: int  # higher is better within the family
    zh: str
    en: str

    @property
    def size(self) -> int:
        return len(self.tiles)


def _tao_of(tiles: tuple[str, ...]) -> tuple[int, str, str] | None:
    """(rank, zh, en) when the tiles form a 套子 of two or three, else None."""
    kinds = sorted(BY_CODE[t].kind for t in tiles)
    for i, (zh, en, long_kind, dot_kind) in enumerate(TAO):
        rank = len(TAO) - i
        if len(tiles) == 2 and kinds == sorted([long_kind, dot_kind]):
            return rank, zh, en
        if len(tiles) == 3:
            if kinds == sorted([long_kind, long_kind, dot_kind]):
                return rank, TAO3_ZH[zh][0], f"double {en}"
            if kinds == sorted([long_kind, dot_kind, dot_kind]):
                return rank, TAO3_ZH[zh][1], f"{en} with two points tiles"
    return None


def classify(tiles: tuple[str, ...] | list[str]) -> Play | None:
    """The play these tiles make, or None when they make no legal play (四喜 of four included)."""
    return _classify(sort_tiles(tuple(tiles)))


@lru_cache(maxsize=65_536)  # a few thousand sets of one to three tiles are ever asked about
def _classify(ts: tuple[str, ...]) -> Play | None:
    if len(ts) == 1:
        f = BY_CODE[ts[0]]
        return Play(ts, f"single:{f.cls}", f.rank, f.zh, f.en)
    if len(ts) == 2:
        a, b = BY_CODE[ts[0]], BY_CODE[ts[1]]
        if {a.code, b.code} == set(SHANG):
            return Play(ts, "zhizun", 1, "至尊", "the supreme pair (至尊)")
        if a.kind == b.kind and a.code not in SHANG and b.code not in SHANG:
            return Play(ts, f"pair:{a.cls}", a.rank, f"一对{a.kind}{'牌' if a.kind in '天地人和' else ''}", f"a pair of {PAIR_EN[a.kind]}")
    if len(ts) in (2, 3):
        tao = _tao_of(ts)
        if tao:
            rank, zh, en = tao
            if len(ts) == 3:
                dots = sum(1 for t in ts if BY_CODE[t].cls == DIAN)
                en = ("double " + TAO[4 - rank][1]) if dots == 1 else (TAO[4 - rank][1] + " with two points tiles")
            return Play(ts, f"tao{len(ts)}", rank, zh, en)
    return None


def family_zh(family: str) -> str:
    if family.startswith("single:"):
        return f"{CLASS_ZH[family[7:]]}单张"
    if family.startswith("pair:"):
        return f"{CLASS_ZH[family[5:]]}对子"
    return {"zhizun": "至尊", "tao2": "两张套子", "tao3": "三张套子"}[family]


def family_en(family: str) -> str:
    if family.startswith("single:"):
        return f"a single of the {CLASS_EN[family[7:]]}"
    if family.startswith("pair:"):
        return f"a pair of the {CLASS_EN[family[5:]]}"
    return {"zhizun": "the supreme pair", "tao2": "a set of two", "tao3": "a set of three"}[family]


def beats(follow: Play, best: Play) -> bool:
    """True when ``follow`` takes the trick from the current best play ``best``."""
    if follow.size != best.size:
        return False
    if best.family == "zhizun":
        return False
    if follow.family == "zhizun":
        return False  # 至尊赏打不起任何牌: as a follow it takes nothing
    return follow.family == best.family and follow.rank > best.rank


def why_not_beats(follow: Play, best: Play) -> tuple[str, str] | None:
    """None when ``follow`` beats ``best``; else the reason in words (zh, en)."""
    if beats(follow, best):
        return None
    if best.family == "zhizun":
        return ("至尊领出，谁也打不起。", "The supreme pair was led: nothing beats it.")
    if follow.family == "zhizun":
        return ("至尊跟牌时打不起任何牌（只在领出时最大），只能拆开或整个扣下垫掉。",
                "The supreme pair takes nothing when it follows (it is unbeatable only as a lead): discard it face down.")
    if follow.family != best.family:
        return (f"{follow.zh}（{family_zh(follow.family)}）与桌上最大的{best.zh}（{family_zh(best.family)}）不同类：各门管各门，不同类的牌不能相吃。",
                capitalize(f"{follow.en} ({family_en(follow.family)}) cannot take {best.en} ({family_en(best.family)}), the best on the table: "
                           "a play only beats a play of its own kind and class."))
    return (f"{follow.zh}不比桌上的{best.zh}大（一样大也不算，先出的仍然最大）。",
            capitalize(f"{follow.en} is not higher than {best.en} on the table (an equal play does not take it)."))


def plays_in(hand: tuple[str, ...] | list[str], size: int | None = None) -> list[Play]:
    """Every distinct legal play that can be made from a hand (optionally of one size)."""
    return list(_plays_in(sort_tiles(tuple(hand)), size))


@lru_cache(maxsize=8192)  # the strong level's rollouts ask again and again about the same hands
def _plays_in(hand: tuple[str, ...], size: int | None) -> tuple[Play, ...]:
    seen: set[tuple[str, ...]] = set()
    out: list[Play] = []
    sizes = (size,) if size else (1, 2, 3)
    for n in sizes:
        for combo in combinations(sort_tiles(tuple(hand)), n):
            if combo in seen:
                continue
            seen.add(combo)
            p = classify(combo)
            if p is not None:
                out.append(p)
    return tuple(out)


def winner_of(plays: Sequence[Play | None]) -> int:
    """Index of the play that holds the trick when these are laid in this order: the first leads, and each later
    play takes it only by beating the one holding it; None is tiles laid face down (垫), which never take it."""
    best, top = 0, plays[0]
    for i, p in enumerate(plays[1:], 1):
        if p is not None and top is not None and beats(p, top):
            best, top = i, p
    return best

