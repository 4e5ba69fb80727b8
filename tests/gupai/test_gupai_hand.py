from collections import Counter

from hypothesis import given, settings, strategies as st

from engine.gupai.config import GupaiConfig
from engine.gupai.hand import Move, State, computer_move, deal, jiao_singles, play_out
from engine.gupai.plays import classify
from engine.gupai.tiles import DECK

seeds = st.integers(0, 2**32)


@given(seeds, st.integers(0, 3))
def test_deal_conserves_tiles(seed, dealer):
    d = deal(seed, dealer)
    assert Counter(t for h in d.hands for t in h) == Counter(DECK)
    assert all(len(h) == 8 for h in d.hands) and len(d.stacks) == 16
    assert Counter(d.hands[dealer]) == Counter(d.stacks[0] + d.stacks[4] + d.stacks[8] + d.stacks[12])
    assert deal(seed, dealer) == d


@settings(max_examples=60)
@given(seeds, st.integers(0, 3), st.sampled_from(["trick", "stack"]))
def test_finished_hand_hands_out_all_tricks(seed, dealer, dun):
    cfg = GupaiConfig(dun=dun)
    s = play_out(State.start(seed, dealer, cfg))
    assert s.terminal and s.legal() == []
    assert sum(t.dun for t in s.tricks) == sum(s.held) == (8 if dun == "trick" else 16)
    laid = Counter(t for tr in s.tricks for _, m in tr.moves for t in m.tiles)
    assert laid == Counter(DECK)
    assert s.closer() == s.tricks[-1].winner
    if dun == "trick":
        assert sum(s.returns()) == 0


@settings(max_examples=30)
@given(seeds, st.integers(0, 3))
def test_seeded_replay(seed, dealer):
    s0 = State.start(seed, dealer)
    s = play_out(s0)
    moves = [m for tr in s.tricks for _, m in tr.moves]
    replay = play_out(s0, moves)
    assert replay == s and replay.returns() == s.returns()


@settings(max_examples=30)
@given(seeds, st.randoms(use_true_random=False))
def test_random_legal_play_keeps_invariants(seed, rnd):
    s = State.start(seed)
    for _ in range(40):
        if s.terminal:
            break
        s = s.apply(rnd.choice(s.legal()))
    assert s.terminal and sum(s.held) == 8 and sum(s.returns()) == 0


def test_leads_are_plays():
    s = State.start(1120)
    for m in s.legal():
        assert m.up and classify(m.tiles) is not None


def test_follow_same_count():
    s = State.start(7)
    lead = next(m for m in s.legal() if len(m.tiles) == 1)
    s = s.apply(lead)
    assert s.legal() and all(len(m.tiles) == 1 for m in s.legal())
    assert s.why_illegal(Move(s.hands[s.to_move][:2], False)) is not None


def test_face_down_never_wins():
    s = State.start(3)
    lead = min((m for m in s.legal() if len(m.tiles) == 1), key=lambda m: m.tiles)
    s = s.apply(lead)
    for _ in range(3):
        down = next(m for m in s.legal() if not m.up)
        s = s.apply(down)
    assert s.tricks[-1].winner == s.tricks[-1].leader


def test_illegal_moves_are_refused():
    s = State.start(5)
    hand = s.hands[s.to_move]
    other = next(t for t in DECK if t not in hand)
    assert s.why_illegal(Move((other,))) is not None
    assert s.why_illegal(Move((hand[0],), False)) is not None  # a lead is face up


def test_jiao_examples():
    # the source's examples: 长三、七点、人牌 -> a long tile; 长三、七点 -> 长三; 六点、和牌 -> 六点; 四六、八点 -> 四六
    assert set(jiao_singles(("33", "52", "44"))) == {"33", "44"}
    assert jiao_singles(("33", "52")) == ("33",)
    assert jiao_singles(("24", "13")) == ("24",)
    assert jiao_singles(("64", "62")) == ("64",)
    top = GupaiConfig(jiao_count="from_top")
    for h, want in ((("33", "52"), "33"), (("24", "13"), "24"), (("64", "62"), "64")):
        assert jiao_singles(h, top) == (want,)
    # where the readings part: 长二 and 三点 are both lowest from the bottom (有幺叫幺无幺叫点 -> 三点);
    # from the top 长二 is 7th, 三点 6th, so 长二 is smaller
    assert jiao_singles(("22", "21")) == ("21",) and jiao_singles(("22", "21"), top) == ("22",)
    assert jiao_singles(("65", "52", "11")) == ("65",)  # three classes: 有幺叫幺
    assert len(jiao_singles(("66", "11", "65", "52"))) == 4  # 四张乱劈柴


def test_computer_moves_are_legal():
    s = State.start(99)
    for _ in range(32):
        if s.terminal:
            break
        m = computer_move(s)
        assert m in s.legal()
        s = s.apply(m)
    assert s.terminal
