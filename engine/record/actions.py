"""API actions of the written record (``"game": "record"``).

``write``: a written position (the protocol's, as ``table.play`` takes it) and optional
free-text tags (names, event, site, date) in, the record's text out.
``read``: a record's text in, the written position it names, its tags and the result out.
``referee``: a record's text in, each move told in words, the settlement and the text a
referee would read out. A bad record is answered with the line and the rule it breaks.
"""

from __future__ import annotations

from typing import Any

from ..budget import size
from ..errors import ApiError
from ..protocol import IllegalAction
from ..protocol.costs import PER_MOVE
from ..validate import get_dict, refuse_unsafe_text
from . import MAX_CHARS, RecordError, narration_text, read, referee, result_text, write
from .costs import replay_cost
from .export import ACTIONS as TABLE_ACTIONS, COSTS as TABLE_COSTS, EXAMPLES as TABLE_EXAMPLES

#: request field -> free-text tag
TAG_FIELDS = {"names": "Names", "event": "Event", "site": "Site", "date": "Date", "round": "Round", "annotator": "Annotator"}


def _text(req: dict[str, Any]) -> str:
    text = req.get("text")
    if not isinstance(text, str):
        raise ApiError("bad_record", "请给出记录的文字。", "Give the text of the record.")
    if len(text) > MAX_CHARS:
        raise ApiError("bad_record", f"记录太长了（至多 {MAX_CHARS} 个字符）。", f"The record is too long (at most {MAX_CHARS} characters).")
    return text


def _bad(e: RecordError) -> ApiError:
    return ApiError("bad_record", e.message_zh, e.message_en)


def a_write(req: dict[str, Any]) -> dict[str, Any]:
    position = get_dict(req, "position", {})
    tags: dict[str, str] = {}
    refuse_unsafe_text(req, tuple(TAG_FIELDS))
    for f, tag in TAG_FIELDS.items():
        v = req.get(f)
        if v is None:
            continue
        if f == "names" and isinstance(v, list) and all(isinstance(x, str) for x in v):
            v = ";".join(x.replace(";", ",") for x in v)
        if not isinstance(v, str) or len(v) > 400 or "\n" in v:
            raise ApiError("bad_record", "记录的名字、场合、地点和日期应是一行不长的文字（名字也可以是一列）。",
                           "A record's names, event, site and date should each be a short line of text (the names may be a list).")
        tags[tag] = v
    try:
        text = write(position, tags)
    except IllegalAction as e:
        raise ApiError("bad_position", e.zh, e.en) from None
    try:
        rec = read(text)  # the names must fit the seats, as they must in any record
    except RecordError as e:
        raise _bad(e) from None
    return {"text": text, "result": result_text(rec.state), "over": rec.state.is_terminal()}


def a_read(req: dict[str, Any]) -> dict[str, Any]:
    try:
        rec = read(_text(req))
    except RecordError as e:
        raise _bad(e) from None
    return {"position": rec.position, "tags": rec.tags, "over": rec.state.is_terminal(),
            "result": result_text(rec.state), "moves": len(rec.position["actions"])}


def a_referee(req: dict[str, Any]) -> dict[str, Any]:
    lang = req.get("lang", "both")
    if lang not in ("zh", "en", "both"):
        raise ApiError("bad_request", "语言应是中文、英文或两者。", "The language should be Chinese, English or both.")
    try:
        report = referee(_text(req))
    except RecordError as e:
        raise _bad(e) from None
    report["text"] = narration_text(report, lang)
    return report


ACTIONS = {"write": a_write, "read": a_read, "referee": a_referee}

_EXAMPLE = '[Record "1"]\n[Game "dawei"]\n[Players "3"]\n[Seed "5"]\n[DropChance "0"]\n[Result "*"]\n\n1. C throw\n2. A throw\n'

EXAMPLES = [
    {"request": {"game": "record", "action": "write", "position": {"game": "gupai", "seed": 3, "actions": ["up:24"]},
                 "names": ["张三", "李四", "王五", "赵六"], "date": "2026-12-01"},
     "zh": "把鄂南骨牌第 3 副牌的第一手写成记录：标签、每一步和它的说法。",
     "en": "The record of hand 3 of 鄂南骨牌 after its first play: the tags, each move and its words."},
    {"request": {"game": "record", "action": "read", "text": _EXAMPLE},
     "zh": "读一份三人打围的记录：它说的是哪一局，已经走了几步。",
     "en": "Read a record of 打围 for three: which game it names, and how many moves it holds."},
    {"request": {"game": "record", "action": "referee", "text": _EXAMPLE, "lang": "en"},
     "zh": "像裁判一样讲述这份记录：每一掷掷出了什么、得了哪支签。",
     "en": "Tell this record as a referee would: what each throw showed and which stick it took."},
]


def _write_cost(req: dict[str, Any]) -> int:
    position = req.get("position")
    if not isinstance(position, dict):
        return 10_000
    game = position.get("game")
    per = PER_MOVE.get(game, 20_000) if isinstance(game, str) else 20_000
    return 300_000 + 2 * per * size(position, "actions", 0, 100_000)  # played, then read back


COSTS = {"write": _write_cost, "read": replay_cost, "referee": lambda req: replay_cost(req, 2)}  # referee: read, then told

__all__ = ["ACTIONS", "COSTS", "EXAMPLES"]

# a table widget's game written as a record, and a record opened at a table (engine.record.export)
ACTIONS.update(TABLE_ACTIONS)
COSTS.update(TABLE_COSTS)
EXAMPLES += TABLE_EXAMPLES
