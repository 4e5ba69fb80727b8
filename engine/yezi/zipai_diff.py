"""Where 下灌字牌 (yezixi.txt, appendix) differs from 跑胡子 (paohuzi.txt).

One row per point, each with the passage of both sources; the site's
side-by-side table is generated from these rows, and tests/yezi/test_yezi_zipai.py
has a test named after each row's id (``test_diff_<id>``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..trace import Passage
from . import zipai


@dataclass(frozen=True)
class Difference:
    id: str
    topic_zh: str
    topic_en: str
    xiaguan_zh: str
    xiaguan_en: str
    paohuzi_zh: str
    paohuzi_en: str
    same: bool  # True where both agree (kept in the table for contrast)
    xiaguan: Passage
    paohuzi: Passage


def _y(section: str, quote: str) -> Passage:
    return Passage("yezixi.txt", section, quote)


def _p(section: str, quote: str) -> Passage:
    return Passage("paohuzi.txt", section, quote)


DIFFERENCES: tuple[Difference, ...] = (
    Difference(
        "deal", "起手张数", "Cards dealt",
        f"庄家直接抓 {zipai.BANKER_CARDS} 张，闲家各 {zipai.OTHER_CARDS} 张。",
        f"The banker draws {zipai.BANKER_CARDS} outright, the others {zipai.OTHER_CARDS} each.",
        "各家起 20 张；庄家再把翻开的“亮张”收进手中，打出一张。",
        "Everyone draws 20; the banker then takes the face-up card (亮张) and discards one.",
        False, _y("附 下灌字牌", "庄家抓21张牌"), _p("2 怎样开局", "庄家可以把亮张的底牌拿到手中"),
    ),
    Difference(
        "four", "四张同牌", "Four alike",
        "叫“开招”：手握起手的三张，任何一家打出第四张时必须开招，亮在桌上。",
        "Called 开招: holding a dealt three, when anyone discards the fourth you must make it, face up.",
        "分“提”（自己摸到第四张）和“跑”（别人的第四张）；漏做要罚。",
        "Split into 提 (you draw the fourth) and 跑 (another's fourth); failing to make it is penalised.",
        False, _y("附 强制 2", "必须开招"), _p("3-4 跑", "就必须合成一“跑”"),
    ),
    Difference(
        "banbian", "同数大小混合的三张", "Three of one number, both cases",
        "叫“半边”；原文唯一的例子是两张大字加一张小字。",
        "Called 半边; the source's only example is two big and one small.",
        "叫“编子”（横编）；原文的例子是一张大字加两张小字。本程序两种都算半边（见规则选项）。",
        "Called 编子 (横编); its example is one big and two small. The program accepts both as 半边 (see the rule option).",
        True, _y("附 3 半边", "2张“大伍”再加1张“小五”"), _p("3-6 编子", "组成“玖，九，九”一“编”"),
    ),
    Difference(
        "erqishi", "二七十", "2-7-10",
        "叫“二七十”，说是字牌独有的墩；但吃牌只列出顺子和半边。",
        "Called 二七十, said to be peculiar to zi pai; but 吃 is said to form only 顺子 or 半边.",
        "叫“红编”，可以吃成（“一吃两比”的例子里就有二七十）。",
        "Called 红编 and may be formed by 吃 (the 一吃两比 example includes one).",
        False, _y("附 吃碰", "可以吃牌（组成顺子或者半边）"), _p("3-3 坎子", "（一二三，一二三，二七十）"),
    ),
    Difference(
        "pairs", "对子", "Pairs",
        "附录明文规定：只有在牌中有开招时，两张同牌才算拢好的墩（本程序：每个开招配一个对子）。",
        "The appendix makes it a rule: a pair counts as a finished group only when the hand has a 开招 (the program: one pair per 开招).",
        "书中没有这样的规定，但张数带来几乎相同的限制：没有提或跑时，二十一张正好拢成七个三张的墩，放不下对子；"
        "只有提或跑一墩占四张，才余出两张成对，单吊胡就是这样来的（本程序：一手至多一个对子）。",
        "The booklet states no such rule, yet the card count limits pairs almost the same way: without a 提 or 跑, "
        "21 cards fill exactly seven groups of three and leave no room for a pair; only a 提 or 跑, four cards in one group, "
        "leaves two cards over to pair, which is how 单吊胡 arises (the program: at most one pair in a hand).",
        False, _y("附 6 对子", "如果有开招的情况时"), _p("4-9 单吊胡", "因为“跑”牌可能形成单张"),
    ),
    Difference(
        "chi_source", "能吃谁的牌", "Whose card may be taken by 吃",
        "只能吃上家打出的牌。",
        "Only the upper neighbour's discard.",
        "上家打出的牌，或自己摸出而无人碰、无人跑的牌。",
        "The upper neighbour's discard, or a card you draw yourself that nobody claims.",
        False, _y("附 吃碰", "但吃牌只能吃上家打出的牌"), _p("3-2 顺子", "或者是本方摸出的无人“碰”"),
    ),
    Difference(
        "passed", "过张", "A card once passed",
        "不准吃也不准碰过张：规则上根本不能做。",
        "No 吃 and no 碰 of a passed card: the move is simply not allowed.",
        "同样禁止（臭张、碰一不碰二），但做成的是犯规，要罚分并取消胡牌资格。",
        "Also forbidden (臭张, 碰一不碰二), but as a foul: penalty points and no win that deal.",
        True, _y("附 区别 1", "字牌也不准碰“过张”"), _p("3-2 顺子", "这叫做“不吃臭张”"),
    ),
    Difference(
        "kan_whole", "起手的三张不拆", "A dealt three stays whole",
        "起手三张以上同牌不能拆去组顺子等。",
        "Three or more alike from the deal cannot be split into runs or other groups.",
        "同样：“拆对不拆坎”。",
        "The same: 拆对不拆坎.",
        True, _y("附 区别 2", "3张以上的牌是不能拆分的"), _p("3-3 坎子", "拆对不拆坎"),
    ),
    Difference(
        "xiahuo", "吃手中已有的牌", "Taking a card you already hold",
        "“下火规则”：必须能同时亮出两墩才可以吃，否则不能吃。",
        "下火规则: you may take it only if two groups can go down at once; otherwise not at all.",
        "“吃牌比牌”：须把手中含此牌的一组一并亮出，不比叫“烧比”，要受罚。",
        "吃牌比牌: the group holding your copy must go down too; not doing so (烧比) is penalised.",
        False, _y("附 区别 3", "则必须能组合为两墩同时亮牌吃下"), _p("3-2 顺子", "称为“吃牌比牌”"),
    ),
    Difference(
        "saopai", "摸到第三张", "Drawing the third to a pair",
        "“扫牌”：必须扣成坎子，放在桌上但不翻开。",
        "扫牌: it must become a face-down three on the table.",
        "“偎”：同样必须成坎，暗偎不让人看；放过碰的牌再摸到是“臭偎”，要亮张。",
        "偎: also forced, face down; but a card you declined to 碰 makes a 臭偎, shown face up.",
        False, _y("附 强制 1", "此时必须将之组合为坎子"), _p("3-3 坎子", "也必须合成一“坎”，称为“偎”牌"),
    ),
    Difference(
        "scoring", "计分与胡牌门槛", "Scoring and the winning threshold",
        "附录没有说：没有胡息、等、番，也没有胡牌所需的最少戏数。判断牌型只看能否全部拢好；在行牌机上对局时，胡牌和计分借用跑胡子的规则（编者的选择）。",
        "The appendix is silent: no 胡息, 等 or 番, no minimum to win. Grouping only checks that all cards fit; a hand played on the table machine borrows paohuzi's winning and scoring (an editorial choice).",
        "15 戏开胡，戏折等，再按牌型加番。",
        "15 戏 to win, 戏 converted into 等, then multipliers (番) by hand type.",
        False, _y("附 总述", "实际上就是在不断地拢好牌直到胡牌的过程"), _p("5 怎样算戏", "不到十五不开戏"),
    ),
)
