"""跑胡子 and 下灌字牌 played by computer players: who wins, how often no one does, how much a win is worth, and speed.

Prints figures; asserts nothing. Run: ``.venv/bin/python benchmarks/bench_paohuzi_play.py [hands] [--pyodide]``
(default 10,000 hands at the four-seat table, 2,000 for each other table and for 下灌字牌).
Also prints the time of one ``play`` request (a whole computer hand, and one move of a
reader's hand replayed from the seed, as the widget asks it) in CPython, and with
``--pyodide`` the same requests inside real Pyodide under Node (tests/node/run_engine.mjs).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.api import handle
from engine.paohuzi.computer_hands import computer_stats

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


def reader_requests() -> list[dict]:
    """Requests a widget sends while a reader plays seed 0..9: each move replayed from the seed."""
    out = []
    for seed in range(10):
        moves: list = []
        for _ in range(8):
            req = {"game": "paohuzi", "action": "play", "seed": seed, "table": "four", "actions": list(moves)}
            a = handle(req)
            if a["over"] or not a["actions"]:
                break
            moves.append({"id": a["actions"][0]["id"]})
            out.append({"game": "paohuzi", "action": "play", "seed": seed, "table": "four", "actions": list(moves)})
    return out


def pyodide_times() -> None:
    import json
    import shutil
    import subprocess
    import tempfile

    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root / "sitegen"))
    from sitegen.assets import plan

    whole = [{"game": "paohuzi", "action": "play", "seed": s, "table": "four", "computer": [0, 1, 2]} for s in range(10)]
    step = reader_requests()
    with tempfile.TemporaryDirectory() as d:
        built = plan()
        z = Path(d) / "pyodide-lock.json"
        z.write_bytes(built.lock)
        (Path(d) / "assets" / built.wheel_rel).parent.mkdir(parents=True)
        shutil.copy2(built.wheel, Path(d) / "assets" / built.wheel_rel)
        rq = Path(d) / "req.json"
        rq.write_text(json.dumps(whole + step))
        script = Path(d) / "timed.mjs"
        src = (root / "tests" / "node" / "run_engine.mjs").read_text()
        src = src.replace(
            'for (const r of requests) process.stdout.write(call(JSON.stringify(r)) + "\\n");',
            'for (const r of requests) { const t = performance.now(); call(JSON.stringify(r)); process.stdout.write(JSON.stringify({ms: performance.now() - t}) + "\\n"); }',
        )
        script.write_text(src)
        out = subprocess.run(["node", str(script), str(z), str(Path(d) / "assets"), str(rq)], cwd=root, capture_output=True, text=True, timeout=900)
        if out.returncode != 0:
            print("pyodide run failed:", out.stderr[-800:])
            return
        ms = [json.loads(line)["ms"] for line in out.stdout.strip().splitlines()]
        w, st = ms[1:len(whole)], ms[len(whole):]  # the first call warms the caches
        print(f"play request, a whole computer hand: median {statistics.median(w):.1f} ms, max {max(w):.1f} ms (Pyodide under Node)")
        print(f"play request, one reader's move replayed from the seed: median {statistics.median(st):.1f} ms, "
              f"max {max(st):.1f} ms over {len(st)} moves (Pyodide under Node)")


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    hands = int(args[0]) if args else 10_000
    request_times()
    if "--pyodide" in sys.argv:
        pyodide_times()
    row(hands, "four", "paohuzi")
    for table in ("three", "two"):
        row(max(1, hands // 5), table, "paohuzi")
    for table in ("three", "two"):
        row(max(1, hands // 5), table, "xiaguan")


if __name__ == "__main__":
    main()
