"""Page-head metadata: citation_* and Dublin Core tags and schema.org JSON-LD."""

from __future__ import annotations

import html
import json
from typing import Any

from sitegen.record_data import ARCHIVE, primary_work
from sitegen.record_facts import LANG_TAG, PageFacts


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


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

