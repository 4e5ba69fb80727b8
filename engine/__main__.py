"""Command line: ``python -m engine``.

``python -m engine --jsonl``    one JSON request per line on stdin, one JSON answer per line on stdout
``python -m engine call '{"game": ..., "action": ...}'``   one request, pretty answer
``python -m engine info``       the engine's version and actions
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from .api import handle


def _dumps(obj: object, pretty: bool = False) -> str:
    if pretty:
        return json.dumps(obj, ensure_ascii=False, indent=2)
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def answer_line(line: str) -> str:
    try:
        request = json.loads(line)
    except (ValueError, RecursionError):
        ans = {
            "ok": False,
            "error": {"code": "bad_json", "zh": "这一行不是有效的 JSON。", "en": "This line is not valid JSON."},
        }
    else:
        ans = handle(request)
    return _dumps(ans)


def run_jsonl(inp: TextIO, out: TextIO) -> int:
    for line in inp:
        if not line.strip():
            continue
        out.write(answer_line(line) + "\n")
        out.flush()
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m engine", description="Folk-games heritage archive rules engine")
    p.add_argument("--jsonl", action="store_true", help="read JSON requests line by line from stdin")
    sub = p.add_subparsers(dest="cmd")
    c = sub.add_parser("call", help="answer one JSON request")
    c.add_argument("request")
    sub.add_parser("info", help="version and actions")
    args = p.parse_args(argv)
    if args.jsonl:
        sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[attr-defined]
        sys.stdin.reconfigure(encoding="utf-8", errors="replace")  # type: ignore[attr-defined]
        return run_jsonl(sys.stdin, sys.stdout)
    if args.cmd == "call":
        print(_dumps(json.loads(answer_line(args.request)), pretty=True))
        return 0
    if args.cmd == "info":
        print(_dumps(handle({"game": "engine", "action": "info"}), pretty=True))
        return 0
    p.print_help()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
