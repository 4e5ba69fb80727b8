"""One table driver for every game (issue 39.2, engine/protocol/table.py ``play_table``): the computer moves for its
seats, the reader's moves are played in turn, a refused move or a move after the end stops the replay, and the reader
may hand moves to the computer. The four games' tables replay their requests through it."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings, strategies as st_

from engine.protocol import open_state
from engine.protocol.table import Auto, play_table
from engine.registry import GameEntry

GAME = "caidanshuang"  # DEVELOPING.md's toy game (tests/platform/conftest.py): seats 0 and 1 hide, seat 0 guesses


def _fresh() -> Any:
    return open_state({"game": GAME, "seed": 5})


def _seat1(st: Any) -> bool:
    return st.current_player() == 1


def _last(st: Any) -> str:
    return st.legal_actions()[-1]


def test_the_computer_moves_for_its_seats_between_the_readers_moves(toy: GameEntry) -> None:
    played = play_table(_fresh(), ["hide:2", "odd"], _seat1, _last)
    assert played.state.actions == ["hide:2", "hide:3", "odd"] and played.used == 2
    assert played.refused is None and played.over_at is None
    assert list(played.state.returns()) == [1, -1]  # 2 + 3 is odd: the reader guessed right


def test_the_table_waits_for_the_reader_when_their_moves_run_out(toy: GameEntry) -> None:
    played = play_table(_fresh(), ["hide:1"], _seat1, _last)
    assert played.state.actions == ["hide:1", "hide:3"] and played.state.current_player() == 0


def test_a_refused_move_stops_the_replay_and_is_named(toy: GameEntry) -> None:
    played = play_table(_fresh(), ["hide:1", "hide:4", "odd"], _seat1, _last)
    assert played.refused is not None and played.refused[:2] == (1, "hide:4")
    assert played.state.actions == ["hide:1", "hide:3"] and played.used == 1


def test_a_move_after_the_end_is_named_and_not_played(toy: GameEntry) -> None:
    played = play_table(_fresh(), ["hide:1", "even", "odd"], _seat1, _last)
    assert played.over_at == 2 and played.state.actions == ["hide:1", "hide:3", "even"]


def test_the_reader_hands_moves_to_the_computer(toy: GameEntry) -> None:
    def read(st: Any, k: int, m: str) -> str | Auto:
        return Auto(1) if m == "one" else Auto() if m == "until" else m

    one = play_table(_fresh(), ["hide:1", "one"], _seat1, _last, read)
    assert one.state.actions == ["hide:1", "hide:3", "even"] and one.used == 2
    # until a decision: hiding is no decision here, guessing is
    until = play_table(_fresh(), ["until"], _seat1, _last, read, decides=lambda st: len(st.fists) == 2)
    assert until.state.actions == ["hide:3", "hide:3"] and until.state.current_player() == 0


def test_the_limit_stops_a_long_table_where_it_is(toy: GameEntry) -> None:
    played = play_table(_fresh(), ["hide:1"], _seat1, _last, limit=1)
    assert played.state.actions == ["hide:1"] and played.used == 1


@settings(max_examples=30, deadline=None)
@given(seed=st_.integers(0, 2**20), reader=st_.integers(0, 3), picks=st_.lists(st_.integers(0, 40), max_size=12))
def test_a_real_game_replays_each_seat_by_its_player(seed: int, reader: int, picks: list[int]) -> None:
    """骨牌 with the reader at one seat: every move of the hand is the reader's (read, in turn) or the computer's
    (chosen for another seat), the reader's moves are used until the hand ends, and the written position reached
    opens to the same table."""
    by: list[tuple[int, str]] = []

    def choose(st: Any) -> str:
        assert st.current_player() != reader
        a = st.legal_actions()[0]
        by.append((st.current_player(), a))
        return a

    def read(st: Any, k: int, pick: int) -> str:
        assert st.current_player() == reader
        legal = st.legal_actions()
        a = legal[pick % len(legal)]
        by.append((st.current_player(), a))
        return a

    played = play_table(open_state({"game": "gupai", "seed": seed}), picks, lambda st: st.current_player() != reader, choose, read)
    state = played.state
    assert played.refused is None
    assert [a for _, a in by] == state.actions
    assert sum(1 for s, _ in by if s == reader) == played.used
    assert played.used == len(picks) or state.is_terminal()
    assert played.over_at in (None, played.used)
    if not state.is_terminal():
        assert state.current_player() == reader  # the table waits for the reader
    assert open_state(state.written()).written() == state.written()
