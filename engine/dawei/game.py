"""打围's pure parts around the state (:mod:`engine.dawei.state`): the seats and their names, the
break-even, a game's configuration, the log's entries and the choices after a first split throw."""

from __future__ import annotations

import re
from contextvars import ContextVar
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..registry import SEATS_EN as REGISTRY_SEATS_EN, SEATS_ZH as REGISTRY_SEATS_ZH
from .options import DEFAULT, Rules
from .split import SplitChance
from .sticks import ANIMALS, BY_ID, TOTAL_ZHU

#: the source: "人数虽然不限，但一般不要超九人" — any number may play; the engine stops at
#: sixteen (the ten heavenly stems and six earthly branches name the seats)
MIN_PLAYERS, MAX_PLAYERS = 2, 16
#: break-even per player as printed in the source, by number of players (2–9);
#: beyond nine the source prints nothing and the exact 528/n is used
PRINTED_BREAK_EVEN: dict[int, int] = {2: 264, 3: 176, 4: 132, 5: 106, 6: 88, 7: 75, 8: 66, 9: 58}
SEATS_ZH, SEATS_EN = REGISTRY_SEATS_ZH, REGISTRY_SEATS_EN  # the seats as every record and page names them
#: the largest chance that one die falls out of the bowl: 0.1 leaves 53% of throws whole
#: (0.9⁶); above it most throws are void and a game no longer ends in reasonable time
MAX_DROP_CHANCE = 0.1
#: a game that has not ended after this many turns stops and is void; the longest of
#: thousands of seeded games at the largest drop chance took under 3,000
MAX_TURNS = 4_000
#: the entries the referee's page asks to be told at once (the table's log)
TOLD = 400
#: kinds that may be paid out as change for an exhausted kind (the fox has its own sequence)
CHANGE_KINDS = tuple(a.id for a in ANIMALS if a.id not in ("lion", "fox"))


def break_even(n: int, rules: Rules = DEFAULT) -> Fraction:
    if rules.break_even == "printed" and n in PRINTED_BREAK_EVEN:
        return Fraction(PRINTED_BREAK_EVEN[n])
    exact = Fraction(TOTAL_ZHU, n)
    if rules.break_even == "nearest":
        return Fraction(int(exact + Fraction(1, 2)))
    return exact


def net_of(zhu: int, n: int, rules: Rules = DEFAULT) -> Fraction:
    """What a player other than the banker receives (+) or pays (−) at the end: his sticks against the break-even."""
    return Fraction(zhu) - break_even(n, rules)


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


def seat_named(s: int | None, names: list[str]) -> dict[str, str]:
    if s is None:
        return {"zh": "", "en": ""}
    if names and names[s] not in (seat_zh(s), seat_en(s)):
        return {"zh": names[s], "en": names[s]}  # the family's own name, alone, once given
    return {"zh": seat_zh(s), "en": seat_en(s)}


_MARK = re.compile(f"[{chr(MARK_BASE)}-{chr(MARK_BASE + MAX_PLAYERS - 1)}]")


def told(text: str, names: list[str], lang: str) -> str:
    """Text the game wrote with seat marks (:data:`game.SEAT_MARKS`), every seat given as the family's name where
    they gave one, its letter otherwise."""
    return _MARK.sub(lambda m: seat_named(ord(m.group()) - MARK_BASE, names)[lang], text)


def told_all(x: Any, names: list[str], lang: str = "zh") -> Any:
    """Every text of an answer built from a game replayed with seat marks, told with the family's names (a key
    ending in the language tells which language a text is in; the answer's other texts are the page's)."""
    if isinstance(x, str):
        return told(x, names, lang)
    if isinstance(x, list):
        return [told_all(v, names, lang) for v in x]
    if isinstance(x, dict):
        return {k: told_all(v, names, "en" if k == "en" or k.endswith("_en") else "zh" if k == "zh" or k.endswith("_zh") else lang) for k, v in x.items()}
    return x


def zhu_of_list(kinds: list[str]) -> int:
    return sum(BY_ID[k].zhu for k in kinds)
