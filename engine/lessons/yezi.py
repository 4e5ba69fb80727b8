"""The first lesson of 下灌叶子戏: naming a group of four, splitting a hand into its best two groups,
the winner of a showing, and the winner of a round. Every answer comes from ``engine.yezi``."""

from __future__ import annotations

import random

from ..registry import seat_names
from ..yezi.best import Split, best_split, splits
from ..yezi.cards import DECK, FACES, LEAF, PLAYERS, Card
from ..yezi.combos import COMBINATIONS, SCATTER_EN, SCATTER_RANK, SCATTER_ZH, classify, rank_of
from ..yezi.round import showing_winners
from .model import Choice, Exercise, Figure, Lesson, RuleRef, Step, Text, shuffled

COMBOS = RuleRef("yezi/play/", "combinations", Text("八种组合", "The eight combinations"))
ROUND = RuleRef("yezi/play/", "round", Text("一局怎么打", "How a round goes"))
SEATS = tuple(Text(zh, en) for zh, en in seat_names(PLAYERS))  # 甲 / A …, as the registry names seats


def _cards(cards: tuple[Card, ...] | list[Card]) -> Text:
    zh = "".join(FACES[c].cipher for c in cards)
    en = " ".join("leaf" if c == LEAF else str(c) for c in cards)
    return Text(zh, en)


def _spoken_en(cards: tuple[Card, ...] | list[Card]) -> str:
    """Cards as an English drawing's name reads them aloud: by their numbers (the Chinese name is `_cards`)."""
    return ", ".join("leaf" if c == LEAF else str(c) for c in cards)


def _group_spoken_en(group: tuple[Card, ...]) -> str:
    return f"{_spoken_en(group)} ({_name(group).en}, {rank_of(group)})"


def _name(group: tuple[Card, ...]) -> Text:
    c = classify(group)
    return Text(c.zh, c.en) if c else Text(SCATTER_ZH, SCATTER_EN)


def _group_words(group: tuple[Card, ...]) -> Text:
    n, cs = _name(group), _cards(group)
    return Text(f"{cs.zh}（{n.zh}，{rank_of(group)} 分）", f"{cs.en} ({n.en}, {rank_of(group)})")


def _deal(rng: random.Random, n: int) -> tuple[Card, ...]:
    deck = list(DECK)
    rng.shuffle(deck)
    return tuple(deck[:n])


def _with_combination(rng: random.Random, extra: int) -> tuple[Card, ...]:
    """A named combination plus ``extra`` more cards from what is left of the deck."""
    combo = rng.choice(COMBINATIONS)
    deck = list(DECK)
    for c in combo.cards:
        deck.remove(c)
    rng.shuffle(deck)
    cards = list(combo.cards) + deck[:extra]
    rng.shuffle(cards)
    return tuple(cards)


def _figure(cards: tuple[Card, ...], alt: Text) -> tuple[Figure, Text]:
    """The drawing (壹…拾 at each card's foot on Chinese pages, 1–10 on English ones) and its name."""
    return {"kind": "yezi-cards", "cards": list(cards)}, alt



# ------------------------------------------------------------------ step 1: what a group makes
def _group(rng: random.Random) -> Exercise:
    group = _with_combination(rng, 0) if rng.random() < 0.7 else _deal(rng, 4)
    right = classify(group)
    answer = right.id if right else "scatter"
    others = [c for c in COMBINATIONS if c is not right]
    rng.shuffle(others)
    choices = [Choice("scatter", Text(f"{SCATTER_ZH}（9 分）", f"a {SCATTER_EN} (9)"))]
    for c in [right] + others:
        if c is not None and len(choices) < 4:
            choices.append(Choice(c.id, Text(f"{c.zh}（{c.rank} 分）", f"the {c.en} ({c.rank})")))
    cs = _cards(group)
    fixed = []
    for ch in choices:
        if ch.value == answer:
            fixed.append(ch)
        elif ch.value == "scatter":
            fixed.append(Choice(ch.value, ch.label, Text(f"这四张正好是{right.zh}：{_cards(right.cards).zh}。", f"These four are exactly the {right.en}: {_cards(right.cards).en}.") if right else None))
        else:
            c = next(x for x in COMBINATIONS if x.id == ch.value)
            fixed.append(Choice(ch.value, ch.label, Text(f"{c.zh}要的是 {_cards(c.cards).zh} 四张，这一组不是。", f"The {c.en} needs {_cards(c.cards).en}; this group is not that.")))
    explain = (
        Text(f"{cs.zh} 是{right.zh}，得 {right.rank} 分（分越少越好）。", f"{cs.en} is the {right.en}, scoring {right.rank} (the lower the better).")
        if right
        else Text(f"{cs.zh} 不成八种组合中的任何一种，是{SCATTER_ZH}，得 9 分。", f"{cs.en} makes none of the eight combinations: a {SCATTER_EN}, scoring 9.")
    )
    fig, alt = _figure(group, Text(f"四张牌：{cs.zh}", f"Four cards: {_spoken_en(group)}"))
    return Exercise(Text("这四张牌成什么组合？", "What does this group of four make?"), fig, alt, shuffled(rng, fixed), answer, explain, COMBOS)


# ------------------------------------------------------------------ step 2: the best split
def _split_key(s: Split) -> str:
    return "|".join("-".join(str(c) for c in g) for g in s.groups)


def _split_words(s: Split) -> Text:
    a, b = (_group_words(g) for g in s.groups)
    return Text(f"{a.zh} ＋ {b.zh} ＝ {s.score} 分", f"{a.en} + {b.en} = {s.score}")


def _split_choice(s: Split) -> Text:
    """A split as a choice shows its two groups of cards and nothing else: naming the combinations or
    the totals would give the answer away."""
    a, b = (_cards(g) for g in s.groups)
    return Text(f"{a.zh} ｜ {b.zh}", f"{a.en} | {b.en}")


def _split(rng: random.Random) -> Exercise:
    hand = tuple(sorted(_with_combination(rng, 4)))
    best = best_split(hand)
    seen = {_split_key(best)}
    worse: list[Split] = []
    candidates = list(splits(hand))
    rng.shuffle(candidates)
    # prefer wrong splits that still hold a combination, then any other split
    candidates.sort(key=lambda s: min(s.ranks) == SCATTER_RANK)
    for s in candidates:
        k = _split_key(s)
        if k in seen or s.score == best.score:
            continue
        seen.add(k)
        worse.append(s)
        if len(worse) == 3:
            break
    best_w = _split_words(best)

    def why_not(s: Split) -> Text:
        # the first group that scores worse than the best split's groups
        w = _split_words(s)
        return Text(f"这样分：{w.zh}，比最好的分法多：{best_w.zh}。分越少越好。",
                    f"This split scores {w.en}, more than the best split: {best_w.en}. The lower the better.")

    choices = [Choice(_split_key(best), _split_choice(best))] + [Choice(_split_key(s), _split_choice(s), why_not(s)) for s in worse]
    cs = _cards(hand)
    fig, alt = _figure(hand, Text(f"八张牌：{cs.zh}", f"Eight cards: {_spoken_en(hand)}"))
    return Exercise(
        Text("把这手牌分成两组，每组四张，怎样分总分最少？", "Split this hand into two groups of four: which split scores the lowest total?"),
        fig, alt, shuffled(rng, choices), _split_key(best),
        Text(f"最好的分法：{best_w.zh}。两组的分数相加，总分最少的分法最好。", f"The best split: {best_w.en}. The two groups' scores are added; the lowest total is best."),
        COMBOS,
    )


# ------------------------------------------------------------------ step 3: who wins a showing
def _showing_groups(rng: random.Random, combos: int) -> list[tuple[Card, ...]]:
    """Four groups of a real deck, ``combos`` of them named combinations, with one clear winner."""
    while True:
        chosen = rng.sample(COMBINATIONS, combos)
        deck = list(DECK)
        try:
            for combo in chosen:
                for c in combo.cards:
                    deck.remove(c)
        except ValueError:
            continue  # two of them want the same card more often than the deck holds it
        rng.shuffle(deck)
        groups = [tuple(c.cards) for c in chosen]
        k = 0
        while len(groups) < PLAYERS:
            groups.append(tuple(deck[k : k + 4]))
            k += 4
        rng.shuffle(groups)
        winners = showing_winners([(s, 0, g) for s, g in enumerate(groups)])
        if len(winners) == 1 and sum(classify(g) is not None for g in groups) >= min(combos, 2):
            return groups


def _showing(rng: random.Random, slot: int) -> Exercise:
    groups = _showing_groups(rng, (2, 3, 2, 3)[slot % 4])
    winners = showing_winners([(s, 0, g) for s, g in enumerate(groups)])
    w = winners[0]
    answer = str(w)
    lines = [Text(f"{SEATS[s].zh}家：{_group_words(g).zh}", f"Player {SEATS[s].en}: {_group_words(g).en}") for s, g in enumerate(groups)]
    wn = _name(groups[w])
    why = Text(f"{SEATS[w].zh}家亮出的{wn.zh}得 {rank_of(groups[w])} 分，是四组中最少的。",
               f"Player {SEATS[w].en} shows the {wn.en}, scoring {rank_of(groups[w])}, the lowest of the four.")

    def why_not(s: int) -> Text:
        n = _name(groups[s])
        return Text(f"{SEATS[s].zh}家的 {_cards(groups[s]).zh} 是{n.zh}，得 {rank_of(groups[s])} 分；{why.zh}",
                    f"Player {SEATS[s].en}'s {_cards(groups[s]).en} is {'a' if n.en == SCATTER_EN else 'the'} {n.en}, scoring {rank_of(groups[s])}; {why.en}")

    choices = [Choice(str(s), Text(f"{SEATS[s].zh}家", f"Player {SEATS[s].en}"), None if str(s) == answer else why_not(s)) for s in range(PLAYERS)]
    choices.append(Choice("none", Text("没有赢家", "Nobody"), Text(f"有人亮出了组合，就有赢家：{why.zh}", f"Someone shows a combination, so somebody wins: {why.en}")))
    rows = [(Text(f"{SEATS[s].zh}家", f"Player {SEATS[s].en}"), g) for s, g in enumerate(groups)]
    fig: Figure = {"kind": "yezi-showing", "rows": [{"seat": r.as_dict(), "cards": list(g)} for r, g in rows]}
    alt = Text("；".join(x.zh for x in lines),
               "; ".join(f"Player {SEATS[s].en}: {_group_spoken_en(g)}" for s, g in enumerate(groups)))
    return Exercise(
        Text("四家各亮出一组，谁赢这一轮亮牌？", "Each player shows one group. Who wins this showing?"),
        fig, alt, tuple(choices), answer,
        Text(why.zh + "分数最少（组合排得最前）的一组赢。", why.en + " The group with the lowest score wins."),
        ROUND,
    )


# ------------------------------------------------------------------ step 4: who wins the round
def _round(rng: random.Random) -> Exercise:
    while True:
        deck = list(DECK)
        rng.shuffle(deck)
        hands = [tuple(deck[8 * i : 8 * i + 8]) for i in range(PLAYERS)]
        splits_ = [best_split(h) for h in hands]
        totals = [s.score for s in splits_]
        if totals.count(min(totals)) == 1:
            break
    w = totals.index(min(totals))
    lines = [Text(f"{SEATS[s].zh}家两组：{_split_words(sp).zh}", f"Player {SEATS[s].en}: {_split_words(sp).en}") for s, sp in enumerate(splits_)]
    why = Text(f"{SEATS[w].zh}家两组合计 {totals[w]} 分，是四家中最少的。", f"Player {SEATS[w].en}'s two groups total {totals[w]}, the lowest of the four.")

    def why_not(s: int) -> Text:
        return Text(f"{SEATS[s].zh}家两组：{_split_words(splits_[s]).zh}，比{SEATS[w].zh}家的 {totals[w]} 分多。{why.zh}",
                    f"Player {SEATS[s].en}'s groups: {_split_words(splits_[s]).en}, more than Player {SEATS[w].en}'s {totals[w]}. {why.en}")

    choices = tuple(Choice(str(s), Text(f"{SEATS[s].zh}家", f"Player {SEATS[s].en}"), None if s == w else why_not(s)) for s in range(PLAYERS))

    fig: Figure = {"kind": "yezi-round", "rows": [{"seat": {"zh": SEATS[s].zh, "en": SEATS[s].en}, "groups": [list(g) for g in sp.groups]}
                                                  for s, sp in enumerate(splits_)]}

    return Exercise(
        Text("一局的两轮亮完了。谁赢这一局？", "Both showings of a round are over. Who wins the round?"),
        fig,
        Text("；".join(x.zh for x in lines),
             "; ".join(f"Player {SEATS[s].en}: " + " + ".join(_group_spoken_en(g) for g in sp.groups) + f" = {sp.score}"
                       for s, sp in enumerate(splits_))),
        choices, str(w),
        Text(why.zh + "每家两组的分数相加，总分最少的赢。", why.en + " Each player's two scores are added; the lowest total wins."),
        ROUND,
    )


LESSON = Lesson(
    "yezi",
    Text("叶子戏入门", "Learn Yezixi (叶子戏)"),
    (
        Step("group", Text("一组四张成什么", "What a group of four makes"), _group),
        Step("split", Text("把一手牌分成最好的两组", "Split a hand into its best two groups"), _split),
        Step("showing", Text("谁赢这一轮亮牌", "Who wins a showing"), _showing, slotted=True),
        Step("round", Text("谁赢这一局", "Who wins the round"), _round, count=3),
    ),
)
