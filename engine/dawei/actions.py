"""打围 API actions: classify, roll, patterns, split, play, simulate.

Every action validates its request and is bounded in time and memory: dice are
six faces, move lists and simulation counts are capped, a game stops after
``Config.max_turns`` turns.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from ..errors import ApiError
from ..validate import bad, get_int, get_list, get_optional_int, get_str
from .dice import ALL_OUTCOMES, Throw
from .game import MAX_PLAYERS, MIN_PLAYERS, Config, Game, break_even, policy, seat_en, seat_zh
from .options import rules_from
from .split import direct_muntjac, openings, second_is_shun_dou_shun, success_ways
from .sticks import ANIMALS
from .svg import dice_svg, sticks_svg
from .throws import PATTERNS, classify, matches, pattern_ways

MAX_MOVES = 20_000
MAX_AUTO = 20_000
MAX_SIM_GAMES = 200
MAX_LOG_TAIL = 500


def read_dice(req: dict[str, Any], name: str = "dice") -> tuple[int, ...]:
    dice = get_list(req, name, min_len=6, max_len=6)
    if not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice):
        raise ApiError("bad_dice", f"“{name}”必须是六个 1–6 的整数。", f"'{name}' must be six whole numbers from 1 to 6.")
    return tuple(dice)


def _frac(x: Fraction) -> float:
    return round(float(x), 4)


def classification(dice: tuple[int, ...], req: dict[str, Any]) -> dict[str, Any]:
    rules = rules_from(req.get("options"))
    p = classify(dice, rules)
    w = Throw.of(*dice).ways
    total_ways = pattern_ways(rules)[p.id]
    return {
        "dice": list(dice),
        "awards": list(p.awards),
        "special": p.special,
        "pattern": {"id": p.id, "zh": p.zh, "en": p.en, "section": p.section},
        "zhu": p.zhu,
        "ways": w,
        "of": ALL_OUTCOMES,
        "pattern_ways": total_ways,
        "also_fits": [{"id": m.id, "zh": m.zh, "en": m.en} for m in matches(dice, rules) if m.id != p.id],
        "svg": dice_svg(dice, f"{' '.join(map(str, dice))}: {p.zh} / {p.en}"),
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
        "sticks": [{"id": a.id, "zh": a.zh, "en": a.en, "count": a.count, "zhu": a.zhu} for a in ANIMALS],
    }


def _split(req: dict[str, Any]) -> dict[str, Any]:
    rules = rules_from(req.get("options"))
    first = read_dice(req, "first")
    opened = openings(first, rules)
    out: dict[str, Any] = {
        "first": list(first),
        "first_svg": dice_svg(first),
        "muntjac_at_once": direct_muntjac(first),
        "main_pattern": {"id": classify(first, rules).id, "zh": classify(first, rules).zh, "en": classify(first, rules).en},
        "openings": [
            {
                "key": ch.key,
                "rule": ch.rule.id,
                "zh": ch.rule.zh,
                "en": ch.rule.en,
                "target": ch.target,
                "need": {"face": ch.need.face, "count": ch.need.count, "zh": ch.need.describe()[0], "en": ch.need.describe()[1]},
                "ways": success_ways(ch.need, rules),
                "of": ALL_OUTCOMES,
            }
            for ch in opened
        ],
    }
    if "second" in req:
        second = read_dice(req, "second")
        key = req.get("choice")
        chosen = next((ch for ch in opened if ch.key == key), None)
        if chosen is None:
            keys = ", ".join(ch.key for ch in opened) or "—"
            raise bad("choice", f"应为首色打开的分掷之一：{keys}。", f"expected one of the splits the first throw opens: {keys}.")
        out["second"] = list(second)
        out["second_svg"] = dice_svg(second)
        out["shun_dou_shun"] = second_is_shun_dou_shun(chosen, second)
        out["success"] = chosen.need.met(second, rules)
    return out


def _config(req: dict[str, Any]) -> Config:
    players = get_int(req, "players", 4, lo=MIN_PLAYERS, hi=MAX_PLAYERS)
    seed = get_int(req, "seed", 0, lo=0, hi=2**53)
    rules = rules_from(req.get("options"))
    drop = req.get("drop_chance", 0)
    if isinstance(drop, bool) or not isinstance(drop, (int, float)) or not (0 <= drop <= 0.5):
        raise bad("drop_chance", "应为 0 到 0.5 之间的数。", "expected a number from 0 to 0.5.")
    pb = get_optional_int(req, "previous_banker", lo=0, hi=players - 1)
    return Config(players=players, seed=seed, rules=rules, drop_chance=float(drop), previous_banker=pb)


def _humans(req: dict[str, Any], n: int) -> set[int]:
    hs = get_list(req, "humans", [], max_len=MAX_PLAYERS)
    if not all(isinstance(h, int) and not isinstance(h, bool) and 0 <= h < n for h in hs):
        raise bad("humans", f"应为 0–{n - 1} 的座位号列表。", f"expected a list of seats 0–{n - 1}.")
    return set(hs)


def replay(cfg: Config, humans: set[int], moves: list[Any]) -> tuple[Game, int]:
    """Rebuild a game from its seed and the human seats' moves; the computer plays the rest."""
    g = Game(cfg)
    i = 0
    auto = 0
    for _ in range(cfg.max_turns * 4 + MAX_AUTO):
        if g.is_terminal():
            break
        if g.current not in humans or auto > 0:
            if g.current in humans:
                auto -= 1
            g.apply(policy(g))
            continue
        if i >= len(moves):
            break
        m = moves[i]
        if isinstance(m, str) and m.startswith("auto:") and m[5:].isdigit() and 0 < int(m[5:]) <= MAX_AUTO:
            auto = int(m[5:])
            i += 1
            continue
        if not isinstance(m, str) or m not in g.legal_actions():
            legal = ", ".join(g.legal_actions())
            raise ApiError("bad_move", f"第 {i + 1} 步“{str(m)[:40]}”不合规则。可走：{legal}。", f"Move {i + 1} '{str(m)[:40]}' is not legal here. Legal: {legal}.")
        g.apply(m)
        i += 1
    if i < len(moves):
        raise ApiError("bad_move", f"第 {i + 1} 步之后对局已结束或不轮到人，多余的步数无法执行。", f"The game ended (or no human seat was due) before move {i + 1}; the remaining moves cannot be played.")
    return g, i


def view(g: Game, humans: set[int], tail: int) -> dict[str, Any]:
    n = g.n
    waiting = not g.is_terminal() and g.current in humans
    legal: list[dict[str, Any]] = []
    if waiting:
        if g.pending:
            legal = [{"action": o.action, "zh": o.zh, "en": o.en, "chance": _frac(o.chance), "zhu": o.zhu} for o in g.pending]
        else:
            legal = [
                {"action": "throw", "zh": "掷色", "en": "Throw", "chance": 1.0, "zhu": 0},
                {"action": "drop1", "zh": "掷色（掉一颗）", "en": "Throw, one die out of the bowl", "chance": 1.0, "zhu": 0},
                {"action": "drop2", "zh": "掷色（掉两颗）", "en": "Throw, two dice out of the bowl", "chance": 1.0, "zhu": 0},
            ]
    out: dict[str, Any] = {
        "players": n,
        "seats": [{"zh": seat_zh(s), "en": seat_en(s), "human": s in humans} for s in range(n)],
        "phase": g.phase,
        "current": g.current,
        "turn": g.turn_no,
        "round": g.round_no,
        "pool": dict(g.pool),
        "pool_zhu": g.pool_zhu(),
        "holdings": [dict(h) for h in g.holdings],
        "zhu": [g.zhu(s) for s in range(n)],
        "idle": list(g.idle),
        "banker": g.banker,
        "straights": g.straight_count,
        "pending_dice": list(g.pending_dice) if g.pending_dice else None,
        "last_dice": list(g.last_dice) if g.last_dice else None,
        "last_svg": dice_svg(g.last_dice) if g.last_dice else None,
        "waiting_for": g.current if waiting else None,
        "legal": legal,
        "log": [{"turn": e.turn, "seat": e.seat, "zh": e.zh, "en": e.en, "dice": list(e.dice) if e.dice else None} for e in g.log[-tail:]],
        "log_length": len(g.log),
        "terminal": g.is_terminal(),
        "end": g.end_reason,
        "break_even": _frac(break_even(n, g.rules)),
    }
    if g.is_terminal():
        out["net"] = [_frac(x) for x in g.settlement()]
        out["bowl_winner"] = g.bowl_winner
    return out


def _play(req: dict[str, Any]) -> dict[str, Any]:
    cfg = _config(req)
    humans = _humans(req, cfg.players)
    moves = get_list(req, "moves", [], max_len=MAX_MOVES)
    tail = get_int(req, "log_tail", 60, lo=0, hi=MAX_LOG_TAIL)
    lang = get_str(req, "lang", "zh", choices=("zh", "en"))
    g, used = replay(cfg, humans, moves)
    out = view(g, humans, tail)
    out["moves_used"] = used
    out["pool_svg"] = sticks_svg(lang, g.pool)
    return out


def _simulate(req: dict[str, Any]) -> dict[str, Any]:
    cfg = _config(req)
    games = get_int(req, "games", 20, lo=1, hi=MAX_SIM_GAMES)
    series = req.get("series", True)
    if not isinstance(series, bool):
        raise bad("series", "应为 true 或 false。", "expected true or false.")
    results = []
    pb = cfg.previous_banker
    for k in range(games):
        g = Game(Config(cfg.players, cfg.seed + k, cfg.rules, cfg.drop_chance, pb if series else None, cfg.max_turns))
        for _ in range(cfg.max_turns * 3):
            if g.is_terminal():
                break
            g.apply(policy(g))
        results.append({"seed": cfg.seed + k, "end": g.end_reason, "banker": g.banker, "turns": g.turn_no, "zhu": [g.zhu(s) for s in range(g.n)], "net": [_frac(x) for x in g.settlement()]})
        pb = g.banker if g.banker is not None else pb
    ends: dict[str, int] = {}
    for r in results:
        ends[r["end"]] = ends.get(r["end"], 0) + 1
    return {
        "players": cfg.players,
        "games": results,
        "break_even": _frac(break_even(cfg.players, cfg.rules)),
        "ends": ends,
        "mean_turns": round(sum(r["turns"] for r in results) / len(results), 2),
        "next_previous_banker": pb,
    }


def _options(req: dict[str, Any]) -> dict[str, Any]:
    from .trace import OPTIONS

    return {"options": [{"id": o.id.removeprefix("dawei."), "trace_id": o.id, "zh": o.zh, "en": o.en, "choices": list(o.choices), "default": o.default, "note": o.note} for o in OPTIONS]}


ACTIONS = {
    "classify": _classify,
    "roll": _roll,
    "patterns": _patterns,
    "split": _split,
    "play": _play,
    "simulate": _simulate,
    "options": _options,
}


EXAMPLES = [
    {"request": {"game": "dawei", "action": "classify", "dice": [3, 3, 3, 3, 4, 2]}, "zh": "判定一掷：四黑得鹰挂一红（鹰加一鸡）。", "en": "Classify a throw: four blacks and one red — an eagle and a chicken."},
    {"request": {"game": "dawei", "action": "classify", "dice": [4, 4, 4, 1, 1, 3], "options": {"red_five_gold": "one_two_two"}}, "zh": "规则选项：红五金只认一幺两二时，三红加幺幺三只是马鹿。", "en": "A rule option: if red five gold takes only 1+2+2, three reds with 1, 1, 3 are just a deer."},
    {"request": {"game": "dawei", "action": "roll", "seed": 7}, "zh": "掷六颗色子并判定（给定种子可重现）。", "en": "Throw six dice and classify them (a seed makes it repeatable)."},
    {"request": {"game": "dawei", "action": "patterns"}, "zh": "全部正掷色面及其在 46,656 种掷法中的次数。", "en": "Every main-phase pattern and how many of the 46,656 ordered throws show it."},
    {"request": {"game": "dawei", "action": "split", "first": [5, 5, 5, 1, 2, 4], "second": [5, 1, 1, 2, 3, 6], "choice": "eagle_triple:5"}, "zh": "分掷：三黑分一黑，第二色有一颗五点，得鹰。", "en": "Split phase: three blacks then one — the second throw shows a five, an eagle."},
    {"request": {"game": "dawei", "action": "play", "players": 3, "seed": 1, "humans": [0], "moves": ["throw"], "log_tail": 5}, "zh": "对局：甲为人，其余由电脑掷；给出签池、各家所得与日志。", "en": "A game: seat A is human, the computer throws for the others; shows the pool, holdings and log."},
    {"request": {"game": "dawei", "action": "simulate", "players": 6, "games": 3, "seed": 1}, "zh": "模拟三局六人打围（上局庄家得二牲），给出各家输赢。", "en": "Simulate three six-player games in a row (the last banker takes the two beasts); each seat's result."},
    {"request": {"game": "dawei", "action": "options"}, "zh": "全部规则选项（来源不明之处）。", "en": "Every rule option (where the source is open)."},
]
