"""Rule-to-source trace of 下灌叶子戏 and 下灌字牌 (yezixi.txt)."""

from __future__ import annotations

from ..trace import Gap, Passage, Rule, RuleOption
from .config import CHOICES, DEFAULT


def _p(section: str, quote: str) -> Passage:
    return Passage("yezixi.txt", section, quote)


T = "tests/yezi/"

RULES: tuple[Rule, ...] = (
    Rule("yezi.deck", _p("3 形制及构成", "全副牌共计32张"),
         "32 张：叶 2 张，1–10 十种数字牌各 3 张。", "32 cards: 2 leaves and three of each numeral 1–10.",
         "engine.yezi.cards.DECK", (T + "test_yezi_cards.py::test_deck_composition",)),
    Rule("yezi.cipher", _p("3 形制及构成", "即“豆—壹”"),
         "豆贝参长人土才别王合依次代表 1–10。", "The ciphers 豆贝参长人土才别王合 stand for 1–10 in order.",
         "engine.yezi.cards.FACES", (T + "test_yezi_cards.py::test_cipher_codes",)),
    Rule("yezi.material", _p("2 介质材料", "竹片描画或刻制的小牌"),
         "牌是画或刻在竹片上的小牌；牌面按竹简样式绘制。", "Cards are small painted or carved bamboo slips; the faces are drawn as such.",
         "views.draw.yezi.card_svg", (T + "test_yezi_svg.py::test_every_face_is_well_formed_svg",)),
    Rule("yezi.players", _p("4② 掷骰抓牌", "4个人同时戏玩"),
         "四人同玩。", "Four play at once.",
         "engine.yezi.cards.PLAYERS", (T + "test_yezi_round.py::test_deal_uses_every_card_once",)),
    Rule("yezi.stacks", _p("4① 洗牌砌牌", "码放成16墩"),
         "洗牌后两张一墩，共 16 墩。", "After shuffling, cards are stacked two high: 16 stacks.",
         "engine.yezi.round.deal", (T + "test_yezi_round.py::test_deal_uses_every_card_once",)),
    Rule("yezi.die", _p("4② 掷骰抓牌", "决定抓牌人和起手抓牌的墩次数"),
         "一只骰子的点数决定谁先抓、从第几墩抓起。", "One die decides who draws first and from which stack.",
         "engine.yezi.round.deal", (T + "test_yezi_round.py::test_die_picks_drawer_and_stack",)),
    Rule("yezi.draw", _p("4② 掷骰抓牌", "每人一次抓两墩（4张牌）"),
         "每人每次抓两墩（4 张），抓两轮，各得 8 张。", "Each draws two stacks (4 cards) at a time, twice: 8 cards each.",
         "engine.yezi.round.deal", (T + "test_yezi_round.py::test_deal_uses_every_card_once",)),
    Rule("yezi.combinations", _p("4③ 组牌比牌", "王土人合（天牌）"),
         "八种组合依次为天地人和金木水火。", "The eight combinations, best first: 天 地 人 和 金 木 水 火.",
         "engine.yezi.combos.COMBINATIONS", (T + "test_yezi_combos.py::test_each_combination_any_order",)),
    Rule("yezi.scatter", _p("4③ 组牌比牌", "流散对"),
         "不成组合的四张是流散对，记 9 分。", "Four cards that make no combination are 流散对 and score 9.",
         "engine.yezi.combos.rank_of", (T + "test_yezi_combos.py::test_non_combinations_score_nine",)),
    Rule("yezi.lead", _p("4③ 组牌比牌", "由先掷骰子的人先出牌"),
         "掷骰者先亮牌，每次一组四张，四人都亮后比较。", "The die thrower shows first, one group of four at a time; all four show, then compare.",
         "engine.yezi.state.YeziState", (T + "test_yezi_round.py::test_thrower_shows_first",)),
    Rule("yezi.score", _p("4③ 组牌比牌", "出天字牌者记1分"),
         "天记 1 分，地 2 分……火 8 分，流散对 9 分。", "Heaven set scores 1, Earth set 2 … Fire set 8, a scattered group 9.",
         "engine.yezi.round.group_scores", (T + "test_yezi_round.py::test_totals_are_sums_of_ranks",)),
    Rule("yezi.two_shows", _p("4③ 组牌比牌", "每一牌局可亮牌两次"),
         "每局亮牌两次，两次分数相加，少者胜。", "Two showings per round; scores add up; the lowest total wins.",
         "engine.yezi.round.places_of", (T + "test_yezi_round.py::test_lowest_total_wins",)),
    Rule("yezi.tally", _p("4③ 组牌比牌", "为本轮牌局的最终优胜者"),
         "原文只判一局的胜者；几局连着记时，计分只把各家每局的分加起来，分少的在前，不另立几局之间的输赢（原文没有说）。",
         "The source decides the winner of one round; a family's tally of several rounds only adds each player's points, "
         "fewer first, and sets no rule of its own between rounds (the source has none).",
         "engine.yezi.records.YeziTallyState", (T + "test_yezi_tally.py::test_each_round_is_the_showing_and_the_totals_run_on",)),
    Rule("yezi.best", _p("4③ 组牌比牌", "按照以下组合进行排列"),
         "每人把八张分成两组以求总分最少（程序代为寻找）。", "Each player arranges the 8 cards into two groups; the program finds the lowest total.",
         "engine.yezi.best.best_split", (T + "test_yezi_best.py::test_best_matches_brute_force",)),
    Rule("yezi.zipai.deck", _p("附 下灌字牌", "也一共有80张牌"),
         "80 张：大壹至大拾、小一至小十，各 4 张。", "80 cards: big 1–10 and small 1–10, four of each.",
         "engine.paohuzi.cards.full_deck", (T + "test_yezi_zipai.py::test_deck",)),
    Rule("yezi.zipai.deal", _p("附 下灌字牌", "庄家抓21张牌"),
         "庄家 21 张，闲家 20 张。", "The banker holds 21, the others 20.",
         "engine.yezi.zipai.deal", (T + "test_yezi_zipai.py::test_diff_deal",)),
    Rule("yezi.zipai.groups", _p("附 1–6", "开招：四张同值"),
         "墩：开招、坎子、半边、顺子、二七十、对子。", "Groups: 开招, 坎子, 半边, 顺子, 二七十, 对子.",
         "engine.paohuzi.xiaguan.kind_of", (T + "test_yezi_zipai.py::test_group_kinds",)),
    Rule("yezi.zipai.pairs", _p("附 6 对子", "两张同值也算拢好的墩"),
         "只有配合开招，对子才算拢好的墩。", "A pair counts as a group only beside a 开招.",
         "engine.yezi.zipai.arrange", (T + "test_yezi_zipai.py::test_diff_pairs",)),
    Rule("yezi.zipai.chi", _p("附 吃碰", "但吃牌只能吃上家打出的牌"),
         "吃只吃上家打出的牌，成顺子或半边；碰可碰任何一家。", "吃 only the upper seat's discard, into a 顺子 or 半边; 碰 anyone's.",
         "engine.paohuzi.table.Meeting.why_not_chi", (T + "test_yezi_zipai.py::test_diff_chi_source",)),
    Rule("yezi.zipai.passed", _p("附 区别 1", "字牌不准吃“过张”"),
         "放过的牌不能再吃、再碰。", "A card once let go cannot later be taken by 吃 or 碰.",
         "engine.paohuzi.table.Meeting.why_not_peng", (T + "test_yezi_zipai.py::test_diff_passed",)),
    Rule("yezi.zipai.kan_whole", _p("附 区别 2", "3张以上的牌是不能拆分的"),
         "起手三张同牌不拆。", "A dealt three-of-a-kind is never split.",
         "engine.paohuzi.arrange.arrange_counts", (T + "test_yezi_zipai.py::test_diff_kan_whole",)),
    Rule("yezi.zipai.xiahuo", _p("附 区别 3", "实行“下火规则”"),
         "手中已有所吃之牌时，须同时亮出足够的墩。", "Holding the card you take, the groups for every copy go down at once.",
         "engine.paohuzi.table.chi_ways_of", (T + "test_yezi_zipai.py::test_diff_xiahuo",)),
    Rule("yezi.zipai.saopai", _p("附 强制 1", "这个过程称为扫牌"),
         "手中一对又摸到第三张：必须暗扣成坎子。", "A pair plus a self-drawn third: a forced face-down 坎子.",
         "engine.paohuzi.table.Meeting.forced", (T + "test_yezi_zipai.py::test_diff_saopai",)),
    Rule("yezi.zipai.kaizhao", _p("附 强制 2", "必须开招"),
         "手中三张，任何一家打出第四张：必须开招。", "Holding three, anyone's discard of the fourth forces a 开招.",
         "engine.paohuzi.table.Meeting.forced", (T + "test_yezi_zipai.py::test_diff_four",)),
)

GAPS: tuple[Gap, ...] = (
    Gap(_p("转载说明", "要想在麻将桌上常胜"),
        "转载者加的推介语，不是规则；首页把它作为文本的背景提及。", "The reposting account's promotional line, not a rule; the home page mentions it as context."),
    Gap(_p("引言", "唐代状元李郃在就任广西贺州刺史期间"),
        "李郃创牌之说是传说，不是规则；首页作为主张介绍，并列出文献给出的依据。", "The Li He invention story is a legend, not a rule; the home page presents it as a claim with the evidence the text offers."),
    Gap(_p("1 名称", "1、名称：下灌叶子戏"),
        "只是名称。", "A name only."),
    Gap(_p("4 玩法及步骤", "4、玩法及步骤"),
        "小标题；其下各步逐条追溯。", "A heading; the steps under it are traced one by one."),
    Gap(_p("注 族谱", "李氏族谱艺文篇内"),
        "1105 年族谱记载之说是主张，未见原件；首页作为主张介绍。", "The claim of a 1105 genealogy record; the document is not reproduced. Presented on the home page as a claim."),
    Gap(_p("图2", "图2：下灌村民打叶子戏"),
        "图缺失。", "The figure is missing."),
    Gap(_p("图3", "图3：下灌传承了麻将"),
        "图缺失；图注与其后关于麻将比赛的一句是推介，不是规则。", "The figure is missing; its caption and the line on mahjong contests after it promote the village and are not rules."),
    Gap(_p("5 传承与流变过程", "逐渐发展成骨牌、牌九、马吊牌"),
        "源流之说是历史主张，不是规则；页面上作为主张介绍。", "The line of descent is a historical claim, not a rule; the pages present it as a claim."),
    Gap(_p("4① 洗牌砌牌", "在桌面上砌成2-4条牌墩墙"),
        "墙分几条不影响结果；程序把 16 墩看作一圈。", "How many rows the wall has changes nothing; the program treats the 16 stacks as one ring."),
    Gap(_p("附 下灌字牌", "下灌字牌与中国字牌打法基本相同"),
        "附录没有给出胡息、等、番或胡牌门槛，也没说几人同玩；程序不臆造这些，只检查拢牌与吃碰限制。",
        "The appendix gives no 胡息, 等, 番, winning threshold or number of players; the program does not invent them and checks only groups and the limits on taking cards."),
    Gap(_p("图1", "图1：花牌2张"),
        "原文的三幅图缺失；牌面 SVG 是依文字描述重绘的。", "The source's three figures are missing; the SVG faces are redrawn from its description."),
)

#: each option: its question (zh, en), the passage, the note, and each reading in words (the one table of them:
#: the options answer, the options table and the round's menus read them from here)
_OPT = {
    "scoring": ("记分：组合名次还是当次名次", "Score: the combination's rank or the placing", _p("4③ 组牌比牌", "出天字牌者记1分（名次）"), "yezi/notes.md#scoring",
                {"rank": ("按组合名次", "the combination's rank"), "placing": ("按当次名次", "the placing at that showing")}),
    "ties": ("总分相同", "Equal totals", _p("4③ 组牌比牌", "以记分数最少者（名次最靠前）"), "yezi/notes.md#ties",
             {"shared": ("并列", "shared place"), "first_shown": ("先亮者胜", "earlier shower wins")}),
    "count_from": ("骰点从谁数起", "Counting the die's points", _p("4② 掷骰抓牌", "以骰子停止转动后朝上的一面的点数"), "yezi/notes.md#die",
                   {"thrower": ("掷骰者算第一", "thrower counts as one"), "next": ("从下一家数起", "start with the next player")}),
    "banbian": ("半边的构成", "What makes a 半边", _p("附 3 半边", "2张“大伍”再加1张“小五”"), "yezi/notes.md#banbian",
                {"mixed": ("二大一小或一大二小", "two big + one small, or one big + two small"), "two_big": ("只限二大一小", "only two big + one small")}),
    "pairs": ("开招旁可有几个对子", "How many pairs beside a 开招", _p("附 6 对子", "两张同值也算拢好的墩"), "yezi/notes.md#pairs",
              {"per_kaizhao": ("每个开招一个", "one per 开招"), "any": ("有开招即不限", "any number once there is a 开招")}),
    "chi_forms": ("吃能组成什么", "What 吃 may form", _p("附 吃碰", "可以吃牌（组成顺子或者半边）"), "yezi/notes.md#chi",
                  {"shunzi_banbian": ("只成顺子、半边", "顺子 or 半边 only"), "with_erqishi": ("也可成二七十", "also 二七十")}),
    "xiahuo": ("下火规则的范围", "The reach of 下火规则", _p("附 区别 3", "则必须能组合为两墩同时亮牌吃下"), "yezi/notes.md#xiahuo",
               {"clear": ("手中同牌须一并亮出", "every held copy goes down too"), "separate": ("每墩只含一张", "one copy per group")}),
    "self_fourth": ("自己摸到第四张", "Drawing the fourth yourself", _p("附 强制 2", "任何一家打出同一种牌时"), "yezi/notes.md#self-fourth",
                    {"kaizhao": ("也须开招", "开招 forced too"), "free": ("不强制", "not forced")}),
}

OPTIONS: tuple[RuleOption, ...] = tuple(
    RuleOption(f"yezi.{k}", zh, en, CHOICES[k], getattr(DEFAULT, k), passage, note, words=tuple((c, *words[c]) for c in CHOICES[k]))
    for k, (zh, en, passage, note, words) in _OPT.items()
)
