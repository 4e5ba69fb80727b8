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

from ..budget import BUDGET, size
from ..errors import ApiError
from ..validate import bad, get_dict, get_int
from ..registry import GameEntry, entries, load
from . import ADAPTERS, GameState, IllegalAction, start_position
from .costs import replay_cost
from .strong import COVERED, LEVELS, STRONG_UNITS, basic_action, rollouts_for, strong_choice

#: the work a review spends on its decisions at most, by game (what the budget leaves after the
#: replay is the other bound)
REVIEW_UNITS: dict[str, int] = {"gupai": 1_200_000, "paohuzi": 1_500_000, "yezi": 400_000, "dawei": 200_000}
#: the most decisions one request may name
MAX_DECISIONS = 60
#: the costliest decisions marked
MARKED = 3
#: the level that reviews a game
REVIEWER = "strong"


# ---------------------------------------------------------------- the action


def _hand_game() -> GameEntry | None:
    """The game whose hand a review may take as its table's own request (``"hand"``): the first the registry names
    with a ``review_hand`` (跑胡子's)."""
    return next((e for e in entries().values() if e.review_hand is not None), None)


def _position(req: dict[str, Any]) -> dict[str, Any]:
    """The written position a review request names: its ``position``, or a hand given as its table's request."""
    game = _hand_game()
    if "hand" in req and "position" not in req and game is not None and game.review_hand is not None:
        position: dict[str, Any] = load(game.review_hand)(req)  # every move written, the computer seats' included
        return position
    return get_dict(req, "position")


def _read(req: dict[str, Any]) -> tuple[GameState, int, list[tuple[GameState, str]], list[int] | None]:
    position = _position(req)
    game = position.get("game")
    if not isinstance(game, str) or game not in ADAPTERS:
        raise ApiError("bad_position", "局面要说明是哪个游戏：打围、鄂南骨牌、下灌叶子戏或跑胡子。",
                       "The position should say which game it is: 打围 (dawei), 鄂南骨牌 (gupai), 下灌叶子戏 (yezi) or 跑胡子 (paohuzi).")
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


def _mistake_at(st: GameState) -> float:
    return st.mistake_loss(MISTAKE.get(st.game, 1.0))


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
    return {basic_action(st), c.action}


def _table_hint(st: GameState, seed: int) -> str | None:
    """The strong level's hint as a table gives it (its own work and seed), asked only when the reader's move
    would otherwise be called a mistake."""
    try:
        own = st.table_hint(seed)  # a game whose table searches its own way (跑胡子's: a copy of the hand)
        return own if own is not None else strong_choice(st, rollouts_for(st, STRONG_UNITS.get(st.game, 100_000)), seed).action
    except (KeyError, ValueError, StopIteration):
        return None


def _verdict_words(v: str) -> dict[str, str]:
    zh, en = VERDICTS[v]
    return {"zh": zh, "en": en}


def _how(st: GameState) -> dict[str, str]:
    own = st.review_how()  # a game that weighs its options otherwise than by imagined deals (打围's, exactly)
    if own is not None:
        return {"zh": own[0], "en": own[1]}
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
    units = _units(game, replay_cost(end.written()))
    share = units // max(1, len(wanted))
    asked = [False]  # the table's strong hint is asked again once a request at most (its work is reserved)
    u_zh, u_en = end.strong_unit()  # 骨牌's tricks, 叶子戏's first places by placings
    out: list[dict[str, Any]] = []
    for n, (st, chosen) in enumerate(decisions, start=1):
        row: dict[str, Any] = {"n": n, "move": len(st.actions) + 1, "chosen": chosen, "analysed": n in wanted}
        zh, en = st.action_words(chosen)
        row["chosen_words"] = {"zh": zh, "en": en}
        if n not in wanted:
            out.append(row)
            continue
        # a game whose strong level plays out only the moves worth it (叶子戏's splits) plays out the reader's own too
        c = strong_choice(st, rollouts_for(st, share), seed, also=chosen)
        # a game that weighs its options exactly (打围's second throw, by its chance): no deals, no interval
        exact = c.deals == 1 and _weighs_exactly(st) and all(e.stderr == 0 for e in c.estimates)
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
        row["why"] = _why(st, seat, chosen, j, words, exact)
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
        "how": _how(end),
    }


def _weighs_exactly(st: GameState) -> bool:
    """Whether the game gives exact values of its options (:meth:`GameState.strong_values`) where they apply."""
    return type(st).strong_values is not GameState.strong_values


def _why(st: GameState, seat: int, chosen: str, j: dict[str, Any], words: dict[str, tuple[str, str]],
         exact: bool) -> dict[str, str]:
    """One or two sentences on one decision, in the game's own terms: what the reader's move does when it is as good
    as the best, else what the better move keeps or denies against it."""
    v = j["verdicts"][chosen]
    top = j["top"]
    if v in ("best", "equal"):
        own = st.review_own(seat, chosen)
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
    why = st.review_why(seat, top, chosen)
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
    # slow: the level plays each move out, so that each of its answers takes a second or more (a table asks it
    # only when it must)
    return {"levels": [{"id": k, "zh": zh, "en": en, "short": {"zh": zh.split("（")[0], "en": en.split(" (")[0]}, "slow": k == REVIEWER}
                       for k, (zh, en) in LEVELS.items()],
            "games": sorted(COVERED), "review": REVIEWER}


def _reserve(game: str) -> int:
    return STRONG_UNITS.get(game, 100_000)


def _units(game: str, replay: int) -> int:
    """The work a review spends on its decisions: the game's share, within what the budget leaves after the replay
    and the strong hint it may ask again (:func:`_table_hint`)."""
    return max(0, min(REVIEW_UNITS.get(game, 500_000), BUDGET - replay - _reserve(game)))


def review_cost(req: dict[str, Any]) -> int:
    """The replay, then at most the game's review share of what the budget leaves, and one strong hint."""
    position = req.get("position")
    hand = req.get("hand")
    hand_game = _hand_game()
    if not isinstance(position, dict) and isinstance(hand, dict) and hand_game is not None:  # a 跑胡子 hand: its moves are played twice
        position = {"game": hand_game.id, "actions": [None] * (4 * size(hand, "actions", 0, 100_000))}
    if not isinstance(position, dict):
        return 10_000
    replay = replay_cost(position) + 2 * size(position, "actions", 0, 100_000) * 1_000  # a copy at each decision
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
