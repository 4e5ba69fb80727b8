"""Glossary: enough terms, well formed, the page lists them all and every link resolves."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from sitegen.record.glossary_links import link_terms
from sitegen.record.data import GAME_IDS
from engine.glossary import TERMS
from .htmlscan import Page, resolve

TONED = re.compile(r"[āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜ]", re.I)


def test_at_least_sixty_terms_across_all_four_games() -> None:
    assert len(TERMS) >= 60
    for g in GAME_IDS:
        assert sum(g in t.games for t in TERMS) >= 8, f"too few terms for {g}"


def test_terms_are_well_formed() -> None:
    zh = [t.zh for t in TERMS]
    assert len(set(zh)) == len(zh), "a term is listed twice"
    slugs = [t.slug for t in TERMS]
    assert len(set(slugs)) == len(slugs), "two terms share an anchor"
    for t in TERMS:
        assert all(unicodedata.name(c, "").startswith("CJK") for c in t.zh), t.zh
        # every syllable with a full tone carries its mark (neutral-tone suffixes such as -zi excepted)
        assert TONED.search(unicodedata.normalize("NFC", t.pinyin)), f"{t.zh}: pinyin {t.pinyin!r} has no tone mark"
        assert t.en.strip() and t.zh_def.strip() and t.en_def.strip(), t.zh
        assert t.games and set(t.games) <= set(GAME_IDS), t.zh
        assert re.fullmatch(r"g-[a-z0-9-]+", t.slug), t.slug


def test_link_terms_links_first_running_text_occurrence_only() -> None:
    html = (
        "<h2>老狮子</h2><p>掷出<code>老狮子</code>，<a href='x'>老狮子</a>。老狮子最大，老狮子</p>"
        '<div class="hw"><p>老虎</p></div><blockquote><p>老虎</p></blockquote><p>老虎</p>'
    )
    out, linked = link_terms(html, "dawei", "zh", "../glossary/")
    assert out.count('class="rec-term"') == 2
    assert "<h2>老狮子</h2>" in out and "<code>老狮子</code>" in out
    assert '<div class="hw"><p>老虎</p></div><blockquote><p>老虎</p></blockquote><p><a class="rec-term"' in out
    assert '<a class="rec-term" href="../glossary/#g-lao-shizi"' in out
    assert set(linked) == {"g-lao-shizi", "g-laohu"}
    # another game's terms are not linked
    _, none = link_terms("<p>老狮子</p>", "paohuzi", "zh", "g/")
    assert none == []


def _glossary(site: Path, lang: str) -> Path:
    return site / ("en" if lang == "en" else "") / "archive" / "glossary" / "index.html"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_glossary_page_lists_every_term_and_its_links_resolve(built_site: Path, lang: str) -> None:
    page = _glossary(built_site, lang)
    p = Page(page.read_text(encoding="utf-8"))
    missing = [t.slug for t in TERMS if t.slug not in p.ids]
    assert missing == []
    article = re.search(r"<article[^>]*>(.*?)</article>", page.read_text(encoding="utf-8"), re.S)
    assert article
    broken = []
    for href, _ in Page(article.group(1)).links:
        target, frag = resolve(built_site, page, href)
        if target is None:
            continue
        if not target.is_file() or frag and frag not in Page(target.read_text(encoding="utf-8")).ids:
            broken.append(href)
    assert broken == []


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_term_links_on_game_pages_resolve_to_glossary_entries(built_site: Path, lang: str) -> None:
    ids = Page(_glossary(built_site, lang).read_text(encoding="utf-8")).ids
    root = built_site / ("en" if lang == "en" else "")
    seen = 0
    for game in GAME_IDS:
        for page in (root / game).rglob("index.html"):
            for href, attrs in Page(page.read_text(encoding="utf-8")).links:
                if "rec-term" not in attrs.get("class", ""):
                    continue
                seen += 1
                target, frag = resolve(built_site, page, href)
                assert target == _glossary(built_site, lang).resolve(), f"{page}: {href}"
                assert frag in ids, f"{page}: {href}"
                assert attrs.get("title"), f"{page}: {href} has no tooltip"
    assert seen > 0, "no glossary term is linked from any game page"


def test_english_pages_link_terms_written_in_pinyin() -> None:
    html = "<h1>Dawei</h1><p>The lao shizi, then Lǎo shīzi and 老狮子; laohu. Mislaohux stays.</p>"
    out, linked = link_terms(html, "dawei", "en", "g/")
    assert set(linked) == {"g-lao-shizi", "g-laohu"}
    assert out.count('href="g/#g-lao-shizi"') == 1 and ">lao shizi</a>" in out
    assert "Mislaohux stays" in out and "<h1>Dawei</h1>" in out
    # Chinese pages do not link pinyin
    _, zh = link_terms("<p>laohu</p>", "dawei", "zh", "g/")
    assert zh == []
