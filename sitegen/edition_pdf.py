"""One edition as one file per language: a PDF printed by Chromium (Playwright's page.pdf) from a
print page made of the edition's built pages — a title page with the version and date, a table
of contents with page numbers, the rules of the four games, the editorial notes, the sources,
the bibliography and the glossary; page numbers in the footer. Works on any built edition (the
pages' <article> is all it reads), so older editions get their PDF from the current code.

    python -m sitegen.edition_pdf SITE_DIR VERSION [OUT_DIR]   # writes folk-games-archive-<v>-<lang>.pdf
"""

from __future__ import annotations

import html
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import urljoin

from engine.api import THE_GAMES
from engine.registry import entry
from engine import editions as ed

#: the archive's pages in the PDF, after every game's pages (site paths without the language)
ARCHIVE_PAGES = ("archive/notes/", "archive/sources/", "archive/bibliography/", "archive/glossary/", "archive/citing/")
GAMES = THE_GAMES
NAME = {"zh": "民间游戏遗产档案", "en": "Folk Games Heritage Archive"}


def pdf_name(version: str, lang: str) -> str:
    return f"folk-games-archive-{version}-{lang}.pdf"


def _t(lang: str, zh: str, en: str) -> str:
    return en if lang == "en" else zh


def _nav_order(site: Path, lang: str) -> list[str]:
    """Site paths of the pages in the order of the site's navigation (from the home page)."""
    home = site / ("en/index.html" if lang == "en" else "index.html")
    text = home.read_text(encoding="utf-8")
    prefix = "en/" if lang == "en" else ""
    out: list[str] = []
    for href in re.findall(r'class="md-nav__link[^"]*"[^>]*href="([^"#]+)"|href="([^"#]+)"[^>]*class="md-nav__link', text):
        h = next(x for x in href if x)
        rel = urljoin("http://x/" + prefix, h)[len("http://x/"):]
        if rel.startswith(prefix) and rel not in out:
            out.append(rel)
    return out


def _pages(site: Path, lang: str) -> list[str]:
    prefix = "en/" if lang == "en" else ""
    order = _nav_order(site, lang)
    games = [p for p in order if p.removeprefix(prefix).split("/")[0] in GAMES]
    for g in GAMES:  # pages the navigation may not list
        for f in sorted((site / prefix / g).glob("*/index.html")) if (site / prefix / g).is_dir() else []:
            rel = f.parent.relative_to(site).as_posix() + "/"
            if rel not in games:
                games.append(rel)
    games.sort(key=lambda p: GAMES.index(p.removeprefix(prefix).split("/")[0]))
    archive = [prefix + a for a in ARCHIVE_PAGES if (site / prefix / a / "index.html").is_file()]
    return [p for p in games + archive if (site / p / "index.html").is_file()]


_ARTICLE = re.compile(r'<article class="md-content__inner[^"]*"[^>]*>(.*?)</article>', re.S)


def _article(site: Path, rel: str, n: int, site_url: str) -> tuple[str, str]:
    """(title, HTML) of the page's article, ids made unique, links absolute."""
    text = (site / rel / "index.html").read_text(encoding="utf-8")
    m = _ARTICLE.search(text)
    body = m.group(1) if m else ""
    body = re.sub(r"<script\b.*?</script>", "", body, flags=re.S)
    body = re.sub(r'<div class="admonition warning rec-older-edition".*?</div>', "", body, flags=re.S)
    body = re.sub(r'<a[^>]*class="md-content__button[^"]*"[^>]*>.*?</a>', "", body, flags=re.S)
    body = re.sub(r'<a class="headerlink"[^>]*>.*?</a>', "", body, flags=re.S)
    title_m = re.search(r"<h1[^>]*>(.*?)</h1>", body, re.S)
    title = re.sub(r"<[^>]+>", "", title_m.group(1)).strip() if title_m else rel
    base_file = (site / rel / "index.html").as_uri()
    page_url = site_url + rel
    body = re.sub(r'\s(src)="([^"]+)"', lambda m: f' src="{urljoin(base_file, m.group(2))}"', body)
    body = re.sub(r'\shref="([^"#][^"]*)"', lambda m: f' href="{html.escape(urljoin(page_url, html.unescape(m.group(1))))}"', body)
    body = re.sub(r'\sid="([^"]+)"', lambda m: f' id="p{n}-{m.group(1)}"', body)
    body = re.sub(r'\shref="#([^"]+)"', lambda m: f' href="#p{n}-{m.group(1)}"', body)
    return title, body


def _stylesheets(site: Path, lang: str) -> str:
    home = site / ("en/index.html" if lang == "en" else "index.html")
    text = home.read_text(encoding="utf-8")
    links = re.findall(r'<link rel="stylesheet" href="([^"]+)"', text)
    return "".join(f'<link rel="stylesheet" href="{urljoin(home.as_uri(), h)}">' for h in links if "fonts.googleapis" not in h)


def _group_label(group: str, lang: str) -> str:
    e = entry(group)  # a game: its title in both languages, as the registry gives it
    return f"{e.title[0]} · {e.title[1]}" if e is not None else _t(lang, "档案", "The archive")


def _demote(body: str) -> str:
    """Every heading of a page one level down (h1 → h2 … h5 → h6): under its game's in the outline."""
    return re.sub(r"<(/?)h([1-5])\b", lambda m: f"<{m.group(1)}h{int(m.group(2)) + 1}", body)


PRINT_CSS = """
@page { size: A4; margin: 18mm 16mm 20mm 16mm; }
html, body { background: #fff; }
body { font-family: "Noto Serif CJK SC", "Noto Sans CJK SC", serif; font-size: 10.5pt; }
.md-typeset { font-size: 10.5pt; }
.ed-title { page-break-after: always; text-align: center; padding-top: 55mm; }
.ed-title .ed-name { font-size: 26pt; font-weight: bold; margin: 0 0 6mm; color: #000; }
.ed-part { font-size: 1.6em; margin: 0 0 4mm; color: #000; }
.ed-title .ed-sub { font-size: 14pt; margin: 0 0 16mm; }
.ed-title p { margin: 2mm 0; }
.ed-toc { page-break-after: always; }
.ed-toc ol { list-style: none; padding: 0; }
.ed-toc .ed-toc-title { font-size: 1.6em; font-weight: bold; margin: 0 0 4mm; }
.ed-toc li { display: flex; gap: 2mm; margin: 1mm 0; }
.ed-toc li .ed-dots { flex: 1; border-bottom: 1px dotted #888; margin-bottom: 1.2mm; }
.ed-toc li.ed-group { font-weight: bold; margin-top: 3mm; }
.ed-page { page-break-before: always; }
.ed-mark { font-size: 1px; color: #fff; }
.hw [data-role], .hw button, .hw-btn, .md-content__button, .rec-copy { display: none !important; }
details { display: block; }
"""


#: the licences, on the title page (LICENSE-CONTENT, LICENSE; docs/archive/index, "Licences")
LICENCE_LINE = {
    "zh": "文字、表格与数据采用 CC BY 4.0 许可（https://creativecommons.org/licenses/by/4.0/），代码采用 MIT 许可。"
          "原始文献不在此列：档案只引用其简短段落并注明出处，不转载原文。",
    "en": "Text, tables and data: CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/); code: MIT. "
          "The primary sources are not covered: the archive quotes short attributed passages and does not republish them.",
}


def print_page(site: Path, version: str, date: str, lang: str, site_url: str, numbers: dict[int, int] | None = None) -> str:
    """The whole edition in ``lang`` as one HTML page (``numbers``: section -> PDF page, for the TOC)."""
    pages = _pages(site, lang)
    sections = [(i, rel, *_article(site, rel, i, site_url)) for i, rel in enumerate(pages, 1)]
    prefix = "en/" if lang == "en" else ""
    toc, last_group = [], None
    for i, rel, title, _ in sections:
        group = rel.removeprefix(prefix).split("/")[0]
        if group != last_group:
            toc.append(f'<li class="ed-group"><a href="#ed-g-{html.escape(group)}">{html.escape(_group_label(group, lang))}</a></li>')
            last_group = group
        num = str(numbers.get(i, "")) if numbers else "000"
        toc.append(f'<li><a href="#ed-s{i}">{html.escape(title)}</a><span class="ed-dots"></span><span class="ed-num">{num}</span></li>')
    # the PDF's outline (bookmarks) is its headings: a game (or the archive) as a level-1 heading
    # before its first page, each page's headings one level down (its title level 2, its sections 3…)
    parts, last_part = [], None
    for i, rel, _, content in sections:
        group = rel.removeprefix(prefix).split("/")[0]
        part = ""
        if group != last_part:
            part = f'<h1 class="ed-part" id="ed-g-{html.escape(group)}">{html.escape(_group_label(group, lang))}</h1>'
            last_part = group
        parts.append(f'<section class="ed-page md-typeset" id="ed-s{i}"><span class="ed-mark">@@ed-s{i}@@</span>{part}{_demote(content)}</section>')
    body = "".join(parts)
    # the address that names this edition (the current site's pages are also kept there)
    root = site_url if f"editions/{version}/" in site_url else f"{site_url}editions/{version}/"
    edition_url = f"{root}{prefix}"
    title_page = (
        f'<section class="ed-title"><p class="ed-name">{html.escape(NAME[lang])}</p>'
        f'<p class="ed-sub">{html.escape(NAME["en" if lang == "zh" else "zh"])}</p>'
        f'<p>{html.escape(_t(lang, f"第 {version} 版", f"Edition {version}"))}</p>'
        f'<p>{html.escape(_t(lang, f"发布日期：{date}", f"Released {date}"))}</p>'
        f'<p>{html.escape(_t(lang, "民间游戏遗产档案编辑组", "Folk Games Heritage Archive editors"))}</p>'
        f'<p>{html.escape(edition_url)}</p>'
        f'<p class="ed-licence">{html.escape(LICENCE_LINE[lang])}</p></section>'
    )
    toc_html = f'<section class="ed-toc md-typeset"><p class="ed-toc-title" id="ed-contents">{html.escape(_t(lang, "目录", "Contents"))}</p><ol>{"".join(toc)}</ol></section>'
    return (
        f'<!doctype html><html lang="{"zh-CN" if lang == "zh" else "en"}"><head><meta charset="utf-8">'
        f"<title>{html.escape(NAME[lang])} {html.escape(version)}</title>{_stylesheets(site, lang)}<style>{PRINT_CSS}</style></head>"
        f'<body><div class="md-content">{title_page}{toc_html}{body}</div></body></html>'
    )


def _section_pages(pdf: Path) -> dict[int, int]:
    """section -> the PDF page it starts on (read back from the hidden markers)."""
    out = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, timeout=600).stdout
    found: dict[int, int] = {}
    for n, page in enumerate(out.split("\f"), 1):
        for m in re.finditer(r"@@ed-s(\d+)@@", page):
            found.setdefault(int(m.group(1)), n)
    return found


def write_pdf(site: Path, version: str, date: str, lang: str, out: Path, site_url: str) -> Path:
    from playwright.sync_api import sync_playwright  # here, not at the top: 220 ms to import, and only printing the PDFs needs it

    footer = (
        '<div style="font-size:8px;width:100%;text-align:center;color:#444;font-family:sans-serif">'
        f'{html.escape(NAME[lang])} · {html.escape(_t(lang, f"第 {version} 版", f"edition {version}"))} · '
        '<span class="pageNumber"></span> / <span class="totalPages"></span></div>'
    )
    with tempfile.TemporaryDirectory(prefix="hw-pdf-") as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        try:
            page = browser.new_page()
            numbers: dict[int, int] | None = None
            # the first pass finds the page each section starts on, the second writes those numbers into
            # the contents; the first pass's file is read for its page breaks only, which the outline and
            # the tags do not move, so it is printed without them (a quarter faster)
            draft = Path(tmp) / f"pages-{lang}.pdf"
            for final in (False, True):
                f = Path(tmp) / f"print-{lang}.html"
                f.write_text(print_page(site, version, date, lang, site_url, numbers), encoding="utf-8")
                try:
                    page.goto(f.as_uri(), wait_until="load")
                    page.pdf(path=str(out if final else draft), format="A4", print_background=True, display_header_footer=True,
                             header_template="<span></span>", footer_template=footer,
                             margin={"top": "16mm", "bottom": "18mm", "left": "14mm", "right": "14mm"},
                             outline=final, tagged=final)  # the outline is built from the tagged headings
                finally:
                    f.unlink(missing_ok=True)
                if not final:
                    numbers = _section_pages(draft) or None
        finally:
            browser.close()
    return out


def _site_url(site: Path) -> str:
    text = (site / "index.html").read_text(encoding="utf-8")
    m = re.search(r'<link rel="canonical" href="([^"]+)"', text)
    return m.group(1) if m else "/"


def write_pdfs(site: Path, version: str, date: str = "", out_dir: Path | None = None) -> list[Path]:
    """Both languages' PDFs of the edition built at ``site``, written beside its pages (or in ``out_dir``)."""
    e = ed.edition(version)
    date = date or (e.date if e and e.date else "")
    site_url = _site_url(site)
    out_dir = out_dir or site
    out_dir.mkdir(parents=True, exist_ok=True)
    return [write_pdf(site, version, date, lang, out_dir / pdf_name(version, lang), site_url) for lang in ("zh", "en")]


if __name__ == "__main__":
    for p in write_pdfs(Path(sys.argv[1]), sys.argv[2], out_dir=Path(sys.argv[3]) if len(sys.argv) > 3 else None):
        print(p)
