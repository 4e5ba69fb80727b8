"""widgets/sessions.js, the sessions kept side by side on a device, driven under Node: sessions of
different kinds stay apart, the current one survives a reload, save/rename/delete do what they say,
the oldest go when there are too many, and a file is taken only when the engine reads it as a record."""

from __future__ import annotations

import json
import shutil
import subprocess

from conftest import ROOT


def run() -> dict:
    node = shutil.which("node")
    assert node, "node is required"
    proc = subprocess.run([node, str(ROOT / "tests" / "node" / "sessions_store.mjs"), (ROOT / "widgets" / "sessions.js").as_uri()],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)


def test_sessions_store():
    out = run()
    assert out["listA"] == ["Second", "第一局"]  # most recent first, and kinds apart
    assert out["listB"] == ["other kind"]
    assert out["current"] == "Second"
    assert out["opened"] == '[Record "1"]\n'
    assert out["currentAfterOpen"] == "第一局"  # the session opened last is the one a reload reopens
    assert out["saved"]["text"] == "changed" and out["saved"]["meta"] == {"over": True}
    assert out["renamed"] == "renamed"
    assert out["removed"] is True and out["removedAgain"] is False
    assert out["listAfterRemove"] == ["第一局"]
    assert out["fileName"] == "张三-李四-第1局.txt"
    assert out["fileNameEmpty"] == "kind-a.txt"
    assert out["capped"] == 40
    assert out["readGood"]["ok"] is True
    assert out["readBad"] == {"ok": False, "error": {"zh": "第 1 行：坏", "en": "Line 1: bad"}}
    assert out["imported"] == {"ok": True, "name": "imported game", "text": '[Record "1"]\n', "current": "imported game"}
    assert out["refused"] == {"ok": False, "error": {"zh": "不收", "en": "not taken"}}
    assert out["damaged"] == []
    assert out["fullThrows"] is True
    # a name the page gave shows in the reading page's language, on either page, until the reader renames it
    assert out["pageName"] == {"name": "第 1 场", "zh": "第 1 场", "en": "Session 1", "listed": "Session 1"}
    assert out["pageNameSaved"] == "Session 1"
    assert out["pageNameRenamed"] == ["星期五", "星期五"]
    assert out["pageNameAgain"] == ["甲、乙的账", "Ledger of A, B"]
    assert out["readerName"] == ["第一局", "第一局"]
    assert out["damagedNames"] == ["旧名", "旧名"]
