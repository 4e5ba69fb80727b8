"""What a review (``table.review``, engine/protocol/review.py) says of a 骨牌 decision, in the game's own terms:
the tiles a play spends or keeps for the later tricks and the closing, face up or face down."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .tiles import BY_CODE

if TYPE_CHECKING:
    from .state import GupaiState


def why(st: GupaiState, seat: int, better: str, chosen: str) -> tuple[str, str] | None:
    b_side, _, b_tiles = better.partition(":")
    c_side, _, c_tiles = chosen.partition(":")
    kept = Counter(c_tiles.split(".")) - Counter(b_tiles.split("."))  # what yours spent and the better one keeps
    spent = Counter(b_tiles.split(".")) - Counter(c_tiles.split("."))
    hand_after = len(st.hands[seat]) - len(b_tiles.split("."))
    zh: list[str] = []
    en: list[str] = []
    if kept:
        names_zh = "、".join(BY_CODE[t].zh for t in sorted(kept.elements()))
        names_en = " and ".join(BY_CODE[t].en for t in sorted(kept.elements()))
        later = "最后一圈（结牌）" if hand_after <= 2 else "后面的圈，尤其最后一圈（结牌）"
        later_en = "the last trick (the closing, 结牌)" if hand_after <= 2 else "a later trick, above all the last one (the closing, 结牌)"
        zh.append(f"更好的一手把{names_zh}留在手里，到{later}还能争")
        en.append(f"the better play keeps {names_en} in hand for {later_en}")
    if spent:
        names_zh = "、".join(BY_CODE[t].zh for t in sorted(spent.elements()))
        names_en = " and ".join(BY_CODE[t].en for t in sorted(spent.elements()))
        zh.append(f"用掉的是{names_zh}")
        en.append(f"it spends {names_en} instead")
    if b_side == "up" and c_side == "down":
        zh.append("而且它明出争这一圈，你却扣下垫掉了")
        en.append("and it competes for this trick, where you discarded face down")
    elif b_side == "down" and c_side == "up":
        zh.append("它垫掉不值钱的牌，不去争这一圈")
        en.append("it discards cheap tiles face down rather than fight for this trick")
    if not zh:
        return None
    return "；".join(zh) + "。", "; ".join(en) + "."


def own(st: GupaiState, seat: int, chosen: str) -> tuple[str, str] | None:
    side, _, tiles = chosen.partition(":")
    codes = tiles.split(".")
    if any(t not in BY_CODE for t in codes):
        return None
    z = "、".join(BY_CODE[t].zh for t in codes)
    n = " and ".join(BY_CODE[t].en for t in codes)
    left = len(st.hands[seat]) - len(codes)
    keep_zh = f"手里还留 {left} 张到后面" if left else "这是最后一圈"
    keep_en = (f"{left} tiles stay in hand for later" if left > 1 else "one tile stays in hand for later") if left else "this is the last trick"
    if side == "up":
        return f"你明出{z}争这一圈；{keep_zh}。", f"You played {n} face up to compete for this trick; {keep_en}."
    return f"你扣下{z}垫掉，不争这一圈；{keep_zh}。", f"You discarded {n} face down rather than fight for this trick; {keep_en}."
