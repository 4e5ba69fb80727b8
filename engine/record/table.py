"""打围 with real dice: a game played at a table, written down throw by throw.

The protocol's 打围 (:mod:`engine.protocol.dawei`) rolls its dice from the seed. At a real
table the dice are thrown by hand, so the record says what they showed: setup tags
``[Dice "table"]`` and ``[First "C"]`` (who won the call for the first throw), and moves

``throw:441236``            a throw, the six faces as they lay (any order, each 1–6)
``drop:1`` / ``drop:2``     one or two dice fell out of the bowl (the throw is void)
``take:…``, ``pass``        a decision after a first split throw, as in the protocol
``split:<rule>:<pt>@152346``  a split decision, then what the second throw showed

The rules applied are the engine's own (:class:`engine.dawei.game.Game`): only the dice
come from the table instead of the generator.
"""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar

from ..dawei.game import seat_en, seat_zh
from ..protocol import IllegalAction
from ..protocol.dawei import DaweiState

_DICE = re.compile(r"^[1-6]{6}$")


class _TableDice(random.Random):
    """A generator that gives back the dice thrown at the table, in order (``roll`` reads ``random()``)."""

    def __init__(self) -> None:
        super().__init__(0)
        self.queue: list[int] = []

    def random(self) -> float:
        if not self.queue:  # the rules asked for dice the record did not give: a dropped throw's faces
            return 0.0
        return (self.queue.pop(0) - 1 + 0.5) / 6


class DaweiTableState(DaweiState):
    """打围 at a real table: the dice are the record's, the rules the engine's."""

    max_actions: ClassVar[int] = DaweiState.max_actions
    optional_setup: ClassVar[dict[str, Any]] = {}  # the dice are the table's: no last banker, no chosen drops

    @classmethod
    def read_setup(cls, position: dict[str, Any]) -> dict[str, Any]:
        setup = super().read_setup({**position, "seed": 0, "drop_chance": 0})
        del setup["seed"], setup["drop_chance"]
        first = position.get("first", 0)
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < setup["players"]:
            raise IllegalAction("掷头色的人应是桌上的一位。", "The first thrower should be one of the players at the table.")
        return {"dice": "table", "players": setup["players"], "first": first, "options": setup["options"]}

    @classmethod
    def setups(cls) -> list[dict[str, Any]]:
        return [{"players": 4}]

    def _start(self) -> None:
        super_setup = self.setup
        self.setup = {"seed": 0, "players": super_setup["players"], "options": super_setup["options"], "drop_chance": 0}
        try:
            super()._start()
        finally:
            self.setup = super_setup
        g = self.g
        first = super_setup["first"]
        g.rng = self.dice = _TableDice()
        g.first_thrower = g.current = first
        g.calls = []
        g.log = []
        g._log(first, f"{seat_zh(first)}叫点最大，掷头色。", f"{seat_en(first)} won the call and throws first.")

    def _legal(self) -> list[str]:
        out = []
        for a in super()._legal():
            if a == "throw":
                out += ["throw:<six faces>", "drop:1", "drop:2"]
            elif a.startswith("split:"):
                out.append(a + "@<six faces>")
            else:
                out.append(a)
        return out

    def apply(self, action: str) -> None:
        if not isinstance(action, str) or self.is_terminal():
            return super().apply(action)  # refused in the protocol's words
        base, _, dice = action.partition("@") if action.startswith("split:") else (action, "", "")
        if action.startswith("throw:"):
            base, dice = "throw", action[6:]
        elif action in ("drop:1", "drop:2"):
            base = "drop" + action[5]
        offered = self.g.legal_actions()
        ok = base in offered and (bool(dice) == (base == "throw" or base.startswith("split:")))
        if not ok or (dice and not _DICE.match(dice)):
            zh, en = "这一步现在不能走：请从可走的几步里选一步。", "That move cannot be made now: choose one of the moves offered."
            if base in offered and (base == "throw" or base.startswith("split:")):
                zh, en = "要写出色子的六个点数（每个 1 到 6），例如 throw:441236。", "Give the six faces the dice showed (each 1 to 6), for example throw:441236."
            raise IllegalAction(zh, en, len(self.actions))
        self.dice.queue = [int(c) for c in dice]
        self.g.apply(base)
        self.dice.queue = []
        self.actions.append(action)

    def action_words(self, action: str) -> tuple[str, str]:
        if action.startswith("throw:"):
            return f"掷出 {action[6:]}", f"Throws {action[6:]}"
        if action.startswith("drop:"):
            return f"掉出 {action[5:]} 颗色子", f"{action[5:]} dice fall out of the bowl"
        return super().action_words(action.partition("@")[0])


__all__ = ["DaweiTableState"]
