"""Views still drawn twice (in Python for the first answer, in a widget module for the live answers) may not drift
apart until they are moved into the views package (views/, see DEVELOPING.md): for the same engine answer, the live
widget in Chromium draws the same elements, with the same roles and the same words, as the page's first answer.

The first answer is read from the built page on disk (the browser may replace it before a test could look); both
are reduced to the same outline: each element's tag, class and identifying data attributes, the text between
elements (white space folded) and each drawing by its name; Chinese the build marks in an English page
(``<span lang="zh">``) counts as its text. What a widget's wiring writes of its own (the reason
a button is grey, set after each choice) is left out of the outline."""

from __future__ import annotations

from pathlib import Path

import pytest

OUTLINE = """([root, skip]) => {
  const out = [];
  let text = "";
  const flush = () => { const s = text.replace(/\\s+/g, " ").trim(); if (s) out.push("#" + s); text = ""; };
  const keep = ["class", "data-role", "data-seat", "data-tile", "data-choice", "data-card", "data-dice", "scope"];
  const walk = (n) => {
    if (n.nodeType === 3) { text += n.textContent; return; }
    if (n.nodeType !== 1) return;
    if (skip.some((s) => n.matches(s))) return;
    const tag = n.tagName.toLowerCase();
    // Chinese the build marks in an English page (<span lang="zh">, sitegen/record/lang.py) counts as its text
    if (tag === "span" && n.attributes.length === 1 && n.hasAttribute("lang")) { for (const c of n.childNodes) walk(c); return; }
    if (tag === "svg") { flush(); out.push("svg " + (n.getAttribute("aria-label") || n.getAttribute("data-tile") || "")); return; }
    flush();
    out.push("<" + tag + keep.filter((a) => n.hasAttribute(a)).map((a) => ` ${a}=${n.getAttribute(a).trim().split(/\\s+/).sort().join(" ")}`).join(""));
    for (const c of n.childNodes) walk(c);
    flush();
    out.push("</" + tag);
  };
  for (const c of root.childNodes) walk(c);
  flush();
  return out;
}"""


def first_answer(page, built_site: Path, path: str, selector: str, skip: list[str]) -> list[str]:
    """The outline of the built page's first answer, parsed by the browser's own HTML parser."""
    html = (built_site / path / "index.html").read_text(encoding="utf-8")
    return page.evaluate(
        "([html, sel, skip, outline]) => { const d = new DOMParser().parseFromString(html, 'text/html');"
        " return (0, eval)(outline)([d.querySelector(sel), skip]); }",
        [html, selector, skip, OUTLINE],
    )


def live_answer(page, selector: str, skip: list[str]) -> list[str]:
    return page.evaluate(f"([sel, skip]) => ({OUTLINE})([document.querySelector(sel), skip])", [selector, skip])


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_gupai_board_is_drawn_alike_by_the_build_and_the_widget(page, site_url, built_site, lang):
    prefix = "en/" if lang == "en" else ""
    root = '[data-widget="gupai-hand"]'
    board = f"{root} [data-role='board']"
    skip = ['[data-role="why"]', '[data-role="seal-why"]']  # the reasons a button is grey: the widget's wiring writes them
    page.goto(f"{site_url}{prefix}gupai/")
    page.wait_for_selector(f'{root}[data-state="ready"][data-seq]', timeout=180_000)
    first = first_answer(page, built_site, f"{prefix}gupai", board, skip)
    live = live_answer(page, board, skip)
    assert len(first) > 40
    assert live == first


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_dawei_split_text_is_written_alike_by_the_build_and_the_widget(page, site_url, built_site, lang):
    prefix = "en/" if lang == "en" else ""
    root = '[data-widget="dawei-split"]'
    page.goto(f"{site_url}{prefix}dawei/split/")
    page.wait_for_selector(f'{root}[data-state="ready"]', timeout=180_000)
    # the widget redraws the first throw the page shows (the same faces as the build's first answer)
    page.locator(f'{root} [data-role="read-first"]').click()
    page.wait_for_selector(f"{root}[data-seq]", timeout=60_000)
    for part in ("direct", "openings"):
        sel = f'{root} [data-role="{part}"]'
        first = first_answer(page, built_site, f"{prefix}dawei/split", sel, [])
        assert first, part
        assert live_answer(page, sel, []) == first, part
