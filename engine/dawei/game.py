"""A whole game of 打围 for 2–16 players, seeded and replayable.

:class:`Game` is the state (OpenSpiel-like: ``legal_actions``, ``apply``,
``is_terminal``, ``returns``); every random event comes from its own
``random.Random(seed)``, so a seed and the list of actions replay the same game
and the same bilingual log. :func:`policy` is the computer player.

Actions are short strings:

``throw``            throw the six dice (drops out of the bowl follow ``Config.drop_chance``)
``drop1``, ``drop2``  throw with one or two dice falling out of the bowl (to play out that rule)
``take:<id>``        split phase: take what the first throw gives at once
``split:<rule>:<point>``  split phase: aim the second throw at that split rule
``pass``             split phase: take nothing and end the turn
"""

from __future__ import annotations

import random
from contextvars import ContextVar
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .dice import ALL_OUTCOMES, roll
from .options import DEFAULT, Rules
from .split import SplitChance, direct_muntjac, is_straight, openings, second_is_shun_dou_shun, success_ways
from .sticks import ANIMALS, BY_ID, TOTAL_ZHU, full_pool, zhu_of
from .sticks import names as stick_names
from .throws import classify

#: the source: "人数虽然不限，但一般不要超九人" — any number may play; the engine stops at
#: sixteen (the ten heavenly stems and six earthly branches name the seats)
MIN_PLAYERS, MAX_PLAYERS = 2, 16
#: break-even per player as printed in the source, by number of players (2–9);
#: beyond nine the source prints nothing and the exact 528/n is used
PRINTED_BREAK_EVEN: dict[int, int] = {2: 264, 3: 176, 4: 132, 5: 106, 6: 88, 7: 75, 8: 66, 9: 58}
SEATS_ZH = "甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳"
SEATS_EN = "ABCDEFGHIJKLMNOP"
#: the largest chance that one die falls out of the bowl: 0.1 leaves 53% of throws whole
#: (0.9⁶); above it most throws are void and a game no longer ends in reasonable time
MAX_DROP_CHANCE = 0.1
#: a game that has not ended after this many turns stops and is void; the longest of
#: thousands of seeded games at the largest drop chance took under 3,000
MAX_TURNS = 4_000
#: kinds that may be paid out as change for an exhausted kind (the fox has its own sequence)
CHANGE_KINDS = tuple(a.id for a in ANIMALS if a.id not in ("lion", "fox"))


def break_even(n: int, rules: Rules = DEFAULT) -> Fraction:
    if rules.break_even == "printed" and n in PRINTED_BREAK_EVEN:
        return Fraction(PRINTED_BREAK_EVEN[n])
    exact = Fraction(TOTAL_ZHU, n)
    if rules.break_even == "nearest":
        return Fraction(int(exact + Fraction(1, 2)))
    return exact


@dataclass(frozen=True)
class Config:
    players: int = 4
    seed: int = 0
    rules: Rules = DEFAULT
    #: chance that each die falls out of the bowl on a random throw (the source gives no rate)
    drop_chance: float = 0.0
    #: the banker of the previous game: throws first and takes the 二牲 (a chicken and a rabbit)
    previous_banker: int | None = None
    #: a game that has not ended after this many turns stops as "turn_limit" and is void
    max_turns: int = MAX_TURNS


@dataclass(frozen=True)
class LogEntry:
    turn: int
    seat: int | None
    zh: str
    en: str
    dice: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Option:
    """A choice after a split-phase first throw."""

    action: str
    zh: str
    en: str
    chance: Fraction  # of success (1 for take/pass)
    zhu: int  # 柱 gained if it succeeds
    chance_obj: SplitChance | None = None

    @property
    def expected(self) -> Fraction:
        return self.chance * self.zhu


#: while set, the log writes each seat as a mark (one private-use character a seat, never part of a word) that a
#: referee then gives as the family's name: a seat's letter cannot simply be replaced, as some are also part of
#: the game's words (子, the eleventh seat, of 色子 and 老狮子)
SEAT_MARKS: ContextVar[bool] = ContextVar("dawei_seat_marks", default=False)
MARK_BASE = 0xF0000


def seat_zh(s: int) -> str:
    return chr(MARK_BASE + s) if SEAT_MARKS.get() else SEATS_ZH[s]


def seat_en(s: int) -> str:
    return chr(MARK_BASE + s) if SEAT_MARKS.get() else SEATS_EN[s]


def names(kinds: list[str]) -> tuple[str, str]:
    return stick_names(kinds)


@dataclass
class Game:
    config: Config
    rng: random.Random = field(init=False)
    pool: dict[str, int] = field(init=False)
    holdings: list[dict[str, int]] = field(init=False)
    phase: str = field(init=False, default="main")  # main, split, over
    current: int = field(init=False, default=0)
    first_thrower: int = field(init=False, default=0)
    round_no: int = field(init=False, default=1)
    turn_no: int = field(init=False, default=0)  # turns begun
    idle: list[int] = field(init=False)
    straight_count: int = field(init=False, default=0)
    last_straight: int | None = field(init=False, default=None)
    lion_gone: bool = field(init=False, default=False)
    banker: int | None = field(init=False, default=None)
    pending_dice: tuple[int, ...] | None = field(init=False, default=None)
    pending: tuple[Option, ...] = field(init=False, default=())
    end_reason: str | None = field(init=False, default=None)
    bowl_winner: int | None = field(init=False, default=None)
    last_dice: tuple[int, ...] | None = field(init=False, default=None)
    log: list[LogEntry] = field(init=False)
    history: list[str] = field(init=False)
    calls: list[dict[int, int]] = field(init=False)  # the one-die calls for the first throw

    def __post_init__(self) -> None:
        n = self.config.players
        if not (MIN_PLAYERS <= n <= MAX_PLAYERS):
            raise ValueError(f"打围 is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {n}")
        self.rng = random.Random(self.config.seed)
        self.pool = full_pool()
        self.holdings = [{a.id: 0 for a in ANIMALS} for _ in range(n)]
        self.idle = [0] * n
        self.log = []
        self.history = []
        self.calls = []
        pb = self.config.previous_banker
        if pb is not None and 0 <= pb < n:
            self.first_thrower = pb
            self._log(pb, f"上局庄家{seat_zh(pb)}得“二牲”（一鸡一兔），并掷头色。", f"Last game's banker {seat_en(pb)} takes the two beasts (a chicken and a rabbit) and throws first.")
            self._give(pb, ["chicken", "rabbit"], quiet=True)
        else:
            self.first_thrower = self._call_first()
        self.current = self.first_thrower
        self.turn_no = 1

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

    # ------------------------------------------------------------ actions
    def is_terminal(self) -> bool:
        return self.phase == "over"

    def legal_actions(self) -> list[str]:
        if self.is_terminal():
            return []
        if self.pending:
            return [o.action for o in self.pending]
        return ["throw", "drop1", "drop2"]

    def apply(self, action: str) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"illegal action {action!r}")
        self.history.append(action)
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

    def _throw(self, forced_drop: int | None) -> tuple[int, ...] | None:
        """Six dice from the generator; None (and the penalty logged) if any fell out of the bowl."""
        seat = self.current
        dice = roll(self.rng)
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
        self.pending = ()
        first = self.pending_dice
        self.pending_dice = None
        if opt.action == "take:straight":
            self._straight(seat)
            return
        if first is not None and is_straight(first) and self.rules.split_straight == "counted" and self.pool["fox"] > 0:
            self.straight_count += 1
            self.last_straight = seat
            self._log(seat, f"{seat_zh(seat)}这一手顺也算一道顺（第 {self.straight_count} 道），{seat_zh(seat)}是最后掷顺的人。",
                      f"{seat_en(seat)}'s straight counts among the straights all the same (straight number {self.straight_count}): {seat_en(seat)} is the last to have thrown one.")
        if opt.action == "pass":
            self._log(seat, f"{seat_zh(seat)}放弃。", f"{seat_en(seat)} passes.")
            return
        if opt.action.startswith("take:"):
            pid = opt.action[5:]
            kinds = ["muntjac"] if pid == "split_muntjac" else list(classify(first or (), self.rules).awards)
            paid = self._give(seat, kinds)
            zh, en = names(paid)
            self._log(seat, f"{seat_zh(seat)}{opt.zh}：得{zh}。", f"{seat_en(seat)}: {opt.en} — takes {en}.")
            return
        ch = opt.chance_obj
        assert ch is not None
        second = self._throw(None)
        if second is None:
            return
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
        be = break_even(n, self.rules)
        if self.end_reason == "turn_limit" or not self.is_terminal():
            return [Fraction(0)] * n
        if self.end_reason in ("red_bowl", "shun_dou_shun") and self.bowl_winner is not None:
            pay = be if self.rules.red_bowl_pay == "break_even" else Fraction(n)
            return [pay * (n - 1) if s == self.bowl_winner else -pay for s in range(n)]
        if self.banker is None:
            # cannot happen when the pool is empty (whoever receives the lion is the banker);
            # kept so that the sum is zero whatever: each settles against an equal share
            share = Fraction(sum(self.zhu(s) for s in range(n)), n)
            return [Fraction(self.zhu(s)) - share for s in range(n)]
        nets = [Fraction(self.zhu(s)) - be for s in range(n)]
        nets[self.banker] = -sum((nets[s] for s in range(n) if s != self.banker), Fraction(0))
        return nets

    def returns(self) -> list[float]:
        return [float(x) for x in self.settlement()] if self.is_terminal() else [0.0] * self.n


def zhu_of_list(kinds: list[str]) -> int:
    return sum(BY_ID[k].zhu for k in kinds)


def policy(game: Game) -> str:
    """The computer player: throws; after a first split throw, takes the best expected 柱."""
    if game.pending:
        best = max(game.pending, key=lambda o: o.expected)
        return best.action
    return "throw"


def play_out(game: Game, limit: int = 200_000) -> Game:
    """Let the computer play every seat to the end (bounded)."""
    for _ in range(limit):
        if game.is_terminal():
            break
        game.apply(policy(game))
    return game


def summary(game: Game) -> dict[str, Any]:
    return {
        "end": game.end_reason,
        "banker": game.banker,
        "zhu": [game.zhu(s) for s in range(game.n)],
        "net": [float(x) for x in game.settlement()],
        "turns": game.turn_no,
    }
