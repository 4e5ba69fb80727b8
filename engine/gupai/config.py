"""Rule options: each place where the source can be read two ways (see trace.OPTIONS)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..options import choose


@dataclass(frozen=True)
class GupaiConfig:
    # What one 墩 is when tricks are counted. "trick": one tile from each of the
    # four players (4 tiles, 8 墩 in a hand), as item (1) says. "stack": two tiles,
    # as the stacks of item (5), so a hand holds 16 墩.
    dun: str = "trick"
    # 叫牌 with two tiles: "倒着相比" counts each tile's place in its class.
    # "from_bottom": from the lowest (长三 is 倒数第二). "from_top": from the top
    # (四六 and 八点 are both 二把手).
    jiao_count: str = "from_bottom"


CHOICES: dict[str, tuple[str, ...]] = {
    "dun": ("trick", "stack"),
    "jiao_count": ("from_bottom", "from_top"),
}

DEFAULT = GupaiConfig()


def config_from(options: dict[str, Any] | None) -> GupaiConfig:
    """A config from ``{"dun": "stack", ...}``; ValueError on an unknown key or choice."""
    return choose(DEFAULT, CHOICES, options)
