"""打围 engine speed. Prints figures; asserts nothing.

CPython: classifying throws, building the 462-throw table, playing whole games,
and the API requests the widgets make (``play`` replays from the seed on every
click, ``simulate`` runs in batches). With ``--pyodide`` the same API requests
are timed inside real Pyodide under Node (tests/node/run_engine.mjs).

Usage: python benchmarks/bench_dawei.py [--games N] [--pyodide]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.api import handle
from engine.dawei import throws
from engine.dawei.dice import all_throws
from engine.dawei.game import Config
from engine.dawei.state import DaweiState
from engine.dawei.options import DEFAULT, Rules


def timed(fn, repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--pyodide", action="store_true")
    args = ap.parse_args()
    print(f"python {sys.version.split()[0]}")

    (throws._classify_counts.cache_clear(), throws._classify_sorted.cache_clear())
    ts = all_throws()
    cold = timed(lambda: ([(throws._classify_counts.cache_clear(), throws._classify_sorted.cache_clear()), [throws.classify(t, Rules(red_five_gold='one_two_two')) for t in ts]]), 3)
    warm = timed(lambda: [throws.classify(t.dice, DEFAULT) for t in ts])
    print(f"classify, uncached: {cold / len(ts) * 1e6:.1f} µs per throw (all 462 in {cold * 1e3:.2f} ms)")
    print(f"classify, cached:   {warm / len(ts) * 1e6:.2f} µs per throw")

    turns, secs = [], []
    for n in (2, 4, 6, 9):
        t0 = time.perf_counter()
        ts_ = []
        for seed in range(args.games):
            g = DaweiState.of(Config(players=n, seed=seed)).play_out()
            ts_.append(g.turn_no)
        dt = time.perf_counter() - t0
        turns += ts_
        secs.append(dt)
        print(f"{n} players: {args.games} games in {dt:.2f} s = {dt / args.games * 1e3:.2f} ms per game, "
              f"median {statistics.median(ts_):.0f} turns, {sum(ts_) / dt:,.0f} turns/s")

    # the bounds: the largest drop chance allowed, the most games per request, a game run to the turn limit
    from engine.dawei.actions import MAX_SIM_GAMES, TURN_BUDGET
    from engine.dawei.game import MAX_DROP_CHANCE, MAX_PLAYERS, MAX_TURNS

    t0 = time.perf_counter()
    longest = max(DaweiState.of(Config(players=9, seed=s, drop_chance=MAX_DROP_CHANCE)).play_out().turn_no for s in range(args.games))
    dt = time.perf_counter() - t0
    print(f"drop chance {MAX_DROP_CHANCE}: {args.games} nine-player games in {dt:.2f} s, longest {longest} turns (turn limit {MAX_TURNS})")
    dt = timed(lambda: DaweiState.of(Config(players=MAX_PLAYERS, seed=1, drop_chance=MAX_DROP_CHANCE, max_turns=MAX_TURNS)).play_out(), 1)
    cap = timed(lambda: DaweiState.of(Config(players=9, seed=1, max_turns=MAX_TURNS, drop_chance=MAX_DROP_CHANCE)).play_out(), 1)
    g = DaweiState.of(Config(players=9, seed=1, drop_chance=MAX_DROP_CHANCE), drops=True)
    t0 = time.perf_counter()
    for _ in range(2000):
        if g.is_terminal():
            break
        g.apply("drop1")
    per_turn = (time.perf_counter() - t0) / max(1, g.turn_no)
    print(f"a void turn costs {per_turn * 1e6:.1f} µs: a game run to the limit ≈ {per_turn * MAX_TURNS * 1e3:.0f} ms; "
          f"worst simulate request ({MAX_SIM_GAMES} games × {MAX_TURNS} turns = {TURN_BUDGET:,} turns) ≈ {per_turn * TURN_BUDGET:.1f} s")
    req_worst = {"game": "dawei", "action": "simulate", "players": MAX_PLAYERS, "games": MAX_SIM_GAMES, "seed": 1, "drop_chance": MAX_DROP_CHANCE}
    print(f"API simulate, {MAX_SIM_GAMES} games, {MAX_PLAYERS} players, drop chance {MAX_DROP_CHANCE}: {timed(lambda: handle(req_worst), 1):.2f} s (CPython)")
    del dt, cap

    req_full = {"game": "dawei", "action": "play", "players": 4, "seed": 1, "humans": [0], "moves": ["auto:20000"]}
    req_mid = {"game": "dawei", "action": "play", "players": 4, "seed": 1, "humans": [0, 1, 2, 3], "moves": ["throw"] * 150}
    req_sim = {"game": "dawei", "action": "simulate", "players": 6, "games": 10, "seed": 1}
    req_cls = {"game": "dawei", "action": "classify", "dice": [3, 3, 3, 3, 4, 2]}
    for name, req in (("classify", req_cls), ("play, 150 hot-seat throws", req_mid), ("play, whole game", req_full), ("simulate, 10 games", req_sim)):
        dt = timed(lambda: handle(req))  # noqa: B023  called within this iteration of the loop only
        print(f"API {name}: {dt * 1e3:.2f} ms (CPython)")

    if args.pyodide:
        sys.path.insert(0, str(ROOT / "sitegen"))
        import shutil

        from sitegen.assets import plan

        with tempfile.TemporaryDirectory() as d:
            built = plan()
            z = Path(d) / "pyodide-lock.json"
            z.write_bytes(built.lock)
            (Path(d) / "assets" / built.wheel_rel).parent.mkdir(parents=True)
            shutil.copy2(built.wheel, Path(d) / "assets" / built.wheel_rel)
            reqs = [req_cls] + [req_mid] * 3 + [req_full] * 3 + [req_sim] * 3
            rq = Path(d) / "req.json"
            rq.write_text(json.dumps(reqs))
            script = Path(d) / "timed.mjs"
            src = (ROOT / "tests" / "node" / "run_engine.mjs").read_text()
            src = src.replace(
                'for (const r of requests) process.stdout.write(call(JSON.stringify(r)) + "\\n");',
                'for (const r of requests) { const t = performance.now(); call(JSON.stringify(r)); process.stdout.write(JSON.stringify({action: r.action, ms: performance.now() - t}) + "\\n"); }',
            )
            script.write_text(src)
            out = subprocess.run(["node", str(script), str(z), str(Path(d) / "assets"), str(rq)], cwd=ROOT, capture_output=True, text=True, timeout=600)
            if out.returncode != 0:
                print("pyodide run failed:", out.stderr[-800:])
                return 0
            names = ["classify (first call, cold caches)"] + ["play, 150 hot-seat throws"] * 3 + ["play, whole game"] * 3 + ["simulate, 10 games"] * 3
            rows: dict[str, list[float]] = {}
            for name, line in zip(names, out.stdout.strip().splitlines()):
                rows.setdefault(name, []).append(json.loads(line)["ms"])
            for name, ms in rows.items():
                print(f"API {name}: {min(ms):.1f} ms (Pyodide under Node, best of {len(ms)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
