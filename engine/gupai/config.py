"""Rule options: each place where the source can be read two ways (see trace.OPTIONS).

Every choice is a complete, playable reading: a hand settles to zero under
every combination (tests/gupai/test_gupai_options.py). Each choice has a
plain name in both languages (:data:`LABELS`), which is what readers see.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ..options import choose
from itertools import product


@dataclass(frozen=True)
class GupaiConfig:
    # 叫牌 with two tiles: "倒着相比" counts each tile's place in its class.
    # "from_bottom": from the lowest (长三 is 倒数第二). "from_top": from the top
    # (四六 and 八点 are both 二把手).
    jiao_count: str = "from_bottom"
    # 叫牌 with three tiles when 有重叫重 and 有幺叫幺 both apply: which comes first.
    jiao_order: str = "zhong_first"
    # 黑八马 (line 28): "在最后四张牌或以上结了牌，且含有赏".
    # "run": the closer won every trick of the last four tiles (or more) without a break,
    #        and a 赏 is among the tiles he played in that run;
    # "run_hand": the same run, the 赏 anywhere among the closer's eight tiles;
    # "off": not counted (an ordinary close).
    heibama: str = "run"
    # "赏保门进四" in a 黑八马 hand. "none": not applied (read as naming the 2-墩 holder's
    # exemption, "保了赏"); "dealer": the dealer (头家), not closing and holding exactly two 墩,
    # pays nothing and receives four from the closer.
    shang_baomen: str = "none"
    # 喜钱 when the 至尊 is played face up (line 11 gives no amount).
    # "one": each of the other players pays the 至尊's player one 墩; "none": nothing.
    xiqian: str = "one"
    # 硬八马 (line 30): "另三家合起来都打不起". "could_not": after the winner holds a trick,
    # no later player held a face-up play that beats it, in any trick; "every": every 八马 is 硬
    # (nobody ever laid a beating play against the winner, which is always true of a 八马).
    hard_bama: str = "could_not"


CHOICES: dict[str, tuple[str, ...]] = {
    "jiao_count": ("from_bottom", "from_top"),
    "jiao_order": ("zhong_first", "yao_first"),
    "heibama": ("run", "run_hand", "off"),
    "shang_baomen": ("none", "dealer"),
    "xiqian": ("one", "none"),
    "hard_bama": ("could_not", "every"),
}

#: the readings that change what a hand settles to (the lead rules do not enter a ledger)
SETTLING: tuple[str, ...] = ("heibama", "shang_baomen", "xiqian", "hard_bama")

#: what each option asks and what each choice means, in words (shown to readers; never the ids)
QUESTIONS: dict[str, tuple[str, str]] = {
    "jiao_count": ("叫小时从哪头数", "Calling the smaller tile: counting from which end"),
    "jiao_order": ("剩三张时“有重叫重”与“有幺叫幺”谁先", "Three tiles left: which lead rule comes first"),
    "heibama": ("黑八马怎样才算", "What makes a black eight-horse (黑八马)"),
    "shang_baomen": ("“赏保门进四”", "“赏保门进四” (the dealer's two tricks)"),
    "xiqian": ("至尊出现时的喜钱", "Wedding money (喜钱) when the supreme pair is played"),
    "hard_bama": ("硬八马怎样才算", "What makes a hard eight-horse (硬八马)"),
}

LABELS: dict[str, tuple[str, str]] = {
    "from_bottom": ("从本门最小的一级往上数", "count up from the lowest level of the class"),
    "from_top": ("从本门最大的一级往下数", "count down from the top level of the class"),
    "zhong_first": ("先“有重叫重”，再“有幺叫幺”", "first 有重叫重 (two of one class), then 有幺叫幺 (ace class first)"),
    "yao_first": ("先“有幺叫幺”，再“有重叫重”", "first 有幺叫幺 (ace class first), then 有重叫重"),
    "run": ("结牌者连赢最后四张（或更多）牌的每一圈，其中出过赏",
            "the closer wins every trick of the last four tiles (or more) in a row, playing a shang (赏) in them"),
    "run_hand": ("结牌者连赢最后四张（或更多）牌的每一圈，手中有赏即可",
                 "the closer wins every trick of the last four tiles (or more) in a row, and held a shang (赏)"),
    "off": ("不计黑八马（按普通结牌算）", "not counted (settled as an ordinary close)"),
    "dealer": ("庄家只得两墩时不出钱，反进四墩", "a dealer who holds just two tricks pays nothing and receives four"),
    "none": ("不另计", "not counted separately"),
    "one": ("另外每家出一墩", "each other player pays one trick (墩)"),
    "could_not": ("另三家在他得手之后始终没有打得起的牌", "after he holds a trick, none of the others has a play that beats it"),
    "every": ("凡八马都算硬八马", "every eight-horse counts as hard"),
}

DEFAULT = GupaiConfig()


def config_from(options: dict[str, Any] | None) -> GupaiConfig:
    """A config from ``{"jiao_count": "from_top", ...}``; ValueError on an unknown key or choice."""
    return choose(DEFAULT, CHOICES, options)


def as_dict(config: GupaiConfig) -> dict[str, str]:
    return {f.name: getattr(config, f.name) for f in fields(config)}


def all_configs() -> list[GupaiConfig]:
    """Every combination of the options (for tests and the notes' tables)."""

    keys = list(CHOICES)
    return [GupaiConfig(**dict(zip(keys, combo))) for combo in product(*(CHOICES[k] for k in keys))]
