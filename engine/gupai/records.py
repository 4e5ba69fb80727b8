"""鄂南骨牌 kept at a real table, as a record: a session's ledger. The registry of games names its state here (its
``sheets``), so the records (:mod:`engine.record`) read it without importing this game.

A session as a record, one line per hand (the ledger, :class:`GupaiLedgerState`): setup tags ``[Sheet "ledger"]``
and ``[First "A"]`` (the seat that threw the dice for the first dealer; the source: 先派一人掷骰子定庄家), the rule
options as ``Option`` tags. Each move is a hand, written by :func:`engine.gupai.ledger.word`, and made by the seat
that threw for that hand's dealer: the closer of the hand before (尔后每结牌者为下盘掷骰子定庄). ``end`` closes the
session; the ``Result`` is then each player's total in 墩 over the session, summing to zero. Nothing is hidden:
every hand is entered after it is over.

A hand dealt at a real table (``[Deal "table"]``) is the game's own state given the tiles instead of a seed
(:class:`engine.gupai.state.GupaiState`).
"""

from __future__ import annotations

from typing import Any, ClassVar
from collections.abc import Sequence

from ..protocol import IllegalAction, one_option_at_a_time, read_options
from ..record.sheet import SheetState
from .config import CHOICES, config_from
from .ledger import MAX_HANDS, Hand, LedgerError, hand_words, parse_word, settle_hand
from .scoring import Settlement
from .tiles import PLAYERS


class GupaiLedgerState(SheetState):
    """A 骨牌 session entered hand by hand; the settlement is the engine's, under the session's options. Each hand
    entered is kept with its settlement and the totals after it (the ledger action answers from them). A hand is kept
    as written: its sealed seats in any order (:func:`engine.gupai.ledger.word` writes them in seat order)."""

    game = "gupai"
    max_actions: ClassVar[int] = MAX_HANDS + 1
    closed_words = ("这本账已经记完了。", "This ledger is closed: no hand may follow.")
    empty_words = ("一盘也没有记，不能结账。", "No hand is entered yet: the ledger cannot be closed.")
    most = MAX_HANDS
    full_words = (f"一本账至多记 {MAX_HANDS} 盘。", f"A ledger holds at most {MAX_HANDS} hands.")

    @classmethod
    def read_setup(cls, position: dict[str, Any]) -> dict[str, Any]:
        first = position.get("first", 0)
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < PLAYERS:
            raise IllegalAction("掷色子定头一盘庄家的人应是四家之一。", "Whoever threw the dice for the first dealer should be one of the four players.")
        return {"sheet": "ledger", "first": first, "options": read_options(position, CHOICES)}

    @classmethod
    def setups(cls) -> list[dict[str, Any]]:
        return [{"sheet": "ledger", "options": o} for o in one_option_at_a_time(CHOICES)]

    def _start(self) -> None:
        self.config = config_from(self.setup["options"])
        self.hands: list[Hand] = []
        self.settlements: list[Settlement] = []
        self.running: list[tuple[int, ...]] = []  # each player's total after each hand
        self.ended = False

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's total over the hands entered so far (in 墩, summing to zero)."""
        return self.running[-1] if self.running else (0,) * PLAYERS

    def num_players(self) -> int:
        return PLAYERS

    def current_player(self) -> int | None:
        if self.ended:
            return None
        return self.hands[-1].closer if self.hands else self.setup["first"]

    def _legal(self) -> list[str]:
        return ["hand:<what the hand came to>", "end"] if self.hands else ["hand:<what the hand came to>"]

    def _enter(self, action: str, k: int) -> None:
        try:
            h = parse_word(action)
            s = settle_hand(h, self.config)
        except LedgerError as e:
            raise IllegalAction(e.zh, e.en, k) from None
        self.hands.append(h)
        self.settlements.append(s)
        self.running.append(tuple(t + n for t, n in zip(self.totals, s.nets)))

    def _close(self, action: str, k: int) -> None:
        self.ended = True

    def is_terminal(self) -> bool:
        return self.ended

    def _returns(self) -> Sequence[int]:
        return list(self.totals)

    def action_words(self, action: str) -> tuple[str, str]:
        if action == "end":
            return "结账", "The session ends"
        try:
            h = parse_word(action)
            return hand_words(h, settle_hand(h, self.config))
        except LedgerError as e:
            return e.zh, e.en

    def observation(self, player: int) -> dict[str, Any]:
        return {"hands": len(self.hands), "totals": list(self.totals), "over": self.ended}

    # ------------------------------------------------------------ what records ask of a game
    def settlement_notes(self) -> list[tuple[str, str]]:
        """The hands the session's ledger holds."""
        return [(f"共记 {len(self.hands)} 盘，各家合计（墩）：", f"{len(self.hands)} hands entered; each player's total (in 墩):")]


__all__ = ["GupaiLedgerState"]
