"""下灌字牌 (the appendix of yezixi.txt) as a variant of the 跑胡子 table: its configuration and its own words.

The table (:mod:`.table`) plays both; this module says how 下灌 differs: :data:`XIAGUAN` (the flags of
the shared :class:`~engine.paohuzi.config.RuleConfig`), :func:`xiaguan_config` (the variant under the
reader's rule options) and the names 下灌 gives the same groups and moves. :mod:`engine.yezi.zipai`
(the 下灌 rules a config cannot express) builds on :data:`XIAGUAN`.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .config import DEFAULT, RuleConfig

#: the variants of the table: id -> name (zh, en)
VARIANTS = {"paohuzi": ("跑胡子", "paohuzi"), "xiaguan": ("下灌字牌", "Xiaguan zi pai")}

#: 下灌字牌 as a configuration of the 跑胡子 engine and its table (engine.paohuzi.table): a pair
#: only beside a four-of-a-kind; the banker takes 21 and no card is turned up; 吃 only the upper
#: seat's discard, into a 顺子 or 半边; 下火 (every held copy goes down with the card); a 扫牌
#: is never shown; an own-drawn fourth onto a held three is a forced 开招.
XIAGUAN: RuleConfig = replace(
    DEFAULT,
    pair_needs_quad=True,
    deal_mode="banker21",
    chi_own_draw=False,
    chi_shang_draw="forbid",  # 吃牌只能吃上家打出的牌: never a card the 上家 turns from the stock
    chi_red_bian=False,
    xiahuo="clear",
    self_fourth="forced",
    chou_wei_shown=False,
)

#: the reader's rule options that carry over to 下灌字牌 (the others are the variant's own)
SHARED_OPTIONS = ("threshold", "two_hu", "claim_rank", "foul_win", "void_hu", "xia_shun", "po_pao")


def xiaguan_config(base: RuleConfig = DEFAULT) -> RuleConfig:
    """下灌字牌 as a configuration of the same machine (yezixi.txt, appendix), under ``base``'s shared options."""
    return replace(XIAGUAN, **{k: getattr(base, k) for k in SHARED_OPTIONS})


#: 下灌字牌's names for the open groups (yezixi.txt appendix): 开招 for 提 and 跑, 扫牌 for 偎
GROUP_NAMES = {"ti": ("开招", "four alike (kaizhao)"), "pao": ("开招", "four alike (kaizhao)"), "wei": ("扫牌", "three alike, face down (saopai)"),
               "peng": ("坎子（碰）", "three alike, claimed (peng)"), "shun": ("顺子", "run (shunzi)")}
RED_BIAN = ("二七十", "2-7-10 (erqishi)")
MIXED_BIAN = ("半边", "one number, both cases (banbian)")
FACE_DOWN = ("扫牌（暗）", "saopai, face down")

#: 下灌字牌's own names for the same moves (yezixi.txt appendix): 扫牌 for 偎, 开招 for 提 and 跑
_ZIPAI_ZH = (("后提，翻开最上面一张", "亮牌"), ("翻开最下面一张", "亮牌"), ("背面朝下", "暗牌"), ("前提", "开招"), ("后提", "开招"),
             ("亮提", "开招"), ("重跑", "再开招"), ("两提", "两个开招"), ("臭偎", "扫牌"), ("偎", "扫牌"), ("提", "开招"), ("跑", "开招"), ("庄家", "庄家"), ("收张", "收张"))
_ZIPAI_EN = (("(bottom card face up)", "(face up)"), ("(top card face up)", "(face up)"), ("a second ti or pao (chong pao)", "a second four alike"),
             ("two ti (chong pao)", "two fours alike"), ("(chou wei)", "(saopai)"), ("wei", "saopai"), ("ti", "kaizhao"), ("pao", "kaizhao"))


def zipai_words(text: str, lang: str) -> str:
    """A log line in 下灌字牌's words."""
    if lang == "zh":
        for a, b in _ZIPAI_ZH:
            text = text.replace(a, b)
        return text
    for a, b in _ZIPAI_EN:
        text = re.sub(r"\b" + re.escape(a) + r"\b", b, text) if a.isalpha() else text.replace(a, b)
    return text
