"""Command line: ``python -m engine``.

``python -m engine --jsonl``    one JSON request per line on stdin, one JSON answer per line on stdout
``python -m engine call '{"game": ..., "action": ...}'``   one request, pretty answer
``python -m engine info``       the engine's version and actions
``python -m engine referee FILE [--lang zh|en|both]``   read a game's written record and print
                                what a referee would say: each move, then the settlement
                                (a bad record: its line and the rule it breaks, exit status 1)
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import TextIO

from .api import handle
from .record import RecordError, narration_text, referee


_SURROGATE = re.compile("[\ud800-\udfff]")
#: the most a record read by ``referee`` may weigh, from a file or from standard input (a record
#: holds at most engine.record.MAX_CHARS characters, at most 4 bytes each in UTF-8, with room to spare)
MAX_RECORD_BYTES = 4_000_000


def _dumps(obj: object, pretty: bool = False) -> str:
    """JSON that any UTF-8 stream can carry: a lone surrogate (which UTF-8 cannot
    encode) is written as its JSON escape, so the text stays what was sent."""
    if pretty:
        text = json.dumps(obj, ensure_ascii=False, indent=2)
    else:
        text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    # surrogates only ever occur inside JSON strings, where \uXXXX is valid
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


_FAILED = {
    "ok": False,
    "error": {
        "code": "internal_error",
        "zh": "引擎无法回答这一行。请报告此问题；后面的行照常回答。",
        "en": "The engine could not answer this line. Please report it; the lines after it are answered as usual.",
    },
}


def answer_line(line: str) -> str:
    """The answer to one line of text, as one line of JSON. Never raises."""
    try:
        try:
            request = json.loads(line)
        except (ValueError, RecursionError):
            ans: dict[str, object] = {
                "ok": False,
                "error": {"code": "bad_json", "zh": "这一行不是有效的 JSON。", "en": "This line is not valid JSON."},
            }
        else:
            ans = handle(request)
        return _dumps(ans)
    except Exception:  # noqa: BLE001 - one bad line never stops the loop
        return _dumps(_FAILED)


def run_jsonl(inp: TextIO, out: TextIO) -> int:
    for line in inp:
        if not line.strip():
            continue
        out.write(answer_line(line) + "\n")
        out.flush()
    return 0


def _utf8_streams() -> None:
    """Read and write UTF-8 whatever the locale; undecodable input bytes become U+FFFD."""
    for stream, errors in ((sys.stdout, "strict"), (sys.stdin, "replace")):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(encoding="utf-8", errors=errors)


def _referee(path: str, lang: str) -> int:
    """Print a record's narration and settlement; a bad record's line and rule on stderr (status 1)."""

    reconfigure = getattr(sys.stderr, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(encoding="utf-8", errors="replace")
    try:
        if path == "-":  # standard input: no more than a file is read (a pipe may never end)
            raw = sys.stdin.buffer.read(MAX_RECORD_BYTES + 1)
        else:
            with open(path, "rb") as f:
                raw = f.read(MAX_RECORD_BYTES + 1)
    except OSError:
        print(f"读不到文件 {path}。\nCannot read the file {path}.", file=sys.stderr)
        return 2
    if len(raw) > MAX_RECORD_BYTES:
        print(f"记录太长了：至多读 {MAX_RECORD_BYTES // 1_000_000} MB，这份记录更长，没有读它。\n"
              f"The record is too long: at most {MAX_RECORD_BYTES // 1_000_000} MB is read, and this one is longer; it was not read.",
              file=sys.stderr)
        return 1
    try:
        report = referee(raw.decode("utf-8", errors="replace"))
    except RecordError as e:
        print(f"{e.message_zh}\n{e.message_en}", file=sys.stderr)
        return 1
    except Exception:  # noqa: BLE001 - a reader gets words, never a traceback
        print("引擎出了错，没能读完这份记录：请报告它，并附上这份记录。\n"
              "The engine went wrong and could not read this record: please report it, with the record.", file=sys.stderr)
        return 3
    sys.stdout.write(narration_text(report, lang))
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m engine", description="Folk-games heritage archive rules engine")
    p.add_argument("--jsonl", action="store_true", help="read JSON requests line by line from stdin")
    sub = p.add_subparsers(dest="cmd")
    c = sub.add_parser("call", help="answer one JSON request")
    c.add_argument("request")
    sub.add_parser("info", help="version and actions")
    r = sub.add_parser("referee", help="referee a game's written record: its moves in words and the settlement")
    r.add_argument("file", help="the record (a text file; - for standard input)")
    r.add_argument("--lang", choices=("zh", "en", "both"), default="both")
    args = p.parse_args(argv)
    _utf8_streams()
    if args.jsonl:
        return run_jsonl(sys.stdin, sys.stdout)
    if args.cmd == "call":
        print(_dumps(json.loads(answer_line(args.request)), pretty=True))
        return 0
    if args.cmd == "referee":
        return _referee(args.file, args.lang)
    if args.cmd == "info":
        print(_dumps(handle({"game": "engine", "action": "info"}), pretty=True))
        return 0
    p.print_help()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
