"""Every message a widget can show speaks to a reader (issue 41, point 5): none of the workshop's words (the engine,
seeds, the build, the programming interface, the command line) in any string of a browser module, nor in the words
the build hands the widgets (the pages' own data), in either language. The crawl (tests/browser/test_phone.py) reads
the game pages once their widgets are ready, so it never meets what a widget says while Python starts, when it fails
to, or when a step is stopped; this reads them where they are written.

Not scanned: comments, and what goes only to a developer's console or into an error's own message (the widgets
show a sentence of their own instead)."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from collections.abc import Iterator
from pathlib import Path

from browser.crawl import is_game_page
from browser.workshop import workshop_words

ROOT = Path(__file__).resolve().parents[2]
#: what may stand before a ``/`` that starts a regular expression (not a division)
REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^") | {""}
#: strings only a developer sees: logged to the console, or the message of an error the widget does not show
DEVELOPER = re.compile(r"console\.\w+\(|new \w*Error\(")
#: a string that is a name for the program (a key, a data attribute, a selector, a file), not a sentence
NAME = re.compile(r"^[A-Za-z0-9_$.:/#\[\]=\"'-]*$")


def literals(source: str) -> Iterator[tuple[str, str]]:
    """(the line the string begins on, the string) for each string of a JavaScript file, outside comments and
    regular expressions; a template's text is one string, with ``${…}`` where its expressions stand (the strings
    inside those are read too)."""
    n = len(source)
    braces: list[int] = []  # for each template expression we are in: how many of its own braces are open
    parts: list[tuple[int, list[str]]] = []  # for each template we are in: where it began, its text so far

    def line(i: int) -> str:
        end = source.find("\n", i)
        return source[source.rfind("\n", 0, i) + 1:end if end >= 0 else n]

    def template(i: int) -> int:
        """Read a template's text from ``i``: the index after its end or after the ``${`` of its next expression."""
        j = i
        while not source.startswith("${", j) and source[j] != "`":
            j += 2 if source[j] == "\\" else 1
        parts[-1][1].append(source[i:j])
        if source[j] == "`":
            return j + 1
        braces.append(0)
        return j + 2

    i, last = 0, ""
    while i < n:
        c = source[i]
        if source.startswith("//", i):
            i = source.find("\n", i)
            i = n if i < 0 else i
        elif source.startswith("/*", i):
            i = source.index("*/", i + 2) + 2
        elif c == "`" or (c == "}" and braces and braces[-1] == 0):
            if c == "`":
                parts.append((i, []))
            else:
                braces.pop()
            i = template(i + 1)
            if source[i - 1] == "`":
                at, text = parts.pop()
                yield line(at), "${…}".join(text)
            last = "`"
        elif c in "\"'":
            j = i + 1
            while source[j] != c:
                j += 2 if source[j] == "\\" else 1
            yield line(i), source[i + 1:j]
            i, last = j + 1, c
        elif c == "/" and last in REGEX_AFTER:
            j, cls = i + 1, False
            while cls or source[j] != "/":
                cls = (cls and source[j] != "]") or (not cls and source[j] == "[")
                j += 2 if source[j] == "\\" else 1
            i, last = j + 1, "/"
        elif c.isalnum() or c in "_$":
            m = re.match(r"[\w$]+", source[i:i + 64])
            assert m
            # a word: after `return` a slash starts a regular expression; after a name it divides
            last = "" if m.group(0) in ("return", "typeof", "case", "in", "of", "void", "yield", "await") else "a"
            i += len(m.group(0))
        else:
            if c in "{}" and braces:
                braces[-1] += 1 if c == "{" else -1
            if not c.isspace():
                last = c
            i += 1
    assert not braces and not parts, "a template is left open"


def messages() -> Iterator[tuple[str, str]]:
    """(where, text) of every string a reader may see in the browser modules."""
    for f in sorted((ROOT / "widgets").glob("*.js")):
        for line, s in literals(f.read_text(encoding="utf-8")):
            if DEVELOPER.search(line) or NAME.match(s):
                continue
            # a program in a string (the worker's Python): only the strings it answers with are words
            for text in re.findall(r'"((?:[^"\\\n]|\\.)*)"', s) if "\n" in s else [s]:
                yield f"widgets/{f.name}: {line.strip()[:90]}", text


def test_the_reader_of_strings_finds_each_string_once() -> None:
    src = ('const a = "one"; // "not two"\n/* \'nor three\' */ const r = /["\']+/g; const b = `four ${a}` / 2;\n'
           'x = y / 2; z = \'five\'; w = `six ${k ? `seven ${"eight"}` : {a: 1}.a} nine`;')
    assert [s for _, s in literals(src)] == ["one", "four ${…}", "five", "eight", "seven ${…}", "six ${…} nine"]


def test_no_message_of_a_widget_speaks_of_the_workshop() -> None:
    found = []
    seen = 0
    for where, text in messages():
        seen += 1
        for lang in ("zh", "en"):
            found += [f"{where} — {m.group(0)!r}" for m in workshop_words(text, lang)]
    assert seen > 500, seen
    assert found == [], "\n".join(found)


class _Handed(HTMLParser):
    """The words a page hands its widgets: its data attributes, and the data its scripts carry as JSON."""

    def __init__(self) -> None:
        super().__init__()
        self.out: list[str] = []
        self._json = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.out += [v for k, v in attrs if k.startswith("data-") and v]
        self._json = tag == "script" and ("type", "application/json") in attrs

    def handle_data(self, data: str) -> None:
        if self._json:
            self.out.append(data)

    def handle_endtag(self, tag: str) -> None:
        self._json = False


def handed_words(html: str) -> list[str]:
    """Every string in what ``html`` hands its widgets (a JSON value's strings one by one)."""
    p = _Handed()
    p.feed(html)
    out: list[str] = []

    def strings(v: object) -> None:
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, dict):
            for x in v.values():
                strings(x)
        elif isinstance(v, list):
            for x in v:
                strings(x)

    for text in p.out:
        try:
            strings(json.loads(text))
        except ValueError:
            out.append(text)
    return out


def test_no_game_page_hands_its_widgets_a_workshop_word(built_site: Path) -> None:
    """What the build hands the widgets (the referee's messages, the words of a form) is shown only as the reader
    acts, so the crawl may never see it: read here from every game page as built."""
    found, seen = [], 0
    for f in sorted(built_site.rglob("index.html")):
        rel = f.relative_to(built_site).as_posix()
        if not is_game_page(rel):
            continue
        lang = "en" if rel.startswith("en/") else "zh"
        for text in handed_words(f.read_text(encoding="utf-8")):
            if NAME.match(text):
                continue
            seen += 1
            found += [f"/{rel.removesuffix('index.html')}: {m.group(0)!r} in “{text[:80]}”" for m in workshop_words(text, lang)]
    assert seen > 1000, seen
    assert found == [], "\n".join(found[:40])
