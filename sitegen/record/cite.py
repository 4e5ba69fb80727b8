"""Citations: the formatted references, BibTeX and CSL-JSON of a page and of the whole archive,
and the "cite this page" block.

One date for each fact, the same in every format (sitegen/record/facts.py): the page's last change
is CSL ``issued``, BibTeX ``date``, the citation strings' date; the reader's access is CSL
``accessed``, BibTeX ``urldate`` and the strings' access date. The strings in the page are what a
CSL processor renders from the page's own CSL-JSON item (sitegen/record/csl/), in GB/T 7714—2015
and Chicago. The access date is the reader's: the texts on the page carry the day of the build
inside a slot that ``overrides/assets/record/record.js`` fills with the reader's date when the page
is read (the build's day stays only where script does not run), and the downloadable files leave
``urldate`` / ``accessed`` out (the script adds the reader's when they download from the page)."""

from __future__ import annotations

import datetime as _dt
import html
import json
import re
from typing import Any

from sitegen.record.csl import render
from sitegen.record.data import ARCHIVE, BUILD, GAMES, LICENCE, archive_version, primary_work
from sitegen.editions import draft_words, ed, edition_root
from sitegen.record.dates import archive_date, build_date
from sitegen.record.facts import LANG_TAG, PageFacts


def _t(lang: str, zh: str, en: str) -> str:
    return en if lang == "en" else zh


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


#: stands for the reader's access date in a citation text until ``accessed_html`` replaces it
ACCESSED = "\x00accessed\x00"


def long_date(iso: str) -> str:
    """A date as Chicago writes it (the CSL style's): December 4, 2026."""
    d = _dt.date.fromisoformat(iso)
    return d.strftime("%B ") + str(d.day) + d.strftime(", %Y")


def accessed_html(text_html: str, lang: str, style: str = "iso", day: str = "") -> str:
    """Put the access-date slot in an escaped citation text: a <span> holding the day of the build,
    which the page script replaces by the reader's date (``style`` "iso" → 2026-12-01, "long" →
    December 1, 2026)."""
    day = day or build_date()
    shown = long_date(day) if style == "long" else day
    slot = (
        f'<span class="rec-accessed" data-style="{style}" data-build="{day}">'
        f'<time datetime="{day}">{shown}</time></span>'
    )
    return text_html.replace(_esc(ACCESSED), slot).replace(ACCESSED, slot)


def _parts(iso: str) -> list[list[int]]:
    d = _dt.date.fromisoformat(iso)
    return [[d.year, d.month, d.day]]


def cite_key(f: PageFacts) -> str:
    return "fgha-" + re.sub(r"[^a-z0-9]+", "-", f.src.lower().replace(".md", "")).strip("-")


def csl_item(f: PageFacts, cited: str = "") -> dict[str, Any]:
    """The page as one CSL-JSON item. The editors are its author; the archive is the container (the
    editors publish it too, and Chicago does not repeat an author as publisher, so no ``publisher``);
    ``issued`` is the page's last change; ``version`` the archive's; ``accessed`` the reader's."""
    item: dict[str, Any] = {
        "id": cite_key(f),
        "type": "webpage",
        "title": f.title,
        "container-title": f.site_name,
        "author": [{"literal": ARCHIVE["publisher"](f.lang)}],
        "issued": {"date-parts": _parts(f.modified)},
        "URL": f.cite_url or f.url,
        "language": LANG_TAG[f.lang],
        "version": f.version,
        "license": LICENCE["content"]["url"],
    }
    if cited:
        item["accessed"] = {"date-parts": _parts(cited)}
    return item


def _with_slot(text: str, day: str, style: str) -> str:
    """A rendering made with access date ``day``, that date replaced by the ACCESSED slot."""
    if style == "gbt":
        return text.replace(f"[{day}]", f"[{ACCESSED}]")
    return text.replace(f"Accessed {long_date(day)}", f"Accessed {ACCESSED}")


def cite_gbt(f: PageFacts, cited: str = ACCESSED) -> str:
    """GB/T 7714—2015, electronic resource [EB/OL], as the CSL processor renders the page's item."""
    day = build_date() if cited == ACCESSED else cited
    text = render(csl_item(f, day), "gbt")
    return _with_slot(text, day, "gbt") if cited == ACCESSED else text


def cite_english(f: PageFacts, cited: str = ACCESSED) -> str:
    """Chicago (notes and bibliography, with the access date), as the CSL processor renders it."""
    day = build_date() if cited == ACCESSED else cited
    text = render(csl_item(f, day), "chicago")
    return _with_slot(text, day, "chicago") if cited == ACCESSED else text


def _bib_escape(s: str) -> str:
    return re.sub(r"([&%$#_{}])", r"\\\1", s)


def bibtex(f: PageFacts, cited: str = "") -> str:
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
        ("note", _bib_escape(_t(f.lang, "许可：", "Licence: ") + LICENCE["content"]["name"])),
    ]
    if f.game:
        w = primary_work(f.game)
        fields.append(("addendum", _bib_escape(("Based on " if f.lang == "en" else "依据：") + (w.en if f.lang == "en" else w.zh))))
    body = ",\n".join(f"  {k} = {{{v}}}" for k, v in fields)
    return f"@online{{{cite_key(f)},\n{body}\n}}\n"


def csl_json(f: PageFacts, cited: str = "") -> str:
    return json.dumps([csl_item(f, cited)], ensure_ascii=False, indent=2) + "\n"


#: archive pages a scholar cites as such (the apparatus): each carries the cite block and files
APPARATUS = ("archive/notes", "archive/sources", "archive/bibliography", "archive/glossary", "archive/changelog",
             "archive/coverage", "archive/records")


def citable(src: str) -> bool:
    """Whether a page carries the cite block and its cite files: every game page and the apparatus."""
    stem = re.sub(r"\.(zh|en)\.md$", "", src)
    return stem.split("/", 1)[0] in GAMES and "/" in stem or stem in APPARATUS


def cite_block(f: PageFacts, sources_href: str, citing_href: str) -> str:
    L = f.lang
    items = [
        ("rec-cite-gbt", _t(L, "GB/T 7714—2015 格式", "GB/T 7714—2015 (Chinese standard)"), cite_gbt(f), "iso"),
        ("rec-cite-en", _t(L, "英文（Chicago）格式", "English (Chicago style)"), cite_english(f), "long"),
    ]
    rows = "".join(
        f'<div class="rec-cite-item"><p class="rec-cite-label">{_esc(label)}</p>'
        f'<p class="rec-cite-text" id="{cid}">{accessed_html(_esc(text), L, style)}</p>'
        f'<button type="button" class="md-button rec-copy" data-copy="{cid}" '
        f'data-done="{_esc(_t(L, "已复制", "Copied"))}">{_esc(_t(L, "复制", "Copy"))}</button></div>'
        for cid, label, text, style in items
    )
    if f.game:
        w = primary_work(f.game)
        src = (
            f'{_esc(_t(L, "本页依据的原始文献：", "Primary source of this page: "))}{_esc(w.zh if L == "zh" else w.en)} '
            f'<a href="{sources_href}#src-{f.game.id}">{_esc(_t(L, "（见来源页）", "(see Sources)"))}</a>'
        )
    else:
        src = (
            f'{_esc(_t(L, "本页依据四篇原始文献，", "This page rests on the four primary sources, "))}'
            f'<a href="{sources_href}">{_esc(_t(L, "见来源页", "listed on the Sources page"))}</a>{_esc(_t(L, "。", "."))}'
        )
    lic = LICENCE["content"]
    return (
        f'<section class="rec-cite" id="cite-this-page" aria-labelledby="rec-cite-h">'
        f'<h2 id="rec-cite-h">{_esc(_t(L, "引用本页", "Cite this page"))}</h2>'
        f"{rows}"
        f'<p class="rec-cite-files">{_esc(_t(L, "下载：", "Download: "))}'
        f'<a href="cite.bib" download>BibTeX</a> · <a href="cite.json" download>CSL-JSON</a>'
        f' · <a href="{citing_href}">{_esc(_t(L, "如何引用", "How to cite"))}</a></p>'
        f'<p class="rec-cite-source">{src}</p>'
        f'<p class="rec-meta">{_esc(_t(L, "本页最后修改：", "Page last changed: "))}<time datetime="{f.modified}">{f.modified}</time>'
        f' · {_esc(_t(L, "档案版本 ", "archive version "))}{_esc(f.version)}'
        f' · {_esc(_t(L, "访问日期：阅读时由页面脚本填入；脚本不运行时为本站生成之日", "access date: filled in when you read the page; where script does not run, the day the site was built"))}'
        f' · <a rel="license" href="{lic["url"]}">{_esc(lic["name"])}</a></p>'
        "</section>"
    )


def edition_date() -> str:
    """The day this edition was released (engine/editions.py), or the archive's last change while
    the edition is in preparation: the whole archive's date in its citations and CITATION.cff."""
    e = ed.edition(archive_version())
    return e.date if e is not None and e.date else archive_date()


def archive_item(lang: str = "zh", cited: str = "") -> dict[str, Any]:
    item: dict[str, Any] = {
        "id": "fgha-archive",
        "type": "webpage",
        "title": f"{ARCHIVE['name'].zh} / {ARCHIVE['name'].en}",
        "author": [{"literal": ARCHIVE["publisher"](lang)}],
        "issued": {"date-parts": _parts(edition_date())},
        "URL": edition_root(BUILD["site_url"]),
        "version": draft_words(lang) or archive_version(),
        "language": "zh-CN",
        "license": LICENCE["content"]["url"],
    }
    if cited:
        item["accessed"] = {"date-parts": _parts(cited)}
    return item


def archive_bibtex() -> str:
    v, d = draft_words("en") or archive_version(), edition_date()
    return (
        "@online{fgha-archive,\n"
        f"  title = {{{{{ARCHIVE['name'].zh} / {ARCHIVE['name'].en}}}}},\n"
        f"  author = {{{{{ARCHIVE['publisher'].en}}}}},\n"
        f"  year = {{{d[:4]}}},\n  date = {{{d}}},\n  version = {{{v}}},\n"
        f"  url = {{{edition_root(BUILD['site_url'])}}},\n  language = {{chinese and english}},\n"
        f"  note = {{Licence: {LICENCE['content']['name']} (text, tables, data); {LICENCE['code']['name']} (code)}}\n}}\n"
    )


def archive_csl() -> str:
    return json.dumps([archive_item("en")], ensure_ascii=False, indent=2) + "\n"


def gen_cite_archive(lang: str, params: dict[str, Any]) -> str:
    """Citations of the whole archive (rendered from its CSL-JSON item), with the downloads written
    at the site root."""
    L, day = lang, build_date()
    gbt = _with_slot(render(archive_item(L, day), "gbt"), day, "gbt")
    en = _with_slot(render(archive_item("en", day), "chicago"), day, "chicago")
    up = "../../" if L == "zh" else "../../../"
    return (
        f"- GB/T 7714—2015{_t(L, '：', ': ')}<span id=\"rec-cite-archive-gbt\">{accessed_html(_esc(gbt), L, 'iso')}</span>\n"
        f"- {_t(L, '英文（Chicago）', 'English (Chicago)')}: <span id=\"rec-cite-archive-en\">{accessed_html(_esc(en), L, 'long')}</span>\n"
        f"- {_t(L, '下载', 'Download')}: <a href=\"{up}archive.bib\" download>BibTeX</a> · "
        f"<a href=\"{up}archive.csl.json\" download>CSL-JSON</a> · `CITATION.cff`\n"
    )
