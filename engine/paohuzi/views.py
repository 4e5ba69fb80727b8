"""The 跑胡子 / 下灌字牌 table as JSON: a hand as one seat sees it (the ``play`` answer's shape is in
:mod:`.play`), why a claim is refused, and a finished hand's result."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .ai import chi_note, choose, explain, public_passes
from .birds import BIRD_SEAT, bird_scores
from .cards import FACES
from .config import RuleConfig
from .groups import KINDS, huxi as group_huxi
from .hu import REASONS
from .json_helpers import reasons_json, rule_json, win_json
from .labels import action_json
from .layout import laid_out, liang_shown
from .seating import TABLE_NAMES, TABLES, hand_penalties, hand_sheet
from .table import ROLE_NAMES, Shown, Window
from .xiaguan import FACE_DOWN, VARIANTS, group_name, variant_options

if TYPE_CHECKING:  # the state is the one above this module: only its type is named here
    from .state import PaohuziState


def shown_json(g: Shown, visible: bool, cfg: RuleConfig, variant: str = "paohuzi") -> dict[str, Any]:
    """An open group at the table, as a seat sees it (face-down cards as null), named in the variant's words."""
    k = KINDS[g.kind]
    zh, en = k.zh, k.en
    if variant == "xiaguan":
        zh, en = group_name(g.kind, g.cards)
        d = shown_json(g, visible, cfg)
        if d["cards"] and all(c is None for c in d["cards"]):
            return {**d, "zh": FACE_DOWN[0], "en": FACE_DOWN[1]}
        return {**d, "zh": zh, "en": en}
    if g.kind == "wei" and g.face == "one":
        zh, en = "臭偎", "wei of a passed card (shown)"
    if g.kind == "ti":
        zh, en = ("前提", "ti dealt") if g.face == "bottom" else ("后提", "ti in play")
    hide = g.face == "down" and not visible
    cards: list[str | None] = [c.code for c in g.cards]
    if g.kind == "wei" and g.face == "one" and not visible:
        cards = [g.cards[0].code, None, None]
    if hide:
        cards = [None] * len(g.cards)
    return {
        "kind": g.kind, "zh": ("暗偎" if hide else zh), "en": ("wei, face down" if hide else en), "cards": cards, "face": g.face,
        "taken": g.taken.code if g.taken else None, "bi": g.bi,
        "huxi": None if hide or (g.kind == "wei" and g.face == "one" and not visible) else group_huxi(g.group, cfg),
    }


def view(h: PaohuziState, viewer: int, computer: frozenset[int], table: str, variant: str, reveal: bool = False) -> dict[str, Any]:
    """The hand as ``viewer`` sees it (everything once the hand is over, or with ``reveal``)."""
    over = h.over or reveal
    seats = []
    for s in range(h.n):
        see = over or s == viewer
        zh, en = ROLE_NAMES[h.role(s)]
        seats.append({
            "seat": s, "role": h.role(s), "zh": zh, "en": en, "computer": s in computer, "you": s == viewer,
            "hand": [c.code for c in h.concealed(s)] if see else None,
            "hand_count": sum(h.hands[s]),
            "open": [shown_json(g, see, h.cfg, variant) for g in h.open[s]],
            "row": [{"card": c.code, "from": o} for c, o in h.rows[s]],
            "let_go": sorted(FACES[i].code for i in h.chou[s]) if see else None,
        })
    w = h.window
    offer = None
    if w is not None and not h.over:
        offer = {"card": None if h.face_down(w) and w.owner != viewer else w.card.code, "from": w.owner, "origin": w.origin}
    p = h.pending()
    acts = [action_json(h, a) for a in h.moves(viewer)] if p == viewer else []
    blocked = []
    if p == viewer and h.phase == "discard":
        offered = {a["card"] for a in acts}  # a card held but not offered (only 坎 left: one of them goes, none blocked)
        for i, n in enumerate(h.hands[viewer]):
            if n and FACES[i].code not in offered:
                blocked.append({"card": FACES[i].code, "zh": f"拆对不拆坎：三张{FACES[i].zh}是一坎，不能打出。",
                                "en": f"A kan is never split: your three {FACES[i].en} may not be discarded.", "rule": rule_json("kan")})
    cannot = [] if h.over or reveal else cannot_json(h, viewer, acts)
    # a hint for learners: the move the computer player would make in the viewer's place
    hint = None
    if acts:
        seen = public_passes(h, viewer)  # the others' silent passes are not the viewer's to weigh
        pick = choose(seen, viewer)
        hint = action_json(h, pick)
        wz, we = explain(seen, viewer, pick)  # what the computer weighs, in words
        hint["why"] = {"zh": wz, "en": we}
        for x, a in zip(acts, h.moves(viewer)):
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
        log.append({"n": n + 1, "seat": e.seat, "role": h.role(e.seat) if e.seat is not None else None, "kind": e.kind,
                    "card": e.card.code if (e.card and show) else None, "cards": [c.code for c in e.cards] if show else [],
                    "zh": e.zh, "en": e.en, "rule": rule_json(e.rule)})  # written in the variant's words (cfg.words)
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


#: why a claim is refused: (code, zh, en, the rule's id)
Why = tuple[str, str, str, str]


def _why_no_hu(h: PaohuziState, viewer: int, w: Window) -> Why:
    if w.origin == "discard":
        return "hu_di", "只能胡底牌：手中打出的牌不能胡。", "Only a stock card wins: a card discarded from a hand cannot.", "hu_di"
    v = h.verdict(viewer, w)
    if v.wins:
        return "not_your_turn", "先轮到别家决定。", "Another player decides first.", "hu"
    code = v.reasons[0] if v.reasons else "incomplete"
    zh, en = REASONS.get(code, REASONS["incomplete"])
    return code, zh, en, "hu"


def _why_no_peng(h: PaohuziState, viewer: int, w: Window) -> Why:
    """In the order a player checks them (PaohuziState.claim_foul), three in hand first: a 跑, never a 碰."""
    x = w.card
    if h.hands[viewer][x.index] == 3:
        return "kan", f"你手中有三张{x.zh}：第四张出现时必须跑，不是碰。", f"You hold three {x.en}: the fourth must be made a pao, not a peng.", "pao"
    f = h.claim_foul(viewer, w, "peng")  # (asked of another seat than the card's: never its own card)
    if f is not None:
        return f.code, f.zh, f.en, f.rule
    if w.origin == "liang":
        return "liang", "亮张不能碰：无人起手胡时它归庄家收张。", "The turned-up card cannot be penged: when nobody wins on it the dealer takes it.", "shou"
    return "not_now", "现在轮不到你碰（先胡或先跑的人在前）。", "You cannot peng now (a win or a pao comes first).", "peng_first"


def _why_no_chi(h: PaohuziState, viewer: int, w: Window) -> Why:
    """The first reason the viewer may not make any 吃 of the card (:meth:`engine.paohuzi.table.Meeting.why_not_chi`,
    in the one order of every refused 吃: whose card, the groups, 比, 臭张, a card left to discard), in words."""
    x = w.card
    far = h.chi_from_foul(viewer, w)  # the first step: the table says which card a seat may never 吃
    if far is not None:
        return far.code, far.zh, far.en, far.rule
    code = h.meeting(viewer, w).why_not_chi()
    if code == "kan":
        return "kan", f"拆对不拆坎：你的三张{x.zh}不能拆开吃牌。", f"A kan is never split: your three {x.en} cannot be used for a chi.", "kan"
    if code in ("chi", "bi"):
        return ("no_group", f"手中没有能和{x.zh}组成顺子或编子（并把同样的牌都比出来）的牌。",
                f"Your hand has no cards that make a run or bian with the {x.en} (showing every copy you hold).", "chi")
    if code == "chou_zhang":
        return "chou_zhang", f"不吃臭张：{x.zh}已经放过，不能再吃。", f"No chi of a passed card: you let the {x.en} go before.", "chou_zhang"
    if code == "claim_kan":
        f = h.withheld_foul(x, "chi")
        return f.code, f.zh, f.en, f.rule
    return "peng_first", "碰优先于吃：先等别家决定。", "Peng comes before chi: wait for the others to decide.", "peng_first"


def cannot_json(h: PaohuziState, viewer: int, acts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Why the viewer may not 胡, 碰 or 吃 the card on offer (for the buttons shown greyed out)."""
    w = h.window
    if w is None or h.phase != "claim" or (h.face_down(w) and w.owner != viewer):
        return []
    have = {a["kind"] for a in acts}
    why: list[tuple[str, Why]] = []
    if "hu" not in have:
        why.append(("hu", _why_no_hu(h, viewer, w)))
    if "peng" not in have and viewer != w.owner:
        why.append(("peng", _why_no_peng(h, viewer, w)))
    if "chi" not in have:
        why.append(("chi", _why_no_chi(h, viewer, w)))
    return [{"kind": kind, "code": code, "zh": zh, "en": en, "rule": rule_json(rule)} for kind, (code, zh, en, rule) in why]


def result_json(h: PaohuziState, table: str, birds: int = 0, variant: str = "paohuzi") -> dict[str, Any]:
    """A finished hand: the winner, the win and its reasons, the sheet, the birds, the same hand as ``hu`` and
    ``settle`` requests, and the hand laid out (摊牌)."""
    r = h.result
    assert r is not None
    sheet = hand_sheet(h, table)
    out: dict[str, Any] = {
        "winner": r.winner, "huang": r.winner is None, "card": r.card.code if r.card else None, "source": r.source,
        "win": None, "reasons": [],
        "sheet": {"seats": list(sheet.scores), "scores": dict(sheet.scores), "lines": [{"zh": ln.zh, "en": ln.en, "delta": dict(ln.delta)} for ln in sheet.lines],
                  "total": sheet.total_huxi, "deng": sheet.deng, "fan": list(sheet.fans), "multiplier": sheet.multiplier, "hu_valid": sheet.hu_valid},
        "birds": [],
        "layout": laid_out(h, sheet, variant, lambda g: shown_json(g, True, h.cfg, variant)),
    }
    opts = {k: str(getattr(h.cfg, k)) for k in ("threshold", "deng_base", "threshold_zimo", "red_rule", "liang", "xia_shun", "void_hu", "po_pao", "liang_kan", "foul_win", "two_players")}
    settle_req: dict[str, Any] = {"game": "paohuzi", "action": "settle", "options": opts, "table": table, "winner": None, "huxi": 0, "self_drawn": False, "fan": [],
                                  "penalties": [{"seat": s, "kind": k} for s, k in hand_penalties(h)]}
    if r.winner is not None and (r.verdict is None or r.verdict.best is None):
        settle_req.update(winner=h.role(r.winner))
    if r.winner is not None and r.verdict is not None and r.verdict.best is not None:
        b = r.verdict.best
        out["win"] = win_json(b, h.cfg)
        out["reasons"] = reasons_json(r.verdict.reasons, h.cfg, b)
        settle_req.update(winner=h.role(r.winner), huxi=b.group_huxi, self_drawn=b.zimo, fan=list(b.fans))
        # the hand judged under the table's own rules (下灌字牌's pairs: one for each 开招), with the options it reads
        mine = variant_options(variant)
        named = {} if variant == "paohuzi" else {"variant": variant}
        out["check"] = {
            "hu": {"game": "paohuzi", "action": "hu", **named, "options": {k: v for k, v in opts.items() if k in mine}, "hand": [c.code for c in h.concealed(r.winner)],
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
