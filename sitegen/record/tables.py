"""The archive's generated pages: the ```` ```generated ```` fences named ``record-*``.

Sources, glossary, bibliography, changelog, coverage and editorial notes, the archive's own
citation, and ``record-rules`` / ``record-rule`` that any game page may use to show a rule
beside its source passage. What the record adds to every page is in ``sitegen/record/pages.py``
(wired by ``sitegen/hooks.py``); each of its parts has its own module in ``sitegen/record/`` (listed in its ``__init__``).
"""

from __future__ import annotations

import html
import os
import re
import subprocess
from functools import lru_cache
from pathlib import Path
from typing import Any
from collections.abc import Callable

from engine.editions import last_change
from sitegen import editions
from sitegen.editions import anchor_of
from sitegen.record import changelog
from sitegen.record.changelog import note_editions
from sitegen.record.cite import archive_bibtex, archive_csl, gen_cite_archive
from sitegen.record.data import BY_SOURCE, GAME_IDS, GAMES, MENTIONED, SECONDARY, Game, primary_work, source_sha256
from sitegen.record.facts import src_title
from engine.glossary import TERMS, Term
from sitegen.record.pages import ROOT_LINK
from sitegen.record.glossary_links import pinyin_forms
from sitegen.record.trace import (
    find_rule,
    has_test,
    load_trace,
    option_anchor,
    resolves,
    section_of,
    source_text,
    trace_parts,
)
from mkdocs.exceptions import PluginError

ROOT = Path(__file__).resolve().parents[2]


def _t(lang: str, zh: str, en: str) -> str:
    return en if lang == "en" else zh


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


GeneratedFn = Callable[[str, dict[str, Any]], str]


def _md_cell(s: str) -> str:
    return s.replace("|", "\\|").replace("\n", " ")


def _section_counts(g: Game) -> dict[str, list[int]]:
    """outline section slug -> [rules, gaps] traced to it."""
    counts = {s.slug: [0, 0] for s in g.sections}
    rules, gaps, _ = trace_parts(g.id)
    for i, items in enumerate((rules, gaps)):
        for it in items:
            sec = section_of(it.passage) if it.passage.source == g.source else None
            if sec is not None:
                counts[sec.slug][i] += 1
    return counts


def gen_sources(lang: str, params: dict[str, Any]) -> str:
    L = lang
    out: list[str] = []
    for g in GAMES.values():
        out.append(f"## {g.name(L)} · {g.source} {{#src-{g.id}}}\n")
        rows = [
            (_t(L, "题名（原文）", "Title as printed"), g.source_title),
            (_t(L, "题名（译）", "Title (translated)"), g.source_title_en if L == "en" else g.source_title),
            (_t(L, "记录者", "Recorded by"), g.recorder(L)),
            (_t(L, "地点", "Place"), g.place(L)),
            (_t(L, "时间", "Date"), g.date(L)),
            (_t(L, "文献类型", "Kind of document"), g.kind(L)),
            (_t(L, "内容", "What it covers"), g.covers(L)),
            (_t(L, "缺失", "What is missing"), g.missing(L)),
            (_t(L, "引用（GB/T 7714—2015）", "Citation (GB/T 7714—2015)"), primary_work(g).zh),
            (_t(L, "引用（英文）", "Citation (English)"), primary_work(g).en),
            (_t(L, "收到时文本的 SHA-256", "SHA-256 of the text as received"), f'<code class="rec-sha256">{source_sha256(g)}</code>'),
        ]
        if L == "zh":
            rows.pop(1)
        out.append("| | |\n|---|---|\n" + "".join(f"| {_md_cell(a)} | {_md_cell(b)} |\n" for a, b in rows))
        if g.misprints:
            out.append(f"\n### {_t(L, '已知误印与不一致', 'Known misprints and inconsistencies')} {{#src-{g.id}-misprints}}\n")
            out.append(
                f"| {_t(L, '原文', 'As printed')} | {_t(L, '档案读作', 'Archive reads')} | {_t(L, '说明', 'Note')} |\n|---|---|---|\n"
                + "".join(f"| {_md_cell(m.printed)} | {_md_cell(m.reading)} | {_md_cell(m.zh if L == 'zh' else m.en)} |\n" for m in g.misprints)
            )
        out.append(f"\n### {_t(L, '章节', 'Sections')} {{#src-{g.id}-sections}}\n")
        out.append(_t(L, "档案按下列章节引用原文（覆盖情况见[覆盖表](coverage.md)）：", "The archive refers to the source by these sections (see [coverage](coverage.md)):") + "\n")
        counts = _section_counts(g)

        def status(slug: str) -> str:
            r, gp = counts[slug]  # noqa: B023  called within this iteration of the loop only
            parts = ([_t(L, f"规则 {r} 条", f"{r} rule{'s' if r > 1 else ''}")] if r else []) + (
                [_t(L, f"未实现 {gp} 处", f"{gp} not implemented")] if gp else [])
            return (" — " + _t(L, "，", ", ").join(parts)) if parts else ""

        out.append("".join(
            f"{i}. {s.zh if L == 'zh' else s.en}{status(s.slug)}\n"
            for i, s in enumerate(g.sections, 1)) + "\n")
    return "\n".join(out)


def _page_title(path: Path) -> str:
    return src_title(path) or path.stem


@lru_cache(maxsize=4)
def _game_pages(lang: str) -> tuple[tuple[str, str, str], ...]:
    """(docs-relative path, title, text) of every game page in ``lang``."""
    docs = ROOT / "docs"
    out = []
    for gid in GAME_IDS:
        for p in sorted((docs / gid).glob(f"*.{lang}.md")):
            out.append((p.relative_to(docs).as_posix(), _page_title(p), p.read_text(encoding="utf-8")))
    return tuple(out)



def _uses(term: Term, text: str, lang: str) -> bool:
    """Whether a page's text uses the term: its characters, or on English pages its pinyin
    (written with or without tone marks, syllables joined or apart; two syllables at least)."""
    if term.zh in text:
        return True
    if lang != "en" or len(term.zh) < 2:
        return False
    low = text.lower()
    return any(re.search(r"(?<![a-z\u00c0-\u024f])" + re.escape(f) + r"(?![a-z\u00c0-\u024f])", low) for f in pinyin_forms(term))


def term_uses(term: Term, lang: str, limit: int = 4) -> list[tuple[str, str]]:
    """Game pages (path, title) in ``lang`` whose text uses the term: for each of its games,
    the game's home page first, then the others in path order (at most ``limit`` in all)."""
    per_game = max(2, limit // len(term.games))
    out: list[tuple[str, str]] = []
    for gid in term.games:
        hits = [(p, t) for p, t, text in _game_pages(lang) if p.split("/")[0] == gid and _uses(term, text, lang)]
        hits.sort(key=lambda h: (not h[0].endswith(f"/index.{lang}.md"), h[0]))
        out += hits[:per_game]
    return out


GAME_ORDER = {g: i for i, g in enumerate(GAME_IDS)}


def _short_name(gid: str, lang: str) -> str:
    return GAMES[gid].name.zh if lang == "zh" else GAMES[gid].name.en.split(" (")[0]


def gen_glossary(lang: str, params: dict[str, Any]) -> str:
    _game_pages.cache_clear()
    L = lang
    head = (
        f"| {_t(L, '词语', 'Term')} | {_t(L, '拼音', 'Pinyin')} | {_t(L, '英文', 'English')} | "
        f"{_t(L, '游戏', 'Game')} | {_t(L, '释义', 'Meaning')} | {_t(L, '见于', 'Used in')} |\n|---|---|---|---|---|---|\n"
    )

    def row(t: Term) -> str:
        games = ("、" if L == "zh" else ", ").join(_short_name(g, L) for g in t.games)
        uses = _t(L, "；", "; ").join(
            f"{_short_name(g, L)}{_t(L, '：', ': ')}"
            + " · ".join(
                [f"[{_md_cell(title)}](../{p})" for p, title in term_uses(t, L) if p.startswith(g + "/")]
                + [f"[{_t(L, '原文', 'source')}](sources.md#src-{g})"]
            )
            for g in t.games
        )
        return (
            f'| <span id="{t.slug}"></span>**{t.zh}** | {t.pinyin} | {_md_cell(t.en)} | {games} | '
            f"{_md_cell(t.zh_def if L == 'zh' else t.en_def)} | {uses} |\n"
        )

    out = [_t(L, f"共 {len(TERMS)} 条。", f"{len(TERMS)} terms.") + "\n"]
    groups: list[tuple[str, str, list[Term]]] = [("shared", _t(L, "几种游戏共用", "Shared by several games"), [t for t in TERMS if len(t.games) > 1])]
    groups += [(g, GAMES[g].name(L), [t for t in TERMS if t.games == (g,)]) for g in GAME_IDS]
    for key, title, terms in groups:
        if not terms:
            continue
        out.append(f"## {title} {{#terms-{key}}}\n")
        out.append(head + "".join(row(t) for t in sorted(terms, key=lambda t: t.pinyin)))
    return "\n".join(out)


def gen_bibliography(lang: str, params: dict[str, Any]) -> str:
    L = lang
    out = [f"## {_t(L, '原始文献', 'Primary sources')} {{#primary}}\n"]
    for g in GAMES.values():
        w = primary_work(g)
        out.append(f"{GAME_ORDER[g.id] + 1}. <span id=\"{w.key}\"></span>{_esc(w.zh if L == 'zh' else w.en)} — {w.note(L)}{_t(L, '；', '; ')}[{_t(L, '详见来源页', 'see Sources')}](sources.md#src-{g.id})\n")
    out.append(f"\n## {_t(L, '原始文献提到的文献', 'Works the sources cite')} {{#cited-by-sources}}\n")
    out.append(_t(L, "档案未见原件，只按原始文献的说法列出。", "The archive has not seen these; they are listed as the sources describe them.") + "\n")
    for i, w in enumerate(MENTIONED, 1):
        out.append(f"{i}. <span id=\"{w.key}\"></span>{_esc(w.zh if L == 'zh' else w.en)} — {w.note(L)}\n")
    out.append(f"\n## {_t(L, '其他文献', 'Other works')} {{#secondary}}\n")
    for i, w in enumerate(SECONDARY, 1):
        out.append(f"{i}. <span id=\"{w.key}\"></span>{_esc(w.zh if L == 'zh' else w.en)} — {w.note(L)}\n")
    return "\n".join(out)


#: program text inside a commit subject (a name with _ or camelCase, a module path, name=, {a, b},
#: a quoted program value): shown as code on the changelog, not as reader prose
_CODE_IN_SUBJECT = re.compile(
    r"\{[^{}]*\}"
    r"|['\"‘“](?:NoneType|None|True|False|dict|list|str|int|float|bool|null|true|false)['\"’”]"
    r"|['\"‘“][A-Za-z_]+['\"’”](?=\s+fields?\b)"
    r"|[\w./:-]*(?:[a-z][A-Z]|_|=|(?:dawei|gupai|yezi|paohuzi|engine)\.[a-z])[\w./:=-]*"
)


def _subject_md(subject: str) -> str:
    """A commit subject as Markdown: program text as code spans, the rest escaped."""
    subject = subject.replace("`", "")
    out, at = [], 0
    for m in _CODE_IN_SUBJECT.finditer(subject):
        out.append(re.sub(r"([\\*_\[\]#|])", r"\\\1", html.escape(subject[at : m.start()], quote=False)))
        out.append(f"`{m.group(0)}`")
        at = m.end()
    out.append(re.sub(r"([\\*_\[\]#|])", r"\\\1", html.escape(subject[at:], quote=False)))
    return "".join(out)


def gen_changelog(lang: str, params: dict[str, Any]) -> str:
    # a released edition's list ends at its own commit: the commits after it that change no word of the
    # record (its commit written down beside it) are not its text (a draft lists everything)
    since = "HEAD"  # an edition's own build is checked out at its commit
    if editions.draft_after() is None and not os.environ.get(editions.EDITION_OF):
        tagged = editions.commit_of(f"v{editions.version()}")
        since = tagged or since
    try:
        log = subprocess.run(
            ["git", "log", "--date=short", "--format=%ad%x09%h%x09%s", "-n", "400", since],
            cwd=ROOT, capture_output=True, text=True, timeout=60, check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return _t(lang, "（没有 git 记录）", "(no git history available)")
    by_day: dict[str, list[str]] = {}
    for line in log.splitlines():
        parts = line.split("\t", 2)
        if len(parts) == 3:
            subject = _subject_md(parts[2])
            by_day.setdefault(parts[0], []).append(f"- `{parts[1]}` {subject}")
    return "\n".join(f"### {day}\n\n" + "\n".join(items) + "\n" for day, items in by_day.items())


# ----- trace


def _quote_md(p: Any, lang: str) -> str:
    g = BY_SOURCE.get(p.source)
    ok = source_text(p.source) is not None and p.quote in (source_text(p.source) or "")
    mark = "" if ok else " ⚠ " + _t(lang, "引文在原文中找不到", "quote not found in the source")
    title = g.source_title if g else p.source
    return f"> {p.quote}\n>\n> — 《{title}》（{p.source}），{p.section}{mark}\n" if lang == "zh" else (
        f"> {p.quote}\n>\n> — *{title}* ({p.source}), {p.section}{mark}\n"
    )


def _note_link(note: str, lang: str, base: str = "../") -> str:
    page, _, anchor = note.partition("#")
    stem = re.sub(r"\.md$", "", page)
    exists = (ROOT / "docs" / f"{stem}.{lang}.md").exists()
    if not exists:
        return f"`{note}` ⚠ " + _t(lang, "说明页尚不存在", "note page does not exist yet")
    return f"[{_t(lang, '编辑说明', 'editorial note')}]({base}{stem}.md{'#' + anchor if anchor else ''})"


def note_excerpt(note: str, lang: str) -> str:
    """The first paragraph of the editorial note ``page.md#anchor`` (its author's words, links unwrapped)."""
    page, _, anchor = note.partition("#")
    f = ROOT / "docs" / (re.sub(r"\.md$", "", page) + f".{lang}.md")
    if not anchor or not f.is_file():
        return ""
    lines = f.read_text(encoding="utf-8").splitlines()
    start = next((i for i, ln in enumerate(lines) if re.match(r"^#+\s.*\{[^}]*#" + re.escape(anchor) + r"\b[^}]*\}\s*$", ln)), None)
    if start is None:
        return ""
    para: list[str] = []
    for ln in lines[start + 1:]:
        if ln.startswith("#"):
            break
        if not ln.strip() or ln.lstrip().startswith((">", "```", "<", "|", "!!!", "???")):
            if para:
                break
            continue
        if re.match(r"^\s*([-*+]|\d+\.)\s", ln) and not para:
            break
        para.append(ln.strip())
    text = " ".join(para)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # links resolve from the note's page, not this one
    text = re.sub(r"\[\^[^\]]*\]", "", text)
    return text


def gen_coverage(lang: str, params: dict[str, Any]) -> str:
    L = lang
    out: list[str] = []
    ok, bad = "✓", "⚠"
    for g in GAMES.values():
        rules, gaps, options = trace_parts(g.id)
        out.append(f"## {g.name(L)} · {g.source} {{#cov-{g.id}}}\n")
        if load_trace(g.id) is None:
            out.append(_t(L, f"`engine/{g.id}/trace.py` 尚未建立：这份文献的规则还没有追溯到原文。", f"`engine/{g.id}/trace.py` does not exist yet: no rule of this source is traced.") + "\n")
        by_sec: dict[str, list[tuple[str, Any]]] = {s.slug: [] for s in g.sections}
        stray: list[tuple[str, Any]] = []
        for kind, items in (("rule", rules), ("gap", gaps), ("option", options)):
            for it in items:
                s = section_of(it.passage) if it.passage.source == g.source else None
                (by_sec[s.slug] if s else stray).append((kind, it))
        n_traced = sum(1 for v in by_sec.values() if v)
        out.append(
            _t(L, f"规则 {len(rules)} 条，未实现段落 {len(gaps)} 处，可选读法 {len(options)} 个；{len(g.sections)} 个章节中有 {n_traced} 个已追溯。",
               f"{len(rules)} rules, {len(gaps)} passages not implemented, {len(options)} rule options; {n_traced} of {len(g.sections)} sections traced.") + "\n"
        )
        head = (
            f"| {_t(L, '章节', 'Section')} | {_t(L, '段落', 'Passage')} | {_t(L, '内容', 'What')} | {_t(L, '实现于', 'Implemented in')} | {_t(L, '测试', 'Tested by')} |\n|---|---|---|---|---|\n"
        )

        def row(label: str, kind: str, it: Any) -> str:
            p = it.passage
            if kind == "rule":
                what = f"[`{it.id}`](../{g.id}/index.md#rule-{it.id}) {it.zh if L == 'zh' else it.en}"  # noqa: B023  called within this iteration of the loop only
                impl = f"`{it.implemented_in}` {ok if resolves(it.implemented_in) else bad}"
                tests = "<br>".join(f"`{t}` {ok if has_test(t) else bad}" for t in it.tests) or f"{bad} " + _t(L, "无", "none")
            elif kind == "gap":
                what = _t(L, "**未实现**：", "**Not implemented**: ") + (it.zh if L == "zh" else it.en)
                impl, tests = "—", "—"
            else:
                what = _t(L, "**可选读法** ", "**Rule option** ") + f"`{it.id}` {it.zh if L == 'zh' else it.en}"
                impl = _t(L, f"默认 `{it.default}`", f"default `{it.default}`")
                tests = f"[{_t(L, '编辑说明', 'editorial apparatus')}](notes.md#{option_anchor(it.id)})"
            return f"| {_md_cell(label)} | {_md_cell(p.section)} | {_md_cell(what)} | {_md_cell(impl)} | {_md_cell(tests)} |\n"

        untraced = []
        rows: list[str] = []
        for s in g.sections:
            label = s.zh if L == "zh" else s.en
            items = by_sec[s.slug]
            if not items:
                untraced.append(label)
            for kind, it in items:
                rows.append(row(label, kind, it))
        for kind, it in stray:
            rows.append(row(f"{bad} " + _t(L, "无法定位", "not located"), kind, it))
        if rows:
            out.append(head + "".join(rows))
        if untraced:
            out.append(_t(L, "**尚未追溯的章节**（既无规则也无说明）：", "**Sections not yet traced** (no rule and no stated gap): ")
                       + _t(L, "、", "; ").join(untraced) + "\n")
    return "\n".join(out)



def gen_notes(lang: str, params: dict[str, Any]) -> str:
    L = lang
    editions_of_notes = note_editions()
    out: list[str] = []
    for g in GAMES.values():
        _, _, options = trace_parts(g.id)
        out.append(f"## {g.name(L)} {{#notes-{g.id}}}\n")
        if not options:
            out.append(_t(L, "这个游戏还没有登记可选读法。", "No rule options are recorded for this game yet.") + "\n")
            continue
        for o in options:
            out.append(f"### {o.zh if L == 'zh' else o.en} {{#{option_anchor(o.id)}}}\n")
            out.append(_quote_md(o.passage, L))
            choices = "、".join(f"`{c}`" + ("（采用）" if c == o.default else "") for c in o.choices) if L == "zh" else ", ".join(
                f"`{c}`" + (" (chosen)" if c == o.default else "") for c in o.choices)
            out.append(f"- {_t(L, '可能的读法', 'Possible readings')}：{choices}" if L == "zh" else f"- Possible readings: {choices}")
            out.append(f"- {_t(L, '采用的读法', 'Reading chosen')}: `{o.default}`")
            out.append(f"- {_t(L, '规则选项', 'Rule option')}: `{o.id}`")
            for k, v in sorted(o.extra.items()):
                out.append(f"- {_md_cell(k)}: {_md_cell(v)}")
            why = note_excerpt(o.note, L)
            if why:
                out.append(f"- {_t(L, '为什么', 'Why')}: {why}")
            out.append(f"- {_t(L, '详细理由与影响', 'Full reasons, and what changes')}: {_note_link(o.note, L)}")
            v = editions_of_notes.get(o.note)
            if v:
                changed = _t(L, f"最后改动于 [{v} 版]", f"last changed in [edition {v}]") if last_change(o.id) else _t(L, f"自 [{v} 版]起未变", f"unchanged since [edition {v}]")
                out.append(f"- {_t(L, '读法的版本', 'Edition of this reading')}: {changed}(changelog.md#{anchor_of(v)})\n")
            else:
                out.append("")
    return "\n".join(out)



def gen_rule(lang: str, params: dict[str, Any]) -> str:
    """One rule beside its source passage: ```generated\\nrecord-rule\\n{"id": "dawei.x"}\\n```"""
    r = find_rule(str(params.get("id", "")))
    if r is None:
        raise PluginError(f"record-rule: no rule {params.get('id')!r} in any engine/<game>/trace.py")
    g = BY_SOURCE.get(r.passage.source)
    title = g.source_title if g else r.passage.source
    cite = f"— 《{title}》（{r.passage.source}），{r.passage.section}" if lang == "zh" else f"— {title} ({r.passage.source}), {r.passage.section}"
    game = r.id.split(".")[0]
    # HTML, not Markdown: the platform passes output starting with "<" through untouched
    return (
        f'<div class="rec-rule" id="at-rule-{_esc(r.id)}"><p><strong>{_esc(r.zh if lang == "zh" else r.en)}</strong></p>'
        f"<blockquote><p>{_esc(r.passage.quote)}</p><p>{_esc(cite)}</p></blockquote>"
        f'<p><a href="{ROOT_LINK}archive/coverage/#cov-{_esc(game)}">{_esc(_t(lang, "覆盖表", "coverage"))}</a></p></div>'
    )


def gen_rules(lang: str, params: dict[str, Any]) -> str:
    """All rules of a game, each with its passage reference: params {"game": "dawei"}."""
    game = str(params.get("game", ""))
    rules, _, _ = trace_parts(game) if game in GAME_IDS else ((), (), ())
    if not rules:
        return _t(lang, "（这个游戏的规则尚未追溯到原文。）", "(This game's rules are not traced to the source yet.)")
    head = f"| {_t(lang, '规则', 'Rule')} | {_t(lang, '原文出处', 'Source passage')} |\n|---|---|\n"
    return head + "".join(
        f"| {_md_cell(r.zh if lang == 'zh' else r.en)} | {r.passage.source} · {_md_cell(r.passage.section)} |\n" for r in rules
    )



def gen_editions(lang: str, params: dict[str, Any]) -> str:
    """The table of editions (sitegen/record/changelog.py)."""
    return changelog.gen_editions(lang, params)


TABLES: dict[str, GeneratedFn] = {
    "record-cite-archive": gen_cite_archive,
    "record-sources": gen_sources,
    "record-glossary": gen_glossary,
    "record-bibliography": gen_bibliography,
    "record-changelog": gen_changelog,
    "record-editions": gen_editions,
    "record-coverage": gen_coverage,
    "record-notes": gen_notes,
    "record-rule": gen_rule,
    "record-rules": gen_rules,
}
WIDGETS: dict[str, Callable[[str, dict[str, Any]], str]] = {}
FILES: dict[str, Callable[[], str | bytes]] = {"archive.bib": archive_bibtex, "archive.csl.json": archive_csl}
