"""The independent referee (tests/paohuzi/referee/booklet.py) over more than a thousand seeded hands.

The referee shares no code with ``engine/``: it reads the ``play`` answers only. Computer hands are
played in one request each; hands with a seat played at random go request by request, so that the
referee also sees what was offered at each decision and tries unlawful moves, which must be refused
with the rule that forbids them named, and change nothing.
"""

import random
from collections import Counter

import pytest

from engine.api import handle

from .referee.booklet import Referee, rules_for

TABLES = {"four": 3, "three": 3, "two": 2}
#: (variant, table, first seed, hands): 1,080 hands played by the computer in every seat
COMPUTER_RUNS = [(v, t, 20_000 + 1_000 * k, 90) for k, (v, t) in enumerate(
    [(v, t) for v in ("paohuzi", "xiaguan") for t in ("four", "three", "two")])]
COMPUTER_RUNS = [(v, t, s + 90 * half, n) for v, t, s, n in COMPUTER_RUNS for half in range(2)]
#: hands with one seat played at random, request by request
RANDOM_RUNS = [(v, t, 40_000 + 100 * k, 6) for k, (v, t) in enumerate(
    [(v, t) for v in ("paohuzi", "xiaguan") for t in ("four", "three", "two")])]

TOTALS: Counter = Counter()


def play(**kw):
    a = handle({"game": "paohuzi", "action": "play", **kw})
    assert a.get("ok", True) is not False, a
    return a


def referee(answer, variant, table):
    r = Referee(answer, rules_for(variant, table)).run()
    assert not r.departures, r.departures[:5]
    TOTALS.update(r.checks)
    return r


@pytest.mark.parametrize("variant,table,start,hands", COMPUTER_RUNS)
def test_computer_hands_follow_the_booklet(variant, table, start, hands):
    checks: Counter = Counter()
    for seed in range(start, start + hands):
        a = play(variant=variant, seed=seed, table=table, computer=list(range(TABLES[table])))
        checks.update(referee(a, variant, table).checks)
    # the run is not empty: cards were offered, claims and compulsory moves made, sheets recomputed
    assert checks["hands"] == hands and checks["sheets"] == hands and checks["cards_80"] == hands
    assert checks["claims"] > hands and checks["compulsory"] > 0 and checks["let_go"] > hands


@pytest.mark.parametrize("option", [{"claim_kan": "allow"}, {"chi_shang_draw": "allow"}, {"liang_pao": "dealer"}])
def test_the_other_readings_follow_the_booklet_as_read(option):
    """Each new reading of issue 16 (notes#claim-kan, #play-order, #liang-pao) is a whole game the referee accepts."""
    for table in ("four", "two"):
        for seed in range(30_000, 30_020):
            a = play(seed=seed, table=table, computer=list(range(TABLES[table])), options=option)
            r = Referee(a, rules_for("paohuzi", table, option)).run()
            assert not r.departures, (option, table, seed, r.departures[:3])
            assert sum(a["result"]["sheet"]["scores"].values()) == 0
            TOTALS.update(r.checks)


def _allowed_chi(variant: str, seat: int, offer: dict, n: int) -> bool:
    owner, origin = offer["from"], offer["origin"]
    if origin == "discard":
        return seat == (owner + 1) % n
    if origin != "stock" or variant == "xiaguan":
        return False
    return seat in (owner, (owner + 1) % n)


def _passed_before(answer: dict, seat: int) -> set[str]:
    """Cards ``seat`` declined (or discarded) before the card now on offer — read from its own log."""
    log = answer["log"]
    last = max((i for i, e in enumerate(log) if e["kind"] in ("draw", "discard", "liang")), default=-1)
    out = set()
    for e in log[:last]:
        if e["seat"] == seat and e["card"] and (e["kind"] == "discard" or (e["kind"] == "pass" and ("不碰" in e["zh"] or "不吃" in e["zh"]))):
            out.add(e["card"])
    return out


def _probe(req: dict, actions: list, move: dict, rules: tuple[str, ...], before: dict) -> None:
    a = play(**req, actions=actions + [move])
    assert a["refused"] is not None, (move, "an unlawful move was accepted")
    assert a["refused"]["index"] == len(actions)
    assert a["refused"]["rule"]["id"] in rules, (move, a["refused"])
    assert a["refused"]["zh"] and a["refused"]["en"]
    assert len(a["log"]) == len(before["log"]) and a["to_move"] == before["to_move"]  # nothing changed
    TOTALS["refusals"] += 1


@pytest.mark.parametrize("variant,table,start,hands", RANDOM_RUNS)
def test_a_seat_played_at_random_is_offered_only_lawful_moves_and_refused_the_rest(variant, table, start, hands):
    n = TABLES[table]
    probes = 0
    for seed in range(start, start + hands):
        rnd = random.Random(seed)
        seat = seed % n
        req = {"variant": variant, "seed": seed, "table": table, "seat": seat, "computer": [s for s in range(n) if s != seat]}
        actions: list = []
        for _ in range(200):
            a = play(**req, actions=actions)
            if a["over"]:
                break
            offered = a["actions"]
            assert offered, "the reader's seat must move but is offered nothing"
            offer = a["offer"]
            gone = _passed_before(a, seat)
            mine = Counter(a["seats"][seat]["hand"])
            for x in offered:
                if x["kind"] in ("peng", "chi"):
                    assert x["card"] not in gone, ("碰一不碰二 / 不吃臭张", x["id"])
                if x["kind"] == "chi":
                    assert _allowed_chi(variant, seat, offer, n), ("不吃隔山牌", x["id"], offer)
                if x["kind"] == "peng":
                    assert offer["from"] != seat and offer["origin"] != "liang"
                if x["kind"] == "hu":
                    assert offer["origin"] != "discard", "胡底牌"
            tries = []
            if offer is not None and offer["card"]:
                c = offer["card"]
                if offer["origin"] == "discard":
                    tries.append(({"kind": "hu", "card": c}, ("hu_di",)))
                if not _allowed_chi(variant, seat, offer, n):
                    tries.append(({"kind": "chi", "card": c, "groups": [[c, c, c]]}, ("ge_shan", "chi_from", "shou")))
                elif c in gone:
                    tries.append(({"kind": "chi", "card": c, "groups": [[c, c, c]]}, ("chou_zhang",)))
                if c in gone and mine[c] == 2 and offer["from"] != seat:
                    tries.append(({"kind": "peng", "card": c}, ("peng_er",)))
            if a["phase"] == "discard":
                kans = [c for c, k in mine.items() if k == 3]
                if kans and any(0 < k < 3 for k in mine.values()):
                    tries.append(({"kind": "discard", "card": kans[0]}, ("kan",)))
            if tries and rnd.random() < 0.5:
                move, rules = tries[rnd.randrange(len(tries))]
                _probe(req, actions, move, rules, a)
                probes += 1
            pick = a["hint"] if (a["hint"] and rnd.random() < 0.5) else offered[rnd.randrange(len(offered))]
            actions.append(pick["id"])
        assert a["over"]
        referee(a, variant, table)
    assert probes > 0


def test_the_referee_is_not_blind():
    """The referee finds a departure in answers altered to break the rules: a 吃 by a seat across the table,
    a card missing from the stock, a wrong sheet."""
    found = 0
    for seed in range(20_000, 20_060):
        a = play(seed=seed, table="three", computer=[0, 1, 2])
        if a["result"]["winner"] is None or not any(e["kind"] == "chi" for e in a["log"]):
            continue
        assert not Referee(a, rules_for("paohuzi", "three")).run().departures
        k = next(i for i, e in enumerate(a["log"]) if e["kind"] == "chi")
        far = dict(a, log=[dict(e) for e in a["log"]])
        far["log"][k]["seat"] = (a["log"][k]["seat"] + 1) % 3
        assert Referee(far, rules_for("paohuzi", "three")).run().departures
        assert Referee(dict(a, stock=a["stock"] + 1), rules_for("paohuzi", "three")).run().departures
        res = dict(a["result"], sheet=dict(a["result"]["sheet"], deng=a["result"]["sheet"]["deng"] + 1))
        assert Referee(dict(a, result=res), rules_for("paohuzi", "three")).run().departures
        found += 1
        if found == 3:
            break
    assert found == 3


def test_the_referee_checked_at_least_a_thousand_hands():
    """Runs last in this file: the hands of both kinds add up to more than a thousand."""
    if TOTALS["hands"] < 1_000:
        pytest.skip("only part of this file was run")
    assert TOTALS["hands"] >= 1_000 and TOTALS["refusals"] > 0
