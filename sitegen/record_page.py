"""What the record adds to each built page, in MkDocs' event order (wired by sitegen/hooks.py):
facts and links in the content, the cite block, head metadata and footer values, cite files."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from sitegen import record_dates
from sitegen.record_cite import bibtex, cite_block, csl_json
from sitegen.record_data import BUILD, archive_version
from sitegen.record_dates import _today
from sitegen.record_facts import PageFacts, _base_url, page_facts, rel_url
from sitegen.record_head import head_html
from sitegen.record_terms import link_terms
from sitegen.record_trace import trace_block

#: in generated HTML, a link from the site root; page_content makes it relative to the page
ROOT_LINK = "@record-root/"

_facts: dict[str, PageFacts] = {}


def config(config: Any) -> Any:
    BUILD["site_url"] = _base_url(config)
    record_dates.reset()
    return config


def env(env: Any, config: Any, files: Any) -> Any:
    """Values the footer shows on every page."""
    env.globals["record_version"] = archive_version()
    from engine import __version__ as engine_version

    env.globals["record_engine_version"] = engine_version
    return env


def page_content(html_text: str, page: Any, config: Any) -> str:
    facts = page_facts(page, config)
    _facts[page.file.src_uri] = facts
    html_text = re.sub(r'href="' + re.escape(ROOT_LINK) + r'([^"#]*)', lambda m: 'href="' + rel_url(page, m.group(1)), html_text)
    if facts.game is None:
        return html_text
    glossary = rel_url(page, "archive/glossary/")
    html_text, _ = link_terms(html_text, facts.game.id, facts.lang, glossary)
    if page.file.src_uri == f"{facts.game.id}/index.{facts.lang}.md":
        html_text += trace_block(facts.game, facts.lang, rel_url(page, "archive/coverage/"))
    return html_text + cite_block(facts, _today(), rel_url(page, "archive/sources/"), rel_url(page, "archive/citing/"))


def page_context(context: Any, page: Any, config: Any) -> Any:
    """The head metadata and footer values (context "record", read by overrides/)."""
    facts = _facts.get(page.file.src_uri) or page_facts(page, config)
    context["record"] = {
        "head": head_html(facts),
        "modified": facts.modified,
        "version": facts.version,
        "lang": facts.lang,
        "cite": rel_url(page, "archive/citing/"),
        "changelog": rel_url(page, "archive/changelog/"),
    }
    return context


def post_page(output: str, page: Any, config: Any) -> str:
    facts = _facts.get(page.file.src_uri)
    if facts is None or facts.game is None:
        return output
    # beside the page's index.html (mkdocs-static-i18n gives each language its own site_dir)
    out_dir = Path(config["site_dir"]) / Path(page.file.dest_uri).parent
    out_dir.mkdir(parents=True, exist_ok=True)
    cited = _today()
    (out_dir / "cite.bib").write_text(bibtex(facts, cited), encoding="utf-8")
    (out_dir / "cite.json").write_text(csl_json(facts, cited), encoding="utf-8")
    return output
