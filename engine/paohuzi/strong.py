"""跑胡子's play action at the strong level: its computer seats and its hint, searched by the strong level
(:mod:`engine.protocol.strong`, written once over the protocol) in a copy of the hand the action plays with its own
moves (``PaohuziState.play``), and answered as 跑胡子's own moves (``Action``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from collections.abc import Callable

from ..protocol.strong import rollout_units, rollouts_for, strong_choice
from .ai import public_passes, strong_why
from .labels import action_json
from .table import Action, action_id

if TYPE_CHECKING:  # the state imports this module (its table hint): only its type is named here
    from .state import PaohuziState


def paohuzi_state(h: PaohuziState, seed: int, table: str, variant: str) -> PaohuziState:
    """跑胡子's hand as the play action plays it (a ``PaohuziState`` moved through its own ``play``), as the strong
    level searches it: a copy whose setup names the table's seed, table and variant, and whose moves are its log's
    entries (for the decision's seed only; the hand itself is not changed)."""
    ps = h.clone()
    ps.setup = {"variant": variant, "table": table, "seed": seed, "options": {}}
    ps.actions = [f"{e.kind}:{e.seat}" for e in h.log]  # for the decision's seed only
    ps._cache = None
    return ps


def paohuzi_hint(h: PaohuziState, seed: int, table: str, variant: str, units: int) -> Action:
    """The strong level's move (a 跑胡子 ``Action``) for the seat to decide in ``h``."""
    ps = paohuzi_state(h, seed, table, variant)
    chosen = strong_choice(ps, rollouts_for(ps, units), seed).action
    seat = h.pending()
    assert seat is not None  # the search above found a seat to decide
    return next(a for a in h.moves(seat) if action_id(a) == chosen)



def hint_json(h: PaohuziState, seed: int, table: str, variant: str, units: int) -> dict[str, Any]:
    """The strong level's hint for the seat to decide in ``h``, as the play action answers it: the move and why."""
    pick = paohuzi_hint(h, seed, table, variant, units)
    seat = h.pending()
    assert seat is not None  # the hand is not over: someone decides
    out = action_json(h, pick)
    wz, we = strong_why(public_passes(h, seat), seat, pick)
    out["why"] = {"zh": wz, "en": we}
    return out

#: 跑胡子's play action replays the whole hand at every request: the work its computer seats at the
#: strong level may spend over the whole hand (the same at every request, so that their moves are
#: replayed the same), and at most on one decision; a decision once it is spent is the basic player's
PAOHUZI_SEATS_UNITS = 1_000_000
PAOHUZI_SEAT_UNITS = 120_000


def paohuzi_seats(seed: int, table: str, variant: str) -> Callable[[PaohuziState], Action | None]:
    """The move chooser of 跑胡子's computer seats at the strong level in the play action: the strong
    level's move (within :data:`PAOHUZI_SEAT_UNITS` a decision and :data:`PAOHUZI_SEATS_UNITS` a hand),
    or None — the basic player's move — for a move without a choice or once the work is spent."""
    left = [PAOHUZI_SEATS_UNITS]

    def pick(h: PaohuziState) -> Action | None:
        p = h.pending()
        if p is None or len(h.moves(p)) < 2 or left[0] <= 0:
            return None
        # the same hand, moves and work left choose the same move: a replay asks the search only once
        key = (seed, table, variant, h.cfg, h.charge, tuple(action_id(a) for a in h.played), left[0])
        if key not in _SEAT_MEMO:
            ps = paohuzi_state(h, seed, table, variant)
            n = rollouts_for(ps, min(PAOHUZI_SEAT_UNITS, left[0]))
            if len(_SEAT_MEMO) >= _SEAT_MEMO_SIZE:
                del _SEAT_MEMO[next(iter(_SEAT_MEMO))]
            _SEAT_MEMO[key] = (strong_choice(ps, n, seed).action, n * rollout_units(ps))
        chosen, spent = _SEAT_MEMO[key]
        left[0] -= spent
        return next(a for a in h.moves(p) if action_id(a) == chosen)

    return pick


#: the strong seats' decisions already made (oldest dropped first): the play action replays the hand at every
#: request, so each decision would otherwise be searched again at every move of the reader's. The declared cost
#: does not count on it (a first request searches them all).
_SEAT_MEMO: dict[tuple[Any, ...], tuple[str, int]] = {}
_SEAT_MEMO_SIZE = 2_000


__all__ = ["PAOHUZI_SEATS_UNITS", "PAOHUZI_SEAT_UNITS", "paohuzi_hint", "paohuzi_seats", "paohuzi_state"]
