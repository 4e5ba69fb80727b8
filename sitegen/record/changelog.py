"""The changelog's table of editions and the edition each editorial note's reading last changed in:
the record's reading of the editions (``sitegen/editions.py``, below the record, says what an edition
is, where it is cited and whether this build is a draft; this module reads it and the record's notes).
"""

from __future__ import annotations

import html
import os
import re
from typing import Any

from sitegen.edition_pdf import pdf_name
from sitegen.editions import EDITION_OF, ROOT, anchor_of, ed, version
from sitegen.record.data import BUILD, GAME_IDS
from sitegen.record.facts import src_title
from sitegen.record.trace import trace_parts


def _t(lang: str, zh: str, en: str) -> str:
    return en if lang == "en" else zh


KIND_WORDS = {  # keyed by engine.editions' kinds (DEFAULT, DROPPED, ADDED, READING, PAGE, WORDING)
    "default": ("默认读法改变", "Default reading changed"),
    "dropped": ("删去选项", "Option dropped"),
    "added": ("新增有名称的读法", "Named reading added"),
    "reading": ("重新论证的读法", "Reading argued anew"),
    "page": ("新增页面或小工具", "Page or widget added"),
    "wording": ("措辞", "Wording"),
}


def _cell(s: str) -> str:
    return s.replace("|", "\\|").replace("\n", " ")


def note_heading(note: str, lang: str) -> str:
    """The heading text of the editorial note ``page.md#anchor`` in ``lang`` ("" if not found)."""
    page, _, anchor = note.partition("#")
    f = ROOT / "docs" / (re.sub(r"\.md$", "", page) + f".{lang}.md")
    if not f.is_file() or not anchor:
        return ""
    for line in f.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^#+\s+(.*?)\s*\{[^}]*#" + re.escape(anchor) + r"\b[^}]*\}\s*$", line)
        if m:
            return m.group(1).replace("*", "")
    return ""


def _page_link(page: str, lang: str) -> str:
    stem = re.sub(r"\.md$", "", page)
    f = ROOT / "docs" / f"{stem}.{lang}.md"
    if not f.is_file():
        return _cell(stem)
    return f"[{_cell(src_title(f) or stem)}](../{stem}.md)"


def _note_link(note: str, lang: str) -> str:
    page, _, anchor = note.partition("#")
    stem = re.sub(r"\.md$", "", page)
    if not (ROOT / "docs" / f"{stem}.{lang}.md").is_file():
        return ""
    return f"[{_t(lang, '编辑说明', 'editorial note')}](../{stem}.md#{anchor})"


def edition_links(v: str, lang: str, base: str) -> str:
    # an edition's own build is addressed at <site>/editions/<version>/: the editions are the site's
    root = f"{os.environ.get(EDITION_OF) or base}editions/{v}/"
    home = root + ("en/" if lang == "en" else "")
    return (
        f"[{_t(lang, f'阅读 {v} 版', f'Read edition {v}')}]({home}) · "
        f"{_t(lang, 'PDF：', 'PDF: ')}[{_t(lang, '中文', 'Chinese')}]({root}{pdf_name(v, 'zh')}) · "
        f"[{_t(lang, '英文', 'English')}]({root}{pdf_name(v, 'en')}) · "
        f"[{_t(lang, '存档包（BagIt，含 RO-Crate 元数据）', 'Archival package (BagIt, with RO-Crate metadata)')}]({root}folk-games-archive-{v}-bag.zip)"
    )


def gen_editions(lang: str, params: dict[str, Any]) -> str:
    """Every edition, newest first: its date, where to read it, and each reading it changed."""
    L = lang
    base = BUILD["site_url"]
    current = version()
    out: list[str] = []
    for e in sorted(ed.EDITIONS, key=lambda e: ed.parse(e.version), reverse=True):
        when = e.date or _t(L, "准备中", "in preparation")
        tag = _t(L, "（本版）", " (this edition)") if e.version == current else ""
        out.append(f"### {e.version} · {when}{tag} {{#{anchor_of(e.version)}}}\n")
        out.append((e.zh if L == "zh" else e.en) + "\n")
        if e.date:  # a released edition is kept at its own address
            out.append(edition_links(e.version, L, base) + "\n")
        changes = ed.changes_of(e.version)
        if not changes:
            out.append((_t(L, "这一版没有改动任何读法。", "This edition changed no reading.") if e.date
                        else _t(L, "目前还没有改动的读法。", "No reading has changed yet.")) + "\n")
            continue
        out.append(
            f"| {_t(L, '读法', 'Reading')} | {_t(L, '改动', 'Change')} | {_t(L, '以前', 'Before')} | {_t(L, '现在', 'Now')} | "
            f"{_t(L, '为什么', 'Why')} | {_t(L, '论证', 'Argued in')} | {_t(L, '涉及页面', 'Pages')} |\n|---|---|---|---|---|---|---|\n"
            + "".join(
                f"| {_cell(note_heading(c.note, L) or c.subject)} | {KIND_WORDS[c.kind][L == 'en']} | "
                f"{_cell(c.old[L == 'en'])} | {_cell(c.new[L == 'en'])} | {_cell(c.why[L == 'en'])} | "
                f"{_note_link(c.note, L)} | {'<br>'.join(_page_link(p, L) for p in c.pages)} |\n"
                for c in changes
            )
        )
    return "\n".join(out)


# ----------------------------------------------------------------- each note's edition


def note_editions() -> dict[str, str]:
    """``page.md#anchor`` of each editorial note -> the edition its reading last changed in (the
    first edition that had the option, for a reading never changed)."""
    snaps = ed.released()
    out: dict[str, str] = {}
    for gid in GAME_IDS:
        for o in trace_parts(gid)[2]:
            c = ed.last_change(o.id)
            if c is not None:
                v = c.edition
            else:
                had = sorted((s for s in snaps if o.id in snaps[s]), key=ed.parse)
                v = had[0] if had else version()
            out[o.note] = v
    for c in ed.CHANGES:
        if c.note not in out or ed.parse(c.edition) > ed.parse(out[c.note]):
            out[c.note] = c.edition
    return out


def edition_line(v: str, lang: str, changelog_href: str, changed: bool) -> str:
    label = (_t(lang, f"此读法最后改动于 {v} 版", f"Reading last changed in edition {v}") if changed
             else _t(lang, f"此读法自 {v} 版起未变", f"Reading unchanged since edition {v}"))
    e = ed.edition(v)
    if e is not None and not e.date:
        label += _t(lang, "（该版准备中）", " (in preparation)")
    return (f'<p class="rec-edition"><a href="{changelog_href}#{anchor_of(v)}">{html.escape(label)}</a></p>')


def mark_notes(html_text: str, src: str, lang: str, changelog_href: str) -> str:
    """After the heading of each editorial note on page ``src``, the edition its reading last
    changed in (a link to that edition in the changelog)."""
    page = re.sub(r"\.(zh|en)\.md$", ".md", src)
    marks = {n.partition("#")[2]: v for n, v in note_editions().items() if n.partition("#")[0] == page}
    if not marks:
        return html_text
    changed = {c.note.partition("#")[2] for c in ed.CHANGES if c.note.partition("#")[0] == page}

    def add(m: re.Match[str]) -> str:
        anchor = m.group(2)
        if anchor not in marks:
            return m.group(0)
        return m.group(0) + edition_line(marks[anchor], lang, changelog_href, anchor in changed)

    return re.sub(r'<h([1-6])[^>]*\sid="([^"]+)"[^>]*>.*?</h\1>', add, html_text, flags=re.S)
