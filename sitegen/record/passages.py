"""The machine-readable index of citable passages (``passages.json`` at the site root): every
editorial note (the headings of each game's notes page and of any page an option's note points
to), every rule option's entry in the archive's notes, and every rule row of a game's trace table,
each with its page, its anchor, its address in the edition a citation names, and its title in
both languages."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from sitegen.editions import edition_root
from sitegen.record.data import BUILD, GAME_IDS, GAMES, LICENCE, archive_version
from sitegen.record.trace import option_anchor, trace_parts

ROOT = Path(__file__).resolve().parents[2]
_HEADING = re.compile(r"^#{2,6}\s+(.*?)\s*\{[^}]*#([A-Za-z0-9_-]+)[^}]*\}\s*$", re.M)


def _rel(page: str, lang: str) -> str:
    """Site path of a docs page (``dawei/notes.md``) in ``lang``."""
    stem = re.sub(r"\.md$", "", page)
    rel = stem[: -len("index")] if stem.endswith("index") else stem + "/"
    return ("en/" if lang == "en" else "") + rel


def _headings(page: str) -> dict[str, dict[str, str]]:
    """anchor -> {lang: heading text} of a docs page (both languages share the anchors)."""
    out: dict[str, dict[str, str]] = {}
    stem = re.sub(r"\.md$", "", page)
    for lang in ("zh", "en"):
        f = ROOT / "docs" / f"{stem}.{lang}.md"
        if f.is_file():
            for m in _HEADING.finditer(f.read_text(encoding="utf-8")):
                out.setdefault(m.group(2), {})[lang] = m.group(1).replace("*", "").replace("`", "")
    return out


def _entry(kind: str, page: str, anchor: str, title: dict[str, str], **extra: Any) -> dict[str, Any]:
    root = edition_root(BUILD["site_url"])
    return {
        "kind": kind,
        "page": page,
        "anchor": anchor,
        "url": {lang: f"{root}{_rel(page, lang)}#{anchor}" for lang in ("zh", "en")},
        "title": title,
        **extra,
    }


def passages() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    note_pages = {f"{g}/notes.md" for g in GAME_IDS}
    for g in GAME_IDS:
        for o in trace_parts(g)[2]:
            note_pages.add(str(o.note).partition("#")[0])
    seen: set[tuple[str, str]] = set()
    for page in sorted(note_pages):
        for anchor, title in _headings(page).items():
            if (page, anchor) not in seen:
                seen.add((page, anchor))
                out.append(_entry("note", page, anchor, title))
    for g in GAME_IDS:
        rules, _, options = trace_parts(g)
        for o in options:
            out.append(_entry("option", "archive/notes.md", option_anchor(o.id), {"zh": o.zh, "en": o.en}, note=o.note))
        for r in rules:
            src = GAMES[g]
            out.append(_entry("rule", f"{g}/index.md", f"rule-{r.id}", {"zh": r.zh, "en": r.en},
                              source={"title": src.source_title, "section": r.passage.section}))
    return out


def passages_json() -> str:
    doc = {
        "version": archive_version(),
        "edition": edition_root(BUILD["site_url"]),
        "license": LICENCE["content"]["url"],
        "passages": passages(),
    }
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
