"""API actions of 鄂南骨牌 (``"game": "gupai"``).

Every action is bounded: at most 32 tiles, four plays to compare, 32 moves in
a hand (each lays at least one tile), and the computer players make one pass
over the legal moves per move.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from ..errors import ApiError
from ..validate import bad, get_bool, get_config, get_int, get_list, get_optional_int
from .config import CHOICES, GupaiConfig, config_from
from .hand import MAX_MOVES, Move, State, deal, play_out
from .plays import Play, beats, classify, family_en, family_zh
from .scoring import can_seal, jie, settle, total_dun
from .svg import tile_svg
from .tiles import BY_CODE, CLASS_EN, CLASS_ZH, FACES, PLAYERS, InvalidTiles, check_possible, parse_tile, sort_tiles

MAX_SEED = 2**63 - 1


def _cfg(req: dict[str, Any]) -> GupaiConfig:
    return get_config(req, config_from, CHOICES)


def _seed(req: dict[str, Any]) -> int:
    s = get_optional_int(req, "seed", lo=0, hi=MAX_SEED)
    return random.SystemRandom().randrange(2**53) if s is None else s


def _tiles(x: Any, name: str, max_len: int = 8) -> tuple[str, ...]:
    if not isinstance(x, list) or not (1 <= len(x) <= max_len):
        raise bad(name, f"应为 1–{max_len} 张骨牌的列表。", f"expected a list of 1 to {max_len} tiles.")
    try:
        return tuple(parse_tile(t) for t in x)
    except InvalidTiles as e:
        raise ApiError(e.code, e.zh, e.en)


def _check(codes: list[str]) -> None:
    try:
        check_possible(codes)
    except InvalidTiles as e:
        raise ApiError(e.code, e.zh, e.en)


def play_json(p: Play | None, tiles: tuple[str, ...] = ()) -> dict[str, Any]:
    if p is None:
        return {"tiles": list(tiles), "legal": False, "family": None, "rank": None,
                "zh": "不成牌（不能明出）", "en": "not a play (cannot be laid face up)"}
    return {"tiles": list(p.tiles), "legal": True, "family": p.family, "rank": p.rank, "zh": p.zh, "en": p.en,
            "family_zh": family_zh(p.family), "family_en": family_en(p.family)}


def _tiles_action(req: dict[str, Any]) -> dict[str, Any]:
    width = get_int(req, "width", 36, lo=12, hi=120)
    lang = "en" if req.get("lang") == "en" else "zh"
    out = []
    for f in FACES:
        out.append({
            "code": f.code, "zh": f.zh, "en": f.en, "class": f.cls, "class_zh": CLASS_ZH[f.cls], "class_en": CLASS_EN[f.cls],
            "rank": f.rank, "kind": f.kind, "copies": f.copies, "points": f.points, "red_pips": f.red,
            "top": {"pips": f.top.pips, "colours": "".join(f.top.colours)},
            "bottom": {"pips": f.bottom.pips, "colours": "".join(f.bottom.colours)},
            "svg": tile_svg(f.code, width, lang),
        })
    return {"tiles": out, "count": sum(f.copies for f in FACES), "back": tile_svg("66", width, lang, face_up=False)}


def _compare(req: dict[str, Any]) -> dict[str, Any]:
    raw = get_list(req, "plays", min_len=2, max_len=PLAYERS)
    plays: list[tuple[tuple[str, ...], bool]] = []
    for i, x in enumerate(raw):
        up = True
        if isinstance(x, dict):
            up = x.get("up", True)
            if not isinstance(up, bool):
                raise bad("plays", "“up”应为 true 或 false。", "'up' must be true or false.")
            x = x.get("tiles")
        plays.append((_tiles(x, "plays", 4), up))
    _check([t for ts, _ in plays for t in ts])
    lead_tiles, lead_up = plays[0]
    lead = classify(lead_tiles)
    if lead is None or not lead_up:
        raise ApiError("bad_lead", "第一手（领出）须是明出的单张、一对、至尊或套子。",
                       "The first play (the lead) must be a face-up single, pair, supreme pair or set.")
    out = [dict(play_json(lead), up=True, beats_best=None)]
    best = 0
    best_play = lead
    for i, (ts, up) in enumerate(plays[1:], 1):
        if len(ts) != len(lead_tiles):
            raise bad("plays", f"第 {i + 1} 手张数不同：跟牌须与领出同样张数。", f"play {i + 1} has a different size: follow with as many tiles as the lead.")
        p = classify(ts) if up else None
        wins = bool(p is not None and beats(p, best_play))
        if up and p is None:
            raise bad("plays", f"第 {i + 1} 手明出却不成牌；不成牌只能扣下垫掉（up: false）。",
                      f"play {i + 1} is face up but is no play; such tiles can only be discarded face down (up: false).")
        out.append(dict(play_json(p, sort_tiles(ts)), up=up, beats_best=wins))
        if wins:
            best, best_play = i, p  # type: ignore[assignment]
    return {"plays": out, "winner": best, "dun": len(lead_tiles)}


def _deal(req: dict[str, Any]) -> dict[str, Any]:
    seed = _seed(req)
    dealer = get_int(req, "dealer", 0, lo=0, hi=3)
    d = deal(seed, dealer)
    return {"seed": seed, "dealer": dealer, "stacks": [list(s) for s in d.stacks],
            "hands": [list(h) for h in d.hands], "can_seal": [can_seal(h) for h in d.hands]}


def _move_of(x: Any, i: int) -> Move:
    if isinstance(x, list):
        return Move(_tiles(x, "moves", 3), True)
    if isinstance(x, dict):
        up = x.get("up", True)
        if not isinstance(up, bool):
            raise bad("moves", f"第 {i + 1} 步的“up”应为 true 或 false。", f"move {i + 1}: 'up' must be true or false.")
        return Move(_tiles(x.get("tiles"), "moves", 3), up)
    raise bad("moves", f"第 {i + 1} 步应为骨牌列表或 {{tiles, up}}。", f"move {i + 1} must be a list of tiles or {{tiles, up}}.")


def _state_json(st: State, human: int | None) -> dict[str, Any]:
    show_all = human is None or st.terminal
    tricks = []
    for t in st.tricks:
        tricks.append({"leader": t.leader, "winner": t.winner, "dun": t.dun,
                       "moves": [{"seat": s, "tiles": list(m.tiles) if (m.up or show_all or s == human) else ["back"] * len(m.tiles),
                                  "up": m.up} for s, m in t.moves]})
    current = [{"seat": s, "tiles": list(m.tiles) if (m.up or show_all or s == human) else ["back"] * len(m.tiles), "up": m.up}
               for s, m in st.current]
    legal = [{"tiles": list(m.tiles), "up": m.up} for m in st.legal()] if (not st.terminal and (human is None or st.to_move == human)) else []
    ans: dict[str, Any] = {
        "hands": [list(h) if (show_all or s == human) else None for s, h in enumerate(st.hands)],
        "counts": [len(h) for h in st.hands],
        "dealt": [list(h) for h in st.deal.hands] if show_all else None,
        "to_move": None if st.terminal else st.to_move,
        "leader": st.leader,
        "current": current,
        "tricks": tricks,
        "held": list(st.held),
        "legal": legal,
        "terminal": st.terminal,
        "total_dun": total_dun(st.config),
    }
    s = st.settlement()
    if s is not None:
        ans["settlement"] = {"closer": s.closer, "held": list(s.held), "nets": list(s.nets), "bama": s.bama,
                             "multiplier": s.multiplier,
                             "jie": jie(s.held[s.closer]) if s.bama is None else None}
    return ans


def _play(req: dict[str, Any]) -> dict[str, Any]:
    seed = _seed(req)
    dealer = get_int(req, "dealer", 0, lo=0, hi=3)
    human = get_optional_int(req, "human", lo=0, hi=3)
    cfg = _cfg(req)
    raw = get_list(req, "moves", [], max_len=MAX_MOVES)
    moves = [_move_of(x, i) for i, x in enumerate(raw)]
    st = State.start(seed, dealer, cfg)
    for i, m in enumerate(moves):
        if st.terminal:
            raise bad("moves", f"第 {i + 1} 步：这一盘已经打完。", f"move {i + 1}: the hand is already over.")
        if human is not None and st.to_move != human:
            st = play_out(st, (), human)
        why = st.why_illegal(m)
        if why is not None:
            raise ApiError("illegal_move", f"第 {i + 1} 步不合规则：{why[0]}", f"Move {i + 1} is not allowed: {why[1]}")
        st = st.apply(m)
    st = play_out(st, (), human)
    ans = {"seed": seed, "dealer": dealer, "human": human, "options": {k: getattr(cfg, k) for k in CHOICES}}
    ans.update(_state_json(st, human))
    return ans


def _settle(req: dict[str, Any]) -> dict[str, Any]:
    cfg = _cfg(req)
    held_raw = get_list(req, "held", min_len=PLAYERS, max_len=PLAYERS)
    if any(isinstance(h, bool) or not isinstance(h, int) or h < 0 for h in held_raw):
        raise bad("held", "应为四个非负整数。", "expected four non-negative whole numbers.")
    held = tuple(int(h) for h in held_raw)
    closer = get_int(req, "closer", lo=0, hi=3)
    total = total_dun(cfg)
    if sum(held) != total:
        raise bad("held", f"四人的墩数合计应为 {total}。", f"the four counts must add up to {total}.")
    if held[closer] < 1:
        raise bad("closer", "结牌者至少得了最后一墩。", "the closer holds at least the last trick.")
    sealed_raw = get_list(req, "sealed", [], max_len=3)
    if any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s <= 3 or held[s] != 0 or s == closer for s in sealed_raw):
        raise bad("sealed", "封墩者应为未得墩、未结牌的座位（0–3）。", "sealed seats must be seats 0–3 holding no 墩 and not closing.")
    tiles: tuple[str, ...] = ()
    if "closer_tiles" in req:
        tiles = _tiles(req["closer_tiles"], "closer_tiles", 8)
        _check(list(tiles))
    contested = get_bool(req, "contested", True)
    s = settle(held, closer, cfg, tiles, contested, tuple(sorted(set(sealed_raw))))
    return {"held": list(s.held), "closer": s.closer, "nets": list(s.nets), "bama": s.bama, "multiplier": s.multiplier,
            "jie": jie(held[closer]) if s.bama is None else None, "sealed": list(s.sealed),
            "options": {k: getattr(cfg, k) for k in CHOICES}}


ACTIONS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "tiles": _tiles_action,
    "compare": _compare,
    "deal": _deal,
    "play": _play,
    "settle": _settle,
}

EXAMPLES: list[dict[str, Any]] = [
    {"request": {"game": "gupai", "action": "tiles", "width": 36},
     "zh": "全副 21 种牌面（32 张）的门类、大小、红黑点子与 SVG。", "en": "The 21 faces (32 tiles): class, rank, red and black pips, SVG."},
    {"request": {"game": "gupai", "action": "compare", "plays": [["33", "33"], ["22", "22"], {"tiles": ["65", "51"], "up": False}, ["44", "44"]]},
     "zh": "一圈对子：一对长三领出，一对人牌吃下；扣下的牌不算。", "en": "A trick of pairs: long threes led, Man pair takes it; the face-down discard does not count."},
    {"request": {"game": "gupai", "action": "compare", "plays": [["66", "54"], ["21", "24"]]},
     "zh": "至尊大过天九。", "en": "The supreme pair beats Heaven-nine."},
    {"request": {"game": "gupai", "action": "deal", "seed": 1120},
     "zh": "按种子洗牌码成 16 叠，四人各抓 8 张。", "en": "Shuffle from a seed into 16 stacks; four players draw 8 tiles each."},
    {"request": {"game": "gupai", "action": "play", "seed": 1120},
     "zh": "四家都由电脑打完一盘：每圈、墩数、结牌与结算。", "en": "The computer plays all four seats for a whole hand: tricks, 墩, the close and the settlement."},
    {"request": {"game": "gupai", "action": "play", "seed": 1120, "human": 0, "moves": []},
     "zh": "人坐 0 号位：返回手牌与可出的牌，等待第一步。", "en": "A person in seat 0: their hand and legal moves, waiting for the first move."},
    {"request": {"game": "gupai", "action": "settle", "held": [3, 0, 1, 4], "closer": 3},
     "zh": "原有三墩再用一张天牌结牌：四结八；其余三家对四墩保门结算。", "en": "Holding three and closing with one Heaven: 四结8; the others settle against four."},
    {"request": {"game": "gupai", "action": "settle", "held": [6, 2, 4, 4], "closer": 0, "options": {"dun": "stack"}},
     "zh": "另一读法（两张一墩，一盘十六墩）下的结算：输赢不再相抵。", "en": "Settlement under the other reading (two tiles per 墩, sixteen a hand): the nets no longer balance."},
    {"request": {"game": "gupai", "action": "settle", "held": [8, 0, 0, 0], "closer": 0, "closer_tiles": ["66", "66", "11", "11", "44", "44", "21", "24"]},
     "zh": "红八马：赢家牌里有赏，另三家出四倍。", "en": "Red 八马: the winner holds a shang; the other three pay four times."},
]
