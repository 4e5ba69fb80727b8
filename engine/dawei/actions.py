"""打围 API actions: classify, roll, patterns, split, play, simulate.

Every action validates its request and is bounded in time and memory: dice are
six faces, move lists and simulation counts are capped, a game stops (void)
after ``Config.max_turns`` turns, and :func:`cost` gives the most turns a
request can play, checked before a simulation starts.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from types import ModuleType
from typing import Any

from ..errors import ApiError
from ..protocol import seed_ok
from ..protocol.strong import read_level
from ..protocol.table import Auto, play_table
from ..validate import bad, get_int, get_list, get_optional_int, get_str
from .dice import ALL_OUTCOMES, FACES, N_DICE, Throw
from .answer import END_WORDS, MAX_LOG_TAIL, rounded, stick_list, view
from .game import MAX_DROP_CHANCE, MAX_PLAYERS, MAX_TURNS, MIN_PLAYERS, TOLD, Config, break_even
from .options import CHOICE_WORDS, CHOICES, DEFAULT, Rules
from .split import direct_muntjac, openings, second_is_shun_dou_shun, success_ways
from .state import DROPS, THROW_WORDS, DaweiState, policy
from .sticks import BY_ID
from .sticks import names as stick_names
from .throws import PATTERNS, classify, matches, pattern_ways
from .trace import OPTIONS

MAX_MOVES = 20_000
MAX_AUTO = 20_000
# a count in a move ("auto:12"): ASCII digits 0-9 only (a test for digits of any script also takes "²" or "①", which int() refuses)
_AUTO = re.compile(r"auto:([0-9]{1,6})")
MAX_SIM_GAMES = 50
#: the most turns one request may play (a simulation of MAX_SIM_GAMES games that all
#: ran to the turn limit); a game takes about 250 turns without drops, 560 at the
#: largest drop chance, and a turn costs about 10 µs
TURN_BUDGET = MAX_SIM_GAMES * MAX_TURNS



def cost(action: str, req: dict[str, Any]) -> int:
    """The most turns ``action`` can play for ``req``, known before it runs (0: no game is played)."""
    if action == "simulate":
        games = req.get("games", 20)
        return (games if isinstance(games, int) and not isinstance(games, bool) and games > 0 else 1) * MAX_TURNS
    if action == "play":  # at the strong level: its split choices (and the hint's), in turns' worth of work
        strong = req.get("level") == "strong"
        return MAX_TURNS + ((STRONG_DECISIONS + 1) * STRONG_DECISION_UNITS // 10 if strong else 0)
    return 0


def rules_from(obj: Any) -> Rules:
    """Rules from a request's ``options`` object; unknown names or values are an ApiError."""
    if obj is None:
        return DEFAULT
    if not isinstance(obj, dict):
        raise ApiError("bad_option", "规则选项没有读懂：请从选项菜单里选择，或不选（用默认读法）。", "The rule options could not be read: choose them from the options menu, or leave them at the default readings.")
    kw: dict[str, str] = {}
    for k, v in obj.items():
        if k not in CHOICES:
            raise ApiError("bad_option", f"打围没有“{str(k)[:40]}”这条规则选项；可选的规则选项见“来源与记录者”页。", f"Dawei has no rule option called '{str(k)[:40]}'; the rule options are listed on the origin page.")
        if v not in CHOICES[k]:
            o = next(o for o in OPTIONS if o.id == "dawei." + k)
            zh = "；".join(w[0] for w in CHOICE_WORDS[k].values())
            en = "; ".join(w[1] for w in CHOICE_WORDS[k].values())
            raise ApiError("bad_option", f"“{o.zh}”只有这几种读法：{zh}。", f"'{o.en}' has only these readings: {en}.")
        kw[k] = v
    return replace(DEFAULT, **kw)


def read_dice(req: dict[str, Any], name: str = "dice") -> tuple[int, ...]:
    dice = get_list(req, name, min_len=6, max_len=6)
    if not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice):
        which = {"dice": ("这一掷", "this throw"), "first": ("第一掷", "the first throw"), "second": ("第二掷", "the second throw")}.get(name, ("这一掷", "this throw"))
        raise ApiError("bad_dice", f"{which[0]}的色子不对：一颗色子只有 1 到 6 点，请给出六颗，每颗 1–6。", f"The dice of {which[1]} are not right: a die shows 1 to 6, so give six dice, each from 1 to 6.")
    return tuple(dice)


#: what the three specials take, in words (their outcome depends on the game)
SPECIAL_WORDS: dict[str, tuple[str, str]] = {
    "straight": ("视局面而定（见“狐狸”）", "depends on the game (see the fox)"),
    "red_bowl": ("里抄外抄（见“特殊情况”）", "the sweep inside and out (see the special cases)"),
    "black_bowl": ("场上余签全归掷者", "every stick left in the pool"),
}


def takes_words(p: Any) -> dict[str, str]:
    """What a main-phase pattern takes, in words: {"zh": "一支鹰、一支鸡", "en": "an eagle and a chicken"}."""
    if p.special:
        zh, en = SPECIAL_WORDS[p.special]
    elif p.awards:
        zh, en = stick_names(list(p.awards))
    else:
        zh, en = "无", "nothing"
    return {"zh": zh, "en": en}


def _lang(req: dict[str, Any]) -> str:
    """The reader's language (Chinese unless asked): the views draw the answer's dice in it (``views.draw``), and a
    language the archive does not have is refused here, as it was when the engine drew them."""
    return get_str(req, "lang", "zh", choices=("zh", "en"))


def classification(dice: tuple[int, ...], req: dict[str, Any]) -> dict[str, Any]:
    rules = rules_from(req.get("options"))
    p = classify(dice, rules)
    w = Throw.of(*dice).ways
    total_ways = pattern_ways(rules)[p.id]
    _lang(req)
    return {
        "dice": list(dice),
        "awards": list(p.awards),
        "special": p.special,
        "takes": takes_words(p),
        "pattern": {"id": p.id, "zh": p.zh, "en": p.en, "section": p.section},
        "zhu": p.zhu,
        "ways": w,
        "of": ALL_OUTCOMES,
        "pattern_ways": total_ways,
        "also_fits": [{"id": m.id, "zh": m.zh, "en": m.en} for m in matches(dice, rules) if m.id != p.id],
    }


def _classify(req: dict[str, Any]) -> dict[str, Any]:
    return classification(read_dice(req), req)


def _roll(req: dict[str, Any]) -> dict[str, Any]:
    seed = get_optional_int(req, "seed", lo=-(2**63), hi=2**63)
    rng = random.Random(seed) if seed is not None else random.Random()
    dice = tuple(rng.randint(1, 6) for _ in range(6))
    return classification(dice, req)


def _patterns(req: dict[str, Any]) -> dict[str, Any]:
    rules = rules_from(req.get("options"))
    pw = pattern_ways(rules)
    return {
        "of": ALL_OUTCOMES,
        "patterns": [
            {"id": p.id, "zh": p.zh, "en": p.en, "awards": list(p.awards), "special": p.special, "zhu": p.zhu, "ways": pw[p.id], "section": p.section, "example": list(p.example)}
            for p in PATTERNS
        ],
        "blank_ways": pw["blank"],
        "sticks": stick_list(),
    }


#: the game's own words a table says around the engine's answers: the unit of the result, the banker's
#: role, the split phase (the options answer gives them, so no widget keeps them)
WORDS: dict[str, tuple[str, str]] = {"zhu": ("柱", "柱"), "banker": ("庄家", "banker"), "split": ("分掷", "split"),
                                     "first": ("首色", "first throw")}


def _noted(main: Any) -> bool:
    """A main-phase pattern worth saying beside a split throw: more than a single chicken or rabbit, or nothing."""
    return main.id not in ("blank", "chicken", "rabbit")


def _direct_words(first: Any, main: Any, opened: list[Any]) -> dict[str, str]:
    """What a first split throw does by itself, in words: its main-phase worth when worth saying, a muntjac at
    once, or that it opens no split."""
    zh: list[str] = []
    en: list[str] = []
    if _noted(main):
        zh.append(f"按正掷是{main.zh}")
        en.append(f"as a main-phase throw: {main.en}")
    if direct_muntjac(first):
        zh.append("分獐：直接得一支獐")
        en.append("split muntjac: a muntjac at once")
    if not opened:
        zh.append("不能分掷")
        en.append("opens no split")
    return {"zh": "；".join(zh), "en": "; ".join(en)}


def _outcome_words(chosen: Any, shun: bool, success: bool) -> dict[str, str]:
    """What the second throw of a split gave, in words."""
    if shun:
        return {"zh": "顺斗顺！按红一碗处理（里抄外抄）。", "en": "Straight upon straight! Settled like the red bowl."}
    target = BY_ID[chosen.target]
    if success:
        return {"zh": f"成功：得{target.zh}。", "en": f"Success: takes the {target.en}."}
    return {"zh": "未中：一无所得（第二色只看所要求的点数）。", "en": "Missed: nothing taken (only the required faces count on the second throw)."}


def _split(req: dict[str, Any]) -> dict[str, Any]:
    rules = rules_from(req.get("options"))
    first = read_dice(req, "first")
    opened = openings(first, rules)
    main = classify(first, rules)
    _lang(req)
    out: dict[str, Any] = {
        "first": list(first),
        "sticks": stick_list(),
        "muntjac_at_once": direct_muntjac(first),
        "main_pattern": {"id": main.id, "zh": main.zh, "en": main.en, "noted": _noted(main)},
        "openings": [
            {
                "key": ch.key,
                "rule": ch.rule.id,
                "zh": ch.rule.zh,
                "en": ch.rule.en,
                "target": ch.target,
                "target_words": {"zh": BY_ID[ch.target].zh, "en": BY_ID[ch.target].en},
                "need": {"face": ch.need.face, "count": ch.need.count, "zh": ch.need.describe()[0], "en": ch.need.describe()[1]},
                "ways": success_ways(ch.need, rules),
                "of": ALL_OUTCOMES,
            }
            for ch in opened
        ],
    }
    out["direct"] = _direct_words(first, main, opened)
    if "second" in req:
        second = read_dice(req, "second")
        key = req.get("choice")
        chosen = next((ch for ch in opened if ch.key == key), None)
        if chosen is None:
            zh = "、".join(ch.rule.zh for ch in opened) or "无"
            en = "; ".join(ch.rule.en for ch in opened) or "none"
            raise ApiError("bad_choice", f"这一首色打不开所选的分掷。它能打开的是：{zh}。", f"This first throw does not open the split chosen. It opens: {en}.")
        out["second"] = list(second)
        out["shun_dou_shun"] = second_is_shun_dou_shun(chosen, second)
        out["success"] = chosen.need.met(second, rules)
        out["outcome"] = _outcome_words(chosen, out["shun_dou_shun"], out["success"])
    return out


def _config(req: dict[str, Any]) -> Config:
    players = get_int(req, "players", 4, lo=MIN_PLAYERS, hi=MAX_PLAYERS)
    seed = get_int(req, "seed", 0, lo=0, hi=2**53)
    rules = rules_from(req.get("options"))
    drop = req.get("drop_chance", 0)
    if isinstance(drop, bool) or not isinstance(drop, (int, float)) or not (0 <= drop <= MAX_DROP_CHANCE):
        raise ApiError(
            "bad_drop_chance",
            f"每颗色子掉出碗外的概率只能在 0 到 {MAX_DROP_CHANCE} 之间：再大，多数掷都因掉色作废，一局掷不完。",
            f"The chance that a die falls out of the bowl must be from 0 to {MAX_DROP_CHANCE}: any higher and most throws are void, so a game never gets through its sticks.",
        )
    pb = get_optional_int(req, "previous_banker", lo=0, hi=players - 1)
    return Config(players=players, seed=seed, rules=rules, drop_chance=float(drop), previous_banker=pb)


def _humans(req: dict[str, Any], n: int) -> set[int]:
    hs = get_list(req, "humans", [], max_len=MAX_PLAYERS)
    if not all(isinstance(h, int) and not isinstance(h, bool) and 0 <= h < n for h in hs):
        raise bad("humans", f"应为 0–{n - 1} 的座位号列表。", f"expected a list of seats 0–{n - 1}.", label=("由你来掷的座位", "the seats you throw for"))
    return set(hs)


AUTO_CHOICE = "auto:choice"


def _legal_words(st: Any) -> tuple[str, str]:
    """The lawful moves of the seat to throw, in words (the protocol's words for its moves)."""
    words = [st.action_words(a) for a in st.legal_actions()]
    return "；".join(z for z, _ in words), "; ".join(e for _, e in words)


def strong_policy(st: DaweiState) -> str:
    """The computer player at the strong level: throws; after a first split throw, the choice with
    the best expected result, the second throw weighed exactly (the 顺斗顺 sweep included) —
    :meth:`DaweiState.strong_values`; ties go to the basic player's choice."""
    if not st.pending:
        return "throw"
    values = st.strong_values() or {}
    basic = policy(st)
    if not values:
        return basic
    return max(values, key=lambda a: (values[a], a == basic))


#: the strong level's split choices in one game of the play action at most (a few ms each; the
#: rest are the basic player's, the same at every replay): about 17 in a game of four
STRONG_DECISIONS = 150
#: the work of one strong split choice, declared (measured about 3,600 units)
STRONG_DECISION_UNITS = 4_000


def strong_chooser() -> Any:
    """The computer at the strong level for one replay: :func:`strong_policy` for the first
    :data:`STRONG_DECISIONS` split choices of the game, the basic player after."""
    left = [STRONG_DECISIONS]

    def choose(st: DaweiState) -> str:
        if st.pending and left[0] > 0:
            left[0] -= 1
            return strong_policy(st)
        return policy(st)

    return choose


def table_state(cfg: Config, humans: set[int], moves: list[Any], chooser: Any = None) -> tuple[DaweiState, int]:
    """A table's game replayed (:class:`DaweiState`, with throws with dice out of the bowl offered to the reader):
    the computer (``chooser``, the basic player by default, given the state) throws and chooses for every seat but ``humans``, and the
    reader's moves are played in turn; the protocol decides what is lawful, and the first move it refuses is
    named with its reason. The state reached, and how many of ``moves`` were used.

    Besides the game's own moves a move may be ``auto:N`` (the computer throws for the human seats N times)
    or ``auto:choice`` (the computer throws for them until one of them has a choice to make, or the game ends).
    """
    st = DaweiState.of(cfg, drops=True)

    def read(st: DaweiState, i: int, m: Any) -> str | Auto:
        if m == AUTO_CHOICE:
            return Auto()
        count = _AUTO.fullmatch(m) if isinstance(m, str) else None
        if count and 0 < int(count.group(1)) <= MAX_AUTO:
            return Auto(int(count.group(1)))
        return m

    played = play_table(st, moves, lambda st: st.current_player() not in humans, chooser or policy, read,
                        decides=lambda st: bool(st.pending), limit=cfg.max_turns * 4 + MAX_AUTO)
    if played.refused is not None:
        i, m, _ = played.refused
        why = st.why_not(m) if isinstance(m, str) else None
        zh, en = _legal_words(st)
        wz, we = (why[0], " " + why[1]) if why else ("", "")
        raise ApiError("bad_move", f"第 {i + 1} 步此时走不了。{wz}这时能做的是：{zh}。",
                       f"Move {i + 1} cannot be made at this point.{we} What can be done now: {en}.")
    i = played.used
    if i < len(moves):
        raise ApiError("bad_move", f"第 {i + 1} 步之前对局已经结束（或没轮到你），后面的步数走不了。", f"The game ended (or it was not your turn) before move {i + 1}; the moves after it cannot be made.")
    return st, i


def written_position(st: Any) -> dict[str, Any]:
    """A table's game (:func:`table_state`) as a written position: the protocol's, which says that the table
    offers throws with dice out of the bowl only where one was thrown (every table offers them; a game
    without one replays the same without)."""
    pos = st.written()
    if not any(a in DROPS for a in st.actions):
        pos.pop("drops", None)
    return pos


def _play(req: dict[str, Any]) -> dict[str, Any]:
    cfg = _config(req)
    humans = _humans(req, cfg.players)
    moves = get_list(req, "moves", [], max_len=MAX_MOVES)
    tail = get_int(req, "log_tail", 60, lo=0, hi=MAX_LOG_TAIL)
    _lang(req)
    level = read_level(req) if "level" in req else None
    choose = strong_chooser() if level == "strong" else policy
    st, used = table_state(cfg, humans, moves, choose)
    out = view(st, humans, tail)
    if level is not None:  # the computer seats' level, and the hint's: what that level would choose for the seat to throw
        out["level"] = level
        out["hint"] = hint(st, level) if not st.is_terminal() and st.current in humans else None
        if st.is_terminal() and cfg.seed <= 2**32 and not any(a in DROPS for a in st.actions):
            # the game as a written position of the common protocol, for the review (table.review): the table's
            # own, but for the throws with dice out of the bowl it offers (none was thrown, and the review weighs
            # only the choices after a first split throw)
            out["position"] = written_position(st)
    out["moves_used"] = used
    return out


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def hint(st: DaweiState, level: str) -> dict[str, Any]:
    """What ``level`` advises the seat to throw now, and why, in both languages: in the main phase there is
    nothing to decide (a throw's pattern alone says what it takes), so the advice is to throw and says so; after
    a first split throw, the way the level chooses, with its reason computed from the ways on offer (the basic
    level: each way's chance times the 柱 it gains; the strong level: each way's expected result at the
    settlement, the second throw weighed over all its outcomes) and the next best way beside it. ``choosing``
    says which of the two it is (the table prefixes a choice with the level's name)."""
    if not st.pending:
        tz, te = THROW_WORDS["throw"]
        return {"level": level, "action": "throw", "choosing": False,
                "zh": f"正掷时没有要选的：一掷取什么签，全由色面决定，谁来掷都一样。按“{tz}”就行；带“掉”字的按钮只是演示色子掉出碗外的规则，不是更好的走法。",
                "en": f"There is nothing to choose in the main phase: what a throw takes is decided by its pattern alone, "
                      f"whoever throws. Just press “{te}”; the buttons with dice out of the bowl only show that rule, they are not a better move."}
    by = {o.action: o for o in st.pending}
    if level == "strong":
        values = st.strong_values() or {}
        pick = strong_policy(st)
        ranked = sorted(values, key=lambda a: -values[a])
        best = by[pick]
        other = next((a for a in ranked if a != pick), None)
        zh = f"{best.zh}。理由：算到终局结算、第二掷的每种结果（连顺斗顺）都算进去，这样结算时平均 {values[pick]:+.2f} 柱，是几种取法里最好的"
        en = (f"{best.en}. Why: counted to the settlement at the end, every outcome of the second throw weighed (straight upon straight "
              f"included), it comes to {values[pick]:+.2f} 柱 on average at the settlement, the best of the ways on offer")
        if other is not None:
            zh += f"；其次是“{by[other].zh}”，结算时平均 {values[other]:+.2f} 柱"
            en += f"; next is “{by[other].en}”, {values[other]:+.2f} 柱"
        basic = policy(st)
        if basic != pick:
            zh += f"。只看眼前柱数的基本水平会选“{by[basic].zh}”，但它没算到后面的结算"
            en += f". The basic level, looking only at the 柱 in reach now, would choose “{by[basic].en}”, which counts nothing after it"
        return {"level": level, "action": pick, "choosing": True, "zh": zh + "。", "en": en + "."}
    pick = policy(st)
    best = by[pick]
    by_expected = sorted(st.pending, key=lambda o: -o.expected)
    runner_up = next((o for o in by_expected if o.action != pick), None)
    def reason(o: Any, lang: str) -> str:
        exp = f"{float(o.expected):.2f}"
        if o.chance == 1:
            return f"稳得 {o.zhu} 柱" if lang == "zh" else f"a sure {o.zhu} 柱"
        return (f"成功机会 {_pct(float(o.chance))} × {o.zhu} 柱 = 平均 {exp} 柱" if lang == "zh"
                else f"a {_pct(float(o.chance))} chance × {o.zhu} 柱 = {exp} 柱 on average")
    zh = f"{best.zh}。理由：{reason(best, 'zh')}，是几种取法里平均得柱最多的"
    en = f"{best.en}. Why: {reason(best, 'en')}, the most 柱 on average of the ways on offer"
    if runner_up is not None:
        zh += f"；其次是“{runner_up.zh}”：{reason(runner_up, 'zh')}"
        en += f"; next is “{runner_up.en}”: {reason(runner_up, 'en')}"
    return {"level": level, "action": pick, "choosing": True, "zh": zh + "。", "en": en + "."}


def _simulate(req: dict[str, Any]) -> dict[str, Any]:
    games = get_int(req, "games", 20, lo=1, hi=MAX_SIM_GAMES)
    if cost("simulate", req) > TURN_BUDGET:  # checked before any game is played
        raise ApiError("too_costly", f"一次最多模拟 {MAX_SIM_GAMES} 局，请分批。", f"At most {MAX_SIM_GAMES} games can be simulated at once: run them in batches.")
    cfg = _config(req)
    series = req.get("series", True)
    if not isinstance(series, bool):
        raise bad("series", "应为 true 或 false。", "expected true or false.", label=("是否连打（上局庄家得二牲）", "whether the games follow one another"))
    results: list[dict[str, Any]] = []
    pb = cfg.previous_banker
    for k in range(games):
        g = DaweiState.of(Config(cfg.players, cfg.seed + k, cfg.rules, cfg.drop_chance, pb if series else None, cfg.max_turns))
        g.play_out()
        results.append({"seed": cfg.seed + k, "end": g.end_reason, "banker": g.banker, "turns": g.turn_no, "zhu": [g.zhu(s) for s in range(g.n)], "net": [rounded(x) for x in g.settlement()]})
        pb = g.banker if g.banker is not None else pb
    ends: dict[str, int] = {}
    for r in results:
        ends[r["end"]] = ends.get(r["end"], 0) + 1
    return {
        "players": cfg.players,
        "games": results,
        "break_even": rounded(break_even(cfg.players, cfg.rules)),
        "ends": ends,
        "end_words": {k: dict(zip(("zh", "en"), v)) for k, v in END_WORDS.items()},
        "mean_turns": round(sum(r["turns"] for r in results) / len(results), 2),
        "next_previous_banker": pb,
    }


def _referee() -> ModuleType:
    """A real table's referee (engine/dawei/referee.py), which reads and writes records."""
    from . import referee  # imported when a family first asks it: with it come the records, the table's actions and the review, which the dice widget's first answer would otherwise wait for in the browser (benchmarks/run.py prints the start)
    return referee


def _options(req: dict[str, Any]) -> dict[str, Any]:
    return {
        # each option: its question, its readings as ids and in words, the default and the note
        "options": [o.json() for o in OPTIONS],
        # the play action's own bounds, for a table that keeps moves and asks for the log, and the entries
        # the referee tells at once
        "limits": {"moves": MAX_MOVES, "auto": MAX_AUTO, "log_tail": MAX_LOG_TAIL, "entries": TOLD},
        # the dice: how many are thrown, their faces, and the ordered throws of them all
        "dice": {"count": N_DICE, "faces": list(FACES), "throws": ALL_OUTCOMES},
        "words": {k: {"zh": zh, "en": en} for k, (zh, en) in WORDS.items()},
    }


ACTIONS = {
    "classify": _classify,
    "roll": _roll,
    "patterns": _patterns,
    "split": _split,
    "play": _play,
    "simulate": _simulate,
    "options": _options,
    "referee": lambda req: _referee().referee(req),
}


EXAMPLES = [
    {"request": {"game": "dawei", "action": "classify", "dice": [3, 3, 3, 3, 4, 2]}, "zh": "判定一掷：四黑得鹰挂一红（鹰加一鸡）。", "en": "Classify a throw: four blacks and one red, an eagle and a chicken."},
    {"request": {"game": "dawei", "action": "classify", "dice": [4, 4, 4, 1, 1, 3], "options": {"red_five_gold": "one_two_two"}}, "zh": "规则选项：红五金只认一幺两二时，三红加幺幺三只是马鹿。", "en": "A rule option: if red five gold takes only 1+2+2, three reds with 1, 1, 3 are just a red deer."},
    {"request": {"game": "dawei", "action": "roll", "seed": 7}, "zh": "掷六颗色子并判定（给定种子可重现）。", "en": "Throw six dice and classify them (a seed makes it repeatable)."},
    {"request": {"game": "dawei", "action": "patterns"}, "zh": "全部正掷色面及其在 46,656 种掷法中的次数。", "en": "Every main-phase pattern and how many of the 46,656 ordered throws show it."},
    {"request": {"game": "dawei", "action": "split", "first": [5, 5, 5, 1, 2, 4], "second": [5, 1, 1, 2, 3, 6], "choice": "eagle_triple:5"}, "zh": "分掷：三黑分一黑，第二色有一颗五点，得鹰。", "en": "Split phase: three blacks then one — the second throw shows a five, an eagle."},
    {"request": {"game": "dawei", "action": "play", "players": 4, "seed": 65, "humans": [0], "moves": ["auto:choice"], "log_tail": 5, "level": "strong"},
     "zh": "电脑按强水平掷：甲家第一次分掷后的提示是分虎、为顺斗顺再掷，而不是马上按顺规则取签。",
     "en": "The computer at the strong level: after seat A's first split throw the hint is to split the tiger and throw again for the 顺斗顺 sweep, rather than take the straight at once."},
    {"request": {"game": "dawei", "action": "play", "players": 3, "seed": 1, "humans": [0], "moves": ["throw"], "log_tail": 5}, "zh": "对局：甲为人，其余由电脑掷；给出签池、各家所得与日志。", "en": "A game: seat A is human, the computer throws for the others; shows the pool, holdings and log."},
    {"request": {"game": "dawei", "action": "simulate", "players": 6, "games": 3, "seed": 1}, "zh": "模拟三局六人打围（上局庄家得二牲），给出各家输赢。", "en": "Simulate three six-player games in a row (the last banker takes the two beasts); each seat's result."},
    {"request": {"game": "dawei", "action": "options"}, "zh": "全部规则选项（来源不明之处），以及对局动作的上限（一局记多少步、电脑一次替人掷多少次、日志留多少行）。", "en": "Every rule option (where the source is open), and the bounds of the play action (moves a game may hold, throws the computer makes for a reader at once, lines of the log)."},
    {"request": {"game": "dawei", "action": "referee", "players": 3, "first": 1, "names": ["张三", "李四", "王五"], "moves": ["throw:333342", "throw:441236", "drop:1"]},
     "zh": "在真的桌上裁判打围：三位玩家，乙先掷，记下三笔（四黑挂一红、二兔、掉出一颗色子）；答出各家的签、场上余签、轮到谁和记录的文字。",
     "en": "Referee 打围 at a real table: three players, B throws first, three entries (four blacks with a red, two red fours, one die out of the bowl); the answer gives each player's sticks, the pool, whose throw it is and the record's text."},
]


#: Work units per request for engine.api's budget (a unit is about a microsecond of
#: CPython): the most turns the request can play (:func:`cost`) at about 10 units a
#: turn, and at least the fixed work of one answer (the pattern tables, the first time).
COSTS: dict[str, Any] = {name: (lambda req, name=name: max(50_000, 10 * cost(name, req))) for name in ACTIONS}
COSTS["referee"] = lambda req: _referee().cost(req)


# ---------------------------------------------------------------- what records ask of a game
# a table's game written as a record, and a record opened at the table (engine.record.export reads these)


def table_position(req: dict[str, Any]) -> dict[str, Any]:
    """The written position of the table's ``play`` request: the game as the table plays it, through the protocol."""
    cfg = _config(req)
    seed_ok(cfg.seed)
    level = read_level(req) if "level" in req else None  # the computer seats' level, as the play action reads it
    st, _ = table_state(cfg, _humans(req, cfg.players), get_list(req, "moves", [], max_len=10_000), strong_chooser() if level == "strong" else None)
    return {**written_position(st), **({"level": level} if level is not None else {})}


def table_replay(position: dict[str, Any], moves: list[str], seats: list[int | None], level: dict[str, Any]) -> dict[str, Any]:
    """What the table needs to replay a written position: the reader throws for every seat."""
    return {"seed": position["seed"], "players": position["players"], "options": position.get("options") or {},
            "drop_chance": position.get("drop_chance", 0), "humans": list(range(position["players"])), "moves": moves, **level,
            **({"previous_banker": position["previous_banker"]} if position.get("previous_banker") is not None else {})}


def table_refuses(position: dict[str, Any]) -> tuple[str, str] | None:
    """Why the table cannot open a record of 打围 (it starts only a fresh game with every die in the bowl), or None."""
    if position.get("previous_banker") is not None or position.get("drop_chance") or position.get("drops"):
        return ("这一局接着上一局打，或者色子可能掉出碗外：这张牌桌只开新的一局、色子都在碗里。这份记录可以在命令行上复核（见“对局的文字记录”一页）。",
                "This game follows another, or dice may fall out of the bowl: this table starts only a fresh game with every die in the bowl. "
                "The record can be refereed from the command line (see the page on written records).")
    return None
