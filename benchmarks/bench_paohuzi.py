"""Speed of the 跑胡子 engine: arrangement and waiting list, worst case over many hands.

Prints figures; asserts nothing. Run: ``.venv/bin/python benchmarks/bench_paohuzi.py``.
Each hand is timed with a cold cache (the search caches are cleared first), so the
figures are what a fresh request costs; the warm figure is shown beside.
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.api import handle
from engine.paohuzi.arrange import _arrange_cached, _search
from engine.paohuzi.hu import _pair_waits
from engine.paohuzi.cards import FACES, full_deck


def codes(cards):
    return [c.code for c in cards]


def random_hands(n: int, size: int, rnd: random.Random):
    deck = full_deck()
    return [codes(rnd.sample(deck, size)) for _ in range(n)]


def adversarial_hands():
    """Hands with many pairs and neighbours: the most ways to split them."""
    out = []
    smalls = [f for f in FACES if not f.big]
    bigs = [f for f in FACES if f.big]
    for lo in range(0, 4):
        out.append(codes([c for c in smalls[lo:lo + 5] + bigs[lo:lo + 5] for _ in range(2)]))  # 20: ten pairs
        out.append(codes([c for c in smalls[lo:lo + 7] + bigs[lo:lo + 3] for _ in range(2)]) + ["x10"])
    out.append(codes([c for c in FACES for _ in range(1)]) + ["x2"])  # one of each + 1
    out.append(codes([c for c in smalls for _ in range(2)]) + ["d2"])  # all small pairs
    out.append(codes([FACES[i] for i in (1, 6, 9, 11, 16, 19)] * 2 + [FACES[i] for i in (0, 2, 10, 12, 8, 18, 7, 17)]))
    return out


def timed(req, cold: bool) -> float:
    """CPU time of one request in ms (CPU, not wall clock: the machine may be shared)."""
    if cold:
        _search.cache_clear()
        _arrange_cached.cache_clear()
        _pair_waits.cache_clear()
    t = time.process_time()
    a = handle(req)
    dt = time.process_time() - t
    assert a["ok"], a
    return dt * 1000


def report(name: str, reqs) -> None:
    # the benchmark's own thousands of hands would otherwise make CPython's full
    # collections (100 ms and more) land inside a request: freeze them first
    gc.collect()
    gc.freeze()
    cold = [timed(r, True) for r in reqs]
    gc.collect()
    warm = [timed(r, False) for r in reqs]
    print(f"{name:<34} n={len(reqs):>5}  cold median {statistics.median(cold):6.2f} ms  "
          f"p99 {sorted(cold)[int(len(cold) * 0.99) - 1]:6.2f} ms  worst {max(cold):6.2f} ms  | warm worst {max(warm):6.2f} ms")


def main() -> None:
    print("CPU ms per request (cold: search caches cleared before each request)")
    rnd = random.Random(20261129)
    adv = adversarial_hands()
    handle({"game": "paohuzi", "action": "arrange", "cards": ["x1"]})  # imports, first call
    for size in (20, 21, 24):
        report(f"arrange, random {size} cards", [{"game": "paohuzi", "action": "arrange", "cards": h} for h in random_hands(1000, size, rnd)])
    report("arrange, adversarial", [{"game": "paohuzi", "action": "arrange", "cards": h} for h in adv])
    # ready hands: deal random 21-card winning shapes, then remove one card
    ready = []
    while len(ready) < 200:
        h = random_hands(1, 21, rnd)[0]
        a = handle({"game": "paohuzi", "action": "arrange", "cards": h})
        if a["huxi"] is not None:
            ready.append(h[:-1])
    report("waiting, ready hands (20 cards)", [{"game": "paohuzi", "action": "waiting", "hand": h} for h in ready])
    report("waiting, random 20 cards", [{"game": "paohuzi", "action": "waiting", "hand": h} for h in random_hands(200, 20, rnd)])
    report("waiting, adversarial", [{"game": "paohuzi", "action": "waiting", "hand": h[:20]} for h in adv])
    report("hu, random", [{"game": "paohuzi", "action": "hu", "hand": h[:20], "card": h[20], "source": "self"} for h in random_hands(1000, 21, rnd)])


if __name__ == "__main__":
    main()
