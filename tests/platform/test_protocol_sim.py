"""Random lawful games of all four games through the one protocol (engine.protocol), in the
style of OpenSpiel's games_sim_test: for every table, variant and reading of every rule
option, a seeded random game is played to its end, and on the way

- every lawful move is accepted (tried on a copy), and a move that is not lawful is refused
  without changing anything;
- only the current player has moves, and the game ends with nobody to move;
- the returns sum to zero;
- the written position replays to the same game (same moves, same returns, same views);
- what a seat observes does not change when everything it cannot see is dealt again
  (OpenSpiel's ResampleFromInfostate): no observation carries another seat's hidden cards.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.api import handle
from engine.protocol import ADAPTERS, GameState, IllegalAction, open_state, play_random, state_class
from engine.paohuzi.cards import FACES
from engine.gupai.state import GupaiState
from engine.registry import GameEntry


#: full checks (every move tried, every seat's view resampled) at every n-th step (every step
#: for a game not named); the long games (打围 runs to hundreds of throws) at a sample of steps
STRIDE = {"dawei": 15, "paohuzi": 3}

CASES = [(game, i, setup) for game in ADAPTERS for i, setup in enumerate(state_class(game).setups())]


def _id(case: tuple[str, int, dict[str, Any]]) -> str:
    game, i, setup = case
    return f"{game}-{i}-" + "-".join(f"{v}" for k, v in setup.items() if k != "options") + "-".join(
        f"{k}={v}" for k, v in setup.get("options", {}).items())


def views(st: GameState) -> list[dict[str, Any]]:
    return [st.observation(q) for q in range(st.num_players())]


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_random_lawful_game_through_the_protocol(case: tuple[str, int, dict[str, Any]]) -> None:
    game, i, setup = case
    simulate(open_state({"game": game, "seed": i, **setup}), random.Random(f"{game}/{i}"), STRIDE.get(game, 1))


def simulate(st: GameState, rng: random.Random, stride: int) -> None:
    """Play ``st`` to its end with random lawful moves, checking the protocol on the way."""
    n = st.num_players()
    steps = tried = resampled = changed = 0
    while not st.is_terminal():
        p = st.current_player()
        assert p is not None and 0 <= p < n
        legal = st.legal_actions()
        assert legal, f"nobody can move at step {steps}"
        assert len(set(legal)) == len(legal)
        assert st.legal_actions(p) == legal
        assert all(st.legal_actions(q) == [] for q in range(n) if q != p)
        if steps % stride == 0:
            for a in legal:  # every lawful move is accepted, on a copy
                c = st.clone()
                c.apply(a)
                assert c.actions == st.actions + [a]
                tried += 1
            before = st.written()
            with pytest.raises(IllegalAction):
                st.apply("no such move")
            assert st.written() == before and st.legal_actions() == legal
            for q in range(n):
                seen = st.observation(q)
                json.dumps(seen, ensure_ascii=False)
                other = st.resample(q, rng)
                assert other.observation(q) == seen, f"seat {q} sees another seat's hidden cards at step {steps}"
                resampled += 1
                if not changed:  # (once is enough: the views cost)
                    changed += any(other.observation(r) != st.observation(r) for r in range(n) if r != q)
        st.apply(rng.choice(legal))
        steps += 1
    assert st.current_player() is None and st.legal_actions() == []
    assert all(st.legal_actions(q) == [] for q in range(n))
    returns = st.returns()
    assert len(returns) == n and sum(returns) == 0, returns
    assert tried >= steps // stride and resampled >= n
    if st.hidden_cards:  # some seat holds what another may not see: dealing it again changes a view
        assert changed, "dealing the hidden cards again never changed what another seat holds"
    again = open_state(json.loads(json.dumps(st.written())))
    assert again.written() == st.written()
    assert again.returns() == returns
    assert views(again) == views(st)


def test_returns_are_zero_before_the_end_and_positions_replay_move_by_move() -> None:
    for game in ADAPTERS:
        st = open_state({"game": game, "seed": 11})
        rng = random.Random(game)
        for _ in range(6):
            if st.is_terminal():
                break
            assert st.returns() == [0] * st.num_players()
            st.apply(rng.choice(st.legal_actions()))
            assert views(open_state(st.written())) == views(st)


def test_paohuzi_views_before_each_discard_show_nothing_of_the_others_silent_passes() -> None:
    """At every discard of ten seeded hands, the seat to discard sees the same table after the others'
    cards are dealt again and their silent passes forgotten (the computer's hint, which weighs the next
    seat's passes, differed in about one discard in twenty-five, so it is not part of the view)."""
    checked = 0
    for seed in range(10):
        st = open_state({"game": "paohuzi", "table": "three", "seed": seed})
        rng = random.Random(seed)
        while not st.is_terminal():
            p = st.current_player()
            if st.observation(p)["phase"] == "discard":
                assert st.resample(p, rng).observation(p) == st.observation(p), (seed, st.actions)
                checked += 1
            st.apply(rng.choice(st.legal_actions()))
    assert checked >= 50


class LeakyGupai(GupaiState):
    """A view that shows every hand: the resampling check must catch it."""

    def observation(self, player: int) -> dict[str, Any]:
        return {**super().observation(player), "all": [list(h) for h in self.hands]}


def test_the_resampling_check_catches_a_view_that_shows_other_hands() -> None:
    st = LeakyGupai({"seed": 2})
    assert st.resample(0, random.Random(1)).observation(0) != st.observation(0)
    plain = GupaiState({"seed": 2})
    assert plain.resample(0, random.Random(1)).observation(0) == plain.observation(0)


@pytest.mark.parametrize("position", [
    {"game": "chess"}, {"game": "gupai", "seed": -1}, {"game": "gupai", "options": {"xiqian": "lots"}},
    {"game": "dawei", "players": 40}, {"game": "paohuzi", "table": "five"}, {"game": "yezi", "thrower": 9},
    {"game": "gupai", "sealed": [0, 1, 2, 3]}, {"game": ["gupai"]}, {"game": "paohuzi", "variant": ["xiaguan"]},
    {"game": "paohuzi", "table": {"four": 1}}, {"game": "dawei", "drop_chance": float("nan")},
])
def test_a_position_the_game_does_not_have_is_refused_in_words(position: dict[str, Any]) -> None:
    with pytest.raises(IllegalAction) as e:
        open_state(position)
    assert e.value.zh and e.value.en and "_" not in e.value.en


def test_play_action_answers_the_viewers_moves_and_stops_at_the_first_unlawful_move() -> None:
    start = handle({"game": "table", "action": "play", "position": {"game": "gupai", "seed": 3}})
    assert start["ok"] and start["refused"] is None and not start["over"]
    first = start["actions"][0]["id"]
    assert all(a["zh"] and a["en"] for a in start["actions"])
    ans = handle({"game": "table", "action": "play", "position": {"game": "gupai", "seed": 3, "actions": [first, "up:00", first]}})
    assert ans["ok"] and ans["position"]["actions"] == [first]
    assert ans["refused"]["index"] == 1
    assert ans["refused"]["en"] == "Move 2 was not played. Those tiles are not in this hand."  # the game's own reason
    st = open_state({"game": "gupai", "seed": 3, "actions": [first]})
    assert ans["observation"] == st.observation(st.current_player())
    assert [a["id"] for a in ans["actions"]] == st.legal_actions()
    # a seat that is not to move sees the table and has no moves
    other = (st.current_player() + 1) % 4
    side = handle({"game": "table", "action": "play", "viewer": other, "position": ans["position"]})
    assert side["actions"] == [] and side["observation"]["seat"] == other


def test_a_refused_paohuzi_move_names_its_rule() -> None:
    st = open_state({"game": "paohuzi", "table": "three", "seed": 7})
    hand = st.observation(st.current_player())["seats"][st.current_player()]["hand"]
    kan = [c for c in set(hand) if hand.count(c) >= 3]
    absent = next(f.code for f in FACES if f.code not in hand)
    with pytest.raises(IllegalAction) as e:
        st.apply(f"discard:{absent}")
    assert e.value.en == "You do not hold that card."
    for c in kan:
        with pytest.raises(IllegalAction) as e:
            st.apply(f"discard:{c}")
        assert e.value.en.startswith("A kan is never split")


def test_play_action_plays_a_whole_game_to_its_returns() -> None:
    st = open_state({"game": "yezi", "seed": 4})
    rng = random.Random(4)
    while not st.is_terminal():
        st.apply(rng.choice(st.legal_actions()))
    ans = handle({"game": "table", "action": "play", "position": st.written()})
    assert ans["ok"] and ans["over"] and ans["to_move"] is None and ans["actions"] == []
    assert sum(ans["returns"]) == 0 and ans["returns"] == [float(x) if x.denominator != 1 else int(x) for x in st.returns()]
    bad = handle({"game": "table", "action": "play", "position": {"game": "yezi", "seed": 4, "thrower": 7}})
    assert not bad["ok"] and bad["error"]["code"] == "bad_position"


def test_the_worked_example_in_developing_md_plugs_in(toy: GameEntry) -> None:
    """DEVELOPING.md's new game (猜单双), registered as it says, passes the same checks."""
    for seed in range(12):
        simulate(open_state({"game": "caidanshuang", "seed": seed}), random.Random(seed), 1)
    ans = handle({"game": "table", "action": "play", "viewer": 1, "position": {"game": "caidanshuang", "actions": ["hide:2", "hide:3"]}})
    assert ans["ok"] and ans["observation"] == {"seat": 1, "my_fist": 3, "fists_closed": 2, "guess": None, "fists": None}

    cai = state_class("caidanshuang")

    class Peeking(cai):  # type: ignore[misc,valid-type]  # the toy's class, known only once it is registered
        def observation(self, player: int) -> dict[str, Any]:
            return {**super().observation(player), "fists": list(self.fists)}

    st = Peeking({"seed": 0})
    st.apply("hide:1")
    st.apply("hide:1")
    assert any(st.resample(0, random.Random(k)).observation(0) != st.observation(0) for k in range(10))


# ---------------------------------------------------------------- the games' own tables agree with the protocol
# Each game's table asks its own play action (the shape its widget, share links and records speak); that action
# replays the moves through the game's adapter. These tests play seeded random games through the protocol and ask
# the table's action at every decision of the reader's seat: the same lawful moves, the same refusals in the same
# words, the same result — under every setup the simulation above plays.

GUPAI_CASES = [(i, s) for i, s in enumerate(GupaiState.setups())]


def _gupai_table(setup: dict[str, Any], human: int | None, moves: list[str], **more: Any) -> dict[str, Any]:
    req = {"game": "gupai", "action": "play", "seed": setup.get("seed", 0), "dealer": setup.get("dealer", 0),
           "options": setup.get("options", {}), "sealed": setup.get("sealed", []), "human": human,
           "moves": [{"tiles": m.partition(":")[2].split("."), "up": m.startswith("up:")} for m in moves], **more}
    return handle(req)


@pytest.mark.parametrize("case", GUPAI_CASES, ids=[f"gupai-{i}" for i, _ in GUPAI_CASES])
def test_gupai_table_and_protocol_agree(case: tuple[int, dict[str, Any]]) -> None:
    from engine.gupai.state import computer_move, move_id

    i, setup = case
    setup = {"seed": 40 + i, **setup}
    human = next(s for s in range(4) if s not in setup.get("sealed", []))
    st, rng, mine, asked = GupaiState(setup), random.Random(i), [], 0
    while not st.is_terminal():
        if st.current_player() == human:
            ans = _gupai_table(setup, human, mine)
            assert ans["ok"] and not ans["terminal"] and ans["to_move"] == human
            assert [("up:" if m["up"] else "down:") + ".".join(m["tiles"]) for m in ans["legal"]] == st.legal_actions()
            assert ans["hands"][human] == st.observation(human)["hand"] and ans["held"] == list(st.held)
            wrong = next(m for m in ("up:" + ".".join(st.hands[human][:2]), "down:" + st.hands[human][0], "up:00")
                         if m not in st.legal_actions())
            refused = _gupai_table(setup, human, mine + [wrong])
            why = st.why_not(wrong)
            assert refused["error"]["code"] == "illegal_move" and why is not None and refused["error"]["en"].endswith(why[1])
            a = rng.choice(st.legal_actions())
            mine.append(a)
            asked += 1
        else:
            a = move_id(computer_move(st))
        st.apply(a)
    end = _gupai_table(setup, human, mine)
    assert asked and end["ok"] and end["terminal"] and end["legal"] == []
    assert end["settlement"]["nets"] == [int(x) for x in st.returns()]
    assert _gupai_table(setup, human, mine + mine[-1:])["error"]["code"] == "hand_over"
    assert [t["moves"] for t in end["tricks"]] == [[{"seat": s, "tiles": list(m.tiles), "up": m.up} for s, m in t.moves] for t in st.tricks]
    # every seat played at random through the protocol: the table with nobody seated plays the same moves to the same end
    st = play_random(open_state({"game": "gupai", **setup}), random.Random(-i))
    whole = _gupai_table(setup, None, st.actions)
    assert whole["ok"] and whole["terminal"] and whole["settlement"]["nets"] == [int(x) for x in st.returns()]


YEZI_CASES = [(i, s) for i, s in enumerate(state_class("yezi").setups())]


@pytest.mark.parametrize("case", YEZI_CASES, ids=[f"yezi-{i}" for i, _ in YEZI_CASES])
def test_yezi_table_and_protocol_agree(case: tuple[int, dict[str, Any]]) -> None:
    """叶子戏's round action: the reader's split (any the protocol offers), the computer's for the others (the
    basic player's, or at the basic level with its hint), then the showings — the same round as the protocol's."""
    i, setup = case
    rng = random.Random(f"yezi/{i}")
    for k in range(3):
        seed, me = 70 + 4 * i + k, (i + k) % 4
        st = open_state({"game": "yezi", "seed": seed, **setup})
        base = {"game": "yezi", "action": "round", "seed": seed, "thrower": st.setup["thrower"], "options": setup.get("options", {})}
        mine = None
        while not st.is_terminal():
            p = st.current_player()
            if p == me and st.observation(p)["my_split"] is None:
                mine = rng.choice(st.legal_actions())
                st.apply(mine)
            else:
                st.apply(st.basic_action())  # type: ignore[attr-defined]
        assert mine is not None
        first, _, second = mine.partition(":")[2].partition("|")
        groups = [first.split("."), second.split(".")]
        for req in ({**base, "my_seat": me, "my_groups": groups}, {**base, "my_seat": me, "my_groups": groups, "level": "basic"}):
            ans = handle(req)
            assert ans["ok"] and ans["my_seat"] == me
            res = st.result()  # type: ignore[attr-defined]
            assert [p["total"] for p in ans["players"]] == list(res.totals) and [p["place"] for p in ans["players"]] == list(res.places)
            shown = st.observation(me)["shown"]  # every group, once the round is over
            assert [p["groups"] for p in ans["players"]] == [[sh["group"] for sh in shown if sh["seat"] == s] for s in range(4)]
        basic = handle({**base, "my_seat": me, "level": "basic"})
        c = open_state({"game": "yezi", "seed": seed, **setup})
        while c.current_player() != me:
            c.apply(c.basic_action())  # type: ignore[attr-defined]
        assert "split:" + "|".join(".".join(g) for g in basic["hint"]["groups"]) == c.basic_action()  # type: ignore[attr-defined]
        other = next(s for s in range(4) if s != me)
        stolen = handle({**base, "my_seat": me, "my_groups": [st.observation(other)["hand"][:4], st.observation(other)["hand"][4:]]})
        assert stolen["ok"] is False and stolen["error"]["code"] == "bad_split"


#: the simulation's setups, and the table's own: the last game's banker at the table, dice falling out of the bowl
DAWEI_CASES = [(i, s) for i, s in enumerate(state_class("dawei").setups()
                                            + [{"players": 5, "previous_banker": 3}, {"players": 3, "drop_chance": 0.05, "previous_banker": 0}])]


@pytest.mark.parametrize("case", DAWEI_CASES, ids=[f"dawei-{i}" for i, _ in DAWEI_CASES])
def test_dawei_table_and_protocol_agree(case: tuple[int, dict[str, Any]]) -> None:
    """打围's play action (the reader at seat 0, the computer at the others) is the protocol's game with throws
    with dice out of the bowl offered (``drops``): at the reader's throws and split decisions the same lawful
    moves in the same words, a move it may not make refused with the protocol's reason, and the same game to
    the same settlement, its written position the table's."""
    from engine.protocol.strong import basic_action

    i, setup = case
    seed = 90 + i
    st, rng, mine, asked = open_state({"game": "dawei", "seed": seed, **setup, "drops": True}), random.Random(f"dawei/{i}"), [], 0
    req = {"game": "dawei", "action": "play", "seed": seed, "players": st.num_players(), "options": setup.get("options", {}),
           "drop_chance": setup.get("drop_chance", 0), "humans": [0], "log_tail": 0}
    if "previous_banker" in setup:
        req["previous_banker"] = setup["previous_banker"]
    while not st.is_terminal():
        if st.current_player() == 0:
            legal = st.legal_actions()
            split = legal != ["throw", "drop1", "drop2"]
            if asked < 4 and (split or asked == 0):
                ans = handle({**req, "moves": mine})
                assert ans["ok"] and ans["waiting_for"] == 0
                assert [(o["action"], o["zh"], o["en"]) for o in ans["legal"]] == [(a, *st.action_words(a)) for a in legal]
                wrong = "throw" if split else "pass"
                refused = handle({**req, "moves": mine + [wrong]})
                why = st.why_not(wrong)
                assert not refused["ok"] and refused["error"]["code"] == "bad_move" and why is not None
                assert why[0] in refused["error"]["zh"] and why[1] in refused["error"]["en"]
                asked += 1
            a = rng.choice(legal) if split else rng.choice(["throw", "throw", "throw", "drop1", "drop2"])
            mine.append(a)
        else:
            a = basic_action(st)
        st.apply(a)
    end = handle({**req, "moves": mine, "level": "basic"})
    assert asked and end["ok"] and end["terminal"] and end["moves_used"] == len(mine)
    assert end["net"] == [float(x) for x in st.returns()]
    assert end["holdings"] == [dict(h) for h in st.holdings]  # type: ignore[attr-defined]
    dropped = any(a in ("drop1", "drop2") for a in st.actions)
    # the position handed to the review: the table's game, when no throw dropped dice (the review weighs split choices)
    assert end.get("position") == (None if dropped else {k: v for k, v in st.written().items() if k != "drops"})
    assert handle({**req, "moves": mine + ["throw"]})["error"]["code"] == "bad_move"
    # every seat played at random through the protocol: the table with every seat the reader's plays the same game
    st = play_random(open_state({"game": "dawei", "seed": seed, **setup, "drops": True}), random.Random(-i))
    whole = handle({**req, "humans": list(range(st.num_players())), "moves": st.actions})
    assert whole["ok"] and whole["terminal"] and whole["net"] == [float(x) for x in st.returns()]


def test_dawei_with_a_previous_banker_and_dice_out_of_the_bowl_through_the_protocol() -> None:
    """The table's setup plays as any other through the simulation's checks; a throw with dice out of the bowl
    is offered only where the setup says so, and refused elsewhere with its reason."""
    for k, setup in enumerate([{"players": 4, "previous_banker": 2, "drops": True}, {"players": 2, "previous_banker": 1}]):
        st = open_state({"game": "dawei", "seed": 5 + k, **setup})
        assert st.current_player() == setup["previous_banker"]
        assert st.observation(0)["holdings"][setup["previous_banker"]]["chicken"] == 1
        assert ("drop1" in st.legal_actions()) == ("drops" in setup)
        simulate(st, random.Random(k), 15)
    plain = open_state({"game": "dawei", "seed": 1})
    with pytest.raises(IllegalAction) as e:
        plain.apply("drop1")
    assert e.value.en.startswith("At this table nobody chooses to drop dice")
    for bad in ({"previous_banker": 4}, {"drops": "yes"}):
        with pytest.raises(IllegalAction):
            open_state({"game": "dawei", **bad})


PAOHUZI_CASES = [(i, s) for i, s in enumerate(state_class("paohuzi").setups())]


def _table_view(view: dict[str, Any]) -> dict[str, Any]:
    """What the table shows a seat, but for what only the table knows: which seats the computer plays, and its hint."""
    out = {k: v for k, v in view.items() if k not in ("ok", "hint", "refused", "level", "waiting")}
    out["seats"] = [{k: v for k, v in seat.items() if k != "computer"} for seat in view["seats"]]
    return out


@pytest.mark.parametrize("case", PAOHUZI_CASES, ids=[f"paohuzi-{i}" for i, _ in PAOHUZI_CASES])
def test_paohuzi_table_and_protocol_agree(case: tuple[int, dict[str, Any]]) -> None:
    """跑胡子's and 下灌字牌's play action (the reader at seat 0, the computer at the others) is the protocol's hand:
    at the reader's decisions the same lawful moves in the same words and the same table (the viewer's
    observation, but for the hint), a move it may not make refused with the protocol's reason, and the same hand
    to the same result; the record's position is the protocol's written one. The computer seats choose as the
    table always has (the basic player given the hand, which weighs the next seat's silent passes too)."""
    from engine.paohuzi.ai import choose
    from engine.paohuzi.table import action_id
    from engine.record.export import position_of

    i, setup = case
    seed = 60 + i
    st, rng, mine, asked = open_state({"game": "paohuzi", "seed": seed, **setup}), random.Random(f"paohuzi/{i}"), [], 0
    req = {"game": "paohuzi", "action": "play", "seed": seed, "variant": st.setup["variant"], "table": st.setup["table"],
           "options": {f"paohuzi.{k}": v for k, v in setup.get("options", {}).items()}, "seat": 0}
    while not st.is_terminal():
        p = st.current_player()
        if p == 0:
            legal = st.legal_actions()
            if len(legal) > 1 and asked < 3:
                ans = handle({**req, "actions": mine})
                assert ans["ok"] and ans["refused"] is None
                assert [(a["id"], a["zh"], a["en"]) for a in ans["actions"]] == [(a, *st.action_words(a)) for a in legal]
                assert _table_view(ans) == _table_view(st.observation(0))
                hand = st.observation(0)["seats"][0]["hand"]
                wrong = next(w for w in [f"discard:{f.code}" for f in FACES if f.code not in hand] + ["peng:" + hand[0]] if w not in legal)
                refused = handle({**req, "actions": mine + [wrong]})
                why = st.why_not(wrong)
                assert refused["ok"] and refused["refused"]["index"] == len(mine) and why is not None
                assert (refused["refused"]["zh"], refused["refused"]["en"]) == why
                asked += 1
            a = rng.choice(legal)
            mine.append(a)
        else:
            a = action_id(choose(st, p))
        st.apply(a)
    end = handle({**req, "actions": mine})
    assert asked and end["ok"] and end["over"] and end["refused"] is None
    seen = st.observation(0)
    assert end["log"] == seen["log"] and end["result"] == seen["result"]
    assert position_of({**req, "actions": mine}) == st.written()
