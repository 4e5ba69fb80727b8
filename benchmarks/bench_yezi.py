"""下灌叶子戏 / 下灌字牌 engine speed. Prints figures; asserts nothing.

Usage: python benchmarks/bench_yezi.py [--rounds N]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.api import handle
from engine.yezi import best, odds, zipai
from engine.yezi.cards import DECK
from engine.yezi.state import YeziState


def per_call(fn, n: int) -> float:
    t = time.perf_counter()
    for i in range(n):
        fn(i)
    return (time.perf_counter() - t) / n


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=2000)
    args = ap.parse_args()
    print(f"python {sys.version.split()[0]}")
    rng = random.Random(1)
    hands = [tuple(rng.sample(DECK, 8)) for _ in range(2000)]

    best._best.cache_clear()
    cold = per_call(lambda i: best.best_split(hands[i]), len(hands))
    warm = per_call(lambda i: best.best_split(hands[i]), len(hands))
    print(f"best split, uncached: {cold * 1e6:.1f} µs per hand; cached: {warm * 1e6:.2f} µs")

    t = time.perf_counter()
    odds.hand_odds.cache_clear()
    best._best.cache_clear()
    h = odds.hand_odds()
    print(f"exact hand odds: {len(odds.hand_vectors())} count vectors, {h.total} hands, {time.perf_counter() - t:.2f} s")

    r = per_call(lambda i: YeziState({"seed": i}).play_out(), args.rounds)
    print(f"round of four, dealt and played out: {r * 1e3:.3f} ms per round ({args.rounds} rounds)")
    t = time.perf_counter()
    odds.simulate_rounds(args.rounds, 1105)
    print(f"simulate_rounds({args.rounds}): {time.perf_counter() - t:.2f} s")

    for action, req in (
        ("best", {"hand": ["王", "土", "人", "合", "贝", "叶", "贝", "合"]}),
        ("evaluate", {"groups": [["5", "7", "leaf", "10"], ["6", "8", "4", "10"]]}),
        ("deal", {"seed": 3}),
        ("round", {"seed": 3}),
        ("faces", {"width": 34}),
        ("zipai-deal", {"seed": 3}),
    ):
        q = {"game": "yezi", "action": action, **req}
        s = per_call(lambda i: handle(q), 200)  # noqa: B023  called within this iteration of the loop only
        print(f"API {action}: {s * 1e3:.3f} ms per request")

    deals = [zipai.deal(s) for s in range(300)]
    a = per_call(lambda i: zipai.arrange(deals[i].hands[0]), len(deals))
    print(f"字牌 arrange of a dealt 21-card hand (the 跑胡子 search): {a * 1e3:.3f} ms (each hand once)")
    done = sum(1 for d in deals if zipai.arrange(d.hands[0]) is not None)
    print(f"  dealt banker hands already fully grouped: {done}/{len(deals)}")
    c = per_call(lambda i: zipai.on_discard(deals[i].hands[1], deals[i].stock[0], True), len(deals))
    print(f"字牌 reaction to a discard (吃 ways under 下火规则): {c * 1e3:.3f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
