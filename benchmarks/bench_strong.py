"""The strong computer level against the basic one, head to head. Prints figures; asserts nothing.

For each game (骨牌; 跑胡子 at the four-seat table; 下灌字牌 at the three-seat table) and each
seeded hand, every seat in turn is played by the strong level while the basic computer plays
the others, and the same hand is played by the basic computer at every seat: the difference
of that seat's result is one paired sample (same seed, same seat). Printed: the mean of
strong minus basic with its 95 % interval (normal, 1.96 standard errors), per seat and over
all seats, beside the issue's target, and the CPU time of a strong decision (median and
95th percentile, CPython; Pyodide is about two to three times slower).

Usage: python benchmarks/bench_strong.py [hands per game, default 20] [games: gupai,paohuzi,xiaguan]
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.protocol import open_state  # noqa: E402
from engine.protocol.strong import STRONG_UNITS, basic_action, rollout, rollouts_for, strong_choice  # noqa: E402

#: game label -> (written position without its seed, unit, target of the issue)
GAMES = {
    "gupai": ({"game": "gupai"}, "墩 a hand", "≥ +1.5"),
    "paohuzi": ({"game": "paohuzi", "variant": "paohuzi", "table": "four"}, "points a hand", "≥ +0.5"),
    "xiaguan": ({"game": "paohuzi", "variant": "xiaguan", "table": "three"}, "points a hand", "≥ +0.5"),
}


def interval(xs: list[float]) -> tuple[float, float]:
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return m, half


def play(position: dict, strong_seat: int | None, units: int, times: list[float]) -> list[float]:
    st = open_state(position)
    while not st.is_terminal():
        if st.current_player() == strong_seat and len(st.legal_actions()) > 1:
            t0 = time.process_time()
            a = strong_choice(st, rollouts_for(st, units), seed=position["seed"]).action
            times.append(time.process_time() - t0)
        else:
            a = basic_action(st)
        st.apply(a)
    return [float(x) for x in st.returns()]


def run(label: str, hands: int, start: int = 10_000) -> None:
    base, unit, target = GAMES[label]
    units = STRONG_UNITS[base["game"]]
    diffs: dict[int, list[float]] = {}
    times: list[float] = []
    t0 = time.process_time()
    for seed in range(start, start + hands):
        position = dict(base, seed=seed)
        w = open_state(position)
        basic = rollout(w)
        seats = [s for s in range(w.num_players()) if not (label == "paohuzi" and s == 3)]  # the 醒家 never decides
        for s in seats:
            strong = play(position, s, units, times)
            diffs.setdefault(s, []).append(strong[s] - basic[s])
    total = time.process_time() - t0
    every = [x for xs in diffs.values() for x in xs]
    m, half = interval(every)
    per_seat = "  ".join(f"seat {s}: {interval(xs)[0]:+.2f}±{interval(xs)[1]:.2f}" for s, xs in sorted(diffs.items()))
    times.sort()
    med = statistics.median(times) * 1e3 if times else 0.0
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))] * 1e3 if times else 0.0
    print(f"{label:8} {units:>8} {hands:>5} {len(every):>6}  {m:+6.2f} ± {half:4.2f} {unit:14} {target:>6}  "
          f"{med:7.1f} {p95:7.1f} {len(times):>6}  {total:6.0f} s")
    print(f"{'':8} {per_seat}")


def main(hands: int, games: list[str]) -> None:
    print("strong minus basic, the same seed and seat (paired); 95 % interval; CPU ms of one strong decision")
    print(f"{'game':8} {'units':>8} {'hands':>5} {'pairs':>6}  {'mean ± 95 %':>13} {'unit':14} {'target':>6}  "
          f"{'median':>7} {'p95':>7} {'moves':>6}  {'CPU':>8}")
    for g in games:
        run(g, hands)


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    gs = sys.argv[2].split(",") if len(sys.argv) > 2 else list(GAMES)
    main(n, gs)
