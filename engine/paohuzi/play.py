"""Playing 跑胡子 and 下灌字牌 at a table: tables, settlement, 打鸟, a whole match, and the ``play`` API.

``play`` answer (the same shape for ``variant`` "paohuzi" and "xiaguan")::

    {
      "variant": "paohuzi" | "xiaguan", "name": {"zh", "en"},
      "seed": int, "table": "four" | "three" | "two", "viewer": seat the answer is seen from,
      "seats": [ {                      # in turn order from the dealer (0)
          "seat": int, "role": "zhuang" | "xia" | "shang", "zh", "en",   # role names
          "computer": bool, "you": bool,
          "hand": [card codes] | null,   # concealed cards: null for others until the hand ends
          "hand_count": int,
          "open": [ {"kind", "zh", "en", "cards": [code | null], "face": "up"|"down"|"one"|"bottom"|"top",
                     "taken": code | null, "bi": bool, "huxi": int | null} ],   # null where face down
          "row": [ {"card": code, "from": "stock" | "discard"} ],             # between this seat and the next
          "let_go": [codes] | null        # cards this seat may no longer 吃/碰 (only for the viewer)
      } ],
      "xing": {"zh", "en"} | null,       # the 醒家 at a four-seat table (plays no cards)
      "stock": int, "aside": int, "liang": code | null,
      "liang_shown": {"card", "zh", "en"} | null,   # the 亮张 and what became of it (for the board)
      "offer": {"card": code, "from": seat, "origin": "stock"|"discard"|"liang"} | null,   # the card on offer
      "to_move": seat | null, "phase": "claim" | "discard" | "over",
      "actions": [ {"id", "kind", "card", "groups": [[codes]], "zh", "en", "rule"} ],   # the viewer's lawful moves now
      "blocked": [ {"card", "zh", "en", "rule"} ],   # the viewer's cards that may not be discarded, and why
      "cannot": [ {"kind": "hu"|"peng"|"chi", "code", "zh", "en", "rule"} ],   # why the viewer may not claim the card on offer
      "hint": one of "actions" | null,   # the move the computer player would make in the viewer's place,
                                         # with "why": {"zh", "en"} (what it weighs); each 吃 action has "note": {"zh", "en"}
      "waiting": {"seat", "zh", "en"} | null,        # another (non-computer) seat must move
      "refused": null | {"index", "code", "zh", "en", "rule": {...}},   # the first unlawful action, not applied
      "log": [ {"n", "seat", "role", "kind", "card": code | null, "cards": [codes] (a 吃's groups, three by three), "zh", "en",
                "rule": {"id", "section", "zh", "en"}} ],
      "over": bool,
      "result": null | {
          "winner": seat | null, "huang": bool, "card": code | null, "source": str,
          "win": the ``hu`` action's "best" object | null, "reasons": [...],
          "sheet": {"seats": [role ids], "scores": {role: points}, "lines": [{"zh","en","delta"}],
                    "total", "deng", "fan", "multiplier", "hu_valid"},
          "birds": [ {"bird": int, "card", "seat_role", "score"} ],   # 打鸟 (five players or more)
          "check": {"hu": request, "settle": request}    # the same hand through the ``hu`` and ``settle`` actions
          "layout": the hand laid out (摊牌): the winner's groups, the sum to 等 and 番 (engine/paohuzi/layout.py)
      },
      "match": null | {"hand": int, "hands": int, "players": [{"name": {"zh","en"}, "total"}],
                        "sheet": [{"hand", "dealer", "xing", "winner", "scores": [int per player], "birds": [int per bird]}],
                        "over": bool, "ranking": [player index]}
    }
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Callable, Optional, Sequence

from ..errors import ApiError
from ..protocol.strong import PAOHUZI_SEATS_UNITS, STRONG_UNITS, paohuzi_hint, paohuzi_seats, read_level
from ..validate import bad, get_bool, get_dict, get_int, get_list, get_str
from .ai import chi_note, choose, explain, public_passes, strong_why
from .cards import FACES, Card, parse_card
from .config import DEFAULT, RuleConfig
from .groups import KINDS, huxi as group_huxi
from .settle import SEATS, Sheet, settle
from .table import RULES, ROLE_NAMES, Action, Foul, Hand, Shown, action_id

TABLES = {"four": (3, True), "three": (3, False), "two": (2, False)}
TABLE_NAMES = {"four": ("四人局（三人打牌，醒家数醒）", "four at the table (three play, the counter sits out)"),
               "three": ("三人局", "three players"), "two": ("二人局", "two players")}
VARIANTS = {"paohuzi": ("跑胡子", "paohuzi"), "xiaguan": ("下灌字牌", "Xiaguan zi pai")}
MAX_ACTIONS = 800
MAX_HANDS = 8  # a match is replayed whole on every request: eight hands stay within the time budget
MAX_BIRDS = 6
#: 打鸟: the last stock card's number names the seat a bird shares with (§1-3)
BIRD_SEAT = {1: "zhuang", 5: "zhuang", 9: "zhuang", 2: "xia", 6: "xia", 10: "xia", 3: "xing", 7: "xing", 4: "shang", 8: "shang"}


def xiaguan_config(base: RuleConfig = DEFAULT) -> RuleConfig:
    """下灌字牌 as a configuration of the same machine (yezixi.txt, appendix)."""
    from ..yezi.zipai import XIAGUAN

    return replace(XIAGUAN, **{k: getattr(base, k) for k in ("threshold", "two_hu", "claim_rank", "foul_win", "void_hu", "xia_shun", "po_pao")})


def table_config(cfg: RuleConfig, table: str) -> tuple[RuleConfig, int]:
    """The config and the cards set aside for a table (二人局: 21 戏, or twenty cards aside)."""
    if table == "three":
        cfg = replace(cfg, xing_chou=0, huang_xing=0)
    if table == "two":
        cfg = replace(cfg, xing_chou=0, huang_xing=0)
        if cfg.two_players == "aside":
            return cfg, 20
        return replace(cfg, threshold=max(cfg.threshold, 21)), 0
    return cfg, 0


def table_seats(h: Hand, table: str) -> tuple[str, ...]:
    return tuple(h.roles) + (("xing",) if TABLES[table][1] else ())


def hand_sheet(h: Hand, table: str) -> Sheet:
    """The sheet of a finished hand, through :func:`engine.paohuzi.settle.settle`."""
    assert h.result is not None
    r = h.result
    pens = hand_penalties(h)
    seats = table_seats(h, table)
    if r.winner is None:
        return settle(None, 0, False, (), pens, h.cfg, seats)
    if r.verdict is None or r.verdict.best is None:  # 诈胡: the cards do not even make a hand
        return settle(h.role(r.winner), 0, False, (), pens, h.cfg, seats)
    b = r.verdict.best
    return settle(h.role(r.winner), b.group_huxi, b.zimo, b.fans, pens, h.cfg, seats)


def hand_penalties(h: Hand) -> list[tuple[str, str]]:
    """The fouls charged (charge mode): 拆坎 has no line of its own and counts only for a winner, as 诈胡 (§4-11)."""
    assert h.result is not None
    out: list[tuple[str, str]] = []
    for s in range(h.n):
        for f in h.fouls[s]:
            if f == "chai_kan":
                if s == h.result.winner:
                    out.append((h.role(s), "zha_hu"))
            elif f in dict(h.cfg.penalties):
                out.append((h.role(s), f))
    return list(dict.fromkeys(out))


def pairwise(sheet: Sheet) -> dict[tuple[str, str], Fraction]:
    """Who pays whom: each line of the sheet split in proportion (exact for every line settle writes)."""
    flows: dict[tuple[str, str], Fraction] = {}
    for line in sheet.lines:
        d = dict(line.delta)
        pos = {s: v for s, v in d.items() if v > 0}
        neg = {s: -v for s, v in d.items() if v < 0}
        total = sum(pos.values())
        for a, pay in neg.items():
            for b, get in pos.items():
                f = Fraction(pay * get, total)
                flows[(a, b)] = flows.get((a, b), Fraction(0)) + f
    return flows


def bird_scores(sheet: Sheet, role: str, birds: int) -> tuple[dict[str, int], int]:
    """打鸟: each bird shares the fate of ``role`` — whatever each other seat pays that seat, it pays each bird too.

    Returns the seats' extra points and each bird's score (equal to the seat's); everything sums to zero.
    """
    flows = pairwise(sheet)
    extra = {s: 0 for s in sheet.scores}
    bird = 0
    for (a, b), f in flows.items():
        if b == role and a != role:
            extra[a] -= int(f) * birds
            bird += int(f)
        elif a == role and b != role:
            extra[b] += int(f) * birds
            bird -= int(f)
    return extra, bird


# ---------------------------------------------------------------- JSON views


def _rule(rid: str) -> dict[str, str]:
    sec, zh, en = RULES.get(rid, RULES["turn"])
    return {"id": rid, "section": sec, "zh": zh, "en": en}


_ZIPAI_KINDS = {"ti": ("开招", "four alike (kaizhao)"), "pao": ("开招", "four alike (kaizhao)"), "wei": ("扫牌", "three alike, face down (saopai)"),
                "peng": ("坎子（碰）", "three alike, claimed (peng)"), "shun": ("顺子", "run (shunzi)")}


def _group(g: Shown, visible: bool, cfg: RuleConfig, variant: str = "paohuzi") -> dict[str, Any]:
    k = KINDS[g.kind]
    zh, en = k.zh, k.en
    if variant == "xiaguan":
        from .groups import is_red_bian

        zh, en = _ZIPAI_KINDS.get(g.kind, ("二七十", "2-7-10 (erqishi)") if is_red_bian(tuple(g.cards)) else ("半边", "one number, both cases (banbian)"))
        d = _group(g, visible, cfg)
        if d["cards"] and all(c is None for c in d["cards"]):
            return {**d, "zh": "扫牌（暗）", "en": "saopai, face down"}
        return {**d, "zh": zh, "en": en}
    if g.kind == "wei" and g.face == "one":
        zh, en = "臭偎", "wei of a passed card (shown)"
    if g.kind == "ti":
        zh, en = ("前提", "ti dealt") if g.face == "bottom" else ("后提", "ti in play")
    hide = g.face == "down" and not visible
    cards: list[Optional[str]] = [c.code for c in g.cards]
    if g.kind == "wei" and g.face == "one" and not visible:
        cards = [g.cards[0].code, None, None]
    if hide:
        cards = [None] * len(g.cards)
    return {
        "kind": g.kind, "zh": ("暗偎" if hide else zh), "en": ("wei, face down" if hide else en), "cards": cards, "face": g.face,
        "taken": g.taken.code if g.taken else None, "bi": g.bi,
        "huxi": None if hide or (g.kind == "wei" and g.face == "one" and not visible) else group_huxi(g.group, cfg),
    }


#: 下灌字牌's own names for the same moves (yezixi.txt appendix): 扫牌 for 偎, 开招 for 提 and 跑
_ZIPAI_ZH = (("后提，翻开最上面一张", "亮牌"), ("翻开最下面一张", "亮牌"), ("背面朝下", "暗牌"), ("前提", "开招"), ("后提", "开招"),
             ("亮提", "开招"), ("重跑", "再开招"), ("两提", "两个开招"), ("臭偎", "扫牌"), ("偎", "扫牌"), ("提", "开招"), ("跑", "开招"), ("庄家", "庄家"), ("收张", "收张"))
_ZIPAI_EN = (("(bottom card face up)", "(face up)"), ("(top card face up)", "(face up)"), ("a second ti or pao (chong pao)", "a second four alike"),
             ("two ti (chong pao)", "two fours alike"), ("(chou wei)", "(saopai)"), ("wei", "saopai"), ("ti", "kaizhao"), ("pao", "kaizhao"))


def zipai_words(text: str, lang: str) -> str:
    """A log line in 下灌字牌's words."""
    import re

    if lang == "zh":
        for a, b in _ZIPAI_ZH:
            text = text.replace(a, b)
        return text
    for a, b in _ZIPAI_EN:
        text = re.sub(r"\b" + re.escape(a) + r"\b", b, text) if a.isalpha() else text.replace(a, b)
    return text


def _label(h: Hand, a: Action) -> tuple[str, str]:
    c = a.card
    if a.kind == "discard" and c:
        return f"打出{c.zh}", f"Discard the {c.en}"
    if a.kind == "hu" and c:
        return f"胡{c.zh}", f"Win on the {c.en}"
    if a.kind == "peng" and c:
        return f"碰{c.zh}", f"Peng the {c.en}"
    if a.kind == "chi" and c:
        gs = ["".join(x.char for x in g) for g in a.groups]
        zh = f"吃{c.zh}，组成{gs[0]}" + (f"，比{'、'.join(gs[1:])}" if len(gs) > 1 else "")
        en = f"Chi the {c.en} as {' '.join(x.en for x in a.groups[0])}" + (
            f", showing {'; '.join(' '.join(x.en for x in g) for g in a.groups[1:])} (bi)" if len(gs) > 1 else "")
        return zh, en
    if a.kind == "pao" and c:
        return f"跑{c.zh}（必须）", f"Pao the {c.en} (compulsory)"
    if a.kind == "ti" and c:
        return f"提{c.zh}（必须）", f"Ti the {c.en} (compulsory)"
    if a.kind == "wei" and c:
        return f"偎{c.zh}（必须）", f"Wei the {c.en} (compulsory)"
    if a.kind == "pass" and c:
        w = h.window
        step = w.steps[0][1] if w and w.steps else ""
        return {"hu": (f"不胡{c.zh}", f"Do not win on the {c.en}"), "peng": (f"不碰{c.zh}", f"Let the {c.en} go (no peng)"),
                "chi": (f"不吃{c.zh}", f"Let the {c.en} go (no chi)")}.get(step, ("放过", "Let it go"))
    return a.kind, a.kind


_ACTION_RULE = {"discard": "discard", "hu": "hu", "peng": "peng", "pao": "pao", "ti": "hou_ti", "wei": "wei", "pass": "let_go"}


def action_json(h: Hand, a: Action) -> dict[str, Any]:
    zh, en = _label(h, a)
    rule = ("bi" if len(a.groups) > 1 else "chi") if a.kind == "chi" else _ACTION_RULE.get(a.kind, "turn")
    if a.kind == "hu" and h.window is not None and h.window.origin == "liang":
        rule = "qishou"
    return {"id": action_id(a), "seat": a.seat, "kind": a.kind, "card": a.card.code if a.card else None,
            "groups": [[x.code for x in g] for g in a.groups], "zh": zh, "en": en, "rule": _rule(rule)}


def view(h: Hand, viewer: int, computer: frozenset[int], table: str, variant: str, reveal: bool = False) -> dict[str, Any]:
    """The hand as ``viewer`` sees it (everything once the hand is over, or with ``reveal``)."""
    from .layout import liang_shown

    over = h.over or reveal
    seats = []
    for s in range(h.n):
        see = over or s == viewer
        zh, en = ROLE_NAMES[h.role(s)]
        seats.append({
            "seat": s, "role": h.role(s), "zh": zh, "en": en, "computer": s in computer, "you": s == viewer,
            "hand": [c.code for c in h.concealed(s)] if see else None,
            "hand_count": sum(h.hands[s]),
            "open": [_group(g, see, h.cfg, variant) for g in h.open[s]],
            "row": [{"card": c.code, "from": o} for c, o in h.rows[s]],
            "let_go": sorted(FACES[i].code for i in h.chou[s]) if see else None,
        })
    w = h.window
    offer = None
    if w is not None and not h.over:
        hidden = w.origin == "stock" and (w.owner, "forced") in w.steps and h._forced_of(w.owner, w) == "wei" and w.owner != viewer
        offer = {"card": None if hidden else w.card.code, "from": w.owner, "origin": w.origin}
    p = h.pending()
    acts = [action_json(h, a) for a in h.legal_actions(viewer)] if p == viewer else []
    blocked = []
    if p == viewer and h.phase == "discard":
        for i, n in enumerate(h.hands[viewer]):
            if n >= 3:
                blocked.append({"card": FACES[i].code, "zh": f"拆对不拆坎：三张{FACES[i].zh}是一坎，不能打出。",
                                "en": f"A kan is never split: your three {FACES[i].en} may not be discarded.", "rule": _rule("kan")})
    cannot = [] if h.over or reveal else cannot_json(h, viewer, acts)
    # a hint for learners: the move the computer player would make in the viewer's place
    hint = None
    if acts:
        seen = public_passes(h, viewer)  # the others' silent passes are not the viewer's to weigh
        pick = choose(seen, viewer)
        hint = action_json(h, pick)
        wz, we = explain(seen, viewer, pick)  # what the computer weighs, in words
        hint["why"] = {"zh": wz, "en": we}
        for x, a in zip(acts, h.legal_actions(viewer)):
            if a.kind == "chi":  # what each way to chi keeps and gives up
                nz, ne = chi_note(h, viewer, a)
                x["note"] = {"zh": nz, "en": ne}
    waiting = None
    if p is not None and p != viewer:
        zh, en = ROLE_NAMES[h.role(p)]
        waiting = {"seat": p, "zh": f"等{zh}决定。", "en": f"Waiting for {en}."}
    log = []
    for n, e in enumerate(h.log):
        show = over or not e.hidden or e.seat == viewer
        if e.kind in ("pass", "withheld") and not show:
            continue  # nobody else knows he could have claimed
        zh, en = (e.zh, e.en) if variant != "xiaguan" else (zipai_words(e.zh, "zh"), zipai_words(e.en, "en"))
        log.append({"n": n + 1, "seat": e.seat, "role": h.role(e.seat) if e.seat is not None else None, "kind": e.kind,
                    "card": e.card.code if (e.card and show) else None, "cards": [c.code for c in e.cards] if show else [],
                    "zh": zh, "en": en, "rule": _rule(e.rule)})
    xing = ROLE_NAMES["xing"] if TABLES[table][1] else None
    return {
        "variant": variant, "name": {"zh": VARIANTS[variant][0], "en": VARIANTS[variant][1]},
        "seed": h.seed, "table": table, "table_name": {"zh": TABLE_NAMES[table][0], "en": TABLE_NAMES[table][1]},
        "viewer": viewer, "seats": seats,
        "xing": None if xing is None else {"zh": xing[0], "en": xing[1]},
        "stock": len(h.stock), "aside": len(h.aside), "liang": h.liang.code if h.liang else None,
        "offer": offer, "to_move": p, "phase": "over" if h.over else h.phase,
        "actions": acts, "hint": hint, "blocked": blocked, "cannot": cannot, "waiting": waiting, "refused": None, "log": log, "over": h.over,
        "result": result_json(h, table, variant=variant) if h.over else None, "match": None,
        "liang_shown": liang_shown(h),
    }


def cannot_json(h: Hand, viewer: int, acts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Why the viewer may not 胡, 碰 or 吃 the card on offer (for the buttons shown greyed out)."""
    from .hu import REASONS

    w = h.window
    if w is None or h.phase != "claim":
        return []
    have = {a["kind"] for a in acts}
    x, i = w.card, w.card.index
    out: list[dict[str, Any]] = []

    def add(kind: str, code: str, zh: str, en: str, rule: str) -> None:
        out.append({"kind": kind, "code": code, "zh": zh, "en": en, "rule": _rule(rule)})

    hidden = w.origin == "stock" and (w.owner, "forced") in w.steps and h._forced_of(w.owner, w) == "wei" and w.owner != viewer
    if hidden:
        return []
    if "hu" not in have:
        if w.origin == "discard":
            add("hu", "hu_di", "只能胡底牌：手中打出的牌不能胡。", "Only a stock card wins: a card discarded from a hand cannot.", "hu_di")
        else:
            v = h.verdict(viewer, w)
            if v.wins:
                add("hu", "not_your_turn", "先轮到别家决定。", "Another player decides first.", "hu")
            else:
                code = v.reasons[0] if v.reasons else "incomplete"
                zh, en = REASONS.get(code, REASONS["incomplete"])
                add("hu", code, zh, en, "hu")
    if "peng" not in have and viewer != w.owner:
        n = h.hands[viewer][i]
        if n == 2 and i in h.chou[viewer]:
            add("peng", "peng_er", f"碰一不碰二：{x.zh}第一次没有碰，这次不能再碰。", f"No second chance to peng: you did not peng the {x.en} the first time.", "peng_er")
        elif n == 2 and h.withheld(viewer, w, "peng"):
            f = h.withheld_foul(x, "peng")
            add("peng", f.code, f.zh, f.en, f.rule)
        elif n == 2 and w.origin == "liang":
            add("peng", "liang", "亮张不能碰：无人起手胡时它归庄家收张。", "The turned-up card cannot be penged: when nobody wins on it the dealer takes it.", "shou")
        elif n == 2:
            add("peng", "not_now", "现在轮不到你碰（先胡或先跑的人在前）。", "You cannot peng now (a win or a pao comes first).", "peng_first")
        elif n == 3:
            add("peng", "kan", f"你手中有三张{x.zh}：第四张出现时必须跑，不是碰。", f"You hold three {x.en}: the fourth must be made a pao, not a peng.", "pao")
        else:
            add("peng", "no_pair", f"碰要手中有一对{x.zh}。", f"A peng needs a pair of {x.en} in your hand.", "peng")
    if "chi" not in have:
        far = h.chi_from_foul(viewer, w)
        if far is not None:
            add("chi", far.code, far.zh, far.en, far.rule)
        elif i in h.chou[viewer]:
            add("chi", "chou_zhang", f"不吃臭张：{x.zh}已经放过，不能再吃。", f"No chi of a passed card: you let the {x.en} go before.", "chou_zhang")
        elif h.hands[viewer][i] >= 3:
            add("chi", "kan", f"拆对不拆坎：你的三张{x.zh}不能拆开吃牌。", f"A kan is never split: your three {x.en} cannot be used for a chi.", "kan")
        elif h.withheld(viewer, w, "chi"):
            f = h.withheld_foul(x, "chi")
            add("chi", f.code, f.zh, f.en, f.rule)
        elif not h.chi_ways(viewer, w):
            add("chi", "no_group", f"手中没有能和{x.zh}组成顺子或编子（并把同样的牌都比出来）的牌。",
                f"Your hand has no cards that make a run or bian with the {x.en} (showing every copy you hold).", "chi")
        else:
            add("chi", "peng_first", "碰优先于吃：先等别家决定。", "Peng comes before chi: wait for the others to decide.", "peng_first")
    return out


def result_json(h: Hand, table: str, birds: int = 0, variant: str = "paohuzi") -> dict[str, Any]:
    from .actions import _reasons, _win_json
    from .layout import laid_out

    r = h.result
    assert r is not None
    sheet = hand_sheet(h, table)
    out: dict[str, Any] = {
        "winner": r.winner, "huang": r.winner is None, "card": r.card.code if r.card else None, "source": r.source,
        "win": None, "reasons": [],
        "sheet": {"seats": list(sheet.scores), "scores": dict(sheet.scores), "lines": [{"zh": l.zh, "en": l.en, "delta": dict(l.delta)} for l in sheet.lines],
                  "total": sheet.total_huxi, "deng": sheet.deng, "fan": list(sheet.fans), "multiplier": sheet.multiplier, "hu_valid": sheet.hu_valid},
        "birds": [],
        "layout": laid_out(h, sheet, variant, lambda g: _group(g, True, h.cfg, variant)),
    }
    opts = {k: str(getattr(h.cfg, k)) for k in ("threshold", "deng_base", "threshold_zimo", "red_rule", "liang", "xia_shun", "void_hu", "po_pao", "liang_kan", "foul_win", "two_players")}
    settle_req: dict[str, Any] = {"game": "paohuzi", "action": "settle", "options": opts, "table": table, "winner": None, "huxi": 0, "self_drawn": False, "fan": [],
                                  "penalties": [{"seat": s, "kind": k} for s, k in hand_penalties(h)]}
    if r.winner is not None and (r.verdict is None or r.verdict.best is None):
        settle_req.update(winner=h.role(r.winner))
    if r.winner is not None and r.verdict is not None and r.verdict.best is not None:
        b = r.verdict.best
        out["win"] = _win_json(b, h.cfg)
        out["reasons"] = _reasons(r.verdict.reasons, h.cfg, b)
        settle_req.update(winner=h.role(r.winner), huxi=b.group_huxi, self_drawn=b.zimo, fan=list(b.fans))
        out["check"] = {
            "hu": {"game": "paohuzi", "action": "hu", "options": opts, "hand": [c.code for c in h.concealed(r.winner)],
                   "open": [{"kind": g.kind, "cards": [c.code for c in g.cards]} for g in h.open[r.winner]],
                   "card": r.card.code if r.card else None, "source": r.source,
                   "fouls": [f for f in dict.fromkeys(h.fouls[r.winner]) if f != "zha_hu"],
                   **({"skipped": h.bare[r.winner]} if h.bare[r.winner] else {})},
            "settle": settle_req,
        }
    else:
        out["check"] = {"hu": None, "settle": settle_req}
    if birds and TABLES[table][1]:
        last = h.bird_card
        role = BIRD_SEAT[last.rank]
        extra, score = bird_scores(sheet, role, birds)
        out["birds"] = [{"bird": k + 1, "card": last.code, "seat_role": role, "score": score} for k in range(birds)]
        out["bird_extra"] = extra
    return out


# ---------------------------------------------------------------- one hand / a whole match


@dataclass
class Game:
    """A hand (or a match of hands) being played: what ``play`` replays from the seed on every request."""

    variant: str
    table: str
    seed: int
    cfg: RuleConfig
    computer: frozenset[int]
    viewer: int
    hand: Hand


def new_hand(seed: int, cfg: RuleConfig, table: str, charge: bool = False) -> Hand:
    tcfg, aside = table_config(cfg, table)
    h = Hand(seed, tcfg, TABLES[table][0], aside, charge)
    if tcfg.deal_mode == "liang":
        from .table import Event

        if TABLES[table][1]:
            ev = Event(None, "xing", "xing", "庄家洗牌，醒家（庄家的对面）腰牌，并从下往上数出二十张作底牌，第二十张翻开作亮张；醒家这一局不打牌。",
                       "The dealer shuffles; the counter (opposite the dealer) cuts and counts twenty cards from the bottom as the stock, turning the twentieth up; the counter sits this hand out.")
        else:
            ev = Event(None, "xing", "xing", "没有醒家：庄家洗牌，上手腰牌，庄家边发边数，发完后下一张翻开作亮张。",
                       "No counter: the dealer shuffles, the previous player cuts, and the dealer counts as he deals; the next card after the deal is turned up.")
        h.log.insert(0, ev)
    return h


def auto(h: Hand, computer: frozenset[int], limit: int = 2_000, strong: Optional[Callable[[Hand], Optional[Action]]] = None) -> None:
    """The computer seats' moves until another seat must decide; ``strong`` (the strong level, when
    asked for) chooses where it can and answers None where it leaves the move to the basic player."""
    for _ in range(limit):
        s = h.pending()
        if s is None or s not in computer:
            return
        pick = strong(h) if strong is not None else None
        h.apply(pick if pick is not None else choose(h, s))


def narrate(seed: int, table: str = "four", options: Optional[dict[str, str]] = None, variant: str = "paohuzi") -> dict[str, Any]:
    """A whole seeded hand played by computer players, move by move (each event with its rule), and its settlement."""
    return play({"seed": seed, "table": table, "options": options or {}, "variant": variant, "computer": [0, 1, 2][: TABLES[table][0]]})


def _parse_action(h: Hand, item: Any, k: int) -> Action:
    p = h.pending()
    if isinstance(item, str):
        item = {"id": item}
    if not isinstance(item, dict):
        raise bad("actions", f"第 {k + 1} 步应是一个走法（从可选的走法里选一个）。", f"move {k + 1} should be one of the moves offered.")
    seat = item.get("seat", p)
    if not isinstance(seat, int) or isinstance(seat, bool):
        seat = p
    if "id" in item and isinstance(item["id"], str) and p is not None:
        for a in h.legal_actions(p):
            if action_id(a) == item["id"]:
                return a
        parts = item["id"][:200].split(":")
        item = {"kind": parts[0], "card": parts[1] if len(parts) > 1 else None,
                "groups": [g.split(".") for g in parts[2].split("|")] if len(parts) > 2 else []}
    kind = item.get("kind")
    if not isinstance(kind, str) or kind not in ("hu", "pass", "discard", "chi", "peng", "pao", "ti", "wei", "next"):
        raise bad("actions", f"第 {k + 1} 步不是一种走法：可以是胡、过、打牌、吃、碰。", f"move {k + 1} is not a kind of move: win, pass, discard, chi or peng.")
    card = None
    if item.get("card") is not None:
        card = parse_card(item["card"]) if isinstance(item["card"], str) else None
        if card is None:
            raise bad("actions", f"第 {k + 1} 步里的牌认不出来。", f"move {k + 1} names a card that does not exist.")
    groups = []
    raw = item.get("groups") or []
    if not isinstance(raw, list) or len(raw) > 4:
        raise bad("actions", f"第 {k + 1} 步的吃牌组合应是至多四组牌。", f"the groups of move {k + 1} should be at most four groups of cards.")
    for g in raw:
        if not isinstance(g, list) or len(g) > 4:
            raise bad("actions", f"第 {k + 1} 步的每一组应是三张牌。", f"each group of move {k + 1} should be three cards.")
        cs = [parse_card(x) if isinstance(x, str) else None for x in g]
        if any(c is None for c in cs):
            raise bad("actions", f"第 {k + 1} 步的组合里有认不出来的牌。", f"a group of move {k + 1} names a card that does not exist.")
        groups.append(tuple(c for c in cs if c is not None))
    if kind == "chi" and groups and card is not None and card in groups[0]:
        g0 = list(groups[0])
        g0.remove(card)
        groups[0] = (card,) + tuple(sorted(g0))
    return Action(seat, kind, card, tuple(groups))


def _cfg_of(req: dict[str, Any], variant: str) -> RuleConfig:
    from .actions import _cfg

    cfg = _cfg(req)
    return xiaguan_config(cfg) if variant == "xiaguan" else cfg


def _match_hands(match: dict[str, Any]) -> int:
    n = match.get("hands", 4)
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_HANDS:
        raise ApiError("bad_field", f"一场比赛可以打 1 到 {MAX_HANDS} 局：请给这样一个局数。",
                       f"A match can last from 1 to {MAX_HANDS} hands: give a number of hands in that range.")
    return n


#: the least work the strong level's hint in a match is given (less, and it is refused in words)
MATCH_HINT_UNITS = 100_000


def play(req: dict[str, Any]) -> dict[str, Any]:
    """The ``play`` action (see the module docstring for the answer's shape)."""
    variant = get_str(req, "variant", "paohuzi", choices=tuple(VARIANTS))
    table = get_str(req, "table", "four" if variant == "paohuzi" else "three", choices=tuple(TABLES))
    seed = get_int(req, "seed", 1, lo=0, hi=2**32)
    cfg = _cfg_of(req, variant)
    n = TABLES[table][0]
    if req.get("match") is not None:
        n += 1 if TABLES[table][1] else 0  # in a match, seats are the players (the 醒家 too)
    viewer = get_int(req, "seat", 0, lo=0, hi=n - 1)
    comp = get_list(req, "computer", [s for s in range(n) if s != viewer], max_len=4)
    computer = frozenset(x for x in comp if isinstance(x, int) and not isinstance(x, bool) and 0 <= x < n)
    actions = get_list(req, "actions", [], max_len=MAX_ACTIONS)
    match = get_dict(req, "match", {}) if "match" in req and req["match"] is not None else None
    birds = get_int(req, "birds", 0, lo=0, hi=MAX_BIRDS)
    charge = get_str(req, "fouls", "refuse", choices=("refuse", "charge")) == "charge"
    if birds and table != "four":
        raise ApiError("birds_table", "打鸟只在四人局里：鸟家按最后一张底牌跟庄家、下家、醒家或上家共输赢。",
                       "Bird betting needs the four-seat table: a bird shares the fate of the dealer, the next player, the counter or the previous player, as the last stock card says.")
    level = read_level(req)  # the computer seats' level and the hint's
    if match is not None:
        from .match import play_match

        hands = _match_hands(match)
        units = 0
        if level == "strong":  # the hint at the strong level; the computer seats stay basic (a whole match of them would not fit)
            from ..api import BUDGET

            units = min(STRONG_UNITS["paohuzi"], BUDGET - 200_000 * hands - 2_000 * len(actions))
            if units < MATCH_HINT_UNITS:
                raise ApiError("no_level", "这场比赛太长，强水平的提示算不完；少打几局的比赛，或单打一局，可以请强水平给提示。",
                               "This match is too long for the strong level's hint to be worked out; ask for it in a shorter match or a single hand.")
        out = play_match(variant, table, seed, cfg, viewer, computer, actions, hands, birds, charge, hint_units=units)
        if "level" in req:
            out["level"] = level
        return out
    h = new_hand(seed, cfg, table, charge)
    refused = None
    strong = paohuzi_seats(seed, table, variant) if level == "strong" else None
    auto(h, computer, strong=strong)
    for k, item in enumerate(actions):
        if h.over:
            break
        a = _parse_action(h, item, k)
        try:
            h.apply(a)
        except Foul as f:
            refused = {"index": k, "code": f.code, "zh": f.zh, "en": f.en, "rule": _rule(f.rule)}
            break
        auto(h, computer, strong=strong)
    out = view(h, viewer, computer, table, variant)
    out["refused"] = refused
    if "level" in req:
        out["level"] = level
        if level == "strong" and out["hint"] is not None:
            from ..api import BUDGET

            units = min(STRONG_UNITS["paohuzi"], BUDGET - 200_000 - 2_000 * len(actions) - PAOHUZI_SEATS_UNITS)
            pick = paohuzi_hint(h, seed, table, variant, units)
            out["hint"] = action_json(h, pick)
            wz, we = strong_why(public_passes(h, h.pending()), h.pending(), pick)
            out["hint"]["why"] = {"zh": wz, "en": we}
    if h.over and birds:
        out["result"] = result_json(h, table, birds, variant)
    return out


_ = (Sequence, Card, SEATS, get_bool, random)


def computer_stats(hands: int, table: str = "four", variant: str = "paohuzi", start: int = 0, options: Optional[dict[str, str]] = None) -> dict[str, Any]:
    """Seeded hands ``start … start+hands-1`` played by computer players for every seat: how often each seat wins,
    how often a hand ends 荒, and the mean 胡息 (戏, with the 自摸 bonus) of winning hands."""
    cfg = DEFAULT.with_options(options or {})
    if variant == "xiaguan":
        cfg = xiaguan_config(cfg)
    n = TABLES[table][0]
    wins = [0] * n
    huang = 0
    huxi_sum = 0
    steps = 0
    for seed in range(start, start + hands):
        h = new_hand(seed, cfg, table)
        while not h.over:
            h.apply(choose(h, h.pending()))
            steps += 1
        r = h.result
        assert r is not None
        if r.winner is None:
            huang += 1
        else:
            wins[r.winner] += 1
            assert r.verdict is not None and r.verdict.best is not None
            huxi_sum += r.verdict.best.total
    won = sum(wins)
    roles = ROLES_OF[n]
    return {"hands": hands, "table": table, "variant": variant, "wins": {roles[s]: wins[s] for s in range(n)},
            "huang": huang, "mean_huxi": (huxi_sum / won) if won else 0.0, "moves": steps}


ROLES_OF = {3: ("zhuang", "xia", "shang"), 2: ("zhuang", "xia")}


def narrate_steps(seed: int, table: str = "four", options: Optional[dict[str, str]] = None, variant: str = "paohuzi") -> list[dict[str, Any]]:
    """A whole seeded hand played by the computer, move by move, for a page that tells it.

    One entry per move: ``move`` (the action, with its label in both languages, or None for the deal),
    ``events`` (log lines with their rule: ``{"zh", "en", "kind", "seat", "role", "card", "rule"}``) and
    ``table`` (every seat's concealed cards, open groups and row after the move, all shown).
    """
    cfg = DEFAULT.with_options(options or {})
    if variant == "xiaguan":
        cfg = xiaguan_config(cfg)
    h = new_hand(seed, cfg, table)
    everyone = frozenset(range(h.n))
    out: list[dict[str, Any]] = []

    def snap(move: Optional[dict[str, Any]], start: int) -> None:
        v = view(h, 0, everyone, table, variant, reveal=True)
        events = [e for e in v["log"] if e["n"] > start]
        seats = [{"seat": s["seat"], "role": s["role"], "zh": s["zh"], "en": s["en"], "hand": [c.code for c in h.concealed(s["seat"])],
                  "open": [_group(g, True, h.cfg, variant) for g in h.open[s["seat"]]], "row": s["row"]} for s in v["seats"]]
        out.append({"move": move, "events": events, "table": {"seats": seats, "stock": v["stock"], "offer": v["offer"]}})

    snap(None, 0)
    for _ in range(2_000):
        if h.over:
            break
        s = h.pending()
        assert s is not None
        a = choose(h, s)
        label = action_json(h, a)
        start = len(h.log)
        h.apply(a)
        snap(label, start)
    if out and h.over:
        out[-1]["result"] = result_json(h, table, variant=variant)
    return out
