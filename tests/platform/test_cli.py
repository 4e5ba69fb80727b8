"""python -m engine --jsonl: one answer per line, flushed, carrying on after bad lines."""

from __future__ import annotations

import json
import subprocess
import sys

from engine.api import handle

from conftest import ROOT


def run_jsonl(text: str) -> list[dict]:
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "--jsonl"], input=text.encode("utf-8"),
        capture_output=True, cwd=ROOT, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr.decode()
    return [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines()]


def test_jsonl_answers_each_line_and_survives_bad_ones():
    lines = [
        '{"game": "engine", "action": "ping"}',
        "this is not json",
        "{",
        "[1, 2, 3]",
        '{"game": "nope", "action": "x"}',
        "\xff\xfe 乱码",
        '{"game": "engine", "action": "info"}',
    ]
    answers = run_jsonl("\n".join(lines) + "\n")
    assert len(answers) == len(lines)
    assert answers[0] == handle({"game": "engine", "action": "ping"})
    assert [a["ok"] for a in answers] == [True, False, False, False, False, False, True]
    assert answers[1]["error"]["code"] == "bad_json"
    assert answers[3]["error"]["code"] == "bad_request"
    assert answers[4]["error"]["code"] == "unknown_game"


def test_jsonl_answers_are_flushed_line_by_line():
    proc = subprocess.Popen(
        [sys.executable, "-m", "engine", "--jsonl"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT,
    )
    try:
        assert proc.stdin and proc.stdout
        for _ in range(3):
            proc.stdin.write(b'{"game": "engine", "action": "ping"}\n')
            proc.stdin.flush()
            # readline returns only if the answer was flushed before stdin closed
            assert json.loads(proc.stdout.readline())["pong"] is True
    finally:
        if proc.stdin:
            proc.stdin.close()
        proc.wait(timeout=30)


def test_call_subcommand():
    proc = subprocess.run(
        [sys.executable, "-m", "engine", "call", '{"game": "engine", "action": "ping"}'],
        capture_output=True, cwd=ROOT, timeout=60, text=True,
    )
    assert json.loads(proc.stdout)["pong"] is True
