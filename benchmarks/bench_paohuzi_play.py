"""跑胡子 and 下灌字牌 played by computer players: who wins, how often no one does, how much a win is worth, and speed.

Prints figures; asserts nothing. Run: ``.venv/bin/python benchmarks/bench_paohuzi_play.py [hands]``
(default 10,000 hands at the four-seat table, 2,000 for each other table and for 下灌字牌).
Also prints the time of one ``play`` request (a whole computer hand, and one move of a
reader's hand replayed from the seed, as the widget asks it) in CPython.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.api import handle  # noqa: E402
from engine.paohuzi.play import computer_stats  # noqa: E402

NAMES = {"zhuang": "dealer 庄家", "xia": "next 下家", "shang": "previous 上家"}


def row(hands: int, table: str, variant: str) -> None:
    t = time.perf_counter()
    s = computer_stats(hands, table, variant)
    dt = time.perf_counter() - t
    rates = "  ".join(f"{NAMES[k]} {100 * v / hands:5.1f}%" for k, v in s["wins"].items())
    print(f"{variant:8} {table:5} {hands:6} hands  {rates}  no win (荒) {100 * s['huang'] / hands:5.1f}%  "
          f"mean huxi of a win {s['mean_huxi']:5.2f}  {1000 * dt / hands:6.1f} ms/hand")


def request_times() -> None:
    whole = []
    for seed in range(40):
        t = time.perf_counter()
        handle({"game": "paohuzi", "action": "play", "seed": seed, "table": "four", "computer": [0, 1, 2]})
        whole.append(1000 * (time.perf_counter() - t))
    step = []
    for seed in range(40):
        moves: list = []
        for _ in range(12):  # a reader's hand several moves in: each request replays them all
            a = handle({"game": "paohuzi", "action": "play", "seed": seed, "table": "four", "actions": moves})
            if a["over"] or not a["actions"]:
                break
            t = time.perf_counter()
            moves = moves + [{"id": a["actions"][0]["id"]}]
            handle({"game": "paohuzi", "action": "play", "seed": seed, "table": "four", "actions": moves})
            step.append(1000 * (time.perf_counter() - t))
    print(f"play request, a whole computer hand: median {statistics.median(whole):.1f} ms, max {max(whole):.1f} ms (CPython)")
    print(f"play request, one reader's move replayed from the seed: median {statistics.median(step):.1f} ms, "
          f"max {max(step):.1f} ms over {len(step)} moves (CPython)")


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    request_times()
    row(hands, "four", "paohuzi")
    for table in ("three", "two"):
        row(max(1, hands // 5), table, "paohuzi")
    for table in ("three", "two"):
        row(max(1, hands // 5), table, "xiaguan")


if __name__ == "__main__":
    main()
