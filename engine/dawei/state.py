"""A whole game of 打围 for 2–16 players: the state, which is the game protocol's.

:class:`DaweiState` is the table in progress (``engine.protocol.GameState``): the
pool, each seat's sticks, whose throw it is, the log, and the protocol's questions
(``legal_actions``, ``apply``, ``observation``, ``returns``, ``written``…). It is
opened from a written position, ``DaweiState({"seed": 5, "players": 3})``, or from
a :class:`~engine.dawei.game.Config` (:meth:`DaweiState.of`).

The dice come from one of two places, named by the setup, and the rules are the same:

* a seeded game (the default): every die, the call for the first throw included, comes
  from ``random.Random(seed)``, so a seed and the moves replay the same game and the same
  bilingual log;
* a real table (``"dice": "table"``, a record's ``[Dice "table"]``): the moves say what the
  dice showed, and ``first`` names who won the call for the first throw.

Moves are short strings. In a seeded game:

``throw``            throw the six dice (dice falling out of the bowl follow the setup's ``drop_chance``)
``drop1``, ``drop2``  a throw with one or two dice out of the bowl (offered where the setup says ``"drops": true``,
                     as the table's does, to play out that rule)
``take:<id>``        split phase: take what the first throw gives at once
``split:<rule>:<point>``  split phase: aim the second throw at that split rule
``pass``             split phase: take nothing and end the turn

At a real table a throw names its faces, as they lay (any order, each 1–6):

``throw:441236``            a throw
``drop:1`` / ``drop:2``     one or two dice fell out of the bowl (the throw is void)
``take:…``, ``pass``        a decision after a first split throw, as above
``split:<rule>:<pt>@152346``  a split decision, then what the second throw showed

``previous_banker`` (a seat) is the banker of the game before: he takes the 二牲 and
throws first. Every stick and every die is on the table, so each seat observes the same
thing. :func:`policy` is the computer player.
"""

from __future__ import annotations

import random
import re
from dataclasses import fields, replace
from fractions import Fraction
from typing import Any, ClassVar
from collections.abc import Callable, Sequence

from ..registry import SEATS_EN, SEATS_ZH

from ..protocol import SEED_MAX, GameState, IllegalAction, fast_copy, one_option_at_a_time, read_int, read_options
from .dice import ALL_OUTCOMES, roll
from .game import (CHANGE_KINDS, MAX_DROP_CHANCE, MAX_PLAYERS, MIN_PLAYERS, Config, LogEntry, Option, break_even, net_of,
                   seat_en, seat_zh, zhu_of_list)
from .options import CHOICES, DEFAULT, Rules
from .split import (SplitChance, direct_muntjac, is_straight, openings, second_is_shun_dou_shun, second_throw_odds, second_throws,
                    success_ways)
from .sticks import ANIMALS, BY_ID, full_pool, names, zhu_of
from .throws import classify
from .game import SEAT_MARKS, told_all

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
#: six faces written at a real table
_FACES = re.compile(r"^[1-6]{6}$")


#: how a review weighs a choice at 打围, in words (zh, en)
HOW = ("打围的每个选择都按第二掷可能掷出的每一种骰子和它的机会算准，不用设想，所以没有把握范围：数一样就是一样好，少一点就是差一点。",
       "Each choice at 打围 is weighed exactly over every way the dice of the second throw can fall, each by its chance: "
       "nothing is imagined, so there is no range; equal figures are equally good, a smaller one is worse.")

class DaweiState(GameState):
    """打围 in progress: the sticks, the turns and the dice, seeded or thrown at a real table."""

    game = "dawei"
    review_words: ClassVar[str | None] = "engine.dawei.review"  # the review's words in this game's terms
    max_actions: ClassVar[int] = 10_000  # a game stops after 4,000 turns; a split turn is two moves
    hidden_cards: ClassVar[bool] = False  # sticks and dice are on the table for all to see
    #: what a seeded game's setup may add (a game at a real table has neither: its dice are the table's)
    optional_setup: ClassVar[dict[str, Any]] = {"previous_banker": 0, "drops": False}

    config: Config
    rng: random.Random
    pool: dict[str, int]
    holdings: list[dict[str, int]]
    phase: str  # main, split, over
    current: int
    first_thrower: int
    round_no: int
    turn_no: int  # turns begun
    idle: list[int]
    straight_count: int
    last_straight: int | None
    lion_gone: bool
    banker: int | None
    pending_dice: tuple[int, ...] | None
    pending: tuple[Option, ...]
    end_reason: str | None
    bowl_winner: int | None
    last_dice: tuple[int, ...] | None
    log: list[LogEntry]
    calls: list[dict[int, int]]  # the one-die calls for the first throw (a seeded game)
    faces: list[int]  # at a real table: the faces the move being played gives

    # ------------------------------------------------------------ the setup
    @classmethod
    def read_setup(cls, position: dict[str, Any]) -> dict[str, Any]:
        if position.get("dice") == "table":
            return cls._table_setup(position)
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
    def _table_setup(cls, position: dict[str, Any]) -> dict[str, Any]:
        """A real table's setup: the players, who won the call for the first throw, the rule options."""
        setup = cls.read_setup({**position, "dice": None, "seed": 0, "drop_chance": 0})
        first = position.get("first", 0)
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < setup["players"]:
            raise IllegalAction("掷头色的人应是桌上的一位。", "The first thrower should be one of the players at the table.")
        return {"dice": "table", "players": setup["players"], "first": first, "options": setup["options"]}

    @classmethod
    def setups(cls) -> list[dict[str, Any]]:
        return ([{"players": 4, "options": o} for o in one_option_at_a_time(CHOICES)]
                + [{"players": 2}, {"players": 9}, {"players": 3, "drop_chance": 0.05},
                   {"players": 5, "previous_banker": 3}, {"players": 3, "drop_chance": 0.05, "drops": True}])

    @staticmethod
    def setup_of(config: Config, drops: bool = False) -> dict[str, Any]:
        """A seeded game's setup as a written position gives it: the seed, players, rule options (those off their
        default reading), the chance of a die falling out of the bowl, the last game's banker, and whether throws
        with dice out of the bowl are offered (``drops``)."""
        rules = config.rules
        options = {f.name: getattr(rules, f.name) for f in fields(rules) if getattr(rules, f.name) != getattr(DEFAULT, f.name)}
        setup: dict[str, Any] = {"seed": config.seed, "players": config.players, "options": options, "drop_chance": config.drop_chance}
        if drops:
            setup["drops"] = True
        if config.previous_banker is not None:
            setup["previous_banker"] = config.previous_banker
        return setup

    @classmethod
    def of(cls, config: Config, drops: bool = False) -> DaweiState:
        """The seeded game ``config`` names (:meth:`setup_of`). Its turn limit (``Config.max_turns``, for tests
        and benchmarks) is not part of the written position: a position always plays to the full limit."""
        st = cls(cls.setup_of(config, drops))
        st.config = replace(st.config, max_turns=config.max_turns)
        return st

    def _start(self) -> None:
        s = self.setup
        table = s.get("dice") == "table"
        rules = replace(DEFAULT, **s["options"])
        n = s["players"]
        self.config = Config(n, s.get("seed", 0), rules, float(s.get("drop_chance", 0)), s.get("previous_banker"))
        self.rng = random.Random(self.config.seed)
        self.faces = []
        self.pool = full_pool()
        self.holdings = [{a.id: 0 for a in ANIMALS} for _ in range(n)]
        self.phase, self.current, self.first_thrower, self.round_no, self.turn_no = "main", 0, 0, 1, 0
        self.idle = [0] * n
        self.straight_count, self.last_straight, self.lion_gone, self.banker = 0, None, False, None
        self.pending_dice, self.pending, self.end_reason, self.bowl_winner, self.last_dice = None, (), None, None, None
        self.log, self.calls = [], []
        pb = self.config.previous_banker
        if table:
            self.turn_no = 1
            first = self.first_thrower = s["first"]
            self._log(first, f"{seat_zh(first)}叫点最大，掷头色。", f"{seat_en(first)} won the call and throws first.")
        elif pb is not None and 0 <= pb < n:
            self.first_thrower = pb
            self._log(pb, f"上局庄家{seat_zh(pb)}得“二牲”（一鸡一兔），并掷头色。", f"Last game's banker {seat_en(pb)} takes the two beasts (a chicken and a rabbit) and throws first.")
            self._give(pb, ["chicken", "rabbit"], quiet=True)
        else:
            self.first_thrower = self._call_first()
        self.current = self.first_thrower
        self.turn_no = 1

    @property
    def at_table(self) -> bool:
        """Whether the dice are a real table's (the moves give their faces) rather than the seed's."""
        return self.setup.get("dice") == "table"

    # ------------------------------------------------------------ the protocol
    def num_players(self) -> int:
        return self.n

    def current_player(self) -> int | None:
        return None if self.is_terminal() else self.current

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def offered(self) -> list[str]:
        """What the rules let the seat to throw do now, in the seeded game's words: a throw (with dice out of the
        bowl too), or one of the ways a first split throw gives."""
        if self.is_terminal():
            return []
        if self.pending:
            return [o.action for o in self.pending]
        return ["throw", "drop1", "drop2"]

    def _legal(self) -> list[str]:
        if self.at_table:
            out = []
            for a in self.offered():
                if a == "throw":
                    out += ["throw:<six faces>", "drop:1", "drop:2"]
                elif a.startswith("split:"):
                    out.append(a + "@<six faces>")
                elif a not in DROPS:
                    out.append(a)
            return out
        if self.setup.get("drops"):
            return self.offered()
        return [a for a in self.offered() if a not in DROPS]

    def apply(self, action: str) -> None:
        if not self.at_table or not isinstance(action, str) or self.is_terminal():
            return super().apply(action)  # refused in the protocol's words
        base, _, dice = action.partition("@") if action.startswith("split:") else (action, "", "")
        if action.startswith("throw:"):
            base, dice = "throw", action[6:]
        elif action in ("drop:1", "drop:2"):
            base = "drop" + action[5]
        offered = self.offered()
        ok = base in offered and (bool(dice) == (base == "throw" or base.startswith("split:")))
        if not ok or (dice and not _FACES.match(dice)):
            zh, en = "这一步现在不能走：请从可走的几步里选一步。", "That move cannot be made now: choose one of the moves offered."
            if base in offered and (base == "throw" or base.startswith("split:")):
                zh, en = "要写出六颗色子掷出的点数，每颗 1 到 6 点。", "Give the faces the six dice showed, each from 1 to 6."
            raise IllegalAction(zh, en, len(self.actions))
        self.faces = [int(c) for c in dice]
        self._apply(base)
        self.faces = []
        self.actions.append(action)
        return None

    def _apply(self, action: str) -> None:
        seat = self.current
        if self.pending:
            opt = next(o for o in self.pending if o.action == action)
            self._decide(seat, opt)
            self._end_turn()
            return
        dropped = {"drop1": 1, "drop2": 2}.get(action, 0)
        dice = self._throw(dropped if action != "throw" else None)
        if dice is None:
            self._end_turn()
            return
        if self.phase == "main":
            self._main_throw(seat, dice)
            self._end_turn()
        else:
            self._split_first(seat, dice)
            if not self.pending:
                self._end_turn()

    def _returns(self) -> Sequence[Fraction]:
        return self.settlement()

    def action_words(self, action: str) -> tuple[str, str]:
        if self.at_table:
            if action == "throw:<six faces>":
                return "记下六颗色子掷出的点数", "Enter the faces the six dice showed"
            if action.startswith("throw:"):
                faces = list(action[6:])
                return f"掷出 {'、'.join(faces)} 点", f"Throws {', '.join(faces)}"
            if action.startswith("drop:"):
                n = action[5:]
                return f"掉出 {n} 颗色子", ("1 die falls out of the bowl" if n == "1" else f"{n} dice fall out of the bowl")
            action = action.partition("@")[0]
        for o in self.pending:
            if o.action == action:
                return o.zh, o.en
        return THROW_WORDS.get(action, THROW_WORDS["throw"])

    def why_not(self, action: str) -> tuple[str, str] | None:
        if self.pending:
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

    # ------------------------------------------------------------ what the strong level and the review ask of a game
    def basic_action(self) -> str:
        """The basic computer player (:func:`policy`): it sees only what every seat sees."""
        return policy(self)

    def review_how(self) -> tuple[str, str] | None:
        return HOW

    def observation(self, player: int) -> dict[str, Any]:
        return {
            "seat": player, "seat_name": {"zh": seat_zh(player), "en": seat_en(player)},
            "phase": self.phase, "to_move": self.current_player(), "round": self.round_no, "turn": self.turn_no,
            "pool": dict(self.pool), "holdings": [dict(h) for h in self.holdings], "zhu": [self.zhu(s) for s in range(self.n)],
            "idle": list(self.idle), "banker": self.banker, "first_thrower": self.first_thrower,
            "dice": list(self.last_dice) if self.last_dice else None,
            "first_split_throw": list(self.pending_dice) if self.pending_dice else None,
            "choices": [{"id": o.action, "zh": o.zh, "en": o.en, "chance": float(o.chance), "zhu": o.zhu} for o in self.pending],
            "log": [{"seat": e.seat, "zh": e.zh, "en": e.en, "dice": list(e.dice) if e.dice else None} for e in self.log[-LOG_TAIL:]],
            "end": self.end_reason, "kinds": [a.id for a in ANIMALS],
        }

    # ------------------------------------------------------------ the strong level
    def strong_candidates(self) -> list[str]:
        """The moves worth weighing: never a throw with dice out of the bowl on purpose."""
        return [a for a in self.legal_actions() if a not in DROPS]

    def _resample(self, player: int, rng: random.Random) -> DaweiState:
        """Nothing is hidden, but the dice to come are not known: a copy whose later throws come
        from a fresh generator."""
        other = self.clone()
        other.rng = random.Random(rng.getrandbits(64))
        return other

    def strong_values(self) -> dict[str, float] | None:
        """The strong level's value of each choice after a first split throw, for the seat choosing:
        its expected result, the second throw weighed exactly over its 46,656 outcomes (a success,
        a miss, and for a split opened on a straight the 顺斗顺 sweep that ends the game as the red
        bowl does: :func:`~engine.dawei.split.second_throw_odds`), each played on a copy of the table as the
        game plays it (:meth:`_choose`, then :meth:`_second_throw` with one throw of that outcome), and what
        follows valued as if the sticks left in the pool were shared evenly (:meth:`leaf_value`). None when
        there is no choice to make."""
        if not self.pending or self.is_terminal():
            return None
        seat = self.current
        ok = (1.0 - float(self.config.drop_chance)) ** 6  # no die falls out of the bowl
        out: dict[str, float] = {}
        for o in self.pending:
            ch = o.chance_obj
            if not o.action.startswith("split:") or ch is None:
                c = self.clone()
                c.apply(o.action)
                out[o.action] = c.leaf_value(seat)
                continue
            chosen = fast_copy(self)
            chosen._choose(seat, o)
            p_sweep, p_win = second_throw_odds(ch, self.rules)
            sweep, win, miss = second_throws(ch, self.rules)
            swept = p_sweep * fast_copy(chosen)._after_second(seat, ch, sweep) if p_sweep else 0.0
            won = p_win * fast_copy(chosen)._after_second(seat, ch, win)
            # a die out of the bowl: no second throw (weighed only where dice may fall out)
            void = (1 - ok) * fast_copy(chosen)._after_second(seat, ch, None) if ok < 1 else 0.0
            missed = (1 - p_sweep - p_win) * chosen._after_second(seat, ch, miss)  # the last: no copy needed
            out[o.action] = ok * (swept + won + missed) + void
        return out

    def _after_second(self, seat: int, ch: SplitChance, second: tuple[int, ...] | None) -> float:
        """``seat``'s :meth:`leaf_value` once this table (changed: a copy), a split ``ch`` chosen, has thrown
        ``second`` for it (None: no second throw, as when a die falls out of the bowl) and ended the turn."""
        if second is not None:
            self._second_throw(seat, ch, second)
        self._end_turn()
        return self.leaf_value(seat)

    def leaf_value(self, seat: int) -> float:
        """``seat``'s settlement at the end of the game, or, before the end, as if the sticks left in the pool
        were shared evenly (the bank, while the lion is in the pool, equally likely to be anyone's)."""
        if self.is_terminal():
            return float(self.settlement()[seat])
        n = self.n
        be = float(break_even(n, self.rules))
        share = self.pool_zhu() / n
        nets = [self.zhu(s) + share - be for s in range(n)]
        own, others = nets[seat], sum(nets) - nets[seat]
        if self.banker is not None:
            return -others if seat == self.banker else own
        return (n - 1) / n * own - others / n

    # ------------------------------------------------------------ helpers
    @property
    def rules(self) -> Rules:
        return self.config.rules

    @property
    def n(self) -> int:
        return self.config.players

    def _log(self, seat: int | None, zh: str, en: str, dice: tuple[int, ...] | None = None) -> None:
        self.log.append(LogEntry(self.turn_no, seat, zh, en, dice))

    def _call_first(self) -> int:
        """One die each; the highest throws first; ties throw again among themselves."""
        tied = list(range(self.n))
        for _attempt in range(100):
            faces = {s: self.rng.randint(1, 6) for s in tied}
            self.calls.append(faces)
            top = max(faces.values())
            zh = "，".join(f"{seat_zh(s)}{faces[s]}" for s in tied)
            en = ", ".join(f"{seat_en(s)} {faces[s]}" for s in tied)
            self._log(None, f"叫点（一颗色子）：{zh}。", f"Calling with one die: {en}.")
            tied = [s for s in tied if faces[s] == top]
            if len(tied) == 1:
                break
        s = tied[0]
        self._log(s, f"{seat_zh(s)}点大，掷头色。", f"{seat_en(s)} has the highest and throws first.")
        return s

    def zhu(self, seat: int) -> int:
        return zhu_of(self.holdings[seat])

    def pool_zhu(self) -> int:
        return zhu_of(self.pool)

    def plan_payment(self, kinds: list[str]) -> list[str]:
        """Sticks actually handed over for ``kinds``: the stick itself, or change in smaller sticks."""
        pool = dict(self.pool)
        out: list[str] = []
        for k in kinds:
            if pool[k] > 0:
                pool[k] -= 1
                out.append(k)
                continue
            need = BY_ID[k].zhu
            for small in CHANGE_KINDS:
                v = BY_ID[small].zhu
                if v >= BY_ID[k].zhu:
                    continue
                while need >= v and pool[small] > 0:
                    pool[small] -= 1
                    out.append(small)
                    need -= v
        return out

    def _give(self, seat: int, kinds: list[str], quiet: bool = False) -> list[str]:
        paid = self.plan_payment(kinds)
        for k in paid:
            self.pool[k] -= 1
            self.holdings[seat][k] += 1
        if not quiet and sorted(paid) != sorted(kinds):
            missing = [k for k in kinds if self.holdings[seat][k] == 0 or k not in paid]
            gone = sorted(set(missing), key=list(BY_ID).index)
            wzh = "、".join(BY_ID[k].zh for k in gone)
            wen = " or ".join(BY_ID[k].en if BY_ID[k].en.endswith("deer") or BY_ID[k].count == 1 else BY_ID[k].en + "s" for k in gone)
            if paid:
                self._log(seat, f"场上已无{wzh}：以小签凑数。", f"No {wen} left in the pool: paid in smaller sticks.")
            else:
                self._log(seat, f"场上已无{wzh}，也无更小的签可凑。", f"No {wen} left in the pool, and no smaller sticks to pay with.")
        if "lion" in paid:
            self._lion_taken(seat)
        return paid

    def _lion_taken(self, seat: int) -> None:
        self.lion_gone = True
        if self.banker is None:
            self.banker = seat
            self._log(seat, f"{seat_zh(seat)}得老狮子，做庄家。", f"{seat_en(seat)} takes the old lion and is the banker.")
        if self.rules.fox_after_lion == "last_thrower" and self.pool["fox"] > 0 and self.last_straight is not None:
            s = self.last_straight
            self._give(s, ["fox"], quiet=True)
            self._log(s, f"老狮子已出，最后掷顺的{seat_zh(s)}取走顺签。", f"The old lion is out: {seat_en(s)}, the last to throw a straight, takes the fox.")

    # ------------------------------------------------------------ the fox
    def plan_straight(self, seat: int) -> tuple[str, str, list[str]]:
        """What a straight thrown now by ``seat`` gives, without changing anything."""
        r = self.rules
        if self.pool["fox"] == 0:
            return "顺后得豹", "a straight after the fox: a leopard", ["leopard"]
        first = self.round_no == 1 if r.fox_first == "first_round" else self.turn_no == 1
        if first:
            return "首轮掷顺，拿走顺签", "a straight in the first round: the fox", ["fox"]
        if self.lion_gone:
            return "老狮子已出，掷顺即拿走顺签", "the old lion is out, so the straight takes the fox", ["fox"]
        k = self.straight_count + 1
        if k == 1:
            return "头道顺：一鸡一兔一獐", "the first straight: a chicken, a rabbit and a muntjac", ["chicken", "rabbit", "muntjac"]
        if k == 2 and self.last_straight == seat:
            return "亲手二道顺，拿走顺签", "an own second straight: the fox", ["fox"]
        if k == 2:
            return "二道顺：一鸡一兔", "the second straight: a chicken and a rabbit", ["chicken", "rabbit"]
        return "三道顺，拿走顺签", "the third straight: the fox", ["fox"]

    def _straight(self, seat: int) -> None:
        zh, en, kinds = self.plan_straight(seat)
        if kinds != ["leopard"] and kinds != ["fox"]:
            self.straight_count += 1
            self.last_straight = seat
        paid = self._give(seat, kinds)
        pzh, pen = names(paid)
        self._log(seat, f"{seat_zh(seat)}：{zh}（得{pzh}）。", f"{seat_en(seat)}: {en[0].upper() + en[1:]} (takes {pen}).")

    def _roll(self) -> tuple[int, ...]:
        """Six dice as they land: the seed's, or at a real table the faces the move gives (a throw with dice
        out of the bowl gives none: six ones stand for its faces)."""
        if self.at_table:
            return tuple(self.faces) if self.faces else (1,) * 6
        return roll(self.rng)

    def _throw(self, forced_drop: int | None) -> tuple[int, ...] | None:
        """Six dice from the generator; None (and the penalty logged) if any fell out of the bowl."""
        seat = self.current
        dice = self._roll()
        if forced_drop is None:
            dropped = sum(1 for _ in range(6) if self.config.drop_chance > 0 and self.rng.random() < self.config.drop_chance)
        else:
            dropped = forced_drop
        self.last_dice = dice
        if dropped:
            if self.phase == "main":
                self.idle[seat] += dropped
                self._log(seat, f"{seat_zh(seat)}掉出{dropped}颗色子：此掷无效，闲{dropped}轮。", f"{seat_en(seat)} threw {dropped} dice out of the bowl: the throw is void and they sit out {dropped} round(s).", dice)
            else:
                self._log(seat, f"{seat_zh(seat)}掉出{dropped}颗色子：分掷中掉色无效（不闲）。", f"{seat_en(seat)} threw {dropped} dice out of the bowl: void in the split phase (no turn lost).", dice)
            return None
        return dice

    def _special(self, seat: int, special: str, dice: tuple[int, ...]) -> bool:
        if special == "red_bowl":
            self._log(seat, f"{seat_zh(seat)}掷出红一碗：里抄外抄，本局结束。", f"{seat_en(seat)} throws the red bowl: the sweep inside and out; the game ends.", dice)
            self.bowl_winner = seat
            self._finish("red_bowl")
            return True
        if special == "black_bowl":
            # with the old lion among the sticks swept, the fox rule after the lion may give the fox to the last
            # player who threw a straight first (rule option bowl_fox); whatever is left goes to the thrower
            hold_fox = self.rules.bowl_fox == "last_straight" and self.pool["lion"] > 0
            paid = self._give(seat, [k for k, n in self.pool.items() for _ in range(n) if not (hold_fox and k == "fox")], quiet=True)
            paid += self._give(seat, [k for k, n in self.pool.items() for _ in range(n)], quiet=True)
            self._log(seat, f"{seat_zh(seat)}掷出黑一碗：外抄，场上余签（{len(paid)}支）全归其所有。", f"{seat_en(seat)} throws the black bowl: the outer sweep — every stick left in the pool ({len(paid)}) is theirs.", dice)
            return False
        return False

    def _main_throw(self, seat: int, dice: tuple[int, ...]) -> None:
        p = classify(dice, self.rules)
        if p.special == "straight":
            self._log(seat, f"{seat_zh(seat)}掷出顺。", f"{seat_en(seat)} throws a straight.", dice)
            self._straight(seat)
            return
        if p.special:
            self._special(seat, p.special, dice)
            return
        if not p.awards:
            self._log(seat, f"{seat_zh(seat)}掷空。", f"{seat_en(seat)} throws a blank and takes nothing.", dice)
            return
        paid = self._give(seat, list(p.awards))
        zh, en = names(paid)
        self._log(seat, f"{seat_zh(seat)}掷出{p.zh}，得{zh}。", f"{seat_en(seat)} throws {p.en_article()}: takes {en}.", dice)

    def options_for(self, seat: int, dice: tuple[int, ...]) -> list[Option]:
        """What a split-phase first throw lets ``seat`` do."""
        opts: list[Option] = []
        r = self.rules
        one = Fraction(1)
        if r.split_direct == "main_patterns":
            p = classify(dice, r)
            if p.special == "straight":
                zh, en, kinds = self.plan_straight(seat)
                opts.append(Option("take:straight", f"按顺规则：{zh}", f"As a straight: {en}", one, zhu_of_list(self.plan_payment(kinds))))
            elif p.awards:
                got = self.plan_payment(list(p.awards))
                if got:
                    zh, en = names(list(p.awards))
                    opts.append(Option(f"take:{p.id}", f"按正掷{p.zh}得{zh}", f"As the main-phase {p.en}: {en}", one, zhu_of_list(got)))
        if direct_muntjac(dice):
            got = self.plan_payment(["muntjac"])
            if got:
                opts.append(Option("take:split_muntjac", "分獐：正得一支獐", "Split muntjac: a muntjac at once", one, zhu_of_list(got)))
        for ch in openings(dice, r):
            zhu = zhu_of_list(self.plan_payment([ch.target]))
            if zhu == 0:
                continue
            dzh, den = ch.need.describe()
            chance = Fraction(success_ways(ch.need, r), ALL_OUTCOMES)
            opts.append(Option(f"split:{ch.key}", f"{ch.rule.zh}：再掷须有{dzh}", f"{ch.rule.en}: the second throw needs {den}", chance, zhu, ch))
        if opts:
            opts.append(Option("pass", "放弃", "Pass", one, 0))
        return opts

    def _split_first(self, seat: int, dice: tuple[int, ...]) -> None:
        p = classify(dice, self.rules)
        if p.special in ("red_bowl", "black_bowl") and self.rules.split_bowl == "bowl":
            self._special(seat, p.special, dice)
            return
        opts = self.options_for(seat, dice)
        if not opts:
            self._log(seat, f"{seat_zh(seat)}分掷首色无所得。", f"{seat_en(seat)}: the first split throw opens nothing.", dice)
            return
        self.pending_dice = dice
        self.pending = tuple(opts)
        self._log(seat, f"{seat_zh(seat)}分掷首色，可选：{'；'.join(o.zh for o in opts)}。", f"{seat_en(seat)}'s first split throw; choices: {'; '.join(o.en for o in opts)}.", dice)

    def _decide(self, seat: int, opt: Option) -> None:
        """The choice ``opt`` after a first split throw, played: taken, passed, or a split and its second throw."""
        ch = self._choose(seat, opt)
        if ch is None:
            return
        second = self._throw(None)
        if second is not None:
            self._second_throw(seat, ch, second)

    def _choose(self, seat: int, opt: Option) -> SplitChance | None:
        """What the choice ``opt`` after a first split throw does before any second throw: the choices are
        gone, a first throw that was a straight counts among the straights where the rules say so
        (``split_straight``), and taking or passing is done. The split to throw for, or None."""
        self.pending = ()
        first = self.pending_dice
        self.pending_dice = None
        if opt.action == "take:straight":
            self._straight(seat)
            return None
        if first is not None and is_straight(first) and self.rules.split_straight == "counted" and self.pool["fox"] > 0:
            self.straight_count += 1
            self.last_straight = seat
            self._log(seat, f"{seat_zh(seat)}这一手顺也算一道顺（第 {self.straight_count} 道），{seat_zh(seat)}是最后掷顺的人。",
                      f"{seat_en(seat)}'s straight counts among the straights all the same (straight number {self.straight_count}): {seat_en(seat)} is the last to have thrown one.")
        if opt.action == "pass":
            self._log(seat, f"{seat_zh(seat)}放弃。", f"{seat_en(seat)} passes.")
            return None
        if opt.action.startswith("take:"):
            pid = opt.action[5:]
            kinds = ["muntjac"] if pid == "split_muntjac" else list(classify(first or (), self.rules).awards)
            paid = self._give(seat, kinds)
            zh, en = names(paid)
            self._log(seat, f"{seat_zh(seat)}{opt.zh}：得{zh}。", f"{seat_en(seat)}: {opt.en} — takes {en}.")
            return None
        assert opt.chance_obj is not None
        return opt.chance_obj

    def _second_throw(self, seat: int, ch: SplitChance, second: tuple[int, ...]) -> None:
        """The second throw ``second`` of the split ``ch`` that ``seat`` chose: 顺斗顺, a success or a miss."""
        if second_is_shun_dou_shun(ch, second):
            self._log(seat, f"{seat_zh(seat)}顺斗顺：里抄外抄（同红一碗），本局结束。", f"{seat_en(seat)}: straight upon straight — the sweep inside and out, as for the red bowl; the game ends.", second)
            self.bowl_winner = seat
            self._finish("shun_dou_shun")
            return
        if ch.need.met(second, self.rules):
            paid = self._give(seat, [ch.target])
            zh, en = names(paid)
            self._log(seat, f"{seat_zh(seat)}{ch.rule.zh}成功，得{zh}。", f"{seat_en(seat)}: {ch.rule.en} — success, takes {en}.", second)
        else:
            self._log(seat, f"{seat_zh(seat)}{ch.rule.zh}未中。", f"{seat_en(seat)}: {ch.rule.en} — missed.", second)

    def _end_turn(self) -> None:
        if self.phase == "over":
            return
        if self.phase == "main" and self.pool["chicken"] == 0 and self.pool["rabbit"] == 0:
            self.phase = "split"
            self._log(None, "鸡、兔已全部掷完，进入分掷。", "Every chicken and rabbit is taken: the split phase begins.")
        if sum(self.pool.values()) == 0:
            self._finish("pool_empty")
            return
        if self.turn_no >= self.config.max_turns:
            self._log(None, f"已掷 {self.config.max_turns} 手仍未掷完，游戏中止，本局作废，无人输赢。", f"{self.config.max_turns} turns have gone by and sticks are still left: the game stops and is void; nobody wins or loses.")
            self._finish("turn_limit")
            return
        for _ in range(self.n * 8 + 64):  # each seat skips at most its idle count
            self.current = (self.current + 1) % self.n
            if self.current == self.first_thrower:
                self.round_no += 1
            if self.idle[self.current] > 0:
                self.idle[self.current] -= 1
                self._log(self.current, f"{seat_zh(self.current)}闲一轮。", f"{seat_en(self.current)} sits out this round.")
                continue
            break
        self.turn_no += 1

    def _finish(self, reason: str) -> None:
        self.phase = "over"
        self.pending = ()
        self.end_reason = reason
        if reason == "pool_empty":
            self._log(None, "签牌全部掷完，清点结算。", "Every stick is taken: count up and settle.")

    # ------------------------------------------------------------ settlement
    def settlement(self) -> list[Fraction]:
        """Each seat's gain (+) or loss (−) in 柱; the gains and losses always sum to zero.

        The source settles only when every stick is taken (or by the red bowl), so a
        game stopped by the turn limit is void: nobody pays. Otherwise the others
        settle with the banker, who takes whatever the break-even figures leave over.
        """
        n = self.n
        if self.end_reason == "turn_limit" or not self.is_terminal():
            return [Fraction(0)] * n
        if self.end_reason in ("red_bowl", "shun_dou_shun") and self.bowl_winner is not None:
            pay = self.bowl_pay()
            return [pay * (n - 1) if s == self.bowl_winner else -pay for s in range(n)]
        if self.banker is None:
            # cannot happen when the pool is empty (whoever receives the lion is the banker);
            # kept so that the sum is zero whatever: each settles against an equal share
            share = Fraction(sum(self.zhu(s) for s in range(n)), n)
            return [Fraction(self.zhu(s)) - share for s in range(n)]
        nets = [net_of(self.zhu(s), n, self.rules) for s in range(n)]
        nets[self.banker] = -sum((nets[s] for s in range(n) if s != self.banker), Fraction(0))
        return nets

    def bowl_pay(self) -> Fraction:
        """What each other seat pays whoever throws the red bowl or 顺斗顺 (the sweep inside and out): one
        break-even, or as many 柱 as there are players (rule option ``red_bowl_pay``)."""
        return break_even(self.n, self.rules) if self.rules.red_bowl_pay == "break_even" else Fraction(self.n)


    # ------------------------------------------------------------ what records ask of a game
    narrates_moves: ClassVar[bool] = True  # a move is told by what the game said of it: the throw and what the dice showed
    writes_narration: ClassVar[bool] = True  # and a record writes that beside the throw

    def log_mark(self) -> int:
        return len(self.log)

    def events_since(self, mark: int) -> list[tuple[str, str]]:
        return [(e.zh, e.en) for e in self.log[mark:]]

    def settlement_notes(self) -> list[tuple[str, str]]:
        """Each seat's 柱 beside the break-even."""
        even = Fraction(break_even(self.num_players(), self.rules))
        said = str(even.numerator) if even.denominator == 1 else f"{even.numerator}/{even.denominator}"
        return [(f"{SEATS_ZH[s]}家得 {self.zhu(s)} 柱，保本 {said} 柱。", f"{SEATS_EN[s]} holds {self.zhu(s)} zhu; break-even is {said}.")
                for s in range(self.num_players())]

    @classmethod
    def referee_named(cls, tell: Callable[[bool], dict[str, Any]], names: list[str]) -> dict[str, Any]:
        """打围's sentences are written with seat marks, then told with the players' names."""

        marks = SEAT_MARKS.set(True)
        try:
            report = tell(True)
        finally:
            SEAT_MARKS.reset(marks)
        return {**report, "moves": told_all(report["moves"], names), "opening": told_all(report["opening"], names),
                "notes": told_all(report["notes"], names)}

    # ------------------------------------------------------------ a table of several people at one device (issue 42)
    @classmethod
    def table_sizes(cls) -> list[tuple[int, dict[str, Any]]]:
        """From two players to sixteen."""
        return [(n, {"players": n}) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)]

    def observation_words(self, player: int) -> tuple[str, str]:
        """Nothing is hidden: the sticks each seat holds and those left in the pool, by their names."""

        def sticks(held: dict[str, int]) -> tuple[str, str]:
            got = [(BY_ID[k], n) for k, n in held.items() if n]
            return ("、".join(f"{a.zh} {n} 支" for a, n in got) or "没有签", ", ".join(f"{n} {a.en}" for a, n in got) or "no sticks")

        ob = self.observation(player)
        zh: list[str] = []
        en: list[str] = []
        for s, held in enumerate(ob["holdings"]):
            z, e = sticks(held)
            you = s == player
            zh.append(f"{'你（' + SEATS_ZH[s] + '家）' if you else SEATS_ZH[s] + '家'}：{z}，共 {self.zhu(s)} 柱。")
            en.append(f"{'You (' + SEATS_EN[s] + ')' if you else SEATS_EN[s]}: {e}; {self.zhu(s)} zhu in all.")
        z, e = sticks(ob["pool"])
        zh.append(f"签筒里还有：{z}。")
        en.append(f"Left in the pool: {e}.")
        return " ".join(zh), " ".join(en)

    @classmethod
    def table_choices(cls) -> list[dict[str, Any]]:
        """The dice thrown in the page (the seed's), or real dice thrown at the table and entered, with who won the call
        for the first throw; real dice are thrown by people, so every seat is a person's."""
        return [{"zh": "色子怎么掷", "en": "How the dice are thrown", "answers": [
            {"zh": "在网页上掷", "en": "Throw in the page", "setup": {}},
            {"zh": "用真的色子掷，再把点数输进来", "en": "Throw real dice and enter them", "setup": {"dice": "table"},
             "seat": {"field": "first", "zh": "谁叫点最大、掷头色", "en": "Who won the call and throws first"},
             "people": {"zh": "用真的色子时，每个座位都由人来掷：请把每个座位都选为“一个人”。",
                        "en": "With real dice every seat throws for itself: choose a person for every seat."}},
        ]}]

    def move_entry(self, action: str) -> dict[str, Any] | None:
        """At a real table, a throw (or a split throw) is the six faces the dice showed, entered one die at a time."""
        hole = "<six faces>"
        if not self.at_table or not action.endswith(hole):
            return None
        before = action[: -len(hole)]
        if before == "throw:":
            zh, en = "掷色子：把掷出的六颗色子的点数输进来", "Throw the dice: enter the six faces they show"
        else:
            wz, we = self.action_words(action)
            zh, en = f"{wz}：把掷出的六颗色子的点数输进来", f"{we}: enter the six faces the dice show"
        fields = [{"zh": f"第 {k} 颗色子的点数", "en": f"Die {k}: its face", "lo": 1, "hi": 6} for k in range(1, 7)]
        return {"before": before, "after": "", "fields": fields, "zh": zh, "en": en, "go": {"zh": "就是这一手", "en": "Play this throw"}}


def policy(state: DaweiState) -> str:
    """The computer player: throws; after a first split throw, takes the best expected 柱."""
    if state.pending:
        best = max(state.pending, key=lambda o: o.expected)
        return best.action
    return "throw"


__all__ = ["DROPS", "LOG_TAIL", "THROW_WORDS", "DaweiState", "policy"]
