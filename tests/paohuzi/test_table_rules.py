"""Issue 16: the table rules a 跑胡子 player checks first, each written from the booklet's words.

§3-1 "第一次没有碰的牌，第二次就不能再碰了" · §3-2 "同样的牌第一次没有吃，第二次出现的时候就不能再吃了" ·
下灌 appendix "也不准碰过张", "吃牌只能吃上家打出的牌" · §3-3 拆对不拆坎 · §3-4 "出现第四张…就必须合成一跑" ·
§1-1 "四人分别从其余牌中任意抽取一张比点…最小为小一" · §6 "21 戏＝ 3 等" · §1-3 "以增加胡牌难度".
"""

import random
from collections import Counter

from engine.api import handle
from engine.paohuzi.ai import choose
from engine.paohuzi.state import PaohuziState, new_hand
from engine.paohuzi.cards import full_deck, parse_card
from engine.paohuzi.config import DEFAULT
from engine.paohuzi.match import draw_seats
from engine.paohuzi.request import parse_action
from engine.paohuzi.views import cannot_json
from engine.paohuzi.xiaguan import xiaguan_config
from engine.paohuzi.table import Window, action_id

from .helpers import mk


def play(**kw):
    r = handle({"game": "paohuzi", "action": "play", **kw})
    assert r.get("ok", True) is not False, r
    return r


def follow(seed: int, table: str, seat: int, actions: list, variant: str = "paohuzi", options: dict | None = None, stop=None) -> PaohuziState:
    """The hand ``play`` builds for these actions (computers in every other seat); ``stop(h)`` ends early."""
    cfg = DEFAULT.with_options(options or {})
    if variant == "xiaguan":
        cfg = xiaguan_config(cfg)
    h = new_hand(seed, cfg, table)
    comp = frozenset(s for s in range(h.n) if s != seat)
    def stopped() -> bool:
        return stop is not None and stop(h)

    for k, item in enumerate(actions):
        while not h.over and h.pending() in comp and not stopped():
            h.play(choose(h, h.pending()))
        if stopped():
            return h
        h.play(parse_action(h, item, k))
    while not h.over and h.pending() in comp and stop is None:
        h.play(choose(h, h.pending()))
    return h


def finish_checking_no_second_chance(h: PaohuziState, seat: int, card: str) -> int:
    """Play the hand out (computers everywhere); ``seat`` is never offered a 碰 or 吃 of ``card``. Returns the
    number of times the card came up again while ``seat`` was at the table."""
    c = parse_card(card)
    again = 0
    while not h.over:
        w = h.window
        if w is not None and w.card == c and h.phase == "claim":
            again += 1
            assert (seat, "peng") not in w.steps and (seat, "chi") not in w.steps
            assert not h.chi_ways(seat, w) and h.claim_foul(seat, w, "peng") is not None
        h.play(choose(h, h.pending()))
    return again


# the positions of seeds 6 and 18 were written when the 下家 could 吃 his 上家's stock card (notes#play-order):
# they are played under that reading, which they name
SHANG_DRAW = {"chi_shang_draw": "allow"}


# ---------------------------------------------------------------- 1. declined once, declined for good


def test_a_peng_declined_is_never_offered_again_even_when_another_seat_takes_the_card():
    """§3-1 碰一不碰二: seat 0 lets x2 go for 碰; the next player 吃s it; x2 is not offered to seat 0 again."""
    acts = ["discard:d6", "pass:x9", "pass:x4", "discard:d7", "pass:d9", "pass:x2"]
    h = follow(2, "four", 0, acts)
    assert parse_card("x2").index in h.chou[0]
    r = play(seed=2, table="four", seat=0, actions=acts)
    assert "peng:x2" not in [a["id"] for a in r["actions"]]
    declined = next(i for i, e in enumerate(h.log) if e.kind == "pass" and e.seat == 0 and e.card == parse_card("x2"))
    taken = [e for e in h.log[declined:] if e.kind in ("chi", "peng") and e.card == parse_card("x2")]
    assert taken and taken[0].seat != 0  # across seats: another seat took the card seat 0 declined
    finish_checking_no_second_chance(h, 0, "x2")


def test_a_chi_declined_is_never_offered_again_even_when_another_seat_takes_the_card():
    """§3-2 不吃臭张, from the moment the 吃 is declined (seed 6, the issue's request)."""
    acts = ["discard:d3", "pass:x5", "pass:d6", "pass:x9", "pass:x8", "pass:d9", "pass:x6", "pass:x6"]
    h = follow(6, "four", 0, acts, options=SHANG_DRAW)
    for card in ("x5", "d6", "x9", "x8", "d9", "x6"):
        assert parse_card(card).index in h.chou[0], card
    r = play(seed=6, table="four", seat=0, actions=acts, options=SHANG_DRAW)
    assert not any(a["kind"] in ("chi", "peng") and a["card"] in ("x5", "d6", "x9", "x8", "d9", "x6") for a in r["actions"])
    for item in r["log"]:  # the rest of the hand: seat 0 never claims a card it declined
        if item["seat"] == 0 and item["kind"] in ("chi", "peng"):
            assert item["card"] not in ("x5", "d6", "x9", "x8", "d9", "x6")


def test_xiaguan_no_peng_of_a_card_passed_over():
    """下灌 appendix: 也不准碰过张 — seed 4052, three seats."""
    acts = ["peng:d9", "discard:x6", "pass:x8"]
    h = follow(4052, "three", 2, acts, variant="xiaguan")
    assert parse_card("x8").index in h.chou[2]
    r = play(seed=4052, variant="xiaguan", table="three", seat=2, actions=acts)
    assert "peng:x8" not in [a["id"] for a in r["actions"]]
    finish_checking_no_second_chance(h, 2, "x8")


# ---------------------------------------------------------------- 2. a claim withheld is never silent


def _d2_withheld(h: PaohuziState) -> bool:
    w = h.window
    return w is not None and w.card == parse_card("d2") and h.withheld(0, w, "peng")


SEED18 = ["discard:x1", "chi:d9:d9.x9.d9", "discard:x3", "peng:x6", "discard:x2", "chi:d5:d5.d6.d7|x5.x5.d5", "discard:x7", "peng:x8", "discard:d7"]


def test_a_peng_that_would_leave_only_a_kan_is_withheld_and_the_player_is_told_why():
    """§3-3 拆对不拆坎: the dealer holds two 大贰 but a 碰 would leave only a 坎 to discard (seed 18)."""
    h = follow(18, "four", 0, SEED18, options=SHANG_DRAW, stop=_d2_withheld)
    while not h.over and not _d2_withheld(h):  # the card may come after the last action: run the computers up to it
        h.play(choose(h, h.pending()))
    assert _d2_withheld(h)
    said = cannot_json(h, 0, [])
    peng = next(c for c in said if c["kind"] == "peng")
    assert peng["code"] == "claim_kan" and peng["rule"]["id"] == "claim_kan"
    assert "坎" in peng["zh"] and "kan" in peng["en"]
    r = play(seed=18, table="four", seat=0, actions=SEED18, options=SHANG_DRAW)
    mine = [e for e in r["log"] if e["kind"] == "withheld" and e["seat"] == 0]
    assert mine and mine[0]["card"] == "d2" and mine[0]["rule"]["id"] == "claim_kan"
    # the other players never learn it while the hand is on
    other = play(seed=18, table="four", seat=1, computer=[0, 2], actions=[], options=SHANG_DRAW)
    assert other["over"] or not any(e["kind"] == "withheld" and e["seat"] == 0 for e in other["log"])


def test_the_other_reading_offers_the_claim_and_the_player_then_breaks_a_kan():
    """Reading claim_kan = allow (§3-1 grants 碰 to anyone holding a pair): the 碰 is offered; the discard after it
    may come out of a 坎, the only card left (notes#claim-kan)."""
    _allow_reading_somewhere()


def _allow_reading_somewhere() -> None:
    cfg = DEFAULT.with_options({"claim_kan": "allow"})
    for seed in range(200):
        h = new_hand(seed, cfg, "three")
        while not h.over:
            p = h.pending()
            w = h.window
            if w is not None and h.phase == "claim" and any(k == "peng" for s, k in w.steps if s == p):
                rest = [n for i, n in enumerate(h.hands[p]) if i != w.card.index]
                if all(n in (0, 3) for n in rest) and any(rest):
                    h.play(mk(p, "peng", w.card))
                    assert h.phase == "discard" and h.turn == p
                    assert [c for c in (a.card for a in h.moves(p))]  # a card of a 坎 may go
                    return
            h.play(choose(h, p))
    raise AssertionError("no hand in 200 seeds offers a claim that leaves only a kan")


def test_a_compulsory_wei_that_empties_the_hand_skips_the_discard_and_the_hand_stays_winnable():
    """§3-3 the 偎 is compulsory; with nothing left to discard the turn passes (as after 重跑, §3-5 八块不打牌),
    and the hand counts one card more, so it can still be won (two seats, where it happens most)."""
    wins_after = 0
    seen = 0
    for seed in range(3200, 3232):
        rnd = random.Random(seed)
        h = new_hand(seed, DEFAULT, "two")
        while not h.over:
            p = h.pending()
            acts = h.moves(p)
            h.play(choose(h, p) if p == 1 else rnd.choice(acts))
            for s in range(h.n):
                if not (h.phase == "discard" and h.turn == s):
                    total = sum(h.hands[s]) + sum(len(g.cards) for g in h.open[s])
                    assert total == h.cfg.hand_size + max(0, h.quads[s] - 1) - h.skips[s] + h.bare[s], (seed, s)
        if any(h.bare):
            seen += 1
            if h.result is not None and h.result.winner is not None and h.bare[h.result.winner]:
                wins_after += 1
                assert h.result.verdict is not None and h.result.verdict.best is not None and h.result.verdict.best.count_ok
    assert seen >= 2 and wins_after >= 1


# ---------------------------------------------------------------- 3. who may 吃


def test_xiaguan_chi_only_the_previous_players_discard():
    """下灌 appendix: 吃牌只能吃上家打出的牌 — not a card the 上家 turns from the stock (seed 15)."""
    r = play(seed=15, variant="xiaguan", table="three", seat=0, actions=["discard:x6"])
    offer = r["offer"]
    assert offer is None or offer["origin"] == "discard" or not any(a["kind"] == "chi" for a in r["actions"])
    for seed in range(40):
        h = new_hand(seed, xiaguan_config(), "three")
        while not h.over:
            w = h.window
            if w is not None and h.phase == "claim" and w.origin != "discard":
                assert not any(k == "chi" for _, k in w.steps)
                if w.origin == "stock":
                    f = h.foul_of(mk(h.nxt(w.owner), "chi", w.card, [(w.card,)]))
                    assert f.rule in ("chi_from", "peng_first", "turn", "hu", "claim_kan") or f.code == "not_your_turn"
            h.play(choose(h, h.pending()))


def test_paohuzi_chi_of_the_previous_players_stock_card_is_a_reading():
    """§3-2 names the 上家's discard and one's own draw; practice lets the 下家 吃 the 上家's turned card too
    (notes#play-order): the default forbids it (the booklet's 只能), the option allows it."""
    seen = {"allow": 0, "forbid": 0}
    for reading in ("allow", "forbid"):
        cfg = DEFAULT.with_options({"chi_shang_draw": reading})
        for seed in range(30):
            h = new_hand(seed, cfg, "three")
            while not h.over:
                w = h.window
                if w is not None and h.phase == "claim" and w.origin == "stock":
                    nxt = h.nxt(w.owner)
                    if any(s == nxt and k == "chi" for s, k in w.steps):
                        seen[reading] += 1
                h.play(choose(h, h.pending()))
    assert seen["allow"] > 0 and seen["forbid"] == 0


# ---------------------------------------------------------------- 4. 比点 deck


def test_drawing_for_seats_uses_the_deck_minus_the_four_seat_cards_so_small_one_can_be_drawn():
    """§1-1: 一二三四 are the 定庄牌; the players draw 从其余牌中, the smallest being 小一."""
    drawn: Counter = Counter()
    for seed in range(300):
        _, events = draw_seats(random.Random(seed), 4)
        for e in events:
            if "抽到" in e["zh"]:
                drawn[e["card"]] += 1
    assert drawn["x1"] > 0 and drawn["x4"] > 0
    three: Counter = Counter()
    for seed in range(300):
        _, events = draw_seats(random.Random(seed), 3)
        three.update(e["card"] for e in events)
    assert three["x1"] > 0
    assert len(full_deck()) - 4 == 76


# ---------------------------------------------------------------- 5. the rule named


def test_a_chi_from_a_seat_that_may_never_take_the_card_names_no_chi_across_the_table():
    """§3-2 不吃隔山牌 (the issue's request: seed 10019, three seats, the dealer tries the 下家's card)."""
    r = play(seed=10019, table="three", seat=2, computer=[0, 1],
             actions=["chi:d8:d8.d9.d10", "discard:d9", {"kind": "chi", "seat": 0, "card": "d7", "groups": [["d7", "d8", "d9"]]}])
    assert r["refused"] is not None and r["refused"]["rule"]["id"] == "ge_shan"
    for seed in range(30):  # every such try, whoever decides first
        h = new_hand(seed, DEFAULT, "three")
        while not h.over:
            w = h.window
            if w is not None and h.phase == "claim":
                far = (w.owner + 2) % 3
                if far not in h.chi_seats(w):
                    f = h.foul_of(mk(far, "chi", w.card, [(w.card,)]))
                    assert f.rule in ("ge_shan", "chi_from"), (seed, f.code, f.zh)
                    assert "不吃隔山牌" in f.zh or "吃牌只能" in f.zh or "亮张" in f.zh or "不能" in f.zh
            h.play(choose(h, h.pending()))


def test_a_far_seat_deciding_on_a_peng_is_told_the_rule_if_it_tries_to_chi():
    found = 0
    for seed in range(60):
        h = new_hand(seed, DEFAULT, "three")
        while not h.over and found < 3:
            p = h.pending()
            w = h.window
            if w is not None and h.phase == "claim" and w.steps[0] == (p, "peng") and p not in h.chi_seats(w):
                f = h.foul_of(mk(p, "chi", w.card, [(w.card,)]))
                assert f.rule in ("ge_shan", "chi_from") and f.zh != "现在不能吃这张牌。"
                found += 1
            h.play(choose(h, p))
    assert found


# ---------------------------------------------------------------- 6. the 亮张 and a non-dealer's 坎


def test_a_non_dealer_holding_three_of_the_liang_must_pao_it():
    """§3-4 the fourth card to a 坎 must be 跑'd; the 亮张 is a public stock card (notes#liang): seed 67."""
    r = play(seed=67, table="four", seat=2, computer=[0, 1], actions=[])
    kinds = [(e["seat"], e["kind"], e["card"]) for e in r["log"][:8]]
    assert (2, "pao", "x3") in kinds and not any(k == "shou" for _, k, _ in kinds)
    other = play(seed=67, table="four", seat=2, computer=[0, 1], options={"liang_pao": "dealer"})
    assert (0, "shou", "x3") in [(e["seat"], e["kind"], e["card"]) for e in other["log"][:8]]
    # the opening as the `deal` action shows it agrees with the table
    d = handle({"game": "paohuzi", "action": "deal", "seed": 67})
    assert [(a["seat"], a["kind"], a["card"]) for a in d["actions"]] == [("shang", "pao", "x3")]
    d2 = handle({"game": "paohuzi", "action": "deal", "seed": 67, "options": {"liang_pao": "dealer"}})
    assert {a["kind"] for a in d2["actions"]} == {"shou"}


# ---------------------------------------------------------------- 12. the 比点 wording lives in the notes


def test_notes_say_what_the_drawing_deck_holds_and_what_a_two_ended_wait_is():
    from pathlib import Path

    zh = Path("docs/paohuzi/notes.zh.md").read_text(encoding="utf-8")
    en = Path("docs/paohuzi/notes.en.md").read_text(encoding="utf-8")
    for text in (zh, en):
        match = text[text.index("{#play-match}"):]
        assert "76" in match[:1500] or "七十六" in match[:1500]
        lt = text[text.index("{#liang-tou}"):]
        assert "4-10" in lt[:1500]
    for text, words in ((zh, ("{#claim-kan}", "{#empty-hand}", "{#liang-pao}")), (en, ("{#claim-kan}", "{#empty-hand}", "{#liang-pao}"))):
        for w in words:
            assert w in text


_ = Window


def test_the_next_player_no_longer_takes_his_previous_players_stock_card_by_default():
    """Issue 37: seed 41002, three seats, the computer at every seat: under the booklet's 只能 (3-2) no seat 吃s a
    card another seat turned from the stock; under the other reading (table practice) the same hand has one."""
    req = {"game": "paohuzi", "action": "play", "seed": 41002, "variant": "paohuzi", "table": "three", "seat": 0,
           "computer": [0, 1, 2], "actions": []}

    def chis_of_anothers_draw(a: dict) -> int:
        n = 0
        for before, item in zip(a["log"], a["log"][1:]):
            if item["kind"] == "chi" and before["kind"] == "draw" and before["seat"] != item["seat"] and before["card"] == item["card"]:
                n += 1
        return n

    assert chis_of_anothers_draw(play(**{k: v for k, v in req.items() if k != "game" and k != "action"})) == 0
    assert chis_of_anothers_draw(play(**{k: v for k, v in req.items() if k != "game" and k != "action"}, options=SHANG_DRAW)) > 0


def test_a_card_offered_for_discard_is_never_also_listed_as_blocked():
    """With a claim that may break a 坎 (claim_kan allow), a seat can be left holding only 坎: one of them must go
    (notes#play-only-kan), and the answer that offers it does not list it as blocked as well."""
    met = 0
    for opts in ({}, {"claim_kan": "allow"}):
        for seed in (34, 67, 86, 266, 310) + tuple(range(12)):
            h = new_hand(seed, DEFAULT.with_options(opts), "four")
            ids: list[str] = []
            while not h.over:
                p = h.pending()
                if h.phase == "discard" and all(n == 0 or n >= 3 for n in h.hands[p]):
                    a = play(seed=seed, table="four", options=opts, seat=p, computer=[], actions=ids)
                    offered = {x["card"] for x in a["actions"]}
                    assert offered and not offered & {b["card"] for b in a["blocked"]}, (opts, seed, ids)
                    met += 1
                move = choose(h, p)
                ids.append(action_id(move))
                h.play(move)
    assert met >= 5


def test_a_stock_card_is_hidden_from_the_others_exactly_when_the_log_hides_it():
    """A card its own seat must 偎 is turned face down, but a 臭偎 shows one card (3-3): the card on offer that
    another seat sees is the card the log shows for that draw, face down in both or face up in both."""
    shown = hidden = 0
    for seed in (259, 266, 551, 947, 1484) + tuple(range(10)):
        h = new_hand(seed, DEFAULT, "three", charge=True)
        ids: list[str] = []
        while not h.over:
            p = h.pending()
            w = h.window
            if w is not None and w.origin == "stock" and (w.owner, "forced") in w.steps and h.forced_of(w.owner, w) == "wei":
                a = play(seed=seed, table="three", fouls="charge", seat=(w.owner + 1) % 3, computer=[], actions=ids)
                drawn = [e for e in a["log"] if e["kind"] == "draw"][-1]
                assert a["offer"]["card"] == drawn["card"], (seed, ids)
                shown += drawn["card"] is not None
                hidden += drawn["card"] is None
            move = choose(h, p)
            ids.append(action_id(move))
            h.play(move)
    assert shown >= 5 and hidden >= 5
