"""A table widget's game as a written position, so that it can be written as a record.

Each table widget drives its game through the game's own action (``dawei.play``,
``gupai.play``, ``yezi.round``, ``paohuzi.play``) with only the reader's moves: the
computer seats' moves are made again at every request. :func:`position_of` replays such
a request exactly as the action does and returns the protocol's written position — the
setup and every move of every seat — which :func:`engine.record.write` turns into a
record. Opening a record in a widget goes the other way (:func:`widget_request`): every
move of the record is given to the widget as a move of its own, so the game replays as
written whoever made the moves.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from ..api import cost
from ..errors import ApiError
from ..protocol import IllegalAction, state_class
from ..registry import entry
from ..validate import get_dict, refuse_unsafe_text
from . import RecordError, game_name, read, read_text_of, write
from .costs import GAME_TAG, replay_cost

SEED_MAX = 2**32


def _table(game: Any) -> ModuleType | None:
    """The actions module of a game whose table widget writes and opens records (the registry's ``table_action``):
    it gives ``table_position(req)`` and ``table_replay(position, moves, seats, level)``, and may give
    ``table_request(replay)``, ``table_refuses(position)``, ``export_cost`` and ``open_cost``."""
    e = entry(game) if isinstance(game, str) else None
    if e is None or e.actions is None or e.table_action is None:
        return None
    return importlib.import_module(e.actions)


def position_of(req: dict[str, Any]) -> dict[str, Any]:
    """The written position of a widget's game request (the game's own action and its fields)."""
    mod = _table(req.get("game"))
    if mod is None:
        raise ApiError("bad_request", "请给出一局打围、鄂南骨牌、叶子戏或跑胡子。", "Give a game of 打围, 鄂南骨牌, 叶子戏 or 跑胡子.")
    position: dict[str, Any] = mod.table_position(req)
    return position


def widget_request(position: dict[str, Any]) -> dict[str, Any]:
    """What a table widget needs to replay a written position: the setup and the reader's moves (seat A;
    every seat for 打围, where the reader may throw for all). The computer plays the other seats as it
    does at that table, so a record made there replays as written; see :func:`replays_as_written`."""
    game = position.get("game")
    moves = list(position.get("actions") or [])
    level = {"level": position["level"]} if position.get("level") in ("basic", "strong") else {}  # the table plays at it
    st = state_class(game)({k: v for k, v in position.items() if k not in ("actions", "level")})
    seats = []
    for a in moves:
        seats.append(st.current_player())
        st.apply(a)
    mod = _table(game)
    if mod is None:
        raise IllegalAction("这份记录不是一局可以在牌桌上重放的游戏。", "This record is not a game a table can replay.")
    replay: dict[str, Any] = mod.table_replay(position, moves, seats, level)
    return replay


def table_request(game: str, replay: dict[str, Any]) -> dict[str, Any]:
    """The game action's request for a widget's replay (the inverse of the widget's own fields)."""
    mod = _table(game)
    e = entry(game)
    if mod is None or e is None:
        raise IllegalAction("这份记录不是一局可以在牌桌上重放的游戏。", "This record is not a game a table can replay.")
    if hasattr(mod, "table_request"):
        req: dict[str, Any] = mod.table_request(replay)
        return req
    return {"game": game, "action": e.table_action, **replay}


def replays_as_written(position: dict[str, Any], replay: dict[str, Any]) -> int | None:
    """None when the table's replay gives every move of the record; else the number (1-based) of the
    first move where the table's computer plays otherwise than the record says."""
    try:
        got = position_of(table_request(position["game"], replay))["actions"]
    except ApiError:
        return 1
    want = list(position.get("actions") or [])
    for i, (a, b) in enumerate(zip(got, want)):
        if a != b:
            return i + 1
    return None if len(got) == len(want) else min(len(got), len(want)) + 1


__all__ = ["position_of", "replays_as_written", "table_request", "widget_request"]


# ---------------------------------------------------------------- the API actions (registered in engine.record.actions)

def a_export(req: dict[str, Any]) -> dict[str, Any]:
    """A table widget's game request in (``request``), the game's record out."""
    inner = get_dict(req, "request", {})
    pos = position_of(inner)
    tags = {}
    refuse_unsafe_text(req, ("names",))
    names = req.get("names")
    if isinstance(names, list) and all(isinstance(x, str) and len(x) <= 40 and "\n" not in x for x in names):
        tags["Names"] = ";".join(x.replace(";", ",") for x in names)
    try:
        text = write(pos, tags)
        rec = read(text)
    except IllegalAction as e:
        raise ApiError("bad_position", e.zh, e.en) from None
    except RecordError as e:
        raise ApiError("bad_record", e.message_zh, e.message_en) from None
    return {"text": text, "position": pos, "result": rec.tags.get("Result", "*"), "over": rec.state.is_terminal()}


def a_open(req: dict[str, Any]) -> dict[str, Any]:
    """A record's text in (and ``expect``, the game of the table opening it); what the table needs to
    replay it as written (``game``, ``replay``)."""
    rec = read_text_of(req, "请给出一份记录的文字。", "Give the text of a record.")
    pos = rec.position
    if any(k in pos for k in ("sheet", "dice", "deal")):
        raise ApiError("not_a_table", "这份记录是在真实牌桌上记的（账本、桌上掷的色子或桌上发的牌），请在对应的页面打开。",
                       "This record was kept at a real table (a ledger, dice thrown or cards dealt at the table): open it on that page.")
    want = req.get("expect")  # the game of the table opening it
    if want is not None and want != pos["game"]:
        g = game_name(pos["game"])
        raise ApiError("other_game", f"这份记录是一局{g[0]}，不能在这张牌桌上打开。", f"This record is a game of {g[1]}; it cannot be opened at this table.")
    mod = _table(want)
    why = mod.table_refuses(pos) if mod is not None and hasattr(mod, "table_refuses") else None  # 打围: a fresh game only
    if why is not None:
        raise ApiError("not_this_table", why[0], why[1])
    replay = widget_request(pos)
    return {"game": pos["game"], "position": pos, "replay": replay, "differs_at": replays_as_written(pos, replay), "tags": rec.tags,
            "over": rec.state.is_terminal(), "result": rec.tags.get("Result", "*"), "moves": len(pos.get("actions") or [])}


def _export_cost(req: dict[str, Any]) -> int:
    inner = req.get("request")
    game = inner.get("game") if isinstance(inner, dict) else None
    e = entry(game) if isinstance(game, str) else None
    if not isinstance(inner, dict) or e is None or e.table_action is None:
        return 10_000
    inner_cost = cost(e.id, e.table_action, inner) or 200_000
    plain = {k: v for k, v in inner.items() if k != "level"}
    plain_cost = min(inner_cost, cost(e.id, e.table_action, plain) or 200_000)
    mod = _table(e.id)
    if mod is not None and hasattr(mod, "export_cost"):  # 跑胡子's strong seats: their work for the hand
        return int(mod.export_cost(inner, inner_cost, plain_cost))
    # the game replayed as its action replays it (the computer seats choosing at their level), then the
    # record written (its moves played again, nothing left to choose) and read back
    return 300_000 + inner_cost + 2 * plain_cost


def _open_cost(req: dict[str, Any]) -> int:
    # read as the read action reads it, the seats found, then replayed at the table and compared
    text = req.get("text")
    m = GAME_TAG.search(text[:4_000]) if isinstance(text, str) else None
    mod = _table(m.group(1)) if m else None
    if isinstance(text, str) and mod is not None and hasattr(mod, "open_cost"):  # 跑胡子's strong seats
        return int(mod.open_cost(text, replay_cost(req)))
    return replay_cost(req) + 400_000  # measured: about a tenth of this for a whole hand of 骨牌


ACTIONS = {"export": a_export, "open": a_open}
COSTS = {"export": _export_cost, "open": _open_cost}
EXAMPLES = [
    {"request": {"game": "record", "action": "export", "request": {"game": "gupai", "action": "play", "seed": 1120, "human": 0}},
     "zh": "把鄂南骨牌牌桌上的这一盘（读者坐甲家，电脑打完其余三家）写成记录：每一家的每一手。",
     "en": "The hand at the 鄂南骨牌 table (the reader in seat A, the computer playing the other three to the end) as a record: every play of every seat."},
    {"request": {"game": "record", "action": "open",
                 "text": '[Record "1"]\n[Game "dawei"]\n[Players "3"]\n[Seed "5"]\n[Result "*"]\n\n1. C throw\n2. A throw\n'},
     "zh": "在牌桌上打开一份打围的记录：牌桌照记录重放每一步。", "en": "Open a record of 打围 at a table: the table replays every move as written."},
]
