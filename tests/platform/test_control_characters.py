"""No control character from a record or a request reaches a reader (issue 38, findings 3 and 5).

- A record whose ``Event`` tag held an escape sequence (set the terminal's title, clear the screen,
  print a forged red result line) was accepted and printed by ``python -m engine referee``; U+202E
  (right-to-left override) in ``Names`` passed too. Every control character (C0 but line breaks,
  DEL, C1) and every text-direction control is now refused with its line and its code point.
- ``referee -`` read all of standard input (400 MB piped in peaked at 837 MB) before refusing the
  record as too long; it now reads at most what it reads of a file, 4 MB.
- A carriage return in a name got past the match sheet's CSV guard (a spreadsheet saw ``=1+1`` in a
  cell of its own); every cell holding CR, LF, a quote or a comma is quoted, and names with control
  characters are refused by the API in both languages.
"""

from __future__ import annotations

import csv
import io
import random
import subprocess
import sys
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from engine.api import handle
from engine.paohuzi.sheet import Match, compute, csv_text
from engine.protocol import play_random, state_class
from engine.record import RecordError, read, write_state
from engine.text import UNSAFE

from conftest import ROOT

ESCAPES = "\x1b]0;PWNED\x07\x1b[2J\x1b[31mOfficial result: A wins 1000\x1b[0m"
RLO = "\u202e"
#: one of each kind of character refused: C0, DEL, C1 (CSI, NEL), the text-direction controls
REFUSED = ["\x00", "\x07", "\x08", "\t", "\x0b", "\x0c", "\x1b", "\x7f", "\x85", "\x9b",
           "\u061c", "\u200e", "\u200f", "\u202a", "\u202d", RLO, "\u2066", "\u2069", "\u2028"]


def a_record() -> str:
    st = state_class("gupai")({"seed": 3})
    play_random(st, random.Random(7))
    return write_state(st, {"Names": "张三;李四;王五;赵六", "Event": "春节 Spring Festival", "Date": "2026-12-01"})


def with_tag(text: str, tag: str, value: str) -> tuple[str, int]:
    """``text`` with the tag's value replaced by ``value``, and the line (1-based) it is on."""
    lines = text.split("\n")
    k = next(i for i, line in enumerate(lines) if line.startswith(f"[{tag} "))
    lines[k] = f'[{tag} "{value}"]'
    return "\n".join(lines), k + 1


def referee_cli(text: bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "engine", "referee", "-"], input=text, capture_output=True, cwd=ROOT, timeout=120)


def test_the_escape_sequence_in_a_tag_is_refused_with_its_line_and_never_printed():
    text, line = with_tag(a_record(), "Event", ESCAPES)
    with pytest.raises(RecordError) as e:
        read(text)
    assert e.value.line == line and "U+001B" in e.value.en and "U+001B" in e.value.zh
    proc = referee_cli(text.encode("utf-8"))
    assert proc.returncode == 1
    err = proc.stderr.decode("utf-8")
    assert f"Line {line}: " in err and f"第 {line} 行" in err and "U+001B" in err
    assert b"\x1b" not in proc.stdout + proc.stderr and b"\x07" not in proc.stdout + proc.stderr
    assert b"Official result" not in proc.stdout + proc.stderr
    # the same record without the escapes is refereed as before
    clean, _ = with_tag(a_record(), "Event", "Official result: A wins 1000")
    ok = referee_cli(clean.encode("utf-8"))
    assert ok.returncode == 0 and "Official result" in ok.stdout.decode("utf-8")


def test_a_right_to_left_override_in_the_names_is_refused():
    text, line = with_tag(a_record(), "Names", f"张三{RLO}0001 sniw A;李四;王五;赵六")
    with pytest.raises(RecordError) as e:
        read(text)
    assert e.value.line == line and "U+202E" in e.value.en and "text-direction" in e.value.en
    proc = referee_cli(text.encode("utf-8"))
    assert proc.returncode == 1 and RLO.encode("utf-8") not in proc.stdout + proc.stderr


@pytest.mark.parametrize("ch", REFUSED, ids=[f"U+{ord(c):04X}" for c in REFUSED])
def test_every_control_character_is_refused_in_tags_comments_and_comment_lines(ch):
    base = a_record()
    lines = base.split("\n")
    move = next(i for i, line in enumerate(lines) if line.startswith("1. "))
    in_tag, tag_line = with_tag(base, "Event", f"a{ch}b")
    in_comment = "\n".join(lines[:move] + [lines[move].replace(" {", " {" + ch, 1)] + lines[move + 1:])
    comment_line = "\n".join(lines[:move] + [f"% note{ch}"] + lines[move:])
    for text, line in ((in_tag, tag_line), (in_comment, move + 1), (comment_line, move + 1)):
        with pytest.raises(RecordError) as e:
            read(text)
        assert e.value.line == line and f"U+{ord(ch):04X}" in e.value.en, (repr(ch), e.value.line, line)
        answer = handle({"game": "record", "action": "read", "text": text})
        assert answer["ok"] is False and answer["error"]["en"].startswith(f"Line {line}: ")


def test_line_breaks_of_every_kind_a_text_file_uses_are_still_read():
    text = a_record()
    assert read(text.replace("\n", "\r\n")).position == read(text).position


@settings(max_examples=200)
@given(hs.text(alphabet=hs.characters(codec="utf-8"), max_size=12))
def test_a_tag_is_read_if_and_only_if_it_holds_no_refused_character(value):
    value = value.replace('"', "").replace("\\", "").replace("\n", "").replace("\r", "")
    text, line = with_tag(a_record(), "Event", value)
    if UNSAFE.search(value):
        with pytest.raises(RecordError) as e:
            read(text)
        assert e.value.line == line
    else:
        assert read(text).tags["Event"] == value


def test_standard_input_is_read_no_further_than_a_file():
    """400 MB piped in: the referee reads 4 MB of it, refuses the record as too long, and its
    memory stays what reading 4 MB takes (it peaked at 837 MB when it read everything)."""
    # the peak of this process's own memory (VmHWM: getrusage's ru_maxrss would also count the
    # memory of the test process it was forked from, which Linux keeps across exec)
    wrapper = (
        "import re, sys\n"
        "from engine.__main__ import main\n"
        "rc = main(['referee', '-'])\n"
        "peak = re.search(r'VmHWM:\\s*(\\d+)', open('/proc/self/status').read()).group(1)\n"
        "sys.stderr.write('\\nPEAK_KB %s\\n' % peak)\n"
        "sys.exit(rc)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", wrapper], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT)
    chunk = (b"% " + b"x" * 1021 + b"\n") * 1024  # 1 MB of comment lines
    sent = [0]

    def feed() -> None:  # 400 MB from a generator, never from a file
        assert proc.stdin is not None
        try:
            for _ in range(400):
                proc.stdin.write(chunk)
                sent[0] += len(chunk)
            proc.stdin.close()
        except (BrokenPipeError, OSError):
            pass  # the referee stopped reading, as it should

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    assert proc.stdout is not None and proc.stderr is not None
    out, err = proc.stdout.read(), proc.stderr.read()
    proc.wait(timeout=300)
    writer.join(timeout=60)
    text = err.decode("utf-8")
    assert proc.returncode == 1, text
    assert "The record is too long" in text and "记录太长了" in text and not out
    peak_mb = int(text.split("PEAK_KB ")[1].split()[0]) / 1024
    assert sent[0] < 400 * len(chunk)  # the rest of the 400 MB was never read
    assert peak_mb < 100, peak_mb  # (reading everything took 837 MB)


def test_a_record_on_standard_input_within_the_limit_is_refereed():
    proc = referee_cli(a_record().encode("utf-8"))
    assert proc.returncode == 0 and "Settlement:" in proc.stdout.decode("utf-8")


# ---------------------------------------------------------------- names at the API and the CSV


def sheet_request(names: list[str]) -> dict:
    return {"game": "paohuzi", "action": "sheet", "table": "two", "names": names, "hands": [{"winner": None}]}


def test_a_carriage_return_in_a_cell_is_quoted_in_the_csv():
    """The CSV writer quotes a cell with CR as it quotes LF: the cell stays one cell (were it left
    bare, a spreadsheet would break the line there and read ``=1+1`` as a cell of its own)."""
    for name in ("x\r=1+1", "x\n=1+1", "x\r\n=1+1", 'say "hi"', "a,b"):
        sheet = compute(Match(table="two", names=(name, "B")))
        rows = list(csv.reader(io.StringIO(csv_text(sheet), newline="")))
        head = rows[0]
        assert len(rows) == 1 and len(head) == 11 + 2 * 2, rows
        assert any(cell.startswith(name) for cell in head), (name, head)


@pytest.mark.parametrize("name", ["x\r=1+1", "x\n=1+1", f"A{RLO}B", "\x1b[31mA", "a\tb", "\x85"])
def test_names_with_control_characters_are_refused_at_the_api(name):
    answers = [
        handle(sheet_request([name, "李四"])),
        handle({"game": "record", "action": "write", "position": {"game": "gupai", "seed": 3},
                "names": [name, "b", "c", "d"]}),
        handle({"game": "record", "action": "write", "position": {"game": "gupai", "seed": 3}, "event": name}),
        handle({"game": "dawei", "action": "referee", "players": 2, "names": [name, "b"], "moves": []}),
        handle({"game": "gupai", "action": "ledger", "names": [name, "b", "c", "d"], "hands": []}),
        handle({"game": "record", "action": "export", "names": [name, "b", "c", "d"],
                "request": {"game": "gupai", "action": "play", "seed": 3, "human": 0, "moves": []}}),
    ]
    for a in answers:
        assert a["ok"] is False, a
        zh, en = a["error"]["zh"], a["error"]["en"]
        assert zh and en and f"U+{ord(next(c for c in name if UNSAFE.search(c) or c in chr(10) + chr(13))):04X}" in en
        assert not UNSAFE.search(zh + en) and "\n" not in zh + en and "\r" not in zh + en  # the message does not echo it


def test_the_csv_of_the_sheet_action_has_every_quoted_cell_whole():
    a = handle({**sheet_request(['甲,"一"', "乙"]), "event": "友谊赛, 2026", "over": True})
    assert a["ok"] is True, a
    rows = list(csv.reader(io.StringIO(a["csv"], newline="")))
    assert rows[0][11].startswith('甲,"一"') and all(len(r) in (0, 3, 15) for r in rows)
