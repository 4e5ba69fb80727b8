from collections import Counter
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.yezi import zipai
from engine.yezi.config import DEFAULT, YeziConfig
from engine.yezi.zipai import arrange, chi_ways, kind_of, on_discard, on_draw, parse_zi
from engine.yezi.zipai_diff import DIFFERENCES

from pathlib import Path as _Path

SOURCES = _Path(__file__).resolve().parents[3] / "shared" / "sources"


def Z(s: str):
    return [parse_zi(x) for x in s.split()]


def discard(hand: str, card: str, from_upper: bool = True, passed: str = "", config: YeziConfig = DEFAULT):
    return on_discard(Z(hand), parse_zi(card), from_upper, Z(passed), config)


def draw(hand: str, card: str, config: YeziConfig = DEFAULT):
    return on_draw(Z(hand), parse_zi(card), config)


def test_deck():
    d = zipai.full_deck()
    assert len(d) == 80 and all(n == 4 for n in Counter(d).values()) and len(set(d)) == 20


def test_group_kinds():
    assert kind_of(Z("x7 x7 x7 x7")) == "kaizhao"
    assert kind_of(Z("d3 d3 d3")) == "kanzi"
    assert kind_of(Z("d5 d5 x5")) == "banbian"
    assert kind_of(Z("x4 x5 x6")) == "shunzi"
    assert kind_of(Z("d2 d7 d10")) == "erqishi"
    assert kind_of(Z("x2 x7 x10")) == "erqishi"
    assert kind_of(Z("x1 x1")) == "duizi"
    assert kind_of(Z("x4 d5 x6")) is None  # runs keep one case
    assert kind_of(Z("d2 x7 d10")) is None
    assert kind_of(Z("x9 x10 x1")) is None  # no wrap-round


def test_diff_deal():
    d = zipai.deal(123)
    assert [len(h) for h in d.hands] == [21, 20, 20]
    assert len(d.stock) == 19
    assert Counter(c for h in d.hands for c in h) + Counter(d.stock) == Counter(zipai.full_deck())
    assert zipai.deal(123) == d


def test_diff_four():
    # (the 开招 laid face up, all four: the table's, tests/paohuzi/test_play.py::test_ti_shows_bottom_or_top_card…)
    r = discard("d5 d5 d5 x1 x2", "d5", from_upper=False)
    assert r.forced == "kaizhao" and not r.peng and not r.chi
    assert draw("d5 d5 d5 x1 x2", "d5").forced == "kaizhao"
    assert draw("d5 d5 d5 x1 x2", "d5", YeziConfig(self_fourth="free")).forced is None


def test_diff_banbian():
    assert kind_of(Z("d5 d5 x5")) == "banbian"  # the appendix's example
    assert kind_of(Z("d9 x9 x9")) == "banbian"  # 跑胡子's 玖九九
    assert kind_of(Z("d9 x9 x9"), YeziConfig(banbian="two_big")) is None
    assert kind_of(Z("d5 d5 x5"), YeziConfig(banbian="two_big")) == "banbian"


def test_diff_erqishi():
    assert discard("d2 d10 x1", "d7").chi == ()
    ways = discard("d2 d10 x1", "d7", config=YeziConfig(chi_forms="with_erqishi")).chi
    assert [[g.kind for g in w] for w in ways] == [["erqishi"]]
    # yet 二七十 is a finished group in an arrangement
    assert arrange(Z("d2 d7 d10")) is not None


def test_diff_pairs():
    assert arrange(Z("x1 x1")) is None
    assert arrange(Z("x1 x2 x3 x5 x5")) is None
    ok = arrange(Z("x7 x7 x7 x7 x5 x5"), locked=[])
    assert ok is not None and sorted(g.kind for g in ok) == ["duizi", "kaizhao"]
    # one 开招, two pairs: only under the 'any' reading
    hand = Z("x7 x7 x7 x7 x5 x5 d3 d3")
    assert arrange(hand, locked=[]) is None
    assert arrange(hand, locked=[], config=YeziConfig(pairs="any")) is not None


# 跑胡子's side of the pairs row: no rule, but a 21-card hand has room for a pair only beside a 提/跑
_PH_BLOCKS = [[f"{b}{r}", f"{b}{r + 1}", f"{b}{r + 2}"] for b in "xd" for r in (1, 4, 7)]  # six runs with no card in common


@st.composite
def _ph_hand_of_threes(draw):
    """21 cards, seven groups of three, no four alike: runs (each block at most twice) and triples on other faces."""
    slots = draw(st.lists(st.integers(0, 11), unique=True, max_size=7))
    runs = [_PH_BLOCKS[i % 6] for i in slots]
    used = {c for r in runs for c in r}
    free = [f"{b}{r}" for b in "xd" for r in range(1, 11) if f"{b}{r}" not in used]
    triples = draw(st.lists(st.sampled_from(free), unique=True, min_size=7 - len(runs), max_size=7 - len(runs)))
    return [c for r in runs for c in r] + [c for t in triples for c in (t, t, t)]


@given(_ph_hand_of_threes())
def test_diff_pairs_paohuzi_no_pair_without_ti_or_pao(hand):
    from engine.paohuzi.arrange import arrange as ph_arrange
    from engine.paohuzi.cards import parse_card

    cards = [parse_card(x) for x in hand]
    assert len(cards) == 21 and max(Counter(cards).values()) <= 3  # no 提 or 跑 in the hand
    got = ph_arrange(cards)
    assert got is not None
    assert "dui" not in [g.kind for g in got[1]]


def test_diff_pairs_paohuzi_pair_beside_a_ti():
    from engine.paohuzi.arrange import arrange as ph_arrange
    from engine.paohuzi.cards import parse_card

    cards = [parse_card(x) for x in "x1 x2 x3 x4 x5 x6 d1 d2 d3 d4 d5 d6 d7 d8 d9 x9 x9 x9 x9 x10 x10".split()]
    kinds = sorted(g.kind for g in ph_arrange(cards)[1])
    assert kinds.count("ti") == 1 and kinds.count("dui") == 1
    # one copy of the four moved to the pair: no 提, and the 21 cards no longer make a complete hand with a pair
    three = [parse_card(x) for x in "x1 x2 x3 x4 x5 x6 d1 d2 d3 d4 d5 d6 d7 d8 d9 x9 x9 x9 x10 x10 x8".split()]
    assert ph_arrange(three) is None


def test_diff_chi_source():
    assert discard("x5 x6 d1", "x4", from_upper=True).chi  # the appendix's example
    r = discard("x5 x6 d1", "x4", from_upper=False)
    assert r.chi == () and r.why_not_chi == "not_upper"
    # a card you draw yourself is never taken by 吃
    assert draw("x5 x6 d1", "x4").forced is None and draw("x5 x6 d1", "x4").why_not_chi == "own_draw"
    # 碰 from any seat
    assert discard("x4 x4 d1", "x4", from_upper=False).peng


def test_diff_passed():
    r = discard("x5 x6 x4 x4 d4", "x4")  # 碰, or 吃 into 四五六 with the 半边 小四 小四 大四 (下火)
    assert r.peng and r.chi and r.why_not_chi == "" and r.why_not_peng == ""
    r = discard("x5 x6 x4 x4 d4", "x4", passed="x4")  # let go once: (the table keeps it, tests/paohuzi/test_table_rules.py)
    assert not r.peng and r.chi == () and r.why_not_chi == "passed" and r.why_not_peng == "passed"
    # without the 大四 no 吃 could show both 小四 held (下火): that is named first, before the card let go, in the
    # booklet's order (tests/paohuzi/test_refusal_order.py); the 碰 is still refused as let go
    r = discard("x5 x6 x4 x4", "x4", passed="x4")
    assert not r.peng and r.chi == () and r.why_not_chi == "xiahuo" and r.why_not_peng == "passed"


def test_diff_kan_whole():
    # three small 5 dealt: no 顺子 may use one of them
    hand = Z("x5 x5 x5 x3 x4 x6 x7 x6 x7")
    assert arrange(hand) is None
    assert arrange(hand, locked=[]) is not None  # 三四五 五六七 五六七, had they not been dealt together
    assert arrange(Z("x5 x5 x5 x6 x7 x8")) is not None
    # nor may 吃 use them (the appendix's 大伍 example); one 大伍 alone may
    assert discard("d5 d5 d5 d7 x1", "d6").chi == ()
    assert discard("d5 d7 x1", "d6").chi


def test_diff_xiahuo():
    # holding one small 8 and only one group for it: no 吃
    r = discard("x8 x9 x10 d1", "x8")
    assert r.chi == () and r.why_not_chi == "xiahuo"
    # two groups at once: allowed (once, whichever of the two holds the card taken)
    r = discard("x8 x9 x10 x6 x7", "x8")
    assert [sorted(g.kind for g in w) for w in r.chi] == [["shunzi", "shunzi"]]
    # a 半边 holding both copies clears the hand: allowed by default, not under 'separate'
    assert discard("x8 d8 d1", "x8").chi
    assert discard("x8 d8 d1", "x8", config=YeziConfig(xiahuo="separate")).chi == ()


def test_diff_saopai():
    # (laid face down: the table's, tests/paohuzi/test_play.py::test_a_passed_pengs_card_drawn_later_is_a_shown_wei)
    assert draw("d5 d5 x1", "d5").forced == "saopai"
    assert draw("d5 x1", "d5").forced is None


def test_diff_scoring():
    # nothing beyond grouping: any full arrangement is accepted, whatever 胡息 it would have in 跑胡子
    assert arrange(Z("x4 x5 x6 x7 x8 x9 d4 d5 d6")) is not None


def test_every_difference_has_a_test():
    mod = sys.modules[__name__]
    assert all(callable(getattr(mod, f"test_diff_{d.id}", None)) for d in DIFFERENCES)


def test_difference_passages_exist():
    for d in DIFFERENCES:
        for p in (d.xiaguan, d.paohuzi):
            assert p.quote in (SOURCES / p.source).read_text(encoding="utf-8")


faces = st.sampled_from(zipai.FACES)


@st.composite
def groupable_hands(draw: st.DrawFn) -> list:
    """A hand that is a union of groups by construction: 开招 and 坎子 on faces of their own,
    other groups adding at most two of any face, and no more pairs than 开招."""
    order = draw(st.permutations(zipai.FACES))
    n_kai = draw(st.integers(0, 2))
    n_kan = draw(st.integers(0, 2))
    alike = order[: n_kai + n_kan]
    cards = [z for z in alike[:n_kai] for _ in range(4)] + [z for z in alike[n_kai:] for _ in range(3)]
    used: Counter = Counter()
    for z in order[len(alike) : len(alike) + draw(st.integers(0, n_kai))]:  # a pair needs a 开招 beside it
        used.update([z, z])
        cards += [z, z]
    for kind, big, rank in draw(st.lists(st.tuples(st.sampled_from(["shunzi", "erqishi", "banbian"]), st.booleans(), st.integers(1, 10)), max_size=4)):
        group = _group_cards(kind, big, rank)
        if any(z in alike or used[z] + group.count(z) > 2 for z in set(group)):
            continue  # three alike would be locked as a 坎子: not this hand's shape
        used.update(group)
        cards += group
    return draw(st.permutations(cards))


def test_arrangement_is_a_partition():
    """Hands built from groups always arrange into groups that use every card once; at
    least a quarter of the examples hold a 开招 with its pair (counted, then asserted)."""
    seen: Counter = Counter()

    @given(groupable_hands())
    def check(cards: list) -> None:
        res = arrange(cards)
        assert res is not None, "a hand built from groups always arranges"
        assert Counter(c for g in res for c in g.cards) == Counter(cards)
        assert all(kind_of(g.cards) == g.kind for g in res)
        assert sum(1 for g in res if g.kind == "duizi") <= sum(1 for g in res if g.kind == "kaizhao")
        seen["pair beside a 开招" if any(g.kind == "duizi" for g in res) else "no pair"] += 1

    check()
    assert seen["pair beside a 开招"] >= sum(seen.values()) / 4, seen


@given(st.lists(st.sampled_from([z for z in zipai.FACES if z.rank <= 8]), min_size=1, max_size=5))
def test_runs_always_arrange(starts):
    cards: list = []
    for z in starts:
        run = [z, zipai.Zi(z.big, z.rank + 1), zipai.Zi(z.big, z.rank + 2)]
        if all(cards.count(c) < 4 for c in run):  # a fifth copy does not exist
            cards += run
    assert cards and arrange(cards, locked=[]) is not None


def test_too_many_cards_refused():
    with pytest.raises(ValueError):
        arrange(zipai.full_deck()[:30])


@given(st.lists(faces, min_size=0, max_size=14), faces, st.sampled_from([YeziConfig(chi_forms="with_erqishi"),
                                                                        YeziConfig(banbian="two_big"), YeziConfig()]))
def test_chi_groups_match_brute_force(pool, card, config):
    """With no copy of the card in hand (下火 asks nothing more) and no three alike, each way to 吃 is one group:
    the card with any two cards of the hand that make a 吃 form with it, by kind_of."""
    from itertools import combinations

    pool = [z for z in pool if z != card and pool.count(z) < 3]
    kinds = ("shunzi", "banbian", "erqishi") if config.chi_forms == "with_erqishi" else ("shunzi", "banbian")
    brute = {tuple(sorted((card,) + p)) for p in combinations(pool, 2) if kind_of((card,) + p, config) in kinds}
    assert {w[0].cards for w in chi_ways(pool, card, config)} == brute
    assert all(len(w) == 1 for w in chi_ways(pool, card, config))


def test_cards_are_the_paohuzi_engines():
    from engine.paohuzi.cards import Card

    assert zipai.Zi is Card and all(isinstance(c, Card) for c in zipai.deal(1).hands[0])
    assert parse_zi("d5") == Card(True, 5) and parse_zi("小五") == Card(False, 5)


@given(st.lists(st.integers(0, 79), min_size=2, max_size=21, unique=True))
def test_arrangement_agrees_with_the_paohuzi_search(idx):
    """Under the variant config, 跑胡子's own search finds a layout exactly when ours does (one pair for each 开招
    in both)."""
    from engine.paohuzi.arrange import arrange as ph_arrange

    deck = zipai.full_deck()
    hand = [deck[i] for i in idx]
    ours = arrange(hand)
    theirs = ph_arrange(hand, zipai.XIAGUAN)
    assert (ours is None) == (theirs is None)
    if ours is not None:
        fixed = ("ti", "kan", "dui")  # forced or count-determined: both layouts must agree on these
        mine = Counter(k for k in (zipai.as_paohuzi(g).kind for g in ours) if k in fixed)
        assert mine == Counter(g.kind for g in theirs[1] if g.kind in fixed)


def _group_cards(kind: str, big: bool, rank: int) -> list:
    Z = zipai.Zi
    if kind == "shunzi":
        r = min(rank, 8)
        return [Z(big, r), Z(big, r + 1), Z(big, r + 2)]
    if kind == "erqishi":
        return [Z(big, 2), Z(big, 7), Z(big, 10)]
    if kind == "banbian":
        return [Z(big, rank), Z(big, rank), Z(not big, rank)]
    return [Z(big, rank)] * 3  # kanzi


groups_st = st.lists(
    st.tuples(st.sampled_from(["shunzi", "erqishi", "banbian", "kanzi"]), st.booleans(), st.integers(1, 10)),
    min_size=1, max_size=6,
)


@given(groups_st, st.booleans(), st.integers(0, 19), st.integers(0, 19))
def test_built_hands_agree_with_the_paohuzi_search(groups, with_kaizhao, quad, pair):
    from engine.paohuzi.arrange import arrange as ph_arrange

    hand: list = []
    parts = [_group_cards(*g) for g in groups]
    if with_kaizhao:
        parts = [[zipai.FACES[quad]] * 4, [zipai.FACES[pair]] * 2] + parts
    for part in parts:  # a group that needs a fifth copy is left out
        if max(Counter(hand + part).values()) <= 4:
            hand += part
    assert hand
    assert (arrange(hand) is None) == (ph_arrange(hand, zipai.XIAGUAN) is None)


# ---------------------------------------------------------------- 下灌字牌's rules, written once


def test_the_table_deals_as_zipai_does():
    """The 跑胡子 table's 下灌 variant and 叶子戏's 字牌 read the deal's sizes in one place: a hand at the
    table gives the banker 21 cards and the others 20, as zipai.deal does (cards laid out at the deal counted)."""
    from engine.paohuzi.state import new_hand
    from engine.paohuzi.xiaguan import xiaguan_config

    for seed in range(8):
        h = new_hand(seed, xiaguan_config(), "three", False)
        held = [sum(h.hands[s]) + sum(len(g.cards) for g in h.open[s]) for s in range(zipai.PLAYERS)]
        assert held == [zipai.BANKER_CARDS] + [zipai.OTHER_CARDS] * (zipai.PLAYERS - 1)
        assert [len(x) for x in zipai.deal(seed).hands] == held


def test_the_table_names_the_groups_as_zipai_does():
    """The table's 下灌 names for its open groups are 字牌's group kinds, word for word."""
    from engine.paohuzi import xiaguan

    by_name = {(k.zh, k.en) for k in zipai.KINDS.values()}
    assert {xiaguan.GROUP_NAMES[k] for k in ("ti", "pao", "shun")} | {xiaguan.RED_BIAN, xiaguan.MIXED_BIAN} <= by_name
    assert xiaguan.GROUP_NAMES["ti"] == (zipai.KINDS["kaizhao"].zh, zipai.KINDS["kaizhao"].en)


@given(faces, st.sampled_from([("shunzi",), ("banbian",), ("erqishi",), ("shunzi", "banbian", "erqishi")]))
def test_partners_make_the_kinds_asked_for(card, kinds):
    """The one statement of which cards make a group with a card (read by the 跑胡子 lesson):
    every pair it gives makes a group of a kind asked for, with the card, by kind_of."""
    from engine.paohuzi.xiaguan import partners

    got = partners(card, kinds)
    assert len(set(got)) == len(got)
    assert all(kind_of((card, a, b)) in kinds for a, b in got)


def test_the_variant_under_the_readings_is_the_tables():
    """字牌's reading options move the flags of the table's own 下灌 variant, nothing else."""
    from dataclasses import replace

    assert zipai.rules_of(YeziConfig()) == zipai.XIAGUAN
    assert zipai.rules_of(YeziConfig(chi_forms="with_erqishi", xiahuo="separate", self_fourth="free")) == replace(
        zipai.XIAGUAN, chi_red_bian=True, xiahuo="separate", self_fourth="free")


def _kinds(groups) -> list[str]:
    return sorted(g["kind"] for g in groups)


def test_the_table_and_zipai_allow_a_pair_for_each_kaizhao():
    """Appendix 6 read once (docs/yezi/notes.md#pairs): beside two 开招 a hand may hold two pairs, at the 跑胡子 table's
    下灌 variant (its play, hu and waiting) as in 叶子戏's zipai-arrange; 跑胡子 itself keeps one pair in all."""
    from engine.api import handle

    # a seeded hand at the table: the dealer wins by 开招 (跑) beside another, with two pairs
    a = handle({"game": "paohuzi", "action": "play", "variant": "xiaguan", "seed": 15, "computer": [0, 1, 2]})
    win = a["result"]["win"]
    assert a["result"]["winner"] == 0 and [g["kind"] for g in win["groups"]].count("dui") == 2
    assert sum(len(g["cards"]) == 4 for g in win["groups"]) == 2
    check = a["result"]["check"]["hu"]
    assert handle(check)["wins"]  # the hand judged again by the hu action under the variant
    assert handle({k: v for k, v in check.items() if k != "variant"})["reasons"][0]["code"] == "incomplete"  # 跑胡子: one pair
    z = handle({"game": "yezi", "action": "zipai-arrange", "hand": [c for g in win["groups"] for c in g["cards"]]})
    assert z["complete"] and _kinds(z["groups"]).count("duizi") == 2

    # two 开招 on the table, two pairs in hand: every card a 顺子 wins on, and the win holds both pairs
    ti = [{"kind": "ti", "cards": [c] * 4} for c in ("x7", "x5")]
    hand = "x1 x1 d3 d3 d4 d5 d6 x8 x9 x10 d8 d9".split()
    hu = handle({"game": "paohuzi", "action": "hu", "variant": "xiaguan", "open": ti, "hand": hand, "card": "d10", "source": "shang"})
    assert hu["wins"] and _kinds(hu["best"]["groups"]) == ["dui", "dui", "shun", "shun", "shun", "ti", "ti"]
    waits = handle({"game": "paohuzi", "action": "waiting", "variant": "xiaguan", "open": ti, "hand": hand})["waits"]
    assert {"d7", "d10"} <= {w["card"] for w in waits}
    assert not handle({"game": "paohuzi", "action": "hu", "open": ti, "hand": hand, "card": "d10", "source": "shang"})["wins"]
    z = handle({"game": "yezi", "action": "zipai-arrange", "hand": ["x7"] * 4 + ["x5"] * 4 + hand + ["d10"]})
    assert z["complete"] and _kinds(z["groups"]) == ["duizi", "duizi", "kaizhao", "kaizhao", "shunzi", "shunzi", "shunzi"]
    # five pairs beside the two 开招: neither lays it out
    pairs = "x1 x1 d3 d3 d8 d8 x2 x2 x9 x9 d4 d5".split()
    assert not handle({"game": "paohuzi", "action": "hu", "variant": "xiaguan", "open": ti, "hand": pairs, "card": "d6",
                       "source": "shang"})["wins"]
    assert not handle({"game": "yezi", "action": "zipai-arrange", "hand": ["x7"] * 4 + ["x5"] * 4 + pairs + ["d6"]})["complete"]


def test_the_table_offers_only_the_default_pairs_reading_and_the_engine_follows_either():
    """The table has no option for the reading "any" (it plays the default, one pair for each 开招); the 跑胡子 engine's
    hu and waiting under that reading's rules (xiaguan.rules_of) agree with zipai-arrange under it."""
    from engine.api import handle
    from engine.paohuzi.groups import Group
    from engine.paohuzi.hu import evaluate, waiting

    ti = [{"kind": "ti", "cards": ["x7"] * 4}]
    hand = "x1 x1 d3 d3 x9 x9 d8 d8 d4 d5 d6 x2 x3 x4 d2 d7".split()  # with d10: one 开招, four pairs, 21 cards
    req = {"game": "paohuzi", "action": "hu", "variant": "xiaguan", "open": ti, "hand": hand, "card": "d10", "source": "shang"}
    assert not handle({**req, "options": {"pairs": "any"}})["ok"]  # no such option at the table
    assert not handle(req)["wins"]  # the default: one pair beside the one 开招
    for reading, complete in (("per_kaizhao", False), ("any", True)):
        cfg = YeziConfig(pairs=reading)
        z = handle({"game": "yezi", "action": "zipai-arrange", "hand": ["x7"] * 4 + hand + ["d10"], "options": {"pairs": reading}})
        assert z["complete"] is complete
        rules = zipai.rules_of(cfg)
        open_groups = [Group.of("ti", Z("x7 x7 x7 x7"), True)]
        v = evaluate(open_groups, Z(" ".join(hand)), parse_zi("d10"), "shang", rules)
        assert v.wins is complete
        assert (parse_zi("d10") in [f for f, _, _ in waiting(open_groups, Z(" ".join(hand)), rules)]) is complete
