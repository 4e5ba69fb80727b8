"""Glossary links: the first use of each glossary term in a game page's text links to its entry."""

from __future__ import annotations

import html
import re
import unicodedata

from engine.glossary import TERMS, Term


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


SKIP_TAGS = {"a", "code", "pre", "script", "style", "h1", "h2", "h3", "h4", "h5", "h6", "abbr", "button", "blockquote", "q",
             "textarea", "select", "svg", "kbd", "sup", "title", "option", "label"}
VOID = {"br", "img", "input", "hr", "meta", "link", "wbr", "source", "col", "area", "base", "embed", "param", "track"}
TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>")


def terms_for(game: str | None) -> list[Term]:
    return [t for t in TERMS if t.link and (game is None or game in t.games)]


def link_terms(text: str, game: str | None, lang: str, glossary_href: str) -> tuple[str, list[str]]:
    """Link the first occurrence of each glossary term in running text. Returns (html, slugs linked)."""
    terms = sorted(terms_for(game), key=lambda t: -len(t.zh))
    if not terms:
        return text, []
    by_zh = {t.zh: t for t in terms}
    pat, by_form = _pattern(terms, lang)
    done: set[str] = set()
    out: list[str] = []
    skip: list[str] = []  # open skipped elements (tag names)
    div_depth = 0
    pos = 0

    def repl(m: re.Match[str]) -> str:
        t = by_zh.get(m.group(0)) or by_form[m.group(0).lower()]
        if t.zh in done:
            return m.group(0)
        done.add(t.zh)
        tip = f"{t.pinyin} — {t.en}: {t.en_def}" if lang == "en" else f"{t.pinyin}：{t.zh_def}"
        # the title is the hover tooltip; data-def is what a tap opens (overrides/assets/record/record.js)
        return f'<a class="rec-term" href="{glossary_href}#{t.slug}" title="{_esc(tip)}" data-def="{_esc(tip)}">{m.group(0)}</a>'

    for m in TAG.finditer(text):
        seg = text[pos:m.start()]
        out.append(pat.sub(repl, seg) if not skip else seg)
        div_depth = _skip_after(m, skip, div_depth)
        out.append(m.group(0))
        pos = m.end()
    tail = text[pos:]
    out.append(pat.sub(repl, tail) if not skip else tail)
    by_slug = [by_zh[z].slug for z in done]
    return "".join(out), sorted(by_slug)


def _pattern(terms: list[Term], lang: str) -> tuple[re.Pattern[str], dict[str, Term]]:
    """What finds the terms in a text (longest first), and the term of each pinyin form it finds on an English page."""
    alts = [re.escape(t.zh) for t in terms]
    by_form: dict[str, Term] = {}
    if lang == "en":
        # English pages write many terms in pinyin: link those too (two syllables at least)
        for t in terms:
            if len(t.zh) < 2:
                continue
            for f in pinyin_forms(t):
                by_form.setdefault(f, t)
        forms = sorted(by_form, key=len, reverse=True)
        if forms:
            alts.append(r"(?<![A-Za-z\u00c0-\u024f])(?i:" + "|".join(re.escape(f) for f in forms) + r")(?![A-Za-z\u00c0-\u024f])")
    return re.compile("|".join(alts)), by_form


def _skip_after(m: re.Match[str], skip: list[str], div_depth: int) -> int:
    """The elements whose text links nothing, kept in ``skip`` after the tag ``m``; returns the depth of <div>s."""
    closing, name, attrs = m.group(1), m.group(2).lower(), m.group(3)
    if name == "div":
        if closing:
            div_depth -= 1
            if skip and skip[-1] == f"div@{div_depth}":
                skip.pop()
        else:
            # a drawing (role="img") holds no link: a picture's parts are not focusable (axe nested-interactive)
            if (re.search(r'class="[^"]*\b(hw|rec-cite|highlight|admonition-title)\b', attrs) or 'role="img"' in attrs) and not skip:
                skip.append(f"div@{div_depth}")
            div_depth += 1
    elif name in SKIP_TAGS and not attrs.rstrip().endswith("/"):
        if closing:
            if name in skip:
                while skip and skip[-1] != name:
                    skip.pop()
                if skip:
                    skip.pop()
        else:
            skip.append(name)
    return div_depth


# ---------------------------------------------------------------- hooks



def _ascii_pinyin(py: str) -> str:
    base = unicodedata.normalize("NFD", py)
    return "".join(c for c in base if unicodedata.category(c) != "Mn").lower()


def pinyin_forms(term: Term) -> set[str]:
    """Lower-case ways an English text may write a term: with or without tone marks, syllables apart or joined."""
    forms = {term.pinyin.lower(), _ascii_pinyin(term.pinyin)}
    return forms | {f.replace(" ", "").replace("'", "") for f in forms}
