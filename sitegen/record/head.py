"""Page-head metadata: citation_* and Dublin Core tags and schema.org JSON-LD."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from sitegen.record.data import ARCHIVE, primary_work
from sitegen.record.facts import LANG_TAG, PageFacts


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


def head_html(f: PageFacts) -> str:
    """<meta> tags and JSON-LD for the page head: bibliographic tags (citation_*, DC.*) on the
    record's content pages only; JSON-LD on every page."""
    ld = '<script type="application/ld+json">' + json_ld(f) + "</script>\n"
    if not f.content:
        return ld
    pub = ARCHIVE["publisher"](f.lang)
    meta: list[tuple[str, str]] = [
        ("citation_title", f.title),
        ("citation_author", pub),
        ("citation_publisher", f.site_name),
        ("citation_publication_date", f.published.replace("-", "/")),
        ("citation_online_date", f.published.replace("-", "/")),
        ("citation_language", f.lang),
        ("citation_public_url", f.url),
        ("DC.title", f.title),
        ("DC.creator", pub),
        ("DC.publisher", f.site_name),
        ("DC.date", f.modified),
        ("DC.date.issued", f.published),
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
    return tags + ld


def json_ld(f: PageFacts) -> str:
    other_lang = "en" if f.lang == "zh" else "zh"
    doc: dict[str, Any] = {
        "@context": "https://schema.org",
        "@type": "CreativeWork",
        "name": f.title,
        "headline": f.title,
        "url": f.url,
        "inLanguage": LANG_TAG[f.lang],
        "datePublished": f.published,
        "dateModified": f.modified,
        "version": f.version,
        **({"archivedAt": f.cite_url} if f.cite_url else {}),  # the page in its edition (editions/<version>/)
        "creativeWorkStatus": "Draft" if f.draft else "Published",
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



# ---------------------------------------------------------------- description, alternates

_P = re.compile(r"<p\b[^>]*>(.*?)</p>", re.S)
_SKIP_BLOCK = re.compile(
    r'<(div|details|section|table|blockquote|figure|nav|aside|pre)\b[^>]*>.*?</\1>', re.S
)


def description(content_html: str, lang: str, limit: int | None = None) -> str:
    """The page's own summary: its first paragraph of running text (outside admonitions,
    widgets, tables and quotations), cut at a sentence end near ``limit`` characters."""
    limit = limit or (90 if lang == "zh" else 180)
    text = _SKIP_BLOCK.sub(" ", content_html)
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
