"""Chinese pages in Chinese (issue 44 point 6): the Chinese pages of the four games carry no English glosses,
API codes or Python names. The scan reads each built Chinese game page's article and counts the words in
Latin script outside what may stay: code and record samples, marked as such (``code``, ``pre``), drawings, marked quotations
(``blockquote``, ``q``, anything marked ``lang`` other than Chinese), the citation block (its styles are
named in their own script), links' addresses, and a short list of names (below)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

GAMES = ("dawei", "gupai", "yezi", "paohuzi")

#: words in Latin script a Chinese game page may hold — proper names: programs a reader's browser runs, file
#: formats and the citation standard (GB/T), the paper size A4, the sources' own file names (how the archive cites
#: them) and the 骨牌 source's author and its words (cl828487, "nba"); record samples: cards and groups as a
#: 跑胡子 record writes them (x1–x10, d1–d10, peng, ti), offered for typing; one-letter labels of a worksheet's
#: choices and of formulas (A–E, x, d, n); "example" of the mark "示例 / example" that issue 44 asks for on a build's example
ALLOWED = re.compile(r"^(?:Python|JavaScript|Pyodide|SVG|CSV|JSON|BibTeX|CSL|GB|A4|[a-z]+\.txt|cl828487|nba|example"
                     r"|[xd]\d{1,2}|peng|ti|[A-Za-z])$")
#: elements whose text is not the page's own Chinese prose
SKIP = {"code", "pre", "svg", "script", "style", "blockquote", "q", "noscript", "math", "kbd", "samp"}
SKIP_CLASSES = ("rec-cite", "headerlink", "md-source", "rec-term-py")
VOID = {"br", "img", "hr", "input", "meta", "link", "wbr", "source", "col", "area", "base", "embed", "param", "track"}


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[bool] = []  # per open element: is its text skipped?
        self.inside = False
        self.depth = 0
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "article":
            self.inside = True
        if tag in VOID:
            return
        lang = (a.get("lang") or "").lower()
        cls = a.get("class") or ""
        skip = (tag in SKIP or (lang and not lang.startswith("zh")) or any(c in cls for c in SKIP_CLASSES)
                or (self.stack and self.stack[-1]))
        self.stack.append(bool(skip))

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.inside = False
        if tag in VOID:
            return
        if self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if self.inside and not (self.stack and self.stack[-1]):
            self.parts.append(data)


def latin_words(html: str) -> list[str]:
    p = _Text()
    p.feed(html)
    text = " ".join(p.parts)
    text = re.sub(r"https?://\S+", " ", text)
    return [w for w in re.findall(r"[A-Za-z][A-Za-z0-9_.]*[A-Za-z0-9]|[A-Za-z]", text) if not ALLOWED.match(w)]


def chinese_game_pages(site: Path) -> list[Path]:
    return [f for g in GAMES for f in sorted((site / g).rglob("index.html"))]


def count(site: Path) -> dict[str, list[str]]:
    return {f.parent.relative_to(site).as_posix(): latin_words(f.read_text(encoding="utf-8")) for f in chinese_game_pages(site)}


def test_chinese_game_pages_have_no_english_words(built_site: Path) -> None:
    found = {p: ws for p, ws in count(built_site).items() if ws}
    assert found == {}, "\n".join(f"{p}: {' '.join(ws)}" for p, ws in found.items())


def test_the_scan_finds_an_english_gloss_and_a_python_name() -> None:
    page = ('<article><p>字面义：leaf，见 engine.yezi.round.Round。</p><blockquote><p>quoted words</p></blockquote>'
            '<p lang="en">marked</p><code>A hand:dealer=A</code><p>Python 在浏览器里运行。</p></article>')
    assert latin_words(page) == ["leaf", "engine.yezi.round.Round"]
    # the rule-trace table once named code paths in plain cells, where a Chinese reader met them mid-sentence
    assert latin_words("<article><table><tr><td>发牌</td><td>engine.yezi.round.deal</td></tr></table></article>") == ["engine.yezi.round.deal"]


if __name__ == "__main__":  # the count before and after a change: python tests/record/test_chinese_pages.py SITE
    import sys

    c = count(Path(sys.argv[1]))
    for p, ws in c.items():
        if ws:
            print(p, len(ws), " ".join(ws[:40]))
    print("Latin-script words on Chinese game pages:", sum(len(w) for w in c.values()))
