"""打围 refereed at a real table: the ``referee`` action.

The players throw real dice; a reader enters what each throw showed, and the engine applies
the rules (:class:`engine.dawei.state.DaweiState` with ``"dice": "table"``, the moves of the written record:
``throw:441236``, ``drop:1``, ``take:…``, ``pass``, ``split:<rule>:<point>@152346``).
A request gives either the game as a record's text (``text``) or its setup and moves
(``players``, ``first``, ``names``, ``options``, ``moves``); the answer is the table as it
stands — each player's sticks and 柱, the pool, whose throw it is and what may be entered
now, each entry told in words, and at the end the settlement against break-even, summing to
zero — together with the record's text, so a page keeps the game by keeping that text.
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import ApiError
from ..api import size
from ..protocol import IllegalAction
from ..protocol.actions import PER_MOVE
from ..record import RecordError, read, write_state
from ..record.sheet import KIND_WORDS, KINDS, corrections, history_tag
from ..validate import bad, get_int, get_list, get_str, refuse_unsafe_text
from .answer import dice_words, stick_list, view
from .game import MAX_PLAYERS, MIN_PLAYERS, SEAT_MARKS, seat_en, seat_zh
from .game import seat_named as _seat, told as _told, told_all as _told_all  # the referee tells the log with the family's names
from .state import DaweiState

#: the most entries a request may hold: within the budget at two replays an entry; the longest of
#: 200 seeded 16-player games took 658 (a game at the table that ran past it would be over 1,400 throws)
MAX_MOVES = 1_400
MAX_NAME = 24
_DICE = re.compile(r"[1-6]{6}")


def _names(req: dict[str, Any], n: int) -> list[str]:
    raw = req.get("names")
    if raw is None:
        return []
    label = ("玩家的名字", "the players' names")
    if not isinstance(raw, list) or len(raw) != n or not all(isinstance(x, str) for x in raw):
        raise bad("names", f"应为 {n} 个名字，每位玩家一个。", f"give {n} names, one for each player.", label=label)
    refuse_unsafe_text(req, ("names",))  # a control or text-direction character: refused, never passed on
    out = []
    for x in raw:
        x = re.sub(r"[;\"\\{}]", " ", x).strip()
        if not x or len(x) > MAX_NAME:
            raise bad("names", f"每个名字应有 1 到 {MAX_NAME} 个字。", f"each name should be 1 to {MAX_NAME} characters long.", label=label)
        out.append(x)
    return out


def _table(req: dict[str, Any]) -> tuple[DaweiState, list[str], list[str]]:
    """The table state, the players' names and the moves, from a record's text or from setup and moves."""
    if "text" in req:
        text = req.get("text")
        if not isinstance(text, str):
            raise ApiError("bad_record", "请给出记录的文字。", "Give the text of the record.")
        try:
            rec = read(text)
        except RecordError as e:
            raise ApiError("bad_record", e.message_zh, e.message_en) from None
        if not isinstance(rec.state, DaweiState) or not rec.state.at_table:
            raise ApiError("bad_record", "这份记录不是一局用桌上的色子掷的打围，这里裁判不了。",
                           "This record is not a game of 打围 thrown with real dice, so it cannot be refereed here.")
        names = rec.tags["Names"].split(";") if rec.tags.get("Names") else []
        req["history"] = [{"n": int(m.group(1)), "kind": m.group(2), "was": m.group(3)}
                          for m in (_HISTORY.fullmatch(x) for x in rec.tags.get("History", "").split(" ") if x) if m]
        setup = {k: v for k, v in rec.position.items() if k != "actions"}
        moves = list(rec.position["actions"])
    else:
        players = get_int(req, "players", 4, lo=MIN_PLAYERS, hi=MAX_PLAYERS)
        first = get_int(req, "first", 0, lo=0, hi=players - 1)
        options = req.get("options") or {}
        names = _names(req, players)
        moves = get_list(req, "moves", [], max_len=MAX_MOVES)
        setup = {"game": "dawei", "dice": "table", "players": players, "first": first, "options": options}
    try:
        st = DaweiState(setup)
    except IllegalAction as e:
        raise ApiError("bad_setup", e.zh, e.en) from None
    return st, names, moves


def _named(x: Any, names: list[str]) -> dict[str, str]:
    """A line of the game's log, told with the family's names."""
    return {lang: _told(getattr(x, lang), names, lang) for lang in ("zh", "en")}


#: a correction of an entry, kept in the record's History tag as the score sheets keep theirs (engine.record.sheet), the
#: items apart by a space: ``12:corrected:throw:441236 15:deleted:drop:1``. Read back, an item that does not read so is
#: left out (the referee never refuses a record for its corrections); the entries are then checked as a request's.
_WAS = r"[a-z0-9:@.]{1,40}"
_HISTORY = re.compile(rf"([0-9]{{1,4}}):({'|'.join(KINDS)}):({_WAS})")


def _history(req: dict[str, Any]) -> list[dict[str, Any]]:
    label = ("改动的记录", "the corrections")

    def refuse() -> ApiError:
        return bad("history", "每条改动要写明第几笔、改过还是删去、原来记的是什么。", "each correction gives the entry, whether corrected or deleted, and what it was.", label=label)

    def was(x: Any, _k: int) -> str:  # a move as it was entered, as a record writes it
        if not isinstance(x, str) or not re.fullmatch(_WAS, x):
            raise refuse()
        return x

    out = corrections(req.get("history"), "n", MAX_MOVES, was, refuse, most=400,
                      refuse_list=lambda: bad("history", "应是一列改动，至多 400 条。", "give a list of at most 400 corrections.", label=label))
    return [{"n": n, "kind": kind, "was": w} for n, kind, w in out]


def _history_words(h: dict[str, Any]) -> dict[str, str]:
    dice = _move_dice(h["was"])
    was_zh = f"掷出 {''.join(map(str, dice))}" if dice else ("掉出色子" if h["was"].startswith("drop") else "一个选择")
    was_en = f"a throw of {''.join(map(str, dice))}" if dice else ("dice out of the bowl" if h["was"].startswith("drop") else "a choice")
    kz, ke = KIND_WORDS[h["kind"]]
    return {"zh": f"第 {h['n']} 笔{kz}，原来记的是{was_zh}。", "en": f"Entry {h['n']} {ke}; it was {was_en}."}


def _move_dice(move: str) -> list[int] | None:
    tail = move[6:] if move.startswith("throw:") else move.partition("@")[2]
    return [int(c) for c in tail] if _DICE.fullmatch(tail) else None


def referee(req: dict[str, Any]) -> dict[str, Any]:
    lang = get_str(req, "lang", "zh", choices=("zh", "en"))
    tail = get_int(req, "entries", 40, lo=0, hi=MAX_MOVES)
    st, names, moves = _table(req)
    history = _history(req)
    st, opening, entries, out = _replay(st, names, moves)
    for key in ("own", "since_own", "log", "legal", "waiting_for"):
        out.pop(key, None)
    n = st.n
    out["names"] = names
    out["seats"] = [{**_seat(s, names), "letter": {"zh": seat_zh(s), "en": seat_en(s)}} for s in range(n)]
    out["first"] = st.setup["first"]
    out["options"] = dict(st.setup["options"])
    out["moves"] = list(st.actions)
    out["entries"] = entries[-tail:] if tail else []
    out["entry_count"] = len(entries)
    out["history"] = [{**h, **_history_words(h)} for h in history]
    # every entry's move, so that any of them can be corrected or deleted (the entries told are the last ones)
    out["all_moves"] = [{"n": k + 1, "move": m, "dice": _move_dice(m) if isinstance(m, str) else None} for k, m in enumerate(moves)]
    out["opening"] = opening
    out["sticks"] = stick_list()
    out["enter"] = _enter(st)
    cur = None if st.is_terminal() else st.current
    out["to_throw"] = None if cur is None else {"seat": cur, **_seat(cur, names)}
    out["status"] = _status(st, out, len(entries))
    if st.is_terminal():
        nets = out["net"]
        out["settlement"] = [{"seat": s, **_seat(s, names), "zhu": st.zhu(s), "net": nets[s],
                              "net_text": _fraction(st.settlement()[s]), "verdict": out["verdicts"][s]} for s in range(n)]
    out["record"] = write_state(st, _tags(req, names, history))  # replayed afresh, its words with the seats' letters as a record has them
    return _told_all(out, names, lang)


def _replay(st: DaweiState, names: list[str], moves: list[Any]) -> tuple[DaweiState, list[dict[str, str]], list[dict[str, Any]], dict[str, Any]]:
    """The game replayed entry by entry: the state at the end, the opening's lines, each entry told, and the table's view."""
    entries: list[dict[str, Any]] = []
    # the game replayed with every seat written as a mark, so that each line names every seat as the family does,
    # whatever its number (a letter cannot simply be replaced: 子, the eleventh seat, is also in 色子)
    token = SEAT_MARKS.set(True)
    try:
        st = DaweiState({k: v for k, v in st.written().items() if k != "actions"})
        opening = [_named(e, names) for e in st.log]
        for k, m in enumerate(moves):
            seat = st.current_player()
            mark = len(st.log)
            try:
                st.apply(m)
            except IllegalAction as e:
                raise ApiError("bad_move", f"第 {k + 1} 笔记不进去：{_told(e.zh, names, 'zh')}", f"Entry {k + 1} cannot be taken: {_told(e.en, names, 'en')}") from None
            said = st.log[mark:]
            dice = _move_dice(m) if isinstance(m, str) else None
            entries.append({
                "n": k + 1, "seat": seat, "move": m, "dice": dice,
                "dice_words": None if dice is None else {"zh": dice_words(dice, "zh"), "en": dice_words(dice, "en")},
                "zh": "".join(_named(e, names)["zh"] for e in said), "en": " ".join(_named(e, names)["en"] for e in said),
            })
        return st, opening, entries, view(st, set(range(st.n)), 0, offer=False)
    finally:
        SEAT_MARKS.reset(token)


def _enter(st: DaweiState) -> list[dict[str, Any]]:
    """What may be entered now: a throw (its six faces), dice out of the bowl, or the thrower's choice."""
    if st.is_terminal():
        return []
    if st.pending:
        return [{"move": o.action, "faces": o.action.startswith("split:"), "zh": o.zh, "en": o.en, "chance": round(float(o.chance), 4), "zhu": o.zhu}
                for o in st.pending]
    return [{"move": "throw", "faces": True, "zh": "掷出的六颗色子", "en": "the six dice thrown"},
            {"move": "drop:1", "faces": False, "zh": "掉出一颗色子", "en": "One die fell out of the bowl"},
            {"move": "drop:2", "faces": False, "zh": "掉出两颗色子", "en": "Two dice fell out of the bowl"}]


def _status(st: DaweiState, out: dict[str, Any], count: int) -> dict[str, str]:
    """Where the game stands, in a line: over (and how), or the next entry and who makes it."""
    who = out["to_throw"]
    if who is None:
        ew = out["end_words"] or {"zh": "", "en": ""}
        return {"zh": f"本局结束（{ew['zh']}），共 {count} 笔。", "en": f"The game is over ({ew['en']}) after {count} entries."}
    phase = out["phase_words"]
    doing = ("选择：拿、分掷还是放弃", "chooses: take, split or pass") if st.pending else ("掷", "throws")
    # numbered as the log numbers its entries: the next entry is this one
    return {"zh": f"第 {count + 1} 笔 · {phase['zh']} · {who['zh']}{doing[0]}",
            "en": f"Entry {count + 1} · {phase['en']} · {who['en']} {doing[1]}"}


def _tags(req: dict[str, Any], names: list[str], history: list[dict[str, Any]]) -> dict[str, str]:
    """The record's tags: the names, the corrections, and the event, date and site the request gives."""
    tags = {"Names": ";".join(names)} if names else {}
    if history:
        tags["History"] = history_tag(((h["n"], h["kind"], h["was"]) for h in history), sep=" ")
    for f, tag in (("event", "Event"), ("date", "Date"), ("site", "Site")):
        v = req.get(f)
        if isinstance(v, str) and v.strip() and len(v) <= 200 and "\n" not in v:
            tags[tag] = v.strip()
    return tags


def _fraction(x: Any) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def cost(req: dict[str, Any]) -> int:
    """Work units: the moves replayed twice (entered, then written into the record with their words;
    a record's text is read once more first)."""
    per = PER_MOVE["dawei"]
    text = req.get("text")
    if isinstance(text, str):
        lines = min(text.count("\n", 0, 400_001), 100_000) + 1
        return 300_000 + 3 * per * lines
    return 300_000 + 2 * per * size(req, "moves", 0, 100_000)


__all__ = ["referee", "cost", "MAX_MOVES"]
