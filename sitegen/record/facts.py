"""What the record knows about one page: its language, game, title, addresses and dates."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mkdocs.utils import get_relative_url

from sitegen.editions import cite_url as edition_cite_url, ed
from sitegen.record.data import ARCHIVE, GAME_IDS, GAMES, Game, archive_version
from sitegen.record.dates import first_published, last_changed

LANG_TAG = {"zh": "zh-CN", "en": "en"}

#: pages that are not part of the record's text (home, lists, developer pages): no citation_* tags
NOT_CONTENT = ("index", "archive/index", "archive/api", "archive/widgets", "archive/citing", "404")


def is_content(src_uri: str) -> bool:
    """Whether a page is part of the record a scholar would cite (a game page or an archive page
    of the record's own text)."""
    return re.sub(r"\.(zh|en)\.md$|\.md$", "", src_uri) not in NOT_CONTENT


#: what an archive page's generated text is made from, beside its Markdown file
_GENERATED_FROM: dict[str, tuple[str, ...]] = {
    "archive/sources": ("sitegen/record/data.py",),
    "archive/bibliography": ("sitegen/record/data.py",),
    "archive/glossary": ("engine/glossary.py",),
    "archive/notes": tuple(f"engine/{g}/trace.py" for g in GAME_IDS) + ("engine/editions.py",),
    "archive/coverage": tuple(f"engine/{g}/trace.py" for g in GAME_IDS),
    "archive/changelog": ("docs", "engine", "sitegen", "views", "widgets", "overrides", "mkdocs.yml"),
}


def page_sources(src: str) -> tuple[str, ...]:
    """What a page's text is made from: its Markdown file and, on a game page, the game's
    engine and build-time views (its generated tables and examples); on an archive page that
    the build fills in, what fills it (the changelog lists every commit, so any change is its own)."""
    gid = page_game(src)
    stem = re.sub(r"\.(zh|en)\.md$", "", src)
    return ("docs/" + src,) + ((f"engine/{gid}", f"sitegen/{gid}.py") if gid else _GENERATED_FROM.get(stem, ()))


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
    published: str = ""  # YYYY-MM-DD the page first appeared: the same in every build
    content: bool = True  # part of the record's text (not home, changelog, API…)
    cite_url: str = ""  # absolute URL a citation gives: the page in its edition (editions/<version>/…)
    released: str = ""  # YYYY-MM-DD this edition was released ("" while it is in preparation)
    draft: bool = False  # built from changes not yet released (sitegen/editions.py, draft_after)


def base_url(config: Any) -> str:
    base = str(config.get("site_url") or "/")
    base = re.sub(r"/en/?$", "/", base)  # mkdocs-static-i18n gives the English build ".../en/"
    return base if base.endswith("/") else base + "/"


def full_title(src: str, title: str) -> str:
    """A page's title that says whose page it is: a game's page starts with the game's name
    ("打围：编辑说明"), an archive page with the archive's ("档案：编辑说明")."""
    lang = page_lang(src)
    gid = page_game(src)
    if not title or src.endswith(f"index.{lang}.md") and not src.startswith("archive/"):
        return title
    if gid:
        name = GAMES[gid].name(lang)
    elif src.startswith("archive/") and not src.startswith("archive/index."):
        name = "档案" if lang == "zh" else "Archive"
    else:
        return title
    if name in title:
        return title
    return f"{name}：{title}" if lang == "zh" else f"{name}: {title}"


def page_facts(page: Any, config: Any) -> PageFacts:
    src = page.file.src_uri
    lang = page_lang(src)
    docs = Path(config["docs_dir"])
    other = other_src(src)
    gid = page_game(src)
    title = full_title(src, str(page.title or src_title(docs / src) or ""))
    base = base_url(config)
    has_other = other != src and (docs / other).exists()
    title_other = full_title(other, src_title(docs / other)) if has_other else ""
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
        published=first_published("docs/" + src, str(ARCHIVE["first_released"])),
        content=is_content(src),
        cite_url=edition_cite_url(base, _url_of(src)),
        released=edition_released(archive_version()),
    )


def edition_released(version: str) -> str:
    """The day edition ``version`` was released ("" while it is in preparation)."""
    e = ed.edition(version)
    return str(e.date) if e is not None and e.date else ""


def rel_url(page: Any, target: str) -> str:
    """Relative URL from ``page`` to a site path like 'archive/glossary/' (language prefix added)."""
    lang = page_lang(page.file.src_uri)
    full = ("en/" if lang == "en" else "") + target
    return get_relative_url(full, _url_of(page.file.src_uri) or ".")
