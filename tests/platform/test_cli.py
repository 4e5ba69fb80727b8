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


def test_jsonl_survives_lone_surrogates_through_a_pipe():
    """A lone surrogate (valid JSON, not encodable as UTF-8) in any request is answered,
    and the lines after it are answered too."""
    lines = [
        '{"game": "\\ud800", "action": "x"}',
        '{"game": "engine", "action": "\\udfff"}',
        '{"game": "gupai", "action": "compare", "a": ["\\ud83d"], "b": "\\udc00"}',
        '{"\\ud800": 1, "game": "engine", "action": "ping"}',
        '{"game": "engine", "action": "ping"}',
    ]
    answers = run_jsonl("\n".join(lines) + "\n")
    assert len(answers) == len(lines)
    assert [a["ok"] for a in answers] == [False, False, False, True, True]
    assert answers[0]["error"]["code"] == "unknown_game"
    assert answers[1]["error"]["code"] == "unknown_action"
    # the reader's text comes back as it was sent (escaped), not mangled
    assert "\ud800" in answers[0]["error"]["en"]


def test_call_survives_a_lone_surrogate():
    for request in ('{"game": "\\ud800", "action": "x"}', '{"game":"\\ud800"}'):
        proc = subprocess.run(
            [sys.executable, "-m", "engine", "call", request], capture_output=True, cwd=ROOT, timeout=60,
        )
        assert proc.returncode == 0, proc.stderr.decode()
        answer = json.loads(proc.stdout.decode("utf-8"))
        assert answer["ok"] is False and answer["error"]["zh"] and answer["error"]["en"]


def test_one_failing_line_never_stops_the_loop(monkeypatch):
    """Even if answering a line fails in an unexpected way, the loop answers it and goes on."""
    import io

    import engine.__main__ as cli

    def explode(request):
        if request.get("action") == "boom":
            raise SystemError("unexpected")
        return handle(request)

    monkeypatch.setattr(cli, "handle", explode)
    out = io.StringIO()
    cli.run_jsonl(io.StringIO('{"game": "engine", "action": "boom"}\n{"game": "engine", "action": "ping"}\n'), out)
    answers = [json.loads(x) for x in out.getvalue().splitlines()]
    assert answers[0]["ok"] is False and answers[0]["error"]["code"] == "internal_error"
    assert answers[1]["pong"] is True
