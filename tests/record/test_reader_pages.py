"""Reader pages are for readers: no built page outside archive/ carries lab notes — issue talk,
targets, commit hashes, load figures, command lines or timing tables. The measurements live on
the archive's methods page (archive/strength), which the play pages link to with a few plain
sentences on how strong each computer level is."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

pytestmark = pytest.mark.site

#: what a reader page must not hold, each found in the visible text of the page's article
LAB_NOTES = {
    "issue talk": r"\b[Ii]ssue(?:'s|s)?\b|议题",
    "targets": r"\b[Tt]argets?\b|目标",
    "commit hashes": r"\bcommits?\b|提交\s*[0-9a-f]{7}|\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}\b",
    "load figures": r"[Ll]oad average|\bload\s+\d|负荷",
    "command lines": (r"benchmarks/|\bpython3?\s+-m\s|\bpython3?\s+[\w./]+\.py\b|\bpytest\b|"
                      r"\bmake\s+(?:test|site|deploy|editions|pdf|bench|setup|serve|release)|BENCH_[A-Z_]+|"
                      r"\s--[a-z][a-z-]+|\bnice -n|\bgit\s+(?:tag|log|show|clone)\b"),
    "timing tables": r"\d\s*(?:ms|毫秒)\b|\b[Mm]edian\b|中位数|\b95th\b|百分位|CPU time|CPU 时间",
}


class _ArticleText(HTMLParser):
    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.skip = 0
        self.inside = 0
        self.parts: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "template"):
            self.skip += 1
        if tag == "article":
            self.inside += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template"):
            self.skip -= 1
        if tag == "article":
            self.inside -= 1

    def handle_data(self, data: str) -> None:
        if self.inside and not self.skip:
            self.parts.append(data)


def lab_notes(page: Path) -> list[tuple[str, str]]:
    """(kind, the text around it) of every lab note in the page's article."""
    text = " ".join(_ArticleText(page.read_text(encoding="utf-8")).parts)
    return [(kind, text[max(0, m.start() - 40):m.end() + 40].replace("\n", " "))
            for kind, pattern in LAB_NOTES.items() for m in re.finditer(pattern, text)]


def _reader_pages(site: Path) -> list[Path]:
    out = []
    for f in sorted(site.rglob("index.html")):
        rel = f.relative_to(site).as_posix().removeprefix("en/")
        if not rel.startswith(("archive/", "editions/", "assets/", "search/")):
            out.append(f)
    return out


def test_no_reader_page_holds_lab_notes(built_site: Path) -> None:
    pages = _reader_pages(built_site)
    assert len(pages) > 80, len(pages)
    found = {p.relative_to(built_site).as_posix(): hits for p in pages if (hits := lab_notes(p))}
    assert not found, found


def test_the_scan_finds_lab_notes_where_they_belong(built_site: Path) -> None:
    """The methods page holds every kind of measurement the reader pages may not: the scan that
    passes the reader pages finds each kind there."""
    for lang in ("", "en/"):
        kinds = {k for k, _ in lab_notes(built_site / f"{lang}archive/strength/index.html")}
        assert kinds >= {"issue talk", "targets", "commit hashes", "load figures", "command lines", "timing tables"}, (lang, kinds)


def _section(page: Path, anchor: str) -> str:
    text = page.read_text(encoding="utf-8")
    m = re.search(rf'<h2 id="{anchor}".*?(?=<h2 |</article>)', text, re.S)
    assert m, (page, anchor)
    return m.group(0)


def test_the_play_page_says_how_strong_each_level_is_and_links_the_methods(built_site: Path) -> None:
    for lang, per in (("", "上下"), ("en/", "give or take")):
        section = _section(built_site / f"{lang}paohuzi/play/index.html", "strong-level")
        assert 'href="../../archive/strength/"' in section, section[-800:]
        plain = re.sub(r"<[^>]+>", "", section)
        # each game's figure with its uncertainty: 跑胡子, 下灌字牌, 骨牌, 叶子戏, 打围
        for figure, width in (("1.97", "1.06"), ("1.59", "0.96"), ("1.70", "0.54"), ("49.6", "1.1"), ("0.17", "0.33")):
            assert re.search(rf"{re.escape(figure)}[^。.;；]*?{per}\s*{re.escape(width)}", plain), (lang, figure, plain)
        methods = (built_site / f"{lang}archive/strength/index.html").read_text(encoding="utf-8")
        for anchor in ("strong-how", "strong-figures", "strong-030", "strong-again", "strong-earlier", "strong-time"):
            assert f'id="{anchor}"' in methods, anchor
        assert "bench_strong.py" in methods and "0.65 ± 0.64" in methods and "1.27 ± 1.18" in methods and "1.97 ± 1.06" in methods
