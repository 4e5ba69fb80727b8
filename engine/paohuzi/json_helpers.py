"""JSON pieces every 跑胡子 answer shares: a rule cited by id, a win, and the reasons a hand does not win.

Used by the API actions (:mod:`.actions`), the table's views (:mod:`.views`) and the labels of moves
(:mod:`.labels`); this module imports none of them.
"""

from __future__ import annotations

from typing import Any

from .config import RuleConfig
from .fan import fan_json
from .groups import group_json
from .hu import REASON_RULES, REASONS, WAYS, Win
from .table import RULES


def rule_json(rid: str) -> dict[str, str]:
    """A rule of the table (:data:`engine.paohuzi.table.RULES`) by id, with its section and words."""
    sec, zh, en = RULES.get(rid, RULES["turn"])
    return {"id": rid, "section": sec, "zh": zh, "en": en}


def win_json(w: Win, cfg: RuleConfig) -> dict[str, Any]:
    """A winning arrangement: its ways, groups, 戏, 等, 番 and score."""
    return {
        "ways": [{"id": x, "zh": WAYS[x][0], "en": WAYS[x][1]} for x in w.ways],
        "groups": [group_json(g, cfg) for g in w.groups],
        "win_group": w.win_group,
        "huxi": w.group_huxi,
        "zimo": w.zimo,
        "zimo_bonus": cfg.zimo_bonus if w.zimo else 0,
        "total": w.total,
        "deng": w.deng,
        "red": w.red,
        "fan": fan_json(w.fans),
        "multiplier": w.multiplier,
        "score": w.score,
        "cards": w.cards,
    }


def reasons_json(codes: tuple[str, ...], cfg: RuleConfig, best: Win | None) -> list[dict[str, str]]:
    """Why a hand does not win, reason by reason, each with the page and anchor of its rule where there is one."""
    out = []
    for code in codes:
        zh, en = REASONS[code]
        if code == "below_threshold" and best is not None:
            zh += f"（{best.total} 戏，需 {cfg.threshold} 戏）"
            en += f" ({best.total} huxi, {cfg.threshold} needed)"
        item: dict[str, Any] = {"code": code, "zh": zh, "en": en}
        if code in REASON_RULES:
            page, anchor = REASON_RULES[code]
            item["rule"] = {"page": page, "anchor": anchor}
        out.append(item)
    return out
