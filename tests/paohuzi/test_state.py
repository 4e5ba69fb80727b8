from collections import Counter

from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine.paohuzi.cards import full_deck
from engine.paohuzi.config import DEFAULT
from engine.paohuzi.state import new_hand


def dealt_cards(o):
    """Every card of a hand as it was dealt: the seats' concealed cards, their 提 shown at the deal, the stock."""
    return [c for h in o.hands for c in h] + [c for t in o.ti for c in t for _ in range(4)] + list(o.stock)


@settings(max_examples=40)
@given(st.integers(0, 2**32))
def test_a_deal_is_the_whole_deck_and_replays(seed):
    o = new_hand(seed, DEFAULT, "three").opening
    assert o == new_hand(seed, DEFAULT, "three").opening
    assert Counter(dealt_cards(o)) == Counter(full_deck())
    assert len(o.stock) == 20 and o.liang == o.stock[-1]
    for hand, ti in zip(o.hands, o.ti):
        assert len(hand) + 4 * len(ti) == 20
        assert all(v < 4 for v in Counter(hand).values())  # four alike are shown as 提
    assert all(c not in o.hands[k] for k, t in enumerate(o.ti) for c in t)


@settings(max_examples=40)
@given(st.integers(0, 2**32))
@example(67)  # 上家 holds three of the 亮张: he must 跑 it
@example(269)  # a seat may win on the 亮张 and lets it go
def test_shou_zhang_never_throws_a_kan_card(seed):
    """The dealer's 收张: the cards the deal says he may discard are the discards the hand offers him once every
    seat that may win on the 亮张 has let it go; never a card he holds three of (with it); none when another seat
    must 跑 it (notes#liang-pao), and then that seat holds three of it."""
    h = new_hand(seed, DEFAULT, "three")
    o = h.opening
    while h.window is not None and h.window.origin == "liang" and h.pending() in o.hu:  # each who may win lets it go
        h.play(next(a for a in h.moves(h.pending()) if a.kind == "pass"))
    discards = {a.card for a in h.moves(h.pending())} if h.phase == "discard" else None
    taken = Counter(o.hands[0]) + Counter([o.liang])
    if o.pao is not None:  # 跑'd by that seat, who discards next
        assert o.shou == () and o.pao != 0 and Counter(o.hands[o.pao])[o.liang] == 3
        assert [e.seat for e in h.log if e.kind == "pao"] == [o.pao] and h.pending() == o.pao
    else:  # taken by the dealer, who discards next: never a card he holds three of
        assert o.shou and set(o.shou) == {c for c, n in taken.items() if n < 3}
        assert h.pending() == 0 and discards == set(o.shou)
