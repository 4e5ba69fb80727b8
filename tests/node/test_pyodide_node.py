"""The engine inside real Pyodide (the pinned npm package) under Node, loaded as the site loads it
(its wheel, listed in the site's pyodide-lock.json, through loadPackage), gives the same answers as CPython."""

from __future__ import annotations

import json
import shutil
import subprocess


from engine.api import available_games, examples_of, handle
from sitegen.assets import plan

from conftest import ROOT

BAD = [[1], {"game": "engine"}, {"game": "chess", "action": "x"}, {"game": "dawei", "action": "classify", "dice": "x"}]


def test_engine_in_pyodide_under_node(tmp_path):
    node = shutil.which("node")
    assert node, "node is required (make test installs it via the machine)"
    assert (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists(), "run npm ci"
    built = plan()
    lock = tmp_path / "pyodide-lock.json"
    lock.write_bytes(built.lock)
    wheel = tmp_path / "assets" / built.wheel_rel
    wheel.parent.mkdir(parents=True)
    shutil.copy2(built.wheel, wheel)
    requests = [ex["request"] for g in available_games() for ex in examples_of(g)] + BAD
    rpath = tmp_path / "requests.json"
    rpath.write_text(json.dumps(requests, ensure_ascii=False), encoding="utf-8")
    proc = subprocess.run(
        [node, str(ROOT / "tests" / "node" / "run_engine.mjs"), str(lock), str(tmp_path / "assets"), str(rpath)],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "python 3." in proc.stderr  # it really ran in Pyodide's Python
    assert "engine /lib/python3." in proc.stderr and "site-packages/engine/" in proc.stderr  # installed from the wheel
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == len(requests)
    for req, ans in zip(requests, answers):
        expected = json.loads(json.dumps(handle(req), ensure_ascii=False, sort_keys=True))
        if isinstance(req, dict) and "seed" not in req and req.get("action") in ("roll", "deal", "random", "simulate"):
            assert ans["ok"] == expected["ok"], req
        else:
            assert ans == expected, req
