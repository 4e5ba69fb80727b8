"""打围 through the protocol: :class:`engine.dawei.game.Game` as it is.

Moves are the game's own strings: ``throw``, and after a first throw of the split
phase ``take:<pattern>``, ``split:<rule>:<point>`` or ``pass``. Dice falling out of
the bowl are chance, not a choice: the setup's ``drop_chance`` sets how often. Every
stick and every die is on the table, so each seat observes the same thing.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any, ClassVar, Sequence

from ..dawei.game import MAX_DROP_CHANCE, MAX_PLAYERS, MIN_PLAYERS, Config, Game, seat_en, seat_zh
from ..dawei.options import CHOICES, DEFAULT
from ..dawei.sticks import ANIMALS
from . import GameState, IllegalAction, one_option_at_a_time, read_int, read_options

#: the last entries of the game's log an observation carries
LOG_TAIL = 12


class DaweiState(GameState):
    game = "dawei"
    max_actions: ClassVar[int] = 10_000  # a game stops after 4,000 turns; a split turn is two moves
    hidden_cards: ClassVar[bool] = False  # sticks and dice are on the table for all to see

    @classmethod
    def read_setup(cls, position: dict[str, Any]) -> dict[str, Any]:
        drop = position.get("drop_chance", 0)
        if isinstance(drop, bool) or not isinstance(drop, (int, float)) or not 0 <= drop <= MAX_DROP_CHANCE:
            raise IllegalAction(f"色子掉出碗外的机会应在 0 到 {MAX_DROP_CHANCE} 之间。",
                                f"The chance of a die falling out of the bowl should be from 0 to {MAX_DROP_CHANCE}.")
        return {
            "seed": read_int(position, "seed", 0, 0, 2**32, "种子", "the seed"),
            "players": read_int(position, "players", 4, MIN_PLAYERS, MAX_PLAYERS, "人数", "the number of players"),
            "options": read_options(position, CHOICES),
            "drop_chance": drop,
        }

    @classmethod
    def setups(cls) -> list[dict[str, Any]]:
        return ([{"players": 4, "options": o} for o in one_option_at_a_time(CHOICES)]
                + [{"players": 2}, {"players": 9}, {"players": 3, "drop_chance": 0.05}])

    def _start(self) -> None:
        s = self.setup
        rules = replace(DEFAULT, **s["options"])
        self.g = Game(Config(s["players"], s["seed"], rules, float(s["drop_chance"])))

    def num_players(self) -> int:
        return self.g.n

    def current_player(self) -> int | None:
        return None if self.g.is_terminal() else self.g.current

    def _legal(self) -> list[str]:
        return [a for a in self.g.legal_actions() if a not in ("drop1", "drop2")]

    def _apply(self, action: str) -> None:
        self.g.apply(action)

    def is_terminal(self) -> bool:
        return self.g.is_terminal()

    def _returns(self) -> Sequence[Fraction]:
        return self.g.settlement()

    def action_words(self, action: str) -> tuple[str, str]:
        for o in self.g.pending:
            if o.action == action:
                return o.zh, o.en
        return "掷色子", "Throw the dice"

    def observation(self, player: int) -> dict[str, Any]:
        g = self.g
        return {
            "seat": player, "seat_name": {"zh": seat_zh(player), "en": seat_en(player)},
            "phase": g.phase, "to_move": self.current_player(), "round": g.round_no, "turn": g.turn_no,
            "pool": dict(g.pool), "holdings": [dict(h) for h in g.holdings], "zhu": [g.zhu(s) for s in range(g.n)],
            "idle": list(g.idle), "banker": g.banker, "first_thrower": g.first_thrower,
            "dice": list(g.last_dice) if g.last_dice else None,
            "first_split_throw": list(g.pending_dice) if g.pending_dice else None,
            "choices": [{"id": o.action, "zh": o.zh, "en": o.en, "chance": float(o.chance), "zhu": o.zhu} for o in g.pending],
            "log": [{"seat": e.seat, "zh": e.zh, "en": e.en, "dice": list(e.dice) if e.dice else None} for e in g.log[-LOG_TAIL:]],
            "end": g.end_reason, "kinds": [a.id for a in ANIMALS],
        }
