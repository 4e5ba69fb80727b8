"""骨牌's play action at the strong level: its computer seats and its hint, searched by the strong level
(:mod:`engine.protocol.strong`, written once over the protocol) and answered as 骨牌's own moves."""

from __future__ import annotations

from ..protocol.strong import rollouts_for, strong_choice
from .hand import Move
from .state import GupaiState, computer_move, move_of

#: 骨牌's play action replays the whole hand at every request: the work of each computer decision at the
#: strong level there, so that 32 of them, the replay and one strong hint fit in the budget
GUPAI_SEAT_UNITS = 52_000


def gupai_move(st: GupaiState, seed: int, level: str, units: int = GUPAI_SEAT_UNITS) -> Move:
    """The move (a 骨牌 ``Move``) of the seat to play in ``st`` at ``level``."""
    if level != "strong":
        return computer_move(st)
    return move_of(strong_choice(st, rollouts_for(st, units), seed).action)


__all__ = ["GUPAI_SEAT_UNITS", "gupai_move"]
