"""The first lesson of 跑胡子: the 胡息 of a group and of a hand, which card a ready hand wins on, and what
a win scores. Hands are built from seeded groups; every answer comes from ``engine.paohuzi``."""

from __future__ import annotations

import random

from ..paohuzi.arrange import arrange
from ..paohuzi.cards import FACES, Card
from ..paohuzi.config import DEFAULT
from ..paohuzi.groups import KINDS, VALUE_KEYS, Group, huxi, value_key
from ..paohuzi.svg import cards_svg
from .model import Choice, Exercise, Lesson, RuleRef, Step, Text, shuffled

HUXI = RuleRef("paohuzi/scoring/", "huxi", Text("胡息表", "The huxi table"))
READY = RuleRef("paohuzi/winning/", "ready", Text("落轿与只胡底牌", "The ready hand, and winning only on the stock"))
SCORE = RuleRef("paohuzi/winning/", "score", Text("算一算", "Score a hand"))
DENG = RuleRef("paohuzi/scoring/", "deng", Text("戏折等", "Huxi to deng"))


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
        cards_svg(g.cards, 64), Text(f"牌：{cs.zh}", f"Cards: {cs.en}"), shuffled(rng, choices), str(right),
        Text(f"这是{size}的{name.zh}，值 {right} 胡息。" + rule.zh, f"It is a {name.en} of {size_en} cards, worth {right} huxi. " + rule.en),
        HUXI,
    )


# ------------------------------------------------------------------ a consistent set of groups
def _groups(rng: random.Random, n: int, kinds: tuple[str, ...]) -> list[Group]:
    while True:
        gs = [_random_group(rng, kinds) for _ in range(n)]
        used: dict[Card, int] = {}
        for g in gs:
            for c in g.cards:
                used[c] = used.get(c, 0) + 1
        if max(used.values()) <= 4:
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
        cards_svg(cards, 56), Text(f"九张牌：{cs.zh}", f"Nine cards: {cs.en}"), shuffled(rng, choices), str(total),
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
        from ..api import handle  # the same answer the waiting widget shows

        w = handle({"game": "paohuzi", "action": "waiting", "hand": [c.code for c in hand]})
        if w.get("ok") and w["waits"]:
            return hand, w


def _ready(rng: random.Random) -> Exercise:
    hand, w = _ready_hand(rng)
    wins = [x["card"] for x in w["waits"]]
    win = rng.choice(wins)
    losers = [c.code for c in FACES if c.code not in wins]
    rng.shuffle(losers)
    by_code = {c.code: c for c in FACES}
    win_zh = "、".join(by_code[c].zh for c in wins)
    win_en = ", ".join(by_code[c].en for c in wins)
    why = Text(f"这手牌只胡{win_zh}。", f"This hand wins only on {win_en}.")
    choices = [Choice(win, Text(by_code[win].zh, by_code[win].en))] + [
        Choice(c, Text(by_code[c].zh, by_code[c].en), Text(f"摸到{by_code[c].zh}凑不成一手胡牌（或胡息不够）。" + why.zh, f"With the {by_code[c].en} the hand does not come together (or falls short of the huxi needed). " + why.en))
        for c in losers[:3]
    ]
    cs = _cards(hand)
    return Exercise(
        Text("这手二十张牌已经落轿（听牌）。下面哪一张牌翻出来时能胡？", "These twenty cards are ready. Which of these cards, turned up from the stock, lets you win?"),
        cards_svg(hand, 48), Text(f"二十张牌：{cs.zh}", f"Twenty cards: {cs.en}"), shuffled(rng, choices), win,
        Text(why.zh + f"胡牌时每张牌都要在组里，胡息至少 {DEFAULT.threshold}。", why.en + f" To win, every card must sit in a group and the groups must make at least {DEFAULT.threshold} huxi."),
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
    how = Text(
        f"各组共 {res['huxi']} 胡息" + (f"，自摸加 {bonus}" if bonus else "") + f"，合计 {res['total']}，折 {res['deng']} 等；番：{fan_zh}（乘 {res['multiplier']}），得 {right}。",
        f"The groups make {res['huxi']} huxi" + (f", plus {bonus} for drawing it yourself" if bonus else "") + f", {res['total']} in all, which is {res['deng']} deng; fan: {fan_en} (times {res['multiplier']}); the win scores {right}.",
    )
    values = [right]
    for v in (res["deng"], res["total"], right + 1, max(1, right - 1), right * 2):
        if v not in values and len(values) < 4:
            values.append(v)
    choices = [Choice(str(v), Text(str(v), str(v)), None if v == right else how) for v in values]
    cs = _cards(hand)
    who_zh = "你自己翻出" if self_drawn else "别家翻出"
    who_en = "you turn it up yourself" if self_drawn else "another player turns it up"
    return Exercise(
        Text(f"这手牌胡{card.zh}，{who_zh}。这一胡得几分？", f"This hand wins on the {card.en}, and {who_en}. What does the win score?"),
        cards_svg(hand, 48), Text(f"二十张牌：{cs.zh}", f"Twenty cards: {cs.en}"), shuffled(rng, choices), str(right),
        Text(how.zh, how.en), SCORE,
    )


LESSON = Lesson(
    "paohuzi",
    Text("跑胡子入门", "Learn 跑胡子"),
    (
        Step("group", Text("一组牌值几胡息", "The huxi of a group"), _group, count=5),
        Step("hand", Text("一手牌最多几胡息", "The huxi of a hand"), _hand),
        Step("ready", Text("落轿的牌胡哪一张", "Which card a ready hand wins on"), _ready),
        Step("score", Text("这一胡得几分", "What a win scores"), _score, count=3),
    ),
)
