"""The views drawn in the browser are the views drawn at build time: the views package, zipped by the build
(sitegen/assets.py) and unpacked beside the engine's wheel in real Pyodide under Node, answered through the
worker's own start-up code (widgets/worker.js BOOT_PY), gives the same markup as CPython for the same request (the 跑胡子 table and hand widgets, the 骨牌 board and ledger, the 打围 dice, split, game and referee, the 叶子戏 deal, round,
combination form and showing)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import views
from engine.api import handle
from dawei.helpers import seeded_table_moves
from sitegen.assets import BOOT_PY, WIDGETS, plan

from conftest import ROOT

#: a seeded game of four written as a real table's entries (who threw first, the entries), ended in the split phase
REFEREED = seeded_table_moves(26, 4)

REQUESTS = [
    {"view": "zipai-table", "lang": lang, "base": "/paohuzi/turn/", "request": {"game": "paohuzi", "action": "play", **req}}
    for lang in ("zh", "en")
    for req in (
        {"seed": 7, "table": "four"},
        {"seed": 4, "variant": "xiaguan", "table": "three", "actions": [{"id": "discard:x4"}]},  # refused: a kan is never split,
        {"seed": 3, "table": "four", "computer": [0, 1, 2]},
        {"seed": 11, "table": "four", "match": {"hands": 2}, "birds": 1},
    )
] + [  # the 叶子戏 combination form and showing at a real table, the 骨牌 session ledger
    {"view": "yezi-form", "lang": "zh", "request": {"game": "yezi", "action": "evaluate", "groups": [["10", "10", "10"], ["1", "3", "4", "8"]]}},
    {"view": "yezi-showing", "lang": "en", "request": {"game": "yezi", "action": "showing", "thrower": 1, "players": [
        {"hand": ["9", "6", "5", "10", "2", "leaf", "2", "10"]}, {"groups": [["5", "7", "leaf", "10"], ["1", "3", "4", "8"]]},
        {"hand": ["3", "3", "6", "6", "4", "8", "9", "7"]}, {"groups": [["1", "1", "2", "4"], ["5", "7", "8", "9"]]}]}},
    {"view": "gupai-ledger", "lang": "zh", "request": {"game": "gupai", "action": "ledger", "names": ["老王", "", "", ""],
                                                       "hands": [{"dealer": 0, "held": [3, 0, 1, 4], "closer": 3},
                                                                 {"dealer": 3, "held": [2, 1, 1, 4], "closer": 3, "shang": "run", "run": True}]}},
] + [  # 打围's dice widget, and a game refereed at a real table: begun, and entered to its settlement
    {"view": "dawei-dice", "lang": "zh", "request": {"game": "dawei", "action": "classify", "dice": [4, 4, 4, 1, 1, 3], "lang": "zh"}},
    {"view": "dawei-dice", "lang": "en", "request": {"game": "dawei", "action": "classify", "dice": [4, 4, 4, 1, 1, 3],
                                                     "options": {"red_five_gold": "one_two_two"}, "lang": "en"}},
    {"view": "dawei-referee", "lang": "zh", "request": {"game": "dawei", "action": "referee", "players": 4, "first": 0, "moves": [], "lang": "zh"}},
    {"view": "dawei-referee", "lang": "en", "request": {"game": "dawei", "action": "referee", "players": 4, "first": REFEREED[0],
                                                        "moves": REFEREED[1], "names": ["Ann", "<b>Bo</b>", "Cy", "Di"], "entries": 5, "lang": "en"}},
] + [
    {"view": "gupai-board", "lang": "zh", "request": {"game": "gupai", "action": "play", "seed": 1120, "human": 0}},
    {"view": "gupai-board", "lang": "en", "request": {"game": "gupai", "action": "play", "seed": 1120, "human": 0,
                                                      "moves": [{"tiles": ["11"], "up": True}, {"tiles": ["22", "24"], "up": False}]}},
    {"view": "dawei-split", "lang": "zh", "request": {"game": "dawei", "action": "split", "first": [2, 2, 2, 1, 4, 4], "lang": "zh"}},
    {"view": "dawei-split", "lang": "en", "request": {"game": "dawei", "action": "split", "first": [4, 4, 1, 2, 3, 5],
                                                      "second": [4, 1, 1, 2, 3, 5], "choice": "deer_two_red:4", "lang": "en"}},
    {"view": "dawei-game", "lang": "en", "request": {"game": "dawei", "action": "play", "players": 4, "seed": 1, "humans": [0], "moves": ["auto:5"], "lang": "en"}},
    {"view": "yezi-deal", "lang": "en", "request": {"game": "yezi", "action": "deal", "seed": 222}},
    {"view": "yezi-round", "lang": "zh", "request": {"game": "yezi", "action": "round", "seed": 0, "thrower": 2}},
] + [
    {"view": "paohuzi-verdict", "lang": "en", "base": "/en/paohuzi/",
     "request": {"game": "paohuzi", "action": "hu", "hand": "d1 d2 d3 x1 x2 x3 x2 x7 x10 d5 d5 d5 x4 x5 x6 d8 d8 x9 x9 d9".split(), "card": "x8", "source": "self"}},
    {"view": "paohuzi-waits", "lang": "zh", "request": {"game": "paohuzi", "action": "waiting", "hand": "d1 d2 d3 x1 x2 x3 x2 x7 x10 d5 d5 d5 x4 x5 x6 d8 d8 x9 x9 d9".split()}},
    {"view": "paohuzi-sheet", "lang": "en", "request": {"game": "paohuzi", "action": "settle", "winner": "xia", "huxi": 21, "fan": ["red"]}},
    {"view": "paohuzi-sheet", "lang": "zh", "request": {"game": "paohuzi", "action": "settle", "winner": "nobody", "huxi": 21}},
] + [{"view": "nothing", "lang": "zh"}, {"view": "zipai-table", "lang": "en", "request": {"game": "paohuzi", "action": "play", "seed": -1}},
     {"game": "paohuzi", "action": "deng", "huxi": 21}]


def test_views_in_pyodide_draw_what_the_build_draws(tmp_path):
    node = shutil.which("node")
    assert node, "node is required"
    built = plan()
    vzip = tmp_path / "views.zip"
    vzip.write_bytes(built.views)
    boot = tmp_path / "boot.py"
    m = BOOT_PY.search((WIDGETS / "worker.js").read_text(encoding="utf-8"))
    assert m
    boot.write_text(m.group(1), encoding="utf-8")
    rpath = tmp_path / "requests.json"
    rpath.write_text(json.dumps(REQUESTS, ensure_ascii=False), encoding="utf-8")
    proc = subprocess.run(
        [node, str(ROOT / "tests" / "node" / "run_views.mjs"), str(built.wheel), str(vzip), str(boot), str(rpath)],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "views /lib/python3." in proc.stderr  # unpacked from the build's archive, not this checkout
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == len(REQUESTS)
    drawn = refused = 0
    for req, ans in zip(REQUESTS, answers):
        expected = views.answer(req) if "view" in req else handle(req)
        assert ans == json.loads(json.dumps(expected, ensure_ascii=False)), req
        drawn += bool(ans.get("html", {}).get("board"))
        refused += bool(ans.get("html", {}).get("message"))
    assert (drawn, refused) == (13, 2)  # the 跑胡子 tables, the 骨牌 boards, the 打围 game's and the referee's
    assert all(a["html"]["openings"] for a in answers[-12:-10]) and answers[-11]["html"]["outcome"]  # the 打围 split
    assert answers[-10]["html"]["log"] and answers[-9]["html"]["split"] and "yz-round-table" in answers[-8]["html"]["result"]
    results = [a.get("html", {}).get("result", "") for a in answers[-7:-3]]
    assert all(results) and "hw-error" in results[-1]  # a settlement the engine refuses is said in the result's place
    assert [a["ok"] for a in answers[-3:]] == [False, False, True]
    by_view = {r["view"]: a for r, a in zip(REQUESTS, answers) if r.get("view") in ("yezi-form", "yezi-showing", "gupai-ledger")}
    # the deck's three 合 placed: that face is grey, and says why
    assert re.search(r'data-card="10" data-count="3"[^>]* title="[^"]+" disabled>', by_view["yezi-form"]["html"]["palette"])
    assert by_view["yezi-showing"]["html"]["result"].count('data-role="place-row"') == 4
    assert by_view["gupai-ledger"]["html"]["table"].count('data-role="hand-row"') == 2 and "老王" in by_view["gupai-ledger"]["html"]["table"]
    dice = [a for r, a in zip(REQUESTS, answers) if r.get("view") == "dawei-dice"]
    assert [a["pattern"]["id"] for a in dice] == ["leopard_red_five_gold", "deer_three_red"]  # the rule option read
    assert all(f'data-id="{a["pattern"]["id"]}"' in a["html"]["result"] for a in dice) and dice[0]["html"]["also"]
    begun, ended = [a for r, a in zip(REQUESTS, answers) if r.get("view") == "dawei-referee"]
    assert begun["html"]["settlement"] == "" and begun["html"]["log"].count("<li>") == 1
    assert ended["terminal"] and ended["html"]["settlement"].count("data-net=") == 4 and "&lt;b&gt;Bo&lt;/b&gt;" in ended["html"]["board"]
