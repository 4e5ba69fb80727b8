"""Computer players: lawful, sensible moves, chosen from :meth:`engine.paohuzi.state.PaohuziState.moves` only.

* 胡 whenever it is offered;
* 碰 a pair's card; 吃 only when the hand is better shaped afterwards (a
  scoring group such as 一二三 or 二七十 counts extra);
* discard the card whose loss hurts the hand's shape least, preferring small
  cards early (宁小勿大, “打得小，输得少”, §2) and cards the next player has let
  go already (he may not 吃 them: 不吃臭张);
* never a card of a 坎 (the machine does not offer one).

The shape of a hand is a memoised search (:func:`shape`): complete groups,
then pairs and two-card starts, with the 胡息 of complete groups as a bonus.
The choice is deterministic, so a hand played by computers replays exactly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import copy
from functools import lru_cache

from .cards import FACES
from .table import Action

if TYPE_CHECKING:  # the state is the one above this module: only its type is named here
    from .state import PaohuziState

Counts = tuple[int, ...]


def _starts(counts: Counts, i: int) -> list[tuple[tuple[int, ...], float]]:
    """What the lowest card ``i`` may start, each as (the cards it takes, its worth): a 坎 kept whole; else each
    group, pair or two-card start with it, or the card alone."""
    n = counts[i]
    if n >= 3:
        return [((i, i, i), 3.0 + (2.0 if i >= 10 else 1.0))]  # a 坎 stays whole
    r = i % 10 + 1
    base = i - r + 1
    opts: list[tuple[tuple[int, ...], float]] = []
    if r <= 8 and counts[i + 1] and counts[i + 2]:
        opts.append(((i, i + 1, i + 2), 3.0 + (1.5 if r == 1 else 0.0)))
    if r == 2 and counts[base + 6] and counts[base + 9]:
        opts.append(((i, base + 6, base + 9), 4.5))
    o = i + 10 if i < 10 else i - 10
    if counts[o] and n >= 2:
        opts.append(((i, i, o), 3.0))
    if counts[o] >= 2:
        opts.append(((i, o, o), 3.0))
    if n >= 2:
        opts.append(((i, i), 1.6))
    if r <= 9 and counts[i + 1]:
        opts.append(((i, i + 1), 1.0))
    if r <= 8 and counts[i + 2]:
        opts.append(((i, i + 2), 0.7))
    if counts[o]:
        opts.append(((i, o), 0.8))
    if r in (2, 7):
        for t in (base + 6, base + 9) if r == 2 else (base + 9,):
            if t != i and counts[t]:
                opts.append(((i, t), 0.7))
    opts.append(((i,), -0.2 - (0.05 * r) - (0.3 if i >= 10 else 0.0)))
    return opts


@lru_cache(maxsize=200_000)
def shape(counts: Counts) -> float:
    """How well the concealed cards hang together (higher is better): the best of what the lowest card may start
    (:func:`_starts`) and the shape of the rest."""
    i = next((k for k, n in enumerate(counts) if n), -1)
    if i < 0:
        return 0.0
    best = -1e9
    for used, v in _starts(counts, i):
        nxt = list(counts)
        for k in used:
            nxt[k] -= 1
        got = v + shape(tuple(nxt))
        if got > best:
            best = got
    return best


def ties(counts: list[int] | Counts, i: int) -> float:
    """How much card ``i`` hangs together with the rest of the hand (its copies, neighbours, 二七十, other case)."""
    r = i % 10 + 1
    base = i - r + 1
    o = i + 10 if i < 10 else i - 10
    v = 2.0 * (counts[i] - 1) + 0.8 * counts[o]
    for d, w in ((1, 1.0), (2, 0.6)):
        if r + d <= 10:
            v += w * min(1, counts[i + d])
        if r - d >= 1:
            v += w * min(1, counts[i - d])
    if r in (2, 7, 10):
        v += 0.7 * sum(min(1, counts[base + t - 1]) for t in (2, 7, 10) if t != r)
    if r in (1, 2, 3) or r in (2, 7, 10):
        v += 0.2
    return v + (0.3 if i >= 10 else 0.0) + 0.02 * r


def _after(h: PaohuziState, seat: int, remove: list[int]) -> Counts:
    c = list(h.hands[seat])
    for k in remove:
        c[k] -= 1
    return tuple(c)


def choose(h: PaohuziState, seat: int) -> Action:
    """The computer's move for ``seat`` (which must be the seat to decide)."""
    acts = h.moves(seat)
    if not acts:
        raise ValueError("not this seat's move")
    kinds = {a.kind for a in acts}
    if "hu" in kinds:
        return next(a for a in acts if a.kind == "hu")
    if "peng" in kinds:
        return next(a for a in acts if a.kind == "peng")
    if "chi" in kinds:
        now = shape(tuple(h.hands[seat]))
        best, best_v = None, now + 0.4
        for a in acts:
            if a.kind != "chi":
                continue
            v = _chi_value(h, seat, a)
            if v > best_v:
                best, best_v = a, v
        return best if best is not None else next(a for a in acts if a.kind == "pass")
    if "discard" in kinds:
        best, best_v = acts[0], 1e18
        for a in acts:
            v = discard_cost(h, seat, a)
            if v < best_v:
                best, best_v = a, v
        return best
    return acts[-1]


def discard_cost(h: PaohuziState, seat: int, a: Action) -> float:
    """What discarding ``a``'s card costs ``seat`` in the computer's eyes (the lowest is its discard)."""
    assert a.card is not None
    v = ties(h.hands[seat], a.card.index)  # what the hand loses with this card
    if len(h.stock) > 10 and not a.card.big:
        v -= 0.15  # 宁小勿大 early in the hand
    if a.card.index in h.chou[h.nxt(seat)]:
        v -= 0.5  # the next player may not 吃 it
    return v


def public_passes(h: PaohuziState, seat: int | None) -> PaohuziState:
    """The hand as ``seat`` may weigh it: which cards another seat may no longer take is known to
    ``seat`` only from that seat's own discards, since a pass is silent (3-2). The hand itself when
    nothing is hidden from ``seat``; else a copy in which the other seats' silent passes are forgotten."""
    if seat is None:
        return h
    public = [{e.card.index for e in h.log if e.kind == "discard" and e.seat == s and e.card is not None} for s in range(h.n)]
    if all(s == seat or h.chou[s] == public[s] for s in range(h.n)):
        return h
    other = copy.copy(h)
    other.chou = [set(h.chou[s]) if s == seat else public[s] for s in range(h.n)]
    return other


def play_out(h: PaohuziState, seats: frozenset[int] | None = None, limit: int = 2_000) -> None:
    """Let the computer make every move of ``seats`` (all seats by default) until another seat must decide."""
    for _ in range(limit):
        s = h.pending()
        if s is None or (seats is not None and s not in seats):
            return
        h.play_lawful(choose(h, s))  # its moves are lawful by construction: taken from its moves


# ---------------------------------------------------------------- the hint's reasons, in words


def _scoring(g: tuple) -> bool:
    return sorted(x.rank for x in g) in ([1, 2, 3], [2, 7, 10]) and len({x.big for x in g}) == 1


def _chi_value(h: PaohuziState, seat: int, a: Action) -> float:
    used = [x.index for g in a.groups for x in g]
    used.remove(a.groups[0][0].index if a.card is None else a.card.index)
    v = shape(_after(h, seat, used)) + 3.0 * len(a.groups)
    return v + (1.5 if any(_scoring(g) for g in a.groups) else 0.0)


def _names(cards: list[int], lang: str) -> str:
    if lang == "zh":
        return "、".join(FACES[i].zh for i in cards)
    return ", ".join(FACES[i].en for i in cards)


def chi_note(h: PaohuziState, seat: int, a: Action) -> tuple[str, str]:
    """What one 吃 (with its 比 groups) keeps and gives up, in both languages."""
    counts = h.hands[seat]
    used = [x.index for g in a.groups for x in g]
    used.remove(a.groups[0][0].index if a.card is None else a.card.index)
    after = _after(h, seat, used)
    broken = sorted({i for i in used if counts[i] == 2 and after[i] == 1})
    zh: list[str] = []
    en: list[str] = []
    gs = ["".join(x.char for x in g) for g in a.groups]
    ge = [", ".join(x.en for x in g) for g in a.groups]  # each group named in full: two ways never read alike
    zh.append(f"组成{gs[0]}" + (f"，再比出{'、'.join(gs[1:])}，共亮出 {len(a.groups)} 组" if len(a.groups) > 1 else ""))
    en.append(f"it makes {ge[0]}" + (
        f" and, to show every copy you hold (bi), {'; '.join(ge[1:])}: {len(a.groups)} groups go on the table" if len(a.groups) > 1 else ""))
    if any(_scoring(g) for g in a.groups):
        z = "、".join(s for s, g in zip(gs, a.groups) if _scoring(g))
        ze = "; ".join(s for s, g in zip(ge, a.groups) if _scoring(g))
        zh.append(f"{z}是有胡息的一组")
        en.append(f"{ze} scores huxi (1-2-3 or 2-7-10 of one case)")
    else:
        zh.append("这些组没有胡息" if len(a.groups) > 1 else "这一组没有胡息")
        en.append("no group of it scores huxi")
    if broken:
        zh.append(f"拆开了手里的对子（{_names(broken, 'zh')}）")
        en.append(f"it breaks your {'pair' if len(broken) == 1 else 'pairs'} ({_names(broken, 'en')})")
    else:
        zh.append("不拆手里的对子")
        en.append("it splits no pair in your hand")
    good = _chi_value(h, seat, a) > shape(tuple(counts)) + 0.4
    zh.append("吃后手牌比不吃更成形" if good else "吃后手里剩下的牌不如不吃时连得好")
    en.append("your hand hangs together better afterwards" if good else "the cards left hang together worse than if you let it go")
    return "；".join(zh) + "。", "; ".join(en) + "."


def _discard_why(h: PaohuziState, seat: int, a: Action) -> tuple[str, str]:
    assert a.card is not None
    c, i = a.card, a.card.index
    counts = h.hands[seat]
    zh: list[str] = []
    en: list[str] = []
    kans = [k for k, n in enumerate(counts) if n >= 3]
    r, base = c.rank, i - c.rank + 1
    o = i + 10 if i < 10 else i - 10
    near = [i + d for d in (-2, -1, 1, 2) if 1 <= r + d <= 10 and counts[i + d]]
    partners = [base + t - 1 for t in (2, 7, 10) if r in (2, 7, 10) and t != r and counts[base + t - 1]]
    lonely = counts[i] == 1 and not counts[o] and not near and not partners
    if lonely:
        zh.append(f"{c.zh}是孤张：手里没有它的对子、相邻的牌、大小同数的牌或二七十的伙伴，打掉它最不伤牌形")
        en.append(f"the {c.en} is a loner: no pair, no neighbour, no card of the same number in the other case and no 2-7-10 partner, so losing it hurts the hand least")
    else:
        zh.append(f"在能打的牌里，{c.zh}和其余手牌连得最松，打掉它对凑组的损失最小")
        en.append(f"of the cards you may discard, the {c.en} hangs together least with the rest, so losing it costs the least for making groups")
    if len(h.stock) > 10 and not c.big:
        zh.append("牌局还早，宁小勿大：先打小牌，万一放炮也输得少")
        en.append("it is early in the hand, and small before big: if someone wins on it, a small card costs less")
    if i in h.chou[h.nxt(seat)]:
        zh.append("下家已经放过这张，按不吃臭张他不能吃，不会喂给下家")
        en.append("the next player already let this card go, so he may not take it with chi: it feeds no one")
    if kans:
        zh.append(f"手里的坎（{_names(kans, 'zh')}）不能拆，留着")
        en.append(f"your kan ({_names(kans, 'en')}) may not be split and stays whole")
    return "；".join(zh) + "。", "; ".join(en) + "."


def explain(h: PaohuziState, seat: int, a: Action) -> tuple[str, str]:
    """Why the computer makes move ``a`` (its own :func:`choose`) for ``seat``: what it weighs, in both languages."""
    c = a.card
    if a.kind == "hu":
        return "能胡就胡：这手牌已经成了，胡牌就结束这一局并得分。", "Win whenever you can: the hand is complete, and winning ends the hand with a score."
    if a.kind in ("ti", "wei", "pao") and c:
        return "这一步是必须做的，没有别的选择。", "This move is compulsory: there is no other choice."
    if a.kind == "peng" and c:
        return (f"碰{c.zh}：手里的一对加上这张成一组三张，立刻成组又加胡息，而且碰在吃之前，电脑能碰就碰。",
                f"Peng the {c.en}: your pair and this card make a group of three at once, with huxi, and peng comes before chi; the computer always takes a peng.")
    if a.kind == "chi" and c:
        zh, en = chi_note(h, seat, a)
        others = [x for x in h.moves(seat) if x.kind == "chi" and x != a]
        more_zh = f"在 {len(others) + 1} 种吃法中，这种吃后的牌形最好。" if others else ""
        more_en = f" Of the {len(others) + 1} ways to chi, this one leaves the best hand." if others else ""
        return f"吃{c.zh}：{zh}{more_zh}", f"Chi the {c.en}: {en}{more_en}"
    if a.kind == "pass" and c:
        chis = [x for x in h.moves(seat) if x.kind == "chi"]
        if chis:
            best = max(chis, key=lambda x: _chi_value(h, seat, x))
            zh, en = chi_note(h, seat, best)
            return (f"不吃{c.zh}：就连最好的吃法也不划算——{zh}一旦放过，这张就成了你的臭张，以后不能再吃。",
                    f"Let the {c.en} go: even the best way to chi does not pay — {en[0].lower() + en[1:]} Once you let it go you may not chi it later.")
        if any(x.kind == "peng" for x in h.moves(seat)) or any(x.kind == "hu" for x in h.moves(seat)):
            return "放过。", "Let it go."
        return f"放过{c.zh}。", f"Let the {c.en} go."
    if a.kind == "discard" and c:
        return _discard_why(h, seat, a)
    return "没有别的选择。", "There is no other choice."


def strong_why(h: PaohuziState, seat: int, a: Action) -> tuple[str, str]:
    """Why the strong level's hint (a search over many played-out futures) makes move ``a``."""
    zh = "强水平的提示：把每种能走的步子都往后试打许多局，这一步平均得分最高。"
    en = "The strong level's hint: each lawful move was played on many times to the end, and this one scored best on average."
    if a.kind == "chi" and a.card:
        nz, ne = chi_note(h, seat, a)
        return f"{zh}这种吃法：{nz}", f"{en} This way to chi: {ne}"
    if (a.kind, a.card) == (choose(h, seat).kind, choose(h, seat).card):
        bz, be = explain(h, seat, a)
        return f"{zh}{bz}", f"{en} {be}"
    return zh, en
