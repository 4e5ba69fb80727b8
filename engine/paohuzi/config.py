"""All rule parameters of the engine in one frozen object, :class:`RuleConfig`.

Every place where the source leaves a choice open is a field here, and a
:class:`engine.trace.RuleOption` in :mod:`engine.paohuzi.trace` names it (same
id, same choices). A variant (for example 下灌字牌) is a different
``RuleConfig``: other 胡息 values, other group kinds allowed, other pair rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any
from collections.abc import Mapping

# (small, big) 胡息 of each group kind; "shun123" is 一二三 / 壹贰叁, "bian_red" 二七十 / 贰柒拾
DEFAULT_HUXI: dict[str, tuple[int, int]] = {
    "dui": (0, 0),
    "shun": (0, 0),
    "shun123": (3, 6),
    "bian_mixed": (0, 0),
    "bian_red": (3, 6),
    "kan": (3, 6),
    "wei": (3, 6),
    "peng": (1, 3),
    "pao": (6, 9),
    "ti": (9, 12),
}

#: penalty kind -> (points the offender loses, points each other seat gains)
#: ``RuleConfig.pairs_per_ti`` of the reading "any" (yezixi.txt appendix 6): more pairs for each 提 than any hand holds
PAIRS_ANY = 99

DEFAULT_PENALTIES: dict[str, tuple[int, int]] = {
    "zha_hu": (30, 10),
    "zou_pao": (15, 5),
    "shi_ti": (9, 3),
    "shao_bi": (6, 2),
    "chou_zhang": (3, 1),
}


def _frozen(d: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(d.items()))


@dataclass(frozen=True)
class RuleConfig:
    """Rule parameters. Defaults are the readings chosen for the booklet's 跑胡子."""

    # --- options (each has a RuleOption in trace.py with the same id)
    threshold: int = 15  # paohuzi.threshold: 10 | 15 | 21
    deng_base: str = "15"  # paohuzi.deng_base: §6's table is fixed at "15" = 1 等 | the "threshold" is 1 等
    threshold_zimo: str = "with"  # paohuzi.threshold_zimo: "with" | "without" the 自摸 +3
    red_rule: str = "at_least"  # paohuzi.red_rule: 红胡 "at_least" ten red | "exactly" ten
    liang: str = "open"  # paohuzi.liang: the 亮张 is "open" (like another's draw) | "self" (自摸)
    xia_shun: str = "allow"  # paohuzi.xia_shun: 顺胡/编胡 on 下家's stock card "allow" | "forbid"
    void_hu: str = "penalties"  # paohuzi.void_hu: a void win scores "penalties" only | "huang" too
    po_pao: str = "any"  # paohuzi.po_pao: a pao may be broken from "any" 坎 (hand, 偎, 碰) | only the "hand"'s
    liang_kan: str = "dealer"  # paohuzi.liang_kan: the dealer's 亮张 joins his hand ("dealer": pair + it = 坎) | is "peng"'d
    foul_win: str = "zha_hu"  # paohuzi.foul_win: a winner's 烧比/走跑/失提/臭张 is charged as "zha_hu" (A) | its "own" letter
    two_hu: str = "order"  # paohuzi.two_hu: two seats can win on one card: the first in turn "order" | the "most" valuable
    claim_rank: str = "hu"  # paohuzi.claim_rank: 胡 before every claim ("hu") | claims by "seat" order from the card's owner
    two_players: str = "threshold"  # paohuzi.two_players: a two-seat table needs 21 戏 ("threshold") | sets 20 cards "aside"
    chi_shang_draw: str = "forbid"  # paohuzi.chi_shang_draw: only the 上家's discard and one's own draw may be 吃'd ("forbid", 3-2 只能) | the 下家 may also 吃 the card his 上家 turns from the stock ("allow")
    claim_kan: str = "forbid"  # paohuzi.claim_kan: a 碰/吃 that leaves only 坎 to discard is "forbid"den | "allow"ed (a 坎 is then broken)
    void_deal: str = "pass"  # paohuzi.void_deal: after a void win the deal "pass"es as after a 荒牌 | the "winner" deals anyway
    liang_pao: str = "pao"  # paohuzi.liang_pao: a non-dealer holding three of the 亮张 must "pao" it | the "dealer" takes it all the same
    # --- play (state machine) parameters: 跑胡子 defaults; 下灌字牌 (XIAGUAN) changes them
    deal_mode: str = "liang"  # "liang": 20 each, the 亮张 turned, 收张 | "banker21": the banker takes 21, no 亮张
    chi_own_draw: bool = True  # a player may 吃 the stock card he turned himself (字牌: only the upper seat's discard)
    chi_red_bian: bool = True  # 吃 may form 二七十 (字牌's list of 吃 forms names only 顺子 and 半边)
    xiahuo: str = "clear"  # 比牌 / 下火: every held copy of a taken card goes down at once ("clear") | one copy a group ("separate")
    self_fourth: str = "forced"  # an own-drawn fourth onto a held 坎 or 偎 must be 提 ("forced") | is "free"
    chou_wei_shown: bool = True  # 臭偎 (a 偎 of a card once passed for 碰) is shown face up
    chong_pao_skip: bool = True  # 重跑不打牌: after a second 提/跑 the player does not discard
    hu_stock_only: bool = True  # 胡底牌: only a stock card wins, never a discard
    words: str = "paohuzi"  # the words the table's log is written in: "paohuzi" | "xiaguan" (下灌字牌's, engine/paohuzi/xiaguan.py)
    # --- fixed parameters (a variant may change them)
    zimo_bonus: int = 3
    deng_step: int = 3
    huxi: tuple[tuple[str, tuple[int, int]], ...] = field(default_factory=lambda: _frozen(DEFAULT_HUXI))
    kinds: frozenset[str] = frozenset({"dui", "shun", "bian", "kan", "wei", "peng", "pao", "ti"})
    red_bian: bool = True
    mixed_bian: bool = True
    two_big_bian: bool = False  # 字牌's reading banbian "two_big": a mixed bian only of two big and one small (read by 吃 and kind_of)
    max_pairs: int = 1  # pairs in a whole layout (跑胡子), unless ``pairs_per_ti`` is set
    pair_needs_quad: bool = False  # a pair counts only beside a four-of-a-kind (implied by ``pairs_per_ti``)
    # 下灌字牌 (yezixi.txt appendix 6, 叶子戏's reading "pairs"): the pairs a layout may hold for each 提/跑 (开招) in it,
    # in place of ``max_pairs`` (0: ``max_pairs`` in all, as 跑胡子; PAIRS_ANY: no limit once there is one); read
    # through engine.paohuzi.arrange.pair_allowance alone
    pairs_per_ti: int = 0
    hand_size: int = 20  # cards in hand after the deal (the 21st wins)
    xing_chou: int = 1  # 醒筹 in 等, paid by each loser to the 醒家
    huang_xing: int = 2  # 荒牌: the 庄家 pays the 醒家 this much
    penalties: tuple[tuple[str, tuple[int, int]], ...] = field(default_factory=lambda: _frozen(DEFAULT_PENALTIES))

    def __hash__(self) -> int:  # searched often as a cache key: hash the fields once
        try:
            return self.__dict__["_hash"]
        except KeyError:
            h = hash(tuple(getattr(self, f) for f in self.__dataclass_fields__))
            object.__setattr__(self, "_hash", h)
            return h

    def huxi_of(self, key: str, big: bool) -> int:
        return _table(self.huxi)[key][1 if big else 0]

    def penalty(self, kind: str) -> tuple[int, int]:
        return dict(self.penalties)[kind]

    def with_options(self, options: Mapping[str, str]) -> RuleConfig:
        """A copy with option ids (``"paohuzi.threshold"`` or ``"threshold"``) set to choices (strings)."""
        from .trace import OPTIONS  # here, not at the top: engine.paohuzi.trace imports this module (a cycle)

        by_id = {o.id.split(".", 1)[1]: o for o in OPTIONS}
        changes: dict[str, Any] = {}
        for key, value in options.items():
            short = key.split(".", 1)[1] if key.startswith("paohuzi.") else key
            opt = by_id.get(short)
            if opt is None or str(value) not in opt.choices:
                raise KeyError(key)
            changes[short] = int(value) if short == "threshold" else str(value)
        return replace(self, **changes)


@lru_cache(maxsize=64)
def _table(items: tuple[tuple[str, tuple[int, int]], ...]) -> dict[str, tuple[int, int]]:
    return dict(items)


DEFAULT = RuleConfig()
