"""The built site: citation metadata, JSON-LD and "cite this page" on every game page.

Uses the platform's session fixture ``built_site`` (tests/conftest.py): one
``mkdocs build --strict`` shared by every site test.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import pytest

from sitegen import editions
from sitegen.record.data import GAME_IDS, GAMES, archive_version
from sitegen.record.dates import last_changed
from sitegen.record.facts import page_sources
from .htmlscan import Page, resolve


def version_named(lang: str) -> str:
    """The version this build's pages name: VERSION, or in a draft (changes not yet released,
    built without the release to compare with) "draft after <release>" (tests/record/test_deploy.py)."""
    return editions.draft_words(lang) or archive_version()

REPO = Path(__file__).resolve().parents[2]
LANGS = ("zh", "en")

REQUIRED_META = ("citation_title", "citation_publication_date", "citation_language", "DC.title", "DC.creator", "DC.date", "DC.language", "DC.publisher")


def game_pages(site: Path, game: str, lang: str) -> list[Path]:
    root = site / ("en" if lang == "en" else "") / game
    return sorted(root.rglob("index.html"))


def page_src(site: Path, page: Path, lang: str) -> Path:
    """docs/ source of a built page (suffix layout, directory URLs)."""
    rel = page.relative_to(site / "en" if lang == "en" else site).parent.as_posix()
    docs = REPO / "docs"
    for cand in (docs / f"{rel}.{lang}.md", docs / rel / f"index.{lang}.md"):
        if cand.exists():
            return cand
    raise AssertionError(f"no source page for {page}")


def the_jsonld(p: Page) -> dict:
    assert len(p.jsonld) == 1, f"expected one JSON-LD block, found {len(p.jsonld)}"
    return json.loads(p.jsonld[0])


def site_base(page_url: str, site: Path, page: Path) -> str:
    """The URL of the site root in the page's language ('.../' or '.../en/')."""
    rel = page.relative_to(site).parent.as_posix()
    if rel.startswith("en/"):
        rel = rel[3:]
    rel = "" if rel == "." else rel + "/"
    assert page_url.endswith(rel), f"{page_url} does not end with {rel}"
    return page_url[: len(page_url) - len(rel)]


def meta_problems(p: Page, lang: str) -> list[str]:
    bad = []
    for name in REQUIRED_META:
        vals = p.meta.get(name, [])
        if len(vals) != 1 or not vals[0].strip():
            bad.append(f"meta {name}: {vals}")
    if not (p.meta.get("citation_author") or p.meta.get("citation_publisher")):
        bad.append("neither citation_author nor citation_publisher")
    if p.meta.get("citation_language") != [lang]:
        bad.append(f"citation_language {p.meta.get('citation_language')} for a {lang} page")
    if not p.meta.get("DC.language", [""])[0].startswith(lang):
        bad.append(f"DC.language {p.meta.get('DC.language')}")
    if not p.lang.startswith(lang):
        bad.append(f"<html lang={p.lang!r}>")
    try:
        y, m, d = (int(x) for x in p.meta.get("citation_publication_date", [""])[0].split("/"))
        dt.date(y, m, d)
        dt.date.fromisoformat(p.meta.get("DC.date", [""])[0])
    except ValueError as e:
        bad.append(f"bad date: {e}")
    return bad


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAME_IDS)
def test_game_pages_carry_citation_meta_and_jsonld(built_site: Path, game: str, lang: str) -> None:
    pages = game_pages(built_site, game, lang)
    assert pages, f"no {lang} pages for {game}: every game has pages in both languages"
    g = GAMES[game]
    other_lang = "en" if lang == "zh" else "zh"
    for page in pages:
        p = Page(page.read_text(encoding="utf-8"))
        assert meta_problems(p, lang) == [], page
        ld = the_jsonld(p)
        where = f"{page}: "
        assert ld["@context"] in ("https://schema.org", "http://schema.org", "https://schema.org/"), where
        assert ld["@type"] == "CreativeWork", where
        assert ld["name"] == p.meta["citation_title"][0], where
        assert ld["inLanguage"].startswith(lang), where
        assert ld["dateModified"] == p.meta["DC.date"][0], where
        dt.date.fromisoformat(ld["dateModified"])
        assert ld["about"]["@type"] == "Game" and ld["about"]["name"], where
        assert ld["isPartOf"]["isPartOf"]["url"] == site_base(ld["url"], built_site, page), where
        assert ld["isPartOf"]["version"] == version_named(lang), where
        based = ld["isBasedOn"]
        assert based["@type"] == "CreativeWork" and based["name"] == g.source_title, where
        assert based["identifier"]["propertyID"] == "sha256" and g.source not in json.dumps(ld), where
        # the translation link names the other-language page, which exists and links back
        key, back = ("workTranslation", "translationOfWork") if lang == "zh" else ("translationOfWork", "workTranslation")
        assert key in ld, where + f"no {key}"
        assert ld[key]["inLanguage"].startswith(other_lang), where
        base = site_base(ld["url"], built_site, page).removesuffix("en/")
        other_url = ld[key]["url"]
        assert other_url.startswith(base), where + other_url
        other_file = built_site / other_url[len(base):] / "index.html"
        assert other_file.is_file(), where + f"translation {other_url} not built"
        other = the_jsonld(Page(other_file.read_text(encoding="utf-8")))
        assert other[back]["url"] == ld["url"], where + "translation does not link back"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAME_IDS)
def test_game_pages_end_with_a_cite_block_and_downloads(built_site: Path, game: str, lang: str) -> None:
    pages = game_pages(built_site, game, lang)
    assert pages, f"no {lang} pages for {game}: every game has pages in both languages"
    for page in pages:
        text = page.read_text(encoding="utf-8")
        p = Page(text)
        ld = json.loads(p.jsonld[0])
        base = ld["isPartOf"]["isPartOf"]["url"].removesuffix("en/")
        # a citation names its edition: the page's address under editions/<version>/ (a draft's
        # page, built with no release to compare with, names no edition: its present address)
        if editions.draft_after() is None:
            url = base + f"editions/{archive_version()}/" + ld["url"][len(base):]
            assert ld["archivedAt"] == url, page  # the JSON-LD names the page in its edition too
        else:
            url = ld["url"]
            assert "archivedAt" not in ld and ld["creativeWorkStatus"] == "Draft", page
        gbt, en = p.text_by_id.get("rec-cite-gbt", ""), p.text_by_id.get("rec-cite-en", "")
        assert "[EB/OL]" in gbt and gbt.endswith(url + "."), f"{page}: GB/T citation {gbt!r}"
        assert f"Version {version_named(lang)}" in en and url in en, f"{page}: English citation {en!r}"
        assert f"{version_named(lang)}版" in gbt, f"{page}: GB/T citation without its version {gbt!r}"
        targets = {b.get("data-copy") for b in p.by_class.get("rec-copy", []) if b["tag"] == "button"}
        assert targets == {"rec-cite-gbt", "rec-cite-en"}, page
        hrefs = {h for h, _ in p.links}
        assert {"cite.bib", "cite.json"} <= hrefs, page
        csl = json.loads((page.parent / "cite.json").read_text(encoding="utf-8"))
        assert isinstance(csl, list) and csl[0]["URL"] == url and csl[0]["type"] == "webpage", page
        assert csl[0]["issued"]["date-parts"][0] == [int(x) for x in p.meta["DC.date"][0].split("-")], page
        bib = (page.parent / "cite.bib").read_text(encoding="utf-8")
        assert re.match(r"@online\{[a-z0-9-]+,\n", bib) and f"url = {{{url}}}" in bib and bib.count("{") == bib.count("}"), page
        # the citation is the last thing in the article, for print
        article = re.search(r"<article[^>]*>(.*?)</article>", text, re.S)
        assert article and article.group(1).rstrip().endswith("</section>"), f"{page}: cite block is not last"


@pytest.mark.parametrize("lang", LANGS)
def test_footer_shows_version_and_git_date(built_site: Path, lang: str) -> None:
    checked = 0
    for game in GAME_IDS:
        for page in game_pages(built_site, game, lang):
            p = Page(page.read_text(encoding="utf-8"))
            versions = p.by_class.get("rec-version", [])
            assert versions, page
            text = page.read_text(encoding="utf-8")
            assert re.search(r'class="rec-version">' + re.escape(version_named(lang)) + "<", text), page
            # the date sitegen.record.dates gives for the page's sources (tested against known commits
            # in test_record_dates.py): the page's Markdown, the game's engine and build-time views
            src = page_src(built_site, page, lang).relative_to(REPO / "docs").as_posix()
            want = last_changed(*page_sources(src))
            assert page_sources(src) == (f"docs/{src}", f"engine/{game}", f"sitegen/{game}.py")
            assert f'datetime="{want}"' in text and p.meta["DC.date"] == [want], f"{page}: last change should be {want}"
            checked += 1
    assert checked > 0


def test_print_stylesheet_is_linked_and_hides_controls(built_site: Path) -> None:
    page = next(iter(game_pages(built_site, "dawei", "zh")), None) or built_site / "index.html"
    text = page.read_text(encoding="utf-8")
    assert "assets/widgets/print.css" in text
    css = (built_site / "assets" / "widgets" / "print.css").read_text(encoding="utf-8")
    body = css[css.index("@media print") :]
    for selector in (".hw button", ".hw-status", ".md-sidebar", ".rec-copy", ".rec-cite"):
        assert selector in body, selector


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAME_IDS)
def test_game_home_shows_each_rule_beside_its_passage(built_site: Path, game: str, lang: str) -> None:
    from sitegen.record.trace import trace_parts

    rules, _, _ = trace_parts(game)
    assert rules, f"no traced rules for {game}: every game traces its rules to the source"
    home = built_site / ("en" if lang == "en" else "") / game / "index.html"
    p = Page(home.read_text(encoding="utf-8"))
    assert "rule-trace" in p.ids
    assert [r.id for r in rules if f"rule-{r.id}" not in p.ids] == []
    # the coverage table links each rule to that row
    cov = built_site / ("en" if lang == "en" else "") / "archive" / "coverage" / "index.html"
    targets = {resolve(built_site, cov, h) for h, _ in Page(cov.read_text(encoding="utf-8")).links}
    assert all((home.resolve(), f"rule-{r.id}") in targets for r in rules)
    # ... inside the coverage table (a table cell per rule, not a paragraph of pipes)
    cov_text = cov.read_text(encoding="utf-8")
    assert [r.id for r in rules if not re.search(r"<td><a [^>]*#rule-" + re.escape(r.id) + '"', cov_text)] == []
    assert "<p>| " not in cov_text


def test_footer_links_and_head_metadata_on_every_page(built_site: Path) -> None:
    pages = [p for p in built_site.rglob("index.html") if "assets" not in p.parts]
    assert len(pages) > 10
    for page in pages:
        text = page.read_text(encoding="utf-8")
        footer = re.search(r'<div class="rec-footer">(.*?)</div>', text, re.S)
        assert footer, f"{page}: no version footer"
        for href, _ in Page(footer.group(1)).links:
            if href in ("https://creativecommons.org/licenses/by/4.0/", "https://opensource.org/license/mit"):
                continue  # the licences' own addresses
            target, _frag = resolve(built_site, page, href)
            assert target is not None and target.is_file(), f"{page}: footer link {href}"
        p = Page(text)
        rel = page.relative_to(built_site).as_posix().removeprefix("en/")
        if rel in NOT_CONTENT:
            # home, lists and developer pages are not cited: no citation_* tags
            assert not [k for k in p.meta if k.startswith("citation_")], page
        else:
            assert p.meta.get("citation_title") and p.meta.get("DC.title"), page
        ld = json.loads(p.jsonld[0])
        assert ld["@type"] == "CreativeWork" and ld["version"] == version_named(
            "en" if page.relative_to(built_site).as_posix().startswith("en/") else "zh"), page


NOT_CONTENT = {"index.html", "archive/index.html", "archive/api/index.html",
               "archive/widgets/index.html", "archive/citing/index.html"}


@pytest.mark.parametrize("lang", LANGS)
def test_citing_page_offers_the_whole_archive_citation(built_site: Path, lang: str) -> None:
    page = built_site / ("en" if lang == "en" else "") / "archive" / "citing" / "index.html"
    text = page.read_text(encoding="utf-8")
    assert "[EB/OL]" in text and f"Version {version_named('en')}" in text  # the English citation names it in English
    downloads = [h for h, _ in Page(text).links if h.endswith(("archive.bib", "archive.csl.json"))]
    assert len(downloads) == 2
    for href in downloads:
        target, _ = resolve(built_site, page, href)
        assert target is not None and target.is_file(), href
    csl = json.loads((built_site / "archive.csl.json").read_text(encoding="utf-8"))[0]
    assert csl["version"] == version_named("en") and csl["URL"].endswith("/")
    bib = (built_site / "archive.bib").read_text(encoding="utf-8")
    assert f"version = {{{version_named('en')}}}" in bib and bib.count("{") == bib.count("}")
    # the URL is the edition's, under the site's own base (the same as the pages' JSON-LD); a draft's is the site's
    home = json.loads(Page((built_site / "index.html").read_text(encoding="utf-8")).jsonld[0])
    assert csl["URL"] == home["url"] + ("" if editions.draft_after() is not None else f"editions/{archive_version()}/")
