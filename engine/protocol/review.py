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
from typing import Any
from collections.abc import Callable

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
    hand_after = len(st.hands[seat]) - len(b_tiles.split("."))  # type: ignore[attr-defined]  # 骨牌's tiles in hand (issue 39.2 lets the game say it)
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


def _gupai_own(st: GameState, seat: int, chosen: str) -> tuple[str, str] | None:
    from ..gupai.tiles import BY_CODE

    side, _, tiles = chosen.partition(":")
    codes = tiles.split(".")
    if any(t not in BY_CODE for t in codes):
        return None
    z = "、".join(BY_CODE[t].zh for t in codes)
    n = " and ".join(BY_CODE[t].en for t in codes)
    left = len(st.hands[seat]) - len(codes)  # type: ignore[attr-defined]  # 骨牌's tiles in hand (issue 39.2 lets the game say it)
    keep_zh = f"手里还留 {left} 张到后面" if left else "这是最后一圈"
    keep_en = (f"{left} tiles stay in hand for later" if left > 1 else "one tile stays in hand for later") if left else "this is the last trick"
    if side == "up":
        return f"你明出{z}争这一圈；{keep_zh}。", f"You played {n} face up to compete for this trick; {keep_en}."
    return f"你扣下{z}垫掉，不争这一圈；{keep_zh}。", f"You discarded {n} face down rather than fight for this trick; {keep_en}."


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


def _pao_action(st: GameState, move: str) -> Any:
    from ..paohuzi.state import PaohuziState
    from ..paohuzi.table import action_id

    assert isinstance(st, PaohuziState)
    p = st.pending()
    return None if p is None else next((a for a in st.moves(p) if action_id(a) == move), None)


def _pao_discard(st: GameState, seat: int, code: str) -> tuple[str, str]:
    """What throwing one card keeps or breaks in the seat's hand, what it offers the next player, what it risks."""
    from ..paohuzi.cards import parse_card
    from ..paohuzi.state import PaohuziState

    assert isinstance(st, PaohuziState)
    h = st
    c = parse_card(code)
    if c is None:
        return "", ""
    from ..paohuzi.cards import FACES

    i, counts = c.index, h.hands[seat]
    base = i - c.rank + 1
    other = i + 10 if i < 10 else i - 10
    mates = sorted({i + d for d in (-2, -1, 1, 2) if 1 <= c.rank + d <= 10 and counts[i + d]}
                   | ({other} if counts[other] else set())
                   | {base + t - 1 for t in (2, 7, 10) if c.rank in (2, 7, 10) and t != c.rank and counts[base + t - 1]})
    if counts[i] >= 3:
        keep_zh, keep_en = f"拆开了手里的{c.zh}", f"it breaks up your {c.en}s"
    elif counts[i] == 2:
        keep_zh, keep_en = f"拆开了手里的一对{c.zh}（一对可以碰，也能做将）", f"it breaks your pair of the {c.en} (a pair can 碰 (peng) or be the pair of a win)"
    elif mates:
        keep_zh = f"{c.zh}能和手里的{'、'.join(FACES[k].zh for k in mates)}凑组，打掉它就少了这条路"
        keep_en = f"the {c.en} could make a group with your {', '.join(FACES[k].en for k in mates)}; throwing it gives that up"
    else:
        keep_zh, keep_en = f"{c.zh}和手里的牌连不上，打掉它不伤牌形", f"the {c.en} joins nothing in your hand, so the hand loses nothing"
    nxt = h.nxt(seat)
    if i in h.chou[nxt] and i in {e.card.index for e in h.log if e.kind == "discard" and e.seat == nxt and e.card is not None}:
        give_zh, give_en = "下家自己打过这张，按不吃臭张不能吃它", "the next player threw this card himself, so he may not 吃 (chi) it"
    else:
        give_zh, give_en = "下家可以吃它", "the next player may 吃 (chi) it"
    rz, re_ = _pao_risk(4 - _pao_seen(st, seat)[code])
    return f"{keep_zh}；{give_zh}；{rz}", f"{keep_en}; {give_en}; {re_}"


def _pao_move(st: GameState, seat: int, move: str) -> tuple[str, str] | None:
    """What one 跑胡子 move does, in the hand's own terms."""
    from ..paohuzi.ai import chi_note
    from ..paohuzi.state import PaohuziState

    kind, _, rest = move.partition(":")
    card = rest.split(":")[0]
    if kind == "discard":
        return _pao_discard(st, seat, card)
    a = _pao_action(st, move)
    if a is None or a.card is None:
        return None
    if kind == "chi":
        assert isinstance(st, PaohuziState)
        return chi_note(st, seat, a)
    if kind == "peng":
        return (f"碰{a.card.zh}：手里的一对加上这张成一组三张，马上亮出，又加胡息，然后你要打一张",
                f"碰 (peng) the {a.card.en}: your pair and this card make an open group of three with huxi, and then you discard")
    if kind == "pass":
        return (f"放过{a.card.zh}：手牌不动，这张牌交给下一家", f"letting the {a.card.en} go keeps your hand as it is, and the card passes on")
    if kind == "hu":
        return "胡：这手牌已经成了，胡牌就结束这一局并得分", "胡 (hu): the hand is complete; winning ends the hand with a score"
    return None


def _paohuzi_why(st: GameState, seat: int, better: str, chosen: str) -> tuple[str, str] | None:
    b, c = _pao_move(st, seat, better), _pao_move(st, seat, chosen)
    if b is None or c is None:
        return None
    bw, cw = st.action_words(better), st.action_words(chosen)
    return (f"{bw[0]}：{b[0]}。你{cw[0]}：{c[0]}。", f"{bw[1]}: {b[1]}. Yours, {cw[1][:1].lower() + cw[1][1:]}: {c[1]}.")


def _paohuzi_own(st: GameState, seat: int, chosen: str) -> tuple[str, str] | None:
    c = _pao_move(st, seat, chosen)
    return None if c is None else (c[0] + "。", c[1][:1].upper() + c[1][1:] + ".")


def _pct(p: float) -> str:
    return f"{100 * p:.1f}%" if p >= 0.01 else f"{100 * p:.2f}%"


def _dawei_option(st: GameState, o: Any) -> tuple[str, str]:
    """What one choice after a first split throw keeps or risks, in words: a sure gain, nothing, or
    the second throw's chance of the stick (and of the 顺斗顺 sweep for a split opened on a straight)."""
    from ..dawei.game import break_even
    from ..dawei.sticks import BY_ID
    from ..dawei.dice import ALL_OUTCOMES
    from ..dawei.state import STRAIGHTS

    g: Any = st  # 打围's own state (issue 39.2 leaves the generic code with the registry alone)
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
    opts = {o.action: o for o in st.pending}  # type: ignore[attr-defined]  # 打围's own choices (issue 39.2 leaves the generic code with the registry alone)
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


def _dawei_own(st: GameState, seat: int, chosen: str) -> tuple[str, str] | None:
    o = next((o for o in st.pending if o.action == chosen), None)  # type: ignore[attr-defined]  # 打围's own choices (issue 39.2 leaves the generic code with the registry alone)
    if o is None:
        return None
    z, n = _dawei_option(st, o)
    return z + "。", n[:1].upper() + n[1:] + "."


def _yezi_groups(action: str) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    from ..yezi.state import move_cards

    kind, _, rest = action.partition(":")
    if kind != "split" or "|" not in rest:
        return None
    a, _, b = rest.partition("|")
    return move_cards(a), move_cards(b)


def _yezi_name(group: tuple[int, ...]) -> tuple[str, str, int]:
    from ..yezi.combos import SCATTER_EN, SCATTER_RANK, SCATTER_ZH, classify
    from ..yezi.state import cards_words

    c = classify(group)
    zh, en = cards_words(group)
    if c is None:
        return f"{zh}（{SCATTER_ZH}）", f"{en} (a {SCATTER_EN})", SCATTER_RANK
    return f"{zh}（{c.zh}，第 {c.rank} 等）", f"{en} (the {c.en}, rank {c.rank})", c.rank


def _yezi_why(st: GameState, seat: int, better: str, chosen: str) -> tuple[str, str] | None:
    """叶子戏: which group the better split shows second, and why that wins more."""
    bg, cg = _yezi_groups(better), _yezi_groups(chosen)
    if bg is None or cg is None:
        return None
    placing = st.config.scoring == "placing"  # type: ignore[attr-defined]  # 叶子戏's state holds its rules (issue 39.2 asks the game)
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


def _yezi_own(st: GameState, seat: int, chosen: str) -> tuple[str, str] | None:
    g = _yezi_groups(chosen)
    if g is None:
        return None
    (az, ae, ar), (bz, be, br) = _yezi_name(g[0]), _yezi_name(g[1])
    n = sum(r < 9 for r in (ar, br))
    zh = f"你先亮{az}，再亮{bz}；凑成了{'一' if n == 1 else '两' if n == 2 else '零'}个组合。"
    en = f"You show {ae} first, then {be}: {['no combination', 'one combination', 'two combinations'][n]}."
    return zh, en


WHY: dict[str, Callable[[GameState, int, str, str], tuple[str, str] | None]] = {
    "gupai": _gupai_why, "paohuzi": _paohuzi_why, "dawei": _dawei_why, "yezi": _yezi_why}
#: what the reader's own move does, for a decision as good as the best (a game's own terms)
OWN: dict[str, Callable[[GameState, int, str], tuple[str, str] | None]] = {
    "gupai": _gupai_own, "paohuzi": _paohuzi_own, "dawei": _dawei_own, "yezi": _yezi_own}


# ---------------------------------------------------------------- the action


def _hand_position(req: dict[str, Any]) -> dict[str, Any]:
    """A 跑胡子 hand given as the 跑胡子 table's ``play`` request (``"hand"``: variant, table, seed,
    options, the reader's moves, the computer seats) written as a position: every move, the computer
    seats' included."""
    from ..paohuzi.request import play_moves, read_play_request
    from ..paohuzi.state import new_hand
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
            "actions": [action_id(a) for a in h.played]}


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
    if only is not None and (not isinstance(only, list) or not 1 <= len(only) <= MAX_DECISIONS
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


# ---------------------------------------------------------------- the verdicts

#: the verdicts a decision may get, best first, in both languages (why these names: the module's text)
VERDICTS: dict[str, tuple[str, str]] = {
    "best": ("最好", "best"),
    "equal": ("不相上下", "as good as the best"),
    "pity": ("可惜", "a pity"),
    "mistake": ("失误", "a mistake"),
}
#: how many standard errors of a paired difference make an option "clearly" worse (a 95 % two-sided test)
Z = 1.96
#: a loss from which a move clearly worse than the best (and than the hint's) is a mistake, in the game's unit
MISTAKE: dict[str, float] = {"gupai": 0.5, "paohuzi": 3.0, "yezi": 1.0, "dawei": 2.0}
#: 叶子戏 scored by placings counts first places (a fraction of a round): its mistake is a tenth of a first place
MISTAKE_PLACING = 0.1


def _mistake_at(st: GameState) -> float:
    if st.game == "yezi" and st.config.scoring == "placing":  # type: ignore[attr-defined]  # 叶子戏's state holds its rules (issue 39.2 asks the game)
        return MISTAKE_PLACING
    return MISTAKE.get(st.game, 1.0)


def _behind(c: Any, i: int, j: int, exact: bool) -> tuple[bool, float, float]:
    """Is option ``i`` clearly worse than option ``j`` (paired over the same deals)? With the mean and standard
    error of the difference. Exact values (打围's) differ or not."""
    e = c.estimates
    if exact:
        d = e[j].mean - e[i].mean
        return d > 1e-9, d, 0.0
    diffs = [r[j] - r[i] for r in c.rows]
    if len(diffs) < 3:
        return False, e[j].mean - e[i].mean, 0.0
    m = sum(diffs) / len(diffs)
    se = math.sqrt(sum((x - m) ** 2 for x in diffs) / (len(diffs) - 1) / len(diffs))
    return m > 0 and m > Z * se, m, se


def judge(st: GameState, c: Any, exact: bool, hints: set[str]) -> dict[str, Any]:
    """The verdict of every option of one decision, from the strong level's search ``c`` (a ``Choice``).

    ``top`` is the option the figures rank first. It is ``best`` only when every other option is clearly
    worse than it; otherwise the options not clearly worse than it are ``equal`` (about as good, none
    marked). An option clearly worse than ``top`` is a ``mistake`` when it loses at least the game's
    :data:`MISTAKE` and is clearly worse than every move a hint advised here too (``hints``: the basic
    level's move and the strong level's), a ``pity`` otherwise: following the hint is never a mistake."""
    e = c.estimates
    n = len(e)
    top = max(range(n), key=lambda i: (e[i].mean, e[i].action == c.action, -i))
    limit = _mistake_at(st)
    hint_idx = [i for i in range(n) if e[i].action in hints]
    verdicts: dict[str, str] = {}
    behind: dict[str, tuple[float, float]] = {}
    for i in range(n):
        if i == top:
            continue
        worse, m, se = _behind(c, i, top, exact)
        behind[e[i].action] = (m, se)
        if not worse:
            verdicts[e[i].action] = "equal"
        elif (m >= limit and e[i].action not in hints
              and all(_behind(c, i, h, exact)[0] for h in hint_idx if h != i)):
            verdicts[e[i].action] = "mistake"
        else:
            verdicts[e[i].action] = "pity"
    alone = all(v != "equal" for v in verdicts.values())
    verdicts[e[top].action] = "best" if alone else "equal"
    return {"top": e[top].action, "alone": alone, "verdicts": verdicts, "behind": behind, "hints": set(hints)}


def _hints(st: GameState, c: Any, seed: int) -> set[str]:
    """The moves a hint advised here: the basic level's, and the strong level's (as the review's search found it)."""
    from .strong import basic_action

    return {basic_action(st), c.action}


def _table_hint(st: GameState, seed: int) -> str | None:
    """The strong level's hint as a table gives it (its own work and seed), asked only when the reader's move
    would otherwise be called a mistake."""
    from .strong import STRONG_UNITS

    try:
        if st.game == "paohuzi":
            from ..paohuzi.table import action_id
            from .strong import paohuzi_hint

            s = st.setup
            return action_id(paohuzi_hint(st, seed, s["table"], s["variant"], STRONG_UNITS["paohuzi"]))  # (the hint searches a copy)
        return strong_choice(st, rollouts_for(st, STRONG_UNITS.get(st.game, 100_000)), seed).action
    except (KeyError, ValueError, StopIteration):
        return None


def _verdict_words(v: str) -> dict[str, str]:
    zh, en = VERDICTS[v]
    return {"zh": zh, "en": en}


def _how(game: str, exact: bool) -> dict[str, str]:
    if game == "dawei":
        return {"zh": "打围的每个选择都按第二掷可能掷出的每一种骰子和它的机会算准，不用设想，所以没有把握范围：数一样就是一样好，少一点就是差一点。",
                "en": "Each choice at 打围 is weighed exactly over every way the dice of the second throw can fall, each by its chance: "
                      "nothing is imagined, so there is no range; equal figures are equally good, a smaller one is worse."}
    return {"zh": "每个选择的数：强水平按你当时能看到的牌，把看不到的牌重新发许多副，每副把这一步和以后各步用基本水平打到底，算你这一座的平均结果；"
                  "± 是 95% 的把握范围（发得越多越窄）。两种选法的差别要在同样的几副牌上比：差别超出它自己的把握范围，才说一个比另一个差；"
                  "不然就算不相上下，谁也不标“最好”。",
            "en": "Each option's figure: the strong level deals the cards you could not see again many times, plays that option and the rest "
                  "of the game out with the basic level in each deal, and averages your seat's result; ± is a 95 % range (more deals make it "
                  "narrower). Two options are compared over the same deals: one is called worse only when the difference lies outside its own "
                  "range; otherwise they are about equal, and none is marked best."}


def a_review(req: dict[str, Any]) -> dict[str, Any]:
    end, seat, decisions, only = _read(req)
    game = end.game
    seed = end.setup.get("seed", 0)
    wanted = [n for n in range(1, len(decisions) + 1) if only is None or n in only]
    units = _units(game, _replay_cost(end.written()))
    share = units // max(1, len(wanted))
    asked = [False]  # the table's strong hint is asked again once a request at most (its work is reserved)
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
            st.strong_candidates = lambda few=few, chosen=chosen: few + [chosen]  # type: ignore[attr-defined]  # the copy alone plays out the reader's move too (a per-copy override of the game's method)
        c = strong_choice(st, rollouts_for(st, share), seed)
        # 打围's options are weighed exactly (every second throw by its chance): no deals, no interval
        exact = c.deals == 1 and getattr(st, "strong_values", None) is not None and all(e.stderr == 0 for e in c.estimates)
        hints = _hints(st, c, seed)
        j = judge(st, c, exact, hints)
        if j["verdicts"][chosen] == "mistake" and not asked[0]:  # the strong hint a table gave (its own search) is never a mistake
            asked[0] = True
            th = _table_hint(st, seed)
            if th is not None and th not in hints:
                hints.add(th)
                j = judge(st, c, exact, hints)
        words = {a: st.action_words(a) for a in st.legal_actions()}
        est = {e.action: e for e in c.estimates}
        options = [{"id": e.action, "zh": words[e.action][0], "en": words[e.action][1], "mean": round(e.mean, 3),
                    "stderr": round(e.stderr, 3), "pm": round(Z * e.stderr, 2) if c.deals >= 2 and not exact else None,
                    "best": e.action == j["top"] and j["alone"], "top": e.action == j["top"], "chosen": e.action == chosen,
                    "hint": e.action in hints, "verdict": j["verdicts"][e.action],
                    "verdict_words": _verdict_words(j["verdicts"][e.action])} for e in c.estimates]
        options.sort(key=lambda o: (-o["mean"], not o["top"]))
        top, ch = est[j["top"]], est[chosen]
        verdict = j["verdicts"][chosen]
        m, se = j["behind"].get(chosen, (0.0, 0.0))
        loss = max(0.0, top.mean - ch.mean) if verdict in ("pity", "mistake") else 0.0
        row.update(options=options, best=j["top"] if j["alone"] else None, top=j["top"],
                   best_words={"zh": words[j["top"]][0], "en": words[j["top"]][1]},
                   deals=c.deals, exact=exact, loss=round(loss, 3), loss_pm=round(Z * se, 2) if c.deals >= 2 and not exact else None,
                   verdict=verdict, verdict_words=_verdict_words(verdict), followed_hint=chosen in hints,
                   agreed=verdict in ("best", "equal"), costly=verdict in ("pity", "mistake"), costliest=False)
        row["why"] = _why(st, seat, game, chosen, j, words, exact)
        out.append(row)
    costly = sorted((r for r in out if r.get("costly")), key=lambda r: (r["verdict"] != "mistake", -r["loss"]))
    for r in costly[:MARKED]:
        r["costliest"] = True
    analysed = [r for r in out if r["analysed"]]
    return {
        "game": game, "seat": seat, "position": end.written(), "level": REVIEWER, "decisions": out, "total": len(decisions),
        "costliest": [r["n"] for r in costly[:MARKED]], "marked": MARKED, "unit": {"zh": u_zh, "en": u_en},
        "summary": summary_words(game, [r["verdict"] for r in analysed], [r["n"] for r in analysed]),
        "verdicts": {k: _verdict_words(k) for k in VERDICTS},
        "over": end.is_terminal(), "returns": [float(x) for x in end.returns()] if end.is_terminal() else None,
        "how": _how(game, game == "dawei"),
    }


def _why(st: GameState, seat: int, game: str, chosen: str, j: dict[str, Any], words: dict[str, tuple[str, str]],
         exact: bool) -> dict[str, str]:
    """One or two sentences on one decision, in the game's own terms: what the reader's move does when it is as good
    as the best, else what the better move keeps or denies against it."""
    v = j["verdicts"][chosen]
    top = j["top"]
    if v in ("best", "equal"):
        own = OWN[game](st, seat, chosen) if game in OWN else None
        if v == "best":
            head = ("这是最好的一步，别的选法都明显差。", "The best move here: every other option is clearly worse.")
        elif chosen == top:
            others = [a for a, w in j["verdicts"].items() if w == "equal" and a != chosen]
            head = (f"和{'、'.join(words[a][0] for a in others[:3])}不相上下，哪一个都行。",
                    f"About as good as {' or '.join('“' + words[a][1] + '”' for a in others[:3])}: either will do.")
        else:
            head = (f"和数最高的{words[top][0]}不相上下：差别在把握范围以内。" if not exact else f"和{words[top][0]}一样好。",
                    f"About as good as the top figure, “{words[top][1]}”: the difference lies within its range." if not exact
                    else f"As good as “{words[top][1]}”.")
        return {"zh": head[0] + (own[0] if own else ""), "en": head[1] + (" " + own[1] if own else "")}
    why = WHY[game](st, seat, top, chosen) if game in WHY else None
    also = [a for a, w in j["verdicts"].items() if w == "equal" and a != top][:2]
    b_zh = "、".join(words[a][0] for a in [top] + also) + ("（几种不相上下）" if also else "")
    b_en = " or ".join(f"“{words[a][1]}”" for a in [top] + also) + (" (about equal)" if also else "")
    if v == "pity":
        hinted = chosen in j["hints"]
        head = (f"可惜：{b_zh}更好。" + ("提示也是这样走的（提示按一条简单的规则或较少的几副牌来定）；把每一步打到底多比几副，另一步更好。" if hinted else ""),
                f"A pity: {b_en} was better." + (" The Hint advised your move too (by a rule of thumb, or over fewer deals); "
                                                 "played out over more deals, another move is better." if hinted else ""))
    else:
        head = (f"失误：{b_zh}明显更好。", f"A mistake: {b_en} was clearly better.")
    return {"zh": head[0] + (why[0] if why else ""), "en": head[1] + (" " + why[1][:1].upper() + why[1][1:] if why else "")}


def summary_words(game: str, verdicts: list[str], numbers: list[int]) -> dict[str, str]:
    """The review in one or two sentences: how many decisions got each verdict, and which were mistakes."""
    if not verdicts:
        return {"zh": "这一局里你没有需要选择的决定。", "en": "You had no choice to make in this game."}
    count = Counter(verdicts)
    zh_parts = [f"{count[k]} 个{VERDICTS[k][0]}" for k in VERDICTS if count[k]]
    en_parts = [f"{count[k]} {VERDICTS[k][1]}" for k in VERDICTS if count[k]]
    n = len(verdicts)
    zh = f"你的 {n} 个决定（只有一种走法的不算）：" + "，".join(zh_parts) + "。"
    en = f"Your {n} decision{'s' if n != 1 else ''} with a choice: " + ", ".join(en_parts) + "."
    bad = [k for k, v in zip(numbers, verdicts) if v == "mistake"]
    pity = [k for k, v in zip(numbers, verdicts) if v == "pity"]
    if bad:
        zh += f"失误在第 {'、'.join(map(str, bad))} 个决定，先看它们。"
        en += f" The mistake{'s are' if len(bad) > 1 else ' is'} at decision{'s' if len(bad) > 1 else ''} {', '.join(map(str, bad))}: look at {'them' if len(bad) > 1 else 'it'} first."
    elif pity:
        zh += f"没有失误；第 {'、'.join(map(str, pity))} 个决定有更好的走法。"
        en += f" No mistake; decision{'s' if len(pity) > 1 else ''} {', '.join(map(str, pity))} had a better move."
    else:
        zh += "每一步都和最好的一样好。"
        en += " Every move was as good as the best."
    return {"zh": zh, "en": en}


def a_review_summary(req: dict[str, Any]) -> dict[str, Any]:
    """The summary of a review asked a decision at a time (``verdicts``: each decision's verdict, in order)."""
    vs = req.get("verdicts")
    if not isinstance(vs, list) or len(vs) > 1_000 or any(not isinstance(v, str) or v not in VERDICTS for v in vs):
        raise bad("verdicts", "应是每个决定的评语。", "give each decision's verdict.", label=("各个决定的评语", "the decisions' verdicts"))
    game = req.get("of")
    return {"summary": summary_words(game if isinstance(game, str) else "", vs, list(range(1, len(vs) + 1)))}


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


def _reserve(game: str) -> int:
    from .strong import STRONG_UNITS

    return STRONG_UNITS.get(game, 100_000)


def _units(game: str, replay: int) -> int:
    """The work a review spends on its decisions: the game's share, within what the budget leaves after the replay
    and the strong hint it may ask again (:func:`_table_hint`)."""
    return max(0, min(REVIEW_UNITS.get(game, 500_000), BUDGET - replay - _reserve(game)))


def _replay_cost(position: dict[str, Any]) -> int:
    from .actions import _replay_cost as replay

    return replay(position)


def review_cost(req: dict[str, Any]) -> int:
    """The replay, then at most the game's review share of what the budget leaves, and one strong hint."""
    position = req.get("position")
    hand = req.get("hand")
    if not isinstance(position, dict) and isinstance(hand, dict):  # a 跑胡子 hand: its moves are played twice
        position = {"game": "paohuzi", "actions": [None] * (4 * size(hand, "actions", 0, 100_000))}
    if not isinstance(position, dict):
        return 10_000
    replay = _replay_cost(position) + 2 * size(position, "actions", 0, 100_000) * 1_000  # a copy at each decision
    game = position.get("game")
    g = game if isinstance(game, str) else ""
    return replay + _units(g, replay) + _reserve(g)


GUPAI_7 = ["up:66.54", "down:33.51", "down:22.21", "down:22.51", "up:11.53", "up:66.63", "down:64.61", "down:23.41", "up:62",
           "down:52", "down:33", "down:61", "up:13", "up:44", "up:11", "down:55", "up:24", "down:64", "up:43", "down:65",
           "up:55", "up:44", "down:13", "down:65"]

EXAMPLES = [
    {"request": {"game": "table", "action": "review_summary", "verdicts": ["best", "equal", "pity", "equal"]},
     "zh": "一局逐个复盘完以后的总评：每个决定的评语合起来说。",
     "en": "The summary of a review asked a decision at a time: each decision's verdict, told together."},
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

__all__ = ["a_levels", "a_review", "a_review_summary", "judge", "summary_words", "VERDICTS", "review_cost", "EXAMPLES", "REVIEW_UNITS"]
