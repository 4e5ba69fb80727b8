"""The most a hand can score, checked against the booklet's claim of 75 huxi.

A complete hand holds ``hand_size + 1`` cards plus one for each 提/跑 after the
first (:func:`engine.paohuzi.hu.expected_count`). With ``k`` fours, the other
cards form triples and at most one pair. No four is worth more than a big 提
(12), no triple more than 6, a pair nothing, and a self-drawn win adds 3 — so
:func:`upper_bound` is a ceiling, and :func:`witness` builds a hand the engine
scores at exactly that ceiling, proving it is reached.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement

from .cards import Card
from .arrange import pair_allowance
from .config import DEFAULT, RuleConfig
from .groups import Group
from .hu import Verdict, evaluate

BIG = [Card(True, r) for r in range(1, 11)]
SMALL = [Card(False, r) for r in range(1, 11)]


def card_total(k: int, cfg: RuleConfig = DEFAULT, reading: str = "chong_pao") -> int:
    """Cards in a complete hand with ``k`` fours: ``chong_pao`` (no discard after the second
    and later 提/跑, the engine's reading) or ``always_discard``."""
    extra = max(0, k - 1) if reading == "chong_pao" else 0
    return cfg.hand_size + 1 + extra


def upper_bound(k: int, cfg: RuleConfig = DEFAULT, reading: str = "chong_pao") -> int | None:
    """Most huxi (with the self-draw bonus) of a complete hand with ``k`` fours, or None if impossible."""
    rest = card_total(k, cfg, reading) - 4 * k
    if rest < 0 or rest % 3 == 1 or k > 10:
        return None
    top = cfg.huxi_of("ti", True)
    triple = max(cfg.huxi_of(key, True) for key in ("kan", "wei", "shun123", "bian_red"))
    return top * k + triple * (rest // 3) + cfg.zimo_bonus


#: the groups of three cards and of four, by the keys of the config's huxi table (a pair, 对, is worth nothing)
THREES = ("kan", "wei", "peng", "shun", "shun123", "bian_red", "bian_mixed")
FOURS = ("pao", "ti")


@lru_cache(maxsize=16)
def possible_huxi(cfg: RuleConfig = DEFAULT, reading: str = "chong_pao") -> frozenset[int]:
    """Every huxi a complete hand can make before the self-draw bonus (what a match sheet's huxi field holds).

    With ``k`` fours a hand holds :func:`card_total` cards: the fours, then triples and the pairs the rules allow
    (:func:`~engine.paohuzi.arrange.pair_allowance`: at most one in 跑胡子); a four is worth one of the 跑/提
    values, a triple one of the values of a 坎, 偎, 碰, 顺 or 编 (0 for a 顺 or 编 that makes no huxi), a pair
    nothing. Every hand's huxi is such a sum, so a count outside the set is
    one no hand makes (the set is not narrowed by how many copies of each card there are: it is what a sheet
    refuses, and it refuses only counts that no hand makes)."""
    fours = sorted({cfg.huxi_of(key, big) for key in FOURS for big in (True, False)})
    threes = sorted({cfg.huxi_of(key, big) for key in THREES for big in (True, False)})
    out: set[int] = set()
    for k in range(0, 11):
        rest = card_total(k, cfg, reading) - 4 * k
        # the rest: triples and as many pairs as the rules allow beside k fours (pairs are worth nothing)
        triples = {(rest - 2 * p) // 3 for p in range(min(pair_allowance(k, cfg), rest // 2) + 1) if (rest - 2 * p) % 3 == 0}
        if not triples:  # (none when the fours leave too few cards, or a count no pairs can make up)
            continue
        tops = {sum(f) for f in combinations_with_replacement(fours, k)}
        lows = {sum(t) for n in triples for t in combinations_with_replacement(threes, n)}
        out |= {a + b for a in tops for b in lows}
    return frozenset(out)


def witness(k: int, cfg: RuleConfig = DEFAULT, reading: str = "chong_pao") -> tuple[list[Group], list[Card], Card] | None:
    """A hand reaching :func:`upper_bound`: ``k`` big 提 on the table, big 坎 in hand,
    and a single small 九 that a self-drawn small 九 pairs (or completes a 坎 as 偎)."""
    rest = card_total(k, cfg, reading) - 4 * k
    if rest < 0 or rest % 3 == 1 or k > 9:
        return None
    triples = rest // 3
    if k + triples > 10:
        return None
    open_groups = [Group.of("ti", [BIG[i]] * 4, True) for i in range(k)]
    hand: list[Card] = []
    for i in range(k, k + triples):
        hand += [BIG[i]] * 3
    nine = SMALL[8]
    if rest % 3 == 2:  # a pair: wait on a single small 九
        hand.append(nine)
        return open_groups, hand, nine
    # no pair: the last big triple is completed by the winning card itself (偎, worth 6)
    last = hand[-1]
    hand = hand[:-1]
    return open_groups, hand, last


def check(k: int, cfg: RuleConfig = DEFAULT, reading: str = "chong_pao") -> Verdict | None:
    w = witness(k, cfg, reading)
    if w is None:
        return None
    return evaluate(w[0], w[1], w[2], "self", cfg)


def table(cfg: RuleConfig = DEFAULT) -> list[tuple[int, int | None, int | None, int | None]]:
    """(k, cards, ceiling under the engine's reading, ceiling if every 提/跑 were followed by a discard)."""
    out = []
    for k in range(0, 8):
        cards = card_total(k, cfg) if upper_bound(k, cfg) is not None else None
        out.append((k, cards, upper_bound(k, cfg), upper_bound(k, cfg, "always_discard")))
    return out
