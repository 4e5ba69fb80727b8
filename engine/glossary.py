"""The glossary: one entry per term. The engine keeps it (its sentences name terms the way the
glossary does, :data:`engine.words.TERMS`; ``{"game": "engine", "action": "glossary"}`` answers it),
and the site's glossary page, its tooltips and links are made from it at build time.

Each term: characters, pinyin with tone marks, a short English gloss, the
games it belongs to, and a one-line explanation in each language (the
archive's own words). ``link=False`` keeps a term out of the automatic links
on pages (single characters such as 吃 or 等 are ordinary words too); ``name``
is the English name running text gives a term ("trick (墩)").
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    zh: str
    pinyin: str
    en: str
    games: tuple[str, ...]
    zh_def: str
    en_def: str
    link: bool = True
    key: str = ""  # explicit anchor when two pinyin spellings collide
    name: str = ""  # the English name running text gives it ("trick (墩)"), see engine.words.TERMS

    @property
    def slug(self) -> str:
        if self.key:
            return "g-" + self.key
        base = unicodedata.normalize("NFD", self.pinyin)
        base = "".join(c for c in base if unicodedata.category(c) != "Mn").lower()
        out = "".join(c if c.isalnum() else "-" for c in base)
        while "--" in out:
            out = out.replace("--", "-")
        return "g-" + out.strip("-")


D, G, Y, P = ("dawei",), ("gupai",), ("yezi",), ("paohuzi",)


def T(
    zh: str, py: str, en: str, games: tuple[str, ...], zd: str, ed: str, link: bool | None = None, key: str = "", name: str = ""
) -> Term:
    return Term(zh, py, en, games, zd, ed, len(zh) >= 2 if link is None else link, key, name)


TERMS: tuple[Term, ...] = (
    # ------------------------------------------------------------ shared
    T("庄家", "zhuāngjiā", "dealer, banker", ("dawei", "gupai", "yezi", "paohuzi"), "一局中先行或收付筹码的一方。", "The player who leads or settles a hand.", name="dealer"),
    T("骰子", "tóuzi", "dice", ("gupai", "yezi"), "决定庄家或起牌位置用的骰子。", "Dice, used to choose the dealer or where drawing starts.", name="dice"),
    T("墩", "dūn", "stack; trick", ("gupai", "yezi"), "码在桌上的一叠牌；在骨牌里也指一圈赢得的牌。", "A stack of tiles on the table; in gupai also a trick won.", link=False, name="trick"),
    T("天牌", "tiānpái", "heaven tile / heaven set", ("gupai", "yezi"), "骨牌中最大的长门牌（12 点）；叶子戏中名次第一的组合。", "The top long tile of gupai (12 points); in yezixi the first-ranked combination."),
    T("地牌", "dìpái", "earth tile / earth set", ("gupai", "yezi"), "骨牌中的 2 点长门牌；叶子戏中名次第二的组合。", "The 2-point long tile in gupai; the second combination in yezixi."),
    T("人牌", "rénpái", "man tile / man set", ("gupai", "yezi"), "骨牌中的 8 点长门牌；叶子戏中名次第三的组合。", "The 8-point long tile in gupai; the third combination in yezixi."),
    T("和牌", "hépái", "harmony tile / harmony set", ("gupai", "yezi"), "骨牌中的 4 点长门牌；叶子戏中名次第四的组合。", "The 4-point long tile in gupai; the fourth combination in yezixi."),
    T("坎子", "kǎnzi", "triple", ("yezi", "paohuzi"), "三张完全相同的字牌。", "Three identical cards.", name="triple"),
    T("顺子", "shùnzi", "run", ("yezi", "paohuzi"), "同为大字或同为小字、数字相连的三张牌。", "Three consecutive numbers, all big or all small characters.", name="run"),
    T("对子", "duìzi", "pair", ("yezi", "paohuzi"), "两张相同的牌。", "Two identical cards.", name="pair"),
    T("字牌", "zìpái", "character cards (zi pai)", ("yezi", "paohuzi"), "写着大小写数字的 80 张长条纸牌。", "The 80 long cards bearing numerals in formal and plain script.", name="character cards"),
    T("大字", "dàzì", "big characters", ("yezi", "paohuzi"), "字牌中写大写数字（壹至拾）的 40 张。", "The 40 cards with formal numerals 壹 to 拾.", name="big characters"),
    T("小字", "xiǎozì", "small characters", ("yezi", "paohuzi"), "字牌中写小写数字（一至十）的 40 张。", "The 40 cards with plain numerals 一 to 十.", name="small characters"),
    T("吃", "chī", "chi: take a discard into a run", ("yezi", "paohuzi"), "拿上家打出的牌组成顺子等。", "Taking the previous player's discard to complete a run or similar group.", link=False, name="chi"),
    T("碰", "pèng", "peng: claim a discard to a pair", ("yezi", "paohuzi"), "用手中一对拿别人的牌组成三张。", "Claiming anyone's card to turn a pair into a triple.", link=False, name="peng"),
    T("二七十", "èr qī shí", "two-seven-ten", ("yezi", "paohuzi"), "贰柒拾或二七十三张红字组成的一组。", "The group of the three red numerals 2, 7 and 10."),
    # ------------------------------------------------------------ dawei
    T("打围", "dǎwéi", "dawei (the hunt)", D, "喜洲以打猎为喻的六骰竹签游戏。", "Xizhou's six-dice stick game, modelled on a hunt."),
    T("围签", "wéiqiān", "hunt sticks", D, "打围所用的 134 支签牌。", "The set of 134 counting sticks of dawei."),
    T("柱", "zhù", "pillar (point unit)", D, "签牌的计分单位，全副共 528 柱。", "The scoring unit of the sticks; 528 in a full set.", link=False, name="pillar"),
    T("色子", "shǎizi", "dice", D, "打围掷用的六颗骰子（方言写法）。", "The six dice thrown in dawei (local spelling).", name="dice"),
    T("老狮子", "lǎo shīzi", "old lion", D, "64 柱的最大签，掷得者为庄。", "The 64-pillar top stick; whoever throws it becomes banker."),
    T("老虎", "lǎohǔ", "tiger", D, "32 柱的签，共两支。", "A 32-pillar stick; there are two."),
    T("豹子", "bàozi", "leopard", D, "16 柱的签，共四支。", "A 16-pillar stick; there are four."),
    T("狐狸", "húli", "fox", D, "16 柱的签，又称“顺”，取得方法特殊。", "The 16-pillar fox stick, also called shun, won by a special sequence."),
    T("顺", "shùn", "straight (the fox)", D, "六颗骰子一至六各一；也指狐狸签。", "All six faces different, one to six; also the fox stick.", link=False),
    T("狗", "gǒu", "dog", D, "12 柱的签，共两支。", "A 12-pillar stick; there are two.", link=False),
    T("鹰", "yīng", "eagle", D, "10 柱的签，共四支。", "A 10-pillar stick; there are four.", link=False),
    T("马鹿", "mǎlù", "red deer", D, "8 柱的签，共八支。", "An 8-pillar stick; there are eight."),
    T("獐子", "zhāngzi", "muntjac", D, "4 柱的签，共十六支，又称麂子。", "A 4-pillar stick, sixteen of them; the source equates 獐 (river deer) with 麂子 (muntjac)."),
    T("兔子", "tùzi", "rabbit", D, "2 柱的签，共三十二支；“二兔”是掷两颗红四得一支兔。", "A 2-pillar stick; thirty-two of them. 二兔 is the throw of two red fours, which takes one rabbit."),
    T("鸡", "jī", "chicken", D, "1 柱的签，共六十四支。", "A 1-pillar stick; sixty-four of them.", link=False),
    T("正掷", "zhèngzhì", "main phase", D, "按完整色面取签的第一阶段，原文又作“正挪”。", "The first phase, where a full pattern wins a stick; also written 正挪.", name="main phase"),
    T("分掷", "fēnzhì", "split phase", D, "小签取完后用两次掷骰凑色面的阶段，又作“分挪”。", "The later phase where two throws together make a pattern; also 分挪.", name="split phase"),
    T("红四", "hóng sì", "red four", D, "骰子上红色的四点面。", "The red four-spot face of a die."),
    T("保本数", "bǎoběnshù", "break-even count", D, "不输不赢所需的柱数，随人数而变。", "The pillars a player needs to break even; depends on the number of players.", name="break-even count"),
    T("二牲", "èr shēng", "two beasts", D, "上局庄家下一局先得一鸡一兔。", "The previous banker's opening gift of a chicken and a rabbit in the next game."),
    T("红一碗", "hóng yì wǎn", "red bowl", D, "六颗全是红四点，其他人照人数付柱。", "All six dice red fours: everyone pays the thrower."),
    T("黑一碗", "hēi yì wǎn", "black bowl", D, "六颗同点黑面，场上剩余的签全归掷者。", "Six equal black faces: the thrower takes every stick still on the table."),
    T("里抄外抄", "lǐ chāo wài chāo", "sweep inside and out", D, "所得不算，各家按人数付给掷者。", "Everyone's winnings are void and each pays the thrower."),
    T("天地分豹", "tiān dì fēn bào", "heaven-and-earth leopard", D, "三个幺点加三个六点，得一支豹。", "Three ones and three sixes: wins a leopard."),
    T("五子挂印", "wǔ zǐ guà yìn", "five sons hang the seal", D, "五颗同点黑面加一红四，得老狮子。", "Five equal black faces and one red four: wins the old lion."),
    # ------------------------------------------------------------ gupai
    T("骨牌", "gǔpái", "bone tiles, dominoes", G, "32 张刻点的长方牌。", "The 32 oblong tiles marked with pips.", name="dominoes"),
    T("长门", "chángmén", "long class", G, "七对成双的大牌：天、地、人、和、长五、长三、长二。", "The seven paired senior tiles: heaven, earth, man, harmony, long five, long three, long two."),
    T("点门", "diǎnmén", "points class", G, "杂九至杂五，加上三点与六点两张单牌。", "The mixed nines to fives, plus the two odd tiles three and six."),
    T("幺门", "yāomén", "ace class", G, "虎头、四六、幺六、幺五四对最小的牌。", "The four lowest pairs: tiger head, four-six, ace-six, ace-five."),
    T("长五", "chángwǔ", "long five (plum ten)", G, "上下各五黑点的 10 点牌，又叫梅花十。", "The 10-point tile with five black pips at each end; also plum ten."),
    T("长三", "chángsān", "long three (bean pod)", G, "6 点长门牌，又叫豆角。", "The 6-point long tile, also bean pod."),
    T("长二", "cháng'èr", "long two (bench)", G, "4 点长门牌，又叫板凳。", "The 4-point long tile, also bench."),
    T("杂九", "zájiǔ", "mixed nine", G, "点门中最大的一对九点牌，两张图案不同。", "The highest pair of the points class: two different nines."),
    T("虎头", "hǔtóu", "tiger head", G, "五六 11 点，幺门最大，又叫牯牛。", "The 5–6 tile (11 points), top of the ace class; also bull."),
    T("喜牌", "xǐpái", "wedding tiles", G, "点门中不成对的三点与六点。", "The unpaired three and six of the points class."),
    T("赏", "shǎng", "shang (reward tiles)", G, "三点与六点两张牌的另一叫法。", "Another name for the two odd tiles, three and six.", link=False),
    T("至尊", "zhìzūn", "supreme pair", G, "三点与六点同出；领出时谁也打不起，跟牌时打不起任何牌。", "Three and six played together: unbeatable when led, but beats nothing when it follows."),
    T("喜钱", "xǐqián", "wedding money", G, "至尊打出时其余各家付给出至尊者的钱。", "What the others pay the player who plays the supreme pair."),
    T("三六点儿", "sān liù diǎnr", "the three-and-six", G, "三点与六点两张单牌的俗称，又叫喜牌、赏。", "A folk name for the two odd tiles, three and six; also wedding tiles, shang."),
    T("七饼", "qībǐng", "seven of circles", G, "点门的弯七（上红四下三），像麻将的七饼，又叫猪脚、大邪货。", "The bent seven of the points class (red four over three), like mahjong's seven of circles; also pig's trotter, big rascal."),
    T("猪脚", "zhūjiǎo", "pig's trotter", G, "弯七（七饼）的俗称。", "A folk name for the bent seven (七饼)."),
    T("大邪货", "dà xiéhuò", "big rascal", G, "弯七（七饼）的又一俗称。", "Another folk name for the bent seven (七饼)."),
    T("老", "lǎo", "top tile (of a class)", G, "每门最大的一级：天牌、杂九、虎头，共六张。", "The top level of each class: Heaven, mixed nine, tiger head, six tiles in all.", link=False),
    T("亚", "yà", "second tile (of a class)", G, "每门第二大的一级：地牌、杂八、四六。", "The second level of each class: Earth, mixed eight, four-six.", link=False),
    T("套子", "tàozi", "set", G, "长门与点门老大配成的组合，如天九。", "A combination of a long and a points tile, such as heaven-nine."),
    T("天九", "tiānjiǔ", "heaven-nine", G, "天牌配杂九，最大的套子。", "Heaven tile with a mixed nine: the top set."),
    T("结牌", "jiépái", "closing", G, "赢得最后一手牌，按口诀多得墩钱。", "Winning the last trick, paid by a counting rhyme.", name="closing"),
    T("八马", "bāmǎ", "eight-horse", G, "一人打得或结得全部 8 墩。", "One player taking or closing all eight tricks."),
    T("红八马", "hóng bāmǎ", "red eight-horse", G, "含赏的八马，赔四倍。", "Eight horses including the reward tiles; paid fourfold."),
    T("黑八马", "hēi bāmǎ", "black eight-horse", G, "连赢最后四张以上的每一圈结牌，其中出过赏。", "Closing by winning every trick of the last four tiles or more in a row, playing a reward tile in them."),
    T("赏结", "shǎngjié", "shang close", G, "含赏、只连赢最后三张的结牌，不加钱。", "A close with a reward tile winning only the last three tiles; nothing extra."),
    T("硬八马", "yìng bāmǎ", "hard eight-horse", G, "得手之后另三家始终打不起的八马，庄家闲家都可能做成。", "An eight-horse the others could never beat once the winner held a trick; dealer or not."),
    T("叫牌", "jiàopái", "lead rules", G, "剩两三张时出牌必须遵守的限制。", "Restrictions on what to lead with two or three tiles left."),
    T("封墩", "fēngdūn", "sealing", G, "手中连“亚”都没有时封牌不打，只付清铺的钱，不出赏钱和八马钱。", "Sealing a hand without even a second tile of a class: it is not played and pays only the shut-out stake, no reward or eight-horse money.", name="sealing"),
    T("保门", "bǎomén", "breaking even", G, "打得 4 墩，不输不赢。", "Taking four tricks: neither win nor lose."),
    T("清铺", "qīngpù", "shut-out", G, "一墩未得，输足 4 墩。", "Taking no trick and paying four."),
    T("四喜", "sìxǐ", "four joys", G, "同一套子的四张；本地规定不许一次齐出。", "All four tiles of a set; locally they may not be led together."),
    # ------------------------------------------------------------ yezi
    T("叶子戏", "yèzixì", "yezixi (the leaf game)", Y, "下灌村 32 张竹牌的组合比大游戏。", "Xiaguan village's 32-card game of ranked combinations."),
    T("叶", "yè", "leaf (flower card)", Y, "画小叶花朵的两张花牌。", "The two cards painted with a small flower.", link=False),
    T("暗语数", "ànyǔ shù", "cipher numerals", Y, "豆贝参长人土才别王合十个字，表示一至十。", "The ten characters standing for one to ten."),
    T("砌牌", "qìpái", "building the wall", Y, "两张一墩码成牌墙。", "Stacking the cards two by two into walls."),
    T("金牌", "jīnpái", "metal set", Y, "名次第五的组合。", "The fifth-ranked combination."),
    T("木牌", "mùpái", "wood set", Y, "名次第六的组合。", "The sixth-ranked combination."),
    T("水牌", "shuǐpái", "water set", Y, "名次第七的组合。", "The seventh-ranked combination."),
    T("火牌", "huǒpái", "fire set", Y, "名次第八的组合。", "The eighth-ranked combination."),
    T("流散对", "liúsànduì", "scattered group", Y, "不成八种组合的四张，记最末名次。", "Four cards that make none of the eight combinations; ranked last."),
    T("开招", "kāizhāo", "open four", Y, "附录字牌中四张同值的一组。", "In the appendix's zi pai, a group of four equal cards."),
    T("半边", "bànbiān", "half-side", Y, "两张大字加一张同数小字（或反之）。", "Two cards of one script plus the same number in the other."),
    T("扫牌", "sǎopái", "sweep", Y, "手有一对又摸到第三张时必须暗扣成坎。", "Holding a pair and drawing the third: it must be set down face down as a triple."),
    T("下火规则", "xiàhuǒ guīzé", "xiahuo rule", Y, "手中已有同牌时，吃牌须同时亮出两组。", "When you hold the same card, you may take a discard only by showing two groups at once."),
    T("过张", "guòzhāng", "passed card", Y, "放过一次的牌，之后不能再吃或碰。", "A card let pass once may not be taken later."),
    # ------------------------------------------------------------ paohuzi
    T("跑胡子", "pǎohúzi", "paohuzi", P, "湖南的 80 张字牌游戏。", "Hunan's 80-card zi pai game."),
    T("醒家", "xǐngjiā", "the counter", P, "四人局中数底牌、本局不打的一方。", "In a four-player table, the one who counts out the stock and sits out the hand.", name="the counter"),
    T("数醒", "shǔ xǐng", "counting out", P, "数出 20 张底牌并亮出最后一张。", "Counting off the 20 stock cards and turning the last one up."),
    T("底牌", "dǐpái", "stock", P, "发牌后剩下、轮流翻出的 20 张牌。", "The 20 cards left after the deal, turned up one by one.", key="dipai-stock", name="stock"),
    T("亮张", "liàngzhāng", "the turned-up card", P, "底牌中翻开的那一张。", "The stock card turned face up.", name="the turned-up card"),
    T("收张", "shōuzhāng", "taking the turned-up card", P, "庄家把亮张拿进手中再打出一张。", "The dealer takes the turned-up card into hand and discards one."),
    T("偎", "wēi", "wei: conceal a triple", P, "手中一对又自己摸到第三张，扣成暗坎。", "Holding a pair and drawing the third yourself: set down a hidden triple.", link=False, name="wei"),
    T("提", "tí", "ti: four of a kind from own draw", P, "四张相同且第四张是自己手中或自己摸到。", "Four of a kind completed from your own hand or draw.", link=False, name="ti"),
    T("跑", "pǎo", "pao: four of a kind from others", P, "已有三张，第四张由他人出或摸出时合成。", "Four of a kind completed by a card others play or turn up.", link=False, name="pao"),
    T("编子", "biānzi", "bian (mixed group)", P, "一大一小同数加第三张等组合，如玖九九。", "A mixed group such as big nine with two small nines.", name="bian"),
    T("红编", "hóngbiān", "red bian", P, "三张红字贰柒拾或二七十组成的一编。", "The red group 2-7-10 in one script."),
    T("烧比", "shāobǐ", "failing to match", P, "吃牌时没把手中同牌的组一并亮出。", "Taking a card without also showing the group that holds the same card."),
    T("臭张", "chòuzhāng", "stale card", P, "放过一次又想吃的牌。", "A card passed once and taken later.", name="stale card"),
    T("走跑", "zǒupǎo", "missed pao", P, "该跑而没跑。", "Failing to declare a pao when required."),
    T("失提", "shītí", "missed ti", P, "该提而没提（原文又作“失蹄”）。", "Failing to declare a ti in time (also printed 失蹄)."),
    T("落轿", "luòjiào", "ready hand", P, "二十张牌都已编排好，只等一张胡。", "All twenty cards arranged, waiting for the one that wins."),
    T("戏", "xì", "xi (points)", P, "跑胡子的计分单位，又称胡息。", "The scoring unit of paohuzi, also called huxi.", link=False, name="xi"),
    T("等", "děng", "deng (stake unit)", P, "由戏折成的筹码单位。", "The stake unit that xi are converted into.", link=False, name="deng"),
    T("番", "fān", "fan (multiplier)", P, "特殊牌型对等数的加倍。", "A multiplier on deng for special hands.", link=False, name="fan"),
    T("红胡", "hónghú", "red hu", P, "含十张红牌的胡牌。", "A win holding ten red cards.", name="red hu"),
    T("黑胡", "hēihú", "black hu", P, "没有一张红牌的胡牌。", "A win without a single red card.", name="black hu"),
    T("对子胡", "duìzihú", "pairs hu", P, "不含顺子、编子的胡牌。", "A win with no runs and no bian."),
    T("诈胡", "zhàhú", "false win", P, "不合规则的胡牌，要受罚。", "A win that breaks the rules, penalised."),
    T("起手胡", "qǐshǒuhú", "win on the turned-up card", P, "起满二十张即已落轿，胡亮张。", "Ready on the deal and winning the turned-up card."),
    T("打鸟", "dǎniǎo", "bird betting", P, "四人以外的人押注于某一方位。", "Onlookers betting on a seat decided by the last stock card."),
    T("荒牌", "huāngpái", "dead hand", P, "无人胡牌的一局。", "A hand that nobody wins.", name="dead hand"),
    T("自摸", "zìmō", "self-drawn win", P, "自己从底牌摸出胡的牌，加三戏。", "Winning with a card you turn up yourself; worth three more xi.", name="self-drawn win"),
)
