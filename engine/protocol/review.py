"""A review of one seat's own game, decision by decision, by the strong level (``table.review``).

Request: ``{"game": "table", "action": "review", "position": {...}, "seat": 0}`` — a written
position (usually a finished game: its setup and every move) and the reader's seat; optionally
``"decisions": [1, 2]`` to look at only those of the reader's decisions (numbered from 1), so that
a long hand can be reviewed a few decisions at a time within the budget. A 跑胡子 hand may instead
be given as the 跑胡子 table's ``play`` request (``"hand": {"variant", "table", "seed", "actions", …}``,
the reader's moves only): the computer seats' moves are played again and the answer's ``position``
is the hand written out.

The position is replayed; at each move of ``seat`` with more than one lawful option (a *decision*),
the strong level (engine/protocol/strong.py) deals again what the seat could not see at that moment
and plays every lawful option out, over the same deals. Each option gets the seat's mean result at
the end of the game and how sure that is (``pm``: 1.96 standard errors, a 95 % interval); the move
the strong level would have made is ``best``; ``loss`` is what the reader's choice gave up against it.
Decisions whose loss is larger than its own uncertainty are ``costly``; the three largest of those
are ``costliest``, and every costly decision says in words what the better move keeps or denies.
Everything is seeded by the position: the same request gives the same review.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any, Callable

from ..api import BUDGET, size
from ..errors import ApiError
from ..validate import bad, get_dict, get_int
from . import ADAPTERS, GameState, IllegalAction, start_position
from .strong import COVERED, rollouts_for, strong_choice

#: the work a review spends on its decisions at most, by game (what the budget leaves after the
#: replay is the other bound)
REVIEW_UNITS: dict[str, int] = {"gupai": 1_200_000, "paohuzi": 1_500_000, "yezi": 400_000, "dawei": 200_000}
#: the most decisions one request may name
MAX_DECISIONS = 60
#: the costliest decisions marked
MARKED = 3
#: the level that reviews a game
REVIEWER = "strong"

#: what a seat's result is counted in, by game
UNITS: dict[str, tuple[str, str]] = {"gupai": ("墩", "tricks (墩)"), "paohuzi": ("分", "points"), "yezi": ("分", "points"),
                                     "dawei": ("分", "points")}


def _unit(game: str) -> tuple[str, str]:
    return UNITS.get(game, ("分", "points"))


def _signed(x: float) -> str:
    return f"{x:+.2f}".replace("+0.00", "0.00").replace("-0.00", "0.00")


# ---------------------------------------------------------------- what the better move keeps or denies


def _gupai_why(st: GameState, seat: int, better: str, chosen: str) -> tuple[str, str] | None:
    from ..gupai.tiles import BY_CODE

    b_side, _, b_tiles = better.partition(":")
    c_side, _, c_tiles = chosen.partition(":")
    kept = Counter(c_tiles.split(".")) - Counter(b_tiles.split("."))  # what yours spent and the better one keeps
    spent = Counter(b_tiles.split(".")) - Counter(c_tiles.split("."))
    hand_after = len(st.st.hands[seat]) - len(b_tiles.split("."))  # type: ignore[attr-defined]
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


def _pao_seen(st: GameState, seat: int) -> Counter[str]:
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


def _pao_card(code: str) -> tuple[str, str]:
    from ..paohuzi.cards import parse_card

    c = parse_card(code)
    return (c.zh, c.en) if c is not None else (code, code)


def _pao_risk(unseen: int) -> tuple[str, str]:
    if unseen <= 1:
        return "已经见了三张，谁也不能碰它或跑它", "three are already seen: nobody can 碰 (peng) or 跑 (pao) it"
    if unseen == 2:
        return "还有两张没见，若在同一家手里，他可以碰", "two are still unseen: a player holding both can 碰 (peng) it"
    return "还有三张没见，别家可能有一坎，可以跑或碰", "three are still unseen: a player holding three can 跑 (pao) it, or 碰 (peng) it"


def _paohuzi_why(st: GameState, seat: int, better: str, chosen: str) -> tuple[str, str] | None:
    bk, ck = better.split(":"), chosen.split(":")
    if bk[0] == "discard" and ck[0] == "discard" and len(bk) > 1 and len(ck) > 1:
        seen = _pao_seen(st, seat)
        b_zh, b_en = _pao_card(bk[1])
        c_zh, c_en = _pao_card(ck[1])
        bz, be = _pao_risk(4 - seen[bk[1]])
        cz, ce = _pao_risk(4 - seen[ck[1]])
        return (f"{b_zh}：{bz}。你打的{c_zh}：{cz}。",
                f"{b_en}: {be}. The {c_en} you threw: {ce}.")
    kinds = {"chi": ("吃", "吃 (chi)"), "peng": ("碰", "碰 (peng)"), "pass": ("不要", "letting it go"), "hu": ("胡", "胡 (hu)"),
             "discard": ("打牌", "a discard")}
    if bk[0] != ck[0] and bk[0] in kinds and ck[0] in kinds:
        if bk[0] == "pass":
            return (f"这张牌不要更好：{kinds[ck[0]][0]}了以后手里的牌要拆开，留下的组合反而更差。",
                    f"Letting the card go was better: after {kinds[ck[0]][1]} the hand is broken up and what is left combines worse.")
        return (f"这里{kinds[bk[0]][0]}更好：它把这张牌收进一组，少了一张要单独处理的牌。",
                f"Here {kinds[bk[0]][1]} was better: it puts the card into a group, one loose card fewer to deal with.")
    if bk[0] == ck[0] == "chi":
        return ("同样是吃，换一种吃法：留在手里的牌更成组，比牌也不必拆掉对子。",
                "The same 吃 (chi) another way: the cards left in hand combine better, and the 比 need not break a pair.")
    return None


def _pct(p: float) -> str:
    return f"{100 * p:.1f}%" if p >= 0.01 else f"{100 * p:.2f}%"


def _dawei_option(st: GameState, o: Any) -> tuple[str, str]:
    """What one choice after a first split throw keeps or risks, in words: a sure gain, nothing, or
    the second throw's chance of the stick (and of the 顺斗顺 sweep for a split opened on a straight)."""
    from ..dawei.game import break_even
    from ..dawei.sticks import BY_ID
    from .dawei import STRAIGHTS, ALL_OUTCOMES

    g = st.g  # type: ignore[attr-defined]
    if o.action == "pass":
        return "放弃，这一手什么也不得", "passing gains nothing this turn"
    if not o.action.startswith("split:") or o.chance_obj is None:
        if not o.zhu:
            return "马上取，这时什么也得不到", "taking at once gains nothing now"
        return f"马上取，稳得 {o.zhu} 柱", f"taking at once is a sure {o.zhu} 柱"
    ch = o.chance_obj
    stick = BY_ID.get(ch.target)
    name_zh, name_en = (stick.zh, stick.en) if stick else (ch.target, ch.target)
    sweep = ch.rule.id in ("tiger_straight", "lion_straight")
    p_sweep = STRAIGHTS / ALL_OUTCOMES if sweep else 0.0
    p_win = float(o.chance) - (p_sweep if sweep and ch.need.met((1, 2, 3, 4, 5, 6), g.rules) else 0.0)
    zh = f"再掷有 {_pct(p_win)} 的机会得{name_zh}（{o.zhu} 柱）"
    en = f"throwing again wins the {name_en} ({o.zhu} 柱) {_pct(p_win)} of the time"
    if sweep:
        pay = break_even(g.n, g.rules) if g.rules.red_bowl_pay == "break_even" else g.n
        each = f"{float(pay):g}"
        total = f"{float(pay) * (g.n - 1):g}"
        zh += (f"，还有 {_pct(p_sweep)} 的机会第二掷又是顺，成了顺斗顺：里抄外抄，各家所得不算，每家付 {each} 柱，"
               f"共收 {total} 柱")
        en += (f", and {_pct(p_sweep)} of the time the second throw is another straight, 顺斗顺 (the sweep): nobody's "
               f"sticks count and every other player pays {each} 柱, {total} in all")
    return zh + "；不成就这一手什么也不得", en + "; otherwise nothing this turn"


def _dawei_why(st: GameState, seat: int, better: str, chosen: str) -> tuple[str, str] | None:
    """打围: what the better choice after a first split throw keeps or risks against the reader's."""
    opts = {o.action: o for o in st.g.pending}  # type: ignore[attr-defined]
    b, c = opts.get(better), opts.get(chosen)
    if b is None or c is None:
        return None
    bz, be = _dawei_option(st, b)
    cz, ce = _dawei_option(st, c)
    zh = [f"强水平的选择：{bz}", f"你的选择：{cz}"]
    en = [f"the strong level's choice: {be}", f"yours: {ce}"]
    b_split, c_split = b.action.startswith("split:"), c.action.startswith("split:")
    sweep = b_split and b.chance_obj is not None and b.chance_obj.rule.id in ("tiger_straight", "lion_straight")
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


def _yezi_groups(action: str) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    from .yezi import _cards

    kind, _, rest = action.partition(":")
    if kind != "split" or "|" not in rest:
        return None
    a, _, b = rest.partition("|")
    return _cards(a), _cards(b)


def _yezi_name(group: tuple[int, ...]) -> tuple[str, str, int]:
    from ..yezi.combos import SCATTER_EN, SCATTER_RANK, SCATTER_ZH, classify
    from .yezi import _words

    c = classify(group)
    zh, en = _words(group)
    if c is None:
        return f"{zh}（{SCATTER_ZH}）", f"{en} (a {SCATTER_EN})", SCATTER_RANK
    return f"{zh}（{c.zh}，第 {c.rank} 等）", f"{en} (the {c.en}, rank {c.rank})", c.rank


def _yezi_why(st: GameState, seat: int, better: str, chosen: str) -> tuple[str, str] | None:
    """叶子戏: which group the better split shows second, and why that wins more."""
    bg, cg = _yezi_groups(better), _yezi_groups(chosen)
    if bg is None or cg is None:
        return None
    placing = st.r.config.scoring == "placing"  # type: ignore[attr-defined]
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


WHY: dict[str, Callable[[GameState, int, str, str], tuple[str, str] | None]] = {
    "gupai": _gupai_why, "paohuzi": _paohuzi_why, "dawei": _dawei_why, "yezi": _yezi_why}


# ---------------------------------------------------------------- the action


def _hand_position(req: dict[str, Any]) -> dict[str, Any]:
    """A 跑胡子 hand given as the 跑胡子 table's ``play`` request (``"hand"``: variant, table, seed,
    options, the reader's moves, the computer seats) written as a position: every move, the computer
    seats' included."""
    from ..paohuzi.request import play_moves, read_play_request
    from ..paohuzi.seating import new_hand
    from ..paohuzi.table import action_id

    hand = get_dict(req, "hand")
    # read as the table's play action reads it, the reviewed seat being the one that sees the hand
    r = read_play_request(dict(hand, seat=req.get("seat", 0)))
    h = new_hand(r.seed, r.cfg, r.table)
    stop = play_moves(h, r.computer, r.actions)
    if stop is not None:
        k, f = stop
        raise ApiError("bad_position", f"第 {k + 1} 步走不通：{f.zh}", f"Move {k + 1} cannot be played. {f.en}")
    options = {str(k).split(".", 1)[-1]: str(v) for k, v in get_dict(hand, "options", {}).items()}
    return {"game": "paohuzi", "variant": r.variant, "table": r.table, "seed": r.seed, "options": options,
            "actions": [action_id(a) for a in h.actions]}


def _read(req: dict[str, Any]) -> tuple[GameState, int, list[tuple[GameState, str]], list[int] | None]:
    position = _hand_position(req) if "hand" in req and "position" not in req else get_dict(req, "position")
    game = position.get("game")
    if not isinstance(game, str) or game not in ADAPTERS:
        raise ApiError("bad_position", "局面要说明是哪个游戏：打围、鄂南骨牌、下灌叶子戏或跑胡子。",
                       "The position should say which game it is: 打围 (dawei), 鄂南骨牌 (gupai), 下灌叶子戏 (yezi) or 跑胡子 (paohuzi).")
    if game not in COVERED:
        raise ApiError("no_review", "这个游戏还不能复盘：电脑的强水平还没有学会它。",
                       "This game cannot be reviewed yet: the strong computer level does not play it.")
    st, moves = start_position(position)
    seat = get_int(req, "seat", lo=0, hi=st.num_players() - 1)
    only = req.get("decisions")
    if only is not None:
        if (not isinstance(only, list) or not 1 <= len(only) <= MAX_DECISIONS
                or any(isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= 1_000 for k in only)):
            raise bad("decisions", f"应是 1 到 {MAX_DECISIONS} 个决定的序号（从 1 数起的整数）。",
                      f"give 1 to {MAX_DECISIONS} decision numbers (whole numbers counted from 1).",
                      label=("要复盘的决定", "the decisions to review"))
    decisions: list[tuple[GameState, str]] = []
    for k, a in enumerate(moves):
        before = st.clone() if st.current_player() == seat and len(st.legal_actions()) > 1 else None
        try:
            st.apply(a)
        except IllegalAction as e:
            raise ApiError("bad_position", f"第 {k + 1} 步走不通：{e.zh}", f"Move {k + 1} cannot be played. {e.en}") from None
        if before is not None:
            decisions.append((before, a))
    return st, seat, decisions, sorted(set(only)) if only is not None else None


def a_review(req: dict[str, Any]) -> dict[str, Any]:
    end, seat, decisions, only = _read(req)
    game = end.game
    seed = end.setup.get("seed", 0)
    wanted = [n for n in range(1, len(decisions) + 1) if only is None or n in only]
    units = max(0, min(REVIEW_UNITS.get(game, 500_000), BUDGET - _replay_cost(end.written())))
    share = units // max(1, len(wanted))
    u_zh, u_en = getattr(end, "strong_unit", lambda: _unit(game))()  # 叶子戏 by placings: first places
    out: list[dict[str, Any]] = []
    for n, (st, chosen) in enumerate(decisions, start=1):
        row: dict[str, Any] = {"n": n, "move": len(st.actions) + 1, "chosen": chosen, "analysed": n in wanted}
        zh, en = st.action_words(chosen)
        row["chosen_words"] = {"zh": zh, "en": en}
        if n not in wanted:
            out.append(row)
            continue
        cand = getattr(st, "strong_candidates", None)
        if cand is not None and chosen not in (few := cand()):
            # a game whose strong level plays out only the moves worth it (叶子戏's splits): the reader's own too
            st = st.clone()
            st.strong_candidates = lambda few=few, chosen=chosen: few + [chosen]  # type: ignore[method-assign]
        c = strong_choice(st, rollouts_for(st, share), seed)
        words = {a: st.action_words(a) for a in st.legal_actions()}
        est = {e.action: e for e in c.estimates}
        options = [{"id": e.action, "zh": words[e.action][0], "en": words[e.action][1], "mean": round(e.mean, 3),
                    "stderr": round(e.stderr, 3), "pm": round(1.96 * e.stderr, 2) if c.deals >= 2 else None,
                    "best": e.action == c.action, "chosen": e.action == chosen} for e in c.estimates]
        options.sort(key=lambda o: -o["mean"])
        b, ch = est[c.action], est[chosen]
        loss = max(0.0, b.mean - ch.mean)
        loss_se = math.sqrt(b.stderr ** 2 + ch.stderr ** 2)
        # 打围's options are weighed exactly (every second throw by its chance): no deals, no interval
        exact = c.deals == 1 and getattr(st, "strong_values", None) is not None and all(e.stderr == 0 for e in c.estimates)
        row.update(options=options, best=c.action, best_words={"zh": words[c.action][0], "en": words[c.action][1]},
                   deals=c.deals, exact=exact, loss=round(loss, 3), loss_pm=round(1.96 * loss_se, 2) if c.deals >= 2 else None,
                   agreed=c.action == chosen, costly=c.action != chosen and (c.deals >= 2 or exact) and loss > loss_se,
                   costliest=False)
        if row["costly"]:
            why = WHY.get(game, lambda *_: None)(st, seat, c.action, chosen)
            head_zh = (f"第 {n} 个决定：你{zh}，平均结果 {_signed(ch.mean)} {u_zh}；强水平会{words[c.action][0]}，"
                       f"平均 {_signed(b.mean)} {u_zh}，约多 {loss:.2f} {u_zh}（±{1.96 * loss_se:.2f}）。")
            head_en = (f"Decision {n}: you chose “{en}”, averaging {_signed(ch.mean)} {u_en}; the strong level would choose "
                       f"“{words[c.action][1]}”, averaging {_signed(b.mean)} {u_en}: about {loss:.2f} {u_en} more (±{1.96 * loss_se:.2f}).")
            if exact:
                head_zh = head_zh.replace(f"（±{1.96 * loss_se:.2f}）", "（每种掷法按机会算准）")
                head_en = head_en.replace(f" (±{1.96 * loss_se:.2f})", " (every throw weighed by its chance)")
            row["why"] = {"zh": head_zh + (why[0] if why else ""), "en": head_en + (" " + why[1][:1].upper() + why[1][1:] if why else "")}
        out.append(row)
    costly = sorted((r for r in out if r.get("costly")), key=lambda r: -r["loss"])
    for r in costly[:MARKED]:
        r["costliest"] = True
    analysed = [r for r in out if r["analysed"]]
    agreed = sum(1 for r in analysed if r["agreed"])
    lost = sum(r["loss"] for r in analysed)
    if costly:
        worst = costly[0]["n"]
        tail_zh, tail_en = f"代价最大的是第 {worst} 个决定。", f"The costliest was decision {worst}."
    else:
        tail_zh, tail_en = "没有哪个决定明显比强水平差。", "No decision was clearly worse than the strong level's."
    summary = {
        "zh": f"看了你的 {len(analysed)} 个决定（只有一种走法的不算）：强水平同意其中 {agreed} 个；"
              f"其余的合起来约少得 {lost:.2f} {u_zh}。{tail_zh}",
        "en": f"{len(analysed)} of your decisions looked at (moves with a single option left out): the strong level agrees with "
              f"{agreed}; the others together cost about {lost:.2f} {u_en}. {tail_en}",
    }
    return {
        "game": game, "seat": seat, "position": end.written(), "level": REVIEWER, "decisions": out, "total": len(decisions),
        "costliest": [r["n"] for r in costly[:MARKED]], "marked": MARKED, "unit": {"zh": u_zh, "en": u_en}, "summary": summary,
        "over": end.is_terminal(), "returns": [float(x) for x in end.returns()] if end.is_terminal() else None,
        "how": {"zh": "每个选择的数是：强水平按你当时能看到的牌，把看不到的牌重新发几次，每次把这一步和以后各步用基本水平打到底，"
                      "你这一座的平均结果；± 是 95% 的把握范围（发得越多越窄）。强水平只有在别的走法明显更好时才不走基本水平的那一步，所以它选的不一定是数最大的那一个。",
                "en": "Each option's figure: the strong level deals again the cards you could not see then, several times, "
                      "plays that option and the rest of the game out with the basic level each time, and averages your seat's result; "
                      "± is a 95 % range (more deals make it narrower). "
                      "The strong level keeps the basic computer's move unless another is clearly better, so its choice is not always the top figure."},
    }


def a_levels(req: dict[str, Any]) -> dict[str, Any]:
    """The computer's levels in words, for a table's level chooser (each marked ``slow`` when it plays every move out),
    the games the strong level plays, and the level that reviews a reader's game (``review``: the level a
    ``table.review`` answer names)."""
    from .strong import LEVELS

    # slow: the level plays each move out, so that each of its answers takes a second or more (a table asks it
    # only when it must)
    return {"levels": [{"id": k, "zh": zh, "en": en, "short": {"zh": zh.split("（")[0], "en": en.split(" (")[0]}, "slow": k == REVIEWER}
                       for k, (zh, en) in LEVELS.items()],
            "games": sorted(COVERED), "review": REVIEWER}


def _replay_cost(position: dict[str, Any]) -> int:
    from .actions import _replay_cost as replay

    return replay(position)


def review_cost(req: dict[str, Any]) -> int:
    """The replay, then at most the game's review share of what the budget leaves."""
    position = req.get("position")
    hand = req.get("hand")
    if not isinstance(position, dict) and isinstance(hand, dict):  # a 跑胡子 hand: its moves are played twice
        position = {"game": "paohuzi", "actions": [None] * (4 * size(hand, "actions", 0, 100_000))}
    if not isinstance(position, dict):
        return 10_000
    replay = _replay_cost(position) + 2 * size(position, "actions", 0, 100_000) * 1_000  # a copy at each decision
    game = position.get("game")
    share = REVIEW_UNITS.get(game, 500_000) if isinstance(game, str) else 500_000
    return replay + max(0, min(share, BUDGET - replay))


GUPAI_7 = ["up:66.54", "down:33.51", "down:22.21", "down:22.51", "up:11.53", "up:66.63", "down:64.61", "down:23.41", "up:62",
           "down:52", "down:33", "down:61", "up:13", "up:44", "up:11", "down:55", "up:24", "down:64", "up:43", "down:65",
           "up:55", "up:44", "down:13", "down:65"]

EXAMPLES = [
    {"request": {"game": "table", "action": "levels"},
     "zh": "电脑的几种水平，用来在牌桌上选对手和提示的水平。",
     "en": "The computer's levels in words, for choosing the opponents' and the hint's level at a table."},
    {"request": {"game": "table", "action": "review", "seat": 0, "position": {"game": "gupai", "seed": 7, "actions": GUPAI_7}},
     "zh": "复盘鄂南骨牌第 7 副牌（每家都由基本水平的电脑来打）：甲家每一个有得选的决定，强水平对每种出法估的平均得墩，以及代价最大的几步。",
     "en": "A review of hand 7 of 鄂南骨牌 (every seat played by the basic computer): at each of seat A's decisions with a choice, "
           "the strong level's estimate of every option in tricks (墩), and the costliest choices marked."},
    {"request": {"game": "table", "action": "review", "seat": 0, "decisions": [1, 2],
                 "position": {"game": "paohuzi", "seed": 3, "actions": ["discard:d8", "pass:d8", "discard:x1", "peng:x1", "discard:x3"]}},
     "zh": "复盘跑胡子的头两个决定（一手长牌分几次复盘）：庄家先打哪张，再碰不碰小一。",
     "en": "A review of the first two decisions of a 跑胡子 hand (a long hand is reviewed a few decisions at a time): "
           "the dealer's first discard, then whether to 碰 the small 1."},
]

__all__ = ["a_levels", "a_review", "review_cost", "EXAMPLES", "REVIEW_UNITS"]
