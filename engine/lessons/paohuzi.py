"""The first lesson of 跑胡子: the seats and who may take a card, the moves (吃 with 比, 碰, 偎, 提, 跑), the
胡息 of a group and of a hand, which card a ready hand wins on, what a win scores, and a mixed review from
hands the computer plays. Hands are built from seeded groups; every answer comes from ``engine.paohuzi``,
and a wrong choice is answered with the first rule that this very choice breaks, computed from the cards."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, TypeVar
from collections.abc import Callable

from ..paohuzi.arrange import arrange
from ..api import handle  # the same answer the waiting widget shows (step: a ready hand)
from ..paohuzi.cards import COPIES, FACES, Card, counts_of, parse_card
from ..paohuzi.config import DEFAULT
from ..paohuzi.groups import KINDS, VALUE_KEYS, Group, huxi, value_key
from ..paohuzi.table import Action, chi_faults, forced_move, group_kind, may_chi_from, peng_fault

if TYPE_CHECKING:
    from ..paohuzi.state import PaohuziState
from ..paohuzi.xiaguan import partners
from .model import Choice, Exercise, Figure, Lesson, RuleRef, Step, Text, shuffled

HUXI = RuleRef("paohuzi/scoring/", "huxi", Text("胡息表", "The huxi table"))
READY = RuleRef("paohuzi/winning/", "ready", Text("落轿与只胡底牌", "The ready hand, and winning only on the stock"))
SCORE = RuleRef("paohuzi/winning/", "score", Text("算一算", "Score a hand"))


def _cards(cards: tuple[Card, ...] | list[Card]) -> Text:
    return Text("".join(c.char for c in cards), ", ".join(c.en for c in cards))


def _kind_name(g: Group) -> Text:
    k = value_key(g)
    zh, en = VALUE_KEYS[k]
    return Text(zh, en)


def _random_group(rng: random.Random, kinds: tuple[str, ...]) -> Group:
    kind = rng.choice(kinds)
    big = rng.random() < 0.5
    if kind in ("kan", "wei", "peng", "pao", "ti"):
        c = Card(big, rng.randint(1, 10))
        return Group.of(kind, [c] * KINDS[kind].size, open=kind not in ("kan",))
    if kind == "shun123":
        return Group.of("shun", [Card(big, r) for r in (1, 2, 3)])
    if kind == "shun":
        r = rng.randint(2, 8)
        return Group.of("shun", [Card(big, r + i) for i in range(3)])
    if kind == "bian_red":
        return Group.of("bian", [Card(big, r) for r in (2, 7, 10)])
    r = rng.randint(1, 10)  # a big-small bian of one number
    cards = [Card(big, r), Card(big, r), Card(not big, r)]
    return Group.of("bian", cards)


# ------------------------------------------------------------------ step 1: the huxi of a group
HOW = {
    "kan": Text("手里起到的坎（三张相同）", "a kan, three alike dealt to your hand"),
    "wei": Text("偎出来的三张（自己翻出第三张）", "a wei, three alike completed by a card you turned up yourself"),
    "peng": Text("碰出来的三张（碰了别人的牌）", "a peng, three alike completed by claiming another player's card"),
    "pao": Text("跑出来的四张", "a pao, four alike completed with another player's card"),
    "ti": Text("提出来的四张（全是自己的牌）", "a ti, four alike all your own"),
}
def _group(rng: random.Random) -> Exercise:
    g = _random_group(rng, ("kan", "wei", "peng", "pao", "ti", "shun123", "shun", "bian_red", "bian_mixed"))
    right = huxi(g)
    small, big = DEFAULT.huxi_of(value_key(g), False), DEFAULT.huxi_of(value_key(g), True)
    name = _kind_name(g)
    size = "大字" if g.big else "小字"
    size_en = "big" if g.big else "small"
    rule = Text(f"{name.zh}：小字 {small}，大字 {big} 胡息。", f"{name.en}: {small} huxi in small cards, {big} in big ones.")
    values = [right]
    for v in (small, big, right + 3, max(0, right - 3), 1, 6, 9):
        if v not in values and len(values) < 4:
            values.append(v)
    cs = _cards(g.cards)
    choices = [Choice(str(v), Text(f"{v} 胡息", f"{v} huxi"), None if v == right else Text(f"这是{size}的{name.zh}。" + rule.zh, f"This is a {name.en} of {size_en} cards. " + rule.en)) for v in values]
    how = HOW.get(g.kind, Text("手里的三张牌", "three cards in your hand"))
    return Exercise(
        Text(f"这一组是{how.zh}：{cs.zh}。它值几胡息？", f"This group is {how.en}: {cs.en}. How many huxi is it worth?"),
        _drawn(g.cards), Text(f"牌：{cs.zh}", f"Cards: {cs.en}"), shuffled(rng, choices), str(right),
        Text(f"这是{size}的{name.zh}，值 {right} 胡息。" + rule.zh, f"It is a {name.en} of {size_en} cards, worth {right} huxi. " + rule.en),
        HUXI,
    )


# ------------------------------------------------------------------ a consistent set of groups
def _groups(rng: random.Random, n: int, kinds: tuple[str, ...]) -> list[Group]:
    while True:
        gs = [_random_group(rng, kinds) for _ in range(n)]
        if max(counts_of(c for g in gs for c in g.cards)) <= COPIES:
            return gs


HAND_KINDS = ("kan", "shun123", "shun", "shun", "shun", "bian_red", "bian_mixed")


# ------------------------------------------------------------------ step 2: the huxi of a hand
def _hand(rng: random.Random) -> Exercise:
    while True:
        gs = _groups(rng, 3, HAND_KINDS)
        cards = tuple(sorted(c for g in gs for c in g.cards))
        best = arrange(cards)
        if best is not None:
            break
    total, groups = best
    parts_zh = " ＋ ".join(f"{_cards(g.cards).zh}（{huxi(g)}）" for g in groups)
    parts_en = " + ".join(f"{_cards(g.cards).en} ({huxi(g)})" for g in groups)
    naive = sum(huxi(g) for g in gs)
    values = [total]
    for v in (naive, total + 3, max(0, total - 3), total + 6):
        if v not in values and len(values) < 4:
            values.append(v)
    why = Text(f"最好的摆法是 {parts_zh} ＝ {total} 胡息。", f"The best arrangement is {parts_en} = {total} huxi.")
    choices = [Choice(str(v), Text(f"{v} 胡息", f"{v} huxi"), None if v == total else why) for v in values]
    cs = _cards(cards)
    return Exercise(
        Text("把这九张牌摆成三组，最多能得几胡息？", "Arrange these nine cards in three groups: at most how many huxi do they make?"),
        _drawn(cards), Text(f"九张牌：{cs.zh}", f"Nine cards: {cs.en}"), shuffled(rng, choices), str(total),
        Text(why.zh + "一手牌的胡息是各组胡息之和，要找胡息最多的摆法。", why.en + " A hand's huxi is the sum of its groups'; look for the arrangement that makes the most."),
        HUXI,
    )


# ------------------------------------------------------------------ steps 3 and 4: a ready hand
def _ready_hand(rng: random.Random) -> tuple[tuple[Card, ...], dict]:
    while True:
        gs = _groups(rng, 7, ("kan", "kan", "shun123", "shun", "shun", "bian_red", "bian_mixed"))
        cards = [c for g in gs for c in g.cards]
        drop = rng.choice([g for g in gs if g.kind != "kan"]).cards
        cards.remove(rng.choice(drop))
        hand = tuple(sorted(cards))
        w = handle({"game": "paohuzi", "action": "waiting", "hand": [c.code for c in hand]})
        if w.get("ok") and w["waits"]:
            return hand, w


def _arrangement(groups: list[dict]) -> Text:
    """The groups of a win as the engine laid them out, each with its 胡息."""
    by_code = {c.code: c for c in FACES}
    zh = " ＋ ".join(f"{g['chars']}（{g['huxi']}）" for g in groups)
    en = " + ".join(f"{gw([by_code[x] for x in g['cards']]).en} ({g['huxi']})" for g in groups)
    return Text(zh, en)


def _loser_why(hand: tuple[Card, ...], x: Card) -> Text:
    """Why the card ``x`` does not win for ``hand``: computed from the best arrangement of the 21 cards."""
    best = arrange(hand + (x,))
    if hand.count(x) == 3:
        return Text(f"{x.zh}是你那一坎的第四张：它要和坎一起做成提或跑，剩下的牌凑不成一手胡牌。",
                    f"The {x.en} is the fourth to your kan: it goes into a ti or pao with it, and the rest do not make a winning hand.")
    if best is None:
        return Text(f"加上{x.zh}，总有牌放不进任何一组：胡牌时每张牌都要在组里，全手最多只能有一对。",
                    f"With the {x.en}, some cards fit no group: to win every card must sit in a group, with at most one pair in the whole hand.")
    total, groups = best
    if total < DEFAULT.threshold:
        parts = Text(" ＋ ".join(f"{_cards(g.cards).zh}（{huxi(g)}）" for g in groups), " + ".join(f"{gw(g.cards).en} ({huxi(g)})" for g in groups))
        return Text(f"加上{x.zh}能摆成 {parts.zh}，只有 {total} 胡息，不到 {DEFAULT.threshold}。",
                    f"With the {x.en} the best arrangement is {parts.en}: only {total} huxi, short of {DEFAULT.threshold}.")
    return Text(f"加上{x.zh}，按规矩要先做的提、偎、跑会拆散这手牌，凑不成胡。", f"With the {x.en}, the compulsory ti, wei or pao breaks the hand up and it does not win.")


def _ready(rng: random.Random) -> Exercise:
    hand, w = _ready_hand(rng)
    by_code = {c.code: c for c in FACES}
    wins = [x["card"] for x in w["waits"]]
    win = rng.choice(wins)
    near = {c.code for c in FACES if hand.count(c) < 4 and any(abs(c.rank - h.rank) <= 1 for h in hand)}
    losers = sorted(c.code for c in FACES if c.code not in wins and c.code in near)
    rng.shuffle(losers)
    pick = next(x for x in w["waits"] if x["card"] == win)
    res = pick["other"] or pick["self"]
    lay = _arrangement(res["groups"])
    others = [by_code[c] for c in wins if c != win]
    also = Text(("这手牌也胡" + "、".join(c.zh for c in others) + "。") if others else "这手牌只胡这一张。",
                (" It also wins on " + ", ".join(c.en for c in others) + ".") if others else " No other card wins for it.")
    choices = [Choice(win, Text(by_code[win].zh, by_code[win].en))] + [
        Choice(c, Text(by_code[c].zh, by_code[c].en), _loser_why(hand, by_code[c]), READY if "short of" in _loser_why(hand, by_code[c]).en else ONE_PAIR)
        for c in losers[:3]
    ]
    cs = _cards(hand)
    return Exercise(
        Text("这手二十张牌已经落轿（听牌）。下面哪一张牌翻出来时能胡？", "These twenty cards are ready. Which of these cards, turned up from the stock, lets you win?"),
        _drawn(hand), Text(f"二十张牌：{cs.zh}", f"Twenty cards: {cs.en}"), shuffled(rng, choices), win,
        Text(f"加上{by_code[win].zh}，二十一张牌摆成 {lay.zh}，共 {res['huxi']} 胡息，每张都在组里，够 {DEFAULT.threshold} 胡息。" + also.zh,
             f"With the {by_code[win].en} the twenty-one cards lie as {lay.en}: {res['huxi']} huxi, every card in a group, at least {DEFAULT.threshold}." + also.en),
        READY,
    )


def _score(rng: random.Random) -> Exercise:
    hand, w = _ready_hand(rng)
    pick = rng.choice(w["waits"])
    self_drawn = pick["other"] is None or (pick["self"] is not None and rng.random() < 0.5)
    res = pick["self"] if self_drawn else pick["other"]
    right = res["score"]
    by_code = {c.code: c for c in FACES}
    card = by_code[pick["card"]]
    bonus = res.get("zimo_bonus", 0) if res.get("zimo") else 0
    fan_zh = "、".join(f["zh"] for f in res.get("fan", [])) or "无"
    fan_en = ", ".join(f["en"] for f in res.get("fan", [])) or "none"
    lay = _arrangement(res["groups"])
    how = Text(
        f"摆法：{lay.zh}，各组共 {res['huxi']} 胡息" + (f"，自摸加 {bonus}" if bonus else "") + f"，合计 {res['total']}，折 {res['deng']} 等（15 胡息 1 等，每多 3 胡息加 1 等）；番：{fan_zh}（乘 {res['multiplier']}）；{res['deng']} × {res['multiplier']} ＝ {right}。",
        f"The groups: {lay.en}, {res['huxi']} huxi" + (f", plus {bonus} for drawing it yourself" if bonus else "") + f", {res['total']} in all, which is {res['deng']} deng (15 huxi is 1 deng, each 3 more adds one); fan: {fan_en} (times {res['multiplier']}); {res['deng']} × {res['multiplier']} = {right}.",
    )
    values = [right]
    for v in (res["deng"], res["total"], right + 1, max(1, right - 1), right * 2):
        if v not in values and len(values) < 4:
            values.append(v)
    def why(v: int) -> Text:
        if v == res["total"]:
            head = Text(f"{v} 是胡息的合计，还没有折成等、乘番。", f"{v} is the huxi total, not yet turned into deng and multiplied.")
        elif v == res["deng"]:
            head = Text(f"{v} 是折成的等数，还没有乘番。", f"{v} is the deng, before the fan multiplies it.")
        elif v > right:
            head = Text(f"{v} 算多了。", f"{v} is too many.")
        else:
            head = Text(f"{v} 算少了。", f"{v} is too few.")
        return Text(head.zh + how.zh, head.en + " " + how.en)

    choices = [Choice(str(v), Text(str(v), str(v)), None if v == right else why(v)) for v in values]
    cs = _cards(hand)
    who_zh = "你自己翻出" if self_drawn else "别家翻出"
    who_en = "you turn it up yourself" if self_drawn else "another player turns it up"
    return Exercise(
        Text(f"这手牌胡{card.zh}，{who_zh}。这一胡得几分？", f"This hand wins on the {card.en}, and {who_en}. What does the win score?"),
        _drawn(hand), Text(f"二十张牌：{cs.zh}", f"Twenty cards: {cs.en}"), shuffled(rng, choices), str(right),
        Text(how.zh, how.en), SCORE,
    )


# ------------------------------------------------------------------ figures and words
LEARN = "paohuzi/learn/"
SEATS = RuleRef(LEARN, "seats", Text("座位：上家、下家、醒家", "Seats: before you, after you, the counter"))
CHI = RuleRef(LEARN, "chi", Text("吃与比", "Chi and bi"))
PENG = RuleRef(LEARN, "peng", Text("碰", "Peng"))
WEI = RuleRef(LEARN, "wei", Text("偎", "Wei"))
TI = RuleRef(LEARN, "ti", Text("提", "Ti"))
PAO = RuleRef(LEARN, "pao", Text("跑", "Pao"))
FORCED = RuleRef(LEARN, "forced", Text("必须做的提、偎、跑", "The compulsory ti, wei and pao"))
WHO = RuleRef(LEARN, "who-takes", Text("一张牌谁能要", "Who may take a card"))
BI = RuleRef(LEARN, "bi", Text("比牌", "Bi"))
GROUPS = RuleRef(LEARN, "groups", Text("牌怎样凑成组", "How cards make groups"))
ONE_PAIR = RuleRef(LEARN, "one-pair", Text("只能有一对", "At most one pair"))


def _drawn(cards: list[Card] | tuple[Card, ...]) -> Figure:
    """Cards in a row (``views/lesson.py`` draws them)."""
    return {"kind": "zipai-cards", "cards": [c.code for c in cards]}


def figure(*parts: tuple[str, list[Card] | tuple[Card, ...]]) -> Figure:
    """Cards in parts side by side: ``hand`` (your hand), ``open`` (a group laid face up in front of you),
    ``back`` (a group laid face down, drawn as card backs), ``offer`` (the card on the table, framed), ``group``
    (a group of an arrangement); a part without cards is left out."""
    return {"kind": "zipai-parts", "parts": [{"kind": kind, "cards": [c.code for c in cards]} for kind, cards in parts if cards]}


def gw(cards: tuple[Card, ...] | list[Card]) -> Text:
    """A group in words: 伍陆柒 / big 5-6-7 (one size), or each card named when the sizes are mixed."""
    cs = sorted(cards)
    zh = "".join(c.char for c in cs)
    if len({c.big for c in cs}) == 1:
        return Text(zh, f"{'big' if cs[0].big else 'small'} " + "-".join(str(c.rank) for c in cs))
    return Text(zh, " + ".join(c.en for c in cs))


def _fillers(rng: random.Random, avoid: set[int], n: int) -> list[Card]:
    """Cards that make no group with the cards of ``avoid`` (another number, away from them)."""
    out: list[Card] = []
    ranks = {FACES[i].rank for i in avoid}
    pool = [c for c in FACES if all(abs(c.rank - r) > 2 for r in ranks) and c.rank not in (2, 7, 10)]
    if len(pool) < n:
        pool = [c for c in FACES if c.rank not in ranks]
    while len(out) < n:
        c = rng.choice(pool)
        if out.count(c) < 1:
            out.append(c)
    return sorted(out)


# ------------------------------------------------------------------ step: seats, and who may take a card
SEAT = {
    "you": Text("你", "you"),
    "shang": Text("你的上家", "the player before you (上家)"),
    "xia": Text("你的下家", "the player after you (下家)"),
    "xing": Text("醒家", "the counter (醒家)"),
}
#: the order of play at a four-player table: the counter plays no card
NEXT = {"you": "xia", "xia": "shang", "shang": "you"}


#: the four seats around the table, seen from yours, with the order of play (drawn with an arrow round the table)
SEATS_FIGURE: Figure = {"kind": "zipai-seats", "seats": [
    {"seat": "you", "zh": "你（庄家）", "en": "you (dealer)"}, {"seat": "xia", "zh": "下家", "en": "after you"},
    {"seat": "xing", "zh": "醒家（不打）", "en": "counter (sits out)"}, {"seat": "shang", "zh": "上家", "en": "before you"}]}


def _seats_who(rng: random.Random) -> Exercise:
    d = rng.choice(["you", "shang", "xia"])
    right = NEXT[d]
    across = NEXT[right]  # the discarder's own previous player: one seat too far

    def why(v: str) -> Text:
        if v == "xing":
            return Text("醒家这一局不上桌：数完底牌就休息，不吃、不碰、也不出牌。", "The counter sits this hand out: after counting the stock he rests, and neither claims nor plays a card.")
        if v == d:
            return Text("打出的牌不能收回：打牌的人自己不能吃自己打出的牌。", "A discard is never taken back: the player who discarded it may not chi it himself.")
        assert v == across
        return Text(f"不吃隔山牌：打出的牌只有打牌人的下家能吃，{SEAT[v].zh}和{SEAT[d].zh}之间隔着一家。",
                    f"No chi across the table: only the discarder's next player may chi a discard, and {SEAT[v].en} is one seat further on from {SEAT[d].en}.")

    d_zh = "你自己" if d == "you" else SEAT[d].zh
    d_en = "You" if d == "you" else SEAT[d].en[0].upper() + SEAT[d].en[1:]
    choices = [Choice(v, SEAT[v], None if v == right else why(v), None if v in (right, "xing") else WHO) for v in ("you", "shang", "xia", "xing")]
    return Exercise(
        Text(f"四人局，你坐庄。{d_zh}打出一张牌，没有人碰。谁可以吃这张牌（只要手里有能配的两张）？",
             f"Four at the table, you are the dealer. {d_en} {'discard' if d == 'you' else 'discards'} a card and nobody pengs it. Who may chi it (given two cards that go with it)?"),
        SEATS_FIGURE, Text("座位图：你坐在下方，下家在右，醒家在对面，上家在左；出牌的次序是你、下家、上家。",
                          "The seats: you at the bottom, the player after you on the right, the counter opposite, the player before you on the left; play goes you, after you, before you."),
        shuffled(rng, choices), right,
        Text(f"出牌的次序是你 → 下家 → 上家 → 你，醒家不打。{SEAT[d].zh if d != 'you' else '你'}打出的牌，只有坐在他后面的{SEAT[right].zh}能吃。",
             f"Play goes you → after you → before you → you; the counter plays no card. A discard by {SEAT[d].en} may be chi'd only by the next player, {SEAT[right].en}."),
        SEATS,
    )


TAKE_WAYS = {
    "chi": Text("可以吃", "You may chi it"),
    "peng": Text("可以碰", "You may peng it"),
    "none": Text("不能要", "You may not take it"),
}
ORIGINS = {
    ("shang", "discard"): Text("你的上家打出", "the player before you discards"),
    ("xia", "discard"): Text("你的下家打出", "the player after you discards"),
    ("shang", "stock"): Text("你的上家从底牌翻出", "the player before you turns up from the stock"),
    ("xia", "stock"): Text("你的下家从底牌翻出", "the player after you turns up from the stock"),
    ("you", "stock"): Text("你自己从底牌翻出", "you turn up from the stock"),
}


def _seats_may(rng: random.Random) -> Exercise:
    who, how = rng.choice(list(ORIGINS))
    c = Card(rng.random() < 0.5, rng.randint(1, 10))
    pair = who != "you" and rng.random() < 0.4
    if pair:
        held = [c, c]
    else:
        r0 = rng.choice([d for d in (-2, -1, 0) if c.rank + d >= 1 and c.rank + d + 2 <= 10])
        held = [Card(c.big, c.rank + r0 + i) for i in range(3) if r0 + i != 0]
    hand = sorted(held + _fillers(rng, {x.index for x in held + [c]}, 3))
    # 3-2: chi only (只能) the previous player's discard or one's own draw: not a card the player before you turns up
    may_chi = not pair and may_chi_from(how, {"you": "own", "shang": "next", "xia": "other"}[who], DEFAULT)
    right = "peng" if pair else ("chi" if may_chi else "none")
    src = ORIGINS[(who, how)]
    held_w = gw(held)

    def why(v: str) -> Text:
        if v == "peng":
            return Text(f"碰要手里有一对{c.zh}；你手里没有。", f"A peng needs a pair of {c.en} in your hand; you have none.")
        if v == "chi":
            if pair:
                return Text(f"吃要手里有两张能和{c.zh}组成顺子或编子的牌；你手里的一对{c.zh}和它只成三张相同，那是碰。",
                            f"A chi needs two cards that make a run or bian with the {c.en}; your pair of {c.en} makes three alike with it, which is a peng.")
            if who == "shang":
                return Text("吃牌只能吃上家打出的牌或自己摸出的牌：上家从底牌翻出的牌，你不能吃。",
                            "Chi takes only the previous player's discard or your own draw: not a card the player before you turns up from the stock.")
            return Text("不吃隔山牌：下家打出或翻出的牌，你不能吃。", "No chi across the table: you may not chi a card the player after you discards or turns up.")
        ok = TAKE_WAYS[right]
        return Text(f"这张牌你能要：{ok.zh}（{held_w.zh}）。", f"You can take this card: {ok.en.lower()} (with {held_w.en}).")

    rules = {"peng": PENG, "chi": CHI if pair else WHO, "none": PENG if right == "peng" else CHI}
    choices = [Choice(v, TAKE_WAYS[v], None if v == right else why(v), None if v == right else rules[v]) for v in ("chi", "peng", "none")]
    if right == "peng":
        ex = Text(f"手里有一对{c.zh}，别家的{c.zh}不论打出还是翻出，你都可以碰（碰也先于吃）。",
                  f"With a pair of {c.en}, you may peng another player's {c.en}, discarded or turned up (and a peng comes before any chi).")
    elif right == "chi":
        ex = Text(f"{src.zh}的牌你可以吃：{c.zh}和手里的{held_w.zh}组成一组。吃只吃上家打出的牌和自己翻出的牌。",
                  f"You may chi this card ({src.en}): the {c.en} and your {held_w.en} make a group. Chi only the previous player's discard or your own draw.")
    elif who == "shang":
        ex = Text("上家从底牌翻出的牌你不能吃：吃牌只能吃上家打出的牌或自己摸出的牌；手里也没有一对可以碰，所以只能放过。",
                  "You may not chi a card the player before you turns up: chi takes only his discard or your own draw; and you hold no pair to peng it: let it pass.")
    else:
        ex = Text("下家的牌你不能吃（不吃隔山牌），手里也没有一对可以碰，所以只能放过。",
                  "You may not chi the next player's card (no chi across the table), and you hold no pair to peng it: let it pass.")
    return Exercise(
        Text(f"{src.zh}一张{c.zh}（框起来的那张）。你的手牌如图。这张牌你可以怎样？",
             f"{src.en[0].upper() + src.en[1:]} the {c.en} (the framed card). Your hand is shown. May you take it?"),
        *_offered(hand, c), shuffled(rng, choices), right, ex, SEATS,
    )


def _seats(rng: random.Random) -> Exercise:
    return _seats_who(rng) if rng.random() < 0.45 else _seats_may(rng)


# ------------------------------------------------------------------ step: chi, with bi
#: a lawful 吃 group's shape in words, by its value key (engine.paohuzi.groups.value_key)
SHAPE_WORDS = {"shun123": Text("顺子", "a run"), "shun": Text("顺子", "a run"), "bian_red": Text("红编（二七十）", "a red bian (2-7-10)"),
               "bian_mixed": Text("编子（大小同数）", "a bian (one number, both sizes)")}


def _shape_words(g: tuple[Card, ...]) -> Text:
    return SHAPE_WORDS[value_key(Group.of(group_kind(g), g))]


#: the lesson's words for the faults of a 吃 (engine.paohuzi.table.chi_faults): {w} the group, {x} the card concerned
CHI_WORDS = {
    "mixed_shun": ("{w}不是一组：大小字不能组成顺子。", "{w} is no group: big and small cards never make a run together."),
    "bad_group": ("{w}不是一组：三张牌既不相连成顺子，也不成编子（大小同数或二七十）。",
                  "{w} is no group: the three cards are neither a run nor a bian (one number in both sizes, or 2-7-10)."),
    "kan": ("拆对不拆坎：你的三张{x}是一坎，不能拆出来吃牌。", "A kan is never split: your three {x} are a kan and may not go into a chi."),
    "no_card": ("你手里没有足够的{x}。", "You do not hold enough {x}."),
    "shao_bi": ("烧比：你手里还有{x}，吃的时候要把它和两张牌组成一组一起比出来。",
                "Burnt bi (shao bi): you still hold a {x}; when you chi, it must be shown too, in a group with two more of your cards."),
}
#: where the rule each kind of wrong chi breaks is explained (a card you do not hold is no real temptation)
CHI_RULE = {"shao_bi": BI, "kan": GROUPS, "mixed_shun": GROUPS, "bad_group": GROUPS}


def _chi_fault(hand: list[Card] | tuple[Card, ...], card: Card, groups: list[tuple[Card, ...]]) -> tuple[str, Text] | None:
    """The first fault of a chi of ``card`` as ``groups`` as the table engine finds them
    (:func:`engine.paohuzi.table.chi_faults`), group by group (a group without the card is no group), with the
    lesson's words for it; None when the chi is lawful."""
    faults = chi_faults(counts_of(hand), card, groups)
    if not faults:
        return None
    f = faults[0]
    code = "bad_group" if f.code == "without_card" else f.code
    w, x = gw(groups[f.group]), f.card or card
    zh, en = CHI_WORDS[code]
    return code, Text(zh.format(w=w.zh, x=x.zh), en.format(w=w.en, x=x.en))


def chi_problem(hand: list[Card] | tuple[Card, ...], card: Card, groups: list[tuple[Card, ...]]) -> Text | None:
    """The first rule a chi of ``card`` as ``groups`` breaks (None when it is lawful): each group in turn
    must be a run or a bian, of cards you hold, none of them from a kan; then no copy of the card may be
    left in your hand (every copy is shown as bi)."""
    f = _chi_fault(hand, card, groups)
    return None if f is None else f[1]


def _partners(c: Card) -> list[tuple[Card, Card]]:
    """Pairs of cards that make a group with ``c`` without another copy of it (a run, a bian of the other size,
    2-7-10): the group shapes the 字牌 share, written once (engine/paohuzi/xiaguan.py)."""
    return [p for p in partners(c, ("shunzi", "banbian", "erqishi")) if c not in p]


def chi_words(groups: list[tuple[Card, ...]]) -> Text:
    main = gw(groups[0])
    if len(groups) == 1:
        return Text(f"吃成 {main.zh}", f"Chi as {main.en}")
    bi = [gw(g) for g in groups[1:]]
    return Text(f"吃成 {main.zh}，比 " + "、".join(b.zh for b in bi), f"Chi as {main.en}; bi {' and '.join(b.en for b in bi)}")


def _chi_ways(hand: list[Card], card: Card) -> list[list[tuple[Card, ...]]]:
    """Every list of groups (main group first, then the bi groups) that hand and card could be shown as."""
    out: list[list[tuple[Card, ...]]] = []
    for a, b in _partners(card):
        out.append([tuple(sorted((card, a, b)))])
    out = [g for g in out if all(hand.count(x) >= list(g[0]).count(x) - (x == card) for x in g[0])]
    if card in hand:
        for a, b in _partners(card):
            if hand.count(a) >= 1 and hand.count(b) >= (2 if a == b else 1):
                for first in list(out):
                    if len(first) == 1:
                        out.append(first + [tuple(sorted((card, a, b)))])
    # cards of the hand with the card that make no group (a beginner's mistake)
    for i, x in enumerate(hand):
        for y in hand[i + 1:]:
            g = tuple(sorted((card, x, y)))
            if [g] not in out:
                out.append([g])
    return out


def _chi(rng: random.Random) -> Exercise:
    while True:
        c, hand = _chi_hand(rng)
        cands = _chi_ways(sorted(hand), c)
        lawful = [g for g in cands if chi_problem(hand, c, g) is None]
        if not lawful:
            continue
        right = rng.choice(lawful)
        picks = [rng.choice(v) for v in _chi_mistakes(hand, c, cands, right).values()]
        rng.shuffle(picks)
        order = {"shao_bi": 0, "kan": 1}
        picks.sort(key=lambda p: order.get(p[1][1], 2))
        chosen = _first_three(picks, chi_words, right)
        if len(chosen) >= 2:
            break
    src_own = rng.random() < 0.35
    src = Text("你自己从底牌翻出", "You turn up") if src_own else Text("你的上家打出", "The player before you discards")
    choices = [Choice(_chi_value(right), chi_words(right))] + [Choice(_chi_value(g), chi_words(g), why, CHI_RULE[code]) for g, (why, code) in chosen]
    hs = sorted(hand)
    return Exercise(
        Text(f"{src.zh}一张{c.zh}（框起来的那张），你要吃它。你的手牌如图。下面哪一种吃法合规矩？",
             f"{src.en} the {c.en} (the framed card) and you want to chi it. Your hand is shown. Which of these is a lawful chi?"),
        *_offered(hs, c), shuffled(rng, choices), _chi_value(right), _chi_explain(hand, c, right, lawful), CHI,
    )


def _chi_hand(rng: random.Random) -> tuple[Card, list[Card]]:
    """A card to chi and a hand that can: the two cards of a group with it, often another copy of it with a
    group of its own to show as bi, often a kan beside them, and a few cards that make no group."""
    while True:
        c = Card(rng.random() < 0.5, rng.randint(1, 10))
        ps = _partners(c)
        main = rng.choice(ps)
        hand = list(main)
        if rng.random() < 0.55:
            hand += [c, *rng.choice([p for p in ps if p != main])]
        if rng.random() < 0.6:
            rest = [p for p in ps if p[0] != p[1] and p[0] not in hand and p[1] not in hand]
            if rest:
                k, other = rng.choice(rest)
                if rng.random() < 0.5:
                    k, other = other, k
                hand += [k, k, k, other]
        hand += _fillers(rng, {x.index for x in hand + [c]}, rng.randint(1, 3))
        kans = [n for n in counts_of(hand) if n >= 3]
        if max(counts_of(hand + [c])) <= COPIES and counts_of(hand)[c.index] <= 1 and len(kans) <= 1:
            return c, hand


def _chi_mistakes(hand: list[Card], c: Card, cands: list[list[tuple[Card, ...]]], right: list[tuple[Card, ...]]) -> dict[str, list[tuple[list[tuple[Card, ...]], tuple[Text, str]]]]:
    """The unlawful ways to chi ``c`` a beginner might try, by the rule each breaks (a card you do not hold is no real temptation)."""
    wrong: dict[str, list[tuple[list[tuple[Card, ...]], tuple[Text, str]]]] = {}
    for g in cands:
        fault = _chi_fault(hand, c, g)
        if fault is None:
            continue
        if len(g) == 1 and len(right) > 1 and fault[0] != "shao_bi":
            # a wrong main group keeps the lawful bi beside it: the choice looks as complete as the right one
            g = g + right[1:]
            fault = _chi_fault(hand, c, g)
            if fault is None:
                continue
        code, why = fault
        if code in CHI_RULE:
            wrong.setdefault(code, []).append((g, (why, code)))
    return wrong


def _chi_explain(hand: list[Card], c: Card, right: list[tuple[Card, ...]], lawful: list[list[tuple[Card, ...]]]) -> Text:
    """Why the right chi is lawful: its group, the bi shown with it (or why none is needed), the kan kept whole, the other lawful ways."""
    main_words = gw(right[0])
    shape = _shape_words(right[0])
    expl_zh = f"{c.zh}和手里的两张组成{main_words.zh}，是{shape.zh}。"
    expl_en = f"The {c.en} and two of your cards make {main_words.en}, {shape.en}."
    if len(right) > 1:
        bi = gw(right[1])
        expl_zh += f"你手里还有一张{c.zh}，所以同时把它和另两张组成{bi.zh}比出来，表示手里再没有{c.zh}（不比就是烧比）。"
        expl_en += f" You still hold a {c.en}, so it is shown at once as bi in {bi.en}: now your hand holds no {c.en} (not showing it is failing to match, 烧比)."
    else:
        expl_zh += f"手里没有别的{c.zh}，不用比牌。"
        expl_en += f" You hold no other {c.en}, so there is nothing to show as bi."
    kan = [FACES[i] for i, n in enumerate(counts_of(hand)) if n >= 3]
    if kan:
        expl_zh += f"三张{kan[0].zh}是一坎，不能拆。"
        expl_en += f" Your three {kan[0].en} are a kan and stay whole."
    others = [g for g in lawful if g != right]
    if others:
        expl_zh += "也可以：" + "；".join(chi_words(g).zh for g in others) + "（这里没有列出）。"
        expl_en += " Also lawful, not listed: " + "; ".join(chi_words(g).en for g in others) + "."
    return Text(expl_zh, expl_en)


def _chi_value(groups: list[tuple[Card, ...]]) -> str:
    """A chi as a choice's value: the codes of its cards, group after group."""
    return "|".join(x.code for grp in groups for x in grp)


def _offered(hand: list[Card], c: Card) -> tuple[Figure, Text]:
    """The figure of a hand and the card on the table, and its words."""
    return figure(("hand", hand), ("offer", [c])), Text(f"你的手牌：{_cards(hand).zh}；桌上的牌：{c.zh}", f"Your hand: {_cards(hand).en}; the card on the table: {c.en}")


T = TypeVar("T")
U = TypeVar("U")


def _first_three(wrong: list[tuple[T, U]], words: Callable[[T], Text], right: T) -> list[tuple[T, U]]:
    """The first three wrong answers (with why each is wrong) whose words differ from each other's and the right answer's."""
    seen = {words(right).en}
    out: list[tuple[T, U]] = []
    for x, why in wrong:
        w = words(x).en
        if w not in seen and len(out) < 3:
            seen.add(w)
            out.append((x, why))
    return out


def _chi_huxi(groups: list[tuple[Card, ...]]) -> int:
    """The 胡息 the groups of one chi put on the table (each group open, as a chi shows it)."""
    return sum(huxi(Group.of(group_kind(g), g, open=True)) for g in groups)


def _pairs_broken(hand: list[Card], card: Card, groups: list[tuple[Card, ...]]) -> list[Card]:
    """The pairs of the hand (not the card's own) that a chi shown as ``groups`` breaks."""
    used = [x for g in groups for x in g]
    used.remove(card)
    before = counts_of(hand)
    after = list(before)
    for x in used:
        after[x.index] -= 1
    return [FACES[i] for i, n in enumerate(before) if n == 2 and after[i] == 1 and i != card.index]


def _chi_choose(rng: random.Random) -> Exercise:
    """Several lawful ways to 吃 one card: which is the better one? The one whose groups score more 胡息 and
    break no pair of the hand (a pair may still be a 碰 or the pair of a win); the others lawful, but worse."""
    by_pairs = rng.random() < 0.6  # some exercises decided by a pair kept, the others by the huxi
    while True:
        c = Card(rng.random() < 0.5, rng.randint(1, 10))
        ps = _partners(c)
        hand = [x for p in rng.sample(ps, min(len(ps), rng.randint(2, 3))) for x in p]
        if by_pairs or rng.random() < 0.3:
            hand.append(rng.choice(hand))  # a pair that one way breaks
        hand += _fillers(rng, {x.index for x in hand + [c]}, rng.randint(1, 3))
        counts = counts_of(hand)
        if max(counts) > 2 or counts[c.index] > 0:
            continue
        lawful = [g for g in _chi_ways(sorted(hand), c) if chi_problem(hand, c, g) is None]
        if len(lawful) < 2:
            continue

        def worth(g: list[tuple[Card, ...]]) -> tuple[int, int]:
            return _chi_huxi(g), -len(_pairs_broken(hand, c, g))  # noqa: B023  called within this iteration of the loop only

        ranked = sorted(lawful, key=worth, reverse=True)
        if worth(ranked[0]) == worth(ranked[1]) or (by_pairs != (worth(ranked[0])[0] == worth(ranked[1])[0])):
            continue
        right, others = ranked[0], ranked[1:4]
        break
    rh, rb = _chi_huxi(right), _pairs_broken(hand, c, right)

    def why(g: list[tuple[Card, ...]]) -> Text:
        h, b = _chi_huxi(g), _pairs_broken(hand, c, g)
        if h < rh:
            return Text(f"合规矩，但{gw(g[0]).zh}只有 {h} 胡息，{gw(right[0]).zh}有 {rh} 胡息。",
                        f"Lawful, but it scores {h} huxi where {gw(right[0]).en} scores {rh}.")
        return Text(f"合规矩，胡息一样，但拆了你的一对{'、'.join(x.zh for x in b)}（一对还能碰，也能做将）。",
                    f"Lawful, and the same huxi, but it breaks your pair of {', '.join(x.en for x in b)} (a pair can still peng (碰) or be the pair of a win).")

    choices = [Choice(_chi_value(right), chi_words(right))] + [Choice(_chi_value(g), chi_words(g), why(g), HUXI) for g in others]
    kept = Text("，也不拆对子", " and it breaks no pair") if not rb else Text("", "")
    expl = Text(f"几种吃法都合规矩时，先看亮出的组有多少胡息：{gw(right[0]).zh}{'是有胡息的一组' if rh else ''}，共 {rh} 胡息{kept.zh}。"
                "胡息一样时，留住手里的对子：一对以后还能碰，也能做将。",
                f"When several ways to chi are lawful, look first at the huxi of the groups shown: {chi_words(right).en[0].lower() + chi_words(right).en[1:]} "
                f"scores {rh} huxi{kept.en}. Where the huxi is the same, keep your pairs: a pair can still peng (碰) or be the pair of a win.")
    hs = sorted(hand)
    return Exercise(
        Text(f"你的上家打出一张{c.zh}（框起来的那张），你决定吃它，而且有几种合规矩的吃法。哪一种最好？",
             f"The player before you discards the {c.en} (the framed card). You will chi it, and there are several lawful ways. Which is the best?"),
        *_offered(hs, c), shuffled(rng, choices), _chi_value(right), expl, CHI,
    )


# ------------------------------------------------------------------ steps: peng, wei, ti, pao
MOVES = {
    "peng": Text("碰", "Peng (碰)"),
    "wei": Text("偎", "Wei (偎)"),
    "ti": Text("提", "Ti (提)"),
    "pao": Text("跑", "Pao (跑)"),
    "pass": Text("过", "Pass"),
}
ORIGIN = {
    "own": Text("你自己从底牌翻出", "you turn up from the stock"),
    "shang_stock": Text("你的上家从底牌翻出", "the player before you turns up from the stock"),
    "xia_stock": Text("你的下家从底牌翻出", "the player after you turns up from the stock"),
    "shang_discard": Text("你的上家打出", "the player before you discards"),
    "xia_discard": Text("你的下家打出", "the player after you discards"),
}


#: each holding in the table engine's terms (copies in hand, the group of the card laid on the table, the card let go
#: before) and, for cards in hand, its words
HOLDINGS: dict[str, tuple[int, str | None, bool, tuple[str, str] | None]] = {
    "pair": (2, None, False, ("一对", "a pair of")), "pair_passed": (2, None, True, ("一对", "a pair of")),
    "kan": (3, None, False, ("三张（一坎）", "three (a kan) of")), "four": (4, None, False, ("四张", "four")),
    "wei": (0, "wei", False, None), "peng": (0, "peng", False, None)}


def move_of(holding: str, origin: str) -> str:
    """What a player must (or, for 碰, may) do with the card, by the booklet's 3-1 to 3-5, as the table engine
    decides it (:func:`engine.paohuzi.table.forced_move`, :func:`engine.paohuzi.table.peng_fault`)."""
    if holding == "four":
        return "ti"  # four dealt to the hand: shown at once (前提)
    held, laid, passed, _ = HOLDINGS[holding]
    own = origin == "own"
    forced = forced_move(held, laid, "stock" if own or origin.endswith("_stock") else "discard", own, DEFAULT)
    if forced is not None:
        return forced
    return "peng" if peng_fault(own, held, passed) is None else "pass"


def move_problem(m: str, holding: str, origin: str, c: Card) -> Text | None:
    """The first rule move ``m`` breaks: first what the move needs in your hand, then where the card comes from."""
    right = move_of(holding, origin)
    if m == right:
        return None
    problem = MOVE_PROBLEMS.get(m)
    if problem is not None:
        return problem(holding, origin == "own", c)
    return PASS_PROBLEMS.get(right, Text("这张牌你可以碰。", "You may peng this card."))


def _peng_problem(holding: str, own: bool, c: Card) -> Text:
    if holding == "four":
        return Text("碰要手里正好有一对；你手里有四张，一开始就要提出来。", "A peng needs exactly a pair; you hold four, to be shown as a ti at once.")
    if holding in ("kan", "wei", "peng"):
        return Text(f"碰要手里正好有一对；你已经有三张{c.zh}，第四张来了不是碰。", f"A peng needs exactly a pair; you already have three {c.en}, and a fourth is no peng.")
    if own:
        return Text("碰的是别家的牌；自己翻出第三张配手里的一对是偎，而且必须偎。", "A peng takes another player's card; your own third card to a pair is a wei, and the wei is compulsory.")
    return Text(f"碰一不碰二：上一次{c.zh}出现时你没有碰，这一次不能再碰。", f"No second chance to peng: you let the {c.en} go the first time, so you may not peng it now.")


def _wei_problem(holding: str, own: bool, c: Card) -> Text:
    if holding == "four":
        return Text("偎是手里的一对配上自己翻出的第三张；你手里有四张，要提。", "A wei is a pair in hand and your own third card; you hold four, which is a ti.")
    if holding in ("kan", "wei", "peng"):
        return Text(f"偎是手里的一对配上自己翻出的第三张；你已经有三张{c.zh}了。", f"A wei is a pair in hand and your own third card; you already have three {c.en}.")
    return Text("偎只用自己从底牌翻出的牌；别家的牌配你的一对是碰。", "A wei uses only a card you turn up yourself; another player's card to your pair is a peng.")


def _ti_problem(holding: str, own: bool, c: Card) -> Text:
    if holding in ("pair", "pair_passed"):
        return Text(f"提要四张相同：手里（或偎在面前）先有三张，再自己翻到第四张；你只有一对{c.zh}。", f"A ti is four alike: three in hand (or a wei) and your own fourth card; you hold only a pair of {c.en}.")
    if holding == "peng":
        return Text("提的四张要全是自己的；碰来的三张里有一张是别人的，第四张来了是跑。", "A ti is four cards all your own; a peng holds another player's card, so its fourth card makes a pao.")
    return Text("第四张是别人的牌：配你的坎或偎是跑；只有自己翻出的第四张才是提。", "The fourth card is another player's: with your kan or wei it makes a pao; only your own fourth card makes a ti.")


def _pao_problem(holding: str, own: bool, c: Card) -> Text:
    if holding in ("pair", "pair_passed"):
        return Text(f"跑要先有三张（坎、偎或碰）再来第四张；你只有一对{c.zh}。", f"A pao needs three already (a kan, wei or peng) before the fourth; you hold only a pair of {c.en}.")
    if holding == "four":
        return Text("四张都是你自己的，一开始就要提，不是跑。", "All four are your own from the deal: a ti, not a pao.")
    if holding in ("kan", "wei"):
        return Text("自己翻出的第四张配你的坎或偎是提，不是跑。", "Your own fourth card to your kan or wei makes a ti, not a pao.")
    return Text("碰成的三张，别人手里打出的第四张不成跑：只有从底牌翻出的第四张才跑。", "To a peng, a fourth card discarded from a hand makes no pao: only a fourth card turned up from the stock does.")


#: move -> why it is wrong here (what it needs in your hand, then where the card comes from): passing aside
MOVE_PROBLEMS: dict[str, Callable[[str, bool, Card], Text]] = {"peng": _peng_problem, "wei": _wei_problem, "ti": _ti_problem, "pao": _pao_problem}
#: the move that was due -> why passing is wrong
PASS_PROBLEMS = {
    "ti": Text("提是必须做的：不提就是失提，这一局不能胡。", "The ti is compulsory: missing it (shi ti) costs your right to win this hand."),
    "pao": Text("跑是必须做的：不跑就是走跑，这一局不能胡。", "The pao is compulsory: missing it (zou pao) costs your right to win this hand."),
    "wei": Text("偎是必须做的：手里有一对，自己翻到第三张就要偎。", "The wei is compulsory: holding a pair, your own third card must be made into a wei."),
}


MOVE_RULE = {"peng": PENG, "wei": WEI, "ti": TI, "pao": PAO}
#: (holding, origin, weight) drawn for each step: its own move in a part of them, the moves it is
#: confused with in the rest
SITUATIONS = {
    "peng": [("pair", "shang_discard", 1), ("pair", "xia_discard", 2), ("pair", "xia_stock", 1), ("pair", "shang_stock", 1),
             ("pair", "own", 3), ("pair_passed", "xia_discard", 2), ("pair_passed", "shang_stock", 1), ("kan", "xia_discard", 2)],
    "wei": [("pair", "own", 3), ("pair_passed", "own", 2), ("pair", "shang_discard", 2), ("pair", "xia_stock", 1),
            ("kan", "own", 2), ("wei", "shang_stock", 1)],
    "ti": [("four", "deal", 1), ("kan", "own", 2), ("wei", "own", 1), ("kan", "shang_stock", 2), ("kan", "xia_discard", 1),
           ("peng", "own", 2), ("wei", "xia_discard", 1), ("pair", "own", 1)],
    "pao": [("kan", "shang_discard", 1), ("kan", "xia_stock", 1), ("wei", "shang_discard", 1), ("peng", "xia_stock", 1), ("peng", "own", 1),
            ("peng", "shang_discard", 2), ("peng", "xia_discard", 1), ("kan", "own", 2), ("pair", "xia_stock", 1)],
}


def _move_step(focus: str) -> Callable[[random.Random], Exercise]:
    def draw(rng: random.Random) -> Exercise:
        table = SITUATIONS[focus]
        holding, origin, _ = rng.choices(table, weights=[w for _, _, w in table])[0]
        c = Card(rng.random() < 0.5, rng.randint(1, 10))
        right = move_of(holding, origin)
        pool = [m for m in MOVES if m != right and not (right == "peng" and m == "pass")]
        rng.shuffle(pool)
        shown = [right] + pool[:3]
        choices = [Choice(m, MOVES[m], move_problem(m, holding, origin, c), None if m == right else (FORCED if m == "pass" else MOVE_RULE[m])) for m in shown]
        n_hand = HOLDINGS[holding][0]
        filler = _fillers(rng, {c.index}, 4)
        hand = sorted([c] * n_hand + filler)
        parts: list[tuple[str, list[Card]]] = [("hand", hand)]
        if holding == "wei":
            parts.append(("back", [c] * 3))
        if holding == "peng":
            parts.append(("open", [c] * 3))
        if origin != "deal":
            parts.append(("offer", [c]))
        words = HOLDINGS[holding][3]
        if words is not None:
            has = Text(f"你手里有{words[0]}{c.zh}", f"You hold {words[1]} {c.en}")
        elif holding == "wei":
            has = Text(f"你面前有一组偎成的{c.zh}（三张扣着）", f"In front of you lies a wei of {c.en} (three cards face down)")
        else:
            has = Text(f"你面前有一组碰成的{c.zh}（三张亮着）", f"In front of you lies a peng of {c.en} (three cards face up)")
        if holding == "pair_passed":
            has = Text(has.zh + f"；上一次有人出{c.zh}时你没有碰", has.en + f"; the last time a {c.en} came up you did not peng it")
        if origin == "deal":
            q = Text(f"牌刚发完，{has.zh}。你该怎么做？", f"The cards are just dealt. {has.en}. What do you do?")
        else:
            o = ORIGIN[origin]
            q = Text(f"{has.zh}。{o.zh}一张{c.zh}（框起来的那张）。你该怎么做？", f"{has.en}. Now {o.en} a {c.en} (the framed card). What do you do?")
        expl = {
            "peng": Text(f"别家的{c.zh}配上你手里的一对，可以碰：把一对亮出来，拿过这张放在上面。碰了不必，但放过了这张，下次就不能再碰（碰一不碰二）。",
                         f"Another player's {c.en} with your pair may be claimed as a peng: lay the pair face up and put the card on it. It is your choice, but once you let it go you may not peng that card later."),
            "wei": Text(f"自己翻到的第三张{c.zh}配上手里的一对，必须偎：三张扣着放在面前（之前放过碰的，叫臭偎，要亮一张）。",
                        f"Your own third {c.en} to the pair in your hand must be made a wei: the three lie face down in front of you (after a peng you let go, it is a 'smelly wei' and one card is shown)."),
            "ti": Text(f"四张{c.zh}全是你自己的（手里的坎或面前的偎，加上自己翻出的第四张；或者发牌时就有四张），必须提：四张摆在面前。",
                       f"All four {c.en} are your own (your kan or wei and your own fourth card, or four dealt to you): the ti is compulsory, the four laid in front of you."),
            "pao": Text(f"你已有三张{c.zh}，第四张是别人的（或者碰成的三张配上底牌翻出的第四张），必须跑：四张亮着摆在面前。",
                        f"You have three {c.en} and the fourth is another player's (or your peng meets a fourth turned up from the stock): the pao is compulsory, the four laid face up."),
            "pass": Text(f"碰一不碰二：放过的{c.zh}不能再碰。" if holding == "pair_passed" else "碰成的三张，别人打出的第四张不成跑，也不能再碰：放过它。",
                         f"You let the {c.en} go once, and may not peng it now." if holding == "pair_passed" else "To a peng, a discarded fourth card makes no pao and cannot be claimed again: let it pass."),
        }[right]
        rule = MOVE_RULE.get(right, MOVE_RULE[focus])
        return Exercise(q, figure(*parts), Text(f"你的牌：{_cards(hand).zh}；桌上的牌：{c.zh}", f"Your cards: {_cards(hand).en}; the card on the table: {c.en}"),
                        shuffled(rng, choices), right, expl, rule)

    return draw


# ------------------------------------------------------------------ step 5: may you take this card, and how?
TAKE = RuleRef("paohuzi/turn/", "order", Text("一张牌谁先要", "One card: who takes it first"))


def _act_words(a: Action) -> Text:
    if a.kind in ("peng", "hu"):
        assert a.card is not None  # a peng or a win names its card
        if a.kind == "peng":
            return Text(f"碰{a.card.zh}", f"Peng the {a.card.en}")
        return Text(f"胡{a.card.zh}", f"Win on the {a.card.en}")
    if a.kind == "chi":
        return chi_words([tuple(g) for g in a.groups])
    return Text("放过", "Let it go")


def _take_rule(why: Text, chi_fault: str | None) -> RuleRef:
    """Where the rule a refused move breaks is explained in this lesson (``chi_fault``: a chi's fault the lesson words)."""
    if chi_fault in CHI_RULE:
        return CHI_RULE[chi_fault]
    for word, ref in (("Peng comes before chi", WHO), ("across the table", WHO), ("peng", PENG), ("stock card wins", READY)):
        if word in why.en:
            return ref
    return TAKE


def _take(rng: random.Random) -> Exercise:
    while True:
        h, seat, claims = _claim_offer(rng)
        w = h.window
        assert w is not None  # a claim is made on the card on offer
        right = rng.choice(claims)
        chis = [a for a in claims if a.kind == "chi"]
        if right.kind == "peng" and chis and rng.random() < 0.6:
            right = rng.choice(chis)  # the peng's short label must not be the answer most of the time
        hand = tuple(c for i, n in enumerate(h.hands[seat]) for c in [FACES[i]] * n)
        wrong = _first_three(_refusals(rng, h, seat, claims, hand), _act_words, right)
        if len(wrong) >= 2:
            break
    origin_zh = {"stock": "从底牌翻出", "discard": "打出", "liang": "亮出"}[w.origin]
    origin_en = {"stock": "turned up from the stock", "discard": "discarded", "liang": "turned up"}[w.origin]
    if w.owner == seat:
        owner_zh, owner_en = "你自己", "you yourself"
    elif h.nxt(w.owner) == seat:
        owner_zh, owner_en = "你的上家（坐在你前面的一家）", "the player before you"
    else:
        owner_zh, owner_en = "你的下家（坐在你后面的一家）", "the player after you"
    key = lambda a: _act_words(a).en
    choices = [Choice(key(right), _act_words(right))] + [Choice(key(a), _act_words(a), why, _take_rule(why, code)) for a, (why, code) in wrong]
    cs = _cards(hand)
    other = [a for a in claims if a != right]
    also = (Text("另外也可以：" + "、".join(_act_words(a).zh for a in other) + "。", " You could also: " + "; ".join(_act_words(a).en for a in other) + ".") if other else Text("", ""))
    return Exercise(
        Text(f"{owner_zh}{origin_zh}一张{w.card.zh}。你的手牌如图。下面哪一种做法合规矩？",
             f"The {w.card.en} has been {origin_en} by {owner_en}. Your hand is shown. Which of these moves is lawful?"),
        figure(("hand", hand), ("offer", [w.card])), Text(f"你的手牌：{cs.zh}；桌上的牌：{w.card.zh}", f"Your hand: {cs.en}; the card on offer: {w.card.en}"),
        shuffled(rng, choices), key(right),
        Text(f"可以{_act_words(right).zh}。" + also.zh + "能不能要一张牌，要看它从哪里来、你手里有什么：吃只吃上家的或自己翻出的牌，吃的时候手里同样的牌都要比出来，坎不能拆。",
             f"You may: {_act_words(right).en}.{also.en} Whether you may take a card depends on where it comes from and what you hold: chi only the previous player's card or one you turned up, show every copy you still hold as bi, and never split a kan."),
        TAKE,
    )


# the table's state and player are imported when this step is first drawn, not at the top: they add about 80 ms
# (CPython) to the lessons' start, which every lesson page waits for before its first answer (the table's rules,
# engine.paohuzi.table, about 17 ms, are imported at the top: every 吃 and move step asks them)


def _claim_offer(rng: random.Random) -> tuple[PaohuziState, int, list[Action]]:
    """A seeded hand played by the computer up to a card on offer that a seat may claim (chi or peng):
    the table then, the seat, and its claims."""
    from ..paohuzi.ai import choose
    from ..paohuzi.state import new_hand

    while True:
        h = new_hand(rng.randrange(2**31), DEFAULT, "three")
        for _ in range(400):
            seat = h.pending()
            if seat is None:
                break
            claims = [a for a in h.moves(seat) if a.kind in ("chi", "peng")]
            # offers with a chi are kept more often than a lone peng (whose short name must not be the answer most of the time)
            keep = 0.5 if any(a.kind == "chi" for a in claims) else 0.2
            if claims and h.phase == "claim" and len(claims) <= 3 and rng.random() < keep:
                return h, seat, claims
            h.play(choose(h, seat))


#: the instructive refusals first: bi left out, a kan split, a peng without a pair, big with small
REFUSAL_ORDER = {"shao_bi": 0, "kan": 1, "no_pair": 2, "peng_er": 2, "chou_zhang": 2, "mixed_shun": 3, "hu_di": 3, "bad_group": 4}


def _refusals(rng: random.Random, h: PaohuziState, seat: int, claims: list[Action], hand: tuple[Card, ...]) -> list[tuple[Action, tuple[Text, str | None]]]:
    """Unlawful moves a beginner might try on the card on offer, each with the rule it breaks (and a chi's fault in
    the lesson's words), the instructive ones first."""
    w = h.window
    assert w is not None  # a claim is made on the card on offer
    tries: list[Action] = [Action(seat, "peng", w.card), Action(seat, "hu", w.card)]
    for a in claims:
        if a.kind == "chi" and len(a.groups) > 1:
            tries.append(Action(seat, "chi", w.card, a.groups[:1]))  # the bi groups left out
    for i, c in enumerate(hand):
        for d in hand[i + 1 :]:
            tries.append(Action(seat, "chi", w.card, ((w.card, c, d),)))
    rng.shuffle(tries)
    fouls = []
    for a in tries:
        if a in claims or (a.kind == "hu" and h.win_on(seat, w) is not None):
            continue
        f = h.foul_of(a)
        why, code, mine = Text(f.zh, f.en), f.code, None
        if a.kind == "chi" and f.code not in ("ge_shan", "chou_zhang"):
            # the first rule this very chi breaks, group by group (the table names the kan before a group's shape)
            fault = _chi_fault(hand, w.card, [tuple(g) for g in a.groups])
            if fault is not None:
                mine, why = fault
                code = code if mine == "no_card" else mine
        fouls.append((REFUSAL_ORDER.get(code, 9), a, (why, mine)))
    fouls.sort(key=lambda x: x[0])
    return [(a, why) for _, a, why in fouls]


LESSON = Lesson(
    "paohuzi",
    Text("跑胡子入门", "Learn Paohuzi (跑胡子)"),
    (
        Step("seats", Text("座位，谁能要这张牌", "Seats, and who may take a card"), _seats, count=4),
        Step("chi", Text("吃牌与比牌", "Chi, with bi"), _chi, count=4),
        Step("chi-choose", Text("几种吃法，选哪一种", "Several ways to chi: which one?"), _chi_choose, count=3),
        Step("peng", Text("碰", "Peng"), _move_step("peng"), count=3),
        Step("wei", Text("偎", "Wei"), _move_step("wei"), count=3),
        Step("ti", Text("提", "Ti"), _move_step("ti"), count=3),
        Step("pao", Text("跑", "Pao"), _move_step("pao"), count=3),
        Step("group", Text("一组牌值几胡息", "The huxi of a group"), _group, count=4),
        Step("hand", Text("一手牌最多几胡息", "The huxi of a hand"), _hand, count=3),
        Step("ready", Text("落轿的牌胡哪一张", "Which card a ready hand wins on"), _ready, count=3),
        Step("score", Text("这一胡得几分", "What a win scores"), _score, count=3),
        Step("take", Text("复习：能不能要这张牌，怎么要", "Review: may you take this card, and how?"), _take, count=3),
    ),
)


# ------------------------------------------------------------------ drawn examples for the lesson page
def _cs(codes: str) -> list[Card]:
    out = [parse_card(x) for x in codes.split()]
    return [c for c in out if c is not None]


#: name -> (parts of the drawing, caption): the examples the lesson page shows before each step asks
EXAMPLES: dict[str, tuple[tuple[tuple[str, str], ...], Text]] = {
    "run": ((("group", "x4 x5 x6"), ("group", "d1 d2 d3"), ("group", "x2 x7 x10"), ("group", "d9 x9 x9")),
            Text("一组三张：顺子四五六（同是小字、数目相连）、顺子壹贰叁、红编二七十、编子玖九九（同一个数，大小都有）。",
                 "Groups of three: the run small 4-5-6 (one size, numbers in a row), the run big 1-2-3, the red bian small 2-7-10, the bian big 9 + small 9 + small 9 (one number, both sizes).")),
    "mixed": ((("group", "x4 d5 x6"), ("group", "d8 d2 d7")),
              Text("不成组：四伍六大小混杂，不是顺子；捌贰柒既不相连，也不是二七十。", "No groups: small 4, big 5, small 6 mixes the sizes, so it is no run; big 8-2-7 is neither a run nor 2-7-10.")),
    "kan": ((("hand", "x5 x5 x5 d3 x8"),),
            Text("坎：发到手里的三张相同的牌（这里是三张小五）。坎不能拆开，也不能打出。", "A kan: three alike dealt to your hand (here three small 5). A kan is never split and never discarded.")),
    "chi": ((("hand", "d6 d8 x3 x9"), ("offer", "d7")),
            Text("吃：上家打出陆柒捌中间的柒（框起来的），你用手里的陆、捌吃下，组成陆柒捌。", "Chi: the player before you discards big 7 (framed); your big 6 and big 8 take it as the run big 6-7-8.")),
    "bi": ((("group", "d6 d7 d8"), ("group", "d7 d8 d9"), ("hand", "x3 x9")),
           Text("比：手里本来还有一张柒，吃柒的时候要把它和捌、玖组成柒捌玖一起亮出来。不比就是烧比。", "Bi: you held another big 7, so when you chi the 7 it is shown too, as big 7-8-9. Leaving it in your hand is failing to match (烧比).")),
    "peng": ((("hand", "x3 x3 d5 x9"), ("offer", "x3")),
             Text("碰：手里有一对小三，别家打出或翻出第三张小三，你可以碰；碰成的三张亮着摆在面前。", "Peng: you hold a pair of small 3; when another player discards or turns up the third, you may peng it; the three lie face up in front of you.")),
    "wei": ((("back", "x8 x8 x8"), ("hand", "d2 x5")),
            Text("偎：手里有一对小八，自己从底牌翻出第三张，必须偎：三张扣着放在面前。", "Wei: you hold a pair of small 8 and turn up the third yourself: you must wei, the three laid face down in front of you.")),
    "ti": ((("group", "d4 d4 d4 d4"), ("hand", "x1 x7")),
           Text("提：四张相同全是你自己的（发牌时就有四张，或者坎、偎加上自己翻出的第四张），必须提出来摆在面前。", "Ti: four alike, all your own (four dealt to you, or your kan or wei and your own fourth card): you must lay them out.")),
    "pao": ((("open", "x6 x6 x6"), ("offer", "x6")),
            Text("跑：你已有三张小六（手里的坎、面前的偎或碰），第四张是别人的（碰成的三张只配底牌翻出的第四张），必须跑。", "Pao: you have three small 6 (a kan, a wei or a peng) and the fourth is another player's (to a peng, only one turned up from the stock): you must pao.")),
}


def example(name: str) -> dict[str, Any]:
    """One drawn example of the lesson page: what it shows (``views/lesson.py`` draws it) and its caption."""
    if name == "seats":
        cap = Text("四人局的座位：你坐庄；出牌的次序是你、下家、上家，醒家不打。", "A four-player table: you deal; play goes you, the player after you, the player before you; the counter sits out.")
        return {"figure": SEATS_FIGURE, "caption": cap.as_dict()}
    parts, cap = EXAMPLES[name]
    return {"figure": figure(*((k, _cs(v)) for k, v in parts)), "caption": cap.as_dict()}
