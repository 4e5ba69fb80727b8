"""Computer players: lawful, sensible moves, chosen from :meth:`Hand.legal_actions` only.

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

from functools import lru_cache

from .cards import FACES, N_FACES
from .table import Action, Hand

Counts = tuple[int, ...]


@lru_cache(maxsize=200_000)
def shape(counts: Counts) -> float:
    """How well the concealed cards hang together (higher is better)."""
    i = next((k for k, n in enumerate(counts) if n), -1)
    if i < 0:
        return 0.0
    r = i % 10 + 1
    base = i - r + 1
    best = -1e9
    opts: list[tuple[tuple[int, ...], float]] = []
    n = counts[i]
    if n >= 3:
        opts.append(((i, i, i), 3.0 + (2.0 if i >= 10 else 1.0)))  # a 坎 stays whole
    else:
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
    for used, v in opts:
        nxt = list(counts)
        for k in used:
            nxt[k] -= 1
        got = v + shape(tuple(nxt))
        if got > best:
            best = got
    return best


def ties(counts: "list[int] | Counts", i: int) -> float:
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


def _after(h: Hand, seat: int, remove: list[int]) -> Counts:
    c = list(h.hands[seat])
    for k in remove:
        c[k] -= 1
    return tuple(c)


def choose(h: Hand, seat: int) -> Action:
    """The computer's move for ``seat`` (which must be the seat to decide)."""
    acts = h.legal_actions(seat)
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
            used = [x.index for g in a.groups for x in g]
            used.remove(a.groups[0][0].index if a.card is None else a.card.index)
            v = shape(_after(h, seat, used)) + 3.0 * len(a.groups)
            if any(sorted(x.rank for x in g) in ([1, 2, 3], [2, 7, 10]) and len({x.big for x in g}) == 1 for g in a.groups):
                v += 1.5
            if v > best_v:
                best, best_v = a, v
        return best if best is not None else next(a for a in acts if a.kind == "pass")
    if "discard" in kinds:
        early = len(h.stock) > 10
        nxt = h.nxt(seat)
        counts = h.hands[seat]
        best, best_v = acts[0], 1e18
        for a in acts:
            assert a.card is not None
            v = ties(counts, a.card.index)  # what the hand loses with this card
            if early and not a.card.big:
                v -= 0.15  # 宁小勿大
            if a.card.index in h.chou[nxt]:
                v -= 0.5  # the next player may not 吃 it
            if v < best_v:
                best, best_v = a, v
        return best
    return acts[-1]


def play_out(h: Hand, seats: frozenset[int] | None = None, limit: int = 2_000) -> None:
    """Let the computer make every move of ``seats`` (all seats by default) until another seat must decide."""
    for _ in range(limit):
        s = h.pending()
        if s is None or (seats is not None and s not in seats):
            return
        h.apply(choose(h, s))


_ = (FACES, N_FACES)
