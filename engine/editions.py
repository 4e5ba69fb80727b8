"""Editions of the archive: what each release changed in the readings the record gives.

The version is written once, in ``VERSION`` at the repository root. An edition is a release of
the whole record under one version, kept readable at ``editions/<version>/`` and tagged
``v<version>`` in git. Versions step semantically:

* **major** – the archive's scope or its citation scheme changes;
* **minor** – a rule default changes, a rule option is dropped or added, a reading is argued
  anew, a page or a widget is added;
* **patch** – wording only: nothing a reader plays or cites comes out differently.

To record a change, add ONE line to :data:`CHANGES` (and, for a new version, one line to
:data:`EDITIONS`)::

    C("0.4.0", "gupai.jiao_count", DEFAULT, ("旧读法", "old reading"), ("新读法", "new reading"), ("为什么", "why"), "gupai/notes.md#jiao", ("gupai/rules.md",)),

``subject`` is the rule option's id (or the rule's id, for a reading that is not an option);
``note`` the editorial note that argues it (``page.md#anchor`` under docs/); ``pages`` the
docs pages whose text or tables change with it. The changelog page is generated from these
lists; a release build (``RELEASE=1``) refuses to publish when a rule option's default or
choices differ from the last released edition (``engine/editions_options.json``, written by
``python -m sitegen.editions release``) without a version step and a line here naming it.
"""

from __future__ import annotations

import re

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from collections.abc import Iterable, Mapping
import importlib
from .api import THE_GAMES

#: kinds of change, and the least version step each asks for
DEFAULT, DROPPED, ADDED, READING, PAGE, WORDING = "default", "dropped", "added", "reading", "page", "wording"
STEP_OF_KIND = {DEFAULT: "minor", DROPPED: "minor", ADDED: "minor", READING: "minor", PAGE: "minor", WORDING: "patch"}
STEPS = ("patch", "minor", "major")

Pair = tuple[str, str]  # (中文, English)


@dataclass(frozen=True)
class Edition:
    version: str
    date: str  # the day it was released (YYYY-MM-DD); "" while it is being prepared
    zh: str  # what the edition is, in a sentence
    en: str
    # the commit the release was made from: its tag (v<version>) may not travel with a clone,
    # the commit does, so an edition can always be built again; "" while it is being prepared
    commit: str = ""


@dataclass(frozen=True)
class Change:
    edition: str  # the version that made the change
    subject: str  # rule option id ("dawei.two_red_with_pair"), or a rule id for a reading with no option
    kind: str  # DEFAULT, DROPPED, ADDED, READING, PAGE or WORDING
    old: Pair  # the reading before, in words (zh, en)
    new: Pair  # the reading after
    why: Pair
    note: str  # "dawei/notes.md#two-reds-with-a-pair": the editorial note that argues it
    pages: tuple[str, ...] = ()  # docs pages it touches ("dawei/main.md")
    # for a DEFAULT change of a rule option: the reading (choice id) that was the default before it, which a
    # record written in an earlier edition without an Option tag for it was played under (engine.record)
    was: str = ""


E = Edition
EDITIONS: tuple[Edition, ...] = (
    E("0.1.0", "2026-11-29", "首次发布：四种游戏的规则页、在浏览器中运行的规则引擎、原始文献说明、编辑说明、覆盖表、词汇表、参考文献，以及每页的引用信息。", "First release: rule pages for the four games, a rules engine that runs in the browser, notes on the primary sources, the editorial apparatus, the coverage table, the glossary, the bibliography, and citation data on every page.", "a247ee34da1b0bdc5e659ef1af0a6b497110d89b"),
    E("0.2.0", "2026-12-01", "重读原文之后：打围的两处默认读法改变，骨牌与跑胡子各删去一个选项，骨牌与跑胡子新增多个有名称的读法，跑胡子的牌数与骨牌的硬八马重新论证；新增课程、对局与字牌比较等页面和小工具。", "After re-reading the sources: two 打围 defaults changed, one option dropped in 骨牌 and one in 跑胡子, several named readings added to 骨牌 and 跑胡子, the 跑胡子 card count and the 骨牌 hard eight-horse argued anew; lessons, play pages, the 字牌 comparison and other pages and widgets added.", "8b2cccd7834e892ec3e55e22c89a4e402ddf074c"),
    E("0.3.0", "2026-12-04", "照真实牌桌核对之后：跑胡子折等和吃牌的默认读法改变（只能吃上家打出的牌或自己摸出的牌），打围新增三种有名称的读法，跑胡子新增三种有名称的读法与无效胡牌后的传庄读法；新增跑胡子积分表、骨牌记账、叶子戏判亮牌等真实牌桌用的页面，以及电脑水平的测量方法页。", "After checking against refereed tables: the 跑胡子 deng and chi defaults changed (a 吃 only of the previous player's discard or one's own draw), three named 打围 readings added, three named 跑胡子 readings and the deal after a void win added; pages for real tables added (the 跑胡子 match sheet, the 骨牌 ledger, the 叶子戏 showing judge) and a methods page on the computer's strength.", "da347c138dea41866500df898ec56163511a8a3a"),
    E("0.4.0", "", "下一版，准备中：自 0.3.0 版以来改动的读法列在下面，发布时定下日期。", "The next edition, in preparation: the readings changed since edition 0.3.0 are listed below; the date is set when it is released."),
)

C = Change
CHANGES: tuple[Change, ...] = (
    C("0.2.0", "dawei.two_red_with_pair", DEFAULT, ("两颗红四、其余四颗恰有一对：什么也不得（空色）。", "Two red fours with exactly one pair among the other four: nothing (a blank throw)."), ("同样的一掷得一支兔（二兔）。", "The same throw takes a rabbit (二兔)."), ("“而其他点不成对”排除的是“红三对马鹿”所需的两对；只有一对时仍是二兔，否则这一掷在整张色面表里无处可归。", "“The rest not paired” rules out the two pairs the red-three-pairs deer needs; with one pair the throw is still a rabbit, or it would belong nowhere in the table of throws."), "dawei/notes.md#two-reds-with-a-pair", ("dawei/main.md", "dawei/throws.md", "dawei/learn.md", "dawei/notes.md")),
    C("0.2.0", "dawei.fox_after_lion", DEFAULT, ("老狮子出后，由下一个掷出顺的人拿走顺签。", "Once the old lion is out, the next player to throw a straight takes the fox."), ("老狮子出后，顺签立即归最后一个掷过顺的人。", "Once the old lion is out, the fox goes at once to the last player who threw a straight."), ("“最后掷出顺色面者”自然读作已经掷过顺的最后一人，“不论几道顺”说明他那一道是第几道都无妨。", "“Whoever threw a straight last” most naturally names a player who has already thrown one, and “whatever the count of straights” says it does not matter which straight it was."), "dawei/notes.md#fox-after-lion", ("dawei/fox.md", "dawei/notes.md")),
    C("0.2.0", "gupai.dun", DROPPED, ("可选：一墩按四张牌（一手八墩）或按两张一叠计算。", "An option: a 墩 of four tiles (eight to a hand) or a stack of two."), ("不再是选项：一墩就是一轮出的牌；两张一叠只说砌牌。", "No longer an option: a 墩 is the tiles of one trick; the stack of two describes only how the wall is built."), ("两种说法分别讲出牌与砌牌，并不矛盾；按两张计墩的读法打不成一局完整的牌。", "The two statements describe play and the wall, and do not conflict; counting a 墩 as two tiles made no complete game."), "gupai/notes.md#dun", ("gupai/scoring.md", "gupai/notes.md")),
    C("0.2.0", "gupai.hard_bama", READING, ("硬八马：其他三家从未亮过牌，因此闲家永远不会有硬八马。", "Hard eight-horse: the other three never laid a tile face up, so a non-dealer could never have one."), ("硬八马：他的牌成为桌上最大之后，别家手里都没有压得过的牌——庄家从第一墩算起，闲家从夺得出牌权那一手算起（默认）；每个八马都算硬是另一种读法。", "Hard eight-horse: once his play is the best on the table, none of the others holds a play that beats it — for the dealer from the first trick, for a non-dealer from the play that took the lead (the default); every eight-horse counting as hard is the other reading."), ("原文也算“其他闲家上手后”打出的八张，旧读法让这半句落空；“打不起”是压不住，不是没有压。", "The post also counts a non-dealer after taking the lead, which the old reading left empty; “could not beat” means were unable to, not did not."), "gupai/notes.md#hard", ("gupai/scoring.md", "gupai/notes.md")),
    C("0.2.0", "gupai.heibama", ADDED, ("黑八马的数字被认为前后不一，未实现。", "The black eight-horse's figures were judged inconsistent and left out."), ("按未结牌各家的墩数付给结牌者，账目平衡；可选只看手牌或不计。", "Paid to the closer by the tricks of each player who did not close, and the accounts balance; readings by hand only, or none, are options."), ("逐家来读，这些数字正好是一张完整的付分表。", "Read player by player, the figures make a complete schedule."), "gupai/notes.md#heibama", ("gupai/scoring.md", "gupai/notes.md")),
    C("0.2.0", "gupai.jiao_order", ADDED, ("本版以前没有这个有名称的读法，页面也未论证。", "No named reading and no argued note for this before this edition."), ("“有重叫重”先（默认）；“有幺叫幺”先是另一种读法。", "“Two of one class” first (the default); “ace class first” is the other reading."), ("原文按 a、b、c 列出，a 正是为三张牌写的；另一种读法把 b 当作总则。", "The post lists the rules as a, b, c, and a is the one written for three tiles; the other reading takes b as the general rule."), "gupai/notes.md#jiao-order", ("gupai/rules.md", "gupai/notes.md")),
    C("0.2.0", "gupai.shang_baomen", ADDED, ("本版以前没有这个有名称的读法，页面也未论证。", "No named reading and no argued note for this before this edition."), ("默认不单独计算；庄家恰得两墩时不付且收四墩（由结牌者付）是另一种读法。", "Not counted separately by default; a dealer holding just two tricks paying nothing and receiving four, paid by the closer, is the other reading."), ("照字面读，做成黑八马的人可能比普通结牌得得更少；没有原图，这句话更像是给得两墩者的一个名称。", "Read to the letter, the maker of a black eight-horse could take less than an ordinary close; with the example picture lost, the sentence reads more like a name for the two-trick holder."), "gupai/notes.md#shang-baomen", ("gupai/scoring.md", "gupai/notes.md")),
    C("0.2.0", "gupai.xiqian", ADDED, ("至尊出现时的喜钱不计。", "Wedding money for the supreme pair was not counted."), ("别家各付一墩给出至尊的人（默认）；不计是另一种读法。", "Each other player pays one trick (墩) to the player of the supreme pair (the default); not counting it is the other reading."), ("原文说别家“得出”喜钱，却没说多少；档案取赌注的最小单位。", "The post says the others must pay wedding money but not how much; the archive takes the smallest unit of the stake."), "gupai/notes.md#xiqian", ("gupai/scoring.md", "gupai/tiles.md", "gupai/notes.md")),
    C("0.2.0", "paohuzi.dot_pairs", DROPPED, ("可选：只有一张红牌的对子胡怎样计番。", "An option: how a pairs hu with one red card is scored."), ("不再是选项：这样的牌不存在，同时报点胡与对子胡的记分单被拒绝并说明原因。", "No longer an option: no such hand exists, and a sheet claiming both dot hu and pairs hu is refused with the reason."), ("对子胡的每一组都是同一张牌的二到四张，红牌总是成双出现，不可能恰好一张。", "Every group of a pairs hu is two to four copies of one card, so its red cards come two or more at a time, never exactly one."), "paohuzi/notes.md#dot-pairs", ("paohuzi/scoring.md", "paohuzi/notes.md")),
    C("0.2.0", "paohuzi.count", READING, ("完整牌型二十一张，第一次以后的提或跑每次多一张。", "A complete hand has 21 cards, one more for each ti or pao after the first."), ("发牌时已有的提不算进张：有 n 组四张时接受 21 到 20 + n 张。", "A ti already in the deal adds no card: with n groups of four, 21 to 20 + n cards."), ("前提不是摸进来的牌；引擎看不出哪一组是发牌时就有的，所以接受整个范围。", "A dealt ti is not a card taken in; the engine cannot tell which groups were dealt, so it accepts the whole range."), "paohuzi/notes.md#card-count", ("paohuzi/winning.md", "yezi/zipai.md", "paohuzi/notes.md")),
    C("0.2.0", "paohuzi.liang_kan", ADDED, ("本版以前没有这个有名称的读法，页面也未论证。", "No named reading and no argued note for this before this edition."), ("庄家拿进亮张后，它与手中一对成坎（默认）；算作碰是另一种读法。", "Once the dealer takes the turned-up card, it and his pair make a kan held in hand (the default); counting it as a peng is the other reading."), ("书中说亮张是庄家唯一可以拿进手中的底牌。", "The booklet makes the turned-up card the one stock card the dealer may take into his hand."), "paohuzi/notes.md#liang-kan", ("paohuzi/play.md", "paohuzi/notes.md")),
    C("0.2.0", "paohuzi.foul_win", ADDED, ("本版以前没有这个有名称的读法，页面也未论证。", "No named reading and no argued note for this before this edition."), ("按诈胡处理（默认）；按该项犯规自己的罚则处理是另一种读法。", "Charged as a false win (the default); charging the fault by its own line among the penalties is the other reading."), ("4-11 明说这些都是诈胡；罚则 F 只说“按上述罚则”，没说按哪一条。", "4-11 calls these faults a false win; penalty F says only “by the penalties above”, not which."), "paohuzi/notes.md#foul-win", ("paohuzi/scoring.md", "paohuzi/notes.md")),
    C("0.2.0", "paohuzi.two_hu", ADDED, ("本版以前没有这个有名称的读法，页面也未论证。", "No named reading and no argued note for this before this edition."), ("按出牌顺序，从翻出这张牌的人起（默认）；这张牌上得分最多的一手先胡是另一种读法。", "By the order of play, from the player who turned the card (the default); the hand worth most on that card winning first is the other reading."), ("书中只规定碰先于吃，没说一张牌成全两家时谁胡。", "The booklet orders peng before chi but never says who wins when one card completes two hands."), "paohuzi/notes.md#two-hu", ("paohuzi/turn.md", "paohuzi/notes.md")),
    C("0.2.0", "paohuzi.claim_rank", ADDED, ("本版以前没有这个有名称的读法，页面也未论证。", "No named reading and no argued note for this before this edition."), ("胡先（默认）；从这张牌的主人起依次询问是另一种读法。", "The win first (the default); asking the players in turn from the card's owner is the other reading."), ("书中说胡牌即一局终了，却没有写明胡与碰、跑的先后。", "The booklet says a win ends the hand, but does not give its order against a peng or pao."), "paohuzi/notes.md#claim-rank", ("paohuzi/turn.md", "paohuzi/notes.md")),
    C("0.2.0", "paohuzi.two_players", ADDED, ("本版以前没有这个有名称的读法，页面也未论证。", "No named reading and no argued note for this before this edition."), ("二人局要 21 胡息才能胡（默认）；洗牌后拿出二十张不用是另一种读法。", "A two-player hand needs 21 huxi to win (the default); setting twenty cards aside after the shuffle is the other reading."), ("书中把两种办法都写成“可以”。", "The booklet offers both ways as a “may”."), "paohuzi/notes.md#two-players", ("paohuzi/play.md", "paohuzi/notes.md")),
    C("0.3.0", "paohuzi.deng_base", DEFAULT, ("折等的基准随开胡数变：开胡要多少胡息，多少胡息就是一等。", "The deng base moved with the minimum to win: the minimum itself was one deng."), ("固定从 15 戏起折等：二人局要 21 胡息才能胡，21 胡息仍是 3 等。", "A fixed table from 15 huxi: at a two-player table that needs 21, a 21-huxi win is still 3 deng."), ("第 6 节给出一张完整的折等表，其中没有开胡数的位置；提高门槛是为了让胡牌更难，不是让同样的牌得分更少。", "Section 6 gives a whole table with no place in it for the minimum; raising the bar makes a win harder, and nothing says it should then pay less."), "paohuzi/notes.md#deng-base", ("paohuzi/notes.md",), was="threshold"),
    C("0.3.0", "paohuzi.chi_shang_draw", DEFAULT, ("下家可以吃上家从底牌翻出的牌（这个读法当时没有名称，页面也未论证）。", "The next player could chi a card his previous player turned from the stock (a reading then unnamed and unargued)."), ("吃牌只能吃上家打出的牌或自己摸出的牌（默认，依 3-2 的“只能”）；下家也可以吃上家翻出的底牌是另一种读法（常见做法）。", "Chi takes only the previous player's discard or one's own draw (the default, by the “only” of 3-2); the next player also taking his previous player's stock card is the other reading (common practice)."), ("3-2 说吃牌“只能”吃两种牌，3-6 又举了同样两种，没有哪一处提到第三种；原文明白时默认依原文，通行做法作为选项。", "3-2 says a chi may take “only” two cards, 3-6 names the same two again, and no passage names a third; where the text is explicit the default follows it and table practice is the option."), "paohuzi/notes.md#play-order", ("paohuzi/turn.md", "paohuzi/learn.md", "paohuzi/notes.md"), was="allow"),
    C("0.3.0", "paohuzi.claim_kan", ADDED, ("本版以前没有这个有名称的读法，页面也未论证。", "No named reading and no argued note for this before this edition."), ("吃或碰后只剩坎可打时不给吃碰，并说明原因（默认）；照样吃碰、再拆坎打出是另一种读法。", "A claim that would leave only a triplet to discard is not offered, and the player is told why (the default); claiming and then breaking the triplet is the other reading."), ("吃碰之后要打牌，只剩坎时打任何一张都要拆坎，而 3-3 不许拆坎。", "A claim is followed by a discard, and with only triplets left any discard breaks one, which 3-3 forbids."), "paohuzi/notes.md#claim-kan", ("paohuzi/turn.md", "paohuzi/notes.md")),
    C("0.3.0", "paohuzi.liang_pao", ADDED, ("本版以前没有这个有名称的读法，页面也未论证。", "No named reading and no argued note for this before this edition."), ("闲家手中有三张与亮张相同时必须跑（默认）；亮张总归庄家是另一种读法。", "A player other than the dealer holding three of the turned-up card must pao it (the default); the turned-up card always going to the dealer is the other reading."), ("3-4 的“必须”没有例外，亮张和别家翻出的牌一样是公开的。", "The “must” of 3-4 has no exception, and the turned-up card is as public as one turned by another player."), "paohuzi/notes.md#liang-pao", ("paohuzi/turn.md", "paohuzi/notes.md")),
    C("0.3.0", "paohuzi.sheet", PAGE, ("本版以前没有在真实牌桌上记积分表的页面。", "No page kept the match sheet of a game played with real cards before this edition."), ("新页面逐局记下谁胡、戏、番、罚则和打鸟，按小册子算出每局的等和分、换庄、累计和名次；胡牌无效时按没有胡换庄。", "A new page enters each hand's winner, huxi, fan, fouls and bird card and keeps the booklet's sheet: deng and points per hand, the deal passing on, running totals and places; after a void win the deal passes as after no win."), ("小册子是一本比赛规则，积分表由每局数醒的人填写；胡牌无效后谁坐庄它没有说，编者按论证了取舍。", "The booklet is a book of competition rules whose sheet the counter of each hand fills in; it does not say who deals after a void win, and the editorial note argues the choice."), "paohuzi/sheet.md#void-deal", ("paohuzi/sheet.md", "archive/records.md")),
    C("0.3.0", "gupai.ledger", PAGE, ("本版以前没有在真实牌桌上给骨牌记账的页面。", "No page kept the score of 鄂南骨牌 played with real tiles before this edition."), ("新页面逐盘记下庄家、各家墩数、结牌、封墩、至尊和赏，按所选读法算出每盘的进出与整场累计，一场可以存成记录。", "A new page enters each hand's dealer, tricks, closer, sealing, supreme pair and shang, settles it under the chosen readings with running totals, and keeps the session as a record."), ("庄家由上一盘结牌的人掷色子定，所以每盘都问谁做庄；记录里每一盘记在掷色子的人名下，编者按说明了取舍。", "The closer throws the dice for the next dealer, so every hand asks who dealt; the record puts each hand under the thrower, and the editorial note explains the choice."), "gupai/ledger.md#dealer-each-hand", ("gupai/ledger.md", "archive/records.md")),
    C("0.3.0", "yezi.showing", PAGE, ("本版以前没有在真实牌桌上判叶子戏亮牌的页面。", "No page judged a 叶子戏 showing played with real cards before this edition."), ("新页面按各家的八张牌或亮出的两组，说出组合、最佳分组、每次亮牌和这一局的胜者；判过的一局可以导出成记录，再打开。", "A new page takes each player's eight cards or the two groups shown and names the combinations, the best splits, and who wins each showing and the round; the round judged is exported as a record and opened again."), ("只写八张牌的人按最佳分组、较好的一组先亮，和电脑玩家在牌局里一样。", "A player entered by eight cards shows his best split, the better group first, as the computer players do in a round."), "yezi/showing.md#how", ("yezi/showing.md", "archive/records.md")),
    C("0.3.0", "paohuzi.void_deal", ADDED, ("本版以前没有这个有名称的读法：无效的胡牌之后按没人胡传庄，页面只论证了另一种读法。", "No named reading for this before this edition: after a void win the deal passed as if nobody won, and the page only argued the other reading."), ("无效的胡牌之后按没人胡传庄（默认）；照样由胡牌的人坐庄是另一种读法。", "After a void win the deal passes as if nobody won (the default); the player who showed the win dealing all the same is the other reading."), ("小册子让胡牌的人坐庄，又把违规的胡判为无效，没有说这种情形谁坐庄。", "The booklet gives the deal to the winner and voids a win against the rules, without saying who deals after one."), "paohuzi/notes.md#void-deal", ("paohuzi/sheet.md", "paohuzi/notes.md")),
    C("0.3.0", "dawei.bowl_fox", ADDED, ("本版以前没有这个有名称的读法：黑一碗扫走老狮子时顺签随余签归掷者，页面未论证。", "No named reading for this before this edition: a black bowl sweeping up the old lion took the fox with the rest, and no page argued it."), ("顺签随余签归掷黑一碗的人（默认）；老狮子一出顺签先归最后掷顺的人是另一种读法。", "The fox goes with the rest to the bowl's thrower (the default); the lion's going giving the fox first to the last straight-thrower is the other reading."), ("特殊情况 3 的“全部”写的正是这一手的结果；狐狸第三条讲的是老狮子出场以后，黑一碗没有以后。", "Special case 3's “all” describes exactly that throw's result; the fox's third rule is about what follows the lion's going, and a black bowl has nothing following."), "dawei/notes.md#black-bowl-fox", ("dawei/special.md", "dawei/fox.md", "dawei/notes.md")),
    C("0.3.0", "dawei.split_straight", ADDED, ("本版以前没有这个有名称的读法：用来分掷的顺不算一道顺，页面未论证。", "No named reading for this before this edition: a straight used to open a split did not count among the straights, and no page argued it."), ("用来分掷的顺不算一道顺（默认）；算一道顺、掷者成为最后掷顺的人是另一种读法。", "A straight used to open a split does not count among the straights (the default); counting it, its thrower becoming the last straight-thrower, is the other reading."), ("头道、二道的名目和所得写在一起；一手分掷只按掷者选定的一条读。", "The first and second straights are named together with what they take, and a split turn is read only by the way its thrower chose."), "dawei/notes.md#split-straight", ("dawei/split.md", "dawei/fox.md", "dawei/notes.md")),
    C("0.3.0", "dawei.split_bowl", ADDED, ("本版以前没有这个有名称的读法：分掷首色的一碗和正掷时一样生效，页面未论证。", "No named reading for this before this edition: a bowl on a first split throw counted as in the main phase, and no page argued it."), ("分掷首色的一碗照常生效（默认）；只按分掷规则读是另一种读法。", "A bowl on a first split throw counts as in the main phase (the default); reading it by the split rules only is the other reading."), ("特殊情况 6 特意只让第二色的一碗无效，特殊情况 2、3 说的是“游戏中”，不分正掷分掷。", "Special case 6 takes care to void only a bowl on the second throw, and special cases 2 and 3 say “in the game”, with no word of the phases."), "dawei/notes.md#split-bowl", ("dawei/split.md", "dawei/special.md", "dawei/notes.md")),
    C("0.3.0", "archive.strength", PAGE, ("电脑强水平的测量方法、命令和用时表写在跑胡子的对局页上。", "How the strong computer level was measured, with its commands and timing tables, sat on the 跑胡子 play page."), ("档案新增一页测量方法；对局页只用几句话说各水平有多强，附误差范围。", "A methods page in the archive keeps them; the play page says in a few sentences how strong each level is, with its uncertainty."), ("读者页面是给读者的；测量记录属于档案。", "Reader pages are for readers; the record of measurements belongs to the archive."), "archive/strength.md#strong-how", ("archive/strength.md", "paohuzi/play.md")),
    C("0.4.0", "paohuzi.xiaguan_pairs", READING, ("下灌字牌的牌桌上，对子要有开招才算，一手至多一个。", "At the Xiaguan zi pai table a pair counted only beside a 开招, and a hand held one at most."), ("每个开招容得下一个对子：两个开招可以有两个对子，和叶子戏字牌的默认读法一样。", "One pair for each 开招: two 开招 allow two pairs, as in 叶子戏's zi pai under its default reading."), ("同一种牌只该有一条规则；一手一个对子是从跑胡子沿用的，附录第 6 条没有这个限制。", "One game, one rule: the one-pair limit came from paohuzi, and item 6 of the appendix sets no such limit."), "paohuzi/notes.md#play-xiaguan", ("paohuzi/notes.md",)),
)


# ----------------------------------------------------------------- what a record was played under


def named_defaults() -> frozenset[str]:
    """The rule options (ids) whose default reading changed in some edition: a record always names the
    reading of each (an Option tag even at the default), so that no reader has to guess which one it meant."""
    return frozenset(c.subject for c in CHANGES if c.kind == DEFAULT and c.was)


def defaults_in(version: str) -> dict[str, str]:
    """option id -> the reading that was its default in edition ``version``, for each option whose default has
    changed since: a record written in that edition without an Option tag for it was played under that reading.
    Empty for a version that is not one (a record without an edition is read under today's defaults)."""
    try:
        v = parse(version)
    except ValueError:
        return {}
    out: dict[str, str] = {}
    for c in sorted((c for c in CHANGES if c.kind == DEFAULT and c.was), key=lambda c: parse(c.edition)):
        if parse(c.edition) > v:
            out.setdefault(c.subject, c.was)
    return out


# ----------------------------------------------------------------- versions and checks


def parse(version: str) -> tuple[int, int, int]:
    """"1.2.3" -> (1, 2, 3); ValueError for anything else."""
    parts = version.strip().split(".")
    if len(parts) != 3 or not all(re.fullmatch(r"[0-9]+", p) for p in parts):
        raise ValueError(f"'{version}' is not a version of three numbers (major.minor.patch)")
    return int(parts[0]), int(parts[1]), int(parts[2])


def step(old: str, new: str) -> str | None:
    """The semantic step from ``old`` to ``new``: "major", "minor", "patch", or None when ``new``
    is not a proper next version (equal, lower, or skipping numbers within a step)."""
    a, b = parse(old), parse(new)
    if b == (a[0] + 1, 0, 0):
        return "major"
    if b == (a[0], a[1] + 1, 0):
        return "minor"
    if b == (a[0], a[1], a[2] + 1):
        return "patch"
    return None


def edition(version: str) -> Edition | None:
    return next((e for e in EDITIONS if e.version == version), None)


def changes_of(version: str) -> tuple[Change, ...]:
    return tuple(c for c in CHANGES if c.edition == version)


def last_change(subject: str, upto: str | None = None) -> Change | None:
    """The latest change naming ``subject`` (in editions up to ``upto``, when given)."""
    hits = [c for c in CHANGES if c.subject == subject and (upto is None or parse(c.edition) <= parse(upto))]
    return max(hits, key=lambda c: parse(c.edition)) if hits else None


Snapshot = Mapping[str, Mapping[str, Any]]  # option id -> {"default": str, "choices": [str, ...]}

SNAPSHOT_FILE = Path(__file__).resolve().parent / "editions_options.json"


def options_now() -> dict[str, dict[str, Any]]:
    """Every game's rule options as the trace declares them: id -> default and choices."""

    out: dict[str, dict[str, Any]] = {}

    for game in THE_GAMES:
        try:
            mod = importlib.import_module(f"engine.{game}.trace")
        except ImportError:
            continue
        for o in getattr(mod, "OPTIONS", ()):
            out[o.id] = {"default": o.default, "choices": sorted(o.choices)}
    return out


def released() -> dict[str, dict[str, dict[str, Any]]]:
    """version -> the rule options as that edition was released (engine/editions_options.json)."""
    if not SNAPSHOT_FILE.is_file():
        return {}
    data: dict[str, dict[str, dict[str, Any]]] = json.loads(SNAPSHOT_FILE.read_text(encoding="utf-8"))
    return data


def option_changes(before: Snapshot, after: Snapshot) -> dict[str, str]:
    """option id -> the kind of change (DEFAULT, DROPPED, ADDED) between two snapshots; a choice
    dropped from an option counts as DROPPED, a choice added as ADDED."""
    out: dict[str, str] = {}
    for oid in sorted(set(before) | set(after)):
        if oid not in after:
            out[oid] = DROPPED
        elif oid not in before:
            out[oid] = ADDED
        elif after[oid]["default"] != before[oid]["default"]:
            out[oid] = DEFAULT
        elif set(before[oid]["choices"]) - set(after[oid]["choices"]):
            out[oid] = DROPPED
        elif set(after[oid]["choices"]) - set(before[oid]["choices"]):
            out[oid] = ADDED
    return out


def release_problems(version: str, now: Snapshot, snapshots: Mapping[str, Snapshot],
                     editions: Iterable[Edition] = EDITIONS, changes: Iterable[Change] = CHANGES) -> list[str]:
    """Why the tree cannot be published as edition ``version`` (empty when it can): the rule
    options must match the last released edition unless the version steps (at least a minor
    step) and a change of this version names each option that moved."""
    try:
        parse(version)
    except ValueError as e:
        return [str(e)]
    editions = tuple(editions)
    changes = tuple(changes)
    problems: list[str] = []
    this = next((e for e in editions if e.version == version), None)
    if this is None:
        problems.append(f"VERSION says {version}, but engine/editions.py has no edition {version} (add one line to EDITIONS)")
    elif not this.date:
        problems.append(f"edition {version} has no release date in engine/editions.py (set it when releasing)")
    earlier = sorted((v for v in snapshots if parse(v) <= parse(version)), key=parse)
    if not earlier:
        return problems
    last = earlier[-1]
    moved = option_changes(snapshots[last], now)
    if not moved:
        return problems
    names = ", ".join(f"{oid} ({kind})" for oid, kind in moved.items())
    if last == version:
        problems.append(
            f"edition {version} was released with other rule options; these have changed since: {names}. "
            f"Step the version in VERSION (a changed default, a dropped or added option is at least a minor step) "
            f"and name each change in engine/editions.py")
        return problems
    s = step(last, version)
    need = max((STEP_OF_KIND[k] for k in moved.values()), key=STEPS.index)
    if s is None or STEPS.index(s) < STEPS.index(need):
        problems.append(f"from {last} to {version} is not a {need} step, which these changes ask for: {names}")
    named = {c.subject for c in changes if c.edition == version}
    for oid, kind in moved.items():
        if oid not in named:
            problems.append(f"the rule option {oid} changed ({kind}) since edition {last}, but no change of edition {version} "
                            f"in engine/editions.py names it (add one line to CHANGES)")
    return problems
