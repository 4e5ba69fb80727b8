"""API actions of 跑胡子 (``"game": "paohuzi"``). Every input is capped; bad input → ApiError."""

from __future__ import annotations

from dataclasses import replace

from typing import Any

from ..budget import BUDGET, size
from ..errors import ApiError
from ..text import unsafe_message
from ..validate import bad, get_bool, get_dict, get_int, get_list, get_str, given
from ..words import capitalize
from .arrange import arrange
from .cards import COPIES, FACES, Card, counts_of, parse_card
from .config import DEFAULT, RuleConfig
from .fan import FANS, clash, deng, fan_json
from .groups import KINDS, Group, group_json
from .hu import DECLARED_FOULS, OPEN_KINDS, SOURCES, Verdict, evaluate, waiting
from .json_helpers import reasons_json, win_json
from .request import config_of, read_config, read_play_request
from .seating import table_config
from .settle import PENALTY_NAMES, PLAYERS, SEATS, settle
from .state import new_hand, table_state
from .trace import OPTIONS
from .xiaguan import VARIANTS, variant_options
from .play import play, hand_base_cost, match_base_cost, played_moves
from ..protocol.strong import STRONG_UNITS, read_level
from ..record import write, read_text_of
from .records import sheet_position, PaohuziSheetState
from .sheet import SheetError, compute, csv_text, entry_json, form_words, match_from_json, not_on_a_sheet, history_from_json, history_json, history_of_tag, history_tag
from .strong import paohuzi_seats, PAOHUZI_SEATS_UNITS

MAX_HAND = 30  # arrange: any set of cards
MAX_CONCEALED = 21  # hu / waiting: twenty dealt, plus the dealer's turned-up card
MAX_OPEN = 12


def _card(v: Any, name: str) -> Card:
    c = parse_card(v) if isinstance(v, str) else None
    if c is None:
        zh, en = given(v)
        raise bad(
            name,
            f"{zh}不是牌。用 x1–x10（小字）、d1–d10（大字）或汉字 一…十、壹…拾。",
            f"{capitalize(en)} is not a card. Use x1–x10 (small), d1–d10 (big) or the characters 一…十, 壹…拾.",
        )
    return c


def _cards(req: dict[str, Any], name: str, max_len: int = MAX_HAND, min_len: int = 0) -> list[Card]:
    return [_card(v, name) for v in get_list(req, name, min_len=min_len, max_len=max_len)]


def _check_copies(cards: list[Card]) -> None:
    n = counts_of(cards)
    over = [FACES[i] for i, k in enumerate(n) if k > COPIES]
    if over:
        c = over[0]
        raise ApiError("too_many_copies", f"{c.zh}超过四张：每种牌只有四张。", f"More than four of {c.en}: there are four of each card.")


def _open_groups(req: dict[str, Any]) -> list[Group]:
    out = []
    for k, item in enumerate(get_list(req, "open", [], max_len=MAX_OPEN)):
        if not isinstance(item, dict):
            raise bad("open", "每个明牌组应为对象 {kind, cards}。", "each open group must be an object {kind, cards}.")
        kind = get_str(item, "kind", choices=OPEN_KINDS)
        cards = _cards(item, "cards", max_len=4, min_len=3)
        need = KINDS[kind].size
        if len(cards) != need:
            raise bad("open", f"第 {k + 1} 组（{KINDS[kind].zh}）应有 {need} 张牌。", f"group {k + 1} ({kind}) needs {need} cards.")
        out.append(Group.of(kind, cards, True))
    return out


def _variant_config(req: dict[str, Any]) -> RuleConfig:
    """The rules a hand is judged under: 跑胡子's, or the table's 下灌字牌 (``"variant": "xiaguan"``: its pairs, one for
    each 开招), under the request's options (an option the variant does not read is refused)."""
    return config_of(req, get_str(req, "variant", "paohuzi", choices=tuple(VARIANTS)))


def _hand_request(req: dict[str, Any]) -> tuple[list[Group], list[Card], RuleConfig]:
    cfg = _variant_config(req)
    open_groups = _open_groups(req)
    hand = _cards(req, "hand", max_len=MAX_CONCEALED)  # cards only ever leave a hand after the deal
    return open_groups, hand, cfg


def a_arrange(req: dict[str, Any]) -> dict[str, Any]:
    cfg = _variant_config(req)
    cards = _cards(req, "cards")
    _check_copies(cards)
    got = arrange(cards, cfg)
    return {
        "cards": [c.code for c in sorted(cards)],
        "huxi": None if got is None else got[0],
        "groups": [] if got is None else [group_json(g, cfg) for g in got[1]],
    }


def a_deng(req: dict[str, Any]) -> dict[str, Any]:
    cfg = read_config(req)
    return {"deng": deng(get_int(req, "huxi", lo=0, hi=10_000), cfg)}


def a_hu(req: dict[str, Any]) -> dict[str, Any]:
    open_groups, hand, cfg = _hand_request(req)
    card = _card(req.get("card"), "card")
    source = get_str(req, "source", "self", choices=SOURCES)
    fouls = [get_str({"fouls": f}, "fouls", choices=DECLARED_FOULS) for f in get_list(req, "fouls", [], max_len=5)]
    _check_copies([c for g in open_groups for c in g.cards] + hand + [card])
    # discards skipped because the hand was empty (notes#empty-hand): the hand holds one card more for each
    bare = get_int(req, "skipped", 0, lo=0, hi=4)
    if bare:
        cfg = replace(cfg, hand_size=cfg.hand_size + bare)
    try:
        v: Verdict = evaluate(open_groups, hand, card, source, cfg, fouls)
    except ValueError:
        raise bad("open", "明牌组的牌不能组成所说的牌型。", "an open group's cards do not form the kind given.") from None
    out: dict[str, Any] = {"wins": v.wins, "reasons": reasons_json(v.reasons, cfg, v.best), "threshold": cfg.threshold}
    out["count"] = {"cards": len(hand) + sum(len(g.cards) for g in open_groups) + 1, "dealt": cfg.hand_size}
    out["best"] = None if v.best is None else win_json(v.best, cfg)
    return out


def a_waiting(req: dict[str, Any]) -> dict[str, Any]:
    open_groups, hand, cfg = _hand_request(req)
    _check_copies([c for g in open_groups for c in g.cards] + hand)
    try:
        ws = waiting(open_groups, hand, cfg)
    except ValueError:
        raise bad("open", "明牌组的牌不能组成所说的牌型。", "an open group's cards do not form the kind given.") from None
    return {
        "ready": bool(ws),
        "waits": [
            {
                "card": f.code,
                "self": None if a is None else win_json(a, cfg),
                "other": None if b is None else win_json(b, cfg),
            }
            for f, a, b in ws
        ],
    }


def a_settle(req: dict[str, Any]) -> dict[str, Any]:
    cfg = read_config(req)
    winner_v = req.get("winner")
    winner = None if winner_v is None else get_str(req, "winner", choices=PLAYERS)
    huxi = get_int(req, "huxi", lo=0, hi=200) if winner is not None else get_int(req, "huxi", 0, lo=0, hi=200)
    self_drawn = get_bool(req, "self_drawn", False)
    fans = [get_str({"fan": f}, "fan", choices=tuple(FANS)) for f in get_list(req, "fan", [], max_len=4)]
    pens = []
    for p in get_list(req, "penalties", [], max_len=20):
        if not isinstance(p, dict):
            raise bad("penalties", "每项罚则要说明谁被罚（庄家、下家或上家）和罚的是哪一种。", "each penalty says who is penalised (a seat) and for which fault.")
        pens.append((get_str(p, "seat", choices=PLAYERS), get_str(p, "kind", choices=tuple(PENALTY_NAMES))))
    pair = clash(fans)
    if pair is not None:
        raise ApiError("fan_clash", *_clash_words(*pair))
    table = get_str(req, "table", "four", choices=("four", "three", "two"))
    cfg = table_config(cfg, table)[0]  # the table's own rules (two players: 21 戏 to win), as ``play`` deals them
    seats = {"four": SEATS, "three": PLAYERS, "two": PLAYERS[:2]}[table]
    if winner is not None and winner not in seats or any(p not in seats for p, _ in pens):
        raise bad("winner", "这一桌没有这个座位：三人局没有醒家，二人局只有庄家和下家。", "that seat is not at this table: three players have no counter, two have only the dealer and the next player.")
    try:
        sheet = settle(winner, huxi, self_drawn, fans, pens, cfg, seats)
    except ValueError:
        raise ApiError("fan_clash", "这几种番不能同时成立：一手牌按红牌张数至多有一种颜色番。请只选一种。",
                       "These fan cannot all hold at once: a hand has at most one colour by its red cards. Choose one.") from None
    return {
        "scores": sheet.scores,
        "total": sheet.total_huxi,
        "deng": sheet.deng,
        "fan": fan_json(sheet.fans),
        "multiplier": sheet.multiplier,
        "hu_valid": sheet.hu_valid,
        "lines": [{"zh": ln.zh, "en": ln.en, "delta": dict(ln.delta)} for ln in sheet.lines],
        "seats": list(seats),
    }


def _clash_words(a: str, b: str) -> tuple[str, str]:
    """Why two 番 cannot be claimed together, as a sentence for the reader."""
    fa, fb = FANS[a], FANS[b]
    zh = f"{fa.zh}和{fb.zh}不能同时成立：{fa.zh}是{fa.zh_rule}，{fb.zh}是{fb.zh_rule}，一手牌不会两样都是。请去掉其中一个。"
    en = (f"{fa.en.capitalize()} ({fa.zh}) and {fb.en} ({fb.zh}) cannot both hold: {fa.en} means {fa.en_rule}, "
          f"{fb.en} means {fb.en_rule}, and no hand is both. Leave one of them out.")
    return zh, en


def a_fans(req: dict[str, Any]) -> dict[str, Any]:
    """Every 番 with its multiplier and rule, and which others it cannot be claimed with (and why)."""
    out = []
    for f in FANS.values():
        excl = [o for o in FANS if o != f.id and clash([f.id, o]) is not None]
        out.append({
            "id": f.id, "zh": f.zh, "en": f.en, "multiplier": f.multiplier, "rule": {"zh": f.zh_rule, "en": f.en_rule},
            "excludes": [{"id": o, "zh": _clash_words(f.id, o)[0], "en": _clash_words(f.id, o)[1]} for o in excl],
        })
    return {"fans": out}


def a_faces(req: dict[str, Any]) -> dict[str, Any]:
    cards = _cards(req, "cards", max_len=40) if "cards" in req else list(FACES)
    height = get_int(req, "height", 90, lo=20, hi=400)
    lesson = get_bool(req, "lesson", False)
    # the hand editor's bounds: cards a group of each open kind holds, and the most cards and open groups a hand is read with
    sizes = {k: KINDS[k].size for k in OPEN_KINDS}
    # the cards as the views draw them (``views.draw.paohuzi``): at ``height`` CSS px, as in the lessons where ``lesson``
    return {"hand_size": DEFAULT.hand_size, "cards": [c.code for c in cards], "height": height, "lesson": lesson, "names": {c.code: {"zh": c.zh, "en": c.en, "char": c.char, "red": c.red} for c in cards},
            "group_sizes": sizes, "limits": {"hand": MAX_CONCEALED, "open": MAX_OPEN}}


def a_deal(req: dict[str, Any]) -> dict[str, Any]:
    """A hand dealt from a seed at the table of three, as it was dealt (the state's :class:`Opening`): each seat's
    cards and 提 shown, the 亮张, who may win on it, and the opening moves open (起手胡, then the 跑 or the 收张)."""
    cfg = read_config(req)
    seed = get_int(req, "seed", lo=0, hi=2**32)
    o = new_hand(seed, cfg, "three").opening
    assert o.liang is not None  # (跑胡子's deal always turns a card up: the options do not change the deal)
    liang = o.liang.code
    after = [{"seat": PLAYERS[o.pao], "kind": "pao", "card": liang}] if o.pao is not None else [
        {"seat": PLAYERS[0], "kind": "shou", "card": c.code} for c in o.shou]
    return {
        "seed": seed,
        "seats": {p: {"hand": [c.code for c in o.hands[k]], "open": [group_json(Group.of("ti", [c] * 4, True), cfg) for c in o.ti[k]]}
                  for k, p in enumerate(PLAYERS)},
        "liang": liang,
        "stock": len(o.stock),
        "qishou": {p: k in o.hu for k, p in enumerate(PLAYERS)},
        "actions": [{"seat": PLAYERS[k], "kind": "hu", "card": liang} for k in sorted(o.hu)] + after,
    }


def a_options(req: dict[str, Any]) -> dict[str, Any]:
    variant = get_str(req, "variant", "paohuzi", choices=tuple(VARIANTS))
    mine = variant_options(variant)  # 下灌字牌 offers only the options it reads
    return {
        # each option: its question, its readings as ids and in words, the default and the note
        "options": [o.json() for o in OPTIONS if o.id.split(".", 1)[1] in mine]
    }


ACTIONS = {
    "arrange": a_arrange,
    "deng": a_deng,
    "hu": a_hu,
    "waiting": a_waiting,
    "settle": a_settle,
    "faces": a_faces,
    "options": a_options,
    "deal": a_deal,
    "fans": a_fans,
}

_READY = ["d1", "d2", "d3", "x1", "x2", "x3", "x2", "x7", "x10", "d5", "d5", "d5", "x4", "x5", "x6", "d8", "d8", "x9", "x9", "d9"]

EXAMPLES = [
    {
        "request": {"game": "paohuzi", "action": "arrange", "cards": ["d1", "d2", "d3", "x2", "x7", "x10", "d5", "d5", "d5", "x8", "x8"]},
        "zh": "排出一手暗牌胡息最多的牌型：三张相同必成坎，对子至多一个。",
        "en": "The arrangement of concealed cards with the most huxi: three alike always a kan, at most one pair.",
    },
    {"request": {"game": "paohuzi", "action": "deng", "huxi": 21}, "zh": "戏折等：21 戏为 3 等。", "en": "Huxi to deng: 21 huxi is 3 deng."},
    {
        "request": {"game": "paohuzi", "action": "hu", "hand": _READY, "card": "x8", "source": "self"},
        "zh": "落轿的牌自摸一张小八：能否胡、怎样胡、多少戏、几等、什么番。",
        "en": "A ready hand draws a small 8 itself: does it win, how, for how many huxi, deng and fan.",
    },
    {
        "request": {"game": "paohuzi", "action": "waiting", "hand": _READY},
        "zh": "落轿的牌在等哪些牌，各值多少。",
        "en": "Which cards a ready hand waits for, and what each is worth.",
    },
    {
        "request": {
            "game": "paohuzi",
            "action": "settle",
            "winner": "shang",
            "huxi": 18,
            "self_drawn": True,
            "fan": ["red"],
            "penalties": [{"seat": "zhuang", "kind": "shi_ti"}],
        },
        "zh": "书中例子：庄家失提，上家 18 戏自摸红胡。",
        "en": "The booklet's example: the dealer misses a ti, 上家 wins 18 huxi self-drawn with red hu.",
    },
    {"request": {"game": "paohuzi", "action": "deal", "seed": 7}, "zh": "按种子洗牌发牌：三方的牌、亮张、谁能起手胡、庄家可以怎样收张。", "en": "Shuffle and deal by a seed: the three hands, the turned-up card, who may win on it, how the dealer may take it."},
    {"request": {"game": "paohuzi", "action": "fans"}, "zh": "八种番、各自的倍数，以及哪些番不能同时成立（如红胡与黑胡）。", "en": "The eight fan, their multipliers, and which cannot hold together (such as red hu with black hu)."},
    {"request": {"game": "paohuzi", "action": "options"}, "zh": "规则选项：书中不明确之处的各种读法。", "en": "Rule options: the readings where the booklet is unclear."},
    {"request": {"game": "paohuzi", "action": "options", "variant": "xiaguan"}, "zh": "下灌字牌所用的规则选项：只列它和跑胡子共用、会改变它的那些。", "en": "The rule options of 下灌字牌 (Xiaguan zi pai): only those it shares with 跑胡子, each of which changes it."},
    {"request": {"game": "paohuzi", "action": "faces", "cards": ["x2", "d9"], "height": 60}, "zh": "牌面：每张牌的名字、红黑，和网页画牌的高度。", "en": "Card faces: each card's name and colour, and the height the pages draw them at."},
    {"request": {"game": "paohuzi", "action": "faces", "cards": ["x2", "D9"], "height": 144, "lesson": True}, "zh": "课程里的画法（网页照此画牌）：英文页另显阿拉伯数字和大小。", "en": "Faces drawn as in the lessons (the pages draw them so): English pages also show the Arabic numeral and big or small."},
]


# ---------------------------------------------------------------- play (engine/paohuzi/play.py)


def a_play(req: dict[str, Any]) -> dict[str, Any]:
    """Play a seeded hand (or match) of 跑胡子 or 下灌字牌; the answer's shape is in :mod:`engine.paohuzi.play`."""

    return play(req)


ACTIONS["play"] = a_play

EXAMPLES += [
    {
        "request": {"game": "paohuzi", "action": "play", "seed": 7, "table": "four"},
        "zh": "开一局四人局（三人打牌，醒家数醒），你坐庄家，另两家由电脑打：答出你看到的牌桌、你现在可走的每一步（带说明）和行牌记录。",
        "en": "Start a hand at a four-seat table (three play, the counter sits out) as the dealer against two computer players: the table as you see it, each move you may make now (with its label) and the log.",
    },
    {
        "request": {"game": "paohuzi", "action": "play", "seed": 7, "table": "four", "actions": [{"id": "discard:x9"}]},
        "zh": "同一局再走一步：打出小九。每次请求都从种子重放全部走法；不合规则的一步不执行，并说明违反了哪条规则。",
        "en": "The same hand one move on: discard the small 9. Every request replays all moves from the seed; a move that breaks a rule is not played and the answer names the rule.",
    },
    {
        "request": {"game": "paohuzi", "action": "play", "seed": 3, "table": "three", "computer": [0, 1, 2]},
        "zh": "三家都由电脑打的一整局三人局：逐步记录（每步注明书中的条目）和终局的积分表。",
        "en": "A whole three-player hand played by the computer for every seat: the log move by move (each with the booklet's section) and the final sheet.",
    },
    {
        "request": {"game": "paohuzi", "action": "play", "variant": "xiaguan", "seed": 3, "computer": [0, 1, 2]},
        "zh": "下灌字牌：同一台状态机，庄家抓 21 张，只吃上家打出的牌，实行下火规则。",
        "en": "Xiaguan zi pai on the same machine: the banker takes 21, only the upper seat's discard may be taken by chi, and the 下火 rule applies.",
    },
    {
        "request": {"game": "paohuzi", "action": "play", "seed": 11, "table": "four", "computer": [0, 1, 2], "birds": 1, "match": {"hands": 4}},
        "zh": "一场四局的比赛（摸庄、抢庄、积分表），另有一位打鸟者。",
        "en": "A match of four hands (drawing for seats, the winner deals next, the match sheet), with one bird betting.",
    },
]


def _play_cost(req: dict[str, Any]) -> int:
    # the hand is replayed from its seed: a whole hand (each hand of a match, a finished one carried whole for less),
    # plus each of the reader's moves checked; the computer seats at the strong level search one hand
    match = req.get("match")
    moves = size(req, "actions", 0, 10_000)
    seats_strong = req.get("level") == "strong"
    if isinstance(match, dict):
        hands = match.get("hands", 4)
        hands = hands if isinstance(hands, int) and not isinstance(hands, bool) and 1 <= hands <= 8 else 8
        base = match_base_cost(hands, moves, played_moves(match.get("played")), seats_strong)
    else:
        base = hand_base_cost(moves, seats_strong)
    if req.get("hint_level", req.get("level")) == "strong":  # the strong level's hint: what the budget leaves, at most its share
        return base + max(0, min(STRONG_UNITS["paohuzi"], BUDGET - base))
    return base


#: Work units per request, checked by engine.api before an action runs (a unit is
#: about a microsecond of CPython). Hands are capped (at most 30 cards, 21
#: concealed) and searches memoised, so most actions are bounded by a constant.
COSTS: dict[str, Any] = {
    "arrange": 100_000,
    "deng": 10_000,
    "hu": 200_000,
    "waiting": 500_000,
    "settle": 10_000,
    "faces": 10_000,
    "options": 2_000,
    "deal": 50_000,
    "fans": 10_000,
    "play": _play_cost,
}


# ---------------------------------------------------------------- the match sheet at a real table (engine/paohuzi/sheet.py)


def a_sheet(req: dict[str, Any]) -> dict[str, Any]:
    """A match sheet kept at a real table: the hands entered so far in, the booklet's sheet out
    (each hand's seats, 戏, 等, 番, fouls and points, the running totals, the ranking once the match
    is over), with the sheet as CSV and as a written record."""

    if "text" in req:  # a sheet kept as a record (a session saved on the device, a file imported)
        req = _sheet_request_of(req)
    cfg = read_config(req)

    for k in get_dict(req, "options", {}):
        why = not_on_a_sheet(str(k).split(".", 1)[-1])  # an option that changes nothing on a sheet is refused in words
        if why is not None:
            raise ApiError("option_not_applicable", *why)

    try:
        m = match_from_json(req, cfg)
        hist = history_from_json(req.get("history"), m)
    except SheetError as e:
        raise ApiError("bad_sheet", e.zh, e.en) from None
    out = compute(m)
    out["history"] = history_json(m, hist)
    out["entries"] = [entry_json(e) for e in m.entries]
    out["tiebreak"] = list(m.tiebreak)
    out["options"] = {str(k).split(".", 1)[-1]: str(v) for k, v in get_dict(req, "options", {}).items()}
    out["csv"] = csv_text(out)
    position = sheet_position(m)
    position["options"] = {str(k).split(".", 1)[-1]: str(v) for k, v in get_dict(req, "options", {}).items()}
    names = [str(x) for x in req.get("names", [])]
    n = len(out["players"])
    tags = {"Names": ";".join((names + [""] * n)[:n] + [f"鸟 {b + 1}" for b in range(m.birds)])} if any(names) or m.birds else {}
    if hist:
        tags["History"] = history_tag(hist)
    for f, tag in (("event", "Event"), ("site", "Site"), ("date", "Date")):
        v = req.get(f)
        why = unsafe_message(v) if isinstance(v, str) else None
        if why:
            zh, en = {"event": ("场合", "The event"), "site": ("地点", "The place"), "date": ("日期", "The date")}[f]
            raise ApiError("bad_sheet", f"{zh}{why[0]}", f"{en}: {why[1]}")
        if isinstance(v, str) and v and len(v) <= 200 and "\n" not in v:
            tags[tag] = v
    out["event"], out["date"] = tags.get("Event", ""), tags.get("Date", "")
    out["record"] = write(position, tags)
    if req.get("form") is True:  # the entry form's words and bounds, asked for once by the widget
        out["form"] = form_words()
    return out


ACTIONS["sheet"] = a_sheet


def _sheet_request_of(req: dict[str, Any]) -> dict[str, Any]:
    """The sheet action's request for a match sheet given as a record's text."""
    rec = read_text_of(req, "请给出积分表记录的文字。", "Give the text of the match sheet's record.")
    st = rec.state
    if not isinstance(st, PaohuziSheetState):
        raise ApiError("bad_record", "这份记录不是跑胡子的积分表。", "This record is not a 跑胡子 match sheet.")
    names = rec.tags.get("Names", "").split(";")[: {"four": 4, "three": 3, "two": 2}[st.m.table]] if "Names" in rec.tags else []
    out: dict[str, Any] = {"table": st.m.table, "birds": st.m.birds, "options": dict(st.setup["options"]), "names": names,
                           "hands": [entry_json(e) for e in st.m.entries], "over": st.m.over, "tiebreak": list(st.m.tiebreak)}
    for f, tag in (("event", "Event"), ("site", "Site"), ("date", "Date")):
        if tag in rec.tags:
            out[f] = rec.tags[tag]
    if rec.tags.get("History"):
        try:
            out["history"] = history_of_tag(rec.tags["History"], {"four": 4, "three": 3, "two": 2}[st.m.table])
        except SheetError as e:
            raise ApiError("bad_record", e.zh, e.en) from None
    return out


def _sheet_cost(req: dict[str, Any]) -> int:
    text = req.get("text")
    if isinstance(text, str):  # a record: read (each line settled, and arranged if given card by card), then as below
        lines, carded = min(text.count("\n", 0, 400_001), 200), min(text.count("card:", 0, 400_001), 200)
        return 100_000 + 5 * (4_000 * lines + 12_000 * carded)
    hands = req.get("hands")
    if not isinstance(hands, list):
        return 20_000
    carded = sum(1 for h in hands[:200] if isinstance(h, dict) and h.get("cards") is not None)
    # each hand is settled three times (checked, summed, written); a hand given card by card is arranged each time
    return 50_000 + 3 * (4_000 * min(len(hands), 200) + 12_000 * carded)


COSTS["sheet"] = _sheet_cost

EXAMPLES += [
    {
        "request": {"game": "paohuzi", "action": "sheet", "table": "four", "names": ["张三", "李四", "王五", "赵六"],
                    "hands": [{"winner": 3, "self_drawn": True, "huxi": 18, "fan": ["red"], "fouls": [{"player": 0, "kind": "shi_ti"}]},
                              {"winner": None}, {"winner": 0, "huxi": 21}],
                    "over": True},
        "zh": "在真实牌桌上记一场比赛的积分表：第一局是书中的例子（庄家失提，上家 18 戏自摸红胡），第二局荒牌，第三局 21 戏；答出每局的座位、等、番和得分，累计分、名次、CSV 和文字记录。",
        "en": "A match sheet kept at a real table: hand 1 is the booklet's example (the dealer misses a ti, the previous player wins 18 huxi self-drawn with red hu), hand 2 has no winner, hand 3 wins 21 huxi; the answer gives each hand's seats, deng, fan and points, the running totals, the ranking, a CSV and the written record.",
    },
]


# ---------------------------------------------------------------- what records ask of a game
# a table's hand written as a record, and a record opened at the table (engine.record.export reads these)


def table_position(req: dict[str, Any]) -> dict[str, Any]:
    """The written position of the table's ``play`` request (a single hand, not a match)."""

    if req.get("match") is not None:
        raise ApiError("no_record", "比赛的积分表请在“比赛记分表”页导出；这里导出的是单打的一局。",
                       "A match is exported from the match sheet page; this exports a single hand.")
    r = read_play_request(req)  # read as the play action reads it (its seed within SEED_MAX)
    level = read_level(req) if "level" in req else None  # the computer seats' level, as the play action reads it
    # the hand as the table plays it, through the game protocol: it stops at a refused move, as the play action
    # does; at the strong level its seats choose as the action's do
    st, _ = table_state(r, paohuzi_seats(r.seed, r.table, r.variant) if level == "strong" else None)
    return {**st.written(), **({"level": level} if level is not None else {})}


def table_replay(position: dict[str, Any], moves: list[str], seats: list[int | None], level: dict[str, Any]) -> dict[str, Any]:
    """What the table needs to replay a written position: the reader's moves (seat A)."""
    mine = [a for a, s in zip(moves, seats) if s == 0]
    return {"seed": position["seed"], "variant": position.get("variant", "paohuzi"), "table": position.get("table", "four"),
            "options": position.get("options") or {}, "moves": mine, **level}


def table_request(replay: dict[str, Any]) -> dict[str, Any]:
    """The ``play`` request of a table's replay: the reader's moves given as the action's move ids."""
    req = {"game": "paohuzi", "action": "play", **{k: v for k, v in replay.items() if k != "moves"}}
    req["actions"] = [{"id": m} for m in replay.get("moves", [])]
    return req


def export_cost(inner: dict[str, Any], inner_cost: int, plain_cost: int) -> int:
    """The work of writing the table's hand as a record (:mod:`engine.record.export`)."""
    if inner.get("level") == "strong" and inner.get("match") is None:

        # the computer seats replayed at the strong level (their work for the hand), without the hint the play action
        # adds; then the record written and read back (measured: the two together under a fifth of one plain replay)
        return 300_000 + plain_cost + PAOHUZI_SEATS_UNITS + plain_cost
    return 300_000 + inner_cost + 2 * plain_cost


def open_cost(text: str, replay_cost: int) -> int:
    """The work of opening a record of a hand at the table (:mod:`engine.record.export`)."""
    if '[Level "strong"]' in text[:4_000]:

        # the table's replay has its computer seats choose at the strong level (their work for the hand) and a
        # hand's plain replay besides (measured: the whole open of a 41-line record, under 1 M Python calls)
        return replay_cost + 200_000 + PAOHUZI_SEATS_UNITS
    return replay_cost + 400_000
