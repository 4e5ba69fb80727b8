"""What a table answers about a game of 打围 in progress or over: the pool, each seat's sticks and 柱,
whose throw it is, the log and the throws in it, and at the end each seat's settlement in a sentence.
The ``play`` action answers it for a seeded game (:mod:`engine.dawei.actions`), the ``referee`` action for
a game thrown at a real table (:mod:`engine.dawei.referee`)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from .game import break_even, seat_en, seat_zh
from .state import DaweiState
from .sticks import ANIMALS

#: the most entries of the log an answer gives
MAX_LOG_TAIL = 500

END_WORDS: dict[str, tuple[str, str]] = {
    "pool_empty": ("签掷完", "every stick taken"),
    "red_bowl": ("红一碗", "a red bowl"),
    "shun_dou_shun": ("顺斗顺", "straight upon straight"),
    "turn_limit": ("手数到上限，作废", "stopped at the turn limit, void"),
}


def dice_words(dice: tuple[int, ...] | list[int], lang: str) -> str:
    """Six dice as a text alternative: "色子 4（红）、4（红）、1、2、3、6" / "dice 4 (red), 4 (red), 1, 2, 3, 6"."""
    if lang == "zh":
        return "色子 " + "、".join(f"{d}（红）" if d == 4 else str(d) for d in dice)
    return "dice " + ", ".join(f"{d} (red)" if d == 4 else str(d) for d in dice)


def rounded(x: Fraction) -> float:
    return round(float(x), 4)


def stick_list() -> list[dict[str, Any]]:
    """The ten kinds of stick, largest first: what the widgets name and count (they keep no names of their own)."""
    return [{"id": a.id, "zh": a.zh, "en": a.en, "count": a.count, "zhu": a.zhu} for a in ANIMALS]


def _entry(e: Any, lang: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"turn": e.turn, "seat": e.seat, "zh": e.zh, "en": e.en, "dice": list(e.dice) if e.dice else None}
    if e.dice:
        out["dice_words"] = {"zh": dice_words(e.dice, "zh"), "en": dice_words(e.dice, "en")}
    return out


def verdict(st: DaweiState, seat: int) -> tuple[str, str]:
    """What ``seat`` won or lost, in a sentence about the game."""
    net = st.settlement()[seat]
    be = break_even(st.n, st.rules)
    zhu = st.zhu(seat)
    nz, ne = seat_zh(seat), seat_en(seat)
    x = rounded(abs(net))
    xs = f"{x:g}"
    if st.end_reason == "turn_limit":
        return f"本局掷到手数上限仍未掷完，作废：{nz}不输不赢。", f"The game reached the turn limit with sticks still left and is void: {ne} neither wins nor loses."
    if st.end_reason in ("red_bowl", "shun_dou_shun"):
        how_zh = "红一碗" if st.end_reason == "red_bowl" else "顺斗顺"
        how_en = "the red bowl" if st.end_reason == "red_bowl" else "straight upon straight"
        if seat == st.bowl_winner:
            return f"{nz}掷出{how_zh}，里抄外抄：各家所得不算，{nz}共收 {xs} 柱。", f"{ne} threw {how_en}, the sweep inside and out: nobody's sticks count and {ne} collects {xs} 柱 in all."
        return f"{seat_zh(st.bowl_winner or 0)}掷出{how_zh}：各家所得不算，{nz}付给他 {xs} 柱。", f"{seat_en(st.bowl_winner or 0)} threw {how_en}: nobody's sticks count and {ne} pays them {xs} 柱."
    bes = f"{rounded(be):g}"
    if seat == st.banker:
        head_zh = f"{nz}得老狮子做庄家，所得 {zhu} 柱；与各家结算后"
        head_en = f"{ne} took the old lion and is the banker, with {zhu} 柱; after settling with everyone,"
        if net > 0:
            return f"{head_zh}净赢 {xs} 柱。", f"{head_en} {ne} wins {xs} 柱."
        if net < 0:
            return f"{head_zh}净输 {xs} 柱。", f"{head_en} {ne} loses {xs} 柱."
        return f"{head_zh}不输不赢。", f"{head_en} {ne} breaks even."
    if net > 0:
        return f"{nz}得 {zhu} 柱，比保本数 {bes} 多 {xs}：庄家付给{nz} {xs} 柱。", f"{ne} took {zhu} 柱, {xs} above the break-even of {bes}: the banker pays {ne} {xs} 柱."
    if net < 0:
        return f"{nz}得 {zhu} 柱，比保本数 {bes} 少 {xs}：{nz}付给庄家 {xs} 柱。", f"{ne} took {zhu} 柱, {xs} short of the break-even of {bes}: {ne} pays the banker {xs} 柱."
    return f"{nz}得 {zhu} 柱，正好保本，不输不赢。", f"{ne} took {zhu} 柱, exactly the break-even: no win, no loss."


def view(st: DaweiState, humans: set[int], tail: int, offer: bool = True) -> dict[str, Any]:
    """The table's answer for the game ``st``; its lawful moves (where ``offer``), each with its words, chance
    and 柱."""
    n = st.n
    waiting = not st.is_terminal() and st.current in humans
    legal: list[dict[str, Any]] = []
    if waiting and offer:
        opts = {o.action: o for o in st.pending}
        for a in st.legal_actions():
            zh, en = st.action_words(a)
            o = opts.get(a)
            legal.append({"action": a, "zh": zh, "en": en, "chance": rounded(o.chance) if o else 1.0, "zhu": o.zhu if o else 0})
    # the human seats' latest throw, and the computer's throws since it
    own_at = max((k for k, e in enumerate(st.log) if e.seat in humans and e.dice), default=None)
    own = st.log[own_at] if own_at is not None else None
    since = [e for e in st.log[(own_at + 1 if own_at is not None else 0):] if e.dice and e.seat not in humans]
    out: dict[str, Any] = {
        "players": n,
        "seats": [{"zh": seat_zh(s), "en": seat_en(s), "human": s in humans} for s in range(n)],
        "sticks": stick_list(),
        "phase": st.phase,
        "phase_words": {"main": {"zh": "正掷", "en": "main phase"}, "split": {"zh": "分掷", "en": "split phase"}, "over": {"zh": "已结束", "en": "over"}}[st.phase],
        "current": st.current,
        "turn": st.turn_no,
        "round": st.round_no,
        "pool": dict(st.pool),
        "pool_zhu": st.pool_zhu(),
        "holdings": [dict(h) for h in st.holdings],
        "zhu": [st.zhu(s) for s in range(n)],
        "idle": list(st.idle),
        "banker": st.banker,
        "straights": st.straight_count,
        "pending_dice": list(st.pending_dice) if st.pending_dice else None,
        "last_dice": list(st.last_dice) if st.last_dice else None,
        "own": None if own is None else _entry(own),
        "since_own": [_entry(e) for e in since[-MAX_LOG_TAIL:]],
        "waiting_for": st.current if waiting else None,
        "legal": legal,
        "log": [_entry(e) for e in (st.log[-tail:] if tail > 0 else [])],
        "log_length": len(st.log),
        "terminal": st.is_terminal(),
        "end": st.end_reason,
        "end_words": None if st.end_reason is None else dict(zip(("zh", "en"), END_WORDS[st.end_reason])),
        "break_even": rounded(break_even(n, st.rules)),
    }
    if st.is_terminal():
        out["net"] = [rounded(x) for x in st.settlement()]
        out["bowl_winner"] = st.bowl_winner
        out["verdicts"] = [dict(zip(("zh", "en"), verdict(st, s))) for s in range(n)]
    return out
