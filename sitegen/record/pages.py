"""What the record adds to each built page, in MkDocs' event order (wired by sitegen/hooks.py):
facts and links in the content, the cite block, the page's own description and title, head
metadata and footer values, absolute hreflang links, Chinese marked in English pages, cite files;
and, once the whole site is written, its sitemap beside the English pages and a check of every
link."""

from __future__ import annotations

import dataclasses
import html
import re
from pathlib import Path
from typing import Any

from sitegen import anchors, editions
from sitegen.record import address, changelog, dates, headings, search
from sitegen.record.cite import bibtex, citable, cite_block, csl_json
from sitegen.record.data import BUILD, archive_version
from sitegen.record.facts import PageFacts, base_url, page_facts, page_lang, rel_url
from sitegen.record.head import alternates, description, head_html
from sitegen.record.lang import mark_chinese
from sitegen.record.glossary_links import link_terms
from sitegen.record.trace import trace_block
from engine import __version__ as engine_version

#: in generated HTML, a link from the site root; page_content makes it relative to the page
ROOT_LINK = "@record-root/"

_facts: dict[str, PageFacts] = {}


def config(config: Any) -> Any:
    BUILD["site_url"] = base_url(config)
    address.check_release(BUILD["site_url"])
    editions.reset_draft()
    editions.check_release()  # a release names a new edition when the record's readings moved
    dates.reset()
    return config


def env(env: Any, config: Any, files: Any) -> Any:
    """Values the footer shows on every page."""
    env.globals["record_version"] = editions.draft_words("en") or archive_version()

    env.globals["record_engine_version"] = engine_version
    return env


def page_markdown(markdown: str, page: Any, config: Any) -> str:
    """Section anchors shared with the page's translation (sitegen/record/headings.py)."""
    return headings.page_markdown(markdown, Path(page.file.abs_src_path), page_lang(page.file.src_uri))


def page_content(html_text: str, page: Any, config: Any) -> str:
    facts = page_facts(page, config)
    _facts[page.file.src_uri] = facts
    if not (page.meta or {}).get("description"):
        summary = description(html_text, facts.lang)
        if summary and isinstance(page.meta, dict):
            page.meta["description"] = html.escape(summary, quote=True)  # the theme prints it as is
    html_text = re.sub(r'href="' + re.escape(ROOT_LINK) + r'([^"#]*)', lambda m: 'href="' + rel_url(page, m.group(1)), html_text)
    html_text = changelog.mark_notes(html_text, page.file.src_uri, facts.lang, rel_url(page, "archive/changelog/"))
    if facts.game is not None:
        glossary = rel_url(page, "archive/glossary/")
        html_text, _ = link_terms(html_text, facts.game.id, facts.lang, glossary)
        if page.file.src_uri == f"{facts.game.id}/index.{facts.lang}.md":
            html_text += trace_block(facts.game, facts.lang, rel_url(page, "archive/coverage/"))
    facts = _as_published(facts)
    _facts[page.file.src_uri] = facts
    if facts.game is None and not citable(page.file.src_uri):  # the apparatus is cited as such
        return html_text
    block = cite_block(facts, rel_url(page, "archive/sources/"), rel_url(page, "archive/citing/"))
    if facts.draft:  # the draft says so in its citation block, and which edition (if any) it cites
        note = editions.NOTE_TOKEN if facts.cite_url == editions.URL_TOKEN else editions.draft_note(facts.lang, "")
        block = block[: block.rindex("</section>")] + note + "</section>"
    return html_text + block


def _as_published(facts: PageFacts) -> PageFacts:
    """The page's citation address and version as published: a draft's page cites the latest
    release only where it reads as there (sitegen/editions.py, ``as_published``)."""
    cited, v, draft = editions.as_published(facts.base, facts.url[len(facts.base):])
    if not draft:
        return facts
    return dataclasses.replace(facts, cite_url=cited, version=v or editions.draft_words(facts.lang), draft=True)


def page_context(context: Any, page: Any, config: Any) -> Any:
    """The head metadata and footer values (context "record", read by overrides/)."""
    facts = _facts.get(page.file.src_uri) or page_facts(page, config)
    search.index_page(config, page, facts.lang)  # the theme's search has just indexed the page
    context["record"] = {
        "head": head_html(facts),
        "modified": facts.modified,
        "version": editions.draft_words(facts.lang) or facts.version,
        "lang": facts.lang,
        "title": "" if page.is_homepage else html.escape(facts.title, quote=False),
        "cite": rel_url(page, "archive/citing/"),
        "changelog": rel_url(page, "archive/changelog/"),
        "licence": rel_url(page, "archive/") + "#licences",
    }
    return context


def post_page(output: str, page: Any, config: Any) -> str:
    facts = _facts.get(page.file.src_uri)
    if facts is None:
        return output
    if facts.cite_url == editions.URL_TOKEN:  # a draft's page, now whole: compared with the release
        output, cited, v = editions.resolve_published(output, facts.base, facts.url[len(facts.base):], facts.url, facts.lang)
        facts = _facts[page.file.src_uri] = dataclasses.replace(facts, cite_url=cited, version=v)
        note = re.sub(r"<[^>]+>", "", editions.draft_note(facts.lang, v if cited else ""))
        search.fill_tokens(config, page, {editions.URL_TOKEN: cited or facts.url, editions.VERSION_TOKEN: v, editions.NOTE_TOKEN: note})
    rel = facts.url[len(facts.base):]
    output = editions.add_other_editions(output, rel, facts.lang, "", facts.base, editions.edition_dirs())
    output = alternates(output, facts)
    if facts.lang == "en":
        output = mark_chinese(output)
    if not citable(page.file.src_uri):
        return output
    # beside the page's index.html (mkdocs-static-i18n gives each language its own site_dir)
    out_dir = Path(config["site_dir"]) / Path(page.file.dest_uri).parent
    out_dir.mkdir(parents=True, exist_ok=True)
    # no access date: the reader's is added by the page script when they download from the page
    (out_dir / "cite.bib").write_text(bibtex(facts), encoding="utf-8")
    (out_dir / "cite.json").write_text(csl_json(facts), encoding="utf-8")
    return output


def site_built(site: Path, config: Any) -> None:
    """Every language is written: the sitemap beside the English pages, then every link checked."""
    address.set_lastmod(site, {f.url: f.modified for f in _facts.values()})
    address.copy_sitemap(site)
    address.write_page_sitemaps(site, BUILD["site_url"])
    anchors.check_links(site, config)

