"""Decomposition of concealed cards into groups — kept apart from scoring.

Like a mahjong hand divider, this module only answers "in which ways can these
cards be laid out as groups", choosing the layout with the most 胡息. It works
on the 20 face counts, so the answer never depends on the order the cards were
given in. Forced groups come first and are never split: four alike in hand is a
提, three alike a 坎 (拆对不拆坎). The rest (at most two of a face) is searched
exhaustively with memoisation; at most ``pairs`` pairs (对子) may be used.
"""

from __future__ import annotations

from functools import lru_cache
from collections.abc import Iterable

from .cards import FACES, N_FACES, Card, counts_of
from .config import DEFAULT, RuleConfig
from .groups import Group, huxi

Counts = tuple[int, ...]
# a group in the search: (kind, face indices)
Raw = tuple[str, tuple[int, ...]]


@lru_cache(maxsize=4096)
def _raw_value(kind: str, idx: tuple[int, ...], cfg: RuleConfig) -> int:
    return huxi(Group.of(kind, (FACES[i] for i in idx)), cfg)


@lru_cache(maxsize=131_072)
def _search(res: Counts, pairs: int, cfg: RuleConfig, per_ti: int = 0) -> tuple[int, tuple[Raw, ...]] | None:
    """Best (胡息, groups) covering every card of ``res``, or None. The table's counts are each ≤ 2 (its 坎 and 提
    are laid first); 叶子戏's 字牌 may leave three or four alike free (not dealt together): a 坎 or 提 then, or
    split, each 提 adding ``per_ti`` pairs to the budget, which is then checked once every card is placed."""
    i = next((k for k, n in enumerate(res) if n), -1)
    if i < 0:
        return (0, ()) if pairs >= 0 else None
    best: tuple[int, tuple[Raw, ...]] | None = None
    rank = i % 10 + 1
    options: list[Raw] = [(k, (i,) * n) for k, n in (("ti", 4), ("kan", 3)) if res[i] >= n and k in cfg.kinds]
    if res[i] >= 2 and (pairs > 0 or per_ti) and "dui" in cfg.kinds:
        options.append(("dui", (i, i)))
    if "shun" in cfg.kinds and rank <= 8 and res[i + 1] and res[i + 2]:
        options.append(("shun", (i, i + 1, i + 2)))
    if "bian" in cfg.kinds:
        if cfg.red_bian and rank == 2 and res[i + 5] and res[i + 8]:
            options.append(("bian", (i, i + 5, i + 8)))
        if cfg.mixed_bian and i < 10 and res[i + 10]:
            if res[i] >= 2 and not cfg.two_big_bian:
                options.append(("bian", (i, i, i + 10)))
            if res[i + 10] >= 2:
                options.append(("bian", (i, i + 10, i + 10)))
    for kind, idx in options:
        nxt = list(res)
        for k in idx:
            nxt[k] -= 1  # every option was checked against the counts: never negative
        sub = _search(tuple(nxt), pairs - (kind == "dui") + per_ti * (kind == "ti"), cfg, per_ti)
        if sub is None:
            continue
        v = _raw_value(kind, idx, cfg) + sub[0]
        if best is None or v > best[0]:
            best = (v, ((kind, idx),) + sub[1])
    return best


def arrange_counts(counts: Counts, pairs: int, cfg: RuleConfig = DEFAULT, locked: frozenset[int] | None = None,
                   per_ti: int = 0) -> tuple[int, tuple[Group, ...]] | None:
    """Best arrangement of concealed cards given as 20 face counts (each 0–4), or None.

    Four alike → 提, three alike → 坎, never split; the rest searched with at most ``pairs`` pairs. ``locked``:
    the faces kept whole that way (default: every face held three or four times; 叶子戏's 字牌 names them, its
    other threes may be split), the search then allowing ``per_ti`` more pairs for each 提 it makes.
    """
    return _arrange_cached(tuple(counts), pairs, cfg, locked, per_ti)


@lru_cache(maxsize=8_192)  # holds Group objects: kept small so garbage collection stays cheap
def _arrange_cached(counts: Counts, pairs: int, cfg: RuleConfig, locked: frozenset[int] | None,
                    per_ti: int) -> tuple[int, tuple[Group, ...]] | None:
    if len(counts) != N_FACES or min(counts) < 0 or max(counts) > 4:
        raise ValueError("counts must be 20 numbers 0–4")
    # what is left after the 提 must be triples plus at most ``pairs`` pairs
    rem = sum(counts) - 4 * counts.count(4)
    if locked is None and not any((rem - 2 * p) % 3 == 0 and 2 * p <= rem for p in range(min(pairs, 2) + 1)):
        return None
    forced: list[Group] = []
    res = list(counts)
    for i, n in enumerate(counts):
        if locked is not None and i not in locked:
            continue
        if n == 4 and "ti" in cfg.kinds:
            forced.append(Group.of("ti", [FACES[i]] * 4))
            res[i] = 0
        elif n >= 3 and "kan" in cfg.kinds:
            forced.append(Group.of("kan", [FACES[i]] * 3))
            res[i] -= 3
        elif n and locked is not None:
            return None  # a face named whole is held fewer than three times
    if locked is None and any(n > 2 for n in res):
        return None
    found = _search(tuple(res), pairs, cfg, per_ti)
    if found is None:
        return None
    rest = tuple(Group.of(kind, (FACES[i] for i in idx)) for kind, idx in found[1])
    groups = tuple(forced) + rest
    return sum(huxi(g, cfg) for g in groups), groups


def pair_allowance(quads: int, cfg: RuleConfig = DEFAULT) -> int:
    """How many pairs a layout with ``quads`` 提 and 跑 (four alike, laid or concealed) may hold under ``cfg``: the
    one place the pair rule is read. ``pairs_per_ti`` for each four (下灌字牌: one for each 开招, or any number
    once there is one), else ``max_pairs`` in all (跑胡子), none without a four under ``pair_needs_quad``."""
    if cfg.pairs_per_ti:
        return cfg.pairs_per_ti * quads
    if cfg.pair_needs_quad and not quads:
        return 0
    return cfg.max_pairs


def pairs_allowed(counts: Counts, cfg: RuleConfig = DEFAULT, extra_quads: int = 0) -> int:
    """How many pairs concealed cards ``counts`` may hold beside ``extra_quads`` fours laid out (:func:`pair_allowance`,
    the concealed fours counted too: each is laid as a 提)."""
    return pair_allowance(extra_quads + counts.count(4), cfg)


def arrange(cards: Iterable[Card], cfg: RuleConfig = DEFAULT) -> tuple[int, tuple[Group, ...]] | None:
    """Best arrangement of a concealed hand, or None when the cards cannot all be grouped."""
    counts = tuple(counts_of(cards))
    return arrange_counts(counts, pairs_allowed(counts, cfg), cfg)
