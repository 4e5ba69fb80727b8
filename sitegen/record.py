"""The citable heritage record: MkDocs hooks and generated archive pages.

As a hook (listed after ``sitegen/hooks.py`` in ``mkdocs.yml``) it

* gives every page citation metadata for the head (``citation_*``, Dublin
  Core ``DC.*``, schema.org JSON-LD), rendered by ``overrides/main.html``;
* appends a "cite this page" block to every page under ``docs/<game>/`` and
  writes its BibTeX and CSL-JSON next to the page (``cite.bib``, ``cite.json``);
* links glossary terms on game pages to the glossary, with a tooltip;
* puts the archive's version and the page's last change (from git) in the
  footer.

As a ``sitegen`` module it serves the ```` ```generated ```` fences of the
archive pages (names start with ``record-``): the sources, glossary,
bibliography, changelog, coverage and editorial-notes views, plus
``record-rules`` / ``record-rule`` that any game page may use to show a rule
beside its source passage.
"""

from __future__ import annotations

import datetime as _dt
import html
import importlib
import json
import re
import subprocess
import sys
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent


def _ensure_path() -> None:
    # MkDocs restores sys.path after loading a hook file: re-add the root at each event
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


_ensure_path()

from sitegen.record_data import (  # noqa: E402
    ARCHIVE,
    BUILD,
    BY_SOURCE,
    GAME_IDS,
    GAMES,
    MENTIONED,
    SECONDARY,
    Game,
    archive_version,
    primary_work,
)
from sitegen.record_glossary import TERMS, Term  # noqa: E402

LANG_TAG = {"zh": "zh-CN", "en": "en"}


def _t(lang: str, zh: str, en: str) -> str:
    return en if lang == "en" else zh


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


# ---------------------------------------------------------------- git dates


@lru_cache(maxsize=1)
def _git_dates() -> dict[str, str]:
    """path (relative to the repo) -> ISO date of the last commit touching it."""
    try:
        out = subprocess.run(
            ["git", "log", "--format=\x01%cs", "--name-only", "--no-renames"],
            cwd=ROOT, capture_output=True, text=True, timeout=60, check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return {}
    dates: dict[str, str] = {}
    current = ""
    for line in out.splitlines():
        if line.startswith("\x01"):
            current = line[1:].strip()
        elif line.strip() and current:
            dates.setdefault(line.strip(), current)
    return dates


def _today() -> str:
    return _dt.datetime.now(_dt.timezone.utc).date().isoformat()


def _uncommitted() -> set[str]:
    try:
        out = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=all", "--", "docs", "engine", "sitegen"],
            cwd=ROOT, capture_output=True, text=True, timeout=60, check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return set()
    return {line[3:].strip() for line in out.splitlines() if len(line) > 3}


_UNCOMMITTED: set[str] | None = None


def last_changed(*paths: str) -> str:
    """The date the newest of ``paths`` (files, or folders meaning every file under them) last
    changed: its last commit, or today when one of them has uncommitted changes."""
    global _UNCOMMITTED
    if _UNCOMMITTED is None:
        _UNCOMMITTED = _uncommitted()

    def under(p: str, root: str) -> bool:
        return p == root or p.startswith(root.rstrip("/") + "/")

    if any(under(u, p) for u in _UNCOMMITTED for p in paths):
        return _today()
    dates = [d for f, d in _git_dates().items() if any(under(f, p) for p in paths)]
    return max(dates) if dates else _today()


def page_sources(src: str) -> tuple[str, ...]:
    """What a page's text is made from: its Markdown file and, on a game page, the game's
    engine and build-time views (its generated tables and examples)."""
    gid = page_game(src)
    return ("docs/" + src,) + ((f"engine/{gid}", f"sitegen/{gid}.py") if gid else ())


# ---------------------------------------------------------------- page facts


def page_lang(src_uri: str) -> str:
    return "en" if src_uri.endswith(".en.md") else "zh"


def page_game(src_uri: str) -> str | None:
    first = src_uri.split("/", 1)[0]
    return first if first in GAME_IDS and "/" in src_uri else None


def other_src(src_uri: str) -> str:
    if src_uri.endswith(".en.md"):
        return src_uri[: -len(".en.md")] + ".zh.md"
    if src_uri.endswith(".zh.md"):
        return src_uri[: -len(".zh.md")] + ".en.md"
    return src_uri


def src_title(path: Path) -> str:
    """A page's title as written: front-matter ``title`` or the first ``#`` heading."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return ""
    m = re.match(r"---\n(.*?)\n---\n", text, re.S)
    if m:
        t = re.search(r"^title:\s*(.+)$", m.group(1), re.M)
        if t:
            return t.group(1).strip().strip("'\"")
    h = re.search(r"^#\s+(.+?)\s*(\{.*\})?\s*$", text, re.M)
    return h.group(1).strip() if h else ""


def _url_of(path: str) -> str:
    """URL path (no leading slash) of a docs file, for use_directory_urls and the suffix layout."""
    lang = page_lang(path)
    stem = re.sub(r"\.(zh|en)\.md$", "", path)
    if stem == "index":
        rel = ""
    elif stem.endswith("/index"):
        rel = stem[: -len("index")]
    else:
        rel = stem + "/"
    return ("en/" if lang == "en" else "") + rel


@dataclass
class PageFacts:
    lang: str
    src: str
    game: Game | None
    title: str
    title_other: str
    url: str  # absolute
    url_other: str | None  # absolute URL of the translation, when it exists
    modified: str  # YYYY-MM-DD
    version: str
    site_name: str
    base: str  # absolute URL of the site root (the Chinese home page)


def _base_url(config: Any) -> str:
    base = str(config.get("site_url") or "/")
    base = re.sub(r"/en/?$", "/", base)  # mkdocs-static-i18n gives the English build ".../en/"
    return base if base.endswith("/") else base + "/"


def page_facts(page: Any, config: Any) -> PageFacts:
    src = page.file.src_uri
    lang = page_lang(src)
    docs = Path(config["docs_dir"])
    other = other_src(src)
    gid = page_game(src)
    title = page.title or src_title(docs / src) or ""
    if gid and title and GAMES[gid].name(lang) not in title and not src.endswith("index." + lang + ".md"):
        title = f"{GAMES[gid].name(lang)}：{title}" if lang == "zh" else f"{GAMES[gid].name(lang)}: {title}"
    base = _base_url(config)
    has_other = other != src and (docs / other).exists()
    title_other = src_title(docs / other) if has_other else ""
    olang = page_lang(other)
    if gid and title_other and GAMES[gid].name(olang) not in title_other and not other.endswith("index." + olang + ".md"):
        title_other = f"{GAMES[gid].name(olang)}：{title_other}" if olang == "zh" else f"{GAMES[gid].name(olang)}: {title_other}"
    return PageFacts(
        lang=lang,
        src=src,
        game=GAMES.get(gid) if gid else None,
        title=str(title),
        title_other=title_other,
        url=base + _url_of(src),
        url_other=base + _url_of(other) if has_other else None,
        modified=last_changed(*page_sources(src)),
        version=archive_version(),
        site_name=ARCHIVE["name"](lang),
        base=base,
    )


# ---------------------------------------------------------------- citations


def _long_date(iso: str, lang: str) -> str:
    d = _dt.date.fromisoformat(iso)
    if lang == "zh":
        return f"{d.year}年{d.month}月{d.day}日"
    return d.strftime("%B ") + str(d.day) + d.strftime(", %Y")


def cite_gbt(f: PageFacts, cited: str) -> str:
    """GB/T 7714—2015 style, electronic resource [EB/OL]."""
    pub = ARCHIVE["publisher"](f.lang)
    year = f.modified[:4]
    return f"{pub}. {f.title}[EB/OL]. {f.site_name}, {year}({f.modified})[{cited}]. {f.url}."


def cite_english(f: PageFacts) -> str:
    """Chicago-style bibliography entry for a web page."""
    pub = ARCHIVE["publisher"]("en")
    site = ARCHIVE["name"]("en")
    if f.lang == "zh":
        trans = f" [{f.title_other}]" if f.title_other else ""
        title = f"“{f.title}”{trans}."
        tail = " In Chinese."
    else:
        title = f"“{f.title}.”"
        tail = ""
    return f"{pub}. {title} {site}, version {f.version}. Last modified {_long_date(f.modified, 'en')}.{tail} {f.url}."


def _bib_escape(s: str) -> str:
    return re.sub(r"([&%$#_{}])", r"\\\1", s)


def bibtex(f: PageFacts, cited: str) -> str:
    key = "fgha-" + re.sub(r"[^a-z0-9]+", "-", f.src.lower().replace(".md", "")).strip("-")
    fields = [
        ("title", "{" + _bib_escape(f.title) + "}"),
        ("author", "{" + _bib_escape(ARCHIVE["publisher"](f.lang)) + "}"),
        ("organization", _bib_escape(f.site_name)),
        ("year", f.modified[:4]),
        ("date", f.modified),
        ("version", f.version),
        ("url", f.url),
        ("urldate", cited),
        ("language", "chinese" if f.lang == "zh" else "english"),
    ]
    if f.game:
        w = primary_work(f.game)
        fields.append(("note", _bib_escape(("Based on " if f.lang == "en" else "依据：") + (w.en if f.lang == "en" else w.zh))))
    body = ",\n".join(f"  {k} = {{{v}}}" for k, v in fields)
    return f"@online{{{key},\n{body}\n}}\n"


def _parts(iso: str) -> list[list[int]]:
    d = _dt.date.fromisoformat(iso)
    return [[d.year, d.month, d.day]]


def csl_json(f: PageFacts, cited: str) -> str:
    item: dict[str, Any] = {
        "id": "fgha-" + re.sub(r"[^a-z0-9]+", "-", f.src.lower().replace(".md", "")).strip("-"),
        "type": "webpage",
        "title": f.title,
        "container-title": f.site_name,
        "publisher": f.site_name,
        "author": [{"literal": ARCHIVE["publisher"](f.lang)}],
        "issued": {"date-parts": _parts(f.modified)},
        "accessed": {"date-parts": _parts(cited)},
        "URL": f.url,
        "language": LANG_TAG[f.lang],
        "version": f.version,
    }
    if f.lang == "zh" and f.title_other:
        item["title-short"] = f.title
        item["note"] = f"English title: {f.title_other}"
    if f.game:
        w = primary_work(f.game)
        item["references"] = w.en
    return json.dumps([item], ensure_ascii=False, indent=2) + "\n"


def head_html(f: PageFacts) -> str:
    """<meta> tags and JSON-LD for the page head."""
    pub = ARCHIVE["publisher"](f.lang)
    meta: list[tuple[str, str]] = [
        ("citation_title", f.title),
        ("citation_author", pub),
        ("citation_publisher", f.site_name),
        ("citation_date", f.modified.replace("-", "/")),
        ("citation_online_date", f.modified.replace("-", "/")),
        ("citation_language", f.lang),
        ("citation_public_url", f.url),
        ("DC.title", f.title),
        ("DC.creator", pub),
        ("DC.publisher", f.site_name),
        ("DC.date", f.modified),
        ("DC.language", LANG_TAG[f.lang]),
        ("DC.type", "Text"),
        ("DC.format", "text/html"),
        ("DC.identifier", f.url),
    ]
    if f.game:
        g = f.game
        meta += [
            ("DC.subject", f"{g.name.zh} ({g.pinyin}); {g.name.en}"),
            ("DC.source", f"{primary_work(g).zh}"),
            ("DC.coverage", g.place(f.lang)),
        ]
    if f.url_other:
        meta.append(("DC.relation", f.url_other))
    tags = "".join(f'<meta name="{_esc(k)}" content="{_esc(v)}">\n' for k, v in meta)
    return tags + '<script type="application/ld+json">' + json_ld(f) + "</script>\n"


def json_ld(f: PageFacts) -> str:
    other_lang = "en" if f.lang == "zh" else "zh"
    doc: dict[str, Any] = {
        "@context": "https://schema.org",
        "@type": "CreativeWork",
        "name": f.title,
        "headline": f.title,
        "url": f.url,
        "inLanguage": LANG_TAG[f.lang],
        "dateModified": f.modified,
        "version": f.version,
        "author": {"@type": "Organization", "name": ARCHIVE["publisher"](f.lang)},
        "publisher": {"@type": "Organization", "name": f.site_name},
        "isPartOf": {"@type": "WebSite", "name": f.site_name, "url": f.base + ("en/" if f.lang == "en" else "")},
    }
    if f.game:
        g = f.game
        doc["about"] = {
            "@type": "Game",
            "name": g.name(f.lang),
            "alternateName": [g.name.zh, g.pinyin, g.name.en],
            "locationCreated": {"@type": "Place", "name": g.place(f.lang)},
        }
        author: dict[str, Any]
        if g.id == "paohuzi":
            author = {"@type": "Organization", "name": "佚名 (anonymous)"}
        else:
            names = [n.get("literal") or n["family"] + n["given"] for n in g.recorder_csl]
            author = {"@type": "Person", "name": names[0]} if len(names) == 1 else [{"@type": "Person", "name": n} for n in names]
        based: dict[str, Any] = {
            "@type": "CreativeWork",
            "name": g.source_title,
            "alternateName": g.source_title_en,
            "author": author,
            "inLanguage": "zh-CN",
            "locationCreated": {"@type": "Place", "name": g.place.zh},
            "identifier": g.source,
        }
        if g.date_iso:
            based["dateCreated"] = g.date_iso
        doc["isBasedOn"] = based
    if f.url_other:
        rel = {"@type": "CreativeWork", "url": f.url_other, "inLanguage": LANG_TAG[other_lang]}
        if f.title_other:
            rel["name"] = f.title_other
        doc["workTranslation" if f.lang == "zh" else "translationOfWork"] = rel
    return json.dumps(doc, ensure_ascii=False).replace("</", "<\\/")


def cite_block(f: PageFacts, cited: str, sources_href: str, citing_href: str) -> str:
    L = f.lang
    g = f.game
    assert g is not None
    items = [
        ("rec-cite-gbt", _t(L, "GB/T 7714—2015 格式", "GB/T 7714—2015 (Chinese standard)"), cite_gbt(f, cited)),
        ("rec-cite-en", _t(L, "英文（Chicago）格式", "English (Chicago style)"), cite_english(f)),
    ]
    rows = "".join(
        f'<div class="rec-cite-item"><p class="rec-cite-label">{_esc(label)}</p>'
        f'<p class="rec-cite-text" id="{cid}">{_esc(text)}</p>'
        f'<button type="button" class="md-button rec-copy" data-copy="{cid}" '
        f'data-done="{_esc(_t(L, "已复制", "Copied"))}">{_esc(_t(L, "复制", "Copy"))}</button></div>'
        for cid, label, text in items
    )
    w = primary_work(g)
    src_link = f"{sources_href}#src-{g.id}"
    return (
        f'<section class="rec-cite" id="cite-this-page" aria-labelledby="rec-cite-h">'
        f'<h2 id="rec-cite-h">{_esc(_t(L, "引用本页", "Cite this page"))}</h2>'
        f"{rows}"
        f'<p class="rec-cite-files">{_esc(_t(L, "下载：", "Download: "))}'
        f'<a href="cite.bib" download>BibTeX</a> · <a href="cite.json" download>CSL-JSON</a>'
        f' · <a href="{citing_href}">{_esc(_t(L, "如何引用", "How to cite"))}</a></p>'
        f'<p class="rec-cite-source">{_esc(_t(L, "本页依据的原始文献：", "Primary source of this page: "))}'
        f'{_esc(w.zh if L == "zh" else w.en)} <a href="{src_link}">{_esc(_t(L, "（见来源页）", "(see Sources)"))}</a></p>'
        f'<p class="rec-meta">{_esc(_t(L, "最后修改：", "Last changed: "))}<time datetime="{f.modified}">{f.modified}</time>'
        f' · {_esc(_t(L, "档案版本 ", "archive version "))}{_esc(f.version)}</p>'
        "</section>"
    )


# ---------------------------------------------------------------- glossary links


SKIP_TAGS = {"a", "code", "pre", "script", "style", "h1", "h2", "h3", "h4", "h5", "h6", "abbr", "button", "blockquote", "q",
             "textarea", "select", "svg", "kbd", "sup", "title", "option", "label"}
VOID = {"br", "img", "input", "hr", "meta", "link", "wbr", "source", "col", "area", "base", "embed", "param", "track"}
TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>")


def terms_for(game: str | None) -> list[Term]:
    return [t for t in TERMS if t.link and (game is None or game in t.games)]


def link_terms(text: str, game: str | None, lang: str, glossary_href: str) -> tuple[str, list[str]]:
    """Link the first occurrence of each glossary term in running text. Returns (html, slugs linked)."""
    terms = sorted(terms_for(game), key=lambda t: -len(t.zh))
    if not terms:
        return text, []
    by_zh = {t.zh: t for t in terms}
    alts = [re.escape(t.zh) for t in terms]
    by_form: dict[str, Term] = {}
    if lang == "en":
        # English pages write many terms in pinyin: link those too (two syllables at least)
        for t in terms:
            if len(t.zh) < 2:
                continue
            for f in pinyin_forms(t):
                by_form.setdefault(f, t)
        forms = sorted(by_form, key=len, reverse=True)
        if forms:
            alts.append(r"(?<![A-Za-z\u00c0-\u024f])(?i:" + "|".join(re.escape(f) for f in forms) + r")(?![A-Za-z\u00c0-\u024f])")
    pat = re.compile("|".join(alts))
    done: set[str] = set()
    out: list[str] = []
    skip: list[str] = []  # open skipped elements (tag names)
    div_depth = 0
    pos = 0

    def sub(seg: str) -> str:
        def repl(m: re.Match[str]) -> str:
            t = by_zh.get(m.group(0)) or by_form[m.group(0).lower()]
            if t.zh in done:
                return m.group(0)
            done.add(t.zh)
            tip = f"{t.pinyin} — {t.en}: {t.en_def}" if lang == "en" else f"{t.pinyin}：{t.zh_def}"
            return f'<a class="rec-term" href="{glossary_href}#{t.slug}" title="{_esc(tip)}">{m.group(0)}</a>'

        return pat.sub(repl, seg)

    for m in TAG.finditer(text):
        seg = text[pos:m.start()]
        out.append(sub(seg) if not skip else seg)
        closing, name, attrs = m.group(1), m.group(2).lower(), m.group(3)
        if name == "div":
            if closing:
                div_depth -= 1
                if skip and skip[-1] == f"div@{div_depth}":
                    skip.pop()
            else:
                if re.search(r'class="[^"]*\b(hw|rec-cite|highlight|admonition-title)\b', attrs) and not skip:
                    skip.append(f"div@{div_depth}")
                div_depth += 1
        elif name in SKIP_TAGS and not attrs.rstrip().endswith("/"):
            if closing:
                if name in skip:
                    while skip and skip[-1] != name:
                        skip.pop()
                    if skip:
                        skip.pop()
            else:
                skip.append(name)
        out.append(m.group(0))
        pos = m.end()
    tail = text[pos:]
    out.append(sub(tail) if not skip else tail)
    by_slug = [by_zh[z].slug for z in done]
    return "".join(out), sorted(by_slug)


# ---------------------------------------------------------------- hooks


_facts: dict[str, PageFacts] = {}


def on_config(config: Any) -> Any:
    _ensure_path()
    BUILD["site_url"] = _base_url(config)
    global _UNCOMMITTED
    _UNCOMMITTED = None
    _git_dates.cache_clear()
    return config


def on_env(env: Any, config: Any, files: Any) -> Any:
    env.globals["record_version"] = archive_version()
    from engine import __version__ as engine_version

    env.globals["record_engine_version"] = engine_version
    return env


def _rel(page: Any, target: str) -> str:
    """Relative URL from ``page`` to a site path like 'archive/glossary/' (language prefix added)."""
    from mkdocs.utils import get_relative_url

    lang = page_lang(page.file.src_uri)
    full = ("en/" if lang == "en" else "") + target
    return get_relative_url(full, _url_of(page.file.src_uri) or ".")


def on_page_content(html_text: str, page: Any, config: Any, files: Any) -> str:
    _ensure_path()
    facts = page_facts(page, config)
    _facts[page.file.src_uri] = facts
    html_text = re.sub(r'href="' + re.escape(ROOT_LINK) + r'([^"#]*)', lambda m: 'href="' + _rel(page, m.group(1)), html_text)
    if facts.game is None:
        return html_text
    glossary = _rel(page, "archive/glossary/")
    html_text, _ = link_terms(html_text, facts.game.id, facts.lang, glossary)
    if page.file.src_uri == f"{facts.game.id}/index.{facts.lang}.md":
        html_text += trace_block(facts.game, facts.lang, _rel(page, "archive/coverage/"))
    return html_text + cite_block(facts, _today(), _rel(page, "archive/sources/"), _rel(page, "archive/citing/"))


def trace_block(g: Game, lang: str, coverage_href: str) -> str:
    """On a game's home page: every rule the engine implements, beside its source passage."""
    rules, gaps, _ = trace_parts(g.id)
    if not rules:
        return ""
    L = lang
    rows = "".join(
        f'<tr id="rule-{_esc(r.id)}"><td>{_esc(r.zh if L == "zh" else r.en)}</td>'
        f"<td>{_esc(r.passage.section)}</td><td><q>{_esc(r.passage.quote)}</q></td></tr>"
        for r in rules
    )
    summary = _t(L, f"规则与原文出处（{len(rules)} 条规则，{len(gaps)} 处未实现）", f"Rules and their source passages ({len(rules)} rules, {len(gaps)} passages not implemented)")
    return (
        f'<details class="rec-trace" id="rule-trace"><summary>{_esc(summary)}</summary>'
        f'<p>{_esc(_t(L, "每条规则都注明它所依据的原文段落（", "Each rule names the passage of "))}<em>{_esc(g.source_title)}</em>'
        f'{_esc(_t(L, "）。实现与测试情况见", ") it rests on. Where each is implemented and tested: "))}'
        f'<a href="{coverage_href}#cov-{g.id}">{_esc(_t(L, "覆盖表", "coverage table"))}</a>{_esc(_t(L, "。", "."))}</p>'
        f'<table><thead><tr><th>{_esc(_t(L, "规则", "Rule"))}</th><th>{_esc(_t(L, "段落", "Passage"))}</th>'
        f'<th>{_esc(_t(L, "原文", "Source words"))}</th></tr></thead><tbody>{rows}</tbody></table></details>'
    )


def on_page_context(context: Any, page: Any, config: Any, nav: Any) -> Any:
    facts = _facts.get(page.file.src_uri) or page_facts(page, config)
    context["record"] = {
        "head": head_html(facts),
        "modified": facts.modified,
        "version": facts.version,
        "lang": facts.lang,
        "cite": _rel(page, "archive/citing/"),
        "changelog": _rel(page, "archive/changelog/"),
    }
    return context


def on_post_page(output: str, page: Any, config: Any) -> str:
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


# ---------------------------------------------------------------- generated views

GeneratedFn = Callable[[str, dict[str, Any]], str]


def _md_cell(s: str) -> str:
    return s.replace("|", "\\|").replace("\n", " ")


def _section_counts(g: Game) -> dict[str, list[int]]:
    """outline section slug -> [rules, gaps] traced to it."""
    counts = {s.slug: [0, 0] for s in g.sections}
    rules, gaps, _ = trace_parts(g.id)
    for i, items in enumerate((rules, gaps)):
        for it in items:
            sec = section_of(it.passage) if it.passage.source == g.source else None
            if sec is not None:
                counts[sec.slug][i] += 1
    return counts


def gen_sources(lang: str, params: dict[str, Any]) -> str:
    L = lang
    out: list[str] = []
    for g in GAMES.values():
        out.append(f"## {g.name(L)} · {g.source} {{#src-{g.id}}}\n")
        rows = [
            (_t(L, "题名（原文）", "Title as printed"), g.source_title),
            (_t(L, "题名（译）", "Title (translated)"), g.source_title_en if L == "en" else g.source_title),
            (_t(L, "记录者", "Recorded by"), g.recorder(L)),
            (_t(L, "地点", "Place"), g.place(L)),
            (_t(L, "时间", "Date"), g.date(L)),
            (_t(L, "文献类型", "Kind of document"), g.kind(L)),
            (_t(L, "内容", "What it covers"), g.covers(L)),
            (_t(L, "缺失", "What is missing"), g.missing(L)),
        ]
        if L == "zh":
            rows.pop(1)
        out.append(f"| | |\n|---|---|\n" + "".join(f"| {_md_cell(a)} | {_md_cell(b)} |\n" for a, b in rows))
        if g.misprints:
            out.append(f"\n### {_t(L, '已知误印与不一致', 'Known misprints and inconsistencies')} {{#src-{g.id}-misprints}}\n")
            out.append(
                f"| {_t(L, '原文', 'As printed')} | {_t(L, '档案读作', 'Archive reads')} | {_t(L, '说明', 'Note')} |\n|---|---|---|\n"
                + "".join(f"| {_md_cell(m.printed)} | {_md_cell(m.reading)} | {_md_cell(m.zh if L == 'zh' else m.en)} |\n" for m in g.misprints)
            )
        out.append(f"\n### {_t(L, '章节', 'Sections')} {{#src-{g.id}-sections}}\n")
        out.append(_t(L, "档案按下列章节引用原文（覆盖情况见[覆盖表](coverage.md)）：", "The archive refers to the source by these sections (see [coverage](coverage.md)):") + "\n")
        counts = _section_counts(g)

        def status(slug: str) -> str:
            r, gp = counts[slug]
            parts = ([_t(L, f"规则 {r} 条", f"{r} rule{'s' if r > 1 else ''}")] if r else []) + (
                [_t(L, f"未实现 {gp} 处", f"{gp} not implemented")] if gp else [])
            return (" — " + _t(L, "，", ", ").join(parts)) if parts else ""

        out.append("".join(
            f"{i}. {s.zh if L == 'zh' else s.en}{status(s.slug)}\n"
            for i, s in enumerate(g.sections, 1)) + "\n")
    return "\n".join(out)


def _page_title(path: Path) -> str:
    return src_title(path) or path.stem


@lru_cache(maxsize=4)
def _game_pages(lang: str) -> tuple[tuple[str, str, str], ...]:
    """(docs-relative path, title, text) of every game page in ``lang``."""
    docs = ROOT / "docs"
    out = []
    for gid in GAME_IDS:
        for p in sorted((docs / gid).glob(f"*.{lang}.md")):
            out.append((p.relative_to(docs).as_posix(), _page_title(p), p.read_text(encoding="utf-8")))
    return tuple(out)


def _ascii_pinyin(py: str) -> str:
    base = unicodedata.normalize("NFD", py)
    return "".join(c for c in base if unicodedata.category(c) != "Mn").lower()


def pinyin_forms(term: Term) -> set[str]:
    """Lower-case ways an English text may write a term: with or without tone marks, syllables apart or joined."""
    forms = {term.pinyin.lower(), _ascii_pinyin(term.pinyin)}
    return forms | {f.replace(" ", "").replace("'", "") for f in forms}


def _uses(term: Term, text: str, lang: str) -> bool:
    """Whether a page's text uses the term: its characters, or on English pages its pinyin
    (written with or without tone marks, syllables joined or apart; two syllables at least)."""
    if term.zh in text:
        return True
    if lang != "en" or len(term.zh) < 2:
        return False
    low = text.lower()
    return any(re.search(r"(?<![a-z\u00c0-\u024f])" + re.escape(f) + r"(?![a-z\u00c0-\u024f])", low) for f in pinyin_forms(term))


def term_uses(term: Term, lang: str, limit: int = 4) -> list[tuple[str, str]]:
    """Game pages (path, title) in ``lang`` whose text uses the term: for each of its games,
    the game's home page first, then the others in path order (at most ``limit`` in all)."""
    per_game = max(2, limit // len(term.games))
    out: list[tuple[str, str]] = []
    for gid in term.games:
        hits = [(p, t) for p, t, text in _game_pages(lang) if p.split("/")[0] == gid and _uses(term, text, lang)]
        hits.sort(key=lambda h: (not h[0].endswith(f"/index.{lang}.md"), h[0]))
        out += hits[:per_game]
    return out


GAME_ORDER = {g: i for i, g in enumerate(GAME_IDS)}


def _short_name(gid: str, lang: str) -> str:
    return GAMES[gid].name.zh if lang == "zh" else GAMES[gid].name.en.split(" (")[0]


def gen_glossary(lang: str, params: dict[str, Any]) -> str:
    _game_pages.cache_clear()
    L = lang
    head = (
        f"| {_t(L, '词语', 'Term')} | {_t(L, '拼音', 'Pinyin')} | {_t(L, '英文', 'English')} | "
        f"{_t(L, '游戏', 'Game')} | {_t(L, '释义', 'Meaning')} | {_t(L, '见于', 'Used in')} |\n|---|---|---|---|---|---|\n"
    )

    def row(t: Term) -> str:
        games = ("、" if L == "zh" else ", ").join(_short_name(g, L) for g in t.games)
        uses = _t(L, "；", "; ").join(
            f"{_short_name(g, L)}{_t(L, '：', ': ')}"
            + " · ".join(
                [f"[{_md_cell(title)}](../{p})" for p, title in term_uses(t, L) if p.startswith(g + "/")]
                + [f"[{_t(L, '原文', 'source')}](sources.md#src-{g})"]
            )
            for g in t.games
        )
        return (
            f'| <span id="{t.slug}"></span>**{t.zh}** | {t.pinyin} | {_md_cell(t.en)} | {games} | '
            f"{_md_cell(t.zh_def if L == 'zh' else t.en_def)} | {uses} |\n"
        )

    out = [_t(L, f"共 {len(TERMS)} 条。", f"{len(TERMS)} terms.") + "\n"]
    groups: list[tuple[str, str, list[Term]]] = [("shared", _t(L, "几种游戏共用", "Shared by several games"), [t for t in TERMS if len(t.games) > 1])]
    groups += [(g, GAMES[g].name(L), [t for t in TERMS if t.games == (g,)]) for g in GAME_IDS]
    for key, title, terms in groups:
        if not terms:
            continue
        out.append(f"## {title} {{#terms-{key}}}\n")
        out.append(head + "".join(row(t) for t in sorted(terms, key=lambda t: t.pinyin)))
    return "\n".join(out)


def gen_bibliography(lang: str, params: dict[str, Any]) -> str:
    L = lang
    out = [f"## {_t(L, '原始文献', 'Primary sources')} {{#primary}}\n"]
    for g in GAMES.values():
        w = primary_work(g)
        out.append(f"{GAME_ORDER[g.id] + 1}. <span id=\"{w.key}\"></span>{_esc(w.zh if L == 'zh' else w.en)} — {w.note(L)}{_t(L, '；', '; ')}[{_t(L, '详见来源页', 'see Sources')}](sources.md#src-{g.id})\n")
    out.append(f"\n## {_t(L, '原始文献提到的文献', 'Works the sources cite')} {{#cited-by-sources}}\n")
    out.append(_t(L, "档案未见原件，只按原始文献的说法列出。", "The archive has not seen these; they are listed as the sources describe them.") + "\n")
    for i, w in enumerate(MENTIONED, 1):
        out.append(f"{i}. <span id=\"{w.key}\"></span>{_esc(w.zh if L == 'zh' else w.en)} — {w.note(L)}\n")
    out.append(f"\n## {_t(L, '其他文献', 'Other works')} {{#secondary}}\n")
    for i, w in enumerate(SECONDARY, 1):
        out.append(f"{i}. <span id=\"{w.key}\"></span>{_esc(w.zh if L == 'zh' else w.en)} — {w.note(L)}\n")
    return "\n".join(out)


def gen_changelog(lang: str, params: dict[str, Any]) -> str:
    try:
        log = subprocess.run(
            ["git", "log", "--date=short", "--format=%ad%x09%h%x09%s", "-n", "400"],
            cwd=ROOT, capture_output=True, text=True, timeout=60, check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return _t(lang, "（没有 git 记录）", "(no git history available)")
    by_day: dict[str, list[str]] = {}
    for line in log.splitlines():
        parts = line.split("\t", 2)
        if len(parts) == 3:
            subject = re.sub(r"([\\`*_\[\]#|])", r"\\\1", html.escape(parts[2], quote=False))
            by_day.setdefault(parts[0], []).append(f"- `{parts[1]}` {subject}")
    return "\n".join(f"### {day}\n\n" + "\n".join(items) + "\n" for day, items in by_day.items())


# ----- trace


def load_trace(game: str) -> Any | None:
    """engine/<game>/trace.py, or None when the game has no trace module yet."""
    _ensure_path()
    name = f"engine.{game}.trace"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name in (name, f"engine.{game}"):
            return None
        raise


def trace_parts(game: str) -> tuple[tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]]:
    mod = load_trace(game)
    if mod is None:
        return (), (), ()
    return tuple(getattr(mod, "RULES", ())), tuple(getattr(mod, "GAPS", ())), tuple(getattr(mod, "OPTIONS", ()))


def source_text(source: str) -> str | None:
    g = BY_SOURCE.get(source)
    if g is None:
        return None
    try:
        return g.source_path().read_text(encoding="utf-8")
    except OSError:
        return None


def section_of(passage: Any) -> Any | None:
    """The archive's outline section where a passage's quote sits (by position in the source)."""
    g = BY_SOURCE.get(passage.source)
    text = source_text(passage.source)
    if g is None or text is None or not passage.quote:
        return None
    starts = [(text.find(s.anchor), s) for s in g.sections]

    def at(pos: int) -> Any | None:
        best = None
        for i, s in starts:
            if 0 <= i <= pos:
                best = s
        return best

    hits = [m.start() for m in re.finditer(re.escape(passage.quote), text)]
    if not hits:
        return None
    found = [at(h) for h in hits]
    # a quote found more than once: prefer the section the implementer's label names
    label = passage.section.split()[0] if passage.section.split() else ""
    for s in found:
        if s is not None and label and (label in s.zh or s.zh.rstrip("（）() ").endswith(label) or label in s.en):
            return s
    return found[0]


def resolves(dotted: str) -> bool:
    """Whether ``engine.x.y.name`` names an importable module or attribute."""
    _ensure_path()
    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        try:
            for a in parts[i:]:
                obj = getattr(obj, a)
        except AttributeError:
            return False
        return True
    return False


def has_test(ref: str) -> bool:
    """Whether ``tests/x/test_y.py::test_name`` (or ``::Class::test``) exists in the repo."""
    path, _, rest = ref.partition("::")
    f = ROOT / path
    if not f.is_file():
        return False
    if not rest:
        return True
    text = f.read_text(encoding="utf-8")
    names = [re.sub(r"\[.*\]$", "", n) for n in rest.split("::")]
    return all(re.search(rf"^\s*(async\s+)?(def|class)\s+{re.escape(n)}\b", text, re.M) for n in names)


def _quote_md(p: Any, lang: str) -> str:
    g = BY_SOURCE.get(p.source)
    ok = source_text(p.source) is not None and p.quote in (source_text(p.source) or "")
    mark = "" if ok else " ⚠ " + _t(lang, "引文在原文中找不到", "quote not found in the source")
    title = g.source_title if g else p.source
    return f"> {p.quote}\n>\n> — 《{title}》（{p.source}），{p.section}{mark}\n" if lang == "zh" else (
        f"> {p.quote}\n>\n> — *{title}* ({p.source}), {p.section}{mark}\n"
    )


def _note_link(note: str, lang: str, base: str = "../") -> str:
    page, _, anchor = note.partition("#")
    stem = re.sub(r"\.md$", "", page)
    exists = (ROOT / "docs" / f"{stem}.{lang}.md").exists()
    if not exists:
        return f"`{note}` ⚠ " + _t(lang, "说明页尚不存在", "note page does not exist yet")
    return f"[{_t(lang, '编辑说明', 'editorial note')}]({base}{stem}.md{'#' + anchor if anchor else ''})"


def note_excerpt(note: str, lang: str) -> str:
    """The first paragraph of the editorial note ``page.md#anchor`` (its author's words, links unwrapped)."""
    page, _, anchor = note.partition("#")
    f = ROOT / "docs" / (re.sub(r"\.md$", "", page) + f".{lang}.md")
    if not anchor or not f.is_file():
        return ""
    lines = f.read_text(encoding="utf-8").splitlines()
    start = next((i for i, ln in enumerate(lines) if re.match(r"^#+\s.*\{[^}]*#" + re.escape(anchor) + r"\b[^}]*\}\s*$", ln)), None)
    if start is None:
        return ""
    para: list[str] = []
    for ln in lines[start + 1:]:
        if ln.startswith("#"):
            break
        if not ln.strip() or ln.lstrip().startswith((">", "```", "<", "|", "!!!", "???")):
            if para:
                break
            continue
        if re.match(r"^\s*([-*+]|\d+\.)\s", ln) and not para:
            break
        para.append(ln.strip())
    text = " ".join(para)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # links resolve from the note's page, not this one
    text = re.sub(r"\[\^[^\]]*\]", "", text)
    return text


def gen_coverage(lang: str, params: dict[str, Any]) -> str:
    L = lang
    out: list[str] = []
    ok, bad = "✓", "⚠"
    for g in GAMES.values():
        rules, gaps, options = trace_parts(g.id)
        out.append(f"## {g.name(L)} · {g.source} {{#cov-{g.id}}}\n")
        if load_trace(g.id) is None:
            out.append(_t(L, f"`engine/{g.id}/trace.py` 尚未建立：这份文献的规则还没有追溯到原文。", f"`engine/{g.id}/trace.py` does not exist yet: no rule of this source is traced.") + "\n")
        by_sec: dict[str, list[tuple[str, Any]]] = {s.slug: [] for s in g.sections}
        stray: list[tuple[str, Any]] = []
        for kind, items in (("rule", rules), ("gap", gaps), ("option", options)):
            for it in items:
                s = section_of(it.passage) if it.passage.source == g.source else None
                (by_sec[s.slug] if s else stray).append((kind, it))
        n_traced = sum(1 for v in by_sec.values() if v)
        out.append(
            _t(L, f"规则 {len(rules)} 条，未实现段落 {len(gaps)} 处，可选读法 {len(options)} 个；{len(g.sections)} 个章节中有 {n_traced} 个已追溯。",
               f"{len(rules)} rules, {len(gaps)} passages not implemented, {len(options)} rule options; {n_traced} of {len(g.sections)} sections traced.") + "\n"
        )
        head = (
            f"| {_t(L, '章节', 'Section')} | {_t(L, '段落', 'Passage')} | {_t(L, '内容', 'What')} | {_t(L, '实现于', 'Implemented in')} | {_t(L, '测试', 'Tested by')} |\n|---|---|---|---|---|\n"
        )

        def row(label: str, kind: str, it: Any) -> str:
            p = it.passage
            if kind == "rule":
                what = f"[`{it.id}`](../{g.id}/index.md#rule-{it.id}) {it.zh if L == 'zh' else it.en}"
                impl = f"`{it.implemented_in}` {ok if resolves(it.implemented_in) else bad}"
                tests = "<br>".join(f"`{t}` {ok if has_test(t) else bad}" for t in it.tests) or f"{bad} " + _t(L, "无", "none")
            elif kind == "gap":
                what = _t(L, "**未实现**：", "**Not implemented**: ") + (it.zh if L == "zh" else it.en)
                impl, tests = "—", "—"
            else:
                what = _t(L, "**可选读法** ", "**Rule option** ") + f"`{it.id}` {it.zh if L == 'zh' else it.en}"
                impl = _t(L, f"默认 `{it.default}`", f"default `{it.default}`")
                tests = f"[{_t(L, '编辑说明', 'editorial apparatus')}](notes.md#{option_anchor(it.id)})"
            return f"| {_md_cell(label)} | {_md_cell(p.section)} | {_md_cell(what)} | {_md_cell(impl)} | {_md_cell(tests)} |\n"

        untraced = []
        rows: list[str] = []
        for s in g.sections:
            label = s.zh if L == "zh" else s.en
            items = by_sec[s.slug]
            if not items:
                untraced.append(label)
            for kind, it in items:
                rows.append(row(label, kind, it))
        for kind, it in stray:
            rows.append(row(f"{bad} " + _t(L, "无法定位", "not located"), kind, it))
        if rows:
            out.append(head + "".join(rows))
        if untraced:
            out.append(_t(L, "**尚未追溯的章节**（既无规则也无说明）：", "**Sections not yet traced** (no rule and no stated gap): ")
                       + _t(L, "、", "; ").join(untraced) + "\n")
    return "\n".join(out)


def option_anchor(opt_id: str) -> str:
    return "opt-" + re.sub(r"[^a-z0-9]+", "-", opt_id.lower()).strip("-")


def gen_notes(lang: str, params: dict[str, Any]) -> str:
    L = lang
    out: list[str] = []
    for g in GAMES.values():
        _, _, options = trace_parts(g.id)
        out.append(f"## {g.name(L)} {{#notes-{g.id}}}\n")
        if not options:
            out.append(_t(L, "这个游戏还没有登记可选读法。", "No rule options are recorded for this game yet.") + "\n")
            continue
        for o in options:
            out.append(f"### {o.zh if L == 'zh' else o.en} {{#{option_anchor(o.id)}}}\n")
            out.append(_quote_md(o.passage, L))
            choices = "、".join(f"`{c}`" + ("（采用）" if c == o.default else "") for c in o.choices) if L == "zh" else ", ".join(
                f"`{c}`" + (" (chosen)" if c == o.default else "") for c in o.choices)
            out.append(f"- {_t(L, '可能的读法', 'Possible readings')}：{choices}" if L == "zh" else f"- Possible readings: {choices}")
            out.append(f"- {_t(L, '采用的读法', 'Reading chosen')}: `{o.default}`")
            out.append(f"- {_t(L, '规则选项', 'Rule option')}: `{o.id}`")
            for k, v in sorted(o.extra.items()):
                out.append(f"- {_md_cell(k)}: {_md_cell(v)}")
            why = note_excerpt(o.note, L)
            if why:
                out.append(f"- {_t(L, '为什么', 'Why')}: {why}")
            out.append(f"- {_t(L, '详细理由与影响', 'Full reasons, and what changes')}: {_note_link(o.note, L)}\n")
    return "\n".join(out)


def _find_rule(rule_id: str) -> Any | None:
    game = rule_id.split(".", 1)[0]
    if game not in GAME_IDS:
        return None
    rules, _, _ = trace_parts(game)
    return next((r for r in rules if r.id == rule_id), None)


#: in generated HTML, a link from the site root; on_page_content makes it relative to the page
ROOT_LINK = "@record-root/"


def gen_rule(lang: str, params: dict[str, Any]) -> str:
    """One rule beside its source passage: ```generated\\nrecord-rule\\n{"id": "dawei.x"}\\n```"""
    from mkdocs.exceptions import PluginError

    r = _find_rule(str(params.get("id", "")))
    if r is None:
        raise PluginError(f"record-rule: no rule {params.get('id')!r} in any engine/<game>/trace.py")
    g = BY_SOURCE.get(r.passage.source)
    title = g.source_title if g else r.passage.source
    cite = f"— 《{title}》（{r.passage.source}），{r.passage.section}" if lang == "zh" else f"— {title} ({r.passage.source}), {r.passage.section}"
    game = r.id.split(".")[0]
    # HTML, not Markdown: the platform passes output starting with "<" through untouched
    return (
        f'<div class="rec-rule" id="at-rule-{_esc(r.id)}"><p><strong>{_esc(r.zh if lang == "zh" else r.en)}</strong></p>'
        f"<blockquote><p>{_esc(r.passage.quote)}</p><p>{_esc(cite)}</p></blockquote>"
        f'<p><a href="{ROOT_LINK}archive/coverage/#cov-{_esc(game)}">{_esc(_t(lang, "覆盖表", "coverage"))}</a></p></div>'
    )


def gen_rules(lang: str, params: dict[str, Any]) -> str:
    """All rules of a game, each with its passage reference: params {"game": "dawei"}."""
    game = str(params.get("game", ""))
    rules, _, _ = trace_parts(game) if game in GAME_IDS else ((), (), ())
    if not rules:
        return _t(lang, "（这个游戏的规则尚未追溯到原文。）", "(This game's rules are not traced to the source yet.)")
    head = f"| {_t(lang, '规则', 'Rule')} | {_t(lang, '原文出处', 'Source passage')} |\n|---|---|\n"
    return head + "".join(
        f"| {_md_cell(r.zh if lang == 'zh' else r.en)} | {r.passage.source} · {_md_cell(r.passage.section)} |\n" for r in rules
    )


def _archive_date() -> str:
    return max(_git_dates().values(), default=_today())


def archive_bibtex() -> str:
    v = archive_version()
    d = _archive_date()
    return (
        "@online{fgha-archive,\n"
        f"  title = {{{{{ARCHIVE['name'].zh} / {ARCHIVE['name'].en}}}}},\n"
        f"  author = {{{{{ARCHIVE['publisher'].en}}}}},\n"
        f"  year = {{{d[:4]}}},\n  date = {{{d}}},\n  version = {{{v}}},\n"
        f"  url = {{{BUILD['site_url']}}},\n  urldate = {{{_today()}}},\n  language = {{chinese and english}}\n}}\n"
    )


def archive_csl() -> str:
    d = _archive_date()
    item = {
        "id": "fgha-archive",
        "type": "webpage",
        "title": f"{ARCHIVE['name'].zh} / {ARCHIVE['name'].en}",
        "author": [{"literal": ARCHIVE["publisher"].en}],
        "issued": {"date-parts": _parts(d)},
        "accessed": {"date-parts": _parts(_today())},
        "URL": BUILD["site_url"],
        "version": archive_version(),
        "language": "zh-CN",
    }
    return json.dumps([item], ensure_ascii=False, indent=2) + "\n"


def gen_cite_archive(lang: str, params: dict[str, Any]) -> str:
    """Citations of the whole archive, with the downloads written at the site root."""
    L, v, d, url = lang, archive_version(), _archive_date(), BUILD["site_url"]
    gbt = f"{ARCHIVE['publisher'](L)}. {ARCHIVE['name'](L)}[EB/OL]. {v}. {d[:4]}({d})[{_today()}]. {url}."
    en = f"{ARCHIVE['publisher']('en')}. {ARCHIVE['name']('en')} ({ARCHIVE['name']('zh')}). Version {v}. Last modified {_long_date(d, 'en')}. {url}."
    up = "../../" if L == "zh" else "../../../"
    return (
        f"- GB/T 7714—2015：{gbt}\n" if L == "zh" else f"- GB/T 7714—2015: {gbt}\n"
    ) + (f"- {_t(L, '英文（Chicago）', 'English (Chicago)')}: {en}\n") + (
        f"- {_t(L, '下载', 'Download')}: <a href=\"{up}archive.bib\" download>BibTeX</a> · "
        f"<a href=\"{up}archive.csl.json\" download>CSL-JSON</a> · `CITATION.cff`\n"
    )


TABLES: dict[str, GeneratedFn] = {
    "record-cite-archive": gen_cite_archive,
    "record-sources": gen_sources,
    "record-glossary": gen_glossary,
    "record-bibliography": gen_bibliography,
    "record-changelog": gen_changelog,
    "record-coverage": gen_coverage,
    "record-notes": gen_notes,
    "record-rule": gen_rule,
    "record-rules": gen_rules,
}
WIDGETS: dict[str, Callable[[str, dict[str, Any]], str]] = {}
FILES: dict[str, Callable[[], str | bytes]] = {"archive.bib": archive_bibtex, "archive.csl.json": archive_csl}
