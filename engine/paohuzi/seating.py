"""The tables of 跑胡子 and 下灌字牌: who plays at four, three or two, each table's own rules (a new hand is
dealt at a table by :func:`engine.paohuzi.state.new_hand`), the computer seats' moves, and a finished hand's
sheet at its table (§1-1 … §1-3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dataclasses import replace
from collections.abc import Callable

from .ai import choose
from .config import RuleConfig
from .settle import Sheet, settle
from .table import ROLES, Action

if TYPE_CHECKING:  # the state is the one above this module: only its type is named here
    from .state import PaohuziState

#: table id -> (seats that play, whether a 醒家 sits out and counts)
TABLES = {"four": (3, True), "three": (3, False), "two": (2, False)}


#: the seats round the table from the dealer, in turn, by their roles (at four the 醒家 sits opposite the dealer
#: and plays no cards: the others are the roles of the seats that play, :data:`engine.paohuzi.table.ROLES`)
RING = {"four": ("zhuang", "xia", "xing", "shang"), "three": ROLES[3], "two": ROLES[2]}

TABLE_NAMES = {"four": ("四人局（三人打牌，醒家数醒）", "four at the table (three play, the counter sits out)"),
               "three": ("三人局", "three players"), "two": ("二人局", "two players")}


def table_config(cfg: RuleConfig, table: str) -> tuple[RuleConfig, int]:
    """The config and the cards set aside for a table (二人局: 21 戏, or twenty cards aside)."""
    if table == "three":
        cfg = replace(cfg, xing_chou=0, huang_xing=0)
    if table == "two":
        cfg = replace(cfg, xing_chou=0, huang_xing=0)
        if cfg.two_players == "aside":
            return cfg, 20
        return replace(cfg, threshold=max(cfg.threshold, 21)), 0
    return cfg, 0


def table_seats(h: PaohuziState, table: str) -> tuple[str, ...]:
    """The roles that settle at this table: the seats that play, and the 醒家 at four."""
    return tuple(h.roles) + (("xing",) if TABLES[table][1] else ())


def computer_move(h: PaohuziState, strong: Callable[[PaohuziState], Action | None] | None = None) -> Action:
    """The computer's move for the seat that must decide: ``strong``'s (the strong level, when asked for) where it
    chooses, else the basic player's (``strong`` answers None where it leaves the move to the basic player)."""
    seat = h.pending()
    assert seat is not None  # asked only while the hand goes on
    pick = strong(h) if strong is not None else None
    return pick if pick is not None else choose(h, seat)


def hand_sheet(h: PaohuziState, table: str) -> Sheet:
    """The sheet of a finished hand, through :func:`engine.paohuzi.settle.settle`."""
    assert h.result is not None
    r = h.result
    pens = hand_penalties(h)
    seats = table_seats(h, table)
    if r.winner is None:
        return settle(None, 0, False, (), pens, h.cfg, seats)
    if r.verdict is None or r.verdict.best is None:  # 诈胡: the cards do not even make a hand
        return settle(h.role(r.winner), 0, False, (), pens, h.cfg, seats)
    b = r.verdict.best
    return settle(h.role(r.winner), b.group_huxi, b.zimo, b.fans, pens, h.cfg, seats)


def hand_penalties(h: PaohuziState) -> list[tuple[str, str]]:
    """The fouls charged (charge mode): 拆坎 has no line of its own and counts only for a winner, as 诈胡 (§4-11)."""
    assert h.result is not None
    out: list[tuple[str, str]] = []
    for s in range(h.n):
        for f in h.fouls[s]:
            if f == "chai_kan":
                if s == h.result.winner:
                    out.append((h.role(s), "zha_hu"))
            elif f in dict(h.cfg.penalties):
                out.append((h.role(s), f))
    return list(dict.fromkeys(out))
