"""What the site search says about each page (Material's search index, edited as each page is
indexed):

* a result's title says whose page it is ("跑胡子 · 编者注", not a bare "编者注");
* no identifiers in the indexed text (option ids such as ``at_least``, rule ids, code paths), so
  none shows in a result;
* a term ranks the page that defines it first, and a term's other spellings find that page too:
  ``sitegen/search_terms.txt`` says which page defines which term (``红胡 -> paohuzi/scoring``;
  ``色子 骰子 -> dawei/equipment`` for two spellings of one word). The page's entry carries the
  terms as tags, the field the theme's search weighs most.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from sitegen.record.data import GAMES

TERMS_FILE = Path(__file__).resolve().parents[1] / "search_terms.txt"

#: identifiers that are not words: snake_case, rule and option ids, code paths and test names
_A, _Z = r"(?<![A-Za-z0-9_])", r"(?![A-Za-z0-9_])"  # word edges in ASCII (a Chinese character may touch an id)
IDENTIFIER = re.compile(
    _A + r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+" + _Z
    + r"|" + _A + r"(?:engine|sitegen|tests|widgets)[./][\w./:\[\]-]*[A-Za-z0-9_]"
    + r"|" + _A + r"(?:dawei|gupai|yezi|paohuzi)\.(?!txt)[a-z_][A-Za-z0-9_.]*[A-Za-z0-9_]"
    + r"|" + _A + r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+" + _Z
)


@lru_cache(maxsize=1)
def _lines() -> tuple[tuple[tuple[str, ...], str | None], ...]:
    out = []
    for raw in TERMS_FILE.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words, _, page = line.partition("->")
        out.append((tuple(w.replace("_", " ") for w in words.split()), page.strip().strip("/") or None))
    return tuple(out)


def words() -> list[str]:
    """Every term the file names (for the Chinese word segmenter)."""
    return [w for ws, _ in _lines() for w in ws]


def defined_on(page_path: str) -> list[str]:
    """Terms (all spellings) that ``page_path`` ("paohuzi/scoring", no language prefix) defines."""
    return [w for ws, page in _lines() if page == page_path.strip("/") for w in ws]


def strip_identifiers(text: str) -> str:
    return re.sub(r"[ \t]{2,}", " ", IDENTIFIER.sub("", text))


def _game_of(url: str) -> str | None:
    parts = url.removeprefix("en/").split("/")
    return parts[0] if parts[0] in GAMES and len([p for p in parts if p]) > 1 else None


def annotate(entries: list[dict[str, Any]], url: str, lang: str, segment: Any = None) -> None:
    """Edit the search entries of the page at ``url`` (site path, "en/…" for English) in place."""
    if not entries:
        return
    gid = _game_of(url)
    first = entries[0]
    path = url.removeprefix("en/")
    owner = None
    if gid:
        name = GAMES[gid].name(lang)
        owner = name if lang == "zh" else name.split(" (")[0]
    elif path.startswith("archive/") and path.strip("/") != "archive":
        owner = "档案" if lang == "zh" else "Archive"
    if owner and owner not in first["title"].replace("\u200b", ""):
        first["title"] = (segment(owner) if segment is not None else owner) + " · " + first["title"]
    for e in entries:
        e["text"] = strip_identifiers(e["text"])
        e["title"] = strip_identifiers(e["title"])
    terms = defined_on(url.removeprefix("en/"))
    if terms:
        first["tags"] = list(dict.fromkeys(list(first.get("tags", [])) + terms))


def _page_entries(config: Any, page: Any) -> list[dict[str, Any]]:
    """The entries the theme's search plugin holds for ``page`` (the last ones it added)."""
    plugin = None
    for name in ("material/search", "search"):
        plugin = config.plugins.get(name)
        if plugin is not None and hasattr(plugin, "search_index"):
            break
    entries = getattr(getattr(plugin, "search_index", None), "entries", None)
    if not isinstance(entries, list):
        return []
    start = len(entries)
    while start > 0 and entries[start - 1]["location"].split("#")[0] == page.url:
        start -= 1
    return entries[start:]


def fill_tokens(config: Any, page: Any, values: dict[str, str]) -> None:
    """Write ``values`` in for their tokens in the page's search entries (a draft's citation
    address, version and note, known once the page is written whole: sitegen/editions.py)."""
    for e in _page_entries(config, page):
        for token, value in values.items():
            e["text"] = e["text"].replace(token, value)


def index_page(config: Any, page: Any, lang: str) -> None:
    """Annotate the entries the theme's search plugin has just added for ``page``."""
    plugin = None
    for name in ("material/search", "search"):
        plugin = config.plugins.get(name)
        if plugin is not None and hasattr(plugin, "search_index"):
            break
    if plugin is None or not hasattr(plugin, "search_index"):
        return
    entries = getattr(plugin.search_index, "entries", None)
    if not isinstance(entries, list):
        return
    start = len(entries)
    while start > 0 and entries[start - 1]["location"].split("#")[0] == page.url:
        start -= 1
    segment = getattr(plugin.search_index, "_segment_chinese", None)
    annotate(entries[start:], page.url, lang, segment)
