"""Lessons at build time: the first exercise of each step shown before Python is ready, the progress
box, and the printable worksheet with its answer key. Everything comes from ``engine.lessons``.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from typing import Any
from collections.abc import Callable

from engine.lessons import LESSONS
from engine.lessons.actions import KEY_SEED, public, verdict
from engine.lessons.model import Lesson, Step, draw
from views.lesson import card, fold_part, rule_href, static_answer, worksheet_item

e = html.escape


def _t(lang: str) -> Callable[[str, str], str]:
    return lambda zh, en: en if lang == "en" else zh


def _pick(d: dict[str, str], lang: str) -> str:
    return d["en"] if lang == "en" else d["zh"]


def _lesson_step(params: dict[str, Any]) -> tuple[Lesson, Step]:
    lesson = LESSONS[params["lesson"]]
    return lesson, lesson.by_id[params["step"]]


def exercises_widget(lang: str, params: dict[str, Any]) -> str:
    """Before Python is ready: the first exercise of the fixed set (the card the browser draws, views/lesson.py),
    its choices shown but not clickable, and its answer folded away."""
    t = _t(lang)
    lesson, step = _lesson_step(params)
    ex_obj = draw(lesson, step, KEY_SEED, 0)
    ex = public(ex_obj, 0)
    still = static_answer(verdict(ex_obj, ex_obj.answer), lang)
    # nothing in a question set scrolls: the page's accessibility script leaves it unmeasured (views.lesson.example)
    return (
        f'<div class="lesson-set" data-lesson="{e(lesson.id)}" data-step="{e(step.id)}" data-a11y-static>'
        f'<ol class="lesson-list">{card(ex, lang, still=still)}</ol>'
        f'<p class="lesson-wait">{t(f"准备好后，这里会出 {step.count} 道题，由程序判定对错。", f"Once ready, {step.count} exercises appear here and the program checks your answers.")}</p>'
        f"</div>"
    )


def progress_widget(lang: str, params: dict[str, Any]) -> str:
    t = _t(lang)
    lesson = LESSONS[params["lesson"]]
    items = "".join(
        f'<li data-step="{e(s.id)}"><a href="#{e("step-" + s.id)}">{e(s.title.en if lang == "en" else s.title.zh)}</a></li>'
        for s in lesson.steps
    )
    # a long lesson folds its parts on a phone (widgets/lesson.js): the headings named, the hand at the end linked
    fold = params.get("fold")
    folded = f' data-fold="{e(" ".join(fold["parts"]))}"' if isinstance(fold, dict) else ""
    if isinstance(fold, dict) and fold.get("hand"):
        items += f'<li class="lesson-hand"><a href="#{e(fold["hand"])}">{t("最后：和电脑打一手", "Last: a hand against the computer")}</a></li>'
    return (
        f'<div class="lesson-progress" data-lesson="{e(lesson.id)}"{folded}>'
        f'<p class="lesson-progress-head">{t("本课各步。一步里的题全部第一次就答对，这一步才算学会，会打勾；答错过的题列在步名旁边。进度只记在你的浏览器里。", "The steps of this lesson. A step counts as learned, and is ticked, when every exercise of a set is answered right at the first try; the ones missed are listed beside the step. Progress is kept only in your browser.")}</p>'
        f'<ol class="lesson-steps">{items}</ol>'
        f'<button type="button" class="hw-btn" data-role="reset" disabled>{t("清除进度", "Reset progress")}</button>'
        f"</div>"
    )


# ---------------------------------------------------------------- a long lesson's parts, folded on a phone
FOLD = re.compile(r'<div class="lesson-progress" data-lesson="[^"]*" data-fold="([^"]*)"')
ARTICLE = re.compile(r'<article\b[^>]*\bclass="[^"]*\bmd-typeset\b[^"]*"[^>]*>')
VOID = frozenset("area base br col embed hr img input link meta param source track wbr".split())


class _TopLevel(HTMLParser):
    """The offsets of the h1 and h2 headings at the top of a page's content, and where the content ends."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=False)
        self.text = text
        self.lines = [0] + [m.end() for m in re.finditer("\n", text)]
        self.depth = 0
        self.heads: list[tuple[int, str, str]] = []  # (offset, tag, id)
        self.end: int | None = None

    def _at(self) -> int:
        line, col = self.getpos()
        return self.lines[line - 1] + col

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.end is not None:
            return
        if self.depth == 0 and tag in ("h1", "h2"):
            self.heads.append((self._at(), tag, dict(attrs).get("id") or ""))
        if tag not in VOID:
            self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if self.end is not None or tag in VOID:
            return
        self.depth -= 1
        if self.depth < 0:
            self.end = self._at()


def fold_page(page_html: str, lang: str) -> str:
    """A long lesson's parts drawn as the phone folds them (views.lesson.fold_part): each heading its progress box
    names (data-fold), with all that follows it up to the next heading of that level or the end of the content, as
    widgets/lesson.js opens and folds them. Drawn by the build, so that the browser moves no part of the page."""
    m = FOLD.search(page_html)
    if not m:
        return page_html
    parts = m.group(1).split()
    art = ARTICLE.search(page_html)
    if not art:
        raise ValueError("a folded lesson with no page content")
    start = art.end()
    scan = _TopLevel(page_html[start:])
    scan.feed(page_html[start:])
    scan.close()
    if scan.end is None:
        raise ValueError("a folded lesson whose content does not end")
    content = page_html[start:start + scan.end]
    bounds = [off for off, _tag, _id in scan.heads] + [len(content)]
    found = {ident for _off, tag, ident in scan.heads if tag == "h2" and ident in parts}
    if found != set(parts):
        raise ValueError(f"folded parts with no heading at the top of the page: {sorted(set(parts) - found)}")
    out = [content[:bounds[0]]]
    for k, (off, tag, ident) in enumerate(scan.heads):
        piece = content[off:bounds[k + 1]]
        if tag == "h2" and ident in parts:
            close = piece.index("</h2>") + len("</h2>")
            out.append(fold_part(ident, piece[:close], piece[close:], lang))
        else:
            out.append(piece)
    return page_html[:start] + "".join(out) + page_html[start + scan.end:]


def key_table(lang: str, params: dict[str, Any]) -> str:
    """The printable worksheet of the fixed set, then its answer key on a page of its own."""
    t = _t(lang)
    lesson = LESSONS[params["lesson"]]
    letters = "ABCDEFG"
    sheet, key = [], []
    for step in lesson.steps:
        qs, ans = [], []
        for i in range(step.count):
            ex_obj = draw(lesson, step, KEY_SEED, i)
            ex = public(ex_obj, i)
            v = verdict(ex_obj, ex_obj.answer)
            qs.append(worksheet_item(ex, lang))
            right = next(j for j, c in enumerate(ex["choices"]) if c["value"] == v["answer"]["value"])
            rule = v["rule"]
            ans.append(
                f"<li><strong>{letters[right]}. {e(_pick(v['answer'], lang))}</strong> — {e(_pick(v['explain'], lang))} "
                f'({t("规则", "rule")}: <a href="{e(rule_href(rule))}">{e(_pick(rule, lang))}</a>)</li>'
            )
        title = e(step.title.en if lang == "en" else step.title.zh)
        sheet.append(f'<section class="lesson-sheet-step"><h2 id="sheet-{e(step.id)}">{title}</h2><ol class="lesson-list">{"".join(qs)}</ol></section>')
        key.append(f'<section class="lesson-key-step"><h3>{title}</h3><ol>{"".join(ans)}</ol></section>')
    return (
        f'<div class="lesson-worksheet">{"".join(sheet)}</div>'
        f'<div class="lesson-key"><h2 id="answer-key">{t("答案", "Answer key")}</h2>{"".join(key)}</div>'
    )


WIDGETS: dict[str, Callable[[str, dict[str, Any]], str]] = {
    "lesson-exercises": exercises_widget,
    "lesson-progress": progress_widget,
}
TABLES: dict[str, Callable[[str, dict[str, Any]], str]] = {"lesson-key": key_table}
FILES: dict[str, Callable[[], str | bytes]] = {}
