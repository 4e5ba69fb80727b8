"""The ``play`` API action: a seeded hand (or a match, :mod:`.match`) of 跑胡子 or 下灌字牌 replayed from the request.

The jobs it calls on have modules of their own: :mod:`.seating` (the tables, a new hand, the computer seats,
a hand's sheet), :mod:`.birds` (打鸟), :mod:`.views` (the answer's JSON), :mod:`.labels` (a move in words),
:mod:`.request` (the request read), :mod:`.xiaguan` (the variant), :mod:`.computer_hands` (statistics).

``play`` answer (the same shape for ``variant`` "paohuzi" and "xiaguan")::

    {
      "variant": "paohuzi" | "xiaguan", "name": {"zh", "en"},
      "seed": int, "table": "four" | "three" | "two", "viewer": seat the answer is seen from,
      "seats": [ {                      # in turn order from the dealer (0)
          "seat": int, "role": "zhuang" | "xia" | "shang", "zh", "en",   # role names
          "computer": bool, "you": bool,
          "hand": [card codes] | null,   # concealed cards: null for others until the hand ends
          "hand_count": int,
          "open": [ {"kind", "zh", "en", "cards": [code | null], "face": "up"|"down"|"one"|"bottom"|"top",
                     "taken": code | null, "bi": bool, "huxi": int | null} ],   # null where face down
          "row": [ {"card": code, "from": "stock" | "discard"} ],             # between this seat and the next
          "let_go": [codes] | null        # cards this seat may no longer 吃/碰 (only for the viewer)
      } ],
      "xing": {"zh", "en"} | null,       # the 醒家 at a four-seat table (plays no cards)
      "stock": int, "aside": int, "liang": code | null,
      "liang_shown": {"card", "zh", "en"} | null,   # the 亮张 and what became of it (for the board)
      "offer": {"card": code, "from": seat, "origin": "stock"|"discard"|"liang"} | null,   # the card on offer
      "to_move": seat | null, "phase": "claim" | "discard" | "over",
      "actions": [ {"id", "kind", "card", "groups": [[codes]], "zh", "en", "rule"} ],   # the viewer's lawful moves now
      "blocked": [ {"card", "zh", "en", "rule"} ],   # the viewer's cards that may not be discarded, and why
      "cannot": [ {"kind": "hu"|"peng"|"chi", "code", "zh", "en", "rule"} ],   # why the viewer may not claim the card on offer
      "hint": one of "actions" | null,   # the move the computer player would make in the viewer's place,
                                         # with "why": {"zh", "en"} (what it weighs); each 吃 action has "note": {"zh", "en"}
      "waiting": {"seat", "zh", "en"} | null,        # another (non-computer) seat must move
      "refused": null | {"index", "code", "zh", "en", "rule": {...}},   # the first unlawful action, not applied
      "log": [ {"n", "seat", "role", "kind", "card": code | null, "cards": [codes] (a 吃's groups, three by three), "zh", "en",
                "rule": {"id", "section", "zh", "en"}} ],
      "over": bool,
      "result": null | {
          "winner": seat | null, "huang": bool, "card": code | null, "source": str,
          "win": the ``hu`` action's "best" object | null, "reasons": [...],
          "sheet": {"seats": [role ids], "scores": {role: points}, "lines": [{"zh","en","delta"}],
                    "total", "deng", "fan", "multiplier", "hu_valid"},
          "birds": [ {"bird": int, "card", "seat_role", "score"} ],   # 打鸟 (five players or more)
          "check": {"hu": request, "settle": request}    # the same hand through the ``hu`` and ``settle`` actions
          "layout": the hand laid out (摊牌): the winner's groups, the sum to 等 and 番 (engine/paohuzi/layout.py)
      },
      "match": null | {"hand": int, "hands": int, "players": [{"name": {"zh","en"}, "total"}],
                        "sheet": [{"hand", "dealer", "xing", "winner", "scores": [int per player], "birds": [int per bird]}],
                        "over": bool, "ranking": [player index], "next": bool,
                        "played": [[move ids, every seat's] per finished hand]},   # carried whole in the next request
      "level", "hint_level": the computer seats' level and the hint's, when the request names them
    }

A match request may carry its finished hands whole (``"match": {"hands": 4, "played": [[...], ...]}``, the answer's
``played``): they are replayed move by move, each move checked, and settled again, never searched; ``actions`` are then
the reader's moves from the next hand on. At ``"level": "strong"`` the computer seats of the hand in progress play at
the strong level and the request stops at that hand's end, so a request searches one hand at most;
``"hint_level"`` asks the hint at another level than the seats'.
"""

from __future__ import annotations

from typing import Any

from ..budget import BUDGET
from ..errors import ApiError
from ..protocol.strong import STRONG_UNITS, read_level
from ..validate import get_dict, get_int, get_list, get_str
from .birds import MAX_BIRDS
from .json_helpers import rule_json
from .match import play_match
from .request import read_play_request
from .state import table_state
from .strong import PAOHUZI_SEATS_UNITS, hint_json, paohuzi_seats
from .views import result_json, view

__all__ = ["play", "MAX_HANDS"]

MAX_HANDS = 8  # a match is replayed whole on every request: eight hands stay within the time budget


def _match_hands(match: dict[str, Any]) -> int:
    n = match.get("hands", 4)
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_HANDS:
        raise ApiError("bad_field", f"一场比赛可以打 1 到 {MAX_HANDS} 局：请给这样一个局数。",
                       f"A match can last from 1 to {MAX_HANDS} hands: give a number of hands in that range.")
    return n


#: the least work the strong level's hint in a match is given (less, and it is refused in words)
MATCH_HINT_UNITS = 100_000

#: the work of replaying one move of a finished hand carried whole (checked lawful, never searched; about 0.1 ms
#: measured), and of dealing and settling such a hand again
CARRIED_MOVE_UNITS = 500
CARRIED_HAND_UNITS = 50_000


def played_moves(played: Any) -> int:
    """How many moves the finished hands of a match request carry (read leniently: what is no list counts nothing)."""
    if not isinstance(played, list):
        return 0
    return sum(len(x) for x in played[:MAX_HANDS] if isinstance(x, list))


def hand_base_cost(actions: int, strong_seats: bool) -> int:
    """A single hand's request's work before the hint: the hand played again from its seed, each of the
    reader's moves checked, and at the strong level its computer seats searching (:data:`PAOHUZI_SEATS_UNITS`)."""
    return 200_000 + 2_000 * actions + (PAOHUZI_SEATS_UNITS if strong_seats else 0)


def match_base_cost(hands: int, actions: int, carried_moves: int, strong_seats: bool) -> int:
    """A match request's work before the hint: at the basic level every hand is played again (the finished ones
    carried whole cost less, counted as a hand); at the strong level one hand is played with its computer seats
    searching (:data:`PAOHUZI_SEATS_UNITS`), the finished hands before it carried whole and checked."""
    if strong_seats:
        return 200_000 + CARRIED_HAND_UNITS * (hands - 1) + CARRIED_MOVE_UNITS * carried_moves + 2_000 * actions + PAOHUZI_SEATS_UNITS
    return 200_000 * hands + CARRIED_MOVE_UNITS * carried_moves + 2_000 * actions


def read_hint_level(req: dict[str, Any], level: str) -> str:
    """The hint's level: the request's ``hint_level``, else the computer seats' ``level``."""
    if "hint_level" not in req:
        return level
    return read_level({"level": req["hint_level"]})


def play(req: dict[str, Any]) -> dict[str, Any]:
    """The ``play`` action (see the module docstring for the answer's shape)."""
    r = read_play_request(req, in_match=req.get("match") is not None)
    variant, table, seed, cfg, viewer, computer, actions = r.variant, r.table, r.seed, r.cfg, r.viewer, r.computer, r.actions
    match = get_dict(req, "match", {}) if "match" in req and req["match"] is not None else None
    birds = get_int(req, "birds", 0, lo=0, hi=MAX_BIRDS)
    charge = get_str(req, "fouls", "refuse", choices=("refuse", "charge")) == "charge"
    if birds and table != "four":
        raise ApiError("birds_table", "打鸟只在四人局里：鸟家按最后一张底牌跟庄家、下家、醒家或上家共输赢。",
                       "Bird betting needs the four-seat table: a bird shares the fate of the dealer, the next player, the counter or the previous player, as the last stock card says.")
    level = read_level(req)  # the computer seats' level, and the hint's unless the request names another
    hint_level = read_hint_level(req, level)
    if match is not None:
        hands = _match_hands(match)
        played = get_list(match, "played", [], max_len=MAX_HANDS)
        units = 0
        if hint_level == "strong":  # the hint at the strong level, within what the request's cost leaves it

            units = min(STRONG_UNITS["paohuzi"], BUDGET - match_base_cost(hands, len(actions), played_moves(played), level == "strong"))
            if units < MATCH_HINT_UNITS:
                raise ApiError("no_level", "这场比赛太长，强水平的提示算不完；少打几局的比赛，或单打一局，可以请强水平给提示。",
                               "This match is too long for the strong level's hint to be worked out; ask for it in a shorter match or a single hand.")
        # at the strong level the computer seats of the hand in progress play each move out; the finished hands
        # come back whole in ``played`` and are only checked, so a request searches one hand at most
        out = play_match(variant, table, seed, cfg, viewer, computer, actions, hands, birds, charge, hint_units=units,
                         strong_seats=level == "strong", played=played)
        if "level" in req:
            out["level"] = level
        if "hint_level" in req:
            out["hint_level"] = hint_level
        return out
    strong = paohuzi_seats(seed, table, variant) if level == "strong" else None
    h, stop = table_state(r, strong, charge=charge)  # in charge mode its fouls are played and charged
    refused = None if stop is None else {"index": stop[0], "code": stop[1].code, "zh": stop[1].zh, "en": stop[1].en, "rule": rule_json(stop[1].rule)}
    out = view(h, viewer, computer, table, variant)
    out["refused"] = refused
    if "hint_level" in req:
        out["hint_level"] = hint_level
    if "level" in req:
        out["level"] = level
    if hint_level == "strong" and out["hint"] is not None:

        units = min(STRONG_UNITS["paohuzi"], BUDGET - hand_base_cost(len(actions), level == "strong"))
        out["hint"] = hint_json(h, seed, table, variant, units)
    if h.over and birds:
        out["result"] = result_json(h, table, birds, variant)
    return out
