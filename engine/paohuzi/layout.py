"""The hand laid out at the end (摊牌, §4-11): what a player checks the sheet against.

When a hand is won, the winner lays down every card as groups; the table checks each
group's 戏, adds the 自摸 bonus, turns the total into 等 (§6) and multiplies by the
番 (§7). :func:`laid_out` gives that check as data for the table widget (names and
figures in both languages; the widget only draws them):

``{"huang", "winner", "zh", "en",                     # a sentence saying who won on what (or 荒)
   "groups": [{"kind", "zh", "en", "cards", "huxi", "open", "win"}],   # the winner's groups
   "card", "from": {"zh", "en"}, "ways": [{"zh", "en"}],
   "huxi", "zimo_bonus", "total", "deng", "fans": [{"zh", "en", "why_zh", "why_en", "multiplier"}],
   "multiplier", "score", "lines": [{"zh", "en"}],       # the sum, line by line
   "void": {"zh", "en"} | null,                           # the win does not stand (诈胡)
   "hands": [{"seat", "role", "zh", "en", "open", "hand"}]}   # every seat's cards (荒, or beside a win)

The figures are those the sheet pays: ``total`` and ``deng`` are the sheet's, and
``huxi + zimo_bonus == total`` with ``huxi`` the sum of the groups' 戏.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from collections.abc import Callable

from .fan import FANS, deng as deng_of
from .groups import Group, group_json
from .hu import WAYS
from .table import ROLE_NAMES
from .xiaguan import group_name

if TYPE_CHECKING:  # the state is the one above this module: only its type is named here
    from .state import PaohuziState

def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def group_names(g: Group, variant: str) -> tuple[str, str]:
    if variant == "xiaguan":
        return group_name(g.kind, g.cards)
    d = group_json(g)
    return str(d["zh"]), str(d["en"])


def source_words(h: PaohuziState, winner: int, source: str) -> tuple[str, str]:
    """Where the winning card came from, in words."""
    if source == "self":
        return "由胡者自己从底牌翻出（自摸）", "turned up from the stock by the winner (self-drawn)"
    if source in ("liang", "liang_zhuang"):
        return "是开局的亮张（起手胡）", "the card turned up before play (qishou hu)"
    if source == "discard":
        return "是别家手中打出的", "discarded from another player's hand"
    owner = (winner - 1) % h.n if source == "shang" else (winner + 1) % h.n
    zh, en = ROLE_NAMES[h.role(owner)]
    return f"由{zh}从底牌翻出", f"turned up from the stock by {en}"


def deng_rule(cfg: Any) -> tuple[int, int]:
    """The 戏 that make one 等 and the 戏 of each further 等, read from the rule itself (§6)."""
    base = next((t for t in range(0, 200) if deng_of(t, cfg) >= 1), 15)
    step = next((t - base for t in range(base + 1, base + 60) if deng_of(t, cfg) >= 2), 3)
    return base, step


def laid_out(h: PaohuziState, sheet: Any, variant: str = "paohuzi",
             group_view: Callable[[Any], dict[str, Any]] | None = None) -> dict[str, Any]:
    """The end of a finished hand as the table checks it (see the module docstring).

    ``sheet`` is the hand's :class:`~engine.paohuzi.settle.Sheet`; ``group_view`` draws a
    group on a seat's table (``play._group``) for the seats' hands.
    """
    r = h.result
    assert r is not None
    hands = []
    for s in range(h.n):
        zh, en = ROLE_NAMES[h.role(s)]
        hands.append({"seat": s, "role": h.role(s), "zh": zh, "en": en,
                      "open": [group_view(g) for g in h.open[s]] if group_view else [],
                      "hand": [c.code for c in h.concealed(s)]})
    out: dict[str, Any] = {
        "huang": r.winner is None, "winner": r.winner, "groups": [], "card": r.card.code if r.card else None,
        "from": None, "ways": [], "huxi": 0, "zimo_bonus": 0, "total": sheet.total_huxi, "deng": sheet.deng,
        "fans": [], "multiplier": sheet.multiplier, "score": 0, "lines": [], "void": None, "hands": hands,
    }
    if r.winner is None:
        out["zh"] = "荒牌：底牌翻完，没有人胡。各家的牌都摊开在下面。"
        out["en"] = "No winner (huang): the stock ran out. Every player's cards are laid out below."
        return out
    wz, we = ROLE_NAMES[h.role(r.winner)]
    assert r.card is not None
    fz, fe = source_words(h, r.winner, r.source)
    out["from"] = {"zh": fz, "en": fe}
    b = r.verdict.best if r.verdict is not None else None
    if b is None:  # the cards do not make a hand at all
        out["zh"] = f"{wz}报胡{r.card.zh}，但牌不能全部组成牌型。"
        out["en"] = f"{_cap(we)} claims a win on the {r.card.en}, but the cards do not all make groups."
        out["void"] = {"zh": "诈胡：摊牌后牌型不完整，胡牌无效。", "en": "False win (zha hu): the cards laid out do not make a whole hand, so the win does not count."}
        return out
    cfg = h.cfg
    groups: list[dict[str, Any]] = []
    for k, g in enumerate(b.groups):
        zh, en = group_names(g, variant)
        hx = group_json(g, cfg)["huxi"]
        groups.append({"kind": g.kind, "zh": zh, "en": en, "cards": [c.code for c in g.cards], "huxi": hx, "open": g.open, "win": k == b.win_group})
    out["groups"] = groups
    out["ways"] = [{"zh": w[0], "en": w[1]} for w in (_way(x) for x in b.ways)]
    huxi = sum(int(g["huxi"]) for g in groups)
    bonus = cfg.zimo_bonus if b.zimo else 0
    total = sheet.total_huxi
    out.update(huxi=huxi, zimo_bonus=bonus)
    ways_zh = "、".join(w["zh"] for w in out["ways"])
    ways_en = ", ".join(w["en"] for w in out["ways"])
    out["zh"] = f"{wz}胡{r.card.zh}（{ways_zh}）：这张牌{fz}。"
    out["en"] = f"{_cap(we)} wins on the {r.card.en} ({ways_en}): the card was {fe}."
    lines = []
    parts = [str(g["huxi"]) for g in groups]
    lines.append({"zh": f"各组的戏相加：{' + '.join(parts)} = {huxi} 戏。", "en": f"The groups' huxi added up: {' + '.join(parts)} = {huxi} huxi."})
    if bonus:
        lines.append({"zh": f"自摸加 {bonus} 戏：{huxi} + {bonus} = {total} 戏。", "en": f"Self-drawn win, {bonus} huxi more: {huxi} + {bonus} = {total} huxi."})
    base, step = deng_rule(cfg)
    d = sheet.deng
    if d:
        lines.append({"zh": f"折等：{base} 戏为 1 等，每多 {step} 戏加 1 等，{total} 戏 = {d} 等。",
                      "en": f"Into deng: {base} huxi make 1 deng and every {step} more one more, so {total} huxi = {d} deng."})
    else:
        lines.append({"zh": f"折等：{base} 戏才有 1 等，{total} 戏不够。", "en": f"Into deng: 1 deng needs {base} huxi; {total} is not enough."})
    fans: list[dict[str, Any]] = [{"zh": FANS[f].zh, "en": FANS[f].en, "why_zh": FANS[f].zh_rule, "why_en": FANS[f].en_rule, "multiplier": FANS[f].multiplier} for f in sheet.fans]
    out["fans"] = fans
    for f in fans:
        lines.append({"zh": f"{f['zh']}：{f['why_zh']}，等数乘 {f['multiplier']}。", "en": f"{_cap(f['en'])}, {f['why_en']}: the deng are multiplied by {f['multiplier']}."})
    if not fans:
        lines.append({"zh": "没有番：等数不乘。", "en": "No fan: the deng are not multiplied."})
    score = d * sheet.multiplier
    out["score"] = score
    lines.append({"zh": f"这一胡值 {d} 等 × {sheet.multiplier} = {score}；谁付给谁，见下面的得分表。",
                  "en": f"The win is worth {d} deng × {sheet.multiplier} = {score}; who pays whom is on the sheet below."})
    out["lines"] = lines
    if not sheet.hu_valid:
        out["void"] = {"zh": "这一胡不成立（诈胡），按罚则记分：见下面的得分表。",
                       "en": "This win does not stand (a false win, zha hu): the penalties are scored instead, as the sheet below shows."}
    return out


def _way(x: str) -> tuple[str, str]:
    return WAYS[x]


def liang_shown(h: PaohuziState) -> dict[str, Any] | None:
    """The 亮张 on the board: the card and what became of it (the dealer took it, or someone won on it)."""
    ev = next((e for e in h.log if e.kind == "liang" and e.card is not None), None)
    if ev is None:
        return None
    c = ev.card
    assert c is not None
    if h.liang is not None:
        zh, en = "亮张：翻开在底牌上，先看有没有人起手胡。", "The turned-up card: face up on the stock; first, does anyone win on it?"
    elif any(e.kind == "shou" for e in h.log):
        zh, en = "亮张：庄家收进了手中（收张）。", "The turned-up card: the dealer took it into his hand."
    else:
        zh, en = "亮张：有人胡了这张牌（起手胡）。", "The turned-up card: a player won on it before play."
    return {"card": c.code, "zh": zh, "en": en}
