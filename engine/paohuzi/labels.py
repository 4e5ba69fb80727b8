"""The words of a move at the table: what a button says (打出小二 / Discard the small 2) and the rule it follows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .json_helpers import rule_json
from .table import Action, action_id

if TYPE_CHECKING:  # the state is the one above this module: only its type is named here
    from .state import PaohuziState


#: moves of one card: the verb before the card (the compulsory ones say so)
_ONE_CARD = {"discard": ("打出", "Discard"), "hu": ("胡", "Win on"), "peng": ("碰", "Peng"),
             "pao": ("跑", "Pao"), "ti": ("提", "Ti"), "wei": ("偎", "Wei")}


def action_label(h: PaohuziState, a: Action) -> tuple[str, str]:
    """A move in words, in both languages."""
    c = a.card
    if a.kind in _ONE_CARD and c:
        (zh, en), after = _ONE_CARD[a.kind], ("（必须）", " (compulsory)") if a.kind in ("pao", "ti", "wei") else ("", "")
        return f"{zh}{c.zh}{after[0]}", f"{en} the {c.en}{after[1]}"
    if a.kind == "chi" and c:
        gs = ["".join(x.char for x in g) for g in a.groups]
        zh = f"吃{c.zh}，组成{gs[0]}" + (f"，比{'、'.join(gs[1:])}" if len(gs) > 1 else "")
        en = f"Chi the {c.en} as {' '.join(x.en for x in a.groups[0])}" + (
            f", showing {'; '.join(' '.join(x.en for x in g) for g in a.groups[1:])} (bi)" if len(gs) > 1 else "")
        return zh, en
    if a.kind == "pass" and c:
        w = h.window
        step = w.steps[0][1] if w and w.steps else ""
        return {"hu": (f"不胡{c.zh}", f"Do not win on the {c.en}"), "peng": (f"不碰{c.zh}", f"Let the {c.en} go (no peng)"),
                "chi": (f"不吃{c.zh}", f"Let the {c.en} go (no chi)")}.get(step, ("放过", "Let it go"))
    return a.kind, a.kind


_ACTION_RULE = {"discard": "discard", "hu": "hu", "peng": "peng", "pao": "pao", "ti": "hou_ti", "wei": "wei", "pass": "let_go"}


def action_json(h: PaohuziState, a: Action) -> dict[str, Any]:
    """A move as the table offers it: its id, kind, card and groups, its words and its rule."""
    zh, en = action_label(h, a)
    rule = ("bi" if len(a.groups) > 1 else "chi") if a.kind == "chi" else _ACTION_RULE.get(a.kind, "turn")
    if a.kind == "hu" and h.window is not None and h.window.origin == "liang":
        rule = "qishou"
    return {"id": action_id(a), "seat": a.seat, "kind": a.kind, "card": a.card.code if a.card else None,
            "groups": [[x.code for x in g] for g in a.groups], "zh": zh, "en": en, "rule": rule_json(rule)}
