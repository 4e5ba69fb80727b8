"""The strong computer level (engine/protocol/strong.py): determinised rollouts over the game protocol.

It plays lawful moves through whole seeded games, its deals of the hidden cards never hold a card
the deciding seat has seen elsewhere, a fixed seed repeats its choice, and a cancel stops it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.gupai.state import GupaiState
from engine.protocol import open_state
from engine.protocol.strong import basic_action, rollout, strong_choice

GAMES = [
    {"game": "gupai"},
    {"game": "paohuzi", "variant": "paohuzi", "table": "four"},
    {"game": "paohuzi", "variant": "paohuzi", "table": "three"},
    {"game": "paohuzi", "variant": "xiaguan", "table": "three"},
]


def _whole_game(position: dict, rollouts: int, strong_seats: set[int]) -> list[str]:
    st = open_state(position)
    for _ in range(st.max_actions + 1):
        if st.is_terminal():
            break
        p = st.current_player()
        legal = st.legal_actions()
        a = strong_choice(st, rollouts, seed=5).action if p in strong_seats else basic_action(st)
        assert a in legal, (st.written(), a)
        st.apply(a)
    assert st.is_terminal()
    assert sum(st.returns()) == 0
    return st.actions


def test_gupai_whole_games_strong_at_every_seat_are_lawful():
    for seed in (1, 7):
        _whole_game({"game": "gupai", "seed": seed}, 12, {0, 1, 2, 3})


@pytest.mark.parametrize("setup", GAMES[1:], ids=lambda s: f"{s['variant']}-{s['table']}")
def test_zipai_whole_games_with_a_strong_seat_are_lawful(setup):
    # one strong seat (the dealer) and a few rollouts a decision: every move it makes is among the lawful ones
    _whole_game(dict(setup, seed=4), 6, {0})


def test_rollout_shortcut_reaches_the_same_end_as_the_rules_engine():
    # 骨牌's rollout lays the basic player's moves without the rule check: the same hand results
    for seed in range(12):
        a = GupaiState({"seed": seed, "dealer": seed % 4})
        results = rollout(a)
        b = GupaiState({"seed": seed, "dealer": seed % 4})
        while not b.is_terminal():
            b.apply(basic_action(b))
        assert a.actions == b.actions and a.tricks == b.tricks and a.held == b.held
        assert results == [float(x) for x in b.returns()] and any(results)


def _seen_by(obs: dict) -> Counter:
    """The 跑胡子 cards a seat can see: its own concealed cards, every open group's face-up cards, the rows."""
    seen: Counter = Counter()
    for s in obs["seats"]:
        if s["hand"] is not None:
            seen.update(s["hand"])
        for g in s["open"]:
            seen.update(c for c in g["cards"] if c is not None)
        seen.update(r["card"] for r in s["row"])
    return seen


def _hidden_of(state, player: int) -> Counter:
    """The cards in places ``player`` cannot see, in a 跑胡子 state: the others' concealed cards, the stock, the cards set aside."""
    h = state
    out: Counter = Counter()
    for s in range(h.n):
        if s != player:
            out.update(c.code for c in h.concealed(s))
    top = len(h.stock) - (1 if h.liang is not None else 0)
    out.update(c.code for c in h.stock[:top])
    out.update(c.code for c in h.aside)
    return out


@pytest.mark.parametrize("variant", ["paohuzi", "xiaguan"])
def test_zipai_samples_never_hold_a_card_the_seat_has_seen(variant):
    rng = random.Random(3)
    st = open_state({"game": "paohuzi", "variant": variant, "seed": 11})
    checked = 0
    while not st.is_terminal():
        p = st.current_player()
        if len(st.legal_actions()) > 1:
            seen = _seen_by(st.observation(p))
            for k in range(3):
                world = st.resample(p, random.Random(k))
                hidden = _hidden_of(world, p)
                # every copy of a face is somewhere: what the seat sees plus what it cannot see is at most four
                for code, n in hidden.items():
                    assert n + seen[code] <= 4, (code, n, seen[code], st.written())
                assert world.observation(p) == st.observation(p)
            checked += 1
        st.apply(rng.choice(st.legal_actions()))
    assert checked > 5


def test_gupai_samples_never_hold_a_tile_the_seat_has_seen():
    rng = random.Random(2)
    st = GupaiState({"seed": 9})
    checked = 0
    while not st.is_terminal():
        p = st.current_player()
        obs = st.observation(p)
        seen = Counter(obs["hand"]) + Counter(t for tr in obs["tricks"] for m in tr["moves"] for t in m["tiles"] if t is not None)
        seen += Counter(t for m in obs["trick"] for t in m["tiles"] if t is not None)
        for k in range(3):
            world = st.resample(p, random.Random(k))
            others = Counter(t for s in range(4) if s != p for t in world.hands[s])
            others += Counter(t for tr in world.tricks for s, m in tr.moves if s != p and not m.up for t in m.tiles)
            others += Counter(t for s, m in world.current if s != p and not m.up for t in m.tiles)
            full = Counter(t for h in world.deal.hands for t in h)  # the whole set of 32 tiles
            for t, n in others.items():
                assert n + seen[t] <= full[t], (t, st.written())
            assert world.observation(p) == obs
        checked += 1
        st.apply(rng.choice(st.legal_actions()))
    assert checked == len(st.actions)


@pytest.mark.parametrize("position", [{"game": "gupai", "seed": 7}, {"game": "paohuzi", "seed": 3}], ids=["gupai", "paohuzi"])
def test_a_fixed_seed_repeats_itself(position):
    st = open_state(position)
    a = strong_choice(st, 24, seed=1)
    b = strong_choice(open_state(position), 24, seed=1)
    assert a == b
    assert a.action in st.legal_actions() and a.deals >= 1
    assert st.written() == open_state(position).written()  # the search leaves the state as it was


def test_the_cancel_flag_stops_the_search():
    st = open_state({"game": "gupai", "seed": 7})
    asked = []

    def cancel() -> bool:
        asked.append(1)
        return len(asked) > 9

    c = strong_choice(st, 10_000, seed=1, cancel=cancel)
    assert c.cancelled and c.rollouts == 9 and len(asked) == 10
    assert c.action in st.legal_actions()
    # cancelled before one deal was finished: the basic player's move
    first = strong_choice(st, 10_000, seed=1, cancel=lambda: True)
    assert first.cancelled and first.deals == 0 and first.action == basic_action(st)


def test_the_strong_level_keeps_heaven_for_the_last_trick_in_seed_7():
    # the example: the basic player leads its strongest play at once and loses the last trick
    st = open_state({"game": "gupai", "seed": 7})
    assert basic_action(st) == "up:66.54"
    basic = st.clone()
    assert rollout(basic) == [-2, 0, 5, -3]
    c = strong_choice(st, 200, seed=0)
    assert "66" not in c.action
    w = st.clone()
    w.apply(c.action)
    assert rollout(w)[0] > 0


# ---------------------------------------------------------------- asking for it through the API


@pytest.mark.parametrize("position", [{"game": "gupai", "seed": 7}, {"game": "paohuzi", "variant": "xiaguan", "seed": 3}],
                         ids=["gupai", "xiaguan"])
def test_table_play_answers_the_move_at_each_level(position):
    from engine.api import handle

    ids = None
    for level in ("basic", "strong"):
        req = {"game": "table", "action": "play", "position": position, "level": level}
        a = handle(req)
        assert a["ok"], a
        ids = [x["id"] for x in a["actions"]]
        c = a["choice"]
        assert c["level"] == level and c["id"] in ids and c["seat"] == a["to_move"]
        assert c["zh"] and c["en"]
        if level == "strong":
            # every lawful move the strong level plays out, in the order of the lawful moves (跑胡子's
            # discards: the basic player's best four), the basic move and the choice among them
            played = [e["id"] for e in c["estimates"]]
            assert played == [x for x in ids if x in played] and c["deals"] >= 1
            assert basic_action(open_state(position)) in played and c["id"] in played
            assert len(played) == (min(4, len(ids)) if position["game"] == "paohuzi" and ids[0].startswith("discard") else len(ids))
            mean = {e["id"]: e["mean"] for e in c["estimates"]}
            assert mean[c["id"]] >= mean[basic_action(open_state(position))]  # it leaves the basic move only for a better one
            assert handle(req) == a  # seeded: the same request, the same answer
        else:
            assert c["id"] == basic_action(open_state(position))
    assert "choice" not in handle({"game": "table", "action": "play", "position": position})


def test_a_level_that_is_not_one_is_refused_in_words():
    from engine.api import handle

    a = handle({"game": "table", "action": "play", "position": {"game": "gupai", "seed": 1}, "level": "hard"})
    assert not a["ok"] and a["error"]["en"].startswith("The computer's level")
    assert "strong" in a["error"]["en"] and "强" in a["error"]["zh"]
    b = handle({"game": "table", "action": "play", "position": {"game": "dawei", "seed": 1}, "level": "strong"})
    assert b["ok"] and b["choice"]["id"] == "throw"  # every game has both levels


def test_the_strong_move_is_costed_within_the_budget():
    from engine.api import BUDGET, cost

    long = {"game": "paohuzi", "seed": 1, "actions": ["x"] * 200}
    basic = cost("table", "play", {"position": long})
    strong = cost("table", "play", {"position": long, "level": "strong"})
    assert basic is not None and strong is not None and basic < strong <= BUDGET


def test_gupai_play_with_strong_computer_seats_and_hint():
    from engine.api import handle

    basic = handle({"game": "gupai", "action": "play", "seed": 7})
    assert basic["ok"] and "hint" not in basic
    strong = handle({"game": "gupai", "action": "play", "seed": 7, "level": "strong"})
    assert strong["ok"] and strong["terminal"] and strong["level"] == "strong"
    assert sum(strong["settlement"]["nets"]) == 0
    # the strong seats' moves are replayed the same at the next request: the human's moves stay lawful
    req = {"game": "gupai", "action": "play", "seed": 7, "human": 0, "level": "strong"}
    a = handle(req)
    hint = a["hint"]
    assert hint["level"] == "strong" and {"tiles": hint["tiles"], "up": hint["up"]} in a["legal"]
    b = handle(dict(req, moves=[{"tiles": hint["tiles"], "up": hint["up"]}]))
    assert b["ok"] and b["tricks"] or b["current"]
    assert handle(dict(req, level="basic"))["hint"]["tiles"] == ["66", "54"]


@pytest.mark.parametrize("variant", ["paohuzi", "xiaguan"])
def test_zipai_play_gives_the_strong_hint(variant):
    from engine.api import handle

    req = {"game": "paohuzi", "action": "play", "variant": variant, "seed": 3, "level": "strong"}
    a = handle(req)
    assert a["ok"] and a["level"] == "strong"
    assert a["hint"]["id"] in [x["id"] for x in a["actions"]]
    assert handle(req)["hint"] == a["hint"]  # seeded
    assert "level" not in handle({k: v for k, v in req.items() if k != "level"})


def test_the_strong_hint_in_a_paohuzi_match():
    """In a match the hint can be the strong level's with basic computer seats (``hint_level``): seed 10's first
    decision, where the strong level lets the small 4 go and the basic one eats it; a match too long for the
    hint's work is refused in words."""
    from engine.api import BUDGET, cost, handle

    req = {"game": "paohuzi", "action": "play", "variant": "paohuzi", "seed": 10, "hint_level": "strong", "match": {"hands": 2}}
    a = handle(req)
    assert a["ok"] and a["hint_level"] == "strong" and a["match"]["hand"] == 1
    assert a["hint"]["id"] == "pass:x4" and a["hint"]["id"] in [x["id"] for x in a["actions"]] and a["hint"]["why"]["zh"]
    assert handle(dict(req, hint_level="basic"))["hint"]["id"] == "chi:x4:x4.x3.x5"
    assert handle(req)["hint"] == a["hint"]  # seeded
    assert 0 < cost("paohuzi", "play", req) <= BUDGET
    long = dict(req, match={"hands": 8}, actions=["x"] * 160)
    assert cost("paohuzi", "play", long) <= BUDGET
    m = handle(long)
    assert not m["ok"] and m["error"]["code"] == "no_level"
    assert "比赛" in m["error"]["zh"] and "match" in m["error"]["en"]


def test_strong_computer_seats_in_a_paohuzi_match(monkeypatch):
    """A match against strong computer seats, within the budget: a request searches only the hand in progress (the
    same hand as a single strong hand from that hand's seed) and stops at its end; the finished hands come back
    whole in ``match.played`` and are replayed without a search, each move checked; the match settles to zero,
    repeats itself, and a finished hand written wrong is refused in words. (Every seat is the computer's here, so
    that a hand is one request; the reader's moves go through the same loop as at the basic level.)"""
    import engine.paohuzi.strong as strong
    from engine.api import BUDGET, cost, handle

    base = {"game": "paohuzi", "action": "play", "variant": "paohuzi", "table": "four", "seed": 10, "birds": 1,
            "computer": [0, 1, 2, 3], "level": "strong"}
    played: list = []
    for n in range(2):
        req = dict(base, match={"hands": 2, "played": played})
        assert cost("paohuzi", "play", req) <= BUDGET
        a = handle(req)
        assert a["ok"], a
        m = a["match"]
        assert len(m["sheet"]) == n + 1 and len(m["played"]) == n + 1 and m["played"][:n] == played
        assert m["next"] == (n == 0) and m["over"] == (n == 1)
        one = handle({"game": "paohuzi", "action": "play", "variant": "paohuzi", "table": "four", "seed": a["seed"],
                      "computer": [0, 1, 2], "level": "strong", "hint_level": "basic"})
        assert [x["zh"] for x in one["log"]] == [x["zh"] for x in a["log"]] and one["over"]
        played = m["played"]
    basic = handle(dict(base, level="basic", match={"hands": 2}))
    assert basic["match"]["played"] != played  # the strong seats played otherwise than the basic ones
    assert sum(p["total"] for p in m["players"]) + sum(b["total"] for b in m["birds"]) == 0
    # the whole match written: replayed and settled again without a single search, the same sheet
    monkeypatch.setattr(strong, "_SEAT_MEMO", {})
    monkeypatch.setattr(strong, "strong_choice", lambda *a, **k: (_ for _ in ()).throw(AssertionError("searched again")))
    whole = dict(base, match={"hands": 2, "played": played})
    again = handle(whole)
    assert again["ok"] and again["match"]["sheet"] == m["sheet"] and again["match"]["played"] == played
    # a finished hand written wrong: cut short, a move changed, more hands than the match has
    first = played[0]
    for bad in ([first[:-1], played[1]], [["discard:d1"] + first[1:], played[1]], played * 2):
        r = handle(dict(whole, match={"hands": 2, "played": bad}))
        assert not r["ok"] and r["error"]["code"] == "bad_match" and "局" in r["error"]["zh"] and "hand" in r["error"]["en"]


# ---------------------------------------------------------------- 叶子戏 and 打围


@pytest.mark.parametrize("scoring", ["rank", "placing"])
def test_yezi_whole_rounds_with_the_strong_level_at_every_seat_are_lawful(scoring):
    for seed in (1, 2):
        actions = _whole_game({"game": "yezi", "seed": seed, "options": {"scoring": scoring}}, 30, {0, 1, 2, 3})
        assert sum(a.startswith("split:") for a in actions) == 4


def test_dawei_whole_game_with_the_strong_level_at_every_seat_is_lawful():
    actions = _whole_game({"game": "dawei", "seed": 65, "players": 3}, 10, {0, 1, 2})
    assert any(a.startswith(("split:", "take:", "pass")) for a in actions)


def test_yezi_strong_shows_the_better_group_second_under_placing_when_that_wins_more():
    # 叶子戏 scored by placings: the basic player shows its better group first; in these rounds the
    # strong level finds that showing it second does better, and only ever reorders or re-splits
    found = 0
    for seed in range(6):
        st = open_state({"game": "yezi", "seed": seed, "options": {"scoring": "placing"}})
        basic = basic_action(st)
        c = strong_choice(st, 400, seed=0)
        assert c.action in st.legal_actions()
        first, second = basic[6:].split("|")
        if c.action == f"split:{second}|{first}":
            found += 1
            mean = {e.action: e.mean for e in c.estimates}
            assert mean[c.action] > mean[basic]
    assert found >= 1


def test_yezi_strong_keeps_the_basic_split_under_the_default_scoring():
    # under the default scoring (ranks summed) the order does not change a total: the best split stands
    for seed in range(4):
        st = open_state({"game": "yezi", "seed": seed})
        assert strong_choice(st, 200, seed=0).action == basic_action(st)


def test_yezi_samples_never_hold_a_card_the_seat_has_seen():
    st = open_state({"game": "yezi", "seed": 3, "options": {"scoring": "placing"}})
    rng = random.Random(1)
    while not st.is_terminal():
        p = st.current_player()
        mine_all = list(st.deal.hands[p])
        shown = [c for _, _, g in st.shown for c in g]
        shown_others = [c for seat, _, g in st.shown if seat != p for c in g]
        for k in range(3):
            w = st.resample(p, random.Random(k))
            assert w.observation(p) == st.observation(p)
            for s in range(4):
                if s != p:
                    assert sorted(w.deal.hands[s]) == sorted([c for seat, _, g in w.shown if seat == s for c in g] + w.held[s])
            # the others' cards not shown yet are dealt again from those same cards: never one of the
            # seat's own, nor one shown (the deck holds each face several times: counted, not named)
            unseen = sorted(c for s in range(4) if s != p for c in st.held[s])
            assert Counter(unseen) + Counter(mine_all) + Counter(shown_others) == Counter(c for hand in st.deal.hands for c in hand)
            assert sorted(c for s in range(4) if s != p for c in w.held[s]) == unseen
            assert Counter(shown) == Counter(c for _, _, g in w.shown for c in g)
        st.apply(rng.choice(st.legal_actions()))


@pytest.mark.parametrize("options", [{"scoring": "placing"}, {"scoring": "rank"}, {"scoring": "placing", "ties": "first_shown"}],
                         ids=["placing", "rank", "placing-first-shown"])
def test_yezi_deals_scored_at_once_end_as_the_rounds_played_out(options):
    # 叶子戏's strong level scores all its splits in one imagined deal from the groups' ranks: for every seat's
    # split, the same deal of the others' cards and the same value as playing each split and every showing out
    for seed in (0, 3, 8):
        st = open_state({"game": "yezi", "seed": seed, "options": options})
        while st.legal_actions()[0].startswith("split:"):
            p = st.current_player()
            moves = st.strong_candidates()
            for k in range(3):
                quick = st.strong_deal(p, random.Random(k), moves)
                world = st.resample(p, random.Random(k))
                played = []
                for m in moves:
                    w = world.clone()
                    w.apply(m)
                    rollout(w)
                    played.append(st.strong_value(w.result().places, p))
                assert quick == played, (seed, p, k)
            st.apply(basic_action(st))


def test_yezi_strong_plays_to_win_the_round_under_placing_in_seed_7092():
    """Scored by placings the strong level counts first places, not mean places: in seed 7092 seat A holds the
    人牌 (leaf 5 7 10) and nothing else; the basic level shows it first, the strong level now keeps it for the
    second showing (the level before this change kept the basic order here), its chance of first place clearly
    higher over the same deals, and in the round as dealt that order wins where the basic one comes second."""
    from engine.api import handle

    position = {"game": "yezi", "seed": 7092, "options": {"scoring": "placing"}}
    req = {"game": "table", "action": "play", "position": position, "level": "strong"}
    a, b = handle(req), handle(dict(req, level="basic"))
    assert a["ok"] and b["ok"] and a == handle(req)  # seeded: the same answer again
    assert b["choice"]["id"] == "split:leaf.5.7.10|1.2.4.6"
    assert a["choice"]["id"] == "split:1.2.4.6|leaf.5.7.10" and a["choice"]["id"] in [x["id"] for x in a["actions"]]
    est = {e["id"]: e for e in a["choice"]["estimates"]}
    mine, basic = est[a["choice"]["id"]], est[b["choice"]["id"]]
    assert 0 <= basic["mean"] < mine["mean"] <= 1  # chances of first place
    assert mine["mean"] - basic["mean"] > 2 * (mine["stderr"] + basic["stderr"])

    def played_out(split: str) -> list[int]:
        pos = dict(position, actions=[split])
        while True:
            r = handle({"game": "table", "action": "play", "position": pos, "level": "basic"})
            if r["over"]:
                return r["observation"]["places"]
            pos = dict(pos, actions=pos["actions"] + [r["choice"]["id"]])

    assert played_out(a["choice"]["id"])[0] == 1 and played_out(b["choice"]["id"])[0] == 2


def test_dawei_strong_values_the_straight_upon_straight_sweep_in_seed_65():
    # the example: with the last three muntjacs in the pool, the basic player takes the straight's
    # 12 柱 for certain; the strong level splits for the tiger on the straight, whose second throw may be
    # a straight too (顺斗顺: the sweep, as for the red bowl), and is worth more over all 46,656 throws
    st = open_state({"game": "dawei", "seed": 65})
    while "take:straight" not in st.legal_actions():
        st.apply(basic_action(st))
    assert basic_action(st) == "take:straight"
    c = strong_choice(st, 10, seed=0)
    assert c.action == "split:tiger_straight:0"
    mean = {e.action: e.mean for e in c.estimates}
    # were the sweep only a success (the 18 of the straight taken), the split would be worth less than the straight
    from engine.dawei.game import break_even

    sweep = 3 * float(break_even(4, st.rules))
    assert mean["split:tiger_straight:0"] > mean["take:straight"] > mean["split:tiger_straight:0"] - 720 / 46656 * (sweep - 18)
    assert strong_choice(st, 10, seed=0) == c  # the same choice again
    # dice to come are chance: a resampled game throws other dice, the sticks stay
    w = st.resample(0, random.Random(1))
    assert w.observation(0) == st.observation(0) and w.rng.getstate() != st.rng.getstate()


# ---------------------------------------------------------------- 跑胡子: what the table shows, and the play action


def _caps_hold(st) -> int:
    tight = 0
    for p in range(st.n):
        caps = st.caps(p)
        for s in range(st.n):
            if s != p:
                for i, c in enumerate(caps[s]):
                    assert st.hands[s][i] <= c, (st.written(), p, s, i)
                    tight += c < 3
    return tight


@pytest.mark.parametrize("variant", ["paohuzi", "xiaguan"])
def test_zipai_what_a_pass_reveals_holds_for_the_real_cards_and_for_every_sample(variant):
    # a seat that let the fourth copy go by without 跑 has no 坎 of it, one that turned up a card without
    # 偎 has no pair of it, one that discarded a card had at most two: true of the real hands (the reading
    # is sound) and of every deal the strong level imagines
    rng = random.Random(4)
    tight = 0
    for seed in (5, 6):
        st = open_state({"game": "paohuzi", "variant": variant, "seed": seed})
        while not st.is_terminal():
            p = st.current_player()
            tight += _caps_hold(st)
            if len(st.legal_actions()) > 1:
                caps = st.caps(p)
                keep = st.window.card.index if st.window is not None else None
                for k in range(2):
                    w = st.resample(p, random.Random(k))
                    for s in range(w.n):
                        if s != p:
                            assert all(n <= caps[s][i] for i, n in enumerate(w.hands[s]) if i != keep), (st.written(), s)
            st.apply(rng.choice(st.legal_actions()))
    assert tight > 50


@pytest.mark.parametrize("variant", ["paohuzi", "xiaguan"])
def test_zipai_imagined_deals_prefer_no_pair_where_a_seat_let_the_card_go_without_peng(variant):
    # the basic computer always 碰s a pair's card: with it at every seat, the likely limits hold for the
    # real hands (a player may still let a 碰 go, so they are only preferred), they narrow the table's
    # limits often, and an imagined deal keeps them wherever the unseen cards allow
    held = total = narrowed = kept = asked = 0
    for seed in (5, 6, 7):
        st = open_state({"game": "paohuzi", "variant": variant, "seed": seed})
        while not st.is_terminal():
            p = st.current_player()
            caps = st.caps(p)
            likely = st.likely_caps(p, caps)
            for s in range(st.n):
                if s != p:
                    for i, c in enumerate(likely[s]):
                        assert c <= caps[s][i]
                        narrowed += c < caps[s][i]
                        if c < caps[s][i]:
                            total += 1
                            held += st.hands[s][i] <= c
            if len(st.legal_actions()) > 1:
                keep = st.window.card.index if st.window is not None else None
                w = st.resample(p, random.Random(seed))
                for s in range(w.n):
                    if s != p:
                        asked += 1
                        kept += all(n <= likely[s][i] for i, n in enumerate(w.hands[s]) if i != keep)
            st.apply(basic_action(st))
    assert narrowed > 100 and kept >= 0.97 * asked
    assert held >= 0.98 * total


@pytest.mark.parametrize("variant", ["paohuzi", "xiaguan"])
def test_zipai_strong_level_plays_out_the_basic_players_best_four_discards(variant):
    found = 0
    for seed in (3, 4):
        st = open_state({"game": "paohuzi", "variant": variant, "seed": seed})
        while not st.is_terminal():
            legal = st.legal_actions()
            few = st.strong_candidates()
            assert basic_action(st) in few and set(few) <= set(legal) and few == [a for a in legal if a in few]
            if st.phase == "discard" and len(legal) > 4:
                assert len(few) == 4
                found += 1
            else:
                assert few == legal  # a claim or 胡: every lawful move
            st.apply(basic_action(st))
    assert found >= 2


def test_zipai_samples_ask_the_others_claims_again_of_their_new_cards():
    # 二人局 seed 5: the dealer could win on the 大九 the other seat turned up; in a deal imagined by the
    # other seat the dealer's cards are new, and his win is asked of them (it used to be taken as given
    # and the table stopped on a win without a winning hand)
    errors = 0
    for seed in range(6):
        st = open_state({"game": "paohuzi", "variant": "paohuzi", "table": "two", "seed": seed})
        while not st.is_terminal():
            p = st.current_player()
            legal = st.legal_actions()
            if len(legal) > 1:
                for k in range(2):
                    w = st.resample(p, random.Random(k))
                    for a in legal:
                        x = w.clone()
                        x.apply(a)
                        try:
                            rollout(x)
                        except AssertionError:
                            errors += 1
            st.apply(basic_action(st))
    assert errors == 0


def test_the_play_hint_does_not_weigh_a_silent_pass_of_another_seat():
    from engine.paohuzi.ai import choose, public_passes
    from engine.paohuzi.views import view
    from engine.paohuzi.table import action_id

    # 跑胡子 seed 0, seat 1 to move: the next seat let a card go in silence (only it knows it may not
    # 吃 it now); the basic player, seeing that, would discard otherwise than the hint the reader gets
    actions = ["discard:x9", "chi:x9:x9.d9.d9", "discard:x1", "peng:x1", "discard:d1", "discard:x1", "pass:d4", "peng:x2"]
    # (written when the next player could 吃 his previous player's stock card: played under that reading)
    st = open_state({"game": "paohuzi", "seed": 0, "options": {"chi_shang_draw": "allow"}, "actions": actions})
    h, p = st, st.current_player()
    seen = public_passes(h, p)
    for s in range(h.n):
        assert seen.chou[s] == (h.chou[s] if s == p else {e.card.index for e in h.log if e.kind == "discard" and e.seat == s})
    assert seen.chou != h.chou and choose(seen, p) != choose(h, p)
    hint = view(h, p, frozenset({0, 2}), "four", "paohuzi")["hint"]
    assert hint["id"] == action_id(choose(seen, p))
    assert h.chou != seen.chou  # the table itself is left as it was
    # the protocol's own basic move for that seat is the same as the hint
    assert basic_action(st) == hint["id"]


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["paohuzi", "xiaguan"])
def test_zipai_play_with_strong_computer_seats(variant):
    from engine.api import handle

    req = {"game": "paohuzi", "action": "play", "variant": variant, "seed": 3, "level": "strong"}
    a = handle(req)
    assert a["ok"] and a["level"] == "strong" and a["hint"]["id"] in [x["id"] for x in a["actions"]]
    assert handle(req) == a  # the computer seats' strong moves are replayed the same
    b = handle(dict(req, actions=[a["hint"]["id"]]))
    assert b["ok"] and b["refused"] is None
    # every seat a computer at the strong level: a whole hand, lawful to its end
    whole = handle({"game": "paohuzi", "action": "play", "variant": variant, "seed": 4, "level": "strong", "computer": [0, 1, 2]})
    assert whole["ok"] and whole["over"]
    basic = handle({"game": "paohuzi", "action": "play", "variant": variant, "seed": 4, "computer": [0, 1, 2]})
    assert basic["ok"] and basic["over"]


def test_the_yezi_round_at_a_level():
    """叶子戏's round takes a level: the computer seats split at it and the hint is that level's split
    (seed 8 under placings: the strong level shows its better group second, the basic one first); the
    round comes back as a written position the review reads, with the reader's own split in it."""
    from engine.api import BUDGET, cost, handle

    req = {"game": "yezi", "action": "round", "seed": 8, "options": {"scoring": "placing"}, "level": "strong"}
    a, b = handle(req), handle(dict(req, level="basic"))
    assert a["ok"] and b["ok"] and a["level"] == "strong" and b["level"] == "basic"
    assert a["hint"]["groups"] == [["2", "3", "8", "9"], ["leaf", "1", "4", "10"]]
    assert b["hint"]["groups"] == [["leaf", "1", "4", "10"], ["2", "3", "8", "9"]]
    assert sorted(sum(a["hint"]["groups"], [])) == sorted(a["players"][0]["hand"])
    assert handle(req) == a  # seeded
    assert 0 < cost("yezi", "round", req) <= BUDGET and cost("yezi", "round", dict(req, level="basic")) < cost("yezi", "round", req)
    mine = dict(req, my_seat=0, my_groups=b["hint"]["groups"])
    m = handle(mine)
    assert m["players"][0]["groups"] == b["hint"]["groups"]
    # the reader's own split does not change the others' (they cannot see it)
    assert [p["groups"] for p in m["players"][1:]] == [p["groups"] for p in a["players"][1:]]
    r = handle({"game": "table", "action": "review", "seat": 0, "position": m["position"]})
    assert r["ok"] and r["decisions"][0]["chosen"] == "split:leaf.1.4.10|2.3.8.9"
    assert {o["id"] for o in r["decisions"][0]["options"]} >= {"split:leaf.1.4.10|2.3.8.9", "split:2.3.8.9|leaf.1.4.10"}
    assert "level" not in handle({k: v for k, v in req.items() if k != "level"})
    assert not handle(dict(req, level="grandmaster"))["ok"]


def test_the_dawei_table_at_a_level():
    """打围's play action takes a level: at seed 65 (four players, the reader in seat A) the strong
    hint splits for the 顺斗顺 sweep where the basic one scores the straight at once; the finished game
    comes back as a written position, and its review marks that choice."""
    from engine.api import BUDGET, cost, handle

    req = {"game": "dawei", "action": "play", "players": 4, "seed": 65, "humans": [0], "moves": ["auto:choice"], "level": "strong"}
    a, b = handle(req), handle(dict(req, level="basic"))
    assert a["ok"] and b["ok"] and a["level"] == "strong"
    assert a["hint"]["action"] == "split:tiger_straight:0" and b["hint"]["action"] == "take:straight"
    assert a["hint"]["action"] in [x["action"] for x in a["legal"]] and a["hint"]["en"]
    assert 0 < cost("dawei", "play", dict(req, level="basic")) < cost("dawei", "play", req) <= BUDGET
    assert "hint" not in handle({k: v for k, v in req.items() if k != "level"})
    end = handle(dict(req, moves=["auto:choice", "take:straight"]))
    assert end["ok"] and end["terminal"] and end["position"]["actions"]
    r = handle({"game": "table", "action": "review", "seat": 0, "position": end["position"]})
    assert r["ok"] and r["decisions"][0]["chosen"] == "take:straight" and r["costliest"] == [1]
    assert not handle(dict(req, level="grandmaster"))["ok"]


def test_the_benchmark_summary_pools_every_pair_of_its_runs(tmp_path) -> None:
    """``bench_strong.py --from``: every pair of every hand counted once, the 95 % interval 1.96 · sd / √n, and
    叶子戏's first places counted hand by hand although each run writes them as running totals."""
    import importlib.util
    import json
    import math
    import statistics
    from pathlib import Path

    spec = importlib.util.spec_from_file_location("bench_strong", Path(__file__).parents[2] / "benchmarks" / "bench_strong.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    rows = [  # two runs: seeds 1–2, then 10–11 (the running totals start again)
        {"game": "yezi", "seed": 1, "diffs": {"0": 1, "1": 0}, "wins": {"basic": 1, "strong": 1}, "ms": [3.0]},
        {"game": "yezi", "seed": 2, "diffs": {"0": -1, "1": 2}, "wins": {"basic": 1, "strong": 3}, "ms": [5.0, 1.0]},
        {"game": "yezi", "seed": 10, "diffs": {"0": 0, "1": 1}, "wins": {"basic": 0, "strong": 1}, "ms": []},
        {"game": "yezi", "seed": 11, "diffs": {"0": 2, "1": 1}, "wins": {"basic": 2, "strong": 1}, "ms": [2.0]},
    ]
    path = tmp_path / "yezi.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    f = bench.summary([str(path)])["yezi"]
    pairs = [1, 0, -1, 2, 0, 1, 2, 1]
    assert (f["hands"], f["pairs"], f["seeds"]) == (4, 8, (1, 11))
    assert f["mean"] == statistics.fmean(pairs)
    assert math.isclose(f["half"], 1.96 * statistics.stdev(pairs) / math.sqrt(8))
    assert f["first"] == {"basic": 3, "strong": 4}
    assert f["median"] == 2.5 and f["moves"] == 4
    # two files, the second run's seeds following on from the first's: each file's running totals start afresh
    later = [{"game": "yezi", "seed": 12, "diffs": {"0": 0}, "wins": {"basic": 1, "strong": 0}, "ms": []},
             {"game": "yezi", "seed": 13, "diffs": {"0": 0}, "wins": {"basic": 1, "strong": 1}, "ms": []}]
    other = tmp_path / "yezi-later.jsonl"
    other.write_text("".join(json.dumps(r) + "\n" for r in later), encoding="utf-8")
    assert bench.summary([str(path), str(other)])["yezi"]["first"] == {"basic": 4, "strong": 5}
    assert math.isclose(bench.first_half(5, 10), 196 * math.sqrt(0.25 / 10))
