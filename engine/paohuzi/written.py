"""A 跑胡子 hand given as the 跑胡子 table's ``play`` request, written as a position: what a review (``table.review``,
:mod:`engine.protocol.review`) takes as ``"hand"`` (the registry of games names :func:`hand_position`, its
``review_hand``)."""

from __future__ import annotations

from typing import Any

from ..errors import ApiError
from ..validate import get_dict
from .request import read_play_request
from .state import table_state


def hand_position(req: dict[str, Any]) -> dict[str, Any]:
    """A 跑胡子 hand given as the 跑胡子 table's ``play`` request (``"hand"``: variant, table, seed,
    options, the reader's moves, the computer seats) written as a position: every move, the computer
    seats' included."""
    hand = get_dict(req, "hand")
    # read as the table's play action reads it, the reviewed seat being the one that sees the hand
    r = read_play_request(dict(hand, seat=req.get("seat", 0)))
    st, stop = table_state(r)
    if stop is not None:
        k, f = stop
        raise ApiError("bad_position", f"第 {k + 1} 步走不通：{f.zh}", f"Move {k + 1} cannot be played. {f.en}")
    return dict(st.written())


__all__ = ["hand_position"]
