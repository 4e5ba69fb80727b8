"""下灌字牌 (the appendix of yezixi.txt), its rules written once: the one module of one game that another game reads.

Three readers: the 跑胡子 table plays 下灌字牌 as a variant (:data:`XIAGUAN`, the flags of the shared
:class:`~engine.paohuzi.config.RuleConfig`; :func:`xiaguan_config`, the variant under the reader's rule options;
the names 下灌 gives the same groups and moves, :data:`GROUP_NAMES`, :data:`WORDS`); 叶子戏's 字牌
(:mod:`engine.yezi.zipai`, a translation into 叶子戏's codes and names) takes from here the cards and their shuffle
(the 跑胡子 engine's own), the deal's sizes, the group kinds with their names and their 跑胡子 counterparts
(:data:`KINDS`, :func:`kind_of`), the rule flags under its readings (:func:`rules_of`), the table's arrangement
search (``arrange_counts``) and pair rule (``pair_allowance``: one pair for each 开招, or any number) and the table's own
statement of what a seat may or must do with a card it meets (:class:`~engine.paohuzi.table.Meeting`); the 跑胡子 table's
吃 and its lesson read :func:`partners`. pyproject.toml lets 叶子戏's
字牌 import this module of engine/paohuzi/ and no other.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Protocol
from collections.abc import Iterable

from .arrange import arrange_counts, pair_allowance
from .cards import COPIES, FACES, Card, counts_of, full_deck, parse_card, shuffled_deck
from .config import DEFAULT, PAIRS_ANY, RuleConfig
from .groups import Group, is_mixed_bian, is_red_bian, is_run, partners, two_big_ok
from .table import WORDS as PAOHUZI_WORDS, Meeting
from .trace import OPTIONS

#: what 叶子戏's 字牌 takes from here with the rules: the 80 cards and their shuffle are the 跑胡子 engine's, and so
#: are the arrangement search, the pairs it allows and what a seat may or must do with a card it meets (:class:`~engine.paohuzi.table.Meeting`)
__all__ = ["COPIES", "FACES", "Card", "Meeting", "arrange_counts", "counts_of", "full_deck", "pair_allowance", "parse_card", "partners", "shuffled_deck"]

#: the variants of the table: id -> name (zh, en)
VARIANTS = {"paohuzi": ("跑胡子", "paohuzi"), "xiaguan": ("下灌字牌", "Xiaguan zi pai")}

#: 下灌字牌 as a configuration of the 跑胡子 engine and its table (engine.paohuzi.table): a pair
#: only beside a four-of-a-kind, one for each (叶子戏's default reading of appendix 6); the banker takes 21 and no card is turned up; 吃 only the upper
#: seat's discard, into a 顺子 or 半边; 下火 (every held copy goes down with the card); a 扫牌
#: is never shown; an own-drawn fourth onto a held three is a forced 开招.
XIAGUAN: RuleConfig = replace(
    DEFAULT,
    pair_needs_quad=True,
    pairs_per_ti=1,  # 对子: one for each 开招 in the layout (docs/yezi/notes.md#pairs)
    deal_mode="banker21",
    chi_own_draw=False,
    chi_shang_draw="forbid",  # 吃牌只能吃上家打出的牌: never a card the 上家 turns from the stock
    chi_red_bian=False,
    xiahuo="clear",
    self_fourth="forced",
    chou_wei_shown=False,
    words="xiaguan",
)

#: the reader's rule options that carry over to 下灌字牌 (the others are the variant's own)
SHARED_OPTIONS = ("threshold", "two_hu", "claim_rank", "foul_win", "void_hu", "xia_shun", "po_pao")


def variant_options(variant: str) -> tuple[str, ...]:
    """The rule options (short names) a table of this variant reads: every 跑胡子 option, or those 下灌字牌
    shares; an option outside the list changes nothing there and is refused (:func:`not_applicable`)."""
    names = tuple(o.id.split(".", 1)[1] for o in OPTIONS)
    return tuple(n for n in names if n in SHARED_OPTIONS) if variant == "xiaguan" else names


def not_applicable(option: str, variant: str) -> tuple[str, str] | None:
    """Why a rule option (short name) cannot be set in this variant, in both languages; None when it can
    (or when the game has no such option at all: that is another refusal)."""
    o = next((o for o in OPTIONS if o.id.split(".", 1)[1] == option), None)
    if o is None or option in variant_options(variant):
        return None
    name_zh, name_en = VARIANTS[variant]
    return (f"规则选项“{o.zh}”不适用于{name_zh}：{name_zh}在这一点上按它自己的规则行牌，这个选项只改变跑胡子。",
            f"The rule option “{o.en}” does not apply to {name_zh} ({name_en}): that game follows its own rule here, and the option changes only 跑胡子.")


def xiaguan_config(base: RuleConfig = DEFAULT) -> RuleConfig:
    """下灌字牌 as a configuration of the same machine (yezixi.txt, appendix), under ``base``'s shared options."""
    return replace(XIAGUAN, **{k: getattr(base, k) for k in SHARED_OPTIONS})


#: the seats of a 下灌字牌 deal and their cards (the appendix: 庄家抓21张牌; the three seats are 跑胡子's table's)
PLAYERS = 3
BANKER_CARDS = 21
OTHER_CARDS = 20


@dataclass(frozen=True)
class Kind:
    """A group of 下灌字牌 (yezixi.txt appendix 1–6): its name and the 跑胡子 engine's kind for the same cards."""

    id: str
    zh: str
    en: str
    size: int
    paohuzi: str  # engine.paohuzi.groups.KINDS


KINDS: dict[str, Kind] = {
    k.id: k
    for k in (
        Kind("kaizhao", "开招", "four alike (kaizhao)", 4, "ti"),
        Kind("kanzi", "坎子", "three alike (kanzi)", 3, "kan"),
        Kind("banbian", "半边", "one number, both cases (banbian)", 3, "bian"),
        Kind("shunzi", "顺子", "run (shunzi)", 3, "shun"),
        Kind("erqishi", "二七十", "2-7-10 (erqishi)", 3, "bian"),
        Kind("duizi", "对子", "pair (duizi)", 2, "dui"),
    )
}


def _name(kind: str) -> tuple[str, str]:
    return KINDS[kind].zh, KINDS[kind].en


#: 下灌字牌's names for the groups (yezixi.txt appendix): 开招 for 提 and 跑, 扫牌 for 偎, 坎子 for a 坎 and a 碰
GROUP_NAMES = {"ti": _name("kaizhao"), "pao": _name("kaizhao"), "wei": ("扫牌", "three alike, face down (saopai)"),
               "peng": ("坎子（碰）", "three alike, claimed (peng)"), "kan": _name("kanzi"), "shun": _name("shunzi"),
               "dui": _name("duizi")}
RED_BIAN = _name("erqishi")
MIXED_BIAN = _name("banbian")


def group_name(kind: str, cards: Iterable[Card]) -> tuple[str, str]:
    """A group of the 跑胡子 table (its kind and cards) by 下灌字牌's name for it, at the table and in a hand laid out."""
    if kind == "bian":
        return RED_BIAN if is_red_bian(tuple(cards)) else MIXED_BIAN
    return GROUP_NAMES[kind]
FACE_DOWN = ("扫牌（暗）", "saopai, face down")

#: the sentences of a hand's log that 下灌字牌 says in its own words (扫牌 for 偎, 开招 for 提 and 跑), in place of
#: 跑胡子's (:data:`engine.paohuzi.table.WORDS`, with the same keys and fields); ``way.<id>`` names a way to win
WORDS: dict[str, tuple[str, str]] = {
    "qian_ti": ("{who}起手四张{card}，亮成开招（亮牌）。",
                "{Who} was dealt four {card_en} and shows them as a kaizhao (face up)."),
    "empty_skip": ("{who}手中无牌可打，这一次不打牌（和再开招一样，牌数多算一张），由{next}接着行牌。",
                   "{Who} has no card left to discard: no discard this time (as after a chong kaizhao, the hand counts one card more); {next_en} goes on."),
    "chong_pao": ("{who}再开招，不打牌，由{next}接着行牌。",
                  "{Who} has made a second four alike: no discard, {next_en} goes on."),
    "two_ti": ("{who}起手有两个开招，这一次不打牌（再开招不打牌），由{next}接着行牌。",
               "{Who} was dealt two fours alike: no discard this time, {next_en} goes on."),
    "draw_down": ("{who}摸一张底牌，暗牌（扫牌）。",
                  "{Who} draws a stock card and keeps it face down (saopai)."),
    "chou_wei": ("{who}摸到放过碰的{card}，必须扫牌，并亮出一张（扫牌）。",
                 "{Who} draws the {card_en} he once let go for peng: he must saopai it and show one card (saopai)."),
    "wei": ("{who}手中有一对，摸到第三张，必须扫牌（暗牌）。",
            "{Who} holds a pair and draws the third: he must saopai it, face down."),
    "hou_ti": ("{who}摸到第四张{card}，必须开招（亮牌）。",
               "{Who} draws the fourth {card_en}: he must kaizhao (face up)."),
    "pao": ("{who}有{card}三张，出现第四张，必须开招（四张全翻开）。",
            "{Who} holds three {card_en} and the fourth appears: he must kaizhao, all four face up."),
    "zou_pao": ("走开招：该开招的牌没有开招。", "Missed kaizhao (zou kaizhao): a required kaizhao was not made."),
    "shi_ti": ("失开招：应该开招的牌没有开招。", "Missed kaizhao (shi kaizhao): a required kaizhao was not made."),
    "way.wei_hu": ("扫牌胡", "win by saopai"),
    "way.pao_hu": ("开招胡", "win by kaizhao"),
    "way.ti_hu": ("开招胡", "win by kaizhao"),
    "way.po_pao_hu": ("破开招胡", "win by breaking a kaizhao"),
}
#: the log's words of each variant (``cfg.words``): 跑胡子's, or 下灌字牌's in place of theirs
WORDS_OF: dict[str, dict[str, tuple[str, str]]] = {"paohuzi": PAOHUZI_WORDS, "xiaguan": {**PAOHUZI_WORDS, **WORDS}}


# ---------------------------------------------------------------- 叶子戏's 字牌 under its reading options


class Readings(Protocol):
    """The reading options of 叶子戏's 字牌 that move a flag of the table (engine.yezi.config.YeziConfig's)."""

    @property
    def banbian(self) -> str: ...  # "mixed" | "two_big"
    @property
    def pairs(self) -> str: ...  # "per_kaizhao" | "any"
    @property
    def chi_forms(self) -> str: ...  # "shunzi_banbian" | "with_erqishi"
    @property
    def xiahuo(self) -> str: ...  # "clear" | "separate"
    @property
    def self_fourth(self) -> str: ...  # "kaizhao" | "free"


@lru_cache(maxsize=64)
def rules_of(readings: Readings) -> RuleConfig:
    """下灌字牌 under 叶子戏's reading options, as the flags of the shared table (one place for the 字牌 checks)."""
    return replace(
        XIAGUAN,
        two_big_bian=readings.banbian == "two_big",
        pairs_per_ti=1 if readings.pairs == "per_kaizhao" else PAIRS_ANY,
        chi_red_bian=readings.chi_forms == "with_erqishi",
        xiahuo=readings.xiahuo,
        self_fourth="forced" if readings.self_fourth == "kaizhao" else "free",
    )


def kind_of(cards: Iterable[Card], cfg: RuleConfig = XIAGUAN) -> str | None:
    """The 下灌 group kind (a :data:`KINDS` id) these cards make on their own under ``cfg`` (对子 whatever stands
    beside it), by the 跑胡子 engine's shapes: alike (开招, 坎子, 对子), a run, 二七十, a mixed 半边; else None."""
    cs = tuple(sorted(cards))
    if len(set(cs)) == 1 and 2 <= len(cs) <= 4:
        return ("duizi", "kanzi", "kaizhao")[len(cs) - 2]
    if is_run(cs):
        return "shunzi"
    if is_red_bian(cs):
        return "erqishi"
    return "banbian" if is_mixed_bian(cs) and two_big_ok(cs, cfg) else None


def paohuzi_group(kind: str, cards: Iterable[Card], face_up: bool = False) -> Group:
    """A 下灌 group (a :data:`KINDS` id) in the 跑胡子 engine's terms (开招 → 提, 半边 and 二七十 → 编, …)."""
    return Group.of(KINDS[kind].paohuzi, cards, face_up)
