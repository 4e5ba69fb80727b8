"""Rule-to-source trace for 打围: every rule names the passage it comes from."""

from __future__ import annotations

from engine.trace import Gap, Passage, Rule, RuleOption

from .options import CHOICE_WORDS

SRC = "dawei.txt"


def P(section: str, quote: str) -> Passage:
    return Passage(SRC, section, quote)


T = "tests/dawei/"
R = Rule
RULES: tuple[Rule, ...] = (
    R("dawei.sticks.set", P("签牌", "整副牌共有134支牌,总计为528柱"), "十种动物共 134 支签、528 柱。", "Ten animals, 134 sticks, 528 柱 in all.", "engine.dawei.sticks.ANIMALS", (T + "test_sticks.py::test_totals",)),
    R("dawei.sticks.sizes", P("签牌", "长20公分、宽为6公分"), "签的长宽随柱数递减，老狮子最大、鸡最小。", "Stick size falls with value: the lion largest, the chicken smallest.", "views.draw.dawei.sticks_svg", (T + "test_svg.py::test_sticks_svg_sizes",)),
    R("dawei.dice.red_four", P("鸡、兔、獐", "只有一颗红四点"), "四点为红，其余各面（含幺）为黑。", "The four is the red face; all others, the one included, are black.", "engine.dawei.dice.RED", (T + "test_throws.py::test_source_examples",)),
    R("dawei.throw.chicken", P("鸡、兔、獐 一鸡", "其他色面不成形"), "一颗红四、别无他形：得一鸡。", "One red four and no other pattern: a chicken.", "engine.dawei.throws.PATTERNS", (T + "test_throws.py::test_source_examples",)),
    R("dawei.throw.rabbit", P("鸡、兔、獐 二兔", "而其他点不成对"), "两颗红四、其余不成两对：得一支兔（二兔，2 柱）。", "Two red fours, the rest not two pairs: one rabbit stick (二兔, 2 柱).", "engine.dawei.throws.PATTERNS", (T + "test_throws.py::test_two_reds_with_pair",)),
    R("dawei.throw.muntjac_three_pairs", P("鸡、兔、獐 1", "不同的三对黑"), "三对不同点的黑面：獐。", "Three pairs of different black faces: a muntjac.", "engine.dawei.throws.PATTERNS", (T + "test_throws.py::test_source_examples",)),
    R("dawei.throw.muntjac_seventeen", P("鸡、兔、獐 2", "叫黑十七獐子"), "三颗同点黑面，另三颗黑面和为十七：獐。", "Three of one black face, the other three black summing to 17: a muntjac.", "engine.dawei.throws.PATTERNS", (T + "test_throws.py::test_source_examples",)),
    R("dawei.throw.muntjac_five_gold", P("鸡、兔、獐 3", "叫黑五金獐"), "三颗同点黑面，另三颗黑面和为五：獐。", "Three of one black face, the other three black summing to 5: a muntjac.", "engine.dawei.throws.PATTERNS", (T + "test_throws.py::test_source_examples",)),
    R("dawei.throw.muntjac_two_triples", P("鸡、兔、獐 4", "也叫黑三对獐"), "两组不同点的三颗黑面：獐（三幺三六是天地分豹，三五三六是龙虎斗老虎，皆除外）。", "Two triples of different black faces: a muntjac (except three ones with three sixes, the heaven-and-earth leopard, and three fives with three sixes, the dragon-fights-tiger tiger).", "engine.dawei.throws.PATTERNS", (T + "test_throws.py::test_source_examples",)),
    R("dawei.throw.tiandi", P("豹 6", "叫“天地分豹”"), "三幺三六：豹（天地分豹）。", "Three ones and three sixes: a leopard.", "engine.dawei.throws.PATTERNS", (T + "test_throws.py::test_named_exceptions",)),
    R("dawei.throw.deer_three_red", P("马鹿 1", "而其他三颗不成套"), "三颗红四、其余不成套：马鹿。", "Three red fours, the rest forming no set: a red deer.", "engine.dawei.throws.PATTERNS", (T + "test_throws.py::test_source_examples",)),
    R("dawei.throw.deer_three_pairs", P("马鹿 2", "叫红三对马鹿"), "两颗红四加两对不同点黑面：马鹿。", "Two red fours and two black pairs of different faces: a red deer.", "engine.dawei.throws.PATTERNS", (T + "test_throws.py::test_source_examples",)),
    R("dawei.throw.456", P("马鹿 注", "又变成得支豹签"), "两红、两五、两六：豹而非马鹿。", "Two reds, two fives, two sixes: a leopard, not a red deer.", "engine.dawei.throws.PATTERNS", (T + "test_throws.py::test_named_exceptions",)),
    R("dawei.throw.eagle", P("鹰", "四颗幺点另外"), "四颗同点黑面（幺除外）：鹰；带一红加一鸡，带两红加一兔。", "Four of one black face (not ones): an eagle; with one red add a chicken, with two a rabbit.", "engine.dawei.throws.PATTERNS", (T + "test_throws.py::test_source_examples",)),
    R("dawei.throw.dog", P("狗", "这叫狗不挂红"), "四颗幺：狗，带红不加。", "Four ones: a dog, nothing added for reds.", "engine.dawei.throws.PATTERNS", (T + "test_throws.py::test_source_examples",)),
    R("dawei.throw.leopards", P("豹", "可得一支十六柱的豹签"), "六种豹色面。", "The six leopard patterns.", "engine.dawei.throws.PATTERNS", (T + "test_throws.py::test_source_examples",)),
    R("dawei.throw.red_five_gold", P("豹 2", "(一颗幺点两颗二点)"), "三红加三颗黑面和为五：豹。", "Three reds and three blacks summing to 5: a leopard.", "engine.dawei.throws.PATTERNS", (T + "test_throws.py::test_red_five_gold_option",)),
    R("dawei.throw.tigers", P("老虎", "均得一支32柱的老虎签牌"), "十种老虎色面。", "The ten tiger patterns.", "engine.dawei.throws.PATTERNS", (T + "test_throws.py::test_source_examples",)),
    R("dawei.throw.lions", P("老狮子", "叫五子挂印老狮子"), "四种老狮子色面。", "The four lion patterns.", "engine.dawei.throws.PATTERNS", (T + "test_throws.py::test_source_examples",)),
    R("dawei.game.banker", P("老狮子", "就是这一局的庄家"), "得老狮子者为本局庄家，各家与庄家结算。", "Whoever takes the old lion is the banker; the others settle with the banker.", "engine.dawei.state.DaweiState.settlement", (T + "test_game.py::test_settlement_banker_balances", T + "test_game.py::test_lion_makes_banker")),
    R("dawei.game.first_thrower", P("正挪", "谁的点大谁就掷头色"), "一颗色子叫点，点大者掷头色。", "One die each; the highest throws first.", "engine.dawei.state.DaweiState._call_first", (T + "test_game.py::test_first_thrower_is_highest_call",)),
    R("dawei.fox.first_round", P("狐狸 1", "谁就拿走顺签"), "首轮掷顺，直接拿走顺签。", "A straight in the first round takes the fox.", "engine.dawei.state.DaweiState.plan_straight", (T + "test_game.py::test_fox_sequence",)),
    R("dawei.fox.first_straight", P("狐狸 1", "只得一鸡一兔一只獐"), "头道顺得一鸡一兔一獐。", "The first straight takes a chicken, a rabbit and a muntjac.", "engine.dawei.state.DaweiState.plan_straight", (T + "test_game.py::test_fox_sequence",)),
    R("dawei.fox.own_second", P("狐狸 1", "叫亲手二道顺"), "同一人连得两道顺，拿走顺签。", "The same player's second straight, none between, takes the fox.", "engine.dawei.state.DaweiState.plan_straight", (T + "test_game.py::test_fox_sequence",)),
    R("dawei.fox.second", P("狐狸 2", "只能得一鸡一兔"), "他人的二道顺得一鸡一兔。", "Another player's second straight takes a chicken and a rabbit.", "engine.dawei.state.DaweiState.plan_straight", (T + "test_game.py::test_fox_sequence",)),
    R("dawei.fox.third", P("狐狸 2", "这叫三道顺"), "三道顺拿走顺签。", "The third straight takes the fox.", "engine.dawei.state.DaweiState.plan_straight", (T + "test_game.py::test_fox_sequence",)),
    R("dawei.fox.after_lion", P("狐狸 3", "不论几道顺"), "老狮子出后，掷顺即得顺签。", "Once the lion is out, a straight takes the fox.", "engine.dawei.state.DaweiState.plan_straight", (T + "test_game.py::test_fox_sequence",)),
    R("dawei.fox.after_fox", P("狐狸 4", "叫顺后得豹"), "顺签出后再掷顺得豹。", "After the fox is out, a straight takes a leopard.", "engine.dawei.state.DaweiState.plan_straight", (T + "test_game.py::test_fox_sequence",)),
    R("dawei.split.begins", P("分掷", "一鸡二兔签牌全部掷完"), "鸡兔全部掷完后进入分掷。", "The split phase begins once every chicken and rabbit is taken.", "engine.dawei.state.DaweiState._end_turn", (T + "test_game.py::test_phases",)),
    R("dawei.split.muntjac", P("分獐", "不必再掷"), "两对不同点黑面或三颗同点黑面即得獐；一对黑则再掷一颗同点。", "Two black pairs or a black triple take a muntjac at once; a black pair asks one more of it.", "engine.dawei.split.SPLIT_RULES", (T + "test_split.py::test_split_examples",)),
    R("dawei.split.deer", P("分鹿", "第二色中有一颗红四就得一支马鹿签"), "两红分一红：马鹿。", "Two reds, then one red: a red deer.", "engine.dawei.split.SPLIT_RULES", (T + "test_split.py::test_split_examples",)),
    R("dawei.split.eagle", P("分鹰", "这叫二黑分二黑"), "二黑分二黑、三黑分一黑：鹰。", "Two blacks then two, three blacks then one: an eagle.", "engine.dawei.split.SPLIT_RULES", (T + "test_split.py::test_split_examples",)),
    R("dawei.split.leopard", P("分豹", "三红分一红"), "两红分两红、三红分一红：豹。", "Two reds then two, three reds then one: a leopard.", "engine.dawei.split.SPLIT_RULES", (T + "test_split.py::test_split_examples",)),
    R("dawei.split.tiger", P("分虎", "但老虎不撑腰"), "四黑分对黑、三黑分三黑（幺不可）、顺斗一红：老虎。", "Four blacks then a pair, three then three (not ones), a straight then a red: a tiger.", "engine.dawei.split.SPLIT_RULES", (T + "test_split.py::test_no_tiger_split_on_ones",)),
    R("dawei.split.fox", P("分顺", "把前色所缺的点掷出"), "一对加四个不同点，再掷出所缺之点：顺签。", "A pair and four different faces, then the missing face: the fox.", "engine.dawei.split.SPLIT_RULES", (T + "test_split.py::test_split_examples",)),
    R("dawei.split.lion", P("分老狮子", "称为顺斗两颗红"), "六种分老狮子。", "The six lion splits.", "engine.dawei.split.SPLIT_RULES", (T + "test_split.py::test_split_examples",)),
    R("dawei.split.second_only", P("特殊情况 6", "只以与第一色面相对应的点数为准"), "分掷第二色只看所需点数：一碗不按一碗算，其中的红四或同点黑面照样计入所需点数。", "On a second split throw only the asked-for faces count: a bowl there is not a bowl, but its red fours or black faces still count toward what was asked.", "engine.dawei.state.DaweiState._second_throw", (T + "test_split.py::test_second_bowl_counts_for_nothing", T + "test_source_readings.py::test_second_throw_bowl_counts_its_red_fours")),
    R("dawei.split.shun_dou_shun", P("特殊情况 5", "这叫顺斗顺"), "顺斗顺：里抄外抄。", "Straight upon straight: the sweep, as for the red bowl.", "engine.dawei.split.second_is_shun_dou_shun", (T + "test_split.py::test_shun_dou_shun",)),
    R("dawei.end.settle", P("结算", "多出则赢,少了则输"), "掷完后按柱数与保本数比较输赢。", "When all is taken, each player's 柱 against break-even decides win or loss.", "engine.dawei.state.DaweiState.settlement", (T + "test_game.py::test_settlement_banker_balances", T + "test_source_readings.py::test_every_game_settles_to_zero")),
    R("dawei.end.break_even", P("结算", "九人玩,每人保本数为58柱"), "2–9 人的保本数表；九人以上用 528 ÷ 人数。", "The break-even table for 2–9 players; beyond nine, 528 ÷ players.", "engine.dawei.game.break_even", (T + "test_game.py::test_break_even_table",)),
    R("dawei.end.players", P("结算", "玩的人数虽然不限"), "人数不限：九人以上也可玩，保本数用 528 ÷ 人数。", "Any number may play: beyond nine, the break-even is 528 ÷ players.", "engine.dawei.game.break_even", (T + "test_source_readings.py::test_more_than_nine_players",)),
    R("dawei.special.two_beasts", P("特殊情况 1", "叫“二牲”"), "上局庄家得一鸡一兔并掷头色。", "The last banker takes a chicken and a rabbit and throws first.", "engine.dawei.state.DaweiState._start", (T + "test_game.py::test_two_beasts",)),
    R("dawei.special.red_bowl", P("特殊情况 2", "就执行里抄外抄"), "红一碗：各家所得不作数，按人数柱数付给掷者。", "Red bowl: holdings void; the others pay the thrower.", "engine.dawei.state.DaweiState.settlement", (T + "test_game.py::test_red_bowl",)),
    R("dawei.special.black_bowl", P("特殊情况 3", "这叫黑一碗外抄"), "黑一碗：场上余签全归掷者。", "Black bowl: every stick left in the pool goes to the thrower.", "engine.dawei.state.DaweiState._special", (T + "test_game.py::test_black_bowl",)),
    R("dawei.special.black_bowl_fox", P("狐狸 3", "游戏中若有人掷走老狮子"), "黑一碗扫走老狮子时，顺签也在它扫走的余签之中，归掷者。", "A black bowl that sweeps up the old lion sweeps up the fox with the rest, for its thrower.", "engine.dawei.state.DaweiState._special", (T + "test_argued_readings.py::test_black_bowl_sweeps_the_fox_with_the_lion",)),
    R("dawei.split.first_bowl", P("特殊情况 6", "在分掷时掷第二色"), "分掷首色的红一碗、黑一碗照常生效，与正掷一样；只有第二色的一碗不算。", "A red or black bowl on a first split throw counts as in the main phase; only a bowl on the second throw does not.", "engine.dawei.state.DaweiState._split_first", (T + "test_argued_readings.py::test_a_bowl_on_the_first_split_throw",)),
    R("dawei.split.straight_not_counted", P("分虎 3", "若第一次掷出顺色面"), "分掷首色的顺用来分虎、分老狮子时，不算一道顺。", "A straight on a first split throw used to open a split for the tiger or the old lion is not counted among the straights.", "engine.dawei.state.DaweiState._choose", (T + "test_argued_readings.py::test_a_straight_used_for_a_split",)),
    R("dawei.special.exhausted", P("特殊情况 4", "就有多少给多少"), "所掷之签已出完，以小签凑数，不足则有多少给多少。", "A kind exhausted is paid in smaller sticks, as far as they go.", "engine.dawei.state.DaweiState.plan_payment", (T + "test_game.py::test_change_for_exhausted",)),
    R("dawei.special.drops", P("特殊情况 7", "掉一颗闲一轮"), "正掷掉色闲轮；分掷掉色无效不闲。", "Dice out of the bowl: lost turns in the main phase; a void throw in the split phase.", "engine.dawei.state.DaweiState._throw", (T + "test_game.py::test_drops",)),
)

GAPS: tuple[Gap, ...] = (
    Gap(P("流传与式微", "并有濒临失传的危险"), "游戏的流传与式微，是背景而非规则；见“来源与记录者”页。", "How the game was played and nearly lost: background, not a rule; see the origin page."),
    Gap(P("作者简介", "1992年在大理二中退休"), "记录者的生平，非规则；见“来源与记录者”页。", "The recorder's life, not a rule; see the origin page."),
    Gap(P("开篇", "《t望》杂志"), "引文出处（杂志名误印），非规则；见“来源与记录者”页。", "A quotation about the town, not a rule; see the origin page (the magazine's name is misprinted)."),
    Gap(P("签牌", "依次类推"), "只给出老狮子与鸡的尺寸；其余签的尺寸按柱数插值，仅用于绘图。", "Only the lion's and the chicken's sizes are given; the others are interpolated for the drawing only."),
    Gap(P("结算", "最好是六七人玩合适"), "建议人数，不是规则；原文说人数不限，程序允许 2–16 人。", "A recommendation, not a rule; the source sets no limit, and the program takes 2 to 16 players."),
    Gap(P("特殊情况 7", "在正掷中,谁把色子掷掉出大碗外"), "未给出掉色的概率；模拟默认不掉色，可设每颗掉出的概率（至多 0.1），或在对局中用“掉色”按钮演示。", "No rate of dice falling out is given; simulations assume none by default (a chance per die of up to 0.1 can be set, or the drop buttons used in a game)."),
)

N = "dawei/notes.md"


def O(id_: str,  # noqa: E743  the trace table's one-letter row makers (P a passage, O an option)
       zh: str, en: str, choices: tuple[str, ...], default: str, passage: Passage, note: str) -> RuleOption:
    """An option with its readings in words (:data:`engine.dawei.options.CHOICE_WORDS`, the one table of them)."""
    words = CHOICE_WORDS[id_.removeprefix("dawei.")]
    return RuleOption(id_, zh, en, choices, default, passage, note, words=tuple((c, *words[c]) for c in choices))


OPTIONS: tuple[RuleOption, ...] = (
    O("dawei.red_five_gold", "红五金的三颗黑面", "Red five gold, the three black dice", ("any_sum", "one_two_two"), "any_sum", P("豹 2", "(一颗幺点两颗二点)"), N + "#red-five-gold"),
    O("dawei.two_red_with_pair", "两红而其余有对", "Two reds with a pair among the rest", ("rabbit", "blank"), "rabbit", P("鸡、兔、獐 二兔", "而其他点不成对"), N + "#two-reds-with-a-pair"),
    O("dawei.fox_first", "首轮掷顺", "The straight in the first round", ("first_round", "first_throw"), "first_round", P("狐狸 1", "新一轮开始的第一次掷色"), N + "#first-round-straight"),
    O("dawei.fox_after_lion", "老狮子出后的顺签", "The fox after the old lion", ("last_thrower", "next_straight"), "last_thrower", P("狐狸 3", "那么最后掷出顺色面者"), N + "#fox-after-lion"),
    O("dawei.red_bowl_pay", "红一碗如何付", "How the red bowl is paid", ("break_even", "players"), "break_even", P("特殊情况 2", "而按参与人数的柱数"), N + "#red-bowl"),
    O("dawei.break_even", "保本数", "Break-even", ("printed", "nearest", "exact"), "printed", P("结算", "九人玩,每人保本数为58柱"), N + "#break-even"),
    O("dawei.split_second", "分掷第二色的点数", "How many the second split throw needs", ("at_least", "exactly"), "at_least", P("特殊情况 6", "而超出对应范围"), N + "#second-throw"),
    O("dawei.split_triple_tiger", "三黑分三黑的第二色", "Three-then-three for the tiger, the second throw", ("same_point", "any_point"), "same_point", P("分虎 2", "三黑分三黑"), N + "#triple-tiger"),
    O("dawei.split_direct", "分掷中的正掷色面", "Main-phase patterns in the split phase", ("main_patterns", "split_only"), "main_patterns", P("分掷", "分掷玩法基本与正掷一样"), N + "#main-patterns-in-split"),
    O("dawei.bowl_fox", "黑一碗扫走老狮子时的顺签", "The fox when a black bowl sweeps up the old lion", ("bowl", "last_straight"), "bowl", P("特殊情况 3", "场面上剩下多少签全部归给掷出者"), N + "#black-bowl-fox"),
    O("dawei.split_straight", "用来分掷的顺算不算一道顺", "Whether a straight used to open a split counts among the straights", ("uncounted", "counted"), "uncounted", P("分虎 3", "若第一次掷出顺色面"), N + "#split-straight"),
    O("dawei.split_bowl", "分掷首色掷出一碗", "A bowl on the first throw of a split turn", ("bowl", "split_rules"), "bowl", P("特殊情况 6", "在分掷时掷第二色"), N + "#split-bowl"),
)
