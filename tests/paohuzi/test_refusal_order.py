"""Issue 37, point 2: a refused 碰 or 吃 names the first rule it breaks, in the order a player checks them.

The order, written from the booklet (paohuzi.txt) — a player asks first whether the move could be made at all
with his cards, then whether a rule forbids it, and only then whether it is his decision now:

碰 (3-1 “对子”)
 1. whose card — “人家手中打出的牌或者摸出的底牌与‘对子’牌完全一样的，就可以‘碰’上”: another's card;
 2. a pair — “有对子就可以‘碰’牌”;
 3. 碰一不碰二 — “第一次没有‘碰’的牌，第二次就不能再‘碰’了”;
 4. a card left to discard — 3-3 “拆对不拆坎” (a claim is followed by a discard, which may not break a 坎);
 5. the order of claims — “‘碰’牌优先于‘吃’牌”, the win first (4), then whose decision it is.

吃 (3-2 “顺子”, 3-6 “编子”)
 1. whose card — “‘吃’牌只能‘吃’上家打出的牌，或者是本方摸出的无人‘碰’，无人‘跑’的牌”, “不吃隔山牌”;
 2. the groups — “数字相连大小一致的三张牌” / “大小一定要分开” (3-2), the 编 of 3-6 and the red 编, with cards held
    and none of a 坎 (3-3 “必须保留三张一‘坎’”);
 3. 比 — “则必须在‘吃’牌的同时把手中的含有大‘柒’的‘顺子’拿下来”: no copy left in hand;
 4. 不吃臭张 — “同样的牌第一次没有‘吃’，第二次出现的时候就不能再‘吃’了”;
 5. a card left to discard (3-3);
 6. the order of claims (碰 before 吃, the win first), then whose decision it is.

Each check below is written from those words, not from the engine: at random positions of random lawful hands
every seat tries to 碰 and to 吃 the card on offer in many ways, and the rule named must be the first one broken.
叶子戏's 字牌 (下灌字牌, played by the same rules) names the reason a seat may not 吃 or 碰 a card in the same order.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.api import handle
from engine.paohuzi.cards import FACES, Card, parse_card
from engine.paohuzi.state import PaohuziState, new_hand
from engine.paohuzi.config import DEFAULT
from engine.paohuzi.seating import TABLES
from engine.paohuzi.ai import choose
from engine.paohuzi.table import Action, Window
from engine.yezi.config import YeziConfig
from engine.yezi.zipai import kind_of, parse_zi

from .test_table_rules import SEED18, SHANG_DRAW, _d2_withheld, follow

#: the rules in the order a player checks them: (the step, the refusal codes that name it)
PENG_ORDER = [("whose card", {"own_card"}), ("pair", {"no_pair"}), ("peng_er", {"peng_er"}), ("discard left", {"claim_kan"})]
CHI_ORDER = [("whose card", {"chi_from", "ge_shan"}), ("groups", {"bad_group", "kan", "no_card", "mixed_shun"}), ("bi", {"shao_bi"}),
             ("chou_zhang", {"chou_zhang"}), ("discard left", {"claim_kan"})]
#: the order of claims and of turns: named only when the move breaks none of its own rules
TIMING = {"not_now", "not_your_turn", "peng_first", "bad_chi"}


def _group_ok(g: tuple[Card, ...]) -> bool:
    """A run of one case, a red 编 (二七十 of one case) or a 编 of one number in both cases (3-2, 3-6)."""
    if len(g) != 3:
        return False
    ranks = sorted(c.rank for c in g)
    one_case = len({c.big for c in g}) == 1
    if one_case and ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
        return True
    if one_case and ranks == [2, 7, 10]:
        return True
    return len(set(ranks)) == 1 and not one_case


def _broken(h: PaohuziState, s: int, w: Window, kind: str, groups: tuple[tuple[Card, ...], ...]) -> list[str]:
    """Which of the move's own rules it breaks, each step of the order checked on its own."""
    i = w.card.index
    held = list(h.hands[s])
    out = []
    if kind == "peng":
        if s == w.owner:
            out.append("whose card")
        if held[i] != 2:
            out.append("pair")
        if i in h.chou[s]:
            out.append("peng_er")
    else:
        cfg = h.cfg
        nxt = (w.owner + 1) % h.n
        if w.origin == "discard":
            may = s == nxt and s != w.owner
        elif w.origin == "stock":
            may = (s == w.owner and cfg.chi_own_draw) or (cfg.chi_shang_draw == "allow" and s == nxt and s != w.owner)
        else:
            may = False
        if not may:
            out.append("whose card")
        need = [c for g in groups for c in g]
        shaped = bool(groups) and w.card in groups[0] and all(_group_ok(g) for g in groups)
        if shaped:
            need.remove(w.card)
            for c in need:
                if held[c.index] >= 3 or held[c.index] == 0:
                    shaped = False
                    break
                held[c.index] -= 1
        if not shaped:
            out.append("groups")
        elif held[i] > 0:
            out.append("bi")
        if i in h.chou[s]:
            out.append("chou_zhang")
    return out


def _candidates(h: PaohuziState, w: Window, rng: random.Random) -> list[tuple[int, str, tuple[tuple[Card, ...], ...]]]:
    """Moves every seat might try: 碰, each lawful way to 吃 (its own and other seats'), a way without its 比
    groups, and groups made up of the card and two cards of a neighbouring number or the same number."""
    out: list[tuple[int, str, tuple[tuple[Card, ...], ...]]] = []
    ways = [g for s in range(h.n) for g in h.chi_ways(s, w, ignore_chou=True, any_discard=True)]
    c = w.card
    for s in range(h.n):
        out.append((s, "peng", ()))
        for way in ways[:6]:
            out.append((s, "chi", way))
            if len(way) > 1:
                out.append((s, "chi", way[:1]))  # without its 比
        for _ in range(4):
            near = [f for f in FACES if abs(f.rank - c.rank) <= 2 and f != c] + [c]
            out.append((s, "chi", ((c, rng.choice(near), rng.choice(near)),)))
    return out


def _walk(seed: int, table: str, options: dict, rnd: random.Random, seen: Counter | None = None, passes: float = 0.0) -> int:
    """Play a hand of random lawful moves (letting a card go with probability at least ``passes`` when one may:
    cards let go come back, and with them 碰一不碰二 and 不吃臭张), checking every candidate claim on the way."""
    h = new_hand(seed, DEFAULT.with_options(options), table)
    checked = 0
    while not h.over:
        w, p = h.window, h.pending()
        assert p is not None
        lawful = h.moves(p)
        if w is not None and h.phase == "claim":
            for s, kind, groups in _candidates(h, w, rnd):
                a = Action(s, kind, w.card, groups)
                if s == p and a in lawful:
                    continue
                f = h.foul_of(a)
                broken = _broken(h, s, w, kind, groups)
                order = PENG_ORDER if kind == "peng" else CHI_ORDER
                named = next(step for step, codes in order + [("timing", TIMING)] if f.code in codes)
                steps = [step for step, _ in order]
                first = next((step for step in steps if step in broken), None)
                if first is not None:
                    assert named == first, (seed, table, options, s, kind, groups, f.code, broken)
                else:  # none of its own rules broken: then the order of claims (or the discard left) is named
                    assert named in ("discard left", "timing"), (seed, table, options, s, kind, groups, f.code)
                checked += 1
                if seen is not None:
                    seen[(kind, named)] += 1
        let_go = [a for a in lawful if a.kind == "pass"]
        h.play(let_go[0] if let_go and rnd.random() < passes else lawful[rnd.randrange(len(lawful))])
    return checked


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(sorted(TABLES)), st.sampled_from([{}, {"chi_shang_draw": "allow"}, {"claim_kan": "allow"}]),
       st.randoms(use_true_random=False))
def test_a_refused_claim_names_the_first_rule_it_breaks_in_the_booklets_order(seed, table, options, rnd):
    assert _walk(seed, table, options, rnd) > 0


def test_the_walk_meets_every_rule_of_both_orders():
    """Seeded hands at each table, letting cards go often: each step of each order is the one named at least
    once (seed 39 at two seats meets a 吃 of a card let go before). A claim that would leave only 坎 is rarer:
    seed 18's dealer, holding a pair of 大贰 (the position test_table_rules plays), is told that rule."""
    seen: Counter = Counter()
    for seed, table in [(seed, table) for seed in range(12) for table in sorted(TABLES)] + [(39, "two")]:
        _walk(seed, table, {}, random.Random(seed), seen, passes=0.8)
    for kind, order in (("peng", PENG_ORDER), ("chi", CHI_ORDER)):
        for step, _ in order + [("timing", TIMING)]:
            if step != "discard left":
                assert seen[(kind, step)] > 0, (kind, step, seen)
    h = follow(18, "four", 0, SEED18, options=SHANG_DRAW, stop=_d2_withheld)
    while not h.over and not _d2_withheld(h):
        h.play(choose(h, h.pending()))
    w = h.window
    assert w is not None and _broken(h, 0, w, "peng", ()) == []
    assert h.foul_of(Action(0, "peng", w.card)).code == "claim_kan"


def test_a_seat_without_a_pair_is_told_so_before_peng_er():
    """The issue's repro: seed 41680, two seats, every seat a person; the next player holds a single 大陆 he let
    go before and tries to 碰 it: he holds no pair (3-1 有对子就可以碰), before 碰一不碰二."""
    acts = ["discard:d2", "pass:d6", "pass:d1", "pass:d3", "pass:d8", "chi:d8:d8.d6.d7", "discard:x3", "chi:x3:x3.x3.d3",
            "discard:d8", "discard:x7", "chi:x7:x7.x2.x10", "discard:x6", "discard:d8", "discard:x10", "discard:x8", "pass:d10",
            "chi:d10:d10.d2.d7", "discard:d1", "discard:d4", "pass:x1"]
    a = handle({"game": "paohuzi", "action": "play", "seed": 41680, "table": "two", "seat": 0, "computer": [], "actions": acts + ["peng:d6"]})
    assert a["ok"] and a["offer"]["card"] == "d6" and a["to_move"] == 1
    refused = a["refused"]
    assert refused["code"] == "no_pair" and "一对大陆" in refused["zh"] and "pair of big 6" in refused["en"]
    assert "碰一不碰二" not in refused["zh"]
    # the card was indeed let go before by that seat: with a pair the refusal would be 碰一不碰二
    assert parse_card("d6") is not None


#: 叶子戏 字牌's reason codes (the zipai-discard action's why_not_chi, why_not_peng) -> the step of the order they name
ZIPAI_CHI = {"not_upper": "whose card", "no_group": "groups", "xiahuo": "bi", "passed": "chou_zhang"}
ZIPAI_PENG = {"no_pair": "pair", "passed": "peng_er"}
ZI_CODES = [f"{b}{r}" for b in "xd" for r in range(1, 11)]


def _zi_position(rng: random.Random) -> tuple[list[str], str, bool, list[str], dict[str, str]]:
    """A few cards of a hand, most of them near the card discarded (its neighbours, its number in the other case,
    二七十), whether it comes from the upper seat, the cards let go before, and a reading of 字牌."""
    card = rng.choice(ZI_CODES)
    big, rank = card[0], int(card[1:])
    near = [card, ("d" if big == "x" else "x") + str(rank)] + [f"{big}{k}" for k in range(max(1, rank - 2), min(10, rank + 2) + 1)]
    near += [f"{big}{k}" for k in (2, 7, 10)] if rank in (2, 7, 10) else []
    left = Counter({c: 4 for c in ZI_CODES}) - Counter([card])
    hand: list[str] = []
    for _ in range(rng.randint(1, 9)):
        c = rng.choice(near) if rng.random() < 0.75 else rng.choice(ZI_CODES)
        if left[c]:
            left[c] -= 1
            hand.append(c)
    passed = ([card] if rng.random() < 0.5 else []) + rng.sample(ZI_CODES, rng.randint(0, 2))
    options = rng.choice([{}, {"banbian": "two_big"}, {"chi_forms": "with_erqishi"}, {"xiahuo": "separate"}])
    return hand, card, rng.random() < 0.5, passed, options


def _zi_broken(hand: list[str], card: str, from_upper: bool, passed: list[str], options: dict[str, str]) -> tuple[list[str], list[str]]:
    """Which steps of CHI_ORDER and PENG_ORDER a 吃 and a 碰 of the discarded ``card`` break, each asked on its own:
    whose card (吃 only the upper seat's discard; 碰 anyone's), a group of the card and two cards held, none of
    three alike (a 顺子, a 半边, under with_erqishi a 二七十: yezixi.txt appendix), 比 (下火: no way to 吃 the card were
    it the upper seat's and never let go), the card let go before; a pair (碰)."""
    held = Counter(hand)
    cfg = YeziConfig(**options)
    kinds = {"shunzi", "banbian"} | ({"erqishi"} if cfg.chi_forms == "with_erqishi" else set())
    free = [c for c in hand if held[c] < 3]
    pairs = {tuple(sorted((a, b))) for i, a in enumerate(free) for b in free[i + 1:]}
    chi = [] if from_upper else ["whose card"]
    if not any(kind_of([parse_zi(c) for c in (card, a, b)], cfg) in kinds for a, b in pairs):
        chi.append("groups")
    else:
        lifted = handle({"game": "yezi", "action": "zipai-discard", "hand": hand, "card": card, "from_upper": True, "passed": [], "options": options})
        if not lifted["chi"]:
            chi.append("bi")
    if card in passed:
        chi.append("chou_zhang")
    peng = ([] if held[card] == 2 else ["pair"]) + (["peng_er"] if card in passed else [])
    return chi, peng


def test_yezi_zipai_names_the_first_reason_in_the_booklets_order():
    """叶子戏's 字牌 (the zipai-discard action) names the reason a seat may not 吃 the card discarded as the table does:
    the first step of CHI_ORDER broken (whose card, the groups, 比 (下火), the card let go before), and for 碰 the first
    of PENG_ORDER (a pair, then 碰一不碰二); over seeded positions under each reading of 字牌 that shapes a 吃."""
    seen: Counter = Counter()
    several = 0
    for seed in range(2_500):
        hand, card, from_upper, passed, options = _zi_position(random.Random(seed))
        a = handle({"game": "yezi", "action": "zipai-discard", "hand": hand, "card": card, "from_upper": from_upper,
                    "passed": passed, "options": options})
        assert a["ok"], a
        if a["forced"]:  # three held: the fourth is a forced 开招, neither 吃 nor 碰
            assert Counter(hand)[card] == 3 and a["why_not_chi"] == a["why_not_peng"] == "forced_kaizhao"
            continue
        chi, peng = _zi_broken(hand, card, from_upper, passed, options)
        for kind, broken, order, codes, why in (("chi", chi, CHI_ORDER, ZIPAI_CHI, a["why_not_chi"]), ("peng", peng, PENG_ORDER, ZIPAI_PENG, a["why_not_peng"])):
            first = next((step for step, _ in order if step in broken), None)
            named = codes[why] if why else None
            assert named == first, (seed, kind, hand, card, from_upper, passed, options, why, broken)
            seen[(kind, named)] += 1
        several += len(chi) > 1
        assert bool(a["chi"]) == (not chi) and a["peng"] == (not peng)
    for kind, steps in (("chi", [None, "whose card", "groups", "bi", "chou_zhang"]), ("peng", [None, "pair", "peng_er"])):
        for step in steps:
            assert seen[(kind, step)] > 0, (kind, step, seen)
    assert several > 500, several  # positions where the order decides which reason is named
