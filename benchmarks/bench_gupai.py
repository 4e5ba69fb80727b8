"""鄂南骨牌 engine speed. Prints figures; asserts nothing.

Usage: python benchmarks/bench_gupai.py [--hands N]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.api import handle  # noqa: E402
from engine.gupai.hand import State, play_out  # noqa: E402


def per_call(fn, n: int) -> float:
    t = time.perf_counter()
    for i in range(n):
        fn(i)
    return (time.perf_counter() - t) / n


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=200)
    n = ap.parse_args().hands
    print(f"whole hand, computer players:   {1000 * per_call(lambda i: play_out(State.start(i)), n):.2f} ms")
    print(f"API play (one seat human):      {1000 * per_call(lambda i: handle({'game': 'gupai', 'action': 'play', 'seed': i, 'human': 0}), n):.2f} ms")
    print(f"API tiles (21 SVG faces):       {1000 * per_call(lambda i: handle({'game': 'gupai', 'action': 'tiles'}), 50):.2f} ms")
    closers = [0, 0, 0, 0]
    bama = 0
    for i in range(n):
        s = play_out(State.start(i))
        closers[s.closer()] += 1
        bama += s.settlement().bama is not None
    print(f"closer by seat over {n} hands (dealer = seat 0): {closers}; 八马: {bama}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
