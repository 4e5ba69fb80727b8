"""A record a library can accept: licences stated everywhere, the sources cited as completely as
their texts allow and checkable by their checksums, one date for each fact in every format, the
citation strings a CSL processor renders from the page's own CSL-JSON, every apparatus page
citable, and the index of citable passages."""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
import warnings
from pathlib import Path
from typing import Any

import pytest
import yaml

from sitegen import editions
from sitegen.record.cite import APPARATUS
from sitegen.record.csl import style_path
from sitegen.record.data import GAMES, SOURCES_DIR, archive_version, primary_work
from .htmlscan import Page

REPO = Path(__file__).resolve().parents[2]
CC_BY = "https://creativecommons.org/licenses/by/4.0/"
LANGS = ("zh", "en")


def cited_pages(site: Path) -> list[Path]:
    """Every built page that carries the cite block."""
    return sorted(p for p in site.rglob("index.html") if "editions" not in p.relative_to(site).parts
                  and 'id="cite-this-page"' in p.read_text(encoding="utf-8"))


def _jsonld(p: Page) -> dict[str, Any]:
    assert len(p.jsonld) == 1
    return json.loads(p.jsonld[0])


def _bib_field(bib: str, name: str) -> str:
    m = re.search(r"^\s*" + name + r" = \{(.*)\},?$", bib, re.M)
    return m.group(1) if m else ""


def _iso(parts: dict[str, Any]) -> str:
    y, m, d = parts["date-parts"][0]
    return f"{y:04d}-{m:02d}-{d:02d}"


def _sitemap(site: Path) -> dict[str, str]:
    text = (site / "sitemap.xml").read_text(encoding="utf-8")
    out = {}
    for block in re.findall(r"<url>.*?</url>", text, re.S):
        loc = re.search(r"<loc>([^<]*)</loc>", block)
        mod = re.search(r"<lastmod>([^<]*)</lastmod>", block)
        if loc and mod:
            out[loc.group(1)] = mod.group(1)
    return out


def _cff() -> dict[str, Any]:
    return yaml.safe_load((REPO / "CITATION.cff").read_text(encoding="utf-8"))


# ---------------------------------------------------------------- licences


def test_licences_are_stated_in_the_repository() -> None:
    assert "MIT License" in (REPO / "LICENSE").read_text(encoding="utf-8")
    content = (REPO / "LICENSE-CONTENT").read_text(encoding="utf-8")
    assert "CC-BY-4.0" in content and CC_BY in content and "primary sources" in content
    assert _cff()["license"] == ["CC-BY-4.0", "MIT"]
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT" and set(project["license-files"]) == {"LICENSE", "LICENSE-CONTENT"}


def test_every_page_states_the_licence(built_site: Path) -> None:
    pages = [p for p in built_site.rglob("index.html") if "assets" not in p.parts and "editions" not in p.relative_to(built_site).parts]
    assert len(pages) > 100
    for page in pages:
        text = page.read_text(encoding="utf-8")
        footer = re.search(r'<div class="rec-footer">(.*?)</div>', text, re.S)
        assert footer and f'href="{CC_BY}"' in footer.group(1) and "MIT" in footer.group(1), page
        ld = _jsonld(Page(text))
        assert ld["license"] == CC_BY, page


def test_the_edition_pdf_states_the_licence(built_site: Path) -> None:
    from sitegen.edition_pdf import print_page

    for lang in LANGS:
        page = print_page(built_site, archive_version(), "2026-12-01", lang, "https://x.example.org/")
        assert "CC BY 4.0" in page and "MIT" in page


# ---------------------------------------------------------------- the primary sources


def test_sources_are_cited_as_completely_as_their_texts_allow() -> None:
    gupai, yezi, paohuzi = (primary_work(GAMES[g]) for g in ("gupai", "yezi", "paohuzi"))
    assert gupai.zh.startswith("cl828487. 本地骨牌打法[EB/OL].") and "[2016]" in gupai.zh and "[出版者不详]" in gupai.zh
    assert "cl828487" in gupai.en and "2016-04-20" in gupai.en
    assert "宁远麻友" in yezi.zh and "童一飞, 张介立" in yezi.zh and "宁远麻友" in yezi.en
    assert "[出版者不详], [出版年不详]" in paohuzi.zh and "[s.n.], [n.d.]" in paohuzi.en


@pytest.mark.parametrize("lang", LANGS)
def test_the_sources_page_gives_each_texts_own_sha256(built_site: Path, lang: str) -> None:
    page = built_site / ("en" if lang == "en" else "") / "archive" / "sources" / "index.html"
    text = page.read_text(encoding="utf-8")
    shown = re.findall(r'<code class="rec-sha256">([0-9a-f]{64})</code>', text)
    want = [hashlib.sha256((SOURCES_DIR / g.source).read_bytes()).hexdigest() for g in GAMES.values()]
    assert shown == want
    assert 'id="rights"' in text and 'id="checksums"' in text


def test_jsonld_describes_the_sources_as_creative_works_on_every_page(built_site: Path) -> None:
    sums = {hashlib.sha256((SOURCES_DIR / g.source).read_bytes()).hexdigest(): g for g in GAMES.values()}
    pages = [p for p in built_site.rglob("index.html") if "assets" not in p.parts and "editions" not in p.relative_to(built_site).parts]
    for page in pages:
        ld = _jsonld(Page(page.read_text(encoding="utf-8")))
        based = ld["isBasedOn"] if isinstance(ld["isBasedOn"], list) else [ld["isBasedOn"]]
        assert based, page
        for work in based:
            assert work["@type"] == "CreativeWork" and work["name"] and work["author"], page
            assert work["identifier"]["propertyID"] == "sha256" and work["identifier"]["value"] in sums, page
            assert sums[work["identifier"]["value"]].source_title == work["name"], page
        assert ".txt" not in json.dumps(ld, ensure_ascii=False), f"{page}: a file name in the JSON-LD"
    yezi = _jsonld(Page((built_site / "yezi" / "index.html").read_text(encoding="utf-8")))["isBasedOn"]
    assert yezi["contributor"]["name"] == "宁远麻友" and [a["name"] for a in yezi["author"]] == ["童一飞", "张介立"]


# ---------------------------------------------------------------- one date for each fact


def test_every_format_gives_each_page_the_same_dates_address_and_version(built_site: Path) -> None:
    """The page's last change, its edition's address and the version: the same in the cite block,
    BibTeX, CSL-JSON, the Highwire and Dublin Core tags, JSON-LD, the footer and the sitemap; the
    edition's release date the same in the tags, JSON-LD and CITATION.cff."""
    from engine.editions import edition

    released = (edition(archive_version()) or None) and edition(archive_version()).date  # type: ignore[union-attr]
    sitemap = _sitemap(built_site)
    pages = cited_pages(built_site)
    assert len(pages) >= 2 * (len(APPARATUS) + 4 * 5)
    for page in pages:
        text = page.read_text(encoding="utf-8")
        p = Page(text)
        ld = _jsonld(p)
        bib = (page.parent / "cite.bib").read_text(encoding="utf-8")
        csl = json.loads((page.parent / "cite.json").read_text(encoding="utf-8"))
        assert len(csl) == 1, page
        item = csl[0]
        changed = _iso(item["issued"])
        block = text[text.index('id="cite-this-page"'):]
        block = block[: block.index("</section>")]
        footer = re.search(r'class="rec-modified" datetime="([^"]+)"', text)
        dates = {
            "BibTeX date": _bib_field(bib, "date"),
            "BibTeX year": _bib_field(bib, "year") + changed[4:],
            "citation_date": p.meta["citation_date"][0].replace("/", "-"),
            "citation_publication_date": p.meta["citation_publication_date"][0].replace("/", "-"),
            "citation_online_date": p.meta["citation_online_date"][0].replace("/", "-"),
            "DC.date": p.meta["DC.date"][0],
            "DC.date.modified": p.meta["DC.date.modified"][0],
            "JSON-LD datePublished": ld["datePublished"],
            "JSON-LD dateModified": ld["dateModified"],
            "cite block": re.search(r'class="rec-meta">[^<]*<time datetime="([^"]+)"', block).group(1),  # type: ignore[union-attr]
            "footer": footer.group(1) if footer else "",
            "sitemap lastmod": sitemap.get(ld["url"], ""),
        }
        wrong = {k: v for k, v in dates.items() if v != changed}
        assert not wrong, f"{page}: CSL issued {changed}, but {wrong}"
        # the strings carry the same date: GB/T as (YYYY-MM-DD), Chicago as Month D, YYYY
        gbt, en = p.text_by_id["rec-cite-gbt"], p.text_by_id["rec-cite-en"]
        assert f"({changed})" in gbt, f"{page}: {gbt}"
        from sitegen.record.cite import long_date

        assert long_date(changed) in en, f"{page}: {en}"
        # the address and version the copy buttons give are the connector's
        url, version = item["URL"], item["version"]
        # a released build names its edition; a draft's page names the release only where it reads as
        # there, else the draft and its present address (sitegen/editions.py, as_published)
        lang = "en" if ld["inLanguage"].startswith("en") else "zh"
        assert version in {archive_version(), editions.draft_words(lang) or archive_version()}, page
        cited = ld["archivedAt"] if version == archive_version() else ld["url"]
        assert ("archivedAt" in ld) == (version == archive_version()), page
        for name, value in (("BibTeX url", _bib_field(bib, "url")), ("citation_public_url", p.meta["citation_public_url"][0]),
                            ("DC.identifier", p.meta["DC.identifier"][0]), ("JSON-LD archivedAt or address", cited)):
            assert value == url, f"{page}: {name} {value} ≠ {url}"
        assert gbt.endswith(url + ".") and en.endswith(url + "."), page
        assert f"{version}版" in gbt and f"Version {version}." in en, page
        for name, value in (("BibTeX version", _bib_field(bib, "version")), ("citation_version", p.meta["citation_version"][0]),
                            ("JSON-LD version", ld["version"]), ("edition", ld["isPartOf"]["version"])):
            assert value == version, f"{page}: {name} {value}"
        # no access date is frozen into the files: it is the reader's (added when they download)
        assert "urldate" not in bib and "accessed" not in item, page
        # the edition's release and the archive's first publication, where they are given
        if released:
            assert ld["isPartOf"]["datePublished"] == released == p.meta["DC.date.issued"][0], page
        assert ld["isPartOf"]["isPartOf"]["datePublished"] == "2026-11-29", page
    if released:
        assert str(_cff()["date-released"]) == released


# ---------------------------------------------------------------- CSL renderings


def _render(item: dict[str, Any], style: str) -> str:
    from citeproc import Citation, CitationItem, CitationStylesBibliography, CitationStylesStyle, formatter
    from citeproc.source.json import CiteProcJSON

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        bib = CitationStylesBibliography(CitationStylesStyle(str(style_path(style)), validate=False),
                                         CiteProcJSON([item]), formatter.plain)
        bib.register(Citation([CitationItem(item["id"])]))
        return re.sub(r"^\[1\]", "", str(bib.bibliography()[0])).strip()


def test_the_citation_strings_are_what_a_csl_processor_renders_from_the_pages_csl_json(built_site: Path) -> None:
    pages = cited_pages(built_site)
    for page in pages:
        text = page.read_text(encoding="utf-8")
        p = Page(text)
        day = re.search(r'class="rec-accessed"[^>]*data-build="([0-9-]+)"', text).group(1)  # type: ignore[union-attr]
        item = json.loads((page.parent / "cite.json").read_text(encoding="utf-8"))[0]
        assert "references" not in item and item["container-title"] != item.get("publisher"), page
        y, m, d = (int(x) for x in day.split("-"))
        read = dict(item, accessed={"date-parts": [[y, m, d]]})
        assert p.text_by_id["rec-cite-gbt"] == _render(read, "gbt"), page
        assert p.text_by_id["rec-cite-en"] == _render(read, "chicago"), page


# ---------------------------------------------------------------- the apparatus


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("stem", APPARATUS)
def test_every_apparatus_page_carries_the_cite_block_and_files(built_site: Path, stem: str, lang: str) -> None:
    page = built_site / ("en" if lang == "en" else "") / stem / "index.html"
    p = Page(page.read_text(encoding="utf-8"))
    assert "cite-this-page" in p.ids and p.text_by_id.get("rec-cite-gbt") and p.text_by_id.get("rec-cite-en"), page
    assert {"cite.bib", "cite.json"} <= {h for h, _ in p.links}, page
    bib = (page.parent / "cite.bib").read_text(encoding="utf-8")
    assert bib.startswith("@online{") and bib.count("{") == bib.count("}")
    assert json.loads((page.parent / "cite.json").read_text(encoding="utf-8"))[0]["type"] == "webpage"
    assert p.meta.get("citation_title"), page


def test_the_index_of_citable_passages_lists_anchors_that_exist(built_site: Path) -> None:
    doc = json.loads((built_site / "passages.json").read_text(encoding="utf-8"))
    assert doc["version"] == archive_version() and doc["license"] == CC_BY
    kinds = {e["kind"] for e in doc["passages"]}
    assert kinds == {"note", "option", "rule"}
    ids: dict[Path, set[str]] = {}
    for e in doc["passages"]:
        for lang in LANGS:
            url = e["url"][lang]
            assert url.startswith(doc["edition"]) and url.endswith("#" + e["anchor"]), url
            rel = url[len(doc["edition"]):].split("#")[0]
            f = built_site / rel / "index.html"
            if f not in ids:
                ids[f] = Page(f.read_text(encoding="utf-8")).ids
            assert e["anchor"] in ids[f], f"{url}: no such anchor in {f}"
    # every editorial note heading of a game's notes page, and every traced rule, is listed
    from sitegen.record.trace import trace_parts

    listed = {(e["page"], e["anchor"]) for e in doc["passages"]}
    for g in GAMES:
        assert all((f"{g}/index.md", f"rule-{r.id}") in listed for r in trace_parts(g)[0])
        notes = (REPO / "docs" / g / "notes.en.md").read_text(encoding="utf-8")
        for anchor in re.findall(r"^##+ .*\{[^}]*#([A-Za-z0-9_-]+)", notes, re.M):
            assert (f"{g}/notes.md", anchor) in listed, anchor
