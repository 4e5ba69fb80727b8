"""鄂南骨牌 engine speed and what the readings do. Prints figures; asserts nothing.

Usage: python benchmarks/bench_gupai.py [--hands N]
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
from engine.gupai.config import all_configs
from engine.gupai.config import as_dict
from engine.gupai.state import GupaiState


def per_call(fn, n: int) -> float:
    t = time.perf_counter()
    for i in range(n):
        fn(i)
    return (time.perf_counter() - t) / n


def random_hand(seed: int, cfg=None) -> GupaiState:
    rnd = random.Random(seed)
    s = GupaiState({"seed": seed, "options": {} if cfg is None else as_dict(cfg)})
    while not s.terminal:
        s.apply(rnd.choice(s.legal_actions()))
    return s


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=200)
    n = ap.parse_args().hands
    print(f"whole hand, computer players:   {1000 * per_call(lambda i: GupaiState({'seed': i}).play_out(), n):.2f} ms")
    print(f"whole hand, random players:     {1000 * per_call(lambda i: random_hand(i), n):.2f} ms")
    print(f"API play (one seat human):      {1000 * per_call(lambda i: handle({'game': 'gupai', 'action': 'play', 'seed': i, 'human': 0}), n):.2f} ms")
    print(f"API play with a check:          {1000 * per_call(lambda i: handle({'game': 'gupai', 'action': 'play', 'seed': i, 'human': 0, 'check': ['66', '11']}), n):.2f} ms")
    print(f"API tiles (21 SVG faces):       {1000 * per_call(lambda i: handle({'game': 'gupai', 'action': 'tiles'}), 50):.2f} ms")
    closers = [0, 0, 0, 0]
    kinds: dict[str, int] = {}
    for i in range(n):
        s = GupaiState({"seed": i}).play_out()
        st = s.settlement()
        closers[s.closer()] += 1
        k = st.bama or ("黑八马" if st.heibama else "-")
        kinds[k] = kinds.get(k, 0) + 1
    print(f"computer players, {n} hands (dealer = seat 0): closer by seat {closers}; kinds {kinds}")
    kinds = {}
    for i in range(n):
        st = random_hand(i).settlement()
        k = st.bama or ("黑八马" if st.heibama else "-")
        kinds[k] = kinds.get(k, 0) + 1
    print(f"random players, {n} hands: kinds {kinds}")
    configs = all_configs()
    t = time.perf_counter()
    worst = 0
    for cfg in configs:
        for i in range(max(1, n // 20)):
            worst = max(worst, abs(sum(random_hand(i, cfg).returns())))
    print(f"{len(configs)} option combinations × {max(1, n // 20)} random hands: largest |sum of nets| = {worst} "
          f"({time.perf_counter() - t:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
