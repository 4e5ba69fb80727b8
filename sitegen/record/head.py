"""Page-head metadata: citation_* and Dublin Core tags and schema.org JSON-LD."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from sitegen.record.data import ARCHIVE, GAMES, LICENCE, primary_work, source_work
from sitegen.record.facts import LANG_TAG, PageFacts


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


def head_html(f: PageFacts) -> str:
    """<meta> tags and JSON-LD for the page head: bibliographic tags (citation_*, DC.*) on the
    record's content pages only; JSON-LD on every page. The dates are the record's one date for
    each fact (the page's last change as the date of the text cited), the address and version the
    ones the page's copy button gives (its edition's), so a reference manager's connector reading
    these tags gets what the cite block gives."""
    ld = '<script type="application/ld+json">' + json_ld(f) + "</script>\n"
    if not f.content:
        return ld
    pub = ARCHIVE["publisher"](f.lang)
    cited_url = f.cite_url or f.url
    slash = f.modified.replace("-", "/")
    meta: list[tuple[str, str]] = [
        ("citation_title", f.title),
        ("citation_author", pub),
        ("citation_publisher", pub),
        ("citation_date", slash),
        ("citation_publication_date", slash),
        ("citation_online_date", slash),
        ("citation_language", f.lang),
        ("citation_public_url", cited_url),
        ("citation_abstract_html_url", cited_url),
        ("citation_version", f.version),
        ("DC.title", f.title),
        ("DC.creator", pub),
        ("DC.publisher", pub),
        ("DC.date", f.modified),
        ("DC.date.modified", f.modified),
        ("DC.language", LANG_TAG[f.lang]),
        ("DC.type", "Text"),
        ("DC.format", "text/html"),
        ("DC.identifier", cited_url),
        ("DC.relation.isVersionOf", f.url),
        ("DC.hasVersion", f.version),
        ("DC.rights", f"{LICENCE['content']['name']} {LICENCE['content']['url']}"),
        ("DC.license", LICENCE["content"]["url"]),
    ]
    if f.released:
        meta.append(("DC.date.issued", f.released))
    if f.game:
        g = f.game
        meta += [
            ("DC.subject", f"{g.name.zh} ({g.pinyin}); {g.name.en}"),
            ("DC.source", f"{primary_work(g).zh}"),
            ("DC.coverage", g.place(f.lang)),
        ]
    else:
        meta += [("DC.source", primary_work(g).zh) for g in GAMES.values()]
    if f.url_other:
        meta.append(("DC.relation", f.url_other))
    tags = "".join(f'<meta name="{_esc(k)}" content="{_esc(v)}">\n' for k, v in meta)
    return tags + ld


def json_ld(f: PageFacts) -> str:
    """schema.org: the page a CreativeWork under the archive's licence, its date its last change,
    part of this edition (released on its day) of the archive (first published on its day), based
    on its primary source (on an archive page, all four) described as a CreativeWork."""
    other_lang = "en" if f.lang == "zh" else "zh"
    site: dict[str, Any] = {
        "@type": "WebSite", "name": f.site_name, "url": f.base + ("en/" if f.lang == "en" else ""),
        "datePublished": str(ARCHIVE["first_released"]),
    }
    edition: dict[str, Any] = {
        "@type": "CreativeWork",
        "name": f"{f.site_name} {f.version}",
        "version": f.version,
        **({"url": f.cite_url[: len(f.cite_url) - len(f.url) + len(f.base)]} if f.cite_url and f.cite_url.endswith(f.url[len(f.base):]) else {}),
        **({"datePublished": f.released} if f.released else {}),
        "isPartOf": site,
    }
    doc: dict[str, Any] = {
        "@context": "https://schema.org",
        "@type": "CreativeWork",
        "name": f.title,
        "headline": f.title,
        "url": f.url,
        "inLanguage": LANG_TAG[f.lang],
        "datePublished": f.modified,  # this text as cited (its edition's address) was published on its last change
        "dateModified": f.modified,
        "version": f.version,
        "license": LICENCE["content"]["url"],
        **({"archivedAt": f.cite_url} if f.cite_url else {}),  # the page in its edition (editions/<version>/)
        "creativeWorkStatus": "Draft" if f.draft else "Published",
        "author": {"@type": "Organization", "name": ARCHIVE["publisher"](f.lang)},
        "publisher": {"@type": "Organization", "name": ARCHIVE["publisher"](f.lang)},
        "isPartOf": edition,
    }
    if f.game:
        g = f.game
        doc["about"] = {
            "@type": "Game",
            "name": g.name(f.lang),
            "alternateName": [g.name.zh, g.pinyin, g.name.en],
            "locationCreated": {"@type": "Place", "name": g.place(f.lang)},
        }
        doc["isBasedOn"] = source_work(g)
    else:
        doc["isBasedOn"] = [source_work(g) for g in GAMES.values()]
    if f.url_other:
        rel = {"@type": "CreativeWork", "url": f.url_other, "inLanguage": LANG_TAG[other_lang]}
        if f.title_other:
            rel["name"] = f.title_other
        doc["workTranslation" if f.lang == "zh" else "translationOfWork"] = rel
    return json.dumps(doc, ensure_ascii=False).replace("</", "<\\/")



# ---------------------------------------------------------------- description, alternates

_P = re.compile(r"<p\b[^>]*>(.*?)</p>", re.S)
_SKIP_BLOCK = re.compile(
    r'<(div|details|section|table|blockquote|figure|nav|aside|pre)\b[^>]*>.*?</\1>', re.S
)
_GLOSS = re.compile(r'<p class="hw-gloss"[^>]*>.*?</p>', re.S)


def description(content_html: str, lang: str, limit: int | None = None) -> str:
    """The page's own summary: its first paragraph of running text (outside admonitions,
    widgets, tables and quotations), cut at a sentence end near ``limit`` characters."""
    limit = limit or (90 if lang == "zh" else 180)
    text = _SKIP_BLOCK.sub(" ", content_html)
    text = _GLOSS.sub(" ", text)  # the line glossing 柱 is the glossary's, not the page's own summary
    for m in _P.finditer(text):
        para = html.unescape(re.sub(r"<[^>]+>", "", m.group(1)))
        para = re.sub(r"\s+", " ", para).strip()
        if len(para) >= 12:
            break
    else:
        return ""
    if len(para) <= limit:
        return para
    ends = "。！？" if lang == "zh" else ".!?"
    cut = max((para.rfind(e, 0, limit) for e in ends), default=-1)
    if cut >= limit // 3:
        return para[: cut + 1]
    if lang == "en":
        sp = para.rfind(" ", 0, limit - 1)
        return para[: sp if sp > 0 else limit - 1].rstrip(",;: ") + "…"
    return para[: limit - 1] + "…"


_ALT = re.compile(r'[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">\n?')


def alternates(output: str, f: PageFacts) -> str:
    """Replace the theme's relative hreflang links by absolute ones, with ``x-default`` (the
    Chinese page, the archive's first language)."""
    zh_url, en_url = (f.url, f.url_other) if f.lang == "zh" else (f.url_other, f.url)
    links = [("zh", zh_url), ("en", en_url), ("x-default", zh_url or en_url)]
    new = "".join(f'<link rel="alternate" href="{_esc(u)}" hreflang="{h}">\n' for h, u in links if u)
    done = False

    def repl(m: re.Match[str]) -> str:
        nonlocal done
        if done:
            return ""
        done = True
        return new

    head_end = output.find("</head>")
    if head_end < 0:
        return output
    head = _ALT.sub(repl, output[:head_end])
    if not done:
        head += new
    return head + output[head_end:]
