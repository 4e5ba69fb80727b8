"""The strong computer level against the basic one, head to head. Prints figures; asserts nothing.

For each game and each seeded hand, every seat in turn is played by the strong level while the
basic computer plays the others, and the same hand (same seed) is played by the basic computer at
every seat: the difference of that seat's result is one paired sample (same seed, same seat).
Printed: the mean of strong minus basic with its 95 % interval (normal, 1.96 standard errors), per
seat and over all seats, beside the issue's figures and target; for 叶子戏 (scored by placings)
how often the seat wins (first place, shared or not) at each level; and the CPU time of a strong
decision (median and 95th percentile, CPython; Pyodide is about two to three times slower).

Games: gupai (骨牌), paohuzi (跑胡子 at the four-seat table), xiaguan (下灌字牌 at the three-seat
table), yezi (叶子戏 scored by placings), yezi-rank (叶子戏, the default scoring), dawei (打围 for four).

Usage: python benchmarks/bench_strong.py [hands per game, default 20] [games, comma-separated] [first seed]
With BENCH_STRONG_RAW=<file>, each hand's paired differences are also appended to that file as a JSON line.
"""

from __future__ import annotations

import json
import math
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.protocol import open_state  # noqa: E402
from engine.protocol.strong import STRONG_UNITS, basic_action, rollout, rollouts_for, strong_choice  # noqa: E402

#: game label -> (written position without its seed, unit, what the issue measured, its target)
GAMES = {
    "gupai": ({"game": "gupai"}, "墩 a hand", "sampler +2.06±0.30", "≥ +1.5"),
    "paohuzi": ({"game": "paohuzi", "variant": "paohuzi", "table": "four"}, "points a hand", "—", "≥ +0.5, excl. 0"),
    "xiaguan": ({"game": "paohuzi", "variant": "xiaguan", "table": "three"}, "points a hand", "—", "≥ +0.5, excl. 0"),
    "yezi": ({"game": "yezi", "options": {"scoring": "placing"}}, "places a round", "wins 39 %→50 %", "≥ 50 % wins"),
    "yezi-rank": ({"game": "yezi"}, "places a round", "optimal", "no worse"),
    "dawei": ({"game": "dawei", "players": 4}, "柱 a game", "near optimal", "no worse, sweep"),
}


def interval(xs: list[float]) -> tuple[float, float]:
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return m, half


def play(position: dict, strong_seat: int | None, units: int, times: list[float]):
    st = open_state(position)
    while not st.is_terminal():
        if st.current_player() == strong_seat and len(st.legal_actions()) > 1:
            t0 = time.process_time()
            a = strong_choice(st, rollouts_for(st, units), seed=position["seed"]).action
            times.append(time.process_time() - t0)
        else:
            a = basic_action(st)
        st.apply(a)
    return st


def _first(st, seat: int) -> bool:
    return st.game == "yezi" and st.r.result().places[seat] == 1


def run(label: str, hands: int, start: int) -> None:
    base, unit, issue, target = GAMES[label]
    units = STRONG_UNITS[base["game"]]
    diffs: dict[int, list[float]] = {}
    wins = {"basic": 0, "strong": 0}
    times: list[float] = []
    t0 = time.process_time()
    for seed in range(start, start + hands):
        mark = len(times)
        position = dict(base, seed=seed)
        w = open_state(position)
        basic = rollout(w) if base["game"] != "dawei" else [float(x) for x in play(position, None, units, []).returns()]
        if base["game"] == "yezi":
            w = play(position, None, units, [])
        seats = [s for s in range(w.num_players()) if not (label == "paohuzi" and s == 3)]  # the 醒家 never decides
        for s in seats:
            st = play(position, s, units, times)
            strong = [float(x) for x in st.returns()]
            diffs.setdefault(s, []).append(strong[s] - basic[s])
            wins["strong"] += _first(st, s)
            wins["basic"] += _first(w, s)
        if os.environ.get("BENCH_STRONG_RAW"):  # one line a hand, for figures gathered over several runs
            with open(os.environ["BENCH_STRONG_RAW"], "a", encoding="utf-8") as f:
                f.write(json.dumps({"game": label, "seed": seed, "diffs": {s: diffs[s][-1] for s in seats}, "wins": dict(wins), "ms": [round(t * 1e3, 1) for t in times[mark:]]}) + "\n")
    total = time.process_time() - t0
    every = [x for xs in diffs.values() for x in xs]
    m, half = interval(every)
    per_seat = "  ".join(f"seat {s}: {interval(xs)[0]:+.2f}±{interval(xs)[1]:.2f}" for s, xs in sorted(diffs.items()))
    times.sort()
    med = statistics.median(times) * 1e3 if times else 0.0
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))] * 1e3 if times else 0.0
    print(f"{label:9} {hands:>5} {len(every):>6}  {m:+7.2f} ± {half:5.2f} {unit:15} {issue:>19} {target:>16}  "
          f"{med:7.1f} {p95:7.1f} {len(times):>6}  {total:6.0f} s", flush=True)
    print(f"{'':9} {per_seat}", flush=True)
    if base["game"] == "yezi":
        n = len(every)
        print(f"{'':9} first place: strong {100 * wins['strong'] / n:.1f} %, basic {100 * wins['basic'] / n:.1f} % of {n} seat-rounds", flush=True)


def main(hands: int, games: list[str], start: int) -> None:
    print(f"strong minus basic, the same seed and seat (paired), seeds {start}–{start + hands - 1}; 95 % interval; "
          "CPU ms of one strong decision (CPython)", flush=True)
    print(f"{'game':9} {'hands':>5} {'pairs':>6}  {'mean ± 95 %':>15} {'unit':15} {'issue':>19} {'target':>16}  "
          f"{'median':>7} {'p95':>7} {'moves':>6}  {'CPU':>8}", flush=True)
    for g in games:
        run(g, hands, start)


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    gs = sys.argv[2].split(",") if len(sys.argv) > 2 else list(GAMES)
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 10_000
    main(n, gs, first)
