"""The record as machines read it: the site's address, sitemap and robots.txt, hreflang links,
the reader's access date, stable publication dates, bibliographic tags only where they belong,
a description and title of each page's own, Chinese marked in English pages, JSON-LD that a
JSON-LD processor expands without losing anything."""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from sitegen.record.cite import long_date
from sitegen.record.data import GAME_IDS, GAMES
from sitegen.record.facts import PageFacts
from sitegen.record.head import alternates, description
from sitegen.record.lang import HAS_HAN, mark_chinese
from sitegen.record.address import check_release, real_address_problem

from .htmlscan import Page

REPO = Path(__file__).resolve().parents[2]


def site_pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("index.html") if "assets" not in p.parts)


def is_english(site: Path, page: Path) -> bool:
    return page.relative_to(site).parts[0] == "en"


# ---------------------------------------------------------------- the site's address


@pytest.mark.parametrize("url", [
    "http://127.0.0.1:8000/", "http://localhost:8000/", "http://192.168.1.4/", "http://[::1]/", "file:///tmp/site/",
    "https://example.org/", "http://archive.test/", "http://intranet/",
])
def test_local_or_placeholder_addresses_are_not_a_release_address(url: str) -> None:
    assert real_address_problem(url)


@pytest.mark.parametrize("url", ["https://folkgames.org/", "https://games.museum.cn/archive/", "http://93.184.215.14/"])
def test_public_addresses_are(url: str) -> None:
    assert real_address_problem(url) is None


def test_release_needs_site_url(monkeypatch: pytest.MonkeyPatch) -> None:
    from mkdocs.exceptions import PluginError

    monkeypatch.setenv("RELEASE", "1")
    monkeypatch.delenv("SITE_URL", raising=False)
    with pytest.raises(PluginError, match="SITE_URL"):
        check_release("http://127.0.0.1:8000/")
    monkeypatch.setenv("SITE_URL", "http://127.0.0.1:8000/")
    with pytest.raises(PluginError, match="not a public address"):
        check_release("http://127.0.0.1:8000/")
    monkeypatch.setenv("SITE_URL", "https://folkgames.org/")
    check_release("https://folkgames.org/")
    monkeypatch.setenv("RELEASE", "0")
    monkeypatch.delenv("SITE_URL")
    check_release("http://127.0.0.1:8000/")  # a development build may use the local address


def test_a_release_build_with_the_local_address_stops_before_building(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "SITE_URL"}
    env.update(RELEASE="1", NO_MKDOCS_2_WARNING="1")
    res = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(tmp_path / "site")],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=600,
    )
    assert res.returncode != 0
    assert "SITE_URL" in res.stdout + res.stderr
    assert not (tmp_path / "site" / "index.html").exists()


def test_robots_txt_names_the_sitemap_by_its_full_address(built_site: Path) -> None:
    home = json.loads(Page((built_site / "index.html").read_text(encoding="utf-8")).jsonld[0])
    base = home["url"]
    robots = (built_site / "robots.txt").read_text(encoding="utf-8")
    assert re.search(r"^User-agent: \*$", robots, re.M)
    assert f"Sitemap: {base}sitemap.xml" in robots.splitlines()
    assert (built_site / "sitemap.xml").is_file()
    # the theme's instant navigation on English pages looks for the sitemap beside them
    assert (built_site / "en" / "sitemap.xml").read_bytes() == (built_site / "sitemap.xml").read_bytes()


# ---------------------------------------------------------------- hreflang


def _facts(lang: str, other: bool = True) -> PageFacts:
    zh, en = "https://a.org/x/dawei/fox/", "https://a.org/x/en/dawei/fox/"
    return PageFacts(
        lang=lang, src=f"dawei/fox.{lang}.md", game=GAMES["dawei"], title="t", title_other="",
        url=zh if lang == "zh" else en, url_other=(en if lang == "zh" else zh) if other else None,
        modified="2026-01-02", version="1", site_name="s", base="https://a.org/x/",
    )


def test_alternates_are_absolute_with_x_default() -> None:
    page = ('<html><head><link rel="alternate" href="./" hreflang="zh">\n'
            '<link rel="alternate" href="../../en/dawei/fox/" hreflang="en">\n</head><body>'
            '<link rel="alternate" href="keep" hreflang="en"></body></html>')
    out = alternates(page, _facts("en"))
    head = out[: out.index("</head>")]
    assert re.findall(r'<link rel="alternate" href="([^"]*)" hreflang="([^"]*)">', head) == [
        ("https://a.org/x/dawei/fox/", "zh"), ("https://a.org/x/en/dawei/fox/", "en"), ("https://a.org/x/dawei/fox/", "x-default"),
    ]
    assert 'href="keep"' in out  # only the head is rewritten
    lone = alternates("<html><head></head></html>", _facts("en", other=False))
    assert re.findall(r'hreflang="([^"]*)"', lone) == ["en", "x-default"]


def test_every_page_has_absolute_alternates_and_x_default(built_site: Path) -> None:
    for page in site_pages(built_site):
        text = page.read_text(encoding="utf-8")
        head = text[: text.index("</head>")]
        alts = dict((h, u) for u, h in re.findall(r'<link rel="alternate" href="([^"]*)" hreflang="([^"]*)">', head))
        assert set(alts) == {"zh", "en", "x-default"}, page
        assert all(u.startswith(("http://", "https://")) for u in alts.values()), page
        assert alts["x-default"] == alts["zh"], page
        canonical = re.search(r'<link rel="canonical" href="([^"]*)"', head)
        assert canonical and canonical.group(1) == alts["en" if is_english(built_site, page) else "zh"], page


# ---------------------------------------------------------------- access date, publication date


def test_citations_leave_the_access_date_to_the_reader(built_site: Path) -> None:
    """The page's texts hold the access date in a slot the script fills with the reader's day; what
    is there before (and where script does not run) is the day of the build, in each style's format;
    the files leave it out (the script adds the reader's when they download from the page)."""
    for game in GAME_IDS:
        for lang in ("", "en"):
            for page in sorted((built_site / lang / game).rglob("index.html")):
                text = page.read_text(encoding="utf-8")
                block = text[text.index('id="cite-this-page"'):]
                block = block[: block.index("</section>")]
                slots = re.findall(r'<span class="rec-accessed" data-style="(iso|long)" data-build="([0-9-]+)"><time datetime="([0-9-]+)">([^<]*)</time></span>', block)
                assert [s[0] for s in slots] == ["iso", "long"], page
                for style, build, when, shown in slots:
                    assert build == when and shown == (when if style == "iso" else long_date(when)), page
                bib = (page.parent / "cite.bib").read_text(encoding="utf-8")
                csl = json.loads((page.parent / "cite.json").read_text(encoding="utf-8"))
                assert "urldate" not in bib and "accessed" not in csl[0], page
    assert "urldate" not in (built_site / "archive.bib").read_text(encoding="utf-8")
    assert "accessed" not in json.loads((built_site / "archive.csl.json").read_text(encoding="utf-8"))[0]


def test_bibliographic_tags_only_on_content_pages(built_site: Path) -> None:
    for rel in ("index.html", "en/index.html", "archive/citing/index.html", "en/archive/api/index.html"):
        meta = Page((built_site / rel).read_text(encoding="utf-8")).meta
        assert not [k for k in meta if k.startswith(("citation_", "DC."))], rel
    for rel in ("dawei/fox/index.html", "en/archive/glossary/index.html", "archive/changelog/index.html"):
        meta = Page((built_site / rel).read_text(encoding="utf-8")).meta
        assert meta.get("citation_title") and meta.get("citation_publication_date"), rel


def test_the_access_date_is_the_readers_own(page, site_url: str) -> None:  # type: ignore[no-untyped-def]
    page.clock.set_fixed_time(dt.datetime(2031, 2, 3, 10, 0, tzinfo=dt.UTC))
    page.goto(site_url + "en/dawei/fox/")
    gbt = page.locator("#rec-cite-gbt")
    en = page.locator("#rec-cite-en")
    assert "[2031-02-03]" in gbt.inner_text()
    assert "Accessed February 3, 2031." in en.inner_text()
    page.goto(site_url + "archive/citing/")
    assert "[2031-02-03]" in page.locator("article").inner_text()
    # an apparatus page in Chinese: both formats, the GB/T one as 2031-02-03, the Chicago one in words
    page.goto(site_url + "archive/notes/")
    assert "[2031-02-03]" in page.locator("#rec-cite-gbt").inner_text()
    assert "Accessed February 3, 2031." in page.locator("#rec-cite-en").inner_text()


def test_without_script_the_access_date_is_the_build_day(browser, site_url: str, built_site: Path) -> None:  # type: ignore[no-untyped-def]
    """Where script does not run, the citation keeps the day the site was built (the cite block says so)."""
    built = re.search(r'data-build="([0-9-]+)"', (built_site / "en" / "dawei" / "fox" / "index.html").read_text(encoding="utf-8"))
    assert built
    context = browser.new_context(java_script_enabled=False)
    try:
        pg = context.new_page()
        pg.route("**/*", lambda r: r.continue_() if r.request.url.startswith(site_url) else r.abort())
        pg.goto(site_url + "en/dawei/fox/")
        assert f"[{built.group(1)}]" in pg.locator("#rec-cite-gbt").inner_text()
        assert f"Accessed {long_date(built.group(1))}." in pg.locator("#rec-cite-en").inner_text()
        assert "where script does not run, the day the site was built" in pg.locator(".rec-cite").inner_text()
    finally:
        context.close()


# ---------------------------------------------------------------- descriptions and titles


def test_description_is_the_first_paragraph_of_running_text() -> None:
    html = ('<div class="admonition note"><p>Not this one, it is a note.</p></div>'
            '<p>Short.</p><p>This page tells how the <a href="x">fox</a> stick is won. It has more after.</p>')
    assert description(html, "en") == "This page tells how the fox stick is won. It has more after."
    long = "<p>" + "这是一句话，" * 30 + "完。</p>"
    d = description(long, "zh")
    assert len(d) <= 90 and d.endswith("…")
    d = description("<p>One sentence here. " + "word " * 60 + "</p>", "en")
    assert len(d) <= 180 and d.endswith(" word…")  # a first sentence this short is not a summary: cut at a word
    assert description("<p>" + "A sentence of several words. " * 8 + "And more words.</p>", "en").endswith("words.")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_each_page_has_its_own_title_and_description(built_site: Path, lang: str) -> None:
    titles: dict[str, Path] = {}
    descriptions: dict[str, Path] = {}
    for page in site_pages(built_site):
        if is_english(built_site, page) != (lang == "en"):
            continue
        text = page.read_text(encoding="utf-8")
        head = text[: text.index("</head>")]
        title = re.findall(r"<title>([^<]*)</title>", head)
        desc = Page(head + "</head>").meta.get("description", [])
        assert len(title) == 1 and len(desc) == 1 and desc[0].strip(), page
        assert title[0] not in titles, f"{page} and {titles.get(title[0])} share the title {title[0]!r}"
        assert desc[0] not in descriptions, f"{page} and {descriptions.get(desc[0])} share a description"
        titles[title[0]] = page
        descriptions[desc[0]] = page
    assert len(titles) > 20


# ---------------------------------------------------------------- lang="zh"


def test_chinese_runs_are_marked_and_the_rest_left_alone() -> None:
    page = ('<html lang="en"><head><title>打围</title></head><body>'
            '<p>The fox (顺) is worth 16 柱; 九人 58 柱 rounds oddly.</p>'
            '<p lang="zh">已经标好的中文</p><a title="打围 tooltip" href="#">打围</a>'
            '<script>var s = "打围";</script><select><option value="a">红胡</option><option>Red 红胡</option></select>'
            '<svg><text x="1">柱</text></svg><code>红胡</code></body></html>')
    out = mark_chinese(page)
    assert "<title>打围</title>" in out  # the head is not touched
    assert 'The fox (<span lang="zh">顺</span>) is worth 16 <span lang="zh">柱</span>;' in out
    assert '<span lang="zh">九人 58 柱</span> rounds' in out
    assert '<p lang="zh">已经标好的中文</p>' in out
    assert 'title="打围 tooltip"' in out and '<a title="打围 tooltip" href="#"><span lang="zh">打围</span></a>' in out
    assert 'var s = "打围";' in out
    assert '<option value="a" lang="zh">红胡</option>' in out and "<option>Red 红胡</option>" in out
    assert '<text x="1" lang="zh">柱</text>' in out
    assert '<code><span lang="zh">红胡</span></code>' in out


class _Unmarked(HTMLParser):
    """Chinese text in an English page's body that no element marks as Chinese."""

    RAW = {"script", "style", "template", "textarea"}
    #: elements that may hold text only: when their text mixes English and Chinese, nothing can
    #: mark the Chinese part (an accessible name like "Earth (地牌)")
    TEXT_ONLY = {"option", "title", "text", "desc"}
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str | None]] = []
        self.body = False
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "body":
            self.body = True
        if tag in self.VOID:
            return
        self.stack.append((tag, dict(attrs).get("lang")))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        if not self.body or not HAS_HAN.search(data) or any(t in self.RAW for t, _ in self.stack):
            return
        lang = next((lg for _, lg in reversed(self.stack) if lg), "en")
        if self.stack and self.stack[-1][0] in self.TEXT_ONLY and re.search(r"[A-Za-z]", data):
            return
        if not lang.startswith("zh"):
            self.found.append(data.strip()[:40])


def test_english_pages_mark_their_chinese(built_site: Path) -> None:
    unmarked: dict[str, list[str]] = {}
    marked = 0
    for page in site_pages(built_site / "en"):
        text = page.read_text(encoding="utf-8")
        scan = _Unmarked()
        scan.feed(text)
        if scan.found:
            unmarked[page.relative_to(built_site).as_posix()] = scan.found[:3]
        marked += text.count('lang="zh"')
    assert unmarked == {}
    assert marked > 1000


#: names a screen reader speaks without reading the text inside: on an English page they are
#: English alone, since one name is read with one voice (the Chinese of a card or a tile stays
#: visible in its drawing, and running text marks its Chinese). The theme's previous/next links
#: are named "Next: <page title>", and a title may hold a Chinese name ("Learn 叶子戏"), as the
#: document's own <title> does: those names are the page titles, left out here.
_NAMES = re.compile(r'<(\w+)\b([^>]*)\baria-label="([^"]*)"|<svg\b[^>]*>\s*<title>([^<]*)</title>')


def test_english_pages_name_pictures_and_controls_in_one_language(built_site: Path) -> None:
    mixed: dict[str, list[str]] = {}
    names = 0
    for page in site_pages(built_site / "en"):
        for m in _NAMES.finditer(page.read_text(encoding="utf-8")):
            if m.group(1) == "a" and 'class="md-footer__link' in m.group(2):
                continue
            name = m.group(3) if m.group(3) is not None else m.group(4)
            names += 1
            if HAS_HAN.search(name) and re.search(r"[A-Za-z]", name):
                mixed.setdefault(page.relative_to(built_site).as_posix(), []).append(name[:60])
    assert names > 1000
    assert mixed == {}


def test_theme_names_follow_the_page_language() -> None:
    from sitegen.theme_fixes import fix

    switch = '<input aria-label="深色 / Dark"><label title="浅色 / Light">'
    en = fix('<html lang="en">' + switch)
    zh = fix('<html lang="zh">' + switch)
    assert 'aria-label="Use dark colours"' in en and 'title="Use light colours"' in en
    assert 'aria-label="改用深色"' in zh and 'title="改用浅色"' in zh


# ---------------------------------------------------------------- JSON-LD, expanded


#: schema.org terms the record uses (each checked against schema.org's definitions)
SCHEMA_TYPES = {"CreativeWork", "WebSite", "Organization", "Person", "Game", "Place", "Comment", "PropertyValue"}
SCHEMA_PROPERTIES = {
    "name", "headline", "url", "inLanguage", "datePublished", "dateModified", "version", "author", "publisher",
    "isPartOf", "about", "alternateName", "locationCreated", "isBasedOn", "identifier", "dateCreated",
    "workTranslation", "translationOfWork", "archivedAt", "license", "genre", "contributor", "comment", "description",
    "citation", "propertyID", "value", "creativeWorkStatus",
}
SCHEMA = "http://schema.org/"


def _loader(url: str, options: dict | None = None) -> dict:  # type: ignore[type-arg]
    # schema.org's context maps every term into its vocabulary: the same, offline
    if url.rstrip("/") in ("https://schema.org", "http://schema.org"):
        return {"contentType": "application/ld+json", "contextUrl": None, "documentUrl": url,
                "document": {"@context": {"@vocab": SCHEMA}}}
    raise AssertionError(f"JSON-LD asks for another document: {url}")


def _leaves(value: object) -> int:
    if isinstance(value, dict):
        return sum(_leaves(v) for k, v in value.items() if k not in ("@context",))
    if isinstance(value, list):
        return sum(_leaves(v) for v in value)
    return 1


def test_jsonld_expands_into_schema_org_terms_without_loss(built_site: Path) -> None:
    from pyld import jsonld

    seen_props: set[str] = set()
    for page in site_pages(built_site):
        for block in Page(page.read_text(encoding="utf-8")).jsonld:
            doc = json.loads(block)
            expanded = jsonld.expand(doc, {"documentLoader": _loader})
            assert expanded, page
            # every key became a schema.org IRI, and every value survived
            assert _leaves(expanded) == _leaves(doc), page
            for node in jsonld.flatten(doc, None, {"documentLoader": _loader}):
                for key, vals in node.items():
                    if key == "@type":
                        assert all(t.removeprefix(SCHEMA) in SCHEMA_TYPES for t in vals), (page, vals)
                    elif key != "@id":
                        assert key.startswith(SCHEMA) and key.removeprefix(SCHEMA) in SCHEMA_PROPERTIES, (page, key)
                        seen_props.add(key.removeprefix(SCHEMA))
            for key in ("datePublished", "dateModified"):
                dt.date.fromisoformat(doc[key])
    assert {"isBasedOn", "workTranslation", "translationOfWork", "datePublished", "license"} <= seen_props
