"""The heritage record's data: the archive, its four games and their sources.

One place for every fact the citation metadata, the sources page, the
bibliography and the coverage page print. Descriptions are the archive's own
words; the only text taken from the sources is in ``anchor`` strings (short
exact substrings that locate a section in the source file, never shown as
prose) and in titles and names as printed.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from engine.api import THE_GAMES

ROOT = Path(__file__).resolve().parents[2]
SOURCES_DIR = ROOT / ".." / "shared" / "sources"
VERSION_FILE = ROOT / "VERSION"

GAME_IDS: tuple[str, ...] = THE_GAMES

#: facts of the build in progress, shared by the hooks (sitegen/record/pages.py) and the generated
#: views (sitegen/record/tables.py) (set in on_config)
BUILD: dict[str, str] = {"site_url": "http://127.0.0.1:8000/"}


def archive_version() -> str:
    """The archive's version: the VERSION file at the repository root."""
    return VERSION_FILE.read_text(encoding="utf-8").strip()


@dataclass(frozen=True)
class Text:
    zh: str
    en: str

    def __call__(self, lang: str) -> str:
        return self.en if lang == "en" else self.zh


ARCHIVE = {
    "name": Text("民间游戏遗产档案", "Folk Games Heritage Archive"),
    "short": Text("档案", "the archive"),
    "publisher": Text("民间游戏遗产档案编辑组", "Folk Games Heritage Archive editors"),
    "first_released": "2026-11-29",
}


@dataclass(frozen=True)
class Misprint:
    printed: str  # as printed in the source (a word or two)
    reading: str  # what the archive reads
    zh: str  # note in the archive's words
    en: str


@dataclass(frozen=True)
class Section:
    anchor: str  # short exact substring where the section starts in the source
    zh: str
    en: str
    slug: str


@dataclass(frozen=True)
class Game:
    id: str  # pinyin id, as in engine/<id>/ and docs/<id>/
    name: Text
    pinyin: str
    source: str  # file in shared/sources
    source_title: str  # title as printed
    source_title_en: str  # our translation of the title
    recorder: Text
    recorder_csl: tuple[dict[str, str], ...]  # CSL-JSON names of the source's authors
    place: Text
    date: Text  # what is known about the date
    date_iso: str  # best known year (or "" when unknown), for machine-readable records
    kind: Text  # what sort of document the source is
    covers: Text
    missing: Text
    misprints: tuple[Misprint, ...] = ()
    sections: tuple[Section, ...] = ()
    extra: dict[str, str] = field(default_factory=dict)

    def source_path(self) -> Path:
        return SOURCES_DIR / self.source


def _s(anchor: str, zh: str, en: str, slug: str) -> Section:
    return Section(anchor, zh, en, slug)


DAWEI = Game(
    id="dawei",
    name=Text("打围", "Dawei"),
    pinyin="dǎwéi",
    source="dawei.txt",
    source_title="“打围”喜洲人的思维体操",
    source_title_en="Dawei: the mental gymnastics of the people of Xizhou",
    recorder=Text("张正泰（白族，1933 年生于喜洲市坪街，曾任中小学教师）", "Zhang Zhengtai 张正泰 (Bai, born 1933 in Shiping Street, Xizhou; a retired school teacher)"),
    recorder_csl=({"family": "张", "given": "正泰"},),
    place=Text("云南大理喜洲", "Xizhou, Dali, Yunnan"),
    date=Text(
        "未注明日期；作者简介提到他 1992 年退休，文章当写于其后（推断）。",
        "Undated; the author's note mentions his retirement in 1992, so the article was written after it (inference).",
    ),
    date_iso="",
    kind=Text("地方文史短文", "short local-history article"),
    covers=Text(
        "整副 134 支签、共 528 柱的十种动物签；正掷（正挪）阶段每种签的色面；分掷（分挪）阶段的两次掷法；狐狸（顺）签的几道顺规则；2 至 9 人的保本数与结算；七种特殊情况。",
        "The ten animal sticks (134 sticks worth 528 pillars in all); the dice patterns that win each stick in the main phase; the two-throw patterns of the split phase; the rules for the fox (shun) stick; break-even counts for 2 to 9 players and settlement; seven special cases.",
    ),
    missing=Text(
        "没有插图；没有说明轮流掷骰的顺序、一局何时结束以外的回合细节，也没有说明分掷阶段各签的先后。",
        "No figures; nothing on the turn order beyond the first throw, and nothing on the order in which sticks are taken during the split phase.",
    ),
    misprints=(
        Misprint("《t望》", "《瞭望》", "杂志名“瞭”字乱码。", "The magazine's name is garbled: 瞭 came out as “t”."),
        Misprint("正挪 / 分挪", "正掷 / 分掷", "同一阶段先称“挪”，后称“掷”；档案统一用“掷”。", "The same two phases are first called 挪 and later 掷; the archive uses 掷 throughout."),
        Misprint("九人 58 柱", "528 ÷ 9 = 58.67", "五人 105.6 记为 106、七人 75.43 记为 75，都是四舍五入；九人 58.67 照此应为 59，原文却作 58，取整前后不一。", "Five players' 105.6 is given as 106 and seven players' 75.43 as 75, both rounded to the nearest; nine players' 58.67 would then be 59, yet the text says 58: the rounding is inconsistent."),
        Misprint("剌激", "刺激", "“剌”是“刺”的形近误字。", "剌 is a look-alike misprint for 刺 (“exciting”)."),
        Misprint("揍点", "凑点", "分掷一段的“揍点”应为“凑点”（补足点数）。", "揍点 in the split-phase passage stands for 凑点, “making up the pips”."),
        Misprint("那怕", "哪怕", "特殊情况 6 中的“那怕”即“哪怕”。", "那怕 in special case 6 is an old spelling of 哪怕, “even if”."),
        Misprint("獐 1 与 獐 5", "（重复 / duplicate）", "獐签的第一种与第五种色面都是“三对不同的黑点”，内容重复。", "The first and fifth muntjac patterns both describe three different black pairs: a duplicate."),
    ),
    sections=(
        _s("前些年", "引言：转引《瞭望》", "Introduction, quoting Liaowang", "intro"),
        _s("“打围”是喜洲古镇", "游戏的流传与式微", "How the game was played and declined", "history"),
        _s("“打围”白族话的意思", "围签：十种动物与柱数", "The sticks: ten animals and their pillars", "sticks"),
        _s("“打围”分“正挪”", "正掷的开始", "Start of the main phase", "main"),
        _s("鸡、兔、獐。", "鸡、兔、獐", "Chicken, rabbit, muntjac", "main-small"),
        _s("马鹿:1、", "马鹿", "Red deer", "main-deer"),
        _s("鹰:掷出四颗", "鹰", "Eagle", "main-eagle"),
        _s("狗:掷出四颗一点", "狗", "Dog", "main-dog"),
        _s("豹:掷出以下色面", "豹", "Leopard", "main-leopard"),
        _s("狐狸(又叫顺)", "狐狸（顺）", "Fox (shun)", "main-fox"),
        _s("老虎:掷出以下", "老虎", "Tiger", "main-tiger"),
        _s("老狮子:此牌", "老狮子", "Old lion", "main-lion"),
        _s("前面讲的是正掷", "分掷的开始", "Start of the split phase", "split"),
        _s("分獐:", "分獐", "Split: muntjac", "split-small"),
        _s("分鹿:", "分鹿", "Split: red deer", "split-deer"),
        _s("分鹰:", "分鹰", "Split: eagle", "split-eagle"),
        _s("分豹:", "分豹", "Split: leopard", "split-leopard"),
        _s("分虎:", "分虎", "Split: tiger", "split-tiger"),
        _s("分顺:", "分顺", "Split: fox", "split-fox"),
        _s("分老狮子:", "分老狮子", "Split: old lion", "split-lion"),
        _s("当场面上签牌全部掷完后", "结算与保本数", "Settlement and break-even", "settle"),
        _s("会出现几种特殊情况", "特殊情况", "Special cases", "special"),
        _s("【作者简介】", "作者简介", "About the author", "author"),
    ),
)

GUPAI = Game(
    id="gupai",
    name=Text("鄂南骨牌", "Gupai (southern Hubei dominoes)"),
    pinyin="Ènán gǔpái",
    source="gupai.txt",
    source_title="本地骨牌打法",
    source_title_en="How dominoes are played here",
    recorder=Text("论坛用户 cl828487（附若干回帖）", "forum user cl828487 (with replies)"),
    recorder_csl=({"literal": "cl828487"},),
    place=Text("湖北南部（鄂南）", "southern Hubei (Enan)"),
    date=Text("网络论坛帖；回帖日期为 2016-04-20。", "Forum thread; the replies are dated 2016-04-20."),
    date_iso="2016",
    kind=Text("网络论坛帖子", "web forum post"),
    covers=Text(
        "32 张牌分长门、点门、幺门三类及其大小；三六点（赏）与至尊；套子；摸牌、出牌、打与垫；墩的输赢计算；结牌口诀；八马等奖励；叫牌（出牌限制）规则；封墩。",
        "The 32 tiles in three classes (long, points, ace) and their order; the two odd tiles (shang) and the supreme pair; sets (taozi); drawing, leading, beating and discarding face down; accounting in tricks (dun); the closing formula (jiepai); the eight-horse bonuses; the lead rules (jiaopai); sealing a hand.",
    ),
    missing=Text(
        "帖中多处“例如”“请看下图”所指的图片都已丢失，红八马、黑八马、硬八马的例子因此缺失。",
        "The pictures announced by “for example” and “see the picture below” are lost, so the examples of the red, black and hard eight-horse bonuses are missing.",
    ),
    misprints=(
        Misprint("宋宣宗二年", "宣和二年？", "宋代没有“宣宗”；公元 1120 年是宋徽宗宣和二年，原文疑把年号误作庙号。", "No Song emperor was called Xuanzong; AD 1120 is the second year of the Xuanhe era of Emperor Huizong, so the era name seems to have been mistaken for a temple name."),
        Misprint("墩 = 4 张 / 2 张", "计分墩与码牌墩", "第（1）条说 4 张为一墩（共 8 墩），第（5）条说每两张一墩码牌：前者是计分的一圈，后者是码放的一叠。", "Item (1) makes a dun four tiles (eight in all) while item (5) stacks two tiles per dun: the first is a scoring trick, the second a stack on the table."),
    ),
    sections=(
        _s("本地（鄂南）骨牌", "引言", "Introduction", "intro"),
        _s("认识牌面。", "认识牌面", "The tiles", "tiles"),
        _s("长门类：", "长门", "Long class (changmen)", "changmen"),
        _s("点门类：", "点门", "Points class (dianmen)", "dianmen"),
        _s("点门中那不成双的", "三六点、赏与至尊", "The odd tiles, shang and the supreme pair", "shang"),
        _s("幺门类：", "幺门", "Ace class (yaomen)", "yaomen"),
        _s("小结：", "小结", "Summary of the classes", "summary"),
        _s("具体打法。", "打法总述", "How it is played", "play"),
        _s("（1）打牌4人先定价", "（1）定价与墩", "(1) Stakes and tricks", "p1"),
        _s("（2）先派一人掷骰子", "（2）定庄", "(2) Choosing the dealer", "p2"),
        _s("（3）原则上是大吃小", "（3）大吃小", "(3) Higher beats lower", "p3"),
        _s("（4）长门老大", "（4）套子", "(4) Sets", "p4"),
        _s("（5）摸牌起子", "（5）摸牌", "(5) Drawing", "p5"),
        _s("（6）庄家开始出牌", "（6）出牌、打与垫", "(6) Leading, beating, discarding", "p6"),
        _s("（7）你若打得4墩", "（7）墩的输赢", "(7) Settling tricks", "p7"),
        _s("（8）老实说", "（8）结牌", "(8) Closing (jiepai)", "p8"),
        _s("（9）奖励的牌", "（9）八马奖励", "(9) Eight-horse bonuses", "p9"),
        _s("（10）叫牌规则", "（10）叫牌规则", "(10) Lead rules", "p10"),
        _s("（11）可以封墩", "（11）封墩", "(11) Sealing", "p11"),
        _s("打骨牌的味道在于", "结语", "Closing remarks", "outro"),
        _s("博盛车租", "回帖", "Replies", "replies"),
    ),
)

YEZI = Game(
    id="yezi",
    name=Text("下灌叶子戏", "Yezixi (the leaf game of Xiaguan)"),
    pinyin="Xiàguàn yèzixì",
    source="yezixi.txt",
    source_title="麻将滥殇——下灌叶子戏",
    source_title_en="The fount of mahjong: the leaf game of Xiaguan",
    recorder=Text("童一飞、张介立 记录整理；由“宁远麻友”账号转载", "recorded and edited by Tong Yifei 童一飞 and Zhang Jieli 张介立; reposted by the account Ningyuan Mayou"),
    recorder_csl=({"family": "童", "given": "一飞"}, {"family": "张", "given": "介立"}),
    place=Text("湖南宁远县下灌村", "Xiaguan village, Ningyuan county, Hunan"),
    date=Text(
        "未注明日期；文中称玩法见于北宋崇宁四年（1105）的李氏族谱，此说未经档案核实。",
        "Undated; the text says the game is recorded in a Li clan genealogy of 1105, a claim the archive has not verified.",
    ),
    date_iso="",
    kind=Text("网络转载文章", "reposted web article"),
    covers=Text(
        "32 张竹牌（2 张叶花牌与 1 至 10 的暗语数字牌各 3 张）；洗牌、砌牌、掷骰抓牌；八种有名的组合及其名次；两次亮牌的记分。附录：下灌字牌（80 张）的拢墩类型、吃碰限制、下火规则和强制操作。",
        "The 32 bamboo cards (two leaf cards and three each of ten cipher numerals); shuffling, building the wall, drawing; the eight named combinations and their ranks; scoring over two showings. Appendix: Xiaguan zi pai (80 cards): kinds of melds, limits on chi and peng, the xiahuo rule and the forced moves.",
    ),
    missing=Text(
        "图 1 至图 3 都已丢失；附录在列出第二种强制操作后便中断，可能不完整；没有说明两家组合相同时如何比。",
        "Figures 1 to 3 are lost; the appendix stops after the second forced move and may be incomplete; nothing says how two equal combinations compare.",
    ),
    misprints=(
        Misprint("滥殇", "滥觞", "标题与正文的“滥殇”应为“滥觞”（起源）。", "滥殇 in the title and the text stands for 滥觞, “fount, origin”."),
        Misprint("6，对子", "6、对子", "附录第 6 项用逗号代替顿号，只是排版问题。", "Item 6 of the appendix has a comma for the list mark: typography only."),
    ),
    sections=(
        _s("@宁远麻友", "转载说明", "Repost header", "repost"),
        _s("在“千年状元村”", "引言：李郃传说", "Introduction: the Li He legend", "intro"),
        _s("1、名称", "1 名称", "1 Name", "name"),
        _s("2、介质材料", "2 材料", "2 Materials", "materials"),
        _s("3、形制及构成", "3 形制与构成", "3 Form and composition", "deck"),
        _s("4、玩法及步骤", "4 玩法", "4 How to play", "play"),
        _s("①洗牌砌牌", "① 洗牌砌牌", "① Shuffle and build", "shuffle"),
        _s("②掷骰抓牌", "② 掷骰抓牌", "② Dice and drawing", "draw"),
        _s("③组牌比牌", "③ 组牌比牌", "③ Combining and comparing", "compare"),
        _s("5、传承与流变过程", "5 传承与流变", "5 Transmission and change", "history"),
        _s("注：经考证", "注：族谱记载", "Note: the genealogy", "genealogy"),
        _s("图2：", "图 2、图 3 说明", "Captions of figures 2 and 3", "figures"),
        _s("附：下灌字牌的打法", "附录：下灌字牌", "Appendix: Xiaguan zi pai", "zipai"),
        _s("打牌时，庄家抓21张牌", "附录：拢好的墩", "Appendix: melds", "zipai-melds"),
        _s("整个字牌的打牌过程", "附录：吃与碰", "Appendix: chi and peng", "zipai-chipeng"),
        _s("字牌与麻将有3点主要区别", "附录：与麻将的三点区别", "Appendix: three differences from mahjong", "zipai-diff"),
        _s("但有一些情形属于规则强制", "附录：强制操作", "Appendix: forced moves", "zipai-forced"),
    ),
)

PAOHUZI = Game(
    id="paohuzi",
    name=Text("跑胡子", "Paohuzi"),
    pinyin="pǎohúzi",
    source="paohuzi.txt",
    source_title="跑胡子游戏方法和比赛规则",
    source_title_en="Paohuzi: how to play, and rules for competitions",
    recorder=Text("佚名小册子", "anonymous booklet"),
    recorder_csl=({"literal": "佚名 (anonymous)"},),
    place=Text("湖南洞庭湖区（汉寿一带）", "Hunan, Dongting Lake region (around Hanshou)"),
    date=Text(
        "未注明日期；序言提到各国竞相申报非物质文化遗产，推断写于 2000 年代或更晚。",
        "Undated; the preface mentions the rush to nominate intangible cultural heritage, which suggests the 2000s or later (inference).",
    ),
    date_iso="",
    kind=Text("规则小册子", "rule booklet"),
    covers=Text(
        "80 张字牌；三种起源传说；四人、三人、二人局与打鸟；开局与收张；五种牌型与吃、碰、偎、提、跑五种做法；编子与红编；各种违规；十一种胡法；戏的计算、戏折等、番的倍数；比赛办法、积分表、罚则与一个计分例子。",
        "The 80 cards; three origin legends; games for four, three and two players and side bets (daniao); the deal and taking the turned-up card; five kinds of groups and the five actions chi, peng, wei, ti, pao; bian and red bian; fouls; eleven ways to win; counting xi, turning xi into deng, fan multipliers; a competition format with a score sheet, penalties and a worked example.",
    ),
    missing=Text(
        "比赛积分表只有文字说明，没有表样；“负者负分 3 戏加等平衡法则”的含义要靠例子反推。",
        "The match score sheet is described but not shown; the “balance rule” for losers' scores has to be worked out backwards from the examples.",
    ),
    misprints=(
        Misprint("曾国番", "曾国藩", "湘军首领的名字写错。", "The Hunan Army leader's name is misspelled."),
        Misprint("太宗庙", "太子庙", "同一段先说太子庙，后写成太宗庙。", "The same paragraph names the Prince's Temple and then calls it 太宗庙."),
        Misprint("自模", "自摸", "计分例子中的“自模”应为“自摸”。", "自模 in the scoring example stands for 自摸, a self-drawn win."),
        Misprint("失蹄", "失提", "罚则中的“失蹄”即行牌一节的“失提”（没有及时提）。", "失蹄 in the penalties is the 失提 (failing to declare ti) of the play section."),
        Misprint("杂胡", "诈胡", "罚则第一项的“杂胡”应为前文的“诈胡”（错胡）。", "杂胡 in the first penalty stands for 诈胡, a false win, as named earlier."),
        Misprint("三人都胡牌即“荒牌”", "三人都没有胡牌", "“荒牌”是无人胡牌，原文漏了否定词。", "A dead hand (huangpai) is one nobody wins; the negation is missing."),
        Misprint("摸促", "摸出", "“摸促一张”应为“摸出一张”。", "摸促 stands for 摸出, “drew”."),
        Misprint("厅牌", "听牌", "“落轿”的别名“厅牌”应为“听牌”（只等一张即胡）；档案页面写作听牌。", "厅牌, the other name of a ready hand, stands for 听牌 (“listening”, one card from winning); the archive's pages write 听牌."),
        Misprint("“点胡””", "“点胡”（", "引号和括号错配：别名“一点朱、一点红”应放在括号里。", "Mismatched quotation mark and bracket: the other names of the hand belong in brackets."),
        Misprint("筹码的活", "筹码的话", "“活”为“话”之误。", "活 is a misprint for 话 (“if”)."),
        Misprint("芳草凄凄", "芳草萋萋", "传说一中的“凄凄”应为“萋萋”（草木茂盛）。", "凄凄 in the first legend stands for 萋萋, “lush”."),
        Misprint("单船独浆", "单船独桨", "“浆”为“桨”之误。", "浆 (“paste”) is a misprint for 桨 (“oar”)."),
        Misprint("能征贯战", "能征惯战", "“贯”为“惯”之误。", "贯 is a misprint for 惯 in the idiom for “seasoned in battle”."),
        Misprint("松驰", "松弛", "“驰”为“弛”之误。", "驰 is a misprint for 弛, “relax”."),
    ),
    sections=(
        _s("跑胡子游戏方法和比赛规则", "标题与序言", "Title and preface", "preface"),
        _s("跑胡子又名泡湖仔", "名称与制作", "Names and how cards are made", "names"),
        _s("跑胡子由大写的", "一副牌", "The deck", "deck"),
        _s("跑胡子可以四人玩", "人数与特点", "Players and character", "players"),
        _s("关于跑胡子起源的传说很多", "三种起源传说", "Three origin legends", "legends"),
        _s("1、怎样组成牌局", "1 组成牌局", "1 Forming a table", "s1"),
        _s("1-1 四人局", "1-1 四人局", "1-1 Four players", "s1-1"),
        _s("1-2 三人局", "1-2 三人局", "1-2 Three players", "s1-2"),
        _s("1-3 二人局和多人局", "1-3 二人局和多人局", "1-3 Two players, more players", "s1-3"),
        _s("2、怎样开局", "2 开局", "2 The deal", "s2"),
        _s("3、怎样行牌", "3 行牌", "3 Play", "s3"),
        _s("3-1 “对子”", "3-1 对子", "3-1 Pairs", "s3-1"),
        _s("3-2 “顺子”", "3-2 顺子", "3-2 Runs", "s3-2"),
        _s("3-3 “坎子”", "3-3 坎子", "3-3 Triples", "s3-3"),
        _s("3-4 “跑”", "3-4 跑", "3-4 Pao", "s3-4"),
        _s("3-5 “提”", "3-5 提", "3-5 Ti", "s3-5"),
        _s("3-6 “编子”", "3-6 编子", "3-6 Bian", "s3-6"),
        _s("4、怎样胡牌", "4 胡牌", "4 Winning", "s4"),
        _s("4-1 “起手胡”", "4-1 起手胡", "4-1 Winning on the deal", "s4-1"),
        _s("4-2 “碰胡”", "4-2 碰胡", "4-2 Peng win", "s4-2"),
        _s("4-3 “偎胡”", "4-3 偎胡", "4-3 Wei win", "s4-3"),
        _s("4-4 “跑胡”", "4-4 跑胡", "4-4 Pao win", "s4-4"),
        _s("4-5 “提胡”", "4-5 提胡", "4-5 Ti win", "s4-5"),
        _s("4-6 “顺胡”", "4-6 顺胡", "4-6 Run win", "s4-6"),
        _s("4-7 “编胡”", "4-7 编胡", "4-7 Bian win", "s4-7"),
        _s("4-8 “破跑胡”", "4-8 破跑胡", "4-8 Broken-pao win", "s4-8"),
        _s("4-9 “单吊胡”", "4-9 单吊胡", "4-9 Single wait", "s4-9"),
        _s("4-10 “两头胡”", "4-10 两头胡", "4-10 Two-sided wait", "s4-10"),
        _s("4-11 “诈胡”", "4-11 诈胡", "4-11 False win", "s4-11"),
        _s("5、怎样算戏", "5 算戏", "5 Counting xi", "s5"),
        _s("6、把“戏”折算成“等”", "6 戏折等", "6 From xi to deng", "s6"),
        _s("7、在“等”上加番", "7 加番", "7 Fan multipliers", "s7"),
        _s("为了把跑胡子作为一种竞技", "比赛办法", "Competition format", "match"),
        _s("6，罚则", "罚则", "Penalties", "penalties"),
        _s("例如：庄家失蹄", "罚则计分例子", "Worked penalty example", "example"),
    ),
)

GAMES: dict[str, Game] = {g.id: g for g in (DAWEI, GUPAI, YEZI, PAOHUZI)}

#: source file name -> game
BY_SOURCE: dict[str, Game] = {g.source: g for g in GAMES.values()}


@dataclass(frozen=True)
class Work:
    key: str
    zh: str  # GB/T 7714 style entry
    en: str  # English entry
    note: Text
    primary: bool = False


#: each primary source cited as completely as its text allows (GB/T 7714—2015 writes what a text does not
#: give as [出版地不详], [出版者不详], [出版年不详]; English as [S.l.], [s.n.], [n.d.]), and described for
#: machines (``source_work``): names, recorders, dates, never a file name
_CITED: dict[str, tuple[str, str]] = {
    "dawei": (
        "张正泰. “打围”喜洲人的思维体操[Z]. [出版地不详]: [出版者不详], [出版年不详].",
        "Zhang Zhengtai 张正泰. “打围”喜洲人的思维体操 [Dawei: the mental gymnastics of the people of Xizhou]. "
        "Local-history article. [S.l.]: [s.n.], [n.d.] (written after the author's retirement in 1992). In Chinese.",
    ),
    "gupai": (
        "cl828487. 本地骨牌打法[EB/OL]. [出版地不详]: [出版者不详], [2016].",
        "cl828487 (forum user). “本地骨牌打法” [How dominoes are played here]. Web forum post with replies; "
        "forum and address unknown; posted on or before April 20, 2016 (a reply quoted in the thread is dated 2016-04-20 10:00). In Chinese.",
    ),
    "yezi": (
        "童一飞, 张介立. 麻将滥殇——下灌叶子戏[EB/OL]. 宁远麻友, 转载. [出版地不详]: [出版者不详], [出版年不详].",
        "Tong Yifei 童一飞 and Zhang Jieli 张介立, recorders and editors. “麻将滥殇——下灌叶子戏” [The fount of mahjong: "
        "the leaf game of Xiaguan]. Web article reposted by the account 宁远麻友 (Ningyuan Mayou); address and date unknown [n.d.]. In Chinese.",
    ),
    "paohuzi": (
        "佚名. 跑胡子游戏方法和比赛规则[M]. [出版地不详]: [出版者不详], [出版年不详].",
        "Anonymous. 跑胡子游戏方法和比赛规则 [Paohuzi: how to play, and rules for competitions]. Booklet. "
        "[S.l.]: [s.n.], [n.d.] (place, publisher and year unknown). In Chinese.",
    ),
}


def primary_work(g: Game) -> Work:
    zh, en = _CITED[g.id]
    return Work(
        key=f"src-{g.id}",
        zh=zh,
        en=en,
        note=Text("原文由档案编辑组保存，未公开转载（见来源页）", "Kept by the archive's editors, not republished (see Sources)"),
        primary=True,
    )


def source_sha256(g: Game) -> str:
    """The sha256 of the source's text as received (the file is never edited)."""
    return hashlib.sha256(g.source_path().read_bytes()).hexdigest()


#: the source's people as schema.org names (recorders, the reposting account), and what its date is
_SOURCE_LD: dict[str, dict[str, object]] = {
    "dawei": {"author": [{"@type": "Person", "name": "张正泰", "alternateName": "Zhang Zhengtai"}], "genre": "local-history article"},
    "gupai": {
        "author": [{"@type": "Person", "name": "cl828487", "description": "forum user"}],
        "genre": "web forum post", "dateCreated": "2016",
        "comment": {"@type": "Comment", "dateCreated": "2016-04-20T10:00", "author": {"@type": "Person", "name": "毋七零八散"},
                    "description": "a reply quoted in the thread"},
    },
    "yezi": {
        "author": [{"@type": "Person", "name": "童一飞", "alternateName": "Tong Yifei"}, {"@type": "Person", "name": "张介立", "alternateName": "Zhang Jieli"}],
        "contributor": {"@type": "Organization", "name": "宁远麻友", "description": "the account that reposted the article"},
        "genre": "reposted web article",
    },
    "paohuzi": {"author": {"@type": "Person", "name": "佚名", "description": "anonymous: author, publisher and year unknown"}, "genre": "booklet"},
}


def source_work(g: Game) -> dict[str, object]:
    """The primary source as a schema.org CreativeWork: its title, people, place and dates, the
    checksum of the text as received; never a file name."""
    doc: dict[str, object] = {
        "@type": "CreativeWork",
        "name": g.source_title,
        "alternateName": g.source_title_en,
        "inLanguage": "zh-CN",
        "locationCreated": {"@type": "Place", "name": g.place.zh},
        **_SOURCE_LD[g.id],
        "identifier": {"@type": "PropertyValue", "propertyID": "sha256", "value": source_sha256(g)},
        "citation": _CITED[g.id][0],
    }
    return doc


#: the archive's licences: the text, tables and data; the code (LICENSE-CONTENT, LICENSE)
LICENCE = {
    "content": {"id": "CC-BY-4.0", "name": "CC BY 4.0", "url": "https://creativecommons.org/licenses/by/4.0/"},
    "code": {"id": "MIT", "name": "MIT", "url": "https://opensource.org/license/mit"},
}


SECONDARY: tuple[Work, ...] = (
    Work(
        key="culin-1895",
        zh="CULIN S. Chinese games with dice and dominoes[R]. Washington: Government Printing Office, 1895: 489-537.",
        en="Culin, Stewart. Chinese Games with Dice and Dominoes. From the Report of the U.S. National Museum for 1893, 489–537. Washington: Government Printing Office, 1895.",
        note=Text("背景读物：中国骰子与骨牌游戏的早期西文记录；不作为规则来源。", "Background reading: an early Western record of Chinese dice and domino games; not used as a source for rules."),
    ),
    Work(
        key="lo-2000",
        zh="LO A. The game of leaves: an inquiry into the origin of Chinese playing cards[J]. Bulletin of the School of Oriental and African Studies, 2000, 63(3): 389-406.",
        en="Lo, Andrew. “The Game of Leaves: An Inquiry into the Origin of Chinese Playing Cards.” Bulletin of the School of Oriental and African Studies 63, no. 3 (2000): 389–406.",
        note=Text("背景读物：叶子戏与中国纸牌起源的研究；档案未据此修改下灌文本的说法。", "Background reading on the leaf game and the origin of Chinese cards; the archive has not amended the Xiaguan text on its basis."),
    ),
    Work(
        key="gbt7714",
        zh="全国信息与文献标准化技术委员会. 信息与文献 参考文献著录规则: GB/T 7714—2015[S]. 北京: 中国标准出版社, 2015.",
        en="Standardization Administration of China. Information and Documentation — Rules for Bibliographic References and Citations to Information Resources. GB/T 7714—2015. Beijing: Standards Press of China, 2015.",
        note=Text("本档案中文引文格式所依据的标准。", "The standard the archive's Chinese citations follow."),
    ),
)


#: works the primary sources themselves cite (not seen by the archive)
MENTIONED: tuple[Work, ...] = (
    Work(
        key="liaowang-xizhou",
        zh="佚名. 介绍大理喜洲民俗的文章[J]. 瞭望, 出版年不详.",
        en="Anonymous. Article on the customs of Xizhou, Dali. Liaowang 瞭望 (magazine), date unknown. In Chinese.",
        note=Text("打围原文开头转引；原文把刊名印作《t望》，篇名与期号不详。", "Quoted at the start of the dawei source, which garbles the magazine's name; title and issue unknown."),
    ),
    Work(
        key="li-genealogy-1105",
        zh="李氏族谱·艺文篇[G]. 湖南宁远下灌村, 1105（北宋崇宁四年，据转述）.",
        en="Li clan genealogy, section on literature and arts. Xiaguan village, Ningyuan, Hunan; said to date from 1105. In Chinese.",
        note=Text("叶子戏原文称其形制与玩法最早见于此族谱，并据以复原；档案未见原件，年代未经核实。", "The yezixi source says the cards and play were first written down here and were reconstructed from it; not seen by the archive, date unverified."),
    ),
)
