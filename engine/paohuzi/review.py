"""What a review (``table.review``, engine/protocol/review.py) says of a 跑胡子 decision, in the hand's own terms:
what a discard keeps or breaks in the hand, what it offers the next player and what it risks; what a 吃, 碰, pass or
胡 does."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any
from .table import action_id
from .cards import parse_card, FACES
from .ai import chi_note

if TYPE_CHECKING:
    from .state import PaohuziState


def _pao_seen(st: PaohuziState, seat: int) -> Counter[str]:
    """How many of each card ``seat`` can see: its own hand, every open card, every discard."""
    obs = st.observation(seat)
    seen: Counter[str] = Counter()
    for s in obs.get("seats", []):
        for c in s.get("hand") or []:
            if isinstance(c, str):
                seen[c] += 1
        for g in s.get("open") or []:
            for c in g.get("cards") or []:
                if isinstance(c, str):
                    seen[c] += 1
        for c in s.get("row") or []:
            code = c if isinstance(c, str) else (c.get("card") if isinstance(c, dict) else None)
            if isinstance(code, str):
                seen[code] += 1
    return seen


def _pao_risk(unseen: int) -> tuple[str, str]:
    if unseen <= 1:
        return "已经见了三张，谁也不能碰它或跑它", "three are already seen: nobody can 碰 (peng) or 跑 (pao) it"
    if unseen == 2:
        return "还有两张没见，若在同一家手里，他可以碰", "two are still unseen: a player holding both can 碰 (peng) it"
    return "还有三张没见，别家可能有一坎，可以跑或碰", "three are still unseen: a player holding three can 跑 (pao) it, or 碰 (peng) it"


def _pao_action(st: PaohuziState, move: str) -> Any:
    p = st.pending()
    return None if p is None else next((a for a in st.moves(p) if action_id(a) == move), None)


def _pao_discard(st: PaohuziState, seat: int, code: str) -> tuple[str, str]:
    """What throwing one card keeps or breaks in the seat's hand, what it offers the next player, what it risks."""

    h = st
    c = parse_card(code)
    if c is None:
        return "", ""

    i, counts = c.index, h.hands[seat]
    base = i - c.rank + 1
    other = i + 10 if i < 10 else i - 10
    mates = sorted({i + d for d in (-2, -1, 1, 2) if 1 <= c.rank + d <= 10 and counts[i + d]}
                   | ({other} if counts[other] else set())
                   | {base + t - 1 for t in (2, 7, 10) if c.rank in (2, 7, 10) and t != c.rank and counts[base + t - 1]})
    if counts[i] >= 3:
        keep_zh, keep_en = f"拆开了手里的{c.zh}", f"it breaks up your {c.en}s"
    elif counts[i] == 2:
        keep_zh, keep_en = f"拆开了手里的一对{c.zh}（一对可以碰，也能做将）", f"it breaks your pair of the {c.en} (a pair can 碰 (peng) or be the pair of a win)"
    elif mates:
        keep_zh = f"{c.zh}能和手里的{'、'.join(FACES[k].zh for k in mates)}凑组，打掉它就少了这条路"
        keep_en = f"the {c.en} could make a group with your {', '.join(FACES[k].en for k in mates)}; throwing it gives that up"
    else:
        keep_zh, keep_en = f"{c.zh}和手里的牌连不上，打掉它不伤牌形", f"the {c.en} joins nothing in your hand, so the hand loses nothing"
    nxt = h.nxt(seat)
    if i in h.chou[nxt] and i in {e.card.index for e in h.log if e.kind == "discard" and e.seat == nxt and e.card is not None}:
        give_zh, give_en = "下家自己打过这张，按不吃臭张不能吃它", "the next player threw this card himself, so he may not 吃 (chi) it"
    else:
        give_zh, give_en = "下家可以吃它", "the next player may 吃 (chi) it"
    rz, re_ = _pao_risk(4 - _pao_seen(st, seat)[code])
    return f"{keep_zh}；{give_zh}；{rz}", f"{keep_en}; {give_en}; {re_}"


def _pao_move(st: PaohuziState, seat: int, move: str) -> tuple[str, str] | None:
    """What one 跑胡子 move does, in the hand's own terms."""

    kind, _, rest = move.partition(":")
    card = rest.split(":")[0]
    if kind == "discard":
        return _pao_discard(st, seat, card)
    a = _pao_action(st, move)
    if a is None or a.card is None:
        return None
    if kind == "chi":
            return chi_note(st, seat, a)
    if kind == "peng":
        return (f"碰{a.card.zh}：手里的一对加上这张成一组三张，马上亮出，又加胡息，然后你要打一张",
                f"碰 (peng) the {a.card.en}: your pair and this card make an open group of three with huxi, and then you discard")
    if kind == "pass":
        return (f"放过{a.card.zh}：手牌不动，这张牌交给下一家", f"letting the {a.card.en} go keeps your hand as it is, and the card passes on")
    if kind == "hu":
        return "胡：这手牌已经成了，胡牌就结束这一局并得分", "胡 (hu): the hand is complete; winning ends the hand with a score"
    return None


def why(st: PaohuziState, seat: int, better: str, chosen: str) -> tuple[str, str] | None:
    b, c = _pao_move(st, seat, better), _pao_move(st, seat, chosen)
    if b is None or c is None:
        return None
    bw, cw = st.action_words(better), st.action_words(chosen)
    return (f"{bw[0]}：{b[0]}。你{cw[0]}：{c[0]}。", f"{bw[1]}: {b[1]}. Yours, {cw[1][:1].lower() + cw[1][1:]}: {c[1]}.")


def own(st: PaohuziState, seat: int, chosen: str) -> tuple[str, str] | None:
    c = _pao_move(st, seat, chosen)
    return None if c is None else (c[0] + "。", c[1][:1].upper() + c[1][1:] + ".")
