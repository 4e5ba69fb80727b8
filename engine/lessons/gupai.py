"""The first lesson of 鄂南骨牌: which play wins a trick, which single the lead rules demand, and what a
finished hand pays. Tricks come from seeded deals; every answer from ``engine.gupai``."""

from __future__ import annotations

import random

from ..gupai.hand import deal, jiao_reason, jiao_singles
from ..gupai.plays import Play, classify, plays_in, winner_of, why_not_beats
from ..gupai.scoring import SEATS_EN, SEATS_ZH, settle
from ..gupai.svg import tiles_svg
from ..gupai.tiles import BY_CODE
from .model import Choice, Exercise, Lesson, RuleRef, Step, Text, shuffled

FOLLOW = RuleRef("gupai/rules/", "follow", Text("领出与跟牌", "Leading and following"))
JIAO = RuleRef("gupai/rules/", "jiao-rules", Text("叫牌规则", "Lead rules (叫牌)"))
BAOMEN = RuleRef("gupai/scoring/", "baomen", Text("保门", "Breaking even (保门)"))
SHORT_ZH = ("甲", "乙", "丙", "丁")
SHORT_EN = ("A", "B", "C", "D")


def _names(tiles: tuple[str, ...] | list[str]) -> Text:
    return Text("、".join(BY_CODE[t].zh for t in tiles), ", ".join(BY_CODE[t].en for t in tiles))


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
        best = lead
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
    for s, t, p in plays:
        n = _names(t)
        lines_zh.append(f"{SEATS_ZH[s]}：{n.zh}")
        lines_en.append(f"{SEATS_EN[s]}: {n.en}")
    win_play = shown[w]
    right_why = Text(f"{SEATS_ZH[winner]}的{win_play.zh}是桌上最大的一手，所以由他得这一墩。", f"{SEATS_EN[winner]}'s {win_play.en} is the best play on the table, so {SEATS_EN[winner]} takes the trick.")

    def why_not(i: int) -> Text:
        p = shown[i]
        if i == 0:
            return Text(f"领出的{lead.zh}被{SEATS_ZH[winner]}打过了。", f"The lead, {lead.en}, was beaten by {SEATS_EN[winner]}.")
        if p.family == "discard":
            return Text(f"{SEATS_ZH[seats[i]]}出的几张不成一手牌，只能算垫牌，垫牌不会赢。", f"{SEATS_EN[seats[i]]}'s tiles make no play, so they are a discard, and a discard never wins.")
        r = why_not_beats(p, win_play) or why_not_beats(p, lead)
        if r is None:  # it beat the lead but a later play beat it
            return Text(f"{SEATS_ZH[seats[i]]}的{p.zh}后来又被{win_play.zh}打过了。", f"{SEATS_EN[seats[i]]}'s {p.en} was then beaten by {win_play.en}.")
        return Text(r[0], r[1])

    choices = tuple(Choice(str(seats[i]), Text(SEATS_ZH[seats[i]], SEATS_EN[seats[i]]), None if i == w else why_not(i)) for i in range(4))
    fig = "".join(f'<div class="lesson-row"><span>{SHORT_ZH[s]} {SHORT_EN[s]}</span> {tiles_svg(t, 26)}</div>' for s, t, _ in plays)
    return Exercise(
        Text(f"{SEATS_ZH[leader]}领出，其余三家依次跟。谁得这一墩？", f"{SEATS_EN[leader]} leads and the other three follow in turn. Who takes the trick?"),
        fig, Text("；".join(lines_zh), "; ".join(lines_en)), choices, str(winner),
        Text(right_why.zh + "只有同类、同门而且更大的一手才能打过；一样大不算。", right_why.en + " Only a play of the same kind and class that is strictly higher beats the best one; an equal play does not."),
        FOLLOW,
    )


# ------------------------------------------------------------------ step 2: what must you lead
def _lead(rng: random.Random) -> Exercise:
    while True:
        d = deal(rng.randrange(2**31))
        n = rng.choice((2, 3, 3))
        hand = tuple(rng.sample(list(d.hands[rng.randrange(4)]), n))
        allowed = set(jiao_singles(hand))
        codes = sorted(set(hand), key=lambda t: hand.index(t))
        if len(allowed) == 1 and len(codes) >= 2:
            break
    answer = next(iter(allowed))
    reason = jiao_reason(hand)
    why = Text(reason[0], reason[1])
    choices = tuple(Choice(t, Text(BY_CODE[t].zh, BY_CODE[t].en), None if t == answer else why) for t in codes)
    names = _names(hand)
    return Exercise(
        Text(f"你得了上一墩，手里还剩 {n} 张，要单张领出。按叫牌规则该出哪一张？", f"You took the last trick and have {n} tiles left; you lead a single. Which tile do the lead rules make you lead?"),
        tiles_svg(hand, 30), Text(f"手里的牌：{names.zh}", f"Your tiles: {names.en}"), shuffled(rng, list(choices)), answer,
        why, JIAO,
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
    values = [right]
    for v in (-right, right + 1, right - 1, 4 - held[seat]):
        if v not in values and len(values) < 4:
            values.append(v)
    held_zh = "，".join(f"{SEATS_ZH[i]} {held[i]} 墩" for i in range(4))
    held_en = ", ".join(f"{SEATS_EN[i]} {held[i]}" for i in range(4))
    mine = [ln for ln in s.lines if seat in (ln.payer, ln.payee) and ln.amount]
    expl = Text(" ".join(ln.zh for ln in mine) or "他刚好打满四墩，不收不付。", " ".join(ln.en for ln in mine) or "He holds exactly four tricks and settles nothing.")
    why = Text(f"{SEATS_ZH[seat]}打了 {held[seat]} 墩，保门是 4 墩：{expl.zh}", f"{SEATS_EN[seat]} holds {held[seat]}; breaking even is four: {expl.en}")
    choices = [Choice(str(v), _money(v), None if v == right else why) for v in values]
    return Exercise(
        Text(f"一手打完：{held_zh}（{SEATS_ZH[closer]}得了最后一墩，结了牌）。{SEATS_ZH[seat]}该收还是付多少墩？",
             f"A hand is over. Tricks held: {held_en} ({SEATS_EN[closer]} won the last trick and closed). What does {SEATS_EN[seat]} pay or receive, in tricks?"),
        "", Text("", ""), shuffled(rng, choices), str(right),
        Text(why.zh + "没结牌的三家都以 4 墩为准和结牌的人结算。", why.en + " The three who did not close each settle with the closer against four tricks."),
        BAOMEN,
    )


LESSON = Lesson(
    "gupai",
    Text("骨牌入门", "Learn 鄂南骨牌"),
    (
        Step("trick", Text("谁得这一墩", "Who takes the trick"), _trick, count=5),
        Step("lead", Text("叫牌：该领出哪一张", "Lead rules: which tile to lead"), _lead),
        Step("pay", Text("这一手收付多少", "What a hand pays"), _pay),
    ),
)
