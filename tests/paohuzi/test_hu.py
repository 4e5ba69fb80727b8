from dataclasses import replace
import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.paohuzi.cards import FACES, full_deck
from engine.paohuzi.config import DEFAULT
from engine.paohuzi.hu import evaluate, waiting

from .helpers import G, H

READY = H("d1 d2 d3 x1 x2 x3 x2 x7 x10 d5 d5 d5 x4 x5 x6 d8 d8 x9 x9 d9")
# 壹贰叁 一二三 二七十 伍伍伍(坎) 四五六 陆柒捌 + a pair of 玖
PAIR_WAIT = H("d1 d2 d3 x1 x2 x3 x2 x7 x10 d5 d5 d5 x4 x5 x6 d6 d7 d8 d9 d9")
# same, but the 坎 of 伍 waits for its fourth, the pair is 玖玖
KAN_WAIT = PAIR_WAIT


def ways(v):
    return v.best.ways if v.best else ()


def test_worked_hand():
    v = evaluate([], READY, H("x8")[0], "self")
    assert v.wins and ways(v) == ("bian_hu",)
    assert v.best.group_huxi == 18 and v.best.total == 21 and v.best.deng == 3
    other = evaluate([], READY, H("x8")[0], "shang")
    assert other.wins and other.best.total == 18 and other.best.deng == 2


def test_peng_and_wei_hu():
    peng = evaluate([], PAIR_WAIT, H("d9")[0], "xia")
    assert peng.wins and ways(peng) == ("peng_hu",) and peng.best.total == 18 + 3
    wei = evaluate([], PAIR_WAIT, H("d9")[0], "self")
    assert wei.wins and ways(wei) == ("wei_hu",) and wei.best.total == 18 + 6 + 3


def test_pao_hu_forced():
    v = evaluate([], KAN_WAIT, H("d5")[0], "shang")
    assert v.wins and ways(v) == ("pao_hu",)
    assert v.best.total == 18 - 6 + 9  # the 坎 (6) became a 跑 (9)
    assert any(g.kind == "pao" for g in v.best.groups)


def test_ti_hu():
    v = evaluate([], KAN_WAIT, H("d5")[0], "self")
    assert v.wins and ways(v) == ("ti_hu",)
    assert v.best.total == 18 - 6 + 12 + 3


def test_open_peng_becomes_pao():
    hand = H("d1 d2 d3 x1 x2 x3 x2 x7 x10 x4 x5 x6 d6 d7 d8 d9 d9")
    for src in ("self", "shang"):
        v = evaluate([G("peng", "d5 d5 d5")], hand, H("d5")[0], src)
        assert v.wins and ways(v) == ("pao_hu",)
        assert v.best.group_huxi == 6 + 3 + 3 + 9


PO = H("d5 d5 d5 d4 d6 d1 d2 d3 x1 x2 x3 x2 x7 x10 x4 x5 x6 d8 d9 d10")


def test_po_pao_but_not_po_ti():
    v = evaluate([], PO, H("d5")[0], "shang")
    assert v.wins and ways(v) == ("po_pao_hu",)
    assert any(g.kind == "kan" for g in v.best.groups)  # the 坎 stays whole
    t = evaluate([], PO, H("d5")[0], "self")
    assert not t.wins and "po_ti" in t.reasons


def test_must_wei():
    hand = H("d4 d4 d5 d6 x4 d1 d2 d3 x1 x2 x3 x2 x7 x10 d7 d8 d9 d10 d10 d10")
    v = evaluate([], hand, H("d4")[0], "self")
    assert not v.wins and v.reasons == ("must_wei",)
    o = evaluate([], hand, H("d4")[0], "shang")
    assert o.wins and ways(o) == ("shun_hu",)


TI = [G("ti", "d9 d9 d9 d9")]


def test_single_and_both_ends():
    single = H("d1 d2 d3 x1 x2 x3 x2 x7 x10 x4 x5 x6 d5 d6 d7 x9")
    v = evaluate(TI, single, H("x9")[0], "shang")
    assert v.wins and ways(v) == ("dan_diao_hu",) and v.best.total == 12 + 6 + 3 + 3
    ends = H("d1 d2 d3 x1 x2 x3 x2 x7 x10 d5 d5 d5 x5 x6 x7 x8")
    assert sorted(f.code for f, _, _ in waiting(TI, ends)) == ["x5", "x8"]
    for c in ("x5", "x8"):
        v = evaluate(TI, ends, H(c)[0], "shang")
        assert v.wins and ways(v) == ("liang_tou_hu",)


def test_qishou():
    v = evaluate([], READY, H("x8")[0], "liang")
    assert v.wins and ways(v) == ("qi_shou_hu", "bian_hu") and not v.best.zimo
    own = evaluate([], READY, H("x8")[0], "liang", replace(DEFAULT, liang="self"))
    assert own.best.zimo and own.best.total == 21
    late = evaluate([G("peng", "d4 d4 d4")], READY[:-3], H("x8")[0], "liang")
    assert "not_initial" in late.reasons


def test_discard_never_wins():
    v = evaluate([], READY, H("x8")[0], "discard")
    assert not v.wins and "not_from_stock" in v.reasons


def test_below_threshold():
    hand = H("d4 d5 d6 x4 x5 x6 x7 x8 x9 d7 d8 d9 x1 x2 x3 d1 d2 d3 x10 x10")
    v = evaluate([], hand, H("x10")[0], "shang")  # 碰 十: 3+6+1 = 10 戏
    assert not v.wins and v.reasons == ("below_threshold",)
    assert evaluate([], hand, H("x10")[0], "shang", replace(DEFAULT, threshold=10)).wins


def test_threshold_with_or_without_the_self_draw_bonus():
    hand = H("d4 d5 d6 x4 x5 x6 x7 x8 x9 d7 d8 d9 x1 x2 x3 d1 d2 d3 x10 x10")
    # 偎 十 (3): 3+6+3 = 12, +3 自摸 = 15
    assert evaluate([], hand, H("x10")[0], "self").wins
    assert not evaluate([], hand, H("x10")[0], "self", replace(DEFAULT, threshold_zimo="without")).wins


def test_two_pairs_never_win():
    two_ti = [G("ti", "d5 d5 d5 d5"), G("ti", "x5 x5 x5 x5")]
    hand = H("d1 d2 d3 x1 x2 x3 x2 x7 x10 d9 d9 x8")
    v = evaluate(two_ti, hand, H("x8")[0], "shang")
    assert not v.wins and "incomplete" in v.reasons


def test_card_count():
    # twelve cards make a whole layout (壹贰叁, three 坎) but are far from the twenty-one of a win
    v = evaluate([], H("d1 d2 d3 d5 d5 d5 d9 d9 d9 d10 d10"), H("d10")[0], "shang")
    assert not v.wins and v.best is not None and v.reasons == ("too_few",)
    # twenty-two with one ti: one more than the twenty-one a single ti allows
    w = evaluate([G("ti", "d4 d4 d4 d4")], H("d5 d5 d5 x2 x7 x10 x4 x5 x6 d8 d8 d8 d1 d2 d3 x1 x1"), H("x1")[0], "shang")
    assert not w.wins and "card_count" in w.reasons, w.reasons


# paohuzi.txt 2: twenty cards each, the twenty-first from the stock wins. 3-5: "如果有两次以上的“提”或“跑”，
# 都称为“重跑”。重跑不能打牌出去" — a 提/跑 after the first brings a card and no discard; a 前提 "在行牌之前开局的
# 时候就已经存在" brings none. So n four-groups allow 21 (all dealt) up to 20 + n cards (all made in play).

THREE_TI = [G("ti", "d1 d1 d1 d1"), G("ti", "d4 d4 d4 d4"), G("ti", "x9 x9 x9 x9")]


@pytest.mark.parametrize(
    "hand,card,ok",
    [
        ("d5 d5 d5 x2 x7 x10 x4 x5", "x6", True),  # 12 + 8 + 1 = 21: three 前提 from the deal
        ("d5 d5 d5 x2 x7 x10 x4 x5 x6 x8 x8", "x8", False),  # 24 would be a pair too many…
        ("d5 d5 d5 x2 x7 x10 x4 x5 x6 d8 d8 d8 d7", "d7", False),  # 26 > 23
        ("d5 d5 d5 x2 x7 x10 x4 x5 x6 d8", "d8", True),  # 23 = 20 + 3: every 提 made in play
    ],
)
def test_card_count_with_three_ti(hand, card, ok):
    v = evaluate(THREE_TI, H(hand), H(card)[0], "shang")
    assert v.wins is ok, v.reasons
    if not ok:
        assert "card_count" in v.reasons or "incomplete" in v.reasons


def test_card_count_range_is_what_the_winning_page_says():
    from engine.paohuzi.hu import REASONS, expected_count

    assert expected_count(THREE_TI, DEFAULT) == (21, 23)
    assert expected_count(THREE_TI[:1], DEFAULT) == (21, 21)
    assert expected_count([], DEFAULT) == (21, 21)
    assert "前提" in REASONS["card_count"][0] and "20 + n" in REASONS["card_count"][1]


def test_mixed_run_is_false_win():
    v = evaluate([G("shun", "d1 x2 d3")], READY[3:], H("x8")[0], "self")
    assert not v.wins and "mixed_shun" in v.reasons


def test_hidden_four_and_split_kan_are_false_wins():
    v = evaluate([], H("d9 d9 d9 d9 d1 d2 d3 x1 x2 x3 x2 x7 x10 x4 x5 x6 d5 d6 d7 x9"), H("x9")[0], "shang")
    assert "shi_ti" in v.reasons and not v.wins
    w = evaluate([G("peng", "d5 d5 d5")], H("d5 d1 d2 d3"), H("x8")[0], "shang")
    assert "chai_kan" in w.reasons


hands = st.lists(st.sampled_from(range(80)), min_size=16, max_size=21, unique=True).map(
    lambda idx: [full_deck()[i] for i in idx]
)


@settings(max_examples=120)
@given(hands)
def test_every_win_is_complete_with_at_most_one_pair(hand):
    for f, own, other in waiting([], hand):
        for w in (own, other):
            if w is None:
                continue
            assert sum(1 for g in w.groups if g.kind == "dui") <= 1
            assert sorted(c for g in w.groups for c in g.cards) == sorted(hand + [f])
            assert w.total >= DEFAULT.threshold and w.cards == 21


def test_a_variant_config_changes_the_pair_rule():
    # 下灌字牌-style: a pair counts only beside a four-of-a-kind
    from engine.paohuzi.arrange import arrange

    variant = replace(DEFAULT, pair_needs_quad=True)
    assert arrange(H("d1 d2 d3 x8 x8"))[0] == 6
    assert arrange(H("d1 d2 d3 x8 x8"), variant) is None
    assert arrange(H("d1 d2 d3 x8 x8 d9 d9 d9 d9"), variant)[0] == 18
    # in a winning hand the four on the table counts too
    hand = H("d1 d2 d3 x1 x2 x3 x2 x7 x10 x4 x5 x6 d5 d6 d7 x9")
    assert evaluate(TI, hand, H("x9")[0], "xia", variant).wins


def test_breaking_a_pao_from_an_open_peng_depends_on_the_reading():
    peng = [G("peng", "d5 d5 d5")]
    hand = H("d4 d6 d1 d2 d3 x1 x2 x3 x2 x7 x10 x4 x5 x6 d8 d9 d10")
    v = evaluate(peng, hand, H("d5")[0], "shang")
    assert v.wins and ways(v) == ("po_pao_hu",) and v.best.total == 3 + 6 + 3 + 3
    strict = evaluate(peng, hand, H("d5")[0], "shang", replace(DEFAULT, po_pao="hand"))
    assert not strict.wins and strict.reasons == ("must_pao",)
    # a 坎 in hand may be broken under both readings
    assert evaluate([], PO, H("d5")[0], "shang", replace(DEFAULT, po_pao="hand")).wins


def _triples():
    out = []
    for big in (False, True):
        row = [f for f in FACES if f.big == big]
        out += [[f] * 3 for f in row]
        out += [row[r:r + 3] for r in range(8)]
        out.append([row[1], row[6], row[9]])
    out += [[FACES[r], FACES[r], FACES[r + 10]] for r in range(10)]
    return out


TRIPLES = _triples()
ready_hands = st.lists(st.sampled_from(TRIPLES), min_size=7, max_size=7).flatmap(
    lambda groups: st.integers(0, 20).map(lambda k: [c for g in groups for c in g][:k] + [c for g in groups for c in g][k + 1:])
).filter(lambda h: max(h.count(f) for f in set(h)) <= 4)


@settings(max_examples=80)
@given(st.one_of(hands, ready_hands))
def test_waiting_list_agrees_with_checking_every_card(hand):
    listed = {f.code: (own, other) for f, own, other in waiting([], hand)}
    for f in FACES:
        if sum(1 for c in hand if c == f) >= 4:
            continue
        own = evaluate([], hand, f, "self")
        other = evaluate([], hand, f, "shang")
        if own.wins or other.wins:
            got_own, got_other = listed[f.code]
            assert (got_own.total if got_own else None) == (own.best.total if own.wins else None)
            assert (got_other.total if got_other else None) == (other.best.total if other.wins else None)
        else:
            assert f.code not in listed


def test_completes_says_exactly_when_evaluate_finds_a_layout():
    # the table's quick check before the full verdict (engine.paohuzi.state.PaohuziState.win_on) gives the same answer,
    # over near-complete hands with groups on the table, for every card, source and several readings
    import random

    from engine.paohuzi.cards import counts_of
    from engine.paohuzi.groups import Group, is_run
    from engine.paohuzi.hu import completes
    from engine.paohuzi.xiaguan import xiaguan_config

    rng = random.Random(19)
    cfgs = [DEFAULT, replace(DEFAULT, po_pao="hand", self_fourth="free"), replace(DEFAULT, xia_shun="forbid"), xiaguan_config()]
    agree = {True: 0, False: 0}
    for _ in range(25):
        groups = [list(rng.choice(TRIPLES)) for _ in range(rng.choice((6, 7)))]
        if rng.random() < 0.5:
            groups.append([rng.choice(FACES)] * 2)
        cards = [c for g in groups for c in g]
        if max(cards.count(f) for f in FACES) > 4:
            continue
        shown = []
        for g in groups[: rng.choice((0, 1, 2, 3))]:
            if len(g) != 3:
                continue
            if len(set(g)) == 1:
                kind = rng.choice(("peng", "wei", "pao", "ti")) if cards.count(g[0]) == 3 else rng.choice(("peng", "wei"))
                if kind in ("pao", "ti"):
                    g = g + [g[0]]
                    cards.append(g[0])
            else:
                kind = "shun" if is_run(tuple(g)) else "bian"
            shown.append(Group.of(kind, g, True))
            for c in g:
                cards.remove(c)
        hand = list(cards)
        if hand and rng.random() < 0.8:
            hand.remove(rng.choice(hand))
        counts = counts_of(hand)
        for f in FACES:
            for source in ("self", "shang", "xia", "discard"):
                for cfg in cfgs:
                    try:
                        v = evaluate(shown, (), f, source, cfg, hand_counts=counts)
                    except ValueError:
                        continue  # a group the reading does not know, or a fifth copy
                    got = completes(shown, counts, f, source, cfg)
                    assert got == (v.best is not None), (shown, hand, f, source, cfg)
                    agree[got] += 1
    assert agree[True] >= 100 and agree[False] >= 1000


def test_under_the_two_big_reading_of_banbian_no_win_lays_out_one_big_and_two_small():
    """字牌's reading banbian "two_big" (two_big_bian): a mixed 半边 is two big cards and one small, in a win as in a
    吃: the small 5 does not complete x5 x5 d5, where the big 5 still completes x5 d5 d5."""
    hand = H("x5 d5 d1 d1 d1 d2 d2 d2 d3 d3 d3 d4 d4 d4 d6 d6 d6 d7 d7 d7")
    two_big = replace(DEFAULT, two_big_bian=True)
    assert evaluate([], hand, H("x5")[0], "shang").wins
    assert not evaluate([], hand, H("x5")[0], "shang", two_big).wins
    assert evaluate([], hand, H("d5")[0], "shang", two_big).wins
