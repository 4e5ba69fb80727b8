"""打围 through the protocol: :class:`engine.dawei.game.Game` as it is.

Moves are the game's own strings: ``throw``, and after a first throw of the split
phase ``take:<pattern>``, ``split:<rule>:<point>`` or ``pass``. Dice falling out of
the bowl are chance, not a choice: the setup's ``drop_chance`` sets how often. A table
that lets its reader play out that rule (the ``play`` action's) says ``"drops": true``:
then a throw may also be ``drop1`` or ``drop2``, a throw with one or two dice out of the
bowl. ``previous_banker`` (a seat) is the banker of the game before: he takes the 二牲
and throws first. Every stick and every die is on the table, so each seat observes the
same thing.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any, ClassVar
from collections.abc import Sequence

import random

from ..dawei.dice import ALL_OUTCOMES
from ..dawei.game import MAX_DROP_CHANCE, MAX_PLAYERS, MIN_PLAYERS, Config, Game, break_even, seat_en, seat_zh
from ..dawei.options import CHOICES, DEFAULT
from ..dawei.sticks import ANIMALS
from . import SEED_MAX, GameState, IllegalAction, fast_copy, one_option_at_a_time, read_int, read_options

#: ordered throws of six dice that are a straight (6!): the second throw of 顺斗顺
STRAIGHTS = 720

#: the last entries of the game's log an observation carries
LOG_TAIL = 12

#: a throw with one or two dice out of the bowl (offered where the setup says ``"drops": true``)
DROPS = ("drop1", "drop2")
#: a throw in words, and a throw with dice out of the bowl
THROW_WORDS: dict[str, tuple[str, str]] = {
    "throw": ("掷色", "Throw"),
    "drop1": ("掷色（掉一颗）", "Throw, one die out of the bowl"),
    "drop2": ("掷色（掉两颗）", "Throw, two dice out of the bowl"),
}


class DaweiState(GameState):
    game = "dawei"
    max_actions: ClassVar[int] = 10_000  # a game stops after 4,000 turns; a split turn is two moves
    hidden_cards: ClassVar[bool] = False  # sticks and dice are on the table for all to see
    optional_setup: ClassVar[dict[str, Any]] = {"previous_banker": 0, "drops": False}

    @classmethod
    def read_setup(cls, position: dict[str, Any]) -> dict[str, Any]:
        drop = position.get("drop_chance", 0)
        if isinstance(drop, bool) or not isinstance(drop, (int, float)) or not 0 <= drop <= MAX_DROP_CHANCE:
            raise IllegalAction(f"色子掉出碗外的机会应在 0 到 {MAX_DROP_CHANCE} 之间。",
                                f"The chance of a die falling out of the bowl should be from 0 to {MAX_DROP_CHANCE}.")
        setup: dict[str, Any] = {
            "seed": read_int(position, "seed", 0, 0, SEED_MAX, "种子", "the seed"),
            "players": read_int(position, "players", 4, MIN_PLAYERS, MAX_PLAYERS, "人数", "the number of players"),
            "options": read_options(position, CHOICES),
            "drop_chance": drop,
        }
        # two fields a table may add, written only when they are given
        if position.get("previous_banker") is not None:
            n = setup["players"]
            setup["previous_banker"] = read_int(position, "previous_banker", 0, 0, n - 1, "上局庄家的座位", "the seat of the last game's banker")
        drops = position.get("drops", False)
        if not isinstance(drops, bool):
            raise IllegalAction("“掉色”应写是或否：掷色的人能不能选择掉出一两颗色子。",
                                "Whether throws with dice out of the bowl are offered should be true or false.")
        if drops:
            setup["drops"] = True
        return setup

    @classmethod
    def setups(cls) -> list[dict[str, Any]]:
        return ([{"players": 4, "options": o} for o in one_option_at_a_time(CHOICES)]
                + [{"players": 2}, {"players": 9}, {"players": 3, "drop_chance": 0.05},
                   {"players": 5, "previous_banker": 3}, {"players": 3, "drop_chance": 0.05, "drops": True}])

    def _start(self) -> None:
        s = self.setup
        rules = replace(DEFAULT, **s["options"])
        self.g = Game(Config(s["players"], s["seed"], rules, float(s["drop_chance"]), s.get("previous_banker")))

    def num_players(self) -> int:
        return self.g.n

    def current_player(self) -> int | None:
        return None if self.g.is_terminal() else self.g.current

    def _legal(self) -> list[str]:
        if self.setup.get("drops"):
            return self.g.legal_actions()
        return [a for a in self.g.legal_actions() if a not in DROPS]

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
        return THROW_WORDS.get(action, THROW_WORDS["throw"])

    def why_not(self, action: str) -> tuple[str, str] | None:
        g = self.g
        if g.pending:
            if action in ("throw",) + DROPS:
                return ("分掷的首色已经掷出：先选一种取法、分掷，或放弃，然后才轮到下一手。",
                        "The first split throw is on the table: take, split or pass before the next throw.")
            if action == "pass" or action.startswith(("take:", "split:")):
                return ("这一首色给不了这种取法：只能从它给的几种里选。",
                        "This first throw does not offer that: choose one of the ways it gives.")
            return None
        if action in DROPS:
            return ("这张牌桌不让掷色的人选择掉色：色子掉不掉出碗外，由机会决定。",
                    "At this table nobody chooses to drop dice: whether a die falls out of the bowl is left to chance.")
        if action == "pass" or action.startswith(("take:", "split:")):
            return ("现在该掷色：取法、分掷和放弃只在分掷的首色之后才有。",
                    "It is time to throw: taking, splitting and passing come only after a first split throw.")
        return None

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

    # ------------------------------------------------------------ the strong level
    def strong_candidates(self) -> list[str]:
        """The moves worth weighing: never a throw with dice out of the bowl on purpose."""
        return [a for a in self.legal_actions() if a not in DROPS]

    def _resample(self, player: int, rng: random.Random) -> DaweiState:
        """Nothing is hidden, but the dice to come are not known: a copy whose later throws come
        from a fresh generator."""
        other = self.clone()
        other.g.rng = random.Random(rng.getrandbits(64))
        return other

    def strong_values(self) -> dict[str, float] | None:
        """The strong level's value of each choice after a first split throw, for the seat choosing:
        its expected result, the second throw weighed exactly over its 46,656 outcomes (a success,
        a miss, and for a split opened on a straight the 顺斗顺 sweep that ends the game as the red
        bowl does), and what follows valued as if the sticks left in the pool were shared evenly
        (the settlement of that end, the bank counted as equally likely for each seat while the
        lion is still in the pool). None when there is no choice to make."""
        g = self.g
        if not g.pending or g.is_terminal():
            return None
        seat, n, rules = g.current, g.n, g.rules
        ok = (1.0 - float(g.config.drop_chance)) ** 6  # no die falls out of the bowl
        out: dict[str, float] = {}
        for o in g.pending:
            if not o.action.startswith("split:") or o.chance_obj is None:
                c = self.clone()
                c.apply(o.action)
                out[o.action] = _leaf(c.g, seat)
                continue
            ch = o.chance_obj
            sweep = ch.rule.id in ("tiger_straight", "lion_straight")
            p_sweep = STRAIGHTS / ALL_OUTCOMES if sweep else 0.0
            p_win = float(o.chance) - (p_sweep if sweep and ch.need.met((1, 2, 3, 4, 5, 6), rules) else 0.0)
            won, missed = fast_copy(g), fast_copy(g)
            for x in (won, missed):
                x.pending, x.pending_dice = (), None
            won._give(seat, [ch.target], quiet=True)
            won._end_turn()
            missed._end_turn()
            pay = float(break_even(n, rules)) if rules.red_bowl_pay == "break_even" else float(n)
            v_miss = _leaf(missed, seat)
            out[o.action] = ok * (p_sweep * pay * (n - 1) + p_win * _leaf(won, seat) + (1 - p_sweep - p_win) * v_miss) + (1 - ok) * v_miss
        return out


def _leaf(g: Game, seat: int) -> float:
    """``seat``'s settlement at the end of ``g``, or, before the end, as if the sticks left in the pool
    were shared evenly (the bank, while the lion is in the pool, equally likely to be anyone's)."""
    if g.is_terminal():
        return float(g.settlement()[seat])
    n = g.n
    be = float(break_even(n, g.rules))
    share = g.pool_zhu() / n
    nets = [g.zhu(s) + share - be for s in range(n)]
    own, others = nets[seat], sum(nets) - nets[seat]
    if g.banker is not None:
        return -others if seat == g.banker else own
    return (n - 1) / n * own - others / n
