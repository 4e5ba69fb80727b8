"""One table driver for every game: the computer moves for its seats, the reader's moves are played in turn.

Each game's own table (打围's throws, 骨牌's plays, 叶子戏's splits, 跑胡子's hands) is a request naming a seeded
setup, the seats the computer plays and the reader's moves since the deal; answering it means playing that table
again from the deal. :func:`play_table` is that replay, written once: the protocol decides what is lawful, the game
says only how a move of its request reads as a protocol move and who moves for whom.

A reader may also hand moves of their own seats to the computer (打围's "play until my next decision"): a move that
reads as :class:`Auto` lets the computer make the reader's next ``count`` moves, or (``count`` None) all of them
until the reader has a decision to make (``decides``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from . import GameState, IllegalAction

S = TypeVar("S", bound=GameState)


@dataclass(frozen=True)
class Auto:
    """A move of the request that hands the reader's next ``count`` moves to the computer (None: until a decision)."""

    count: int | None = None


@dataclass
class Played(Generic[S]):
    """A table played again: the state reached, how many of the request's moves were used, and why the replay stopped
    early: ``refused`` (the index of the move the protocol refused, the move and its words) or ``over_at`` (the index
    of the first move that came after the end of the game)."""

    state: S
    used: int
    refused: tuple[int, Any, Any] | None = None
    over_at: int | None = None


def play_table(st: S, moves: Sequence[Any], computer: Callable[[S], bool], choose: Callable[[S], Any],
               read: Callable[[S, int, Any], Any] | None = None, decides: Callable[[S], bool] | None = None,
               limit: int = 1_000_000, play: Callable[[S, Any], None] | None = None,
               refusal: type[Exception] = IllegalAction) -> Played[S]:
    """Play ``moves`` (the reader's, in turn) on ``st``, and ``choose`` for the computer wherever ``computer(st)``
    says it moves now, before, between and after them. ``read`` turns a move of the request into a protocol move
    (or :class:`Auto`; it may raise the ``refusal`` for a move that cannot be played now); ``decides`` says
    whether the seat to move has a decision to make (for ``Auto(None)``; every move is a decision by default).
    At most ``limit`` steps (a move played or handed over): a table longer than that stops where it is.
    The replay stops at the first move refused (``refusal``, raised by ``read`` or by the move played), and at the
    first move that comes after the end. A move is played with ``apply``, or with ``play`` where a game replays
    its own richer moves (跑胡子's ``PaohuziState.play``, which refuses with its ``Foul``)."""

    def apply(move: Any) -> None:
        if play is None:
            st.apply(move)
        else:
            play(st, move)

    steps = [0]
    handed: list[int | None] = [0]  # the reader's moves the computer still makes: a count, or None until a decision

    def others() -> bool:  # the computer's moves until the reader must move: False if the limit is reached
        while not st.is_terminal():
            if steps[0] >= limit:
                return False
            if not computer(st):
                if handed[0] is None and (decides is None or decides(st)):
                    handed[0] = 0
                if handed[0] == 0:
                    return True
                if handed[0] is not None:
                    handed[0] -= 1
            apply(choose(st))
            steps[0] += 1
        return True

    for k, item in enumerate(moves):
        if not others():
            return Played(st, k)
        if st.is_terminal():
            return Played(st, k, over_at=k)
        steps[0] += 1
        try:
            move = read(st, k, item) if read is not None else item
            if isinstance(move, Auto):
                handed[0] = move.count
                continue
            apply(move)
        except refusal as e:
            return Played(st, k, refused=(k, item, e))
    others()
    return Played(st, len(moves))
