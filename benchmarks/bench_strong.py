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

Usage: python benchmarks/bench_strong.py [hands per game, default 20] [games, comma-separated] [first seed] [--seat=S] [--pyodide[=N]] [--before=REV]
``--seat=S`` plays the strong level at seat S only (the issue's measure for 跑胡子: seat 0 strong against seat 0
basic, the same seed, the other seats basic) instead of every seat in turn.
With BENCH_STRONG_RAW=<file>, each hand's paired differences are also appended to that file as a JSON line.

``--pyodide`` (N hands a game, default 2; ``--pyodide-only`` skips the head-to-head table) also times the
strong level's decisions inside real Pyodide under Node, with the engine's wheel loaded as the site's
worker loads it (the self-hosted Pyodide from node_modules, as tests/node/run_engine.mjs starts it): the
same decisions (same seeds, the strong seat rotating) are timed in CPython and in Pyodide, and printed
side by side, median and 95th percentile, beside the issue's target (median ≤ 300 ms, 95th percentile
≤ 1 s). Both are CPU time: CPython's process clock, and for Pyodide the Node process's CPU time
(``process.cpuUsage()``, which also counts V8's own helper threads), so a busy machine slows them
less than it slows the wall clock; the machine's load average is printed with them.

``--from=FILE[,FILE…]`` reads the JSON lines a run wrote (BENCH_STRONG_RAW) instead of playing: for each game
the mean of all its pairs with the 95 % interval (1.96 · sd / √n), per seat too, 叶子戏's first places at
each level, and the CPython time of a decision, also as the rows of the computer-players page's table
(docs/archive/strength.*.md, "The figures") in both languages.

``--before=REV`` (with ``--pyodide``) first prints the same timing table for the engine at git revision REV
(a temporary worktree, its own benchmark and wheel), then this tree's: a change's speed before and after, in
one run under the same load.
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

from engine.protocol import open_state
from engine.protocol.strong import STRONG_UNITS, basic_action, rollout, rollouts_for, strong_choice

#: game label -> (written position without its seed, unit, what the issue measured, its target)
GAMES = {
    "gupai": ({"game": "gupai"}, "墩 a hand", "sampler +2.06±0.30", "≥ +1.5"),
    # 跑胡子 names chi_shang_draw: its figures do not follow the option's default (下灌字牌 fixes its own reading)
    "paohuzi": ({"game": "paohuzi", "variant": "paohuzi", "table": "four", "options": {"chi_shang_draw": "forbid"}},
                "points a hand", "+0.65±0.64", "≥ +1.0, low ≥ +0.5"),
    "xiaguan": ({"game": "paohuzi", "variant": "xiaguan", "table": "three"}, "points a hand", "—", "≥ +1.0, low ≥ +0.5"),
    "yezi": ({"game": "yezi", "options": {"scoring": "placing"}}, "places a round", "wins 39 %→50 %", "≥ 50 % wins"),
    "yezi-rank": ({"game": "yezi"}, "places a round", "optimal", "no worse"),
    "dawei": ({"game": "dawei", "players": 4}, "柱 a game", "near optimal", "no worse, sweep"),
}


def interval(xs: list[float]) -> tuple[float, float]:
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return m, half


def play(position: dict, strong_seat: int | None, units: int, times: list[float], clock=time.process_time):
    st = open_state(position)
    while not st.is_terminal():
        if st.current_player() == strong_seat and len(st.legal_actions()) > 1:
            t0 = clock()
            a = strong_choice(st, rollouts_for(st, units), seed=position["seed"]).action
            times.append(clock() - t0)
        else:
            a = basic_action(st)
        st.apply(a)
    return st


def _first(st, seat: int) -> bool:
    return st.game == "yezi" and st.result().places[seat] == 1


def run(label: str, hands: int, start: int, only: int | None = None) -> None:
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
        if only is not None:
            seats = [only]
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
        print(f"{'':9} first place: strong {100 * wins['strong'] / n:.1f} ± {first_half(wins['strong'], n):.1f} %, "
              f"basic {100 * wins['basic'] / n:.1f} ± {first_half(wins['basic'], n):.1f} % of {n} seat-rounds (95 %)", flush=True)


#: the issue's target for the time of one strong decision in Pyodide (ms): median, 95th percentile
PYODIDE_TARGET = (300.0, 1000.0)


def sample_times(labels: list[str], hands: int, start: int, clock=time.process_time) -> dict[str, list[float]]:
    """Seconds of each strong decision over ``hands`` hands a game, the strong seat rotating with the seed
    (the basic computer at the other seats). Run in CPython and, the same code, in Pyodide."""
    out: dict[str, list[float]] = {}
    for label in labels:
        base = GAMES[label][0]
        units = STRONG_UNITS[base["game"]]
        times: list[float] = []
        warm = open_state(dict(base, seed=start))  # one untimed decision first: the modules it imports, the caches it fills
        while not warm.is_terminal() and len(warm.legal_actions()) < 2:
            warm.apply(basic_action(warm))
        if not warm.is_terminal():
            strong_choice(warm, 2, seed=start)
        for seed in range(start, start + hands):
            position = dict(base, seed=seed)
            n = open_state(position).num_players() - (1 if label == "paohuzi" else 0)  # the 醒家 never decides
            play(position, (seed - start) % n, units, times, clock)
        out[label] = times
    return out


def _quantiles(xs: list[float]) -> tuple[float, float]:
    ys = sorted(xs)
    if not ys:
        return float("nan"), float("nan")
    return statistics.median(ys) * 1e3, ys[min(len(ys) - 1, int(0.95 * len(ys)))] * 1e3


def pyodide_sample(labels: list[str], hands: int, start: int) -> dict[str, list[float]]:
    """:func:`sample_times` timed inside Pyodide under Node (the site's wheel and lock file); {} if it failed."""
    import shutil
    import subprocess
    import tempfile

    root = Path(__file__).resolve().parent.parent
    from sitegen.assets import engine_wheel, lockfile_with_wheel

    wheel = engine_wheel()
    rel = f"engine/{wheel.name}"
    with tempfile.TemporaryDirectory() as d:
        lock = Path(d) / "pyodide-lock.json"
        lock.write_bytes(lockfile_with_wheel(wheel, rel))
        (Path(d) / "assets" / "engine").mkdir(parents=True)
        shutil.copy2(wheel, Path(d) / "assets" / rel)
        bench = Path(d) / "bench_strong.py"
        bench.write_text(Path(__file__).read_text(encoding="utf-8"), encoding="utf-8")
        src = (root / "tests" / "node" / "run_engine.mjs").read_text(encoding="utf-8")
        last = 'for (const r of requests) process.stdout.write(call(JSON.stringify(r)) + "\\n");'
        if last not in src:
            print("pyodide: tests/node/run_engine.mjs changed; cannot time the strong level there", flush=True)
            return {}
        args = json.dumps([labels, hands, start])
        src = src.replace("const requests = JSON.parse(await readFile(requestsPath, \"utf8\"));", "")
        src = src.replace(last, (
            'pyodide.FS.writeFile("/home/pyodide/bench_strong.py", await readFile(requestsPath, "utf8"));\n'
            'process.stdout.write(pyodide.runPython(`import sys, json; sys.path.insert(0, "/home/pyodide"); from js import process; '
            'cpu = lambda: (lambda u: (u.user + u.system) / 1e6)(process.cpuUsage()); '
            f'import bench_strong; json.dumps(bench_strong.sample_times(*json.loads(\'{args}\'), clock=cpu))`) + "\\n");'))
        script = Path(d) / "timed.mjs"
        script.write_text(src, encoding="utf-8")
        out = subprocess.run(["node", str(script), str(lock), str(Path(d) / "assets"), str(bench)], cwd=root,
                             capture_output=True, text=True, timeout=7200)
        if out.returncode != 0:
            print("pyodide run failed:", out.stderr[-800:], flush=True)
            return {}
        return json.loads(out.stdout.strip().splitlines()[-1])


def pyodide_table(labels: list[str], hands: int, start: int) -> None:
    print(f"\ntime of one strong decision, the same decisions (seeds {start}–{start + hands - 1}, the strong seat rotating): "
          f"CPU ms in CPython and in Pyodide under Node; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    cpy = sample_times(labels, hands, start)
    pyo = pyodide_sample(labels, hands, start)
    print(f"{'game':9} {'moves':>6}  {'CPython median':>14} {'p95':>7}  {'Pyodide median':>14} {'p95':>7}  {'ratio':>5}  "
          f"{'target (Pyodide)':>22}", flush=True)
    for label in labels:
        cm, cp = _quantiles(cpy.get(label, []))
        pm, pp = _quantiles(pyo.get(label, []))
        ratio = pm / cm if cm and cm == cm and pm == pm else float("nan")
        target = f"median ≤ {PYODIDE_TARGET[0]:.0f}, p95 ≤ {PYODIDE_TARGET[1]:.0f}"
        met = "" if pm != pm else ("  met" if pm <= PYODIDE_TARGET[0] and pp <= PYODIDE_TARGET[1] else "  NOT met")
        print(f"{label:9} {len(cpy.get(label, [])):>6}  {cm:11.1f} ms {cp:7.1f}  {pm:11.1f} ms {pp:7.1f}  {ratio:5.1f}  {target:>22}{met}",
              flush=True)


def before_table(rev: str, labels: list[str], hands: int, start: int) -> None:
    """:func:`pyodide_table` for the engine at git revision ``rev``, run by that revision's own benchmark."""
    import subprocess
    import tempfile

    root = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory(prefix="bench-before-") as d:
        wt = Path(d) / "tree"
        subprocess.run(["git", "worktree", "add", "--detach", str(wt), rev], cwd=root, check=True, capture_output=True)
        try:
            for name in (".venv", ".venv-build", "node_modules"):  # the tools are this tree's
                if (root / name).exists():
                    (wt / name).symlink_to(root / name)
            print(f"\nbefore: the engine at {rev}", flush=True)
            subprocess.run([sys.executable, str(wt / "benchmarks" / "bench_strong.py"), str(hands), ",".join(labels), str(start),
                            f"--pyodide-only={hands}"], cwd=wt, check=False)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(wt)], cwd=root, check=False, capture_output=True)
    print("\nafter: this tree", flush=True)


def main(hands: int, games: list[str], start: int, only: int | None = None) -> None:
    print(f"strong minus basic, the same seed and seat (paired), seeds {start}–{start + hands - 1}"
          f"{'' if only is None else f', the strong seat always seat {only}'}; 95 % interval; "
          f"CPU ms of one strong decision (CPython); load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    print(f"{'game':9} {'hands':>5} {'pairs':>6}  {'mean ± 95 %':>15} {'unit':15} {'issue':>19} {'target':>16}  "
          f"{'median':>7} {'p95':>7} {'moves':>6}  {'CPU':>8}", flush=True)
    for g in games:
        run(g, hands, start, only)


#: how the computer-players page names each game, its unit, the issue's figure and the target: (zh…), (en…)
PAGE_NAMES = {
    "gupai": (("鄂南骨牌", "墩", "抽 10 副牌的对照：+2.06 ± 0.30", "≥ +1.5"),
              ("鄂南骨牌", "tricks (墩) a hand", "a 10-deal sampler: +2.06 ± 0.30", "≥ +1.5")),
    "paohuzi": (("跑胡子四人局", "分", "—", "≥ +0.5，区间不含 0"), ("跑胡子, four at the table", "points a hand", "—", "≥ +0.5, interval above 0")),
    "xiaguan": (("下灌字牌三人局", "分", "—", "≥ +0.5，区间不含 0"), ("下灌字牌, three at the table", "points a hand", "—", "≥ +0.5, interval above 0")),
    "yezi": (("叶子戏（按名次计分）", "个名次", "胜率 39%，后亮较好的一组可到 50%", "胜率 ≥ 50%"),
             ("叶子戏, scored by placings", "places a round", "wins 39 %, 50 % showing the better group second", "≥ 50 % wins")),
    "yezi-rank": (("叶子戏（默认计分）", "个名次", "最优", "不差于基本水平"), ("叶子戏, the default scoring", "places a round", "optimal", "no worse")),
    "dawei": (("打围四人", "柱", "接近最优", "不差于基本水平，并看重里抄外抄"),
              ("打围, four players", "柱 a game", "near optimal", "no worse, values the sweep")),
}


def first_half(wins: int, n: int) -> float:
    """The 95 % half-interval, in percent, of a share of first places (normal, 1.96 standard errors)."""
    p = wins / n if n else 0.0
    return 196 * math.sqrt(p * (1 - p) / n) if n else float("nan")


def summary(paths: list[str]) -> dict[str, dict]:
    """Each game's figures from the JSON lines of one or more runs (see ``--from``)."""
    lines: dict[str, list[dict]] = {}
    for k, path in enumerate(paths):
        for raw in Path(path).read_text(encoding="utf-8").splitlines():
            if raw.strip():
                row = json.loads(raw)
                row["run"] = k  # each file is its own run: its wins count from its first hand
                lines.setdefault(row["game"], []).append(row)
    out: dict[str, dict] = {}
    for game, rows in lines.items():
        pairs: list[float] = []
        seats: dict[str, list[float]] = {}
        ms: list[float] = []
        first = {"basic": 0, "strong": 0}
        before = {"basic": 0, "strong": 0}
        last = None
        for row in rows:  # a run's wins are counted from its first hand on: each hand's own is the step
            if last is None or row["seed"] != last[0] + 1 or row["run"] != last[1]:
                before = {"basic": 0, "strong": 0}
            for k in first:
                first[k] += row["wins"][k] - before[k]
            before, last = dict(row["wins"]), (row["seed"], row["run"])
            for s, d in row["diffs"].items():
                pairs.append(float(d))
                seats.setdefault(s, []).append(float(d))
            ms += row["ms"]
        m, half = interval(pairs)
        ms.sort()
        out[game] = {"hands": len(rows), "pairs": len(pairs), "mean": m, "half": half,
                     "seeds": (min(r["seed"] for r in rows), max(r["seed"] for r in rows)),
                     "seats": {s: interval(xs) for s, xs in sorted(seats.items())},
                     "first": first, "median": statistics.median(ms) if ms else float("nan"),
                     "p95": ms[min(len(ms) - 1, int(0.95 * len(ms)))] if ms else float("nan"), "moves": len(ms)}
    return out


def print_summary(paths: list[str]) -> None:
    figures = summary(paths)
    print(f"{'game':9} {'hands':>5} {'pairs':>6}  {'mean ± 95 %':>15} {'unit':15} {'issue':>19} {'target':>16}  "
          f"{'median':>7} {'p95':>7} {'moves':>6}", flush=True)
    for game, f in figures.items():
        _, unit, issue, target = GAMES.get(game, ({}, "", "", ""))
        print(f"{game:9} {f['hands']:>5} {f['pairs']:>6}  {f['mean']:+7.2f} ± {f['half']:5.2f} {unit:15} {issue:>19} {target:>16}  "
              f"{f['median']:7.1f} {f['p95']:7.1f} {f['moves']:>6}", flush=True)
        print(f"{'':9} seeds {f['seeds'][0]}–{f['seeds'][1]}; " + "  ".join(f"seat {s}: {m:+.2f}±{h:.2f}" for s, (m, h) in f["seats"].items()))
        if game.startswith("yezi"):
            print(f"{'':9} first place: strong {100 * f['first']['strong'] / f['pairs']:.1f} ± {first_half(f['first']['strong'], f['pairs']):.1f} %, "
                  f"basic {100 * f['first']['basic'] / f['pairs']:.1f} ± {first_half(f['first']['basic'], f['pairs']):.1f} % "
                  f"of {f['pairs']} seat-rounds (95 %)")
    for k, lang in enumerate(("zh", "en")):
        print(f"\nrows of the computer-players page ({lang}):")
        for game, f in figures.items():
            name, unit, issue, target = PAGE_NAMES[game][k] if game in PAGE_NAMES else (game, "", "—", "—")
            sign = "+" if f["mean"] >= 0 else "−"
            figure = f"{sign}{abs(f['mean']):.2f} ± {f['half']:.2f} {unit}"
            if lang == "zh":
                figure = f"每{'局' if game.startswith(('yezi', 'dawei')) else '手'} {figure}"
            if game.startswith("yezi"):
                s, b = 100 * f["first"]["strong"] / f["pairs"], 100 * f["first"]["basic"] / f["pairs"]
                h = first_half(f["first"]["strong"], f["pairs"])
                figure += (f"；得第一 {s:.1f}% ± {h:.1f}%，基本水平 {b:.1f}%" if lang == "zh" else
                           f"; first place {s:.1f} % ± {h:.1f} % against {b:.1f} %")
            ms = "毫秒" if lang == "zh" else "ms"
            print(f"| {name} | {f['hands']:,} | {f['pairs']:,} | {figure} | {issue} | {target} | "
                  f"{f['median']:.0f} {ms} / {f['p95']:.0f} {ms} |")

if __name__ == "__main__":
    flags = [a for a in sys.argv[1:] if a.startswith("--")]
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    n = int(args[0]) if args else 20
    gs = args[1].split(",") if len(args) > 1 else list(GAMES)
    first = int(args[2]) if len(args) > 2 else 10_000
    raw = next((f.split("=", 1)[1] for f in flags if f.startswith("--from=")), None)
    if raw is not None:
        print_summary(raw.split(","))
        sys.exit(0)
    seat = next((int(f.split("=", 1)[1]) for f in flags if f.startswith("--seat=")), None)
    if not any(f.startswith("--pyodide-only") for f in flags):
        main(n, gs, first, seat)
    timed = next((f for f in flags if f.startswith("--pyodide")), None)
    before = next((f.split("=", 1)[1] for f in flags if f.startswith("--before=")), None)
    if timed is not None and before:
        before_table(before, gs, int(timed.split("=", 1)[1]) if "=" in timed else 2, first)
    if timed is not None:
        pyodide_table(gs, int(timed.split("=", 1)[1]) if "=" in timed else 2, first)
