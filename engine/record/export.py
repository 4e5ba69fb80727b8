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

from typing import Any

from ..api import THE_GAMES
from ..errors import ApiError
from ..protocol import IllegalAction

SEED_MAX = 2**32
GAMES = THE_GAMES


def _seed_ok(seed: int) -> None:
    if seed > SEED_MAX:
        raise ApiError("seed_too_large", f"这一局的局号大于 {SEED_MAX}，记录写不下：请新开一局再导出。",
                       f"This game's number is larger than {SEED_MAX}, which a record cannot hold: start a new game and export that one.")


def _dawei(req: dict[str, Any]) -> dict[str, Any]:
    from ..dawei.actions import _config, _humans, strong_chooser, table_state, written_position
    from ..protocol.strong import read_level
    from ..validate import get_list

    cfg = _config(req)
    _seed_ok(cfg.seed)
    level = read_level(req) if "level" in req else None  # the computer seats' level, as the play action reads it
    # the game as the table plays it, through the game protocol
    st, _ = table_state(cfg, _humans(req, cfg.players), get_list(req, "moves", [], max_len=10_000), strong_chooser() if level == "strong" else None)
    return {**written_position(st), **({"level": level} if level is not None else {})}


def _gupai(req: dict[str, Any]) -> dict[str, Any]:
    from ..gupai.actions import table_state

    gs, seed, _, _, level = table_state(req)  # the hand as the table plays it, through the game protocol
    _seed_ok(seed)
    return {**gs.written(), **({"level": level} if "level" in req else {})}


def _yezi(req: dict[str, Any]) -> dict[str, Any]:
    from ..yezi.actions import table_round

    st, _, _, level = table_round(req)  # the round as the table plays it, through the game protocol
    _seed_ok(st.setup["seed"])
    return {**st.written(), **({"level": level} if level is not None else {})}


def _paohuzi(req: dict[str, Any]) -> dict[str, Any]:
    from ..paohuzi.request import read_play_request
    from ..paohuzi.state import table_state
    from ..protocol.strong import paohuzi_seats, read_level

    if req.get("match") is not None:
        raise ApiError("no_record", "比赛的积分表请在“比赛记分表”页导出；这里导出的是单打的一局。",
                       "A match is exported from the match sheet page; this exports a single hand.")
    r = read_play_request(req)  # read as the play action reads it (its seed within SEED_MAX)
    level = read_level(req) if "level" in req else None  # the computer seats' level, as the play action reads it
    # the hand as the table plays it, through the game protocol: it stops at a refused move, as the play action
    # does; at the strong level its seats choose as the action's do
    st, _ = table_state(r, paohuzi_seats(r.seed, r.table, r.variant) if level == "strong" else None)
    return {**st.written(), **({"level": level} if level is not None else {})}


def position_of(req: dict[str, Any]) -> dict[str, Any]:
    """The written position of a widget's game request (the game's own action and its fields)."""
    game = req.get("game")
    if game not in GAMES:
        raise ApiError("bad_request", "请给出一局打围、鄂南骨牌、叶子戏或跑胡子。", "Give a game of 打围, 鄂南骨牌, 叶子戏 or 跑胡子.")
    return {"dawei": _dawei, "gupai": _gupai, "yezi": _yezi, "paohuzi": _paohuzi}[game](req)


def widget_request(position: dict[str, Any]) -> dict[str, Any]:
    """What a table widget needs to replay a written position: the setup and the reader's moves (seat A;
    every seat for 打围, where the reader may throw for all). The computer plays the other seats as it
    does at that table, so a record made there replays as written; see :func:`replays_as_written`."""
    from ..protocol import state_class

    game = position.get("game")
    moves = list(position.get("actions") or [])
    level = {"level": position["level"]} if position.get("level") in ("basic", "strong") else {}  # the table plays at it
    st = state_class(game)({k: v for k, v in position.items() if k not in ("actions", "level")})
    seats = []
    for a in moves:
        seats.append(st.current_player())
        st.apply(a)
    mine = [a for a, s in zip(moves, seats) if s == 0]
    if game == "gupai":
        from ..gupai.config import DEFAULT, as_dict

        opts = {**as_dict(DEFAULT), **(position.get("options") or {})}
        return {"seed": position["seed"], "dealer": position.get("dealer", 0), "sealed": position.get("sealed", []), "options": opts,
                "human": 0, "moves": [{"tiles": a.split(":", 1)[1].split("."), "up": a.startswith("up:")} for a in mine], **level}
    if game == "dawei":
        return {"seed": position["seed"], "players": position["players"], "options": position.get("options") or {},
                "drop_chance": position.get("drop_chance", 0), "humans": list(range(position["players"])), "moves": moves, **level,
                **({"previous_banker": position["previous_banker"]} if position.get("previous_banker") is not None else {})}
    if game == "yezi":
        split = next((a[6:].split("|") for a, s in zip(moves, seats) if s == 0 and a.startswith("split:")), None)
        out: dict[str, Any] = {"seed": position["seed"], "thrower": position.get("thrower", 0), "options": position.get("options") or {}, **level}
        if split:
            out["my_seat"], out["my_groups"] = 0, [[c for c in g.split(".")] for g in split]
        return out
    if game == "paohuzi":
        return {"seed": position["seed"], "variant": position.get("variant", "paohuzi"), "table": position.get("table", "four"),
                "options": position.get("options") or {}, "moves": mine, **level}
    raise IllegalAction("这份记录不是一局可以在牌桌上重放的游戏。", "This record is not a game a table can replay.")


def table_request(game: str, replay: dict[str, Any]) -> dict[str, Any]:
    """The game action's request for a widget's replay (the inverse of the widget's own fields)."""
    req = {"game": game, "action": _PLAY[game], **{k: v for k, v in replay.items() if k != "moves" or game != "paohuzi"}}
    if game == "paohuzi":
        req["actions"] = [{"id": m} for m in replay.get("moves", [])]
    return req


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

_PLAY = {"dawei": "play", "gupai": "play", "yezi": "round", "paohuzi": "play"}


def a_export(req: dict[str, Any]) -> dict[str, Any]:
    """A table widget's game request in (``request``), the game's record out."""
    from ..validate import get_dict, refuse_unsafe_text
    from . import RecordError, read, write

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
    from . import read_text_of

    rec = read_text_of(req, "请给出一份记录的文字。", "Give the text of a record.")
    pos = rec.position
    if any(k in pos for k in ("sheet", "dice", "deal")):
        raise ApiError("not_a_table", "这份记录是在真实牌桌上记的（账本、桌上掷的色子或桌上发的牌），请在对应的页面打开。",
                       "This record was kept at a real table (a ledger, dice thrown or cards dealt at the table): open it on that page.")
    want = req.get("expect")  # the game of the table opening it
    if want is not None and want != pos["game"]:
        from . import game_name

        g = game_name(pos["game"])
        raise ApiError("other_game", f"这份记录是一局{g[0]}，不能在这张牌桌上打开。", f"This record is a game of {g[1]}; it cannot be opened at this table.")
    if want == "dawei" and (pos.get("previous_banker") is not None or pos.get("drop_chance") or pos.get("drops")):
        raise ApiError("not_this_table", "这一局接着上一局打，或者色子可能掉出碗外：这张牌桌只开新的一局、色子都在碗里。这份记录可以在命令行上复核（见“对局的文字记录”一页）。",
                       "This game follows another, or dice may fall out of the bowl: this table starts only a fresh game with every die in the bowl. "
                       "The record can be refereed from the command line (see the page on written records).")
    replay = widget_request(pos)
    return {"game": pos["game"], "position": pos, "replay": replay, "differs_at": replays_as_written(pos, replay), "tags": rec.tags,
            "over": rec.state.is_terminal(), "result": rec.tags.get("Result", "*"), "moves": len(pos.get("actions") or [])}


def _export_cost(req: dict[str, Any]) -> int:
    from ..api import cost

    inner = req.get("request")
    if not isinstance(inner, dict) or inner.get("game") not in _PLAY:
        return 10_000
    inner_cost = cost(inner["game"], _PLAY[inner["game"]], inner) or 200_000
    plain = {k: v for k, v in inner.items() if k != "level"}
    plain_cost = min(inner_cost, cost(inner["game"], _PLAY[inner["game"]], plain) or 200_000)
    if inner["game"] == "paohuzi" and inner.get("level") == "strong" and inner.get("match") is None:
        from ..protocol.strong import PAOHUZI_SEATS_UNITS

        # the computer seats replayed at the strong level (their work for the hand), without the hint the play action
        # adds; then the record written and read back (measured: the two together under a fifth of one plain replay)
        return 300_000 + plain_cost + PAOHUZI_SEATS_UNITS + plain_cost
    # the game replayed as its action replays it (the computer seats choosing at their level), then the
    # record written (its moves played again, nothing left to choose) and read back
    return 300_000 + inner_cost + 2 * plain_cost


def _open_cost(req: dict[str, Any]) -> int:
    from .actions import _replay_cost

    # read as the read action reads it, the seats found, then replayed at the table and compared
    text = req.get("text")
    if isinstance(text, str) and '[Game "paohuzi"]' in text[:4_000] and '[Level "strong"]' in text[:4_000]:
        from ..protocol.strong import PAOHUZI_SEATS_UNITS

        # the table's replay has its computer seats choose at the strong level (their work for the hand) and a
        # hand's plain replay besides (measured: the whole open of a 41-line record, under 1 M Python calls)
        return _replay_cost(req) + 200_000 + PAOHUZI_SEATS_UNITS
    return _replay_cost(req) + 400_000  # measured: about a tenth of this for a whole hand of 骨牌


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
