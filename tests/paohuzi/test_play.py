"""The table state machine: seeded hands with random lawful moves and with computer players, both games."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.api import handle
from engine.paohuzi.ai import choose
from engine.paohuzi.state import PaohuziState, new_hand
from engine.paohuzi.cards import FACES, full_deck
from engine.paohuzi.seating import TABLES
from engine.paohuzi.xiaguan import xiaguan_config
from engine.paohuzi.config import DEFAULT
from .helpers import narrate_steps
from engine.paohuzi.table import Foul

DECK = Counter(full_deck())
CONFIGS = {"paohuzi": DEFAULT, "xiaguan": xiaguan_config()}


def holdings(h: PaohuziState) -> tuple[int, dict[int, tuple[str, int]]]:
    """What would force a 跑/提/偎 of each face now: (log length, face -> kan | wei | peng | pair)."""
    held: dict[int, tuple[str, int]] = {}
    for s in range(h.n):
        for i, n in enumerate(h.hands[s]):
            if n == 3:
                held[i] = ("kan", s)
        for g in h.open[s]:
            if g.kind in ("wei", "peng"):
                held[g.cards[0].index] = (g.kind, s)
    return len(h.log), held


def check_invariants(h: PaohuziState, before=None) -> None:
    """Every card accounted for; every compulsory move made (none can be seen skipped)."""
    assert Counter(h.all_cards()) == DECK
    for s in range(h.n):
        assert max(h.hands[s]) < 4, "four alike in a hand must be shown as 提"
        # 重跑不打牌: at rest a seat holds 20 cards, one more for each 提/跑 after the first
        # (a dealt second 提 is owed: the seat's next discard is skipped); so a win has 21 + that
        if not (h.phase == "discard" and h.turn == s) and not h.over:
            total = sum(h.hands[s]) + sum(len(g.cards) for g in h.open[s])
            expected = h.cfg.hand_size + max(0, h.quads[s] - 1) - h.skips[s]
            # and one more for each time its hand was empty when it should have discarded (an empty hand
            # stays empty: a 偎 that emptied it can still become a 跑, skipped again)
            emptied = sum(1 for e in h.log if e.kind == "skip" and e.seat == s and "无牌" in e.zh)
            assert total == expected + emptied, (s, total, expected, emptied)
    if before is None:
        return
    n0, held = before
    held = dict(held)
    for e in h.log[n0:]:
        if e.kind == "discard" and held.get(e.card.index) == ("kan", e.seat):
            del held[e.card.index]  # he broke his own 坎 (nothing else left to discard): two are left, no 跑 owed
        if e.kind != "let_go":
            continue
        i = e.card.index
        what, holder = held.get(i, ("", -1))
        if holder == e.seat and e.origin == "discard":
            continue  # he broke his own 坎: only when nothing else was left to discard (see the notes)
        assert what not in ("kan", "wei"), f"a fourth card let go past a {what}: missed 跑/提"
        if e.origin == "stock":
            assert what != "peng", "a stock card let go past a 碰: missed 跑"
            assert h.hands[e.seat][i] != 2, "a card turned by a player holding a pair of it was let go: missed 偎"


def play_random(h: PaohuziState, rnd) -> list:
    moves = []
    while not h.over:
        s = h.pending()
        acts = h.moves(s)
        assert acts, "the seat to move always has a lawful move"
        for a in acts:
            if a.kind in ("chi", "peng"):
                assert a.card.index not in h.chou[s], "a passed card is never offered again"
        a = acts[rnd.randrange(len(acts))]
        before = holdings(h)
        h.play(a)  # never a Foul: every offered move is lawful
        moves.append(a)
        check_invariants(h, before)
    return moves


@settings(max_examples=400)
@given(st.integers(0, 2**32), st.sampled_from(sorted(TABLES)), st.sampled_from(sorted(CONFIGS)), st.randoms(use_true_random=False))
def test_random_lawful_moves_keep_every_card_and_replay(seed, table, game, rnd):
    h = new_hand(seed, CONFIGS[game], table)
    check_invariants(h)
    moves = play_random(h, rnd)
    again = new_hand(seed, CONFIGS[game], table)
    for a in moves:
        again.play(a)
    assert [e.zh for e in again.log] == [e.zh for e in h.log]
    assert again.result == h.result


@settings(max_examples=300)
@given(st.integers(0, 2**32), st.sampled_from(sorted(TABLES)), st.sampled_from(sorted(CONFIGS)))
def test_computer_hands_are_lawful_and_score_as_hu_and_settle(seed, table, game):
    variant = game
    req = {"game": "paohuzi", "action": "play", "variant": variant, "seed": seed, "table": table, "computer": [0, 1, 2][: TABLES[table][0]]}
    a = handle(req)
    assert a["ok"] and a["over"]
    assert handle(req) == a  # replays identical
    r = a["result"]
    assert sum(r["sheet"]["scores"].values()) == 0
    check = r["check"]
    s = handle(check["settle"])
    assert s["ok"]
    if r["winner"] is not None:
        hu = handle(check["hu"])
        assert hu["ok"] and hu["wins"], hu
        assert hu["best"]["total"] == r["win"]["total"] and hu["best"]["score"] == r["win"]["score"]
    assert s["scores"] == r["sheet"]["scores"]
    # every seat's hand is shown once the hand is over
    assert all(seat["hand"] is not None for seat in a["seats"])


@settings(max_examples=100)
@given(st.integers(0, 2**32), st.sampled_from(sorted(CONFIGS)))
def test_computer_players_keep_the_invariants(seed, game):
    h = new_hand(seed, CONFIGS[game], "four")
    while not h.over:
        before = holdings(h)
        h.play(choose(h, h.pending()))
        check_invariants(h, before)


def test_thousand_computer_hands_each_game():
    wins = Counter()
    for game, cfg in CONFIGS.items():
        for seed in range(250):
            h = new_hand(seed, cfg, "three")
            while not h.over:
                h.play(choose(h, h.pending()))
            assert Counter(h.all_cards()) == DECK
            wins[(game, h.result.winner is not None)] += 1
    # computer players win most hands (they take every win offered)
    assert wins[("paohuzi", True)] > 125 and wins[("xiaguan", True)] > 75


def _find(pred, tables=("three",), seeds=range(400), randomly=False):
    import random

    for seed in seeds:
        rnd = random.Random(seed)
        for table in tables:
            h = new_hand(seed, DEFAULT, table)
            while not h.over:
                got = pred(h)
                if got is not None:
                    return h, got
                acts = h.moves(h.pending())
                h.play(acts[rnd.randrange(len(acts))] if randomly else choose(h, h.pending()))
    raise AssertionError("no such state in the seeds tried")


def test_a_kan_card_is_never_discarded():
    def pred(h):
        s = h.pending()
        if h.phase == "discard":
            k = next((i for i, n in enumerate(h.hands[s]) if n == 3), None)
            if k is not None:
                return s, FACES[k]
        return None

    h, (s, card) = _find(pred)
    from engine.paohuzi.table import Action

    with pytest.raises(Foul) as e:
        h.play(Action(s, "discard", card))
    assert e.value.code == "kan" and "拆对不拆坎" in e.value.zh and "never split" in e.value.en


def test_no_chi_across_the_table_and_no_win_on_a_discard():
    from engine.paohuzi.table import Action

    def pred(h):
        w = h.window
        if w is not None and w.origin == "discard" and w.steps:
            return w
        return None

    h, w = _find(pred)
    across = (w.owner + 2) % 3
    with pytest.raises(Foul) as e:
        h.play(Action(across, "hu", w.card))
    assert e.value.code == "hu_di"
    if h.pending() != across:
        with pytest.raises(Foul) as e2:
            h.play(Action(across, "chi", w.card, ((w.card, w.card, w.card),)))
        assert e2.value.code in ("ge_shan", "peng_first", "chou_zhang")


def test_a_passed_card_is_never_pengd_again():
    def pred(h):
        for s in range(h.n):
            for i in h.chou[s]:
                if h.hands[s][i] == 2:
                    return s, i
        return None

    h, (s, i) = _find(pred, randomly=True)
    # from now on, no offer of peng or chi of that card to that seat
    while not h.over:
        for a in h.moves(h.pending()):
            assert not (a.seat == s and a.kind in ("peng", "chi") and a.card.index == i)
        h.play(choose(h, h.pending()))


def test_two_dealt_ti_skip_the_first_discard():
    # 重跑不打牌 (3-5): a seat dealt two 前提 does not discard the first time it would. The first
    # five seeded hands with such a seat that reach its turn are checked (a hand won before it is not).
    checked = 0
    for seed in range(20_000):
        h = new_hand(seed, DEFAULT, "three")
        two = [s for s in range(3) if h.quads[s] >= 2]
        if not two:
            continue
        s = two[0]
        while not h.over:
            h.play(choose(h, h.pending()))
        turns = [e.kind for e in h.log if e.seat == s and e.kind in ("skip", "discard")]
        if not turns:
            continue  # the hand ended before this seat's first turn
        assert turns[0] == "skip", (seed, turns)
        checked += 1
        if checked == 5:
            break
    assert checked == 5, "fewer than five hands with two 前提 reach that seat's turn"


def test_api_refuses_a_foul_with_the_rule_and_keeps_the_state():
    a = handle({"game": "paohuzi", "action": "play", "seed": 7, "table": "four"})
    assert a["ok"] and a["phase"] == "discard" and a["to_move"] == 0
    held = Counter(a["seats"][0]["hand"])
    kan = [c for c, n in held.items() if n >= 3]
    card = kan[0] if kan else "x1" if "x1" not in held else None
    if card is None:
        card = next(c.code for c in FACES if c.code not in held)
    b = handle({"game": "paohuzi", "action": "play", "seed": 7, "table": "four", "actions": [{"kind": "discard", "card": card}]})
    assert b["ok"] and b["refused"] is not None and b["refused"]["zh"] and b["refused"]["en"]
    assert b["seats"][0]["hand"] == a["seats"][0]["hand"] and b["log"] == a["log"]


def test_others_concealed_cards_are_hidden_until_the_end():
    a = handle({"game": "paohuzi", "action": "play", "seed": 12, "table": "four"})
    assert a["seats"][0]["hand"] is not None
    assert a["seats"][1]["hand"] is None and a["seats"][2]["hand"] is None
    for seat in a["seats"][1:]:
        for g in seat["open"]:
            if g["face"] == "down":
                assert g["cards"] == [None, None, None]


def test_bad_input_is_an_error_in_words():
    for req in ({"table": "five"}, {"seed": -1}, {"actions": "x"}, {"actions": [{"kind": "fly"}]}, {"birds": 2, "table": "three"}):
        r = handle({"game": "paohuzi", "action": "play", **req})
        assert r["ok"] is False and r["error"]["zh"] and r["error"]["en"]
        assert "_" not in r["error"]["en"]


@settings(max_examples=150)
@given(st.integers(0, 2**32), st.sampled_from(sorted(TABLES)), st.randoms(use_true_random=False))
def test_fouls_played_in_charge_mode_are_charged_through_settle(seed, table, rnd):
    """Replays may break rules: each foul the booklet penalises is played, noted and charged; the sheet is settle's."""
    from engine.paohuzi.views import result_json
    from engine.paohuzi.table import Action

    h = new_hand(seed, DEFAULT, table, charge=True)
    while not h.over:
        s = h.pending()
        acts = h.moves(s)
        w = h.window
        tries = []
        if h.phase == "discard":
            tries = [Action(s, "discard", FACES[i]) for i, n in enumerate(h.hands[s]) if n == 3]
        elif w is not None:
            tries = [Action(s, "pass", w.card), Action(s, "hu", w.card), Action(s, "peng", w.card)]
            tries += [Action(s, "chi", w.card, g) for g in h.chi_ways(s, w, ignore_chou=True)]
        tries = [a for a in tries if a not in acts]
        if tries and rnd.random() < 0.15:
            a = tries[rnd.randrange(len(tries))]
            n = len(h.fouls[s])
            try:
                h.play(a)
                assert len(h.fouls[s]) == n + 1  # a foul played is always noted
            except Foul as f:
                assert f.zh and f.en and len(h.fouls[s]) == n
            assert Counter(h.all_cards()) == DECK
            continue
        h.play(acts[rnd.randrange(len(acts))])
        assert Counter(h.all_cards()) == DECK
    r = result_json(h, table)
    assert sum(r["sheet"]["scores"].values()) == 0
    st_ = handle(r["check"]["settle"])
    assert st_["ok"] and st_["scores"] == r["sheet"]["scores"]
    if r["winner"] is not None and any(h.fouls[r["winner"]]):
        assert r["sheet"]["hu_valid"] is False  # a winner's foul voids the win (F)
        if DEFAULT.foul_win == "zha_hu":
            role, others = h.role(r["winner"]), len(r["sheet"]["scores"]) - 1
            assert any(line["delta"].get(role) == -10 * others for line in r["sheet"]["lines"])  # penalty A


def test_settle_at_three_and_two_seats_sums_to_zero_and_names_no_counter():
    for table, seats in (("three", ["zhuang", "xia", "shang"]), ("two", ["zhuang", "xia"])):
        a = handle({"game": "paohuzi", "action": "settle", "table": table, "winner": "xia", "huxi": 21, "penalties": [{"seat": "zhuang", "kind": "shao_bi"}]})
        assert a["ok"] and a["seats"] == seats and sum(a["scores"].values()) == 0
        assert all("counter" not in ln["en"] for ln in a["lines"])
    bad = handle({"game": "paohuzi", "action": "settle", "table": "two", "winner": "shang", "huxi": 21})
    assert bad["ok"] is False


def test_the_dealers_liang_is_one_reading_in_deal_hu_and_play():
    """Issue: the dealer's 亮张 was a 坎 when taken (deal) but a 碰 in a win on it (hu). Now a 坎 in both."""
    from engine.paohuzi.cards import parse_card
    from engine.paohuzi.groups import Group
    from engine.paohuzi.hu import evaluate

    hand = [parse_card(x) for x in "d1 d2 d3 x1 x2 x3 x2 x7 x10 d5 d5 d5 x4 x5 x6 d8 d8 x9 x9 d9".split()]
    mine = evaluate([], hand, parse_card("d8"), "liang_zhuang")
    other = evaluate([], hand, parse_card("d8"), "liang")
    assert mine.wins and any(g.kind == "kan" and g.cards[0] == parse_card("d8") for g in mine.best.groups)
    assert other.wins and any(g.kind == "peng" for g in other.best.groups)
    assert mine.best.total == other.best.total + 3  # big 坎 6 against big 碰 3
    # the other reading: the dealer's pair and the 亮张 make a 碰 too
    peng = evaluate([], hand, parse_card("d8"), "liang_zhuang", DEFAULT.with_options({"liang_kan": "peng"}))
    assert peng.best.total == other.best.total
    # the hand dealt: who may win on the 亮张 (the deal's record, the moves offered) and for how much, the dealer's
    # win read as his own card (liang_zhuang), the others' as an open stock card
    for seed in range(300):
        h = new_hand(seed, DEFAULT, "three")
        o = h.opening
        on_liang = h.window is not None and h.window.origin == "liang"  # the table still asks about the 亮张
        assert on_liang == bool(o.hu)
        for k in range(3):
            dealt = evaluate([Group.of("ti", [c] * 4, True) for c in o.ti[k]], list(o.hands[k]), o.liang, "liang_zhuang" if k == 0 else "liang")
            assert dealt.wins == (k in o.hu)
            if on_liang:
                v = h.verdict(k, h.window)
                assert v.wins == dealt.wins and (not v.wins or v.best.total == dealt.best.total)
                assert h.pending() != k or any(a.kind == "hu" for a in h.moves(k)) == v.wins


def _random_hands(count=300, table="three", cfg=DEFAULT):
    import random

    for seed in range(count):
        rnd = random.Random(seed)
        h = new_hand(seed, cfg, table)
        yield h, rnd


def test_chi_shows_every_copy_held_bi_and_a_chi_without_bi_is_refused():
    from engine.paohuzi.table import Action

    seen = 0
    for h, rnd in _random_hands(200):
        while not h.over:
            s = h.pending()
            acts = h.moves(s)
            w = h.window
            chis = [a for a in acts if a.kind == "chi"]
            if chis and h.hands[s][w.card.index] > 0:
                held = h.hands[s][w.card.index]
                for a in chis:
                    copies = sum(g.count(w.card) for g in a.groups)
                    assert copies == held + 1  # 比牌: every copy held goes down too (一吃两比 with two)
                multi = [a for a in chis if len(a.groups) >= 2]
                if multi:
                    with pytest.raises(Foul) as e:
                        h.play(Action(s, "chi", w.card, multi[0].groups[:1]))
                    assert e.value.code == "shao_bi" and "烧比" in e.value.zh
                    seen += 1
            h.play(acts[rnd.randrange(len(acts))])
    assert seen > 5


def test_ti_shows_bottom_or_top_card_and_a_discard_never_paos_onto_a_peng():
    fronts = backs = discards_past_peng = 0
    for h, rnd in _random_hands(300):
        for s in range(h.n):
            for g in h.open[s]:
                if g.kind == "pao":  # a 坎 that met the 亮张 (notes#liang-pao): the only other group at the start
                    assert s != 0 and any(e.kind == "liang" and e.card == g.cards[0] for e in h.log)
                    continue
                assert g.kind == "ti" and g.face == "bottom"  # 前提 at the deal: bottom card face up
                fronts += 1
        while not h.over:
            w = h.window
            if w is not None and w.origin == "discard":
                for s in range(h.n):
                    if any(g.kind == "peng" and g.cards[0] == w.card for g in h.open[s]):
                        assert (s, "forced") not in w.steps  # 手中打出的就不成跑
                        discards_past_peng += 1
            acts = h.moves(h.pending())
            h.play(acts[rnd.randrange(len(acts))])
            for s in range(h.n):
                for g in h.open[s]:
                    if g.kind == "ti" and g.face == "top":
                        backs += 1
    assert fronts and backs and discards_past_peng


def test_a_passed_pengs_card_drawn_later_is_a_shown_wei():
    found = 0
    for h, rnd in _random_hands(400):
        while not h.over:
            acts = h.moves(h.pending())
            h.play(acts[rnd.randrange(len(acts))])
            for e in h.log[-4:]:
                if e.kind == "wei" and e.rule == "chou_wei":
                    g = next(g for g in h.open[e.seat] if g.kind == "wei" and g.cards[0] == e.card)
                    assert g.face == "one" and not e.hidden
                    found += 1
    assert found


@pytest.mark.parametrize("table,birds", [("four", 0), ("four", 2), ("three", 0), ("two", 0)])
def test_a_match_from_one_seed(table, birds):
    req = {"game": "paohuzi", "action": "play", "seed": 5, "table": table, "computer": [0, 1, 2], "birds": birds, "match": {"hands": 6}}
    a = handle(req)
    assert a["ok"] and a == handle(req)
    m = a["match"]
    assert m["over"] and len(m["sheet"]) == 6 and m["ranking"]
    if not birds:
        assert all(sum(row["scores"]) == 0 for row in m["sheet"])
    assert sum(p["total"] for p in m["players"]) + sum(b["total"] for b in m["birds"]) == 0
    for prev, nxt in zip(m["sheet"], m["sheet"][1:]):
        if prev["winner"] is not None:
            assert nxt["dealer"] == prev["winner"]  # 抢庄
        elif table == "four":
            assert nxt["dealer"] == prev["dealer"]  # after 荒, the dealer deals again
        else:
            assert nxt["dealer"] != prev["dealer"]  # 荒牌荒庄
        if table == "four":
            assert nxt["xing"] not in (None, nxt["dealer"])


def test_bird_seat_follows_the_last_stock_card():
    from engine.paohuzi.birds import BIRD_SEAT

    assert [BIRD_SEAT[r] for r in range(1, 11)] == ["zhuang", "xia", "xing", "shang", "zhuang", "xia", "xing", "shang", "zhuang", "xia"]


@pytest.mark.parametrize("option", ["two_hu=most", "claim_rank=seat", "liang_kan=peng", "foul_win=own", "liang=self", "xia_shun=forbid",
                                    "po_pao=hand", "void_hu=huang", "two_players=aside", "threshold=10", "threshold_zimo=without",
                                    "deng_base=threshold", "claim_kan=allow", "chi_shang_draw=allow", "liang_pao=dealer"])
def test_every_option_is_a_playable_reading_that_settles_to_zero(option):
    key, value = option.split("=")
    for table in ("four", "two"):
        for seed in range(12):
            req = {"game": "paohuzi", "action": "play", "seed": seed, "table": table, "computer": [0, 1, 2], "options": {key: value}}
            a = handle(req)
            assert a["ok"] and a["over"], a.get("error")
            assert sum(a["result"]["sheet"]["scores"].values()) == 0
            s = handle(a["result"]["check"]["settle"])
            assert s["scores"] == a["result"]["sheet"]["scores"]


def test_narration_of_a_whole_hand_move_by_move():
    for variant in ("paohuzi", "xiaguan"):
        steps = narrate_steps(4, "four" if variant == "paohuzi" else "three", variant=variant)
        assert steps[0]["move"] is None and steps[-1]["result"]["sheet"]["scores"]
        ns = [e["n"] for st in steps for e in st["events"]]
        assert ns == list(range(1, len(ns) + 1))  # every log line once, in order
        assert all(e["rule"]["section"] and e["rule"]["zh"] and e["rule"]["en"] for st in steps for e in st["events"])
        for step in steps:
            cards = [c for s in step["table"]["seats"] for c in s["hand"]]
            cards += [c for s in step["table"]["seats"] for g in s["open"] for c in g["cards"]]
            assert None not in cards  # the narration shows everything


def test_two_winners_on_one_card_are_asked_in_turn_order_or_by_value():
    from engine.paohuzi.cards import counts_of, parse_card

    def counts(codes):
        return counts_of([parse_card(c) for c in codes.split()])

    ready_a = "d1 d2 d3 x1 x2 x3 x2 x7 x10 d5 d5 d5 x4 x5 x6 d8 d8 x9 x9 d9"  # waits on 大捌 (碰胡)
    ready_b = "d6 d7 d1 d2 d3 x4 x5 x6 x7 x8 x9 d2 d7 d10 d9 d9 d9 d4 d4 d4"  # waits on 大捌 (顺胡), worth more
    for two_hu, first in (("order", 1), ("most", 2)):
        h = new_hand(0, DEFAULT.with_options({"two_hu": two_hu}), "three")
        h.hands[1], h.hands[2] = counts(ready_a), counts(ready_b)
        h.open = [[], [], []]
        h.offer(parse_card("d8"), 0, "stock")
        hus = [s for s, k in h.window.steps if k == "hu"]
        assert hus[0] == first and set(hus) == {1, 2}
        b1, b2 = h.verdict(1, h.window).best, h.verdict(2, h.window).best
        assert (b2.score, b2.total) > (b1.score, b1.total)


def test_a_win_comes_before_anothers_pao_or_peng_unless_claims_go_by_seat():
    from engine.paohuzi.cards import counts_of, parse_card

    ready = counts_of([parse_card(c) for c in "d6 d7 x1 x2 x3 x4 x5 x6 x7 x8 x9 d2 d7 d10 x10 x10 x10 d4 d4 d4".split()])
    three = counts_of([parse_card(c) for c in "d8 d8 d8 x1 x5".split()])
    for rank, hu_asked in (("hu", True), ("seat", False)):
        h = new_hand(0, DEFAULT.with_options({"claim_rank": rank}), "three")
        h.hands[1], h.hands[2] = three, ready  # the next player must 跑 the 大捌; the previous one can win on it
        h.open = [[], [], []]
        h.offer(parse_card("d8"), 0, "stock")
        steps = h.window.steps
        assert ((2, "hu") in steps) == hu_asked
        assert (1, "forced") in steps


@pytest.mark.parametrize("variant,seed", [("paohuzi", 7), ("paohuzi", 21), ("xiaguan", 3)])
def test_hint_is_always_a_lawful_move_and_plays_a_whole_hand(variant, seed):
    """Following the hint (the computer's choice in the reader's place) plays a hand to its end."""
    from engine.api import handle

    moves: list[dict] = []
    for _ in range(300):
        a = handle({"game": "paohuzi", "action": "play", "variant": variant, "seed": seed, "table": "three", "actions": moves})
        assert a["ok"] and a["refused"] is None
        if a["over"]:
            break
        if a["actions"]:
            assert a["hint"]["id"] in {x["id"] for x in a["actions"]}
            moves.append({"id": a["hint"]["id"]})
        else:
            assert a["hint"] is None
    assert a["over"]


def test_the_hint_says_why_in_both_languages_and_each_chi_says_what_it_keeps():
    """The hint explains what the computer weighs; each way to 吃 says what it keeps or gives up — sentences, never identifiers."""
    import re

    from engine.paohuzi.ai import choose
    from engine.paohuzi.views import view
    from tests.platform.test_plain_words import identifiers

    han = re.compile(r"[\u4e00-\u9fff]")
    seen: set[str] = set()
    several = 0
    for seed in range(1, 13):
        h = new_hand(seed, DEFAULT, "four")
        for _ in range(400):
            s = h.pending()
            if s is None:
                break
            v = view(h, s, frozenset(), "four", "paohuzi")
            if v["actions"]:
                why = v["hint"]["why"]
                assert han.search(why["zh"]) and why["en"] and not han.search(why["en"]), why
                assert not identifiers(why["zh"]) and not identifiers(why["en"]), why
                chis = [x for x in v["actions"] if x["kind"] == "chi"]
                for x in chis:
                    assert x["note"]["zh"].startswith("组成") and x["note"]["en"].startswith("it makes"), x
                    assert not identifiers(x["note"]["en"]) and not han.search(x["note"]["en"])
                several += len(chis) > 1
                seen.add(v["hint"]["kind"] + ("+chi" if chis else ""))
                if v["hint"]["kind"] == "discard" and len(h.stock) > 10 and not v["hint"]["card"].startswith("d"):
                    assert "宁小勿大" in why["zh"] and "small before big" in why["en"]
            h.play(choose(h, s))
    # the reasons were seen for a discard, a 吃 taken, a 吃 let go and a 碰, and for offers of several ways to 吃
    assert {"discard", "chi+chi", "pass+chi", "peng"} <= seen, seen
    assert several
