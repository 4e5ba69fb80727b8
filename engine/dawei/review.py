"""What a review (``table.review``, engine/protocol/review.py) says of a 打围 choice after a first split throw, in
the game's own terms: a sure gain, nothing, or the second throw's chance of the stick (and of the 顺斗顺 sweep)."""

from __future__ import annotations

from typing import Any

from .split import SWEEP_RULES, second_throw_odds
from .state import DaweiState
from .sticks import BY_ID


def _pct(p: float) -> str:
    return f"{100 * p:.1f}%" if p >= 0.01 else f"{100 * p:.2f}%"


def _dawei_option(st: DaweiState, o: Any) -> tuple[str, str]:
    """What one choice after a first split throw keeps or risks, in words: a sure gain, nothing, or
    the second throw's chance of the stick (and of the 顺斗顺 sweep for a split opened on a straight)."""
    g = st
    if o.action == "pass":
        return "放弃，这一手什么也不得", "passing gains nothing this turn"
    if not o.action.startswith("split:") or o.chance_obj is None:
        if not o.zhu:
            return "马上取，这时什么也得不到", "taking at once gains nothing now"
        return f"马上取，稳得 {o.zhu} 柱", f"taking at once is a sure {o.zhu} 柱"
    ch = o.chance_obj
    stick = BY_ID.get(ch.target)
    name_zh, name_en = (stick.zh, stick.en) if stick else (ch.target, ch.target)
    sweep = ch.rule.id in SWEEP_RULES
    p_sweep, p_win = second_throw_odds(ch, g.rules)
    zh = f"再掷有 {_pct(p_win)} 的机会得{name_zh}（{o.zhu} 柱）"
    en = f"throwing again wins the {name_en} ({o.zhu} 柱) {_pct(p_win)} of the time"
    if sweep:
        pay = g.bowl_pay()
        each = f"{float(pay):g}"
        total = f"{float(pay) * (g.n - 1):g}"
        zh += (f"，还有 {_pct(p_sweep)} 的机会第二掷又是顺，成了顺斗顺：里抄外抄，各家所得不算，每家付 {each} 柱，"
               f"共收 {total} 柱")
        en += (f", and {_pct(p_sweep)} of the time the second throw is another straight, 顺斗顺 (the sweep): nobody's "
               f"sticks count and every other player pays {each} 柱, {total} in all")
    return zh + "；不成就这一手什么也不得", en + "; otherwise nothing this turn"


def why(st: DaweiState, seat: int, better: str, chosen: str) -> tuple[str, str] | None:
    """打围: what the better choice after a first split throw keeps or risks against the reader's."""
    opts = {o.action: o for o in st.pending}
    b, c = opts.get(better), opts.get(chosen)
    if b is None or c is None:
        return None
    bz, be = _dawei_option(st, b)
    cz, ce = _dawei_option(st, c)
    zh = [f"强水平的选择：{bz}", f"你的选择：{cz}"]
    en = [f"the strong level's choice: {be}", f"yours: {ce}"]
    b_split, c_split = b.action.startswith("split:"), c.action.startswith("split:")
    sweep = b_split and b.chance_obj is not None and b.chance_obj.rule.id in SWEEP_RULES
    if b_split and not c_split and c.action != "pass":
        if sweep:
            zh.append("冒落空的险是值得的：成了得的签，加上顺斗顺一次收下的柱，按机会算比马上取的多")
            en.append("the risk of a miss is worth taking: the stick it may win and the sweep's haul, weighed by their chances, "
                      "are worth more than taking at once")
        else:
            zh.append("冒落空的险是值得的：成了得的柱多，按机会算仍比马上取的多")
            en.append("the risk of a miss is worth taking: what a success gains, weighed by its chance, is more than taking at once")
    elif c_split and not b_split and b.action != "pass":
        zh.append("稳得的更好：再掷的机会不够大，按机会算得的比马上取的少")
        en.append("the sure gain is better: the second throw's chance is too small, so weighed by it the split gains less")
    elif b_split and c_split:
        if float(b.chance) > float(c.chance):
            zh.append("它的机会更大")
            en.append("its chance is the larger")
        elif b.zhu > c.zhu:
            zh.append("它成了得的柱更多")
            en.append("a success gains more")
    elif c.action == "pass":
        zh.append("放弃就白白让出了这一掷")
        en.append("passing throws this throw away")
    elif b.action == "pass":
        zh.append("按这一局的结算算，你取的签反而对你更不利")
        en.append("by this game's settlement, what you took leaves you worse off")
    return "；".join(zh) + "。", "; ".join(en) + "."


def own(st: DaweiState, seat: int, chosen: str) -> tuple[str, str] | None:
    o = next((o for o in st.pending if o.action == chosen), None)
    if o is None:
        return None
    z, n = _dawei_option(st, o)
    return z + "。", n[:1].upper() + n[1:] + "."
