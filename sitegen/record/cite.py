"""Citations: the formatted references, BibTeX and CSL-JSON of a page and of the whole archive,
and the "cite this page" block.

The date a reader consulted a page is theirs, not the build's: the texts on the page carry a
placeholder that ``overrides/assets/record/record.js`` fills with the reader's date, and the
downloadable files leave ``urldate`` / ``accessed`` out (the script adds them when the reader
downloads from the page)."""

from __future__ import annotations

import datetime as _dt
import html
import json
import re
from typing import Any

from sitegen.record.data import ARCHIVE, BUILD, archive_version, primary_work
from sitegen.editions import draft_words, edition_root
from sitegen.record.dates import archive_date
from sitegen.record.facts import LANG_TAG, PageFacts


def _t(lang: str, zh: str, en: str) -> str:
    return en if lang == "en" else zh


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


#: stands for the reader's access date in a citation text until ``accessed_html`` replaces it
ACCESSED = "\x00accessed\x00"


def accessed_html(text_html: str, lang: str, style: str = "iso") -> str:
    """Put the access-date slot in an escaped citation text: a <span> the page script fills with
    the reader's date (``style`` "iso" → 2026-12-01, "long" → December 1, 2026)."""
    slot = (
        f'<span class="rec-accessed" data-style="{style}">'
        f'{_esc(_t(lang, "访问日期", "date of access"))}</span>'
    )
    return text_html.replace(_esc(ACCESSED), slot).replace(ACCESSED, slot)


def _long_date(iso: str, lang: str) -> str:
    d = _dt.date.fromisoformat(iso)
    if lang == "zh":
        return f"{d.year}年{d.month}月{d.day}日"
    return d.strftime("%B ") + str(d.day) + d.strftime(", %Y")


def cite_gbt(f: PageFacts, cited: str = ACCESSED) -> str:
    """GB/T 7714—2015 style, electronic resource [EB/OL]."""
    pub = ARCHIVE["publisher"](f.lang)
    year = f.modified[:4]
    return f"{pub}. {f.title}[EB/OL]. {f.site_name}, {year}({f.modified})[{cited}]. {f.cite_url or f.url}."


def cite_english(f: PageFacts, cited: str = "") -> str:
    """Chicago-style bibliography entry for a web page (with "Accessed …" when ``cited`` is given)."""
    pub = ARCHIVE["publisher"]("en")
    site = ARCHIVE["name"]("en")
    if f.lang == "zh":
        trans = f" [{f.title_other}]" if f.title_other else ""
        title = f"“{f.title}”{trans}."
        tail = " In Chinese."
    else:
        title = f"“{f.title}.”"
        tail = ""
    acc = ""
    if cited:
        acc = f" Accessed {cited if cited == ACCESSED else _long_date(cited, 'en')}."
    return f"{pub}. {title} {site}, version {f.version}. Last modified {_long_date(f.modified, 'en')}.{acc}{tail} {f.cite_url or f.url}."


def _bib_escape(s: str) -> str:
    return re.sub(r"([&%$#_{}])", r"\\\1", s)


def bibtex(f: PageFacts, cited: str = "") -> str:
    key = "fgha-" + re.sub(r"[^a-z0-9]+", "-", f.src.lower().replace(".md", "")).strip("-")
    fields = [
        ("title", "{" + _bib_escape(f.title) + "}"),
        ("author", "{" + _bib_escape(ARCHIVE["publisher"](f.lang)) + "}"),
        ("organization", _bib_escape(f.site_name)),
        ("year", f.modified[:4]),
        ("date", f.modified),
        ("version", f.version),
        ("url", f.cite_url or f.url),
        *([("urldate", cited)] if cited else []),
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


def csl_json(f: PageFacts, cited: str = "") -> str:
    item: dict[str, Any] = {
        "id": "fgha-" + re.sub(r"[^a-z0-9]+", "-", f.src.lower().replace(".md", "")).strip("-"),
        "type": "webpage",
        "title": f.title,
        "container-title": f.site_name,
        "publisher": f.site_name,
        "author": [{"literal": ARCHIVE["publisher"](f.lang)}],
        "issued": {"date-parts": _parts(f.modified)},
        "URL": f.cite_url or f.url,
        "language": LANG_TAG[f.lang],
        "version": f.version,
    }
    if cited:
        item["accessed"] = {"date-parts": _parts(cited)}
    if f.lang == "zh" and f.title_other:
        item["title-short"] = f.title
        item["note"] = f"English title: {f.title_other}"
    if f.game:
        w = primary_work(f.game)
        item["references"] = w.en
    return json.dumps([item], ensure_ascii=False, indent=2) + "\n"



def cite_block(f: PageFacts, sources_href: str, citing_href: str) -> str:
    L = f.lang
    g = f.game
    assert g is not None
    items = [
        ("rec-cite-gbt", _t(L, "GB/T 7714—2015 格式", "GB/T 7714—2015 (Chinese standard)"), cite_gbt(f), "iso"),
        ("rec-cite-en", _t(L, "英文（Chicago）格式", "English (Chicago style)"), cite_english(f, ACCESSED), "long"),
    ]
    rows = "".join(
        f'<div class="rec-cite-item"><p class="rec-cite-label">{_esc(label)}</p>'
        f'<p class="rec-cite-text" id="{cid}">{accessed_html(_esc(text), L, style)}</p>'
        f'<button type="button" class="md-button rec-copy" data-copy="{cid}" '
        f'data-done="{_esc(_t(L, "已复制", "Copied"))}">{_esc(_t(L, "复制", "Copy"))}</button></div>'
        for cid, label, text, style in items
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




def archive_bibtex() -> str:
    v = draft_words("en") or archive_version()
    d = archive_date()
    return (
        "@online{fgha-archive,\n"
        f"  title = {{{{{ARCHIVE['name'].zh} / {ARCHIVE['name'].en}}}}},\n"
        f"  author = {{{{{ARCHIVE['publisher'].en}}}}},\n"
        f"  year = {{{d[:4]}}},\n  date = {{{d}}},\n  version = {{{v}}},\n"
        f"  url = {{{edition_root(BUILD['site_url'])}}},\n  language = {{chinese and english}}\n}}\n"
    )


def archive_csl() -> str:
    d = archive_date()
    item = {
        "id": "fgha-archive",
        "type": "webpage",
        "title": f"{ARCHIVE['name'].zh} / {ARCHIVE['name'].en}",
        "author": [{"literal": ARCHIVE["publisher"].en}],
        "issued": {"date-parts": _parts(d)},
        "URL": edition_root(BUILD["site_url"]),
        "version": draft_words("en") or archive_version(),
        "language": "zh-CN",
    }
    return json.dumps([item], ensure_ascii=False, indent=2) + "\n"


def gen_cite_archive(lang: str, params: dict[str, Any]) -> str:
    """Citations of the whole archive, with the downloads written at the site root."""
    L, v, d, url = lang, draft_words(lang) or archive_version(), archive_date(), edition_root(BUILD["site_url"])
    gbt = f"{ARCHIVE['publisher'](L)}. {ARCHIVE['name'](L)}[EB/OL]. {v}. {d[:4]}({d})[{ACCESSED}]. {url}."
    en = f"{ARCHIVE['publisher']('en')}. {ARCHIVE['name']('en')} ({ARCHIVE['name']('zh')}). Version {v}. Last modified {_long_date(d, 'en')}. {url}."
    up = "../../" if L == "zh" else "../../../"
    return accessed_html((
        f"- GB/T 7714—2015：{gbt}\n" if L == "zh" else f"- GB/T 7714—2015: {gbt}\n"
    ) + (f"- {_t(L, '英文（Chicago）', 'English (Chicago)')}: {en}\n") + (
        f"- {_t(L, '下载', 'Download')}: <a href=\"{up}archive.bib\" download>BibTeX</a> · "
        f"<a href=\"{up}archive.csl.json\" download>CSL-JSON</a> · `CITATION.cff`\n"
    ), L)
