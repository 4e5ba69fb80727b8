from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.paohuzi.cards import full_deck
from engine.paohuzi.state import apply, deal, legal_actions


def all_cards(state):
    out = list(state.stock)
    for _, s in state.seats:
        out += list(s.hand) + [c for g in s.open for c in g.cards]
    return out


@settings(max_examples=40)
@given(st.integers(0, 2**32))
def test_a_deal_is_the_whole_deck_and_replays(seed):
    d = deal(seed)
    assert d == deal(seed)
    assert Counter(all_cards(d)) == Counter(full_deck())
    assert len(d.stock) == 20
    for _, s in d.seats:
        assert len(s.hand) + sum(len(g.cards) for g in s.open) == 20
        assert all(v < 4 for v in Counter(s.hand).values())  # four alike are shown as 提


@settings(max_examples=40)
@given(st.integers(0, 2**32))
def test_shou_zhang_never_throws_a_kan_card(seed):
    d = deal(seed)
    acts = legal_actions(d)
    shou = [a for a in acts if a.kind == "shou"]
    pao = [a for a in acts if a.kind == "pao"]
    if pao:  # a non-dealer's 坎 must 跑 the 亮张 (notes#liang-pao): then the dealer takes nothing
        assert not shou and len(pao) == 1 and d.seat(pao[0].seat).hand.count(d.liang) == 3
        after = apply(d, pao[0])
        assert Counter(all_cards(after)) == Counter(full_deck()) and after.phase == "play"
    else:
        assert shou and all(a.kind in ("hu", "shou") for a in acts)  # taking it is not optional (notes#play-shou)
        hand = list(d.seat("zhuang").hand) + [d.liang]
        for a in shou:
            assert hand.count(a.card) < 3
        nxt = apply(d, shou[0])
        z = nxt.seat("zhuang")
        assert len(z.hand) + sum(len(g.cards) for g in z.open) == 20 and nxt.phase == "play"
        assert Counter(all_cards(nxt)) + Counter([nxt.discard]) == Counter(full_deck())
        assert legal_actions(nxt) == []
