"""Settling a hand in 墩: 保门 at four, the 结牌 formula, 八马 bonuses, 封墩.

All amounts are in 墩 of the agreed stake ("多少钱一墩"). A player who is not
the closer settles against 保门: ``held - 4`` (negative: pays). The closer —
whoever wins the last trick (结牌) — adds the last trick to what they held
and takes the formula ``一结5 … 七结11``, i.e. ``n + 4``. Under the default
reading (a 墩 is one trick of four tiles, eight in a hand) these amounts
always sum to zero: what the three others owe against 保门 is exactly the
closer's formula.
"""

from __future__ import annotations

from dataclasses import dataclass

from .config import DEFAULT, GupaiConfig
from .tiles import HAND_SIZE, PLAYERS, SHANG

BAOMEN = 4  # 每人打得4墩，刚好保住基本数
JIE_BASE = 4  # 一结5: n + 4
BAMA_MULT = {"plain": 2, "red": 4, "hard": 4}


def total_dun(config: GupaiConfig = DEFAULT) -> int:
    """墩 in a whole hand: 8 (one per trick of four tiles) or 16 (one per stack of two)."""
    return HAND_SIZE if config.dun == "trick" else HAND_SIZE * 2


def dun_of_trick(tiles_each: int, config: GupaiConfig = DEFAULT) -> int:
    """墩 won with one trick in which each player laid ``tiles_each`` tiles."""
    return tiles_each if config.dun == "trick" else tiles_each * 2


def jie(n: int) -> int:
    """The 结牌 formula: 一结5, 二结6 … 七结11 (n 墩 after the last trick)."""
    if n < 1:
        raise ValueError("the closer holds at least the last trick")
    return n + JIE_BASE


@dataclass(frozen=True)
class Settlement:
    held: tuple[int, ...]  # 墩 per seat at the end (the closer's includes the last trick)
    closer: int
    nets: tuple[int, ...]  # per seat, in 墩 of the stake; + receives, − pays
    bama: str | None  # None, "plain", "red", "hard"
    multiplier: int
    sealed: tuple[int, ...]


def can_seal(hand: tuple[str, ...] | list[str]) -> bool:
    """封墩 is allowed when no tile is even the second best of its class (天地, 杂九杂八, 虎头四六)."""
    from .tiles import BY_CODE, TOP_RANK

    return all(BY_CODE[t].rank < TOP_RANK[BY_CODE[t].cls] - 1 for t in hand)


def bama_kind(closer_tiles: tuple[str, ...], contested: bool) -> str:
    """Kind of 八马: "hard" when nobody else ever laid a tile face up against the winner,
    "red" when the winner's eight tiles include a 赏, else "plain"."""
    if not contested:
        return "hard"
    if any(t in SHANG for t in closer_tiles):
        return "red"
    return "plain"


def settle(
    held: tuple[int, ...] | list[int],
    closer: int,
    config: GupaiConfig = DEFAULT,
    closer_tiles: tuple[str, ...] = (),
    contested: bool = True,
    sealed: tuple[int, ...] = (),
) -> Settlement:
    """Nets per seat. ``held`` already includes the closer's last trick."""
    held = tuple(held)
    if len(held) != PLAYERS or sum(held) != total_dun(config) or min(held) < 0:
        raise ValueError("held must give four non-negative counts adding up to the 墩 of a hand")
    if held[closer] < 1:
        raise ValueError("the closer holds at least the last trick")
    if closer in sealed:
        raise ValueError("a sealed hand takes no trick")
    if held[closer] == total_dun(config):
        kind = bama_kind(closer_tiles, contested)
        mult = BAMA_MULT[kind]
        pay = [0] * PLAYERS
        for s in range(PLAYERS):
            if s != closer:
                pay[s] = -BAOMEN if s in sealed else -BAOMEN * mult
        pay[closer] = -sum(pay)
        return Settlement(held, closer, tuple(pay), kind, mult, tuple(sorted(sealed)))
    nets = [0] * PLAYERS
    for s in range(PLAYERS):
        if s == closer:
            continue
        nets[s] = -BAOMEN if s in sealed else held[s] - BAOMEN
    if config.dun == "trick":
        nets[closer] = -sum(nets)  # equals jie(held[closer]); kept as a sum so sealing stays balanced
    else:
        nets[closer] = jie(held[closer])
    return Settlement(held, closer, tuple(nets), None, 1, tuple(sorted(sealed)))
