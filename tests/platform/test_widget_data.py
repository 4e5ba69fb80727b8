"""No widget module holds game data: the words of the games and their numbers come from the engine.

The engine is the one keeper of the games' names and limits (issue 17, point 3): the glossary's terms,
seat and role names, the computer's levels, the words of each rule option's readings, deck and group
sizes, move limits. A module of ``widgets/`` asks the engine for them (``ctx.call``) and draws what it is
told. This test reads every module of ``widgets/`` (its code: comments are not read) and fails on

* a **game word**: a text in the code holding one of the engine's own names (the vocabulary is taken
  from the engine itself, below: ``engine.words.TERMS``, the seat and role tables, ``table.levels``, the
  readings of every game's ``options`` answer); a glossary term of one character (墩, 柱, 碰 …) counts
  when it is the whole Chinese text of a literal (a column head "柱", a table row ["碰", "peng"]), since
  inside a sentence one character is too often an ordinary word. A level's id ("basic", "strong") used as
  a text is a game word too: the levels are the engine's (``table.levels``).
* a **game number**: any numeric literal other than 0, 1 and 2 that is not one of the interface numbers
  listed in ``INTERFACE`` with the reason it is not about a game (milliseconds, pixel sizes of a drawing,
  the radix of a random id, the size of a file a browser may read …). A deck size, a group size, the
  number of seats, a move limit: each comes from an engine answer.

Sentences of the widget shell stay in the modules, as ``widgets/runtime.js`` keeps its status messages
and ``widgets/dom.js`` its share button: "Retry", "Working…", "Hint", "New game", a caption of a table.
They are the interface's words, not the games' data: they name no card, seat, level or rule, and the
engine answers nothing that could replace them. A sentence that names a game thing is caught by the
vocabulary above.

A module that still holds game data is marked ``xfail(strict=True)`` naming what remains: the mark makes
the test fail the moment the module is clean, so the mark must then be removed.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest

from engine.api import handle

ROOT = Path(__file__).resolve().parents[2]
WIDGETS = sorted((ROOT / "widgets").glob("*.js"))
CJK = re.compile(r"[\u3400-\u9fff]+")

#: numbers of the interface, not of a game: module → {literal: why}
INTERFACE: dict[str, dict[str, str]] = {
    "*": {"36": "the radix of a random element id", "100": "a percentage", "1_000": "milliseconds",
          "10_000": "milliseconds before a download link is let go", "0xfeff": "a byte-order mark",
          "16": "hexadecimal digits of a hash", "200": "an HTTP status", "404": "an HTTP status",
          "8": "the length of a random element id or a nesting depth of a shared link"},
    "runtime.js": {"20": "CSS px a menu's own arrow takes", "120_000": "milliseconds", "30_000": "milliseconds", "60_000": "milliseconds",
                   "2_500": "milliseconds", "1_500": "milliseconds"},
    "dom.js": {"65_536": "characters of a shared link", "20_000": "values in a shared link"},
    "offline.js": {"1e6": "bytes in a megabyte"},
    "recordio.js": {"1_600_000": "the largest file a reader may open"},
    "sessions.js": {"40": "sessions a browser keeps", "60": "characters of a session's name",
                    "400_000": "characters of a session's text", "4": "bytes a character may take in a file"},
    "sw.js": {"6": "downloads at once", "2000": "addresses in one message"},
    "worker.js": {"4_000_000": "characters of one request", "32": "nesting depth of one request",
                  "4": "bytes of a place or length in the Python snapshot's list of runs",
                  "12": "where the first run's length lies in that list (after two uint32 of heading and the run's place)"},
    "lesson.js": {"2147483000": "the range of a random exercise set's seed"},
    "yezi.js": {"34": "CSS px width of a card drawn large", "30": "CSS px width of a card drawn small"},
    "matchsheet.js": {"20": "characters of a player's name typed", "60": "characters of an event's name typed"},
    "dawei.js": {"3": "decimals of a percentage",
                 "10": "games a simulation asks for at once, so that its progress shows (the engine takes more)",
                 "2147483000": "the range of a new game's seed"},
    "gupai.js": {"26": "the width in pixels of a tile's drawing"},
    "ledger.js": {"20": "characters a player's name box takes"},
    "showing.js": {"20": "characters a player's name box takes"},
}


def tokens(src: str) -> list[tuple[str, str]]:
    """The module's literals, comments left out: ("str", text) for each string and each text part of a
    template (its ``${…}`` parts are read as code), ("num", literal) for each number."""
    out: list[tuple[str, str]] = []
    i, n, depth, prev = 0, len(src), 0, "op"
    templates: list[int] = []  # the brace depth at which each open template's ${…} ends
    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j
            continue
        if src.startswith("/*", i):
            j = src.find("*/", i + 2)
            i = n if j < 0 else j + 2
            continue
        if c in "\"'":
            j, buf = i + 1, []
            while j < n and src[j] != c:
                buf.append(src[j : j + 2] if src[j] == "\\" else src[j])
                j += 2 if src[j] == "\\" else 1
            # an element's tag (el("strong"), createElement("strong")) is markup, not a text
            tag = re.search(r"(?:\bel|\bmk|createElement)\(\s*$", src[max(0, i - 20) : i])
            out.append(("tag" if tag else "str", "".join(buf)))
            i, prev = j + 1, "value"
            continue
        if c == "`" or (c == "}" and templates and templates[-1] == depth):
            if c == "}":
                templates.pop()
            j, buf = i + 1, []
            while j < n:
                if src[j] == "\\":
                    buf.append(src[j : j + 2])
                    j += 2
                elif src[j] == "`":
                    j += 1
                    break
                elif src.startswith("${", j):
                    templates.append(depth)
                    j += 2
                    break
                else:
                    buf.append(src[j])
                    j += 1
            out.append(("str", "".join(buf)))
            i, prev = j, "value"
            continue
        if c == "/" and prev == "op":  # a regular expression
            j, in_class = i + 1, False
            while j < n and (src[j] != "/" or in_class):
                in_class = (in_class or src[j] == "[") and src[j] != "]"
                j += 2 if src[j] == "\\" else 1
            i, prev = j + 1, "value"
            continue
        m = re.match(r"0[xX][0-9a-fA-F_]+|\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?|\.\d+", src[i:]) if c.isdigit() or (
            c == "." and src[i + 1 : i + 2].isdigit()) else None
        if m:
            out.append(("num", m.group(0)))
            i, prev = i + len(m.group(0)), "value"
            continue
        m = re.match(r"[A-Za-z_$][\w$]*", src[i:])
        if m:
            word = m.group(0)
            i += len(word)
            prev = "op" if word in ("return", "typeof", "case", "in", "of", "new", "throw", "else", "do") else "value"
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        if not c.isspace():
            prev = "value" if c in ")]}" else "op"
        i += 1
    return out


def _answer(request: dict) -> dict:
    a = handle(request)
    assert a["ok"], (request, a)
    return a


@lru_cache(maxsize=1)
def vocabulary() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The engine's names: (Chinese words of two characters or more, one-character words, English ids)."""
    from engine import registry
    from engine.paohuzi.table import ROLE_NAMES
    from engine.record import SEATS_ZH
    from engine.words import TERMS

    zh = set(TERMS)
    zh |= {f"{s}家" for s in SEATS_ZH[:4]} | set(SEATS_ZH[:4]) | {SEATS_ZH[i : i + 2] for i in range(3)}
    zh |= {names[0] for names in ROLE_NAMES.values()}
    levels = _answer({"game": "table", "action": "levels"})["levels"]
    zh |= {lv["short"]["zh"] for lv in levels}
    for game in ("dawei", "gupai", "paohuzi", "yezi"):  # every game's options answer names its readings
        options = _answer({"game": game, "action": "options"})
        for option in options["options"]:
            # a reading's words, when a phrase of their own (可以 "allowed" or 并列 "shared" is any sentence's)
            zh |= {choice["zh"] for choice in option["choice_words"] if len(choice["zh"]) >= 4}
        # the words a table says around its answers (打围's 柱, 分掷, 首色; 骨牌's 墩, 结牌, 做庄, 垫 …)
        zh |= {w["zh"] for w in (options.get("words") or {}).values()}
    # the 跑胡子 match sheet's words (荒牌, 鸟, 打鸟 …) and the sheet's own name
    form = _answer({"game": "paohuzi", "action": "sheet", "hands": [], "form": True})["form"]
    zh |= {w["zh"] for w in form["terms"].values()} | {form["file_name"]["zh"]}
    # the games' names, as the registry gives them, and as a page shortens them (叶子戏 of 下灌叶子戏, 骨牌 of 鄂南骨牌)
    for e in registry.entries().values():
        for name in {e.title[0], e.api_words()[0], e.record_name()[0]}:
            zh |= {run[i:] for run in CJK.findall(name) for i in range(len(run) - 1)}
    ids = frozenset(lv["id"] for lv in levels)
    return frozenset(w for w in zh if len(w) > 1), frozenset(w for w in zh if len(w) == 1), ids


#: one-character words of the engine that are a game's wherever they stand in a widget's sentence (no ordinary
#: sentence of an interface holds them): 荒 (a dead hand, 荒牌), 鸟 (the bird bet), 垫 (a tile laid face down)
ANYWHERE = ("荒", "鸟", "垫")


def findings(src: str) -> list[str]:
    """What in the module's code is game data, in words (empty when nothing is)."""
    words, chars, ids = vocabulary()
    here = INTERFACE.get("*", {})
    out = []
    for kind, text in tokens(src):
        if kind == "str":
            chinese = "".join(CJK.findall(text))
            hits = sorted(w for w in words if w in text)
            hits += [c for c in ANYWHERE if c in chinese and not any(c in w for w in hits)]
            if chinese in chars:
                hits.append(chinese)
            if text in ids:
                hits.append(text)
            out += [f"the game word {w!r} in {text[:40]!r}" for w in hits]
        elif kind == "num" and text not in ("0", "1", "2") and text not in here:
            out.append(f"the number {text}")
    return out


def module_findings(path: Path) -> list[str]:
    allowed = INTERFACE.get(path.name, {})
    return [f for f in findings(path.read_text(encoding="utf-8"))
            if not (f.startswith("the number ") and f.removeprefix("the number ") in allowed)]


#: modules that still hold game data: module → what remains (remove the entry once the module is clean)
REMAINING: dict[str, str] = {
}


def _case(path: Path):
    if path.name in REMAINING:
        return pytest.param(path, id=path.name, marks=pytest.mark.xfail(strict=True, reason=REMAINING[path.name]))
    return pytest.param(path, id=path.name)


@pytest.mark.parametrize("path", [_case(p) for p in WIDGETS])
def test_no_widget_module_holds_a_game_word_or_number(path: Path) -> None:
    assert module_findings(path) == []


def test_the_check_finds_a_game_word_and_a_deck_size_in_a_made_up_module() -> None:
    made_up = (
        '// 甲家 in a comment is not read, nor 40 here\n'
        'const SEATS = ["甲家", "乙家"];\n'
        'const DECK = 40;\n'
        'export const widgets = { "x-y": async (root, ctx) => { root.textContent = ctx.t(`${DECK} 墩`, "柱") + ctx.t("谁赢了这一墩？", "Who won?"); '
        'if (ctx.level === "strong") root.append(el("strong", {}, "x"), /甲家 9/.source); } };\n'
    )
    found = findings(made_up)
    assert "the number 40" in found
    assert any("'甲家'" in f for f in found) and any("'乙家'" in f for f in found)
    assert any("'柱'" in f for f in found) and any("'strong'" in f for f in found)
    assert any("' 墩'" in f for f in found)  # a unit word alone beside a number
    assert len(found) == 6, found  # not the comment, the regular expression, the tag, nor 墩 inside a sentence
    # the words issue 39 found left in the modules, each inside a sentence
    for text in ("打鸟的人数", "最后一张（定鸟）", "跑胡子积分表", "扣下垫掉", "不能垫：", "分掷首色：选一种取法", "谁做庄？", "第 1 局：荒"):
        assert findings(f'const x = ctx.t("{text}", "x");\n'), text
    clean = 'export const widgets = { "x-y": async (root, ctx) => { const a = await ctx.call({ game: "x" }); ' \
            'root.textContent = ctx.t(`共 ${a.deck} 张`, `${a.deck} cards`) + ctx.t("重试", "Retry"); } };\n'
    assert findings(clean) == []


def test_the_vocabulary_is_the_engines_and_every_module_is_read() -> None:
    words, chars, ids = vocabulary()
    assert {"甲家", "庄家", "醒家", "结牌", "封墩"} <= words and {"墩", "柱", "碰"} <= chars and {"basic", "strong"} <= ids
    # issue 39: the words once left in the 跑胡子 match sheet, 骨牌's table and ledger and 打围's table
    assert {"跑胡子积分表", "首色", "做庄", "打鸟", "荒牌"} <= words and {"鸟", "垫"} <= chars
    assert all(any(c in w for w in words | chars) for c in ANYWHERE)  # the engine's words, every one
    assert len(words) >= 40
    assert len(WIDGETS) >= 15
    for path in WIDGETS:
        assert any(kind == "str" for kind, _ in tokens(path.read_text(encoding="utf-8"))), path.name
