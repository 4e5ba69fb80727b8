"""Section anchors: meaningful, and the same in both languages, so the language switch keeps the
reader's place."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sitegen.record.headings import headings, shared_ids, with_ids

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"


def test_shared_ids_take_written_ids_then_english_slugs() -> None:
    zh = "# 狐狸\n\n## 顺的先后\n\n```\n## 代码里的不算\n```\n\n## 计分 {#score}\n\n### 例子\n\n### 例子\n"
    en = "# The fox\n\n## The `straight` sequence\n\n```\n## not a heading\n```\n\n## Scoring\n\n### Example\n\n### Example {.x}\n"
    assert shared_ids(zh, en) == ["the-fox", "the-straight-sequence", "score", "example", "example_1"]
    out = with_ids(zh, shared_ids(zh, en) or [])
    assert "# 狐狸 {#the-fox}\n" in out and "## 顺的先后 {#the-straight-sequence}\n" in out
    assert "## 计分 {#score}\n" in out and "## 代码里的不算\n" in out
    assert out.count("### 例子 {#example}") == 1 and "### 例子 {#example_1}" in out
    en_out = with_ids(en, shared_ids(zh, en) or [])
    assert "### Example {#example_1 .x}" in en_out and "## Scoring {#score}" in en_out
    # outlines that differ get no shared ids
    assert shared_ids("# 甲\n## 乙\n", "# A\n### B\n") is None


def _pairs() -> list[tuple[Path, Path]]:
    out = []
    for zh in sorted(DOCS.rglob("*.zh.md")):
        out.append((zh, zh.with_name(zh.name[: -len(".zh.md")] + ".en.md")))
    return out


def _body(p: Path) -> str:
    text = p.read_text(encoding="utf-8")
    if text.startswith("---\n"):
        text = text[text.index("\n---\n", 4) + 5:]
    return text


def test_every_page_and_its_translation_have_the_same_outline() -> None:
    pairs = _pairs()
    assert len(pairs) > 40
    differ = {}
    for zh, en in pairs:
        assert en.is_file(), f"{zh.relative_to(DOCS)} has no English page"
        a = [h[1] for h in headings(_body(zh))]
        b = [h[1] for h in headings(_body(en))]
        if a != b:
            differ[zh.relative_to(DOCS).as_posix()] = (a, b)
    assert differ == {}


HEADING_ID = re.compile(r'<h([1-6]) id="([^"]*)"')


def _article(page: Path) -> str:
    text = page.read_text(encoding="utf-8")
    m = re.search(r"<article\b.*?</article>", text, re.S)
    return m.group(0) if m else ""


def test_built_pages_share_their_heading_anchors(built_site: Path) -> None:
    checked = 0
    for zh in sorted(p for p in built_site.rglob("index.html") if "assets" not in p.parts and p.relative_to(built_site).parts[0] != "en"):
        en = built_site / "en" / zh.relative_to(built_site)
        if not en.is_file():
            continue
        a, b = HEADING_ID.findall(_article(zh)), HEADING_ID.findall(_article(en))
        assert a == b, f"{zh.relative_to(built_site)}: {a} != {b}"
        assert not [i for _, i in a if re.fullmatch(r"_\d+", i)], f"{zh.relative_to(built_site)}: anchors without meaning"
        checked += 1
    assert checked > 40


@pytest.mark.parametrize("start,switch_to", [("dawei/fox/", "en"), ("en/gupai/notes/", "zh")])
def test_switching_language_keeps_the_section(page, site_url: str, start: str, switch_to: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(site_url + start)
    ids = page.eval_on_selector_all("article h2[id]", "els => els.map(e => e.id).filter(i => !i.startsWith('rec-'))")
    assert ids, "the page has sections"
    target = ids[-1]
    # the reader follows the table of contents to a section, then switches language
    page.evaluate("id => { const a = document.querySelector(`.md-nav--secondary a[href='#${id}']`); a ? a.click() : (location.hash = id); }", target)
    page.wait_for_function("id => location.hash === '#' + id", arg=target)
    page.locator(".md-header__option .md-select").first.hover()
    page.locator(f".md-select__link[hreflang^='{switch_to}']").first.click()
    want = (site_url + ("en/" if switch_to == "en" else "") + start.removeprefix("en/"))
    page.wait_for_url(want + "#" + target)
    assert page.evaluate("id => !!document.getElementById(id)", target)


@pytest.mark.parametrize("path", ["", "en/", "dawei/fox/", "en/paohuzi/scoring/", "en/archive/glossary/"])
def test_no_page_asks_for_a_missing_sitemap(page, site_url: str, path: str) -> None:  # type: ignore[no-untyped-def]
    asked: list[tuple[str, int]] = []
    page.on("response", lambda r: asked.append((r.url, r.status)) if r.url.endswith("sitemap.xml") else None)
    page.goto(site_url + path)
    page.wait_for_load_state("networkidle")
    assert asked, "the theme reads the sitemap (instant navigation, language switch)"
    assert [u for u, s in asked if s != 200] == []
