"""The lessons' exercise card drawn from the engine's ``lesson`` answers: the question, its drawing, the choices,
and the verdict on an answer (``check``); the drawings of the 跑胡子 lesson page's examples.

The engine answers an exercise as data (``engine.lessons``: the drawing as ``{"kind": …}`` with the dice, tiles or
cards it shows); these functions draw it. The build draws each step's first exercise with them (``sitegen/lesson.py``:
``still``, its choices disabled until Python is ready, its answer folded under it) and the worksheet; the browser
draws every set and every verdict with the same functions in Pyodide (``views.answer``), and ``widgets/lesson.js``
only inserts the markup and wires the choices. Every text from an answer is escaped.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable

from .draw.dawei import dice_svg
from .draw.gupai import tiles_svg
from engine.gupai.tiles import BY_CODE
from engine.paohuzi.cards import parse_card
from .draw.paohuzi import back_svg, cards_svg, for_language
from .draw.yezi import hand_svg

from .text import T, e

Answer = dict[str, Any]
Figure = dict[str, Any]


def _pick(x: dict[str, str], lang: str) -> str:
    return x["en"] if lang == "en" else x["zh"]


def rule_href(rule: dict[str, str]) -> str:
    """From a lesson page at <lang>/<game>/<page>/ to the page that states the rule."""
    return f"../../{rule['page']}#{rule['anchor']}"


# ---------------------------------------------------------------- the drawings, one function per kind of figure
def _dice(f: Figure, lang: str) -> str:
    # each throw named by its digits alone: the figure around it is named in the page's language
    return "".join(dice_svg(d, " ".join(map(str, d))) for d in f["throws"])


def _tiles(f: Figure, lang: str) -> str:
    return tiles_svg(f["tiles"], 34)


def _named_tiles(tiles: list[str], width: int, lang: str) -> str:
    """Tiles drawn with each one's name written under it (not only in its tooltip)."""
    return "".join(f'<span class="lesson-tile">{tiles_svg((t,), width, lang)}<span>{e(_pick({"zh": BY_CODE[t].zh, "en": BY_CODE[t].en}, lang))}</span></span>'
                   for t in tiles)


def _trick(f: Figure, lang: str) -> str:
    """A trick: each seat's tiles, each named, and what kind of play they make."""
    return "".join(f'<div class="lesson-row"><span>{e(_pick(p["seat"], lang))}</span> {_named_tiles(p["tiles"], 30, lang)} '
                   f'<small>{e(_pick(p["play"], lang))}</small></div>' for p in f["plays"])


def _yezi_cards(f: Figure, lang: str) -> str:
    return hand_svg(f["cards"], 40, lang)


def _yezi_showing(f: Figure, lang: str) -> str:
    return "".join(f'<div class="lesson-row"><span>{e(_pick(r["seat"], lang))}</span> {hand_svg(r["cards"], 34, lang)}</div>' for r in f["rows"])


def _yezi_round(f: Figure, lang: str) -> str:
    return "".join(
        f'<div class="lesson-row"><span>{e(_pick(r["seat"], lang))}</span> '
        + " ".join(f'<span class="lesson-group">{hand_svg(g, 30, lang)}</span>' for g in r["groups"]) + "</div>"
        for r in f["rows"])


def _zipai(codes: list[str]) -> list[Any]:
    return [c for c in (parse_card(x) for x in codes) if c is not None]


def _zipai_cards(f: Figure, lang: str) -> str:
    return for_language(cards_svg(_zipai(f["cards"])), lang)


def _zipai_parts(f: Figure, lang: str) -> str:
    """Cards drawn in parts side by side: ``hand`` (your hand), ``open`` (a group laid face up in front of
    you), ``back`` (a group laid face down, drawn as card backs), ``offer`` (the card on the table, framed),
    ``group`` (a group of an arrangement)."""
    out = []
    for part in f["parts"]:
        cards = _zipai(part["cards"])
        if not cards:
            continue
        inner = "".join(back_svg() for _ in cards) if part["kind"] == "back" else cards_svg(cards)
        out.append(f'<span class="phz-lesson-part phz-{e(part["kind"])}">{inner}</span>')
    return for_language(f'<span class="phz-lesson-fig">{"".join(out)}</span>', lang)


def _zipai_seats(f: Figure, lang: str) -> str:
    """The four seats around the table, seen from yours, with the order of play (an arrow round the table)."""
    def lab(x: int, y: int, words: dict[str, str]) -> str:
        return (f'<text class="phz-zh" x="{x}" y="{y}" text-anchor="middle">{e(words["zh"])}</text>'
                f'<text class="phz-en" x="{x}" y="{y}" text-anchor="middle">{e(words["en"])}</text>')

    where = {"you": (150, 200), "xia": (262, 115), "xing": (150, 40), "shang": (38, 115)}
    return for_language(
        '<svg class="phz-seats" aria-hidden="true" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 220" width="300" height="220">'
        '<rect x="90" y="60" width="120" height="100" rx="8" fill="#e8dcc0" stroke="#8a7a5c"/>'
        '<g fill="none" stroke="#526cfe" stroke-width="2.5">'
        '<path d="M150 150 C 215 150 215 150 205 99"/><path d="M95 95 C 90 150 90 150 137 150"/>'
        '<path d="M200 80 C 150 72 150 72 103 80" stroke-dasharray="5 4"/></g>'
        '<g fill="#526cfe"><polygon points="205,88 199,100 211,100"/><polygon points="148,150 136,144 136,156"/>'
        '<polygon points="92,81 104,74 104,87"/></g>'
        + "".join(lab(*where[s["seat"]], s) for s in f["seats"])
        + "</svg>", lang)


DRAW: dict[str, Callable[[Figure, str], str]] = {
    "dice": _dice, "tiles": _tiles, "trick": _trick, "yezi-cards": _yezi_cards, "yezi-showing": _yezi_showing,
    "yezi-round": _yezi_round, "zipai-cards": _zipai_cards, "zipai-parts": _zipai_parts, "zipai-seats": _zipai_seats,
}


def drawing(f: Figure, lang: str) -> str:
    """An exercise's drawing from its data ("" for an exercise with none)."""
    return DRAW[f["kind"]](f, lang) if f else ""


def figure(ex: Answer, lang: str) -> str:
    """The drawing in its frame, named in the page's language."""
    if not ex["figure"]:
        return ""
    return f'<div class="lesson-fig" role="img" aria-label="{e(_pick(ex["figure_alt"], lang))}">{drawing(ex["figure"], lang)}</div>'


# ---------------------------------------------------------------- the card, the verdict
def static_answer(v: Answer, lang: str) -> str:
    """The answer folded under the build's first exercise (before Python is ready)."""
    t = T(lang)
    rule = v["rule"]
    return (f'<details class="lesson-static-answer"><summary>{t("看答案", "Show the answer")}</summary>'
            f'<p><strong>{e(_pick(v["answer"], lang))}</strong>{t("。", ". ")}{e(_pick(v["explain"], lang))} '
            f'<a href="{e(rule_href(rule))}">{e(_pick(rule, lang))}</a></p></details>')


def card(ex: Answer, lang: str, still: str = "") -> str:
    """One exercise: its question, drawing and choices. ``still``: the build's first answer (its folded answer, drawn
    by :func:`static_answer`), the choices disabled; else the live card, its choices named by value and a place for
    the verdict."""
    if still:
        buttons = "".join(f'<li><button type="button" class="hw-btn lesson-choice" disabled>{e(_pick(c, lang))}</button></li>' for c in ex["choices"])
        return f'<li class="lesson-ex"><p class="lesson-q">{e(_pick(ex["question"], lang))}</p>{figure(ex, lang)}<ul class="lesson-choices">{buttons}</ul>{still}</li>'
    buttons = "".join(f'<li><button type="button" class="hw-btn lesson-choice" data-value="{e(c["value"])}" aria-pressed="false">{e(_pick(c, lang))}</button></li>'
                      for c in ex["choices"])
    return (f'<li class="lesson-ex" data-index="{int(ex["index"])}"><p class="lesson-q">{e(_pick(ex["question"], lang))}</p>{figure(ex, lang)}'
            f'<ul class="lesson-choices">{buttons}</ul><div class="lesson-feedback" role="status" aria-live="polite"></div></li>')


def exercises(a: Answer, lang: str) -> dict[str, str]:
    """A set of exercises (the ``exercises`` answer), each a card of the list."""
    return {"list": "".join(card(ex, lang) for ex in a["exercises"])}


def verdict(v: Answer, lang: str) -> dict[str, str]:
    """The verdict on an answer (the ``check`` answer): right or not, why, and where the rule is stated."""
    t = T(lang)
    rule = v["rule"]
    return {"feedback": (f'<p class="lesson-verdict">{e(_pick(v["verdict"], lang))}</p><p class="lesson-why">{e(_pick(v["why"], lang))}</p>'
                         f'<p><a href="{e(rule_href(rule))}" class="lesson-rule">{e(t("规则：" + rule["zh"], "The rule: " + rule["en"]))}</a></p>')}


def worksheet_item(ex: Answer, lang: str) -> str:
    """An exercise on the printed worksheet: its question, drawing and lettered choices."""
    opts = "".join(f"<li>{'ABCDEFG'[j]}. {e(_pick(c, lang))}</li>" for j, c in enumerate(ex["choices"]))
    return f'<li class="lesson-ex"><p class="lesson-q">{e(_pick(ex["question"], lang))}</p>{figure(ex, lang)}<ul class="lesson-options">{opts}</ul></li>'


def example(ex: Answer, lang: str) -> str:
    """A drawn example of the 跑胡子 lesson page with its caption (``engine.lessons.paohuzi.example``). Nothing in it
    scrolls (data-a11y-static): the page's accessibility script does not measure it, which would make the browser lay
    out an example it leaves undrawn while out of sight (lesson.css)."""
    return (f'<figure class="phz-lesson-example" data-a11y-static><div class="lesson-fig">{drawing(ex["figure"], lang)}</div>'
            f'<figcaption>{e(_pick(ex["caption"], lang))}</figcaption></figure>')


def fold_part(part: str, heading: str, body: str, lang: str) -> str:
    """A part of a long lesson (a step's heading and what follows it), drawn by the build around the page's own
    markup: ``heading`` is the part's heading, ``body`` what follows it. On a phone ``widgets/lesson.js`` folds every
    part but the one the reader is at (``data-open``), with the button under the heading; until then the button is
    not shown and the page reads as one (lesson.css)."""
    t = T(lang)
    return (f'<section class="lesson-fold" data-part="{e(part)}">{heading}'
            f'<button type="button" class="hw-btn lesson-fold-btn" aria-expanded="false">{t("打开这一步", "Open this step")}</button>'
            f'<div class="lesson-fold-body">{body}</div></section>')
