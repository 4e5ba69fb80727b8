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


# ------------------------------------------------------------------ step 5: may you take this card, and how?
TAKE = RuleRef("paohuzi/turn/", "order", Text("一张牌谁先要", "One card: who takes it first"))


def _act_words(a: "Action") -> Text:
    if a.kind == "peng":
        return Text(f"碰{a.card.zh}", f"Peng the {a.card.en}")
    if a.kind == "hu":
        return Text(f"胡{a.card.zh}", f"Win on the {a.card.en}")
    if a.kind == "chi":
        gs_zh = " ＋ ".join("".join(c.char for c in g) for g in a.groups)
        gs_en = " + ".join("-".join(str(c.rank) if not c.big else f"big {c.rank}" for c in g) for g in a.groups)
        extra = (Text("（连比牌）", " (with bi)") if len(a.groups) > 1 else Text("", ""))
        return Text(f"吃成 {gs_zh}{extra.zh}", f"Chi it as {gs_en}{extra.en}")
    return Text("放过", "Let it go")


def _take(rng: random.Random) -> Exercise:
    from ..paohuzi.ai import choose
    from ..paohuzi.table import Action, Hand

    while True:
        h = Hand(rng.randrange(2**31))
        found = None
        for _ in range(400):
            seat = h.pending()
            if seat is None:
                break
            acts = h.legal_actions(seat)
            claims = [a for a in acts if a.kind in ("chi", "peng")]
            if claims and h.phase == "claim" and len(claims) <= 3 and rng.random() < 0.5:
                found = (seat, claims)
                break
            h.apply(choose(h, seat))
        if found is None:
            continue
        seat, claims = found
        w = h.window
        right = rng.choice(claims)
        hand = tuple(c for i, n in enumerate(h.hands[seat]) for c in [FACES[i]] * n)
        # unlawful moves a beginner might try, each refused by the engine with its rule
        wrong: list[tuple[Action, Text]] = []
        tries: list[Action] = [Action(seat, "peng", w.card), Action(seat, "hu", w.card)]
        for a in claims:
            if a.kind == "chi" and len(a.groups) > 1:
                tries.append(Action(seat, "chi", w.card, a.groups[:1]))  # the bi groups left out
        for i, c in enumerate(hand):
            for d in hand[i + 1 :]:
                tries.append(Action(seat, "chi", w.card, ((w.card, c, d),)))
        rng.shuffle(tries)
        # the instructive refusals first: bi left out, a kan split, a peng without a pair, big with small
        order = {"shao_bi": 0, "kan": 1, "no_pair": 2, "peng_er": 2, "chou_zhang": 2, "mixed_shun": 3, "hu_di": 3}
        fouls = []
        for a in tries:
            if a in claims or (a.kind == "hu" and h._wins(seat, w) is not None):
                continue
            f = h.why_not(a)
            fouls.append((order.get(f.code, 9), a, f))
        fouls.sort(key=lambda x: x[0])
        seen: set[str] = set()
        for _, a, f in fouls:
            words = _act_words(a)
            if len(wrong) >= 3 or words.en in seen or words.en == _act_words(right).en:
                continue
            seen.add(words.en)
            wrong.append((a, Text(f.zh, f.en)))
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
    key = lambda a: _act_words(a).en  # noqa: E731
    choices = [Choice(key(right), _act_words(right))] + [Choice(key(a), _act_words(a), why) for a, why in wrong]
    cs = _cards(hand)
    other = [a for a in claims if a != right]
    also = (Text("另外也可以：" + "、".join(_act_words(a).zh for a in other) + "。", " You could also: " + "; ".join(_act_words(a).en for a in other) + ".") if other else Text("", ""))
    return Exercise(
        Text(f"{owner_zh}{origin_zh}一张{w.card.zh}。你的手牌如图。下面哪一种做法合规矩？",
             f"The {w.card.en} has been {origin_en} by {owner_en}. Your hand is shown. Which of these moves is lawful?"),
        cards_svg(hand, 44), Text(f"你的手牌：{cs.zh}；桌上的牌：{w.card.zh}", f"Your hand: {cs.en}; the card on offer: {w.card.en}"),
        shuffled(rng, choices), key(right),
        Text(f"可以{_act_words(right).zh}。" + also.zh + "能不能要一张牌，要看它从哪里来、你手里有什么：吃只吃上家的或自己翻出的牌，吃的时候手里同样的牌都要比出来，坎不能拆。",
             f"You may: {_act_words(right).en}.{also.en} Whether you may take a card depends on where it comes from and what you hold: chi only the previous player's card or one you turned up, show every copy you still hold as bi, and never split a kan."),
        TAKE,
    )


LESSON = Lesson(
    "paohuzi",
    Text("跑胡子入门", "Learn 跑胡子"),
    (
        Step("group", Text("一组牌值几胡息", "The huxi of a group"), _group, count=5),
        Step("hand", Text("一手牌最多几胡息", "The huxi of a hand"), _hand),
        Step("ready", Text("落轿的牌胡哪一张", "Which card a ready hand wins on"), _ready),
        Step("take", Text("能不能要这张牌，怎么要", "May you take this card, and how?"), _take),
        Step("score", Text("这一胡得几分", "What a win scores"), _score, count=3),
    ),
)
