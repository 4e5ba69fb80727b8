"""The first lesson of 鄂南骨牌: which play wins a trick, which single the lead rules demand, and what a
finished hand pays. Tricks come from seeded deals; every answer from ``engine.gupai``."""

from __future__ import annotations

import random

from ..gupai.config import DEFAULT as GUPAI_DEFAULT
from ..gupai.hand import deal, jiao_lead
from ..gupai.plays import Play, beats, classify, family_en, family_zh, plays_in, winner_of, why_not_beats
from ..gupai.scoring import SEATS_EN, SEATS_ZH, settle
from ..gupai.tiles import BY_CODE, CLASS_EN, CLASS_ZH, TOP_RANK, YAO, level
from .model import Choice, Exercise, Figure, Lesson, RuleRef, Step, Text, shuffled

FOLLOW = RuleRef("gupai/rules/", "follow", Text("领出与跟牌", "Leading and following"))
JIAO = RuleRef("gupai/rules/", "jiao-rules", Text("叫牌规则", "Lead rules (叫牌)"))
BAOMEN = RuleRef("gupai/scoring/", "baomen", Text("保门", "Breaking even (保门)"))


def _names(tiles: tuple[str, ...] | list[str]) -> Text:
    return Text("、".join(BY_CODE[t].zh for t in tiles), ", ".join(BY_CODE[t].en for t in tiles))


def _kind(p: Play) -> Text:
    """What kind of play this is, in words: a single or pair of which class, a set, the supreme pair."""
    return Text(family_zh(p.family), family_en(p.family))


def _higher(p: Play, q: Play) -> Text:
    """Why ``p`` beats ``q`` (same kind and class, strictly higher), in words that name the comparison."""
    if p.family.startswith("single:"):
        a, b = BY_CODE[p.tiles[0]], BY_CODE[q.tiles[0]]
        cls = CLASS_ZH[a.cls]
        return Text(f"两张都是{cls}的单张，{cls}里{a.zh}排在{b.zh}之上",
                    f"both are singles of the {CLASS_EN[a.cls]}, and in that class {a.en} ranks above {b.en}")
    if p.family.startswith("pair:"):
        return Text(f"两手都是{family_zh(p.family)}，{p.zh}比{q.zh}大", f"both are {family_en(p.family)}s, and {p.en} ranks above {q.en}")
    return Text(f"两手都是{family_zh(p.family)}，{p.zh}比{q.zh}大（天九、地八、人七、和五依次往下）",
                f"both are {family_en(p.family)}s, and {p.en} ranks above {q.en} (Heaven-nine, Earth-eight, Man-seven, Harmony-five, highest first)")


# ------------------------------------------------------------------ step 1: who takes the trick
def _trick(rng: random.Random) -> Exercise:
    while True:
        d = deal(rng.randrange(2**31))
        leader = rng.randrange(4)
        hand = d.hands[leader]
        size = rng.choice((1, 1, 1, 2, 2))
        leads = [p for p in plays_in(hand, size) if p.family != "zhizun"]
        if not leads:
            continue
        lead = rng.choice(leads)
        plays: list[tuple[int, tuple[str, ...], Play | None]] = [(leader, lead.tiles, lead)]
        for k in range(1, 4):
            seat = (leader + k) % 4
            h = d.hands[seat]
            same = [p for p in plays_in(h, size) if p.family == lead.family]
            if same and rng.random() < 0.8:
                p = rng.choice(same)
                plays.append((seat, p.tiles, p))
            else:
                tiles = tuple(rng.sample(list(h), size))
                plays.append((seat, tiles, classify(tiles)))
        shown = [p if p is not None else Play(t, "discard", -1, "", "") for _, t, p in plays]
        w = winner_of(shown)
        if w == 0 and rng.random() < 0.6:
            continue  # the leader keeping the trick is common; ask about a take more often
        break
    seats = [s for s, _, _ in plays]
    winner = seats[w]
    lines_zh, lines_en = [], []
    for s, t, _p in plays:
        n = _names(t)
        lines_zh.append(f"{SEATS_ZH[s]}：{n.zh}")
        lines_en.append(f"{SEATS_EN[s]}: {n.en}")
    win_play = shown[w]
    right_why = Text(f"{SEATS_ZH[winner]}的{win_play.zh}是桌上最大的一手，所以由他得这一墩。", f"{SEATS_EN[winner]}'s {win_play.en} is the best play on the table, so {SEATS_EN[winner]} takes the trick.")

    def best_before(i: int) -> Play:
        """The best play on the table when seat ``i`` of the trick played."""
        return shown[winner_of(shown[:i])]

    def why_not(i: int) -> Text:
        """Why play ``i`` does not take the trick, naming the comparison that decided it."""
        p = shown[i]
        who, who_en = SEATS_ZH[seats[i]], SEATS_EN[seats[i]]
        wz, we = SEATS_ZH[winner], SEATS_EN[winner]
        higher = _higher(win_play, p) if win_play.family == p.family else None
        if i == 0:
            h = higher or Text("", "")
            return Text(f"领出的{lead.zh}是{_kind(lead).zh}；{wz}跟出的{win_play.zh}也是{_kind(win_play).zh}，而且更大：{h.zh}。只有同门、同类而且更大的一手才能打过。",
                        f"The lead, {lead.en}, is {_kind(lead).en}; {we} followed with {win_play.en}, also {_kind(win_play).en} and higher: {h.en}. "
                        "Only a play of the same class and kind that is strictly higher beats another.")
        if p.family == "discard":
            return Text(f"{who}出的几张不成一手牌（不是单张、一对、套子或至尊），只能算垫牌，垫牌不会赢。",
                        f"{who_en}'s tiles make no play (not a single, pair, set or the supreme pair), so they are a discard, and a discard never wins.")
        before = best_before(i)
        if not beats(p, before):
            if p.family != before.family:
                return Text(f"{who}的{p.zh}是{_kind(p).zh}，而桌上最大的{before.zh}是{_kind(before).zh}：各门管各门，只有同门、同类的一手才能打过它，看起来多大都不算。",
                            f"{who_en}'s {p.en} is {_kind(p).en}, while the best on the table, {before.en}, is {_kind(before).en}: each class keeps to itself, "
                            "and only a play of the same class and kind can beat it, however big it looks.")
            r = why_not_beats(p, before)
            assert r is not None
            return Text(f"{who}的{p.zh}和桌上最大的{before.zh}同门同类，但不比它大：" + r[0], f"{who_en}'s {p.en} is of the same class and kind as {before.en}, the best on the table, but not higher: " + r[1])
        h = higher or Text("", "")
        return Text(f"{who}的{p.zh}打过了先出的牌，可是后来{wz}的{win_play.zh}又打过了它：{h.zh}。",
                    f"{who_en}'s {p.en} beat what was played before it, but then {we}'s {win_play.en} beat it: {h.en}.")

    choices = tuple(Choice(str(seats[i]), Text(SEATS_ZH[seats[i]], SEATS_EN[seats[i]]), None if i == w else why_not(i)) for i in range(4))
    # each seat's tiles (each named under it when drawn), and what kind of play each hand is
    def kind_of(p: Play | None) -> Text:
        return Text("垫牌（不成一手）", "a discard (no play)") if p is None else _kind(p)

    fig: Figure = {"kind": "trick", "plays": [{"seat": Text(SEATS_ZH[s], SEATS_EN[s]).as_dict(), "tiles": list(t), "play": kind_of(p).as_dict()}
                                               for s, t, p in plays]}
    return Exercise(
        Text(f"{SEATS_ZH[leader]}领出，其余三家依次跟。谁得这一墩？", f"{SEATS_EN[leader]} leads and the other three follow in turn. Who takes the trick?"),
        fig, Text("；".join(lines_zh), "; ".join(lines_en)), choices, str(winner),
        Text(right_why.zh + "只有同类、同门而且更大的一手才能打过；一样大不算。", right_why.en + " Only a play of the same kind and class that is strictly higher beats the best one; an equal play does not."),
        FOLLOW,
    )


# ------------------------------------------------------------------ step 2: what must you lead
ORDINAL_ZH = "零一二三四五六七"
ORDINAL_EN = ("", "lowest", "second from the bottom", "third from the bottom", "fourth from the bottom",
              "fifth from the bottom", "sixth from the bottom", "seventh from the bottom")
ZHONG = Text("有重叫重", "two of one class, lead one of them")
YAOJIAO = Text("有幺叫幺，无幺叫点", "ace class first, else points class")
JIAOXIAO = Text("叫小", "lead the lower")


def _term(t: Text) -> Text:
    """A lead rule's name: the Chinese term alone on Chinese pages, English with the term beside it."""
    return Text(f"“{t.zh}”", f"“{t.en}” ({t.zh})")


def _tile(t: str) -> Text:
    return Text(BY_CODE[t].zh, BY_CODE[t].en)


def _place(t: str) -> Text:
    """Where a tile stands in its class, counted up from the bottom (the archive's reading of 叫小)."""
    f = BY_CODE[t]
    n = level(t, False)
    zh = f"{f.zh}在{CLASS_ZH[f.cls]}倒数第{ORDINAL_ZH[n]}（{CLASS_ZH[f.cls]}共 {TOP_RANK[f.cls]} 级）"
    en = f"{f.en} is {ORDINAL_EN[n]} of the {CLASS_EN[f.cls]} ({TOP_RANK[f.cls]} levels)"
    return Text(zh, en)


def _jiao_why(hand: tuple[str, ...], chosen: str) -> tuple[str, Text]:
    """The tile the lead rules demand from this hand and, for ``chosen``, the first rule it breaks (or,
    when ``chosen`` is the demanded tile, the rule that decides), as ``engine.gupai.hand.jiao_lead`` decides them
    under the default reading; the lesson's exercises have one answer only."""
    rule, allowed = jiao_lead(hand, GUPAI_DEFAULT)
    answer = allowed[0]
    a, c = _tile(answer), _tile(chosen)
    ok = chosen == answer
    if len(hand) == 3:
        if rule == "zhong":
            pair = BY_CODE[answer].cls
            z = _term(ZHONG)
            return answer, Text(f"三张里有两张是{CLASS_ZH[pair]}：{z.zh}，须出其中一张；{c.zh}{'正是' if ok else '不是'}{CLASS_ZH[pair]}的。",
                                f"Two of your three tiles are of the {CLASS_EN[pair]}: {z.en}; {c.en} {'is' if ok else 'is not'} one of them.")
        y = _term(YAOJIAO)
        want = BY_CODE[answer].cls  # 有幺叫幺，无幺叫点
        head = Text(f"三张各在一门，没有“有重”：{y.zh}，{'有幺门的牌就出幺门' if want == YAO else '没有幺门，就出点门'}的{a.zh}。",
                    f"Your three tiles are in three classes, so no two share one: {y.en}, so the {CLASS_EN[want]} tile, {a.en}.")
        if ok:
            return answer, head
        cc = BY_CODE[chosen].cls
        return answer, Text(f"{c.zh}是{CLASS_ZH[cc]}的，不合{y.zh}。" + head.zh, f"{c.en} is of the {CLASS_EN[cc]}, which breaks {y.en}. " + head.en)
    x, y_ = hand
    fx = BY_CODE[x]
    jx = _term(JIAOXIAO)
    if rule == "same":
        return answer, Text(f"两张都是{CLASS_ZH[fx.cls]}：{jx.zh}，出小的{a.zh}。",
                            f"Both tiles are of the {CLASS_EN[fx.cls]}: {jx.en}, so the lower one, {a.en}.")
    px, py = _place(x), _place(y_)
    if rule == "xiao" and not ok:
        pc = _place(chosen)
        return answer, Text(f"两张不同门，{jx.zh}：各在本门倒着数，{pc.zh}，比{_place(answer).zh}数得大，所以不出它，出{a.zh}。",
                            f"Two tiles of different classes: {jx.en}, counting each in its own class from the bottom: {pc.en}, placed higher than {_place(answer).en}. So not {c.en}: lead {a.en}.")
    if rule == "xiao":
        return answer, Text(f"两张不同门，{jx.zh}：各在本门倒着数，{px.zh}，{py.zh}；数得小的是{a.zh}，出{a.zh}。",
                            f"Two tiles of different classes: {jx.en}, counting each in its own class from the bottom: {px.en}; {py.en}. The lower-placed one is {a.en}, so lead it.")
    t = _term(YAOJIAO)
    return answer, Text(f"两张不同门，倒着数一样低（{px.zh}，{py.zh}），叫小分不出：再按{t.zh}，出{a.zh}。",
                        f"Two tiles of different classes, placed level counting from the bottom ({px.en}; {py.en}), so {jx.en} cannot decide: then {t.en}, so {a.en}.")


def _lead(rng: random.Random, slot: int) -> Exercise:
    # a set shows a three-tile hand, a two-tile hand of one class, two of different classes, and a level pair
    kind = ("three", "cross", "level", "cross", "same", "three")[slot % 6]
    while True:
        d = deal(rng.randrange(2**31))
        pool = [t for h in d.hands for t in h]
        n = 3 if kind == "three" else 2
        hand = tuple(rng.sample(pool, n))
        rule, allowed = jiao_lead(hand, GUPAI_DEFAULT)
        codes = sorted(set(hand), key=lambda t: hand.index(t))
        if len(allowed) != 1 or len(codes) < 2:
            continue
        if n == 2 and ((kind == "same") != (rule == "same") or (kind == "level") != (rule == "level")):
            continue
        break
    answer, why_right = _jiao_why(hand, allowed[0])
    choices = [Choice(t, _tile(t), None if t == answer else _jiao_why(hand, t)[1]) for t in codes]
    names = _names(hand)
    return Exercise(
        Text(f"你得了上一墩，手里还剩 {n} 张，要单张领出。按叫牌规则该出哪一张？", f"You took the last trick and have {n} tiles left; you lead a single. Which tile do the lead rules (叫牌) make you lead?"),
        {"kind": "tiles", "tiles": list(hand)}, Text(f"手里的牌：{names.zh}", f"Your tiles: {names.en}"), shuffled(rng, choices), answer,
        why_right, JIAO,
    )


# ------------------------------------------------------------------ step 3: what a hand pays
def _money(x: int) -> Text:
    if x == 0:
        return Text("不收不付", "neither pays nor receives")
    return Text(f"收 {x} 墩", f"receives {x}") if x > 0 else Text(f"付 {-x} 墩", f"pays {-x}")


def _pay(rng: random.Random) -> Exercise:
    while True:
        held = [0, 0, 0, 0]
        for _ in range(8):
            held[rng.choice((0, 0, 1, 1, 2, 3))] += 1
        closer = rng.randrange(4)
        if held[closer] == 0 or max(held) == 8:
            continue
        seat = rng.choice([s for s in range(4) if s != closer])
        break
    s = settle(tuple(held), closer)
    right = s.nets[seat]
    held_zh = "，".join(f"{SEATS_ZH[i]} {held[i]} 墩" for i in range(4))
    held_en = ", ".join(f"{SEATS_EN[i]} {held[i]}" for i in range(4))
    mine = [ln for ln in s.lines if seat in (ln.payer, ln.payee) and ln.amount]
    expl = Text(" ".join(ln.zh for ln in mine) or "他刚好打满四墩，不收不付。", " ".join(ln.en for ln in mine) or "He holds exactly four tricks and settles nothing.")
    why = Text(f"{SEATS_ZH[seat]}打了 {held[seat]} 墩，保门是 4 墩：{expl.zh}", f"{SEATS_EN[seat]} holds {held[seat]}; breaking even is four: {expl.en}")
    # each wrong answer is the slip that gives it, and says so
    slips = [
        (-right, Text("方向反了：少于四墩的付，多于四墩的收。", "The wrong way round: fewer than four tricks pays, more than four receives.")),
        (4 - held[seat], Text("这是差几墩满四墩，不是收付：多于四墩的收多出的，少于四墩的付差的。", "That counts the wrong way from four: more than four receives the surplus, fewer than four pays the shortfall.")),
        (right + 1, Text("差了一墩：按 4 墩为准数差额。", "Off by one trick: count the difference from four.")),
        (right - 1, Text("差了一墩：按 4 墩为准数差额。", "Off by one trick: count the difference from four.")),
    ]
    choices = [Choice(str(right), _money(right))]
    for v, slip in slips:
        if len(choices) < 4 and str(v) not in [c.value for c in choices] and _money(v) not in [c.label for c in choices]:
            choices.append(Choice(str(v), _money(v), Text(slip.zh + why.zh, slip.en + " " + why.en)))
    return Exercise(
        Text(f"一手打完：{held_zh}（{SEATS_ZH[closer]}得了最后一墩，结了牌）。{SEATS_ZH[seat]}该收还是付多少墩？",
             f"A hand is over. Tricks held: {held_en} ({SEATS_EN[closer]} won the last trick and closed). What does {SEATS_EN[seat]} pay or receive, in tricks?"),
        {}, Text("", ""), shuffled(rng, choices), str(right),
        Text(why.zh + "没结牌的三家都以 4 墩为准和结牌的人结算。", why.en + " The three who did not close each settle with the closer against four tricks."),
        BAOMEN,
    )


LESSON = Lesson(
    "gupai",
    Text("骨牌入门", "Learn Gupai (鄂南骨牌)"),
    (
        Step("trick", Text("谁得这一墩", "Who takes the trick"), _trick, count=5),
        Step("lead", Text("叫牌：该领出哪一张", "Lead rules (叫牌): which tile to lead"), _lead, count=6, slotted=True),
        Step("pay", Text("这一手收付多少", "What a hand pays"), _pay),
    ),
)
