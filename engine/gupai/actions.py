"""API actions of 鄂南骨牌 (``"game": "gupai"``).

Every action is bounded: at most 32 tiles, four plays to compare, 32 moves in
a hand (each lays at least one tile), and the computer players make one pass
over the legal moves per move.
"""

from __future__ import annotations

import random
from typing import Any
from collections.abc import Callable

from ..errors import ApiError
from ..protocol import SEED_MAX, IllegalAction, seed_ok  # the seeds a written position (the strong level's) accepts too
from ..validate import bad, get_bool, get_config, get_int, get_list, get_optional_int, refuse_unsafe_text
from .config import CHOICES, DEFAULT, SETTLING, GupaiConfig, as_dict, config_from
from ..protocol.strong import STRONG_UNITS, read_level
from ..protocol.table import play_table
from .hand import MAX_MOVES, Move, deal
from .ledger import MAX_HANDS as LEDGER_MAX, Hand as LedgerHand, LedgerError, hand_words, parse_word, word as ledger_word, settle_hand
from .plays import Play, classify, family_en, family_zh, winner_of
from .records import GupaiLedgerState
from .state import GupaiState, move_id
from .strong import GUPAI_SEAT_UNITS, gupai_move
from .scoring import HEI_RUN, KINDS, SEATS_EN, SEATS_ZH, Facts, Settlement, can_seal, closer_line, hand_fault, jie, kind_of, settle, total_dun, why_not_seal
from .tiles import BY_CODE, CLASS_EN, CLASS_ZH, FACES, HAND_SIZE, PLAYERS, InvalidTiles, check_possible, parse_tile, sort_tiles
import re
from ..record import read_sheet_of, write_state
from ..record.sheet import corrections, history_tag, read_history
from .trace import OPTIONS



def _cfg(req: dict[str, Any]) -> GupaiConfig:
    return get_config(req, config_from, CHOICES)


#: a hand the engine deals when none is named is numbered below this (a number a reader can read and type)
NEW_SEEDS = 2**31


def _seed(req: dict[str, Any]) -> int:
    s = get_optional_int(req, "seed", lo=0, hi=SEED_MAX)
    return random.SystemRandom().randrange(NEW_SEEDS) if s is None else s


def _tiles(x: Any, name: str, max_len: int = 8) -> tuple[str, ...]:
    if not isinstance(x, list) or not (1 <= len(x) <= max_len):
        raise bad(name, f"应为 1 到 {max_len} 张骨牌。", f"give 1 to {max_len} tiles.")
    try:
        return tuple(parse_tile(t) for t in x)
    except InvalidTiles as e:
        raise ApiError(e.code, e.zh, e.en) from None


def _check(codes: list[str]) -> None:
    try:
        check_possible(codes)
    except InvalidTiles as e:
        raise ApiError(e.code, e.zh, e.en) from None


def play_json(p: Play | None, tiles: tuple[str, ...] = ()) -> dict[str, Any]:
    if p is None:
        return {"tiles": list(tiles), "legal": False, "family": None, "rank": None,
                "zh": "不成牌（不能明出）", "en": "not a play (cannot be laid face up)"}
    return {"tiles": list(p.tiles), "legal": True, "family": p.family, "rank": p.rank, "zh": p.zh, "en": p.en,
            "family_zh": family_zh(p.family), "family_en": family_en(p.family)}


def _tiles_action(req: dict[str, Any]) -> dict[str, Any]:
    """Every face of the set as data: its name, class, rank, copies and the pips of each half (their colours), what
    the views draw a tile from (``views.draw.gupai``)."""
    out = []
    for f in FACES:
        out.append({
            "code": f.code, "zh": f.zh, "en": f.en, "class": f.cls, "class_zh": CLASS_ZH[f.cls], "class_en": CLASS_EN[f.cls],
            "rank": f.rank, "kind": f.kind, "copies": f.copies, "points": f.points, "red_pips": f.red,
            "top": {"pips": f.top.pips, "colours": "".join(f.top.colours)},
            "bottom": {"pips": f.bottom.pips, "colours": "".join(f.bottom.colours)},
        })
    return {"tiles": out, "count": sum(f.copies for f in FACES)}


def _compare(req: dict[str, Any]) -> dict[str, Any]:
    raw = get_list(req, "plays", min_len=2, max_len=PLAYERS)
    plays: list[tuple[tuple[str, ...], bool]] = []
    for i, x in enumerate(raw):
        up = True
        if isinstance(x, dict):
            up = x.get("up", True)
            if not isinstance(up, bool):
                raise bad("plays", f"第 {i + 1} 手要说明是明出还是扣下。", f"say whether play {i + 1} is face up or face down.")
            x = x.get("tiles")
        plays.append((_tiles(x, "plays", 4), up))
    _check([t for ts, _ in plays for t in ts])
    lead_tiles, lead_up = plays[0]
    lead = classify(lead_tiles)
    if lead is None or not lead_up:
        raise ApiError("bad_lead", "第一手（领出）须是明出的单张、一对、至尊或套子。",
                       "The first play (the lead) must be a face-up single, pair, supreme pair or set.")
    out = [dict(play_json(lead), up=True, beats_best=None)]
    laid: list[Play | None] = [lead]  # the plays so far, None for tiles laid face down
    for i, (ts, up) in enumerate(plays[1:], 1):
        if len(ts) != len(lead_tiles):
            raise ApiError("wrong_count", f"第 {i + 1} 手是 {len(ts)} 张，领出的是 {len(lead_tiles)} 张：跟牌须与领出同样张数。",
                           f"Play {i + 1} has {len(ts)} tiles but the lead had {len(lead_tiles)}: a follower lays as many tiles as the lead.")
        p = classify(ts) if up else None
        if up and p is None:
            names_zh = "、".join(BY_CODE[t].zh for t in ts)
            names_en = " and ".join(BY_CODE[t].en for t in ts)
            raise ApiError("not_a_play", f"第 {i + 1} 手的{names_zh}不成一手牌，不能明出，只能扣下垫掉。",
                           f"Play {i + 1}, {names_en}, is not a play: it cannot be laid face up, only discarded face down.")
        laid.append(p)
        out.append(dict(play_json(p, sort_tiles(ts)), up=up, beats_best=winner_of(laid) == i))  # it takes the trick as laid
    return {"plays": out, "winner": winner_of(laid), "dun": len(lead_tiles)}


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
            raise bad("moves", f"第 {i + 1} 步要说明是明出还是扣下。", f"say whether move {i + 1} is face up or face down.")
        return Move(_tiles(x.get("tiles"), "moves", 3), up)
    raise bad("moves", f"第 {i + 1} 步应是所出的几张骨牌。", f"move {i + 1} should be the tiles laid.")


def _settlement_json(s: Settlement) -> dict[str, Any]:
    czh, cen = closer_line(s)
    return {"closer": s.closer, "held": list(s.held), "nets": list(s.nets), "bama": s.bama,
            "bama_zh": KINDS[s.bama].zh if s.bama else None,
            "multiplier": s.multiplier, "heibama": s.heibama, "sealed": list(s.sealed),
            "jie": jie(s.held[s.closer]) if s.bama is None else None,
            "summary": {"zh": czh, "en": cen},
            "lines": [{"payer": ln.payer, "payee": ln.payee, "amount": ln.amount, "zh": ln.zh, "en": ln.en} for ln in s.lines]}


def _seats() -> list[dict[str, str]]:
    return [{"zh": z, "en": e} for z, e in zip(SEATS_ZH, SEATS_EN)]


def _state_json(st: GupaiState, human: int | None, lawful: list[str]) -> dict[str, Any]:
    """The table as ``human`` sees it (everything when nobody is seated or the hand is over); ``lawful``: the
    protocol's lawful moves of the seat to play, offered when that seat is the reader's."""
    show_all = human is None or st.terminal
    tricks = []
    for t in st.tricks:
        tricks.append({"leader": t.leader, "winner": t.winner, "dun": t.dun,
                       "moves": [{"seat": s, "tiles": list(m.tiles) if (m.up or show_all or s == human) else ["back"] * len(m.tiles),
                                  "up": m.up} for s, m in t.moves]})
    current = [{"seat": s, "tiles": list(m.tiles) if (m.up or show_all or s == human) else ["back"] * len(m.tiles), "up": m.up}
               for s, m in st.current]
    legal = [{"tiles": a.partition(":")[2].split("."), "up": a.startswith("up:")} for a in lawful] if (human is None or st.to_move == human) else []
    ans: dict[str, Any] = {
        "seats": _seats(),
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
        "sealed": list(st.sealed),
    }
    if human is not None:
        why = why_not_seal(st.deal.hands[human])
        started = bool(st.tricks or st.current) or human in st.sealed
        ans["seal"] = {"allowed": why is None and not started,
                       "zh": why[0] if why else ("已经开始出牌，不能再封墩。" if started else "手中没有第二老以上的牌，可以封墩：只出清铺的四墩，不出赏钱和八马钱。"),
                       "en": why[1] if why else ("Play has begun: it is too late to seal." if started else
                                                 "No tile of yours is even second-best in its class: you may seal (封墩) and pay only the four of a player with no trick, no shang or eight-horse money.")}
    s = st.settlement()
    if s is not None:
        ans["settlement"] = _settlement_json(s)
    return ans


def _check_json(st: GupaiState, tiles: tuple[str, ...]) -> dict[str, Any]:
    """Why each of the two buttons is (not) available for the chosen tiles."""
    out: dict[str, Any] = {}
    for key, up in (("up", True), ("down", False)):
        why = st.why_illegal(Move(tiles, up))
        out[key] = None if why is None else {"zh": why[0], "en": why[1]}
    return out


def _sealed_seats(req: dict[str, Any], dealt: tuple[tuple[str, ...], ...]) -> tuple[int, ...]:
    raw = get_list(req, "sealed", [], max_len=3)
    seats: list[int] = []
    for x in raw:
        if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x <= 3:
            raise bad("sealed", "座位应为 0 到 3。", "a seat is a number from 0 to 3.")
        why = why_not_seal(dealt[x])
        if why is not None:
            raise ApiError("cannot_seal", f"{SEATS_ZH[x]}{why[0]}", f"{SEATS_EN[x]}: {why[1]}")
        seats.append(x)
    return tuple(sorted(set(seats)))


def table_state(req: dict[str, Any]) -> tuple[GupaiState, int, int | None, GupaiConfig, str]:
    """A table's request replayed through the game protocol (:class:`GupaiState`): the computer plays every
    seat but ``human`` (at the request's level) and the reader's moves in turn; the protocol decides what is lawful,
    and the first move it refuses is named with its reason. The state reached, the seed, the reader's seat, the
    rules and the level."""

    seed = _seed(req)
    dealer = get_int(req, "dealer", 0, lo=0, hi=3)
    human = get_optional_int(req, "human", lo=0, hi=3)
    cfg = _cfg(req)
    raw = get_list(req, "moves", [], max_len=MAX_MOVES)
    moves = [_move_of(x, i) for i, x in enumerate(raw)]
    sealed = _sealed_seats(req, deal(seed, dealer).hands)
    gs = GupaiState({"seed": seed, "dealer": dealer, "sealed": list(sealed),
                     "options": {k: v for k, v in as_dict(cfg).items() if v != getattr(DEFAULT, k)}})
    level = read_level(req)  # the computer players' level (and the hint's)

    def read(st: GupaiState, i: int, m: Move) -> str:  # the tiles as given, or in the set's order
        lawful = st.legal_actions()
        return next((a for a in (move_id(m), move_id(Move(sort_tiles(m.tiles), m.up))) if a in lawful), move_id(m))

    def choose(st: GupaiState) -> str:
        return move_id(gupai_move(st, seed, level))

    # the computer plays every seat but the reader's; nobody seated: the request's moves, then the computer to the end
    played = play_table(gs, moves, lambda st: human is not None and st.current_player() != human, choose, read)
    if played.over_at is not None:
        i = played.over_at
        raise ApiError("hand_over", f"第 {i + 1} 步：这一盘已经打完了。", f"Move {i + 1}: the hand is already over.")
    if played.refused is not None:
        i, _, e = played.refused
        raise ApiError("illegal_move", f"第 {i + 1} 步不合规则：{e.zh}", f"Move {i + 1} is not allowed: {e.en}")
    if human is None:
        play_table(gs, [], lambda st: True, choose)
    return gs, seed, human, cfg, level


def _play(req: dict[str, Any]) -> dict[str, Any]:
    """The table (its widget, share links and records ask this): the hand as the reader's seat sees it."""
    st, seed, human, cfg, level = table_state(req)
    dealer = st.setup["dealer"]
    ans = {"seed": seed, "dealer": dealer, "human": human, "options": as_dict(cfg)}
    ans.update(_state_json(st, human, st.legal_actions(human) if human is not None else st.legal_actions()))
    if "level" in req:
        ans["level"] = level
        hint = gupai_move(st, seed, level, STRONG_UNITS["gupai"]) if human is not None and not st.terminal and st.to_move == human else None
        ans["hint"] = None if hint is None else {"tiles": list(hint.tiles), "up": hint.up, "level": level}
    if "check" in req:
        ans["check"] = None if st.terminal else _check_json(st, _tiles(req["check"], "tiles", 8) if req["check"] else ())
    return ans


def _refuse(fault: tuple[str, str, str] | None) -> None:
    """A hand that cannot have ended so (:func:`engine.gupai.scoring.hand_fault`), refused under its error code."""
    if fault is not None:
        raise ApiError(*fault)


def _settle(req: dict[str, Any]) -> dict[str, Any]:
    cfg = _cfg(req)
    held_raw = get_list(req, "held", min_len=PLAYERS, max_len=PLAYERS)
    if any(isinstance(h, bool) or not isinstance(h, int) or h < 0 for h in held_raw):
        raise bad("held", "应为四个非负整数。", "give four whole numbers, none below zero.")
    held = tuple(int(h) for h in held_raw)
    closer = get_int(req, "closer", lo=0, hi=3)
    # the hand's faults asked as its fields are read: a request is refused for the first, in the order they come
    _refuse(hand_fault(held, closer, config=cfg))
    sealed_raw = get_list(req, "sealed", [], max_len=3)
    _refuse(hand_fault(held, closer, sealed_raw, config=cfg))
    tiles: tuple[str, ...] = ()
    if "closer_tiles" in req:
        tiles = _tiles(req["closer_tiles"], "tiles", 8)
        _check(list(tiles))
    run_tiles: tuple[str, ...] = ()
    if "run_tiles" in req:
        run_tiles = _tiles(req["run_tiles"], "tiles", 8)
    contested = get_bool(req, "contested", True)
    run_each = get_int(req, "run_each", 0, lo=0, hi=8)
    if run_each > held[closer]:
        raise ApiError("bad_run", "结牌者连赢的牌不能多于他得的墩。", "The closer's winning run cannot be longer than the tricks (墩) he holds.")
    dealer = get_int(req, "dealer", 0, lo=0, hi=3)
    zhizun_by = get_optional_int(req, "zhizun_by", lo=0, hi=3)
    _refuse(hand_fault(held, closer, sealed_raw, zhizun_by, cfg))
    facts = Facts(tiles, not contested, run_each, run_tiles, () if zhizun_by is None else (zhizun_by,), dealer)
    s = settle(held, closer, cfg, sealed=tuple(sorted(set(sealed_raw))), facts=facts)
    return dict(_settlement_json(s), options=as_dict(cfg))


def _ledger_hand(x: Any, i: int) -> LedgerHand:
    """One hand of a ledger from its fields; words for anything that is not a hand."""
    zh_i, en_i = f"第 {i + 1} 盘", f"Hand {i + 1}"
    if not isinstance(x, dict):
        raise ApiError("bad_hand", f"{zh_i}应说明庄家、各家墩数和结牌的人。", f"{en_i} should give the dealer, each player's tricks (墩) and who closed.")

    def seat(v: Any, what_zh: str, what_en: str, optional: bool = False) -> int | None:
        if v is None and optional:
            return None
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < PLAYERS:
            raise ApiError("bad_hand", f"{zh_i}：{what_zh}应是四家之一。", f"{en_i}: {what_en} should be one of the four players.")
        return v

    dealer = seat(x.get("dealer"), "庄家", "the dealer")
    closer = seat(x.get("closer"), "结牌的人", "the player who closed")
    held = x.get("held")
    if not isinstance(held, list) or len(held) != PLAYERS or any(isinstance(h, bool) or not isinstance(h, int) or not 0 <= h <= 8 for h in held):
        raise ApiError("bad_hand", f"{zh_i}：应写四家各得几墩（0 到 8）。", f"{en_i}: give the tricks (墩) each of the four players took (0 to 8).")
    sealed = x.get("sealed") or []
    if not isinstance(sealed, list) or len(sealed) > 3:
        raise ApiError("bad_hand", f"{zh_i}：封墩的人至多三家。", f"{en_i}: at most three players can seal.")
    sealed_seats = tuple(seat(s, "封墩的人", "a player who sealed") for s in sealed)
    shang = x.get("shang", "none")
    if shang not in ("none", "hand", "run"):
        raise ApiError("bad_hand", f"{zh_i}：赏只能是没有、在手里或在最后连赢的牌里。",
                       f"{en_i}: the shang (赏) is either absent, in the closer's hand, or among the tiles of his final run.")
    flags = []
    for k in ("run", "hard"):
        v = x.get(k, False)
        if not isinstance(v, bool):
            raise ApiError("bad_hand", f"{zh_i}：“连赢最后四张”和“别家打不起”只能是有或没有。",
                           f"{en_i}: the final run and the hard eight-horse are each either so or not.")
        flags.append(v)
    return LedgerHand(dealer, tuple(held), closer, tuple(s for s in sealed_seats if s is not None),  # type: ignore[arg-type]  # the dealer and the closer are required seats: seat() returns None only when optional=True
                      seat(x.get("zhizun"), "打出至尊的人", "the player who laid the supreme pair", True), shang, flags[0], flags[1])


def _ledger_hand_json(h: LedgerHand) -> dict[str, Any]:
    return {"dealer": h.dealer, "held": list(h.held), "closer": h.closer, "sealed": list(h.sealed), "zhizun": h.zhizun,
            "shang": h.shang, "run": h.run, "hard": h.hard}


def _say_names(text: str, names: list[str], lang: str) -> str:
    """A sentence about the seats with the family's names in the seats' place (issue 44): "丙家" and "Player C"
    become the name given for that seat, and so do the seat letters before a number ("甲2", "A 2", "A -2")."""

    for s, name in enumerate(names):
        if not name:
            continue
        if lang == "zh":
            text = text.replace(SEATS_ZH[s], name)
            text = re.sub(f"{SEATS_ZH[s][0]}(?=[-+0-9])", name + " ", text)
        else:
            text = text.replace(SEATS_EN[s], name)
            text = re.sub(f"\\b{SEATS_EN[s][-1]} (?=[-+]?[0-9])", name + " ", text)
    return text


def _named(x: Any, names: list[str] | None, lang: str = "") -> Any:
    """``x`` (an answer's part) with the names in every sentence: each ``zh`` and ``en`` text, however deep."""
    if not names or not any(names):
        return x
    if isinstance(x, dict):
        return {k: (_say_names(v, names, k) if k in ("zh", "en") and isinstance(v, str) else _named(v, names, k)) for k, v in x.items()}
    if isinstance(x, list):
        return [_named(v, names, lang) for v in x]
    return x


def _session(hands: list[LedgerHand], first: int, cfg: GupaiConfig) -> GupaiLedgerState:
    """The session as a record: each hand settled as it is entered (the first that cannot have happened refused with
    its number), closed once a hand is entered (its totals as the result)."""
    session = GupaiLedgerState({"first": first, "options": {k: v for k, v in as_dict(cfg).items() if v != getattr(DEFAULT, k)}})
    for i, h in enumerate(hands):
        try:
            session.apply(ledger_word(h))
        except IllegalAction as e:
            raise ApiError("impossible_hand", f"第 {i + 1} 盘：{e.zh}", f"Hand {i + 1}: {e.en}") from None
    if hands:
        session.apply("end")
    return session


def _ledger(req: dict[str, Any]) -> dict[str, Any]:
    """A session's ledger: each hand settled under the options chosen, running totals, the record's text."""

    tags: dict[str, str] = {}
    refuse_unsafe_text(req, ("names", "date"))
    names = req.get("names")
    if names is not None:
        if not isinstance(names, list) or len(names) != PLAYERS or any(not isinstance(n, str) or len(n) > 40 or "\n" in n for n in names):
            raise bad("names", "应是四个不长的名字。", "give four short names.")
        if any(names):
            tags["Names"] = ";".join(n.replace(";", ",") for n in names)
    date = req.get("date")
    if date is not None:
        if not isinstance(date, str) or len(date) > 40 or "\n" in date:
            raise bad("date", "应是一行不长的文字。", "give a short line of text.")
        tags["Date"] = date
    history = _ledger_history(req.get("history"))
    if "text" in req:
        rec = read_sheet_of(req, "gupai", "ledger", (
            "请给出一本账的记录文字。", "Give the text of a ledger's record.",
            "这份记录不是鄂南骨牌的一本账（它应有标签 [Sheet \"ledger\"]）。",
            "This record is not a ledger of 鄂南骨牌 (it should have the tag [Sheet \"ledger\"])."), limit=100_000)
        hands = [parse_word(a) for a in rec.position["actions"] if a != "end"]
        cfg = config_from(rec.position.get("options") or {})
        first = rec.position["first"]
        if "Names" in rec.tags:
            tags["Names"] = rec.tags["Names"]
        for t in ("Date", "Event", "Site"):
            if t in rec.tags:
                tags[t] = rec.tags[t]
        if "History" in rec.tags and not history:
            history = _history_of_tag(rec.tags["History"])
    else:
        cfg = _cfg(req)
        raw = get_list(req, "hands", [], max_len=LEDGER_MAX)
        hands = [_ledger_hand(x, i) for i, x in enumerate(raw)]
        first = get_int(req, "first", 0, lo=0, hi=3)
    session = _session(hands, first, cfg)
    results = []
    for h, s, totals in zip(hands, session.settlements, session.running):
        zh, en = hand_words(h, s)  # the hand as entered (its sealed seats in the order given)
        kind = kind_of(s)
        results.append({"hand": _ledger_hand_json(h), "settlement": _settlement_json(s), "kind": kind,
                        # a hand's kind in a ledger's narrow row
                        "kind_words": None if kind is None else {"zh": KINDS[kind].zh, "en": KINDS[kind].short_en},
                        "totals": list(totals), "zh": zh, "en": en})
    if history:
        tags["History"] = history_tag(history, ledger_word)
    said = tags["Names"].split(";") if "Names" in tags else None
    named = _named(results, said)
    lang = req.get("lang")
    if lang in ("zh", "en"):  # the record a family exports: its words in the page's language, with their names
        text = _readable_record(write_state(session, tags, words=False), named, said, lang, history, cfg)
    else:
        text = write_state(session, tags)
    hist_out = [{"hand": k, "kind": kind, "was": _ledger_hand_json(h)} for k, kind, h in history]
    return {"hands": named, "totals": list(session.totals), "first": first, "options": as_dict(cfg),
            "names": said, "date": tags.get("Date"), "record": text, "history": hist_out}


def _ledger_history(raw: Any) -> list[tuple[int, str, LedgerHand]]:
    """The ledger's corrections as the widget sends them: ``[{"hand": 2, "kind": "corrected", "was": {...}}]``
    (the hand as it stood before it was corrected or deleted), kept in the record's History tag."""
    return corrections(raw, "hand", LEDGER_MAX, _ledger_hand, lambda: bad(
        "history", "每条改动应写明第几盘、改过还是删去（corrected 或 deleted）和原来的那一盘。",
        "each correction gives the hand's number, corrected or deleted, and the hand as it stood."),
        most=4 * LEDGER_MAX, refuse_list=lambda: bad(
            "history", f"应是改动的列表（至多 {4 * LEDGER_MAX} 条）。", f"give a list of corrections (at most {4 * LEDGER_MAX})."))


def _bad_history() -> ApiError:
    return ApiError("bad_record", "记录的 History 标签写得不对：每条是“盘数:corrected 或 deleted:原来那一盘的记法”。",
                    "The record's History tag is not well written: each item reads hand:corrected or deleted:the hand as it stood.")


def _history_of_tag(text: str) -> list[tuple[int, str, LedgerHand]]:
    """The reverse of the History tag the ledger writes: ``2:corrected:hand:dealer=A:…; 4:deleted:hand:…`` (its first
    800 items, each stripped of the spaces around it); a hand that cannot be read is refused as a bad item."""

    def was(word: str, _number: str) -> LedgerHand:
        try:
            return parse_word(word)
        except LedgerError:
            raise _bad_history() from None

    return read_history(text, was, _bad_history, most=4 * LEDGER_MAX, strip=True)


def _readable_record(text: str, hands: list[dict[str, Any]], names: list[str] | None, lang: str,
                     history: list[tuple[int, str, LedgerHand]], cfg: GupaiConfig) -> str:
    """The record in the page's language (issue 44.5): a few lines that say what the file is, each hand's line with
    its sentence (the family's names in it) in braces, the corrections in words; it reads back as the record does."""
    zh = lang == "zh"
    seats = SEATS_ZH if zh else SEATS_EN
    who = [(names[s] if names and names[s] else seats[s]) for s in range(PLAYERS)]
    head, _, moves = text.partition("\n\n")
    out = [head, ""]
    if zh:
        out.append("% 鄂南骨牌的一本账。打牌的人：" + "、".join(f"{SEATS_ZH[s][0]}（{SEATS_EN[s][-1]}）{who[s]}" for s in range(PLAYERS)) + "。")
        out.append("% 下面每一行是一盘：盘数、掷色子定庄的人、这一盘的记法（给程序读回用），花括号里是这一盘的说明。")
    else:
        out.append("% A ledger of 鄂南骨牌. The players: " + ", ".join(f"{SEATS_EN[s][-1]} {who[s]}" for s in range(PLAYERS)) + ".")
        out.append("% Each line below is a hand: its number, who threw for the dealer, the hand as the program reads it back, and in braces the hand in words.")
    lines = [ln for ln in moves.split("\n") if ln.strip()]
    for i, ln in enumerate(lines):
        said = hands[i][lang] if i < len(hands) else ("结账，各家合计：" if zh else "The session ends; the totals: ") + \
            ("、" if zh else ", ").join(f"{who[s]} {t:+d}" for s, t in enumerate(hands[-1]["totals"] if hands else [0] * PLAYERS))
        out.append(ln + " {" + said.replace("{", "(").replace("}", ")").replace("\n", " ") + "}")
    for k, kind, h in history:
        try:
            was = hand_words(h, settle_hand(h, cfg))
        except LedgerError as e:  # the hand as it stood need not settle under the options the family has chosen since
            was = (f"一盘按现在的规则算不了的牌（{e.zh}）", f"a hand that does not settle under the rules now chosen ({e.en})")
        zh_w, en_w = _named([dict(zip(("zh", "en"), was))], names)[0].values()
        if zh:
            out.append(f"% 改动：第 {k} 盘{'改过' if kind == 'corrected' else '删去了'}，原来是“{zh_w}”")
        else:
            out.append(f"% Correction: hand {k} {'corrected' if kind == 'corrected' else 'deleted'}; it was “{en_w}”")
    return "\n".join(out) + "\n"


#: the game's own words a table or a ledger says around the engine's answers (the options answer gives them)
WORDS: dict[str, tuple[str, str]] = {
    "trick": ("墩", "trick (墩)"), "tricks": ("墩", "tricks (墩)"), "closing": ("结牌", "the closing (结牌)"),
    "sealing": ("封墩", "sealed"), "game": ("鄂南骨牌", "鄂南骨牌"),
    "deal": ("做庄", "deal"), "discard": ("扣下垫掉", "discard face down"), "down": ("垫", "face down"),
}


def _options(req: dict[str, Any]) -> dict[str, Any]:
    """The rule options in words: each question, its readings, the default, whether it changes what a hand settles
    to (``settles``: a ledger asks for those); and the table's seats, sizes and words."""

    return {"options": [{**o.json(), "settles": o.id.split(".", 1)[1] in SETTLING} for o in OPTIONS],
            # the seats (with their letters), the tricks of a hand, and the last tiles a closing run must win for a
            # black eight-horse
            "table": {"seats": [{"zh": z, "en": e, "letter": {"zh": z[0], "en": e[-1]}} for z, e in zip(SEATS_ZH, SEATS_EN)],
                      "tricks": HAND_SIZE, "run": HEI_RUN},
            "words": {k: {"zh": zh, "en": en} for k, (zh, en) in WORDS.items()}}


ACTIONS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "tiles": _tiles_action,
    "compare": _compare,
    "deal": _deal,
    "play": _play,
    "settle": _settle,
    "options": _options,
    "ledger": _ledger,
}

EXAMPLES: list[dict[str, Any]] = [
    {"request": {"game": "gupai", "action": "tiles"},
     "zh": "全副 21 种牌面（32 张）的门类、大小和每半边的红黑点子（网页照此画牌）。", "en": "The 21 faces (32 tiles): class, rank, and the red and black pips of each half (what the pages draw a tile from)."},
    {"request": {"game": "gupai", "action": "compare", "plays": [["33", "33"], ["22", "22"], {"tiles": ["65", "51"], "up": False}, ["44", "44"]]},
     "zh": "一圈对子：一对长三领出，一对人牌吃下；扣下的牌不算。", "en": "A trick of pairs: long threes led, the Man pair takes it; the face-down discard does not count."},
    {"request": {"game": "gupai", "action": "compare", "plays": [["21", "24"], ["66", "54"]]},
     "zh": "至尊领出，比谁都大：天九也打不起。", "en": "The supreme pair led is unbeatable: not even Heaven-nine takes it."},
    {"request": {"game": "gupai", "action": "compare", "plays": [["33", "33"], ["21", "24"]]},
     "zh": "至尊跟牌打不起任何牌：一对长三仍然最大。", "en": "The supreme pair as a follow takes nothing: the long-three pair still holds the trick."},
    {"request": {"game": "gupai", "action": "deal", "seed": 1120},
     "zh": "按种子洗牌码成 16 叠，四人各抓 8 张。", "en": "Shuffle from a seed into 16 stacks; four players draw 8 tiles each."},
    {"request": {"game": "gupai", "action": "play", "seed": 1120},
     "zh": "四家都由电脑打完一盘：每圈、墩数、结牌与结算（每一笔谁付给谁、为什么）。", "en": "The computer plays all four seats for a whole hand: tricks, the close and the settlement (who paid whom, and why)."},
    {"request": {"game": "gupai", "action": "play", "seed": 1120, "human": 0, "moves": [], "check": ["66", "11"]},
     "zh": "人坐甲家：手牌、可出的牌，以及所选的两张为什么不能出。", "en": "A person in seat A: the hand, the legal moves, and why the two chosen tiles cannot be played."},
    {"request": {"game": "gupai", "action": "play", "seed": 2, "human": 2, "sealed": [2]},
     "zh": "丙家封墩：他不出牌，其余三家打完，丙家只出清铺的四墩。", "en": "Player C seals (封墩): he lays no tile, the other three play the hand, and he pays only four."},
    {"request": {"game": "gupai", "action": "settle", "held": [3, 0, 1, 4], "closer": 3},
     "zh": "原有三墩再用一张天牌结牌：四结八；其余三家对四墩保门结算。", "en": "Holding three and closing with one Heaven: 四结8; the others settle against four."},
    {"request": {"game": "gupai", "action": "settle", "held": [8, 0, 0, 0], "closer": 0, "closer_tiles": ["66", "66", "11", "11", "44", "44", "21", "65"]},
     "zh": "红八马：赢家牌里有赏，另三家出四倍。", "en": "Red eight-horse: the winner holds a shang; the other three pay four times."},
    {"request": {"game": "gupai", "action": "settle", "held": [2, 1, 1, 4], "closer": 3, "run_each": 4, "run_tiles": ["66", "11", "24", "65"], "dealer": 0},
     "zh": "黑八马：丁家连赢最后四张结牌，其中出了六点（赏）；庄家甲只得两墩，“赏保门进四”。", "en": "Black eight-horse: D wins the last four tiles in a row, the six (a shang) among them; the dealer A holds two: 赏保门进四."},
    {"request": {"game": "gupai", "action": "ledger", "names": ["张三", "李四", "王五", "赵六"], "hands": [
        {"dealer": 0, "held": [3, 0, 1, 4], "closer": 3},
        {"dealer": 3, "held": [8, 0, 0, 0], "closer": 0, "shang": "hand"},
        {"dealer": 0, "held": [0, 5, 3, 0], "closer": 1, "sealed": [0], "zhizun": 2}]},
     "zh": "一场牌的账：每盘庄家、各家墩数、结牌、红八马、封墩与喜钱，按所选读法结算，各家累计（合计为零），以及这本账的记录。",
     "en": "A session's ledger: each hand's dealer, tricks, closer, a red eight-horse, sealing and wedding money, settled under the chosen readings, each player's running total (summing to zero), and the ledger as a record."},
    {"request": {"game": "gupai", "action": "options"},
     "zh": "规则选项：每个问题、各种读法（用文字说明）和默认读法。", "en": "The rule options: each question, its readings in words, and the default."},
]

#: Work units per request, checked by engine.api before an action runs (a unit is
#: about a microsecond of CPython). Every input above is capped, so each action is
#: bounded by a constant; replaying a whole hand from its seed is the largest
#: (about 10 ms), declared with a wide margin.
def _play_cost(req: dict[str, Any]) -> int:
    """Replaying the hand; at the strong level, each of at most 32 computer decisions and the hint too."""
    return 200_000 + (MAX_MOVES * GUPAI_SEAT_UNITS + STRONG_UNITS["gupai"] if req.get("level") == "strong" else 0)


COSTS: dict[str, Any] = {
    "tiles": 10_000,
    "compare": 10_000,
    "deal": 10_000,
    "play": _play_cost,
    "settle": 10_000,
    "options": 2_000,
    # a ledger: each hand settled (about 0.1 ms), the record written and read back twice
    "ledger": lambda req: 50_000 + 3_000 * (min(len(req["hands"]) if isinstance(req.get("hands"), list) else 0, LEDGER_MAX)
                                            + min(len(req["history"]) if isinstance(req.get("history"), list) else 0, 4 * LEDGER_MAX)
                                            + min(len(req["text"]) if isinstance(req.get("text"), str) else 0, 100_000) // 20),
}


# ---------------------------------------------------------------- what records ask of a game
# a table's hand written as a record, and a record opened at the table (engine.record.export reads these)


def table_position(req: dict[str, Any]) -> dict[str, Any]:
    """The written position of the table's ``play`` request: the hand as the table plays it, through the protocol."""

    gs, seed, _, _, level = table_state(req)
    seed_ok(seed)
    return {**gs.written(), **({"level": level} if "level" in req else {})}


def table_replay(position: dict[str, Any], moves: list[str], seats: list[int | None], level: dict[str, Any]) -> dict[str, Any]:
    """What the table needs to replay a written position: the reader's plays (seat A)."""
    mine = [a for a, s in zip(moves, seats) if s == 0]
    opts = {**as_dict(DEFAULT), **(position.get("options") or {})}
    return {"seed": position["seed"], "dealer": position.get("dealer", 0), "sealed": position.get("sealed", []), "options": opts,
            "human": 0, "moves": [{"tiles": a.split(":", 1)[1].split("."), "up": a.startswith("up:")} for a in mine], **level}
