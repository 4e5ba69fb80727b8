"""The registry of games: one entry per game, which everything generic reads.

An entry holds a game's static facts — its id, its titles in both languages, its seats, and where its code
lives (its state class, its API actions, the score sheets a real table keeps, the state of a hand dealt at a
real table) — named by strings (``"module:Class"``), so that this module, the protocol and the records import
no game: a game's module is imported only when it is asked for. What generic code asks of a game *in play*
is a method of :class:`engine.protocol.GameState`, answered by the game's state class.

A new game joins with one call, ``register(GameEntry(id=..., title=(..., ...), state="pkg.mod:Cls"))``
(DEVELOPING.md's 猜单双 is registered so in ``tests/platform/test_toy_game.py``); nothing shared is edited.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any
from types import MappingProxyType
from collections.abc import Mapping

#: the seats of a table, as every record and page names them: 甲乙丙丁… in Chinese, A B C D… in English
#: (sixteen: 打围's table, the widest of the four games)
SEATS_ZH = "甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳"
SEATS_EN = "ABCDEFGHIJKLMNOP"


def seat_names(n: int) -> tuple[tuple[str, str], ...]:
    """The names (zh, en) of the first ``n`` seats: (甲, A), (乙, B)…"""
    return tuple(zip(SEATS_ZH[:n], SEATS_EN[:n], strict=True))


@dataclass(frozen=True)
class GameEntry:
    """One game's static facts. Only ``id``, ``title`` and ``state`` are needed; the rest have defaults."""

    #: the game id (pinyin), as requests and records write it
    id: str
    #: the game's title as its pages give it (zh, en)
    title: tuple[str, str]
    #: its state class, "module:Class" (an :class:`engine.protocol.GameState`)
    state: str
    #: the most seats a table of it has (the seats are named by :data:`SEATS_ZH` and :data:`SEATS_EN`)
    seats: int = 4
    #: its API actions module (``ACTIONS``, ``COSTS``, ``EXAMPLES``); None for a game the API does not serve by name
    actions: str | None = None
    #: the game as the API's messages list it (zh, en); the title when not given
    words: tuple[str, str] | None = None
    #: the game as a record's messages and a referee's heading name it (zh, en); the title when not given
    record_words: tuple[str, str] | None = None
    #: the score sheets a real table keeps of it (a record's ``Sheet`` tag -> "module:Class" of their state)
    sheets: Mapping[str, str] = field(default_factory=dict)
    #: whether a record may give the cards a real table dealt (``[Deal "table"]``, played by its own state class)
    table_deal: bool = False
    #: whether a record may give the dice thrown at a real table (``[Dice "table"]``, played by its own state class)
    table_dice: bool = False
    #: the action of its API that plays its table widget's game (what a record exported from a table replays)
    table_action: str | None = None
    #: "module:function" writing a hand given as its table's own request (a review's ``"hand"``, with the review's
    #: ``seat``) as a written position, for a game whose table does not write one itself (跑胡子's); None otherwise
    review_hand: str | None = None

    def api_words(self) -> tuple[str, str]:
        return self.words or self.title

    def record_name(self) -> tuple[str, str]:
        return self.record_words or self.title


_GAMES: dict[str, GameEntry] = {}
#: game id -> "module:Class" of its state class (read by :data:`engine.protocol.ADAPTERS`, the same dict)
STATE_CLASSES: dict[str, str] = {}


def register(entry: GameEntry) -> GameEntry:
    """Add a game (ValueError for an id already taken or a state not written "module:Class")."""
    if not isinstance(entry, GameEntry):
        raise TypeError("register takes a GameEntry")
    if entry.id in _GAMES:
        raise ValueError(f"a game called {entry.id!r} is already registered")
    if entry.state.count(":") != 1:
        raise ValueError(f"the state class of {entry.id!r} should be written 'module:Class'")
    _GAMES[entry.id] = entry
    STATE_CLASSES[entry.id] = entry.state
    return entry


def unregister(game: str) -> None:
    """Take a registered game away again (a test's game, once the test is over)."""
    _GAMES.pop(game, None)
    STATE_CLASSES.pop(game, None)


def load(spec: str) -> Any:
    """The class (or object) a "module:Name" string names, its module imported now."""
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)


def entry(game: str) -> GameEntry | None:
    """The entry of a game id, or None."""
    return _GAMES.get(game)


def entries() -> Mapping[str, GameEntry]:
    """Every registered game, in the order registered (the archive's four first)."""
    return MappingProxyType(_GAMES)


for _e in (
    GameEntry("dawei", ("打围", "Dawei"), "engine.dawei.state:DaweiState", seats=16, actions="engine.dawei.actions",
              words=("打围", "打围"), record_words=("打围", "打围 (dawei)"), table_dice=True, table_action="play"),
    GameEntry("gupai", ("鄂南骨牌", "Gupai"), "engine.gupai.state:GupaiState", actions="engine.gupai.actions",
              words=("鄂南骨牌", "鄂南骨牌"), record_words=("鄂南骨牌", "鄂南骨牌 (gupai)"),
              sheets={"ledger": "engine.gupai.records:GupaiLedgerState"}, table_deal=True,
              table_action="play"),
    GameEntry("yezi", ("下灌叶子戏", "Yezi"), "engine.yezi.state:YeziState", actions="engine.yezi.actions",
              words=("下灌叶子戏与字牌", "下灌叶子戏 and 字牌"), record_words=("下灌叶子戏", "下灌叶子戏 (yezi)"),
              sheets={"tally": "engine.yezi.records:YeziTallyState"}, table_deal=True, table_action="round"),
    GameEntry("paohuzi", ("跑胡子", "Paohuzi"), "engine.paohuzi.state:PaohuziState", actions="engine.paohuzi.actions",
              words=("跑胡子", "跑胡子"), record_words=("跑胡子／下灌字牌", "跑胡子 or 下灌字牌 (paohuzi)"),
              sheets={"match": "engine.paohuzi.records:PaohuziSheetState"}, table_deal=True,
              table_action="play", review_hand="engine.paohuzi.written:hand_position"),
):
    register(_e)

#: the four games the archive records, in the order its pages and lists give them
ARCHIVE: tuple[str, ...] = tuple(_GAMES)

__all__ = ["ARCHIVE", "SEATS_EN", "SEATS_ZH", "STATE_CLASSES", "GameEntry", "entries", "entry", "load", "register", "seat_names", "unregister"]
