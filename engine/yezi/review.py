"""What a review (``table.review``, engine/protocol/review.py) says of a 叶子戏 split, in the game's own terms: the
two groups, their combinations and ranks, and which is shown second."""

from __future__ import annotations

from .combos import SCATTER_EN, SCATTER_RANK, SCATTER_ZH, classify
from .state import YeziState, cards_words, move_cards


def _yezi_groups(action: str) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    kind, _, rest = action.partition(":")
    if kind != "split" or "|" not in rest:
        return None
    a, _, b = rest.partition("|")
    return move_cards(a), move_cards(b)


def _yezi_name(group: tuple[int, ...]) -> tuple[str, str, int]:
    c = classify(group)
    zh, en = cards_words(group)
    if c is None:
        return f"{zh}（{SCATTER_ZH}）", f"{en} (a {SCATTER_EN})", SCATTER_RANK
    return f"{zh}（{c.zh}，第 {c.rank} 等）", f"{en} (the {c.en}, rank {c.rank})", c.rank


def why(st: YeziState, seat: int, better: str, chosen: str) -> tuple[str, str] | None:
    """叶子戏: which group the better split shows second, and why that wins more."""
    bg, cg = _yezi_groups(better), _yezi_groups(chosen)
    if bg is None or cg is None:
        return None
    placing = st.config.scoring == "placing"
    (b1z, b1e, b1r), (b2z, b2e, b2r) = _yezi_name(bg[0]), _yezi_name(bg[1])
    (c1z, c1e, c1r), (c2z, c2e, c2r) = _yezi_name(cg[0]), _yezi_name(cg[1])
    if sorted(bg) == sorted(cg):  # the same two groups, shown in the other order
        if b2r < b1r:
            if placing:
                return (f"同样的两组，只是先后不同：把{b2z}留到第二次亮更好。计名次时，一组得的是它在同一轮四组里的名次；"
                        "第一轮别家都亮出自己最好的组合，第二轮他们剩下的多半是散牌，你的组合在第二轮更常排第一。",
                        f"The same two groups, shown in the other order: keeping {b2e} for the second showing wins more. "
                        "Scored by placing, a group counts its place among the four shown at that turn; at the first showing the others "
                        "bring out their best combinations, at the second they are mostly left with scattered cards, "
                        "so your combination places first there more often.")
            return (f"同样的两组，只是先后不同：强水平把{b2z}留到第二次亮。",
                    f"The same two groups, shown in the other order: the strong level keeps {b2e} for the second showing.")
        return (f"同样的两组，只是先后不同：先亮{b1z}更好。在设想的几副牌里，别家第二次亮的也常有组合，"
                "你的组合先亮时名次更靠前。",
                f"The same two groups, shown in the other order: showing {b1e} first wins more. In the deals imagined the others "
                "often still hold a combination for their second showing, so yours places better when shown first.")
    b_combos = sum(r < 9 for r in (b1r, b2r))
    c_combos = sum(r < 9 for r in (c1r, c2r))
    zh = [f"更好的分法先亮{b1z}，再亮{b2z}", f"你先亮{c1z}，再亮{c2z}"]
    en = [f"the better split shows {b1e} first, then {b2e}", f"yours shows {c1e} first, then {c2e}"]
    n_zh = {0: "一个也没有", 1: "只有一个", 2: "有两个"}
    n_en = {0: "none", 1: "one", 2: "two"}
    if b_combos > c_combos:
        zh.append(f"它凑成了{'一' if b_combos == 1 else '两'}个组合，你的{n_zh[c_combos]}")
        en.append(f"it makes {n_en[b_combos]} combination{'s' if b_combos != 1 else ''}, yours {n_en[c_combos]}")
    elif min(b1r, b2r) < min(c1r, c2r):
        zh.append("它的组合等次更高（数字越小越高）")
        en.append("its combination ranks higher (a smaller number is higher)")
    elif not placing and b1r + b2r < c1r + c2r:
        zh.append(f"按等次计分，两组合计 {b1r + b2r}，比你的 {c1r + c2r} 低（越低越好）")
        en.append(f"scored by rank its two groups total {b1r + b2r}, below your {c1r + c2r} (lower is better)")
    if placing and b2r < b1r:
        zh.append("它把组合留到第二次亮：计名次时，第二轮别家多半只剩散牌，组合在那一轮更常排第一")
        en.append("it keeps its combination for the second showing: scored by placing, the others are mostly left with "
                  "scattered cards by then, so a combination more often places first")
    return "；".join(zh) + "。", "; ".join(en) + "."


def own(st: YeziState, seat: int, chosen: str) -> tuple[str, str] | None:
    g = _yezi_groups(chosen)
    if g is None:
        return None
    (az, ae, ar), (bz, be, br) = _yezi_name(g[0]), _yezi_name(g[1])
    n = sum(r < 9 for r in (ar, br))
    zh = f"你先亮{az}，再亮{bz}；凑成了{'一' if n == 1 else '两' if n == 2 else '零'}个组合。"
    en = f"You show {ae} first, then {be}: {['no combination', 'one combination', 'two combinations'][n]}."
    return zh, en
