"""Rule-to-source trace of 跑胡子: what the program implements, what it leaves out, what it chose.

Quotes are exact substrings of ``shared/sources/paohuzi.txt`` (a test checks).
Each :class:`RuleOption` id ``paohuzi.<field>`` is a field of
:class:`engine.paohuzi.config.RuleConfig` with the same choices.
"""

from __future__ import annotations

from ..trace import Gap, Passage, Rule, RuleOption
from .words import CHOICE_WORDS

SRC = "paohuzi.txt"
T = "tests/paohuzi/"


def P(section: str, quote: str) -> Passage:
    return Passage(SRC, section, quote)


RULES: tuple[Rule, ...] = (
    Rule("paohuzi.deck", P("开篇 · 字牌", "共八十张字牌组成"), "八十张：大字壹至拾、小字一至十，各四张。", "80 cards: big 1–10 and small 1–10, four of each.", "engine.paohuzi.cards.full_deck", (T + "test_cards.py::test_deck",)),
    Rule("paohuzi.red", P("开篇 · 字牌", "即二十四张红牌"), "二、七、十（大小皆然）为红牌，共二十四张。", "2, 7 and 10 of both sizes are red: 24 cards.", "engine.paohuzi.cards.Card.red", (T + "test_cards.py::test_deck",)),
    Rule("paohuzi.group.dui", P("3-1 对子", "两张完全一样的牌，称为"), "两张相同的牌为对子。", "Two identical cards are a pair.", "engine.paohuzi.groups.KINDS", (T + "test_huxi.py::test_group_values",)),
    Rule("paohuzi.group.shun", P("3-2 顺子", "数字相连大小一致的三张牌"), "同为大字或同为小字的三张连数为顺子。", "Three consecutive numbers of one size are a run.", "engine.paohuzi.groups.is_run", (T + "test_huxi.py::test_group_values",)),
    Rule("paohuzi.group.no_mixed_shun", P("3-2 顺子", "就不能放在一起组成顺子"), "大小字混合不成顺子；摊牌时如此编排即为诈胡。", "Big and small never make a run; showing one is a false win.", "engine.paohuzi.hu.check_open", (T + "test_hu.py::test_mixed_run_is_false_win",)),
    Rule("paohuzi.group.kan", P("3-3 坎子", "拆对不拆坎"), "手中三张相同必为坎，不能拆开。", "Three alike in hand always form a kan and are never split.", "engine.paohuzi.arrange.arrange_counts", (T + "test_arrange.py::test_never_splits_kan_or_ti",)),
    Rule("paohuzi.action.wei", P("3-3 坎子", "称为“偎”牌"), "自己摸到与手中对子相同的牌必须偎。", "An own draw matching a pair in hand must be wei'd.", "engine.paohuzi.hu.evaluate", (T + "test_hu.py::test_must_wei",)),
    Rule("paohuzi.action.pao", P("3-4 跑", "就必须合成一“跑”"), "有坎、偎或碰时出现第四张必须跑。", "With a kan, wei or peng, the fourth card must be pao'd.", "engine.paohuzi.hu.evaluate", (T + "test_hu.py::test_pao_hu_forced",)),
    Rule("paohuzi.action.ti", P("3-5 提", "叫做“后提”"), "手中四张相同为提；暗坎或偎自己摸到第四张也是提。", "Four alike in hand is a ti; an own fourth card to a hidden kan or a wei makes a ti.", "engine.paohuzi.hu.evaluate", (T + "test_hu.py::test_ti_hu",)),
    Rule("paohuzi.action.ti_or_pao", P("3-5 提", "他人打出的则为“跑”"), "暗坎的第四张自己摸到为提，他人的为跑。", "The fourth card to a hidden kan is a ti if one's own, a pao if another's.", "engine.paohuzi.hu.evaluate", (T + "test_hu.py::test_pao_hu_forced",)),
    Rule("paohuzi.action.peng_pao", P("3-5 提", "均为“跑”"), "碰成的坎，第四张无论谁摸出都是跑。", "To a peng, the fourth card is always a pao.", "engine.paohuzi.hu.evaluate", (T + "test_hu.py::test_open_peng_becomes_pao",)),
    Rule("paohuzi.group.bian", P("3-6 编子", "一“编”"), "同数的一大两小或两大一小为编（横编），无戏。", "One number in both sizes, three cards, is a bian (no huxi).", "engine.paohuzi.groups.is_mixed_bian", (T + "test_huxi.py::test_group_values",)),
    Rule("paohuzi.group.red_bian", P("3-6 编子", "称为“红编”"), "二七十或贰柒拾为红编。", "2-7-10 of one size is the red bian.", "engine.paohuzi.groups.is_red_bian", (T + "test_huxi.py::test_group_values",)),
    Rule("paohuzi.hu.stock", P("4 怎样胡牌", "规定“胡底牌”"), "只有底牌能胡，手中打出的牌不能胡。", "Only a stock card wins; a discard never does.", "engine.paohuzi.hu.evaluate", (T + "test_hu.py::test_discard_never_wins",)),
    Rule("paohuzi.hu.qishou", P("4-1 起手胡", "称为“起手胡”"), "起满牌即落轿者可胡亮张。", "A dealt ready hand may win on the turned-up card.", "engine.paohuzi.hu.evaluate", (T + "test_hu.py::test_qishou",)),
    Rule("paohuzi.hu.peng", P("4-2 碰胡", "就可以“碰胡”"), "落轿有对子，他人从底牌翻出第三张可碰胡。", "A pair in a ready hand wins on another's third card by peng.", "engine.paohuzi.hu.evaluate", (T + "test_hu.py::test_peng_and_wei_hu",)),
    Rule("paohuzi.hu.wei", P("4-3 偎胡", "就是“偎胡”"), "自己摸到第三张偎成坎而胡。", "The own third card to a pair wins by wei.", "engine.paohuzi.hu.evaluate", (T + "test_hu.py::test_peng_and_wei_hu",)),
    Rule("paohuzi.hu.pao", P("4-4 跑胡", "就是“跑胡”"), "第四张跑成而完成牌型。", "A fourth card that completes the hand by pao.", "engine.paohuzi.hu.evaluate", (T + "test_hu.py::test_pao_hu_forced",)),
    Rule("paohuzi.hu.ti", P("4-5 提胡", "就是“提胡”"), "暗坎自己摸到第四张提成而胡。", "An own fourth card to a hidden kan wins by ti.", "engine.paohuzi.hu.evaluate", (T + "test_hu.py::test_ti_hu",)),
    Rule("paohuzi.hu.shun", P("4-6 顺胡", "就是“顺胡”"), "与两张手牌组成顺子而胡。", "A card that makes a run with two in hand.", "engine.paohuzi.hu.evaluate", (T + "test_hu.py::test_worked_hand",)),
    Rule("paohuzi.hu.bian", P("4-7 编胡", "就是“编胡”"), "与两张手牌组成编而胡。", "A card that makes a bian with two in hand.", "engine.paohuzi.hu.evaluate", (T + "test_hu.py::test_worked_hand",)),
    Rule("paohuzi.hu.po_pao", P("4-8 破跑胡", "就可以“破跑胡”"), "跑不能成胡时，可把第四张另组顺子或编子而胡。", "When the pao would not complete, the fourth card may go into a run or bian.", "engine.paohuzi.hu.evaluate", (T + "test_hu.py::test_po_pao_but_not_po_ti",)),
    Rule("paohuzi.hu.no_po_ti", P("4-8 破跑胡", "就是“破跑不破提”"), "暗坎自己摸到第四张只能提，不许破提。", "An own fourth card to a hidden kan must be ti'd, never broken.", "engine.paohuzi.hu.evaluate", (T + "test_hu.py::test_po_pao_but_not_po_ti",)),
    Rule("paohuzi.hu.dan_diao", P("4-9 单吊胡", "就是“单吊胡”"), "跑或提后剩下单张，配成对子而胡。", "After a pao or ti a single is left; pairing it wins.", "engine.paohuzi.hu.evaluate", (T + "test_hu.py::test_single_and_both_ends",)),
    Rule("paohuzi.hu.liang_tou", P("4-10 两头胡", "都能胡牌"), "四张相连可两种拆法，两头的单张都能胡。", "Four in a row split two ways: either end's single wins.", "engine.paohuzi.hu.pair_waits", (T + "test_hu.py::test_single_and_both_ends",)),
    Rule("paohuzi.hu.threshold", P("4-11 诈胡", "达到 15 戏才能开胡"), "不足十五戏摊牌为诈胡。", "Showing fewer than 15 huxi is a false win.", "engine.paohuzi.hu.evaluate", (T + "test_hu.py::test_below_threshold",)),
    Rule("paohuzi.huxi.shun123", P("5 怎样算戏", "大“壹贰叁”———— 6 戏"), "壹贰叁 6 戏，一二三 3 戏。", "Big 1-2-3 is 6 huxi, small 3.", "engine.paohuzi.config.DEFAULT_HUXI", (T + "test_huxi.py::test_group_values",)),
    Rule("paohuzi.huxi.bian_red", P("5 怎样算戏", "大“贰柒拾”———— 6 戏"), "贰柒拾 6 戏，二七十 3 戏。", "Big 2-7-10 is 6 huxi, small 3.", "engine.paohuzi.config.DEFAULT_HUXI", (T + "test_huxi.py::test_group_values",)),
    Rule("paohuzi.huxi.kan", P("5 怎样算戏", "起手一“坎”三张相同大字"), "起手的坎大字 6 戏，小字 3 戏。", "A dealt kan: big 6, small 3.", "engine.paohuzi.config.DEFAULT_HUXI", (T + "test_huxi.py::test_group_values",)),
    Rule("paohuzi.huxi.wei", P("5 怎样算戏", "“偎”成一“坎”三张相同大字"), "偎成的坎大字 6 戏，小字 3 戏。", "A wei: big 6, small 3.", "engine.paohuzi.config.DEFAULT_HUXI", (T + "test_huxi.py::test_group_values",)),
    Rule("paohuzi.huxi.peng", P("5 怎样算戏", "“碰”成一“坎”三张相同大字"), "碰成的坎大字 3 戏，小字 1 戏。", "A peng: big 3, small 1.", "engine.paohuzi.config.DEFAULT_HUXI", (T + "test_huxi.py::test_group_values",)),
    Rule("paohuzi.huxi.pao", P("5 怎样算戏", "“跑”四张相同大字———— 9 戏"), "跑大字 9 戏，小字 6 戏。", "A pao: big 9, small 6.", "engine.paohuzi.config.DEFAULT_HUXI", (T + "test_huxi.py::test_group_values",)),
    Rule("paohuzi.huxi.ti", P("5 怎样算戏", "“提”四张相同大字———— 12 戏"), "提大字 12 戏，小字 9 戏。", "A ti: big 12, small 9.", "engine.paohuzi.config.DEFAULT_HUXI", (T + "test_huxi.py::test_group_values",)),
    Rule("paohuzi.huxi.none", P("5 怎样算戏", "其余的各种组合都无戏"), "其余牌型（其他顺子、横编、对子）无戏。", "Every other group (other runs, mixed bian, pair) is worth nothing.", "engine.paohuzi.config.DEFAULT_HUXI", (T + "test_huxi.py::test_group_values",)),
    Rule("paohuzi.huxi.zimo", P("5 怎样算戏", "自摸胡牌加 3 戏"), "自摸胡牌另加 3 戏。", "A self-drawn win adds 3 huxi.", "engine.paohuzi.hu.evaluate", (T + "test_hu.py::test_worked_hand",)),
    Rule("paohuzi.deng", P("6 戏折等", "每多 3 戏增加一“等”"), "15 戏为 1 等，每多 3 戏加 1 等。", "15 huxi is 1 deng, each further 3 adds one.", "engine.paohuzi.fan.deng", (T + "test_scoring.py::test_deng",)),
    Rule("paohuzi.fan.red", P("7 加番", "含有十张红牌"), "红胡乘 2。", "Red hu doubles.", "engine.paohuzi.fan.FANS", (T + "test_scoring.py::test_fan_classes",)),
    Rule("paohuzi.fan.dot", P("7 加番", "仅有一张红牌"), "点胡乘 3。", "Dot hu triples.", "engine.paohuzi.fan.FANS", (T + "test_scoring.py::test_fan_classes",)),
    Rule("paohuzi.fan.purple", P("7 加番", "含有十三张红牌"), "紫胡乘 4。", "Purple hu ×4.", "engine.paohuzi.fan.FANS", (T + "test_scoring.py::test_fan_classes",)),
    Rule("paohuzi.fan.black", P("7 加番", "没有一张红牌"), "黑胡乘 5。", "Black hu ×5.", "engine.paohuzi.fan.FANS", (T + "test_scoring.py::test_fan_classes",)),
    Rule("paohuzi.fan.pairs", P("7 加番", "不含“顺子”，“编子”"), "对子胡乘 4；红对 6，紫对 8，黑对 10。", "Pairs hu ×4; red pairs 6, purple pairs 8, black pairs 10.", "engine.paohuzi.fan.combine", (T + "test_scoring.py::test_fan_classes",)),
    Rule("paohuzi.settle.base", P("比赛 5 积分表", "负者按等扣分计负分"), "输家按等付分，胡者与醒家分得，每局和为零。", "Losers pay by deng to the winner and the counter; each deal sums to zero.", "engine.paohuzi.settle.settle", (T + "test_scoring.py::test_sheet_examples",)),
    Rule("paohuzi.settle.xing", P("6 戏折等", "增加一等“醒筹”"), "有醒家时每个输家另付一等醒筹。", "With a counter, each loser pays one more deng to him.", "engine.paohuzi.settle.settle", (T + "test_scoring.py::test_sheet_examples",)),
    Rule("paohuzi.settle.huang", P("比赛 5 积分表", "荒牌庄家计—2分"), "荒牌：庄家 −2，醒家 +2。", "No win: dealer −2, counter +2.", "engine.paohuzi.settle.settle", (T + "test_scoring.py::test_sheet_examples",)),
    Rule("paohuzi.penalty.a", P("比赛 6 罚则 A", "杂胡者计—30分"), "诈胡 −30，其余各方 +10。", "False win −30, others +10 each.", "engine.paohuzi.config.DEFAULT_PENALTIES", (T + "test_scoring.py::test_penalties",)),
    Rule("paohuzi.penalty.b", P("比赛 6 罚则 B", "走跑者计—15分"), "走跑 −15，其余 +5。", "Missed pao −15, others +5.", "engine.paohuzi.config.DEFAULT_PENALTIES", (T + "test_scoring.py::test_penalties",)),
    Rule("paohuzi.penalty.c", P("比赛 6 罚则 C", "失蹄者计—9分"), "失提 −9，其余 +3。", "Missed ti −9, others +3.", "engine.paohuzi.config.DEFAULT_PENALTIES", (T + "test_scoring.py::test_penalties",)),
    Rule("paohuzi.penalty.d", P("比赛 6 罚则 D", "烧比者计—6分"), "烧比 −6，其余 +2。", "Chi without showing −6, others +2.", "engine.paohuzi.config.DEFAULT_PENALTIES", (T + "test_scoring.py::test_penalties",)),
    Rule("paohuzi.penalty.e", P("比赛 6 罚则 E", "臭张者计—3分"), "臭张 −3，其余 +1。", "Passed card claimed −3, others +1.", "engine.paohuzi.config.DEFAULT_PENALTIES", (T + "test_scoring.py::test_penalties",)),
    Rule("paohuzi.penalty.f", P("比赛 6 罚则 F", "违规胡牌者，胡牌无效"), "胡者违规，胡牌无效，只计罚分。", "A win by an offender is void; only penalties count.", "engine.paohuzi.settle.settle", (T + "test_scoring.py::test_penalties",)),
    Rule("paohuzi.penalty.g", P("比赛 6 罚则 G", "违规不是发生在胡牌者"), "非胡者违规，胡牌有效，合并计分。", "A foul by another seat leaves the win standing; both add up.", "engine.paohuzi.settle.settle", (T + "test_scoring.py::test_sheet_examples",)),
    Rule("paohuzi.settle.example", P("比赛 6 罚则 例", "上家18戏自模红胡"), "书中例子：庄 −17，上家 +15，下家 −5，醒家 +7。", "The booklet's example: dealer −17, 上家 +15, 下家 −5, counter +7.", "engine.paohuzi.settle.settle", (T + "test_scoring.py::test_sheet_examples",)),
    Rule("paohuzi.deal", P("2 怎样开局", "起满二十张，正好剩下二十张底牌"), "三方各起二十张，余下二十张为底牌，最后一张亮开；四张相同即亮提。", "Three players take twenty each; the twenty left are the stock, its last card turned up; four alike are shown as ti.", "engine.paohuzi.state.new_hand", (T + "test_state.py::test_a_deal_is_the_whole_deck_and_replays",)),
    Rule("paohuzi.shou", P("4-1 起手胡", "称为“收张”"), "庄家可收亮张并打出一张，但不能打出坎或提中的牌。", "The dealer may take the turned-up card and discard one, never a card of a kan or ti.", "engine.paohuzi.state.discardable", (T + "test_state.py::test_shou_zhang_never_throws_a_kan_card",)),
    Rule("paohuzi.max75", P("5 怎样算戏", "最大能出 75 戏"), "一手牌最多 75 戏：六个大字提加一对，自摸。", "At most 75 huxi: six big ti and a pair, self-drawn.", "engine.paohuzi.extremes.upper_bound", (T + "test_extremes.py::test_booklet_maximum_is_75",)),
    Rule("paohuzi.sheet.huxi", P("5 怎样算戏", "有戏组合的具体分值如下"), "积分表上的戏数（不算自摸）只能是各组分值之和：四张一组 6、9、12，三张一组 0、1、3、6，至多一对；最多 72，53、56、59、62、64、65、67、68、70、71 凑不出来。", "A sheet's huxi (before the self-draw) is a sum of the groups' values: fours 6, 9, 12, threes 0, 1, 3, 6, at most one pair; at most 72, and 53, 56, 59, 62, 64, 65, 67, 68, 70, 71 are never made.", "engine.paohuzi.extremes.possible_huxi", (T + "test_sheet_unmade.py::test_the_counts_a_hand_makes",)),
    Rule("paohuzi.count", P("3-5 提", "八块不打牌"), "完整牌型二十一张，重跑每次多一张。", "A complete hand has 21 cards, one more for each ti/pao after the first.", "engine.paohuzi.hu.expected_count", (T + "test_hu.py::test_two_pairs_never_win",)),
)

GAPS: tuple[Gap, ...] = (
    Gap(P("3-5 提", "有时，游戏者约定"), "庄家前提时另给醒筹的约定未实现（书中只说是有时的约定）。", "The occasional agreement that a dealer's dealt ti pays the counter extra is not implemented."),
    Gap(P("比赛 4", "每场比赛60分钟"), "比赛按局数计，不按 60 分钟；段位属于赛事组织，页面有叙述，程序不计算。", "A match is counted in hands, not 60 minutes; honorary ranks belong to the organisers and are described, not computed."),
)


def _opt(id_: str, zh: str, en: str, choices: tuple[str, ...], default: str, section: str, quote: str, anchor: str) -> RuleOption:
    key = id_.split(".", 1)[1]
    return RuleOption(id_, zh, en, choices, default, P(section, quote), f"paohuzi/notes.md#{anchor}",
                      words=tuple((c, *CHOICE_WORDS[f"{key}:{c}"]) for c in choices))


OPTIONS: tuple[RuleOption, ...] = (
    _opt("paohuzi.threshold", "开胡戏数", "minimum huxi to win", ("10", "15", "21"), "15", "5 怎样算戏", "各地玩法中有不同的规定", "threshold"),
    _opt("paohuzi.deng_base", "折等的基准", "base of the deng conversion", ("15", "threshold"), "15", "6 戏折等", "以 15 戏为开胡基准", "deng-base"),
    _opt("paohuzi.threshold_zimo", "自摸加戏是否计入开胡", "does the self-draw bonus count toward the minimum", ("with", "without"), "with", "5 怎样算戏", "自摸胡牌加 3 戏", "zimo-threshold"),
    _opt("paohuzi.red_rule", "红胡的红牌数", "red cards for a red hu", ("at_least", "exactly"), "at_least", "7 加番", "含有十张红牌", "red-count"),
    _opt("paohuzi.liang", "亮张算谁的牌", "whose card the turned-up card is", ("open", "self"), "open", "4-1 起手胡", "都可以胡“亮张”的底牌", "liang"),
    _opt("paohuzi.xia_shun", "下家翻出的牌能否胡顺、编", "may 下家's stock card complete a run or bian", ("allow", "forbid"), "allow", "3-2 顺子", "不吃隔山牌", "xia-shun"),
    _opt("paohuzi.po_pao", "哪些坎可以破跑", "which triplets a pao may be broken from", ("any", "hand"), "any", "4-8 破跑胡", "就可以“破跑胡”", "po-pao"),
    _opt("paohuzi.liang_kan", "庄家的亮张与对子", "the dealer's turned-up card and his pair", ("dealer", "peng"), "dealer", "2 怎样开局", "与原有的牌相混", "liang-kan"),
    _opt("paohuzi.foul_win", "胡者的烧比、走跑等怎样罚", "how a winner's missed bi, pao or ti is charged", ("zha_hu", "own"), "zha_hu", "4-11 诈胡", "都是“诈胡”", "foul-win"),
    _opt("paohuzi.two_hu", "两家都能胡同一张牌", "two players can win on one card", ("order", "most"), "order", "3-1 对子", "“碰”牌优先于“吃”牌", "two-hu"),
    _opt("paohuzi.claim_rank", "胡与别家的碰、跑同在一张牌上", "a win and another's claim on one card", ("hu", "seat"), "hu", "4 怎样胡牌", "胡牌就是一局比赛的终结", "claim-rank"),
    _opt("paohuzi.two_players", "二人局怎样增加难度", "how a two-player table is made harder", ("threshold", "aside"), "threshold", "1-3 二人局和多人局", "改为二十一戏才能胡牌", "two-players"),
    _opt("paohuzi.chi_shang_draw", "下家能否吃上家翻出的底牌", "may the next player chi a card his previous player turns from the stock", ("forbid", "allow"), "forbid", "3-2 顺子", "“吃”牌只能“吃”上家打出的牌", "play-order"),
    _opt("paohuzi.claim_kan", "吃碰以后只剩坎可打", "a claim that would leave only a kan to discard", ("forbid", "allow"), "forbid", "3-3 坎子", "则不能打出去", "claim-kan"),
    _opt("paohuzi.liang_pao", "闲家有三张与亮张相同", "a player other than the dealer holds three of the turned-up card", ("pao", "dealer"), "pao", "3-4 跑", "就必须合成一“跑”", "liang-pao"),
    _opt("paohuzi.void_hu", "无效的胡牌是否按荒牌", "is a void win also a no-win deal", ("penalties", "huang"), "penalties", "比赛 6 罚则 F", "胡牌无效，并按上述罚则计分", "void-hu"),
    _opt("paohuzi.void_deal", "无效的胡牌之后谁坐庄", "who deals after a void win", ("pass", "winner"), "pass", "1-1 四人局", "每局胡牌者即为下局庄家", "void-deal"),
)


#: the table state machine (engine.paohuzi.table, .play, .match)
_TP = T + "test_play.py::"
_TR = T + "test_table_rules.py::"
RULES = RULES + (
    Rule("paohuzi.play.peng_before_chi", P("3-1 对子", "“碰”牌优先于“吃”牌"), "一张牌先问胡，再是必须的提、偎、跑，然后碰，最后吃。", "A card is offered for a win first, then the compulsory ti, wei, pao, then peng, last chi.", "engine.paohuzi.state.PaohuziState._open", (_TP + "test_random_lawful_moves_keep_every_card_and_replay",)),
    Rule("paohuzi.play.peng_er", P("3-1 对子", "这叫做“碰一不碰二”"), "放过的碰不能再碰：从不碰的那一刻起，不论这张牌后来被谁拿走。", "A peng declined cannot be made the second time, from the moment it is declined, whoever takes the card.", "engine.paohuzi.state.PaohuziState._close", (_TP + "test_a_passed_card_is_never_pengd_again", _TR + "test_a_peng_declined_is_never_offered_again_even_when_another_seat_takes_the_card", _TR + "test_xiaguan_no_peng_of_a_card_passed_over")),
    Rule("paohuzi.play.ge_shan", P("3-2 顺子", "这叫做“不吃隔山牌”"), "只吃上家打出的或自己翻出的牌；拒绝时说出是哪一条。", "Chi only the previous player's card or one's own stock card; a refusal names that rule.", "engine.paohuzi.state.PaohuziState.chi_seats", (_TP + "test_no_chi_across_the_table_and_no_win_on_a_discard", _TR + "test_a_chi_from_a_seat_that_may_never_take_the_card_names_no_chi_across_the_table", _TR + "test_a_far_seat_deciding_on_a_peng_is_told_the_rule_if_it_tries_to_chi")),
    Rule("paohuzi.play.chou_decline", P("3-2 顺子", "第二次出现的时候就不能再“吃”了"), "不吃的牌从那一刻起就是臭张，别家吃去也一样。", "A chi declined makes the card passed from that moment, whoever takes it.", "engine.paohuzi.state.PaohuziState._close", (_TR + "test_a_chi_declined_is_never_offered_again_even_when_another_seat_takes_the_card",)),
    Rule("paohuzi.play.claim_kan", P("3-3 坎子", "则不能打出去"), "吃或碰后只剩坎可打时不给吃碰，并告诉玩家为什么。", "A claim that would leave only a kan to discard is withheld, and the player is told why.", "engine.paohuzi.state.PaohuziState.withheld", (_TR + "test_a_peng_that_would_leave_only_a_kan_is_withheld_and_the_player_is_told_why", _TR + "test_the_other_reading_offers_the_claim_and_the_player_then_breaks_a_kan")),
    Rule("paohuzi.play.empty_hand", P("3-5 提", "由下家行牌"), "必须的偎、提、跑后手里无牌可打，就不打，由下家行牌，牌数多算一张。", "A compulsory wei, ti or pao that leaves no card skips the discard; the hand counts one card more.", "engine.paohuzi.state.PaohuziState.cfg_of", (_TR + "test_a_compulsory_wei_that_empties_the_hand_skips_the_discard_and_the_hand_stays_winnable",)),
    Rule("paohuzi.play.liang_pao", P("3-4 跑", "就必须合成一“跑”"), "闲家手中有三张与亮张相同时必须跑。", "A player other than the dealer holding three of the turned-up card must pao it.", "engine.paohuzi.state.PaohuziState._steps_liang", (_TR + "test_a_non_dealer_holding_three_of_the_liang_must_pao_it",)),
    Rule("paohuzi.play.bi", P("3-2 顺子", "称为“吃牌比牌”"), "吃牌时手中同样的牌都要组成一组亮出（一吃两比）；不比为烧比。", "A chi shows every copy held in further groups; a chi without it is shao bi.", "engine.paohuzi.state.PaohuziState.chi_ways", (_TP + "test_chi_shows_every_copy_held_bi_and_a_chi_without_bi_is_refused",)),
    Rule("paohuzi.play.chou", P("3-6 编子", "放走的牌又“吃”回来"), "放走过的牌不能再吃或碰（臭张）。", "A card let go cannot be taken later (chou zhang).", "engine.paohuzi.state.PaohuziState.chi_ways", (_TP + "test_a_passed_card_is_never_pengd_again",)),
    Rule("paohuzi.play.kan", P("3-3 坎子", "必须保留三张一“坎”"), "手中的坎不能打出，也不能拆来吃牌。", "A kan in hand is never discarded nor used for a chi.", "engine.paohuzi.state.discardable", (_TP + "test_a_kan_card_is_never_discarded",)),
    Rule("paohuzi.play.chou_wei", P("3-3 坎子", "这叫做“臭偎”或者“明偎”"), "放过碰的牌自己摸到，必须偎并亮出一张。", "A card let go for peng and drawn later is wei'd with one card shown.", "engine.paohuzi.state.PaohuziState._forced", (_TP + "test_a_passed_pengs_card_drawn_later_is_a_shown_wei",)),
    Rule("paohuzi.play.ti_faces", P("3-5 提", "“前提”翻开最下面一张"), "前提翻开最下面一张，后提翻开最上面一张。", "A dealt ti shows its bottom card, a ti in play its top card.", "engine.paohuzi.table.Shown", (_TP + "test_ti_shows_bottom_or_top_card_and_a_discard_never_paos_onto_a_peng",)),
    Rule("paohuzi.play.discard_pao", P("3-5 提", "手中打出的就不成“跑”了"), "打出的牌遇碰不成跑。", "A discard never makes a pao onto a peng.", "engine.paohuzi.state.PaohuziState.forced_of", (_TP + "test_ti_shows_bottom_or_top_card_and_a_discard_never_paos_onto_a_peng",)),
    Rule("paohuzi.play.chong_pao", P("3-5 提", "重跑不能打牌出去"), "第二次提或跑（起手的第二个前提也算）不打牌，由下家行牌。", "After a second ti or pao (a second dealt ti too) no discard; the next player goes on.", "engine.paohuzi.state.PaohuziState._to_discard", (_TP + "test_two_dealt_ti_skip_the_first_discard", _TP + "test_random_lawful_moves_keep_every_card_and_replay")),
    Rule("paohuzi.play.shou", P("2 怎样开局", "庄家可以把亮张的底牌拿到手中"), "无人起手胡时庄家收张并打出一张。", "When nobody wins on it the dealer takes the turned-up card and discards.", "engine.paohuzi.state.PaohuziState._shou", (_TP + "test_the_dealers_liang_is_one_reading_in_deal_hu_and_play",)),
    Rule("paohuzi.play.huang", P("1-1 四人局", "即“荒牌”"), "底牌翻完无人胡为荒牌。", "The stock used up with no win is a no-win hand.", "engine.paohuzi.state.PaohuziState._draw", (_TP + "test_computer_hands_are_lawful_and_score_as_hu_and_settle",)),
    Rule("paohuzi.play.mozhuang", P("1-1 四人局", "称为“摸庄”"), "四人比点取定庄牌定座次；胡者下局坐庄，荒牌庄家连庄。", "Four draw for seats; the winner deals next, after a no-win the dealer again.", "engine.paohuzi.match.draw_seats", (_TP + "test_a_match_from_one_seed",)),
    Rule("paohuzi.play.bidian_deck", P("1-1 四人局", "四人分别从其余牌中任意抽取"), "比点从除去四张定庄牌的七十六张中抽，小一也抽得到。", "The draw for seats uses the 76 cards left beside the four seat cards; small 1 can be drawn.", "engine.paohuzi.match.draw_seats", (_TR + "test_drawing_for_seats_uses_the_deck_minus_the_four_seat_cards_so_small_one_can_be_drawn",)),
    Rule("paohuzi.play.xiaguan_chi", P("3-2 顺子", "下家打出的牌不能“吃”"), "下灌字牌只吃上家打出的牌（附录），不吃他翻出的底牌。", "Xiaguan zi pai: chi only the previous player's discard (appendix), never his stock card.", "engine.paohuzi.state.PaohuziState.chi_seats", (_TR + "test_xiaguan_chi_only_the_previous_players_discard",)),
    Rule("paohuzi.play.three_rotation", P("1-2 三人局", "荒牌荒庄"), "三人局荒牌由下手坐庄。", "At three, after a no-win the next player deals.", "engine.paohuzi.match.play_match", (_TP + "test_a_match_from_one_seed",)),
    Rule("paohuzi.play.bird", P("1-3 二人局和多人局", "就是鸟家的方位"), "最后一张底牌定鸟家与哪一方共输赢。", "The last stock card names the seat a bird shares with.", "engine.paohuzi.birds.bird_scores", (_TP + "test_bird_seat_follows_the_last_stock_card", _TP + "test_a_match_from_one_seed")),
)
