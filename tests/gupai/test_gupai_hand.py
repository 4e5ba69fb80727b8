from collections import Counter

from hypothesis import given, settings, strategies as st

from engine.gupai.config import GupaiConfig
from engine.gupai.hand import Move, deal, jiao_reason, jiao_singles
from engine.gupai.state import GupaiState, computer_move, move_id
from engine.protocol import open_state
from engine.gupai.scoring import can_seal
from engine.gupai.plays import classify
from engine.gupai.tiles import DECK

seeds = st.integers(0, 2**32)


def hand(seed, dealer=0, options=None, sealed=()):
    """A hand just dealt, opened from its written position."""
    return GupaiState({"seed": seed, "dealer": dealer, "options": options or {}, "sealed": list(sealed)})


def play(s, move):
    """``s`` after ``move`` (a :class:`Move`), played through the protocol."""
    s.apply(move_id(move))
    return s


@given(seeds, st.integers(0, 3))
def test_deal_conserves_tiles(seed, dealer):
    d = deal(seed, dealer)
    assert Counter(t for h in d.hands for t in h) == Counter(DECK)
    assert all(len(h) == 8 for h in d.hands) and len(d.stacks) == 16
    assert Counter(d.hands[dealer]) == Counter(d.stacks[0] + d.stacks[4] + d.stacks[8] + d.stacks[12])
    assert deal(seed, dealer) == d


@settings(max_examples=60)
@given(seeds, st.integers(0, 3))
def test_finished_hand_hands_out_all_tricks(seed, dealer):
    s = hand(seed, dealer).play_out()
    assert s.terminal and s.legal_moves() == [] and s.legal_actions() == []
    assert sum(t.dun for t in s.tricks) == sum(s.held) == 8
    laid = Counter(t for tr in s.tricks for _, m in tr.moves for t in m.tiles)
    assert laid == Counter(DECK)
    assert s.closer() == s.tricks[-1].winner
    assert sum(s.returns()) == 0


@settings(max_examples=30)
@given(seeds, st.integers(0, 3))
def test_seeded_replay(seed, dealer):
    s = hand(seed, dealer).play_out()
    assert s.actions == [move_id(m) for tr in s.tricks for _, m in tr.moves]
    replay = open_state(s.written())
    assert replay.tricks == s.tricks and replay.held == s.held and replay.returns() == s.returns()
    assert [replay.observation(p) for p in range(4)] == [s.observation(p) for p in range(4)]


@settings(max_examples=30)
@given(seeds, st.randoms(use_true_random=False))
def test_random_legal_play_keeps_invariants(seed, rnd):
    s = hand(seed)
    for _ in range(40):
        if s.terminal:
            break
        s = play(s, rnd.choice(s.legal_moves()))
    assert s.terminal and sum(s.held) == 8 and sum(s.returns()) == 0


def test_leads_are_plays():
    s = hand(1120)
    for m in s.legal_moves():
        assert m.up and classify(m.tiles) is not None


def test_follow_same_count():
    s = hand(7)
    lead = next(m for m in s.legal_moves() if len(m.tiles) == 1)
    s = play(s, lead)
    assert s.legal_moves() and all(len(m.tiles) == 1 for m in s.legal_moves())
    assert s.why_illegal(Move(s.hands[s.to_move][:2], False)) is not None


def test_face_down_never_wins():
    s = hand(3)
    lead = min((m for m in s.legal_moves() if len(m.tiles) == 1), key=lambda m: m.tiles)
    s = play(s, lead)
    for _ in range(3):
        down = next(m for m in s.legal_moves() if not m.up)
        s = play(s, down)
    assert s.tricks[-1].winner == s.tricks[-1].leader


def test_illegal_moves_are_refused():
    s = hand(5)
    tiles = s.hands[s.to_move]
    other = next(t for t in DECK if t not in tiles)
    assert s.why_illegal(Move((other,))) is not None
    assert s.why_illegal(Move((tiles[0],), False)) is not None  # a lead is face up


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
    s = hand(99)
    for _ in range(32):
        if s.terminal:
            break
        m = computer_move(s)
        assert m in s.legal_moves()
        s = play(s, m)
    assert s.terminal


def test_jiao_order_when_several_rules_apply():
    # line 33: a. 三张"有重叫重" comes before b. "有幺叫幺，无幺叫点"; either of the two of one class
    # may be led ("必须出其一张"); with two of one class, 叫小 leads the lower.
    h = ("66", "33", "65")  # two long tiles and an ace tile: a and b disagree
    assert set(jiao_singles(h)) == {"66", "33"}
    assert "有重叫重" in jiao_reason(h)[0]
    yao_first = GupaiConfig(jiao_order="yao_first")
    assert jiao_singles(h, yao_first) == ("65",)
    assert "有幺叫幺" in jiao_reason(h, yao_first)[0]
    # no ace tile, a points tile beside a long pair: under yao_first 无幺叫点 decides, and the reason names it
    h = ("11", "11", "21")
    assert jiao_singles(h, yao_first) == ("21",)
    assert "无幺叫点" in jiao_reason(h, yao_first)[0] and "有重叫重" not in jiao_reason(h, yao_first)[0]
    assert jiao_singles(("66", "22")) == ("22",)  # two of one class: the lower
    # two tiles: 叫小 before 有幺叫幺 ("若都排在倒数第几，就要遵循…"): 长二 (lowest long) before 幺六 (second ace)
    assert jiao_singles(("22", "61")) == ("22",)
    # the engine refuses the other single and says which rule, naming the tiles
    refused = 0
    for seed in range(40):
        s = hand(seed)
        while not s.terminal:
            tiles = s.hands[s.to_move]
            if not s.current and len(tiles) in (2, 3):
                for t in set(tiles) - set(jiao_singles(tiles)):
                    zh, en = s.why_illegal(Move((t,)))
                    assert "叫牌规则" in zh and "Lead rules" in en
                    refused += 1
            s = play(s, computer_move(s))
    assert refused > 5


def test_play_passes_in_seat_order():
    # the text names no direction; the engine passes play A→B→C→D from the leader
    s = hand(8, dealer=2).play_out()
    for tr in s.tricks:
        seats = [seat for seat, _ in tr.moves]
        assert seats == [(tr.leader + i) % 4 for i in range(4)]
    assert s.tricks[0].leader == 2


def test_computer_never_takes_a_trick_by_following_with_zhizun():
    # line 30: "至尊赏打不起任何牌": no trick is won by the supreme pair laid after the lead
    found = 0
    for seed in range(300):
        s = hand(seed).play_out()
        for tr in s.tricks:
            for i, (seat, m) in enumerate(tr.moves):
                if sorted(m.tiles) == ["21", "24"] and i > 0:
                    found += 1
                    assert not m.up and tr.winner != seat
    assert found > 0


def test_non_dealer_who_takes_the_lead_can_make_hard_bama():
    # line 30: "或其他闲家上手后打出的八张牌，另三家合起来都打不起" — seed 324: B (not the dealer)
    # takes the first trick from the dealer's lead and every trick after; nobody could beat him
    s = hand(324, dealer=0).play_out()
    st = s.settlement()
    assert s.closer() == 1 and st.held[1] == 8 and s.tricks[0].leader == 0
    assert st.bama == "hard" and st.nets == (-16, 48, -16, -16)


def test_bama_that_could_have_been_beaten_is_not_hard():
    # "打或垫自由自愿": a follower who could beat and discards instead leaves an ordinary 八马
    import random
    for seed in (2, 7):
        rnd = random.Random(seed)
        s = hand(seed)
        while not s.terminal:
            s = play(s, rnd.choice(s.legal_moves()))
        st = s.settlement()
        assert st.held[st.closer] == 8 and s.could_be_beaten(st.closer)
        assert st.bama == "plain" and st.multiplier == 2
        every = open_state({**s.written(), "options": {"hard_bama": "every"}})
        assert every.settlement().bama == "hard"


def test_heibama_in_play():
    # line 28: "在最后四张牌或以上结了牌，且含有赏" — seeds 39 and 65 end with such a run
    for seed in (39, 65):
        s = hand(seed, 0).play_out()
        st = s.settlement()
        f = s.facts()
        assert st.heibama and f.run_each >= 4 and set(f.run_tiles) & {"21", "24"}
        off = hand(seed, 0, {"heibama": "off"}).play_out().settlement()
        assert not off.heibama and off.nets[s.closer()] < st.nets[s.closer()]
        assert sum(st.nets) == 0


def test_sealed_seat_lays_no_tile():
    # line 34: "你把八张牌封存起来" — the sealed player is left out; the other three play eight tricks
    seed = next(x for x in range(200) if can_seal(deal(x).hands[2]))
    s = hand(seed, 0, sealed=(2,)).play_out()
    assert all(seat != 2 for tr in s.tricks for seat, _ in tr.moves)
    assert sum(t.dun for t in s.tricks) == sum(s.held) == 8 and s.held[2] == 0
    assert all(len(tr.moves) == 3 for tr in s.tricks)
    st = s.settlement()
    assert st.nets[2] == -4 and sum(st.nets) == 0
    import pytest
    bad = next(x for x in range(200) if not can_seal(deal(x).hands[1]))
    with pytest.raises(ValueError):
        hand(bad, 0, sealed=(1,))
    # a sealed dealer does not lead: the next seat does
    seed0 = next(x for x in range(400) if can_seal(deal(x).hands[0]))
    assert hand(seed0, 0, sealed=(0,)).to_move == 1


def test_a_copy_plays_on_without_changing_the_hand_it_was_copied_from():
    # the copy shares the hand's values (a move rebinds them): playing on it leaves the original as it was
    s = hand(11, dealer=1, options={"xiqian": "none"})
    for a in s.legal_actions()[:1]:
        s.apply(a)
    seen = [s.observation(p) for p in range(4)]
    written = s.written()
    c = s.clone()
    c.play_out()
    assert c.terminal and len(c.actions) > len(s.actions) and c.written()["options"] == {"xiqian": "none"}
    assert [s.observation(p) for p in range(4)] == seen and s.written() == written and not s.terminal
    assert open_state(c.written()).tricks == c.tricks
