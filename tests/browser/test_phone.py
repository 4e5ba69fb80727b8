"""Phones: at 360 CSS pixels nothing is wider than the screen, on the home page and on
every page with a widget, in both languages, once the widgets are ready."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest

from browser.sitepages import new_context, open_ready, widget_pages

PHONE = 360

# Elements whose right edge passes the screen, ignoring those that cannot widen the
# page: inside a fixed layer (the theme's drawer and dialogs), or inside a frame that
# scrolls or clips sideways and itself fits the screen.
OVERFLOW_JS = """(W) => {
  const out = [];
  const fits = (a) => a.getBoundingClientRect().right <= W + 0.5;
  for (const e of document.querySelectorAll('body *')) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.right <= W + 0.5) continue;
    const s = getComputedStyle(e);
    if (s.visibility === 'hidden' || s.position === 'fixed') continue;
    let contained = false;
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      const as = getComputedStyle(a);
      if (as.position === 'fixed' || as.visibility === 'hidden') { contained = true; break; }
      if (as.overflowX !== 'visible' && fits(a)) { contained = true; break; }
    }
    if (contained) continue;
    const name = e.tagName.toLowerCase() + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\\s+/).join('.') : '');
    out.push(`${name} (right edge ${Math.round(r.right)} px)`);
  }
  return {scrollWidth: document.scrollingElement.scrollWidth, wide: out.slice(0, 10)};
}"""


@pytest.fixture(scope="module")
def phone(browser: Any) -> Iterator[tuple[Any, list[str]]]:
    foreign: list[str] = []
    ctx = new_context(browser, PHONE, "light", foreign)
    pg = ctx.new_page()
    pg.set_default_timeout(60_000)
    try:
        yield pg, foreign
    finally:
        ctx.close()
    assert foreign == [], f"the site requested other hosts: {foreign}"


def _check(pg: Any, url: str) -> list[str]:
    errors = open_ready(pg, url)
    got = pg.evaluate(OVERFLOW_JS, PHONE)
    problems = []
    if errors:
        problems.append(f"widgets did not start: {errors}")
    if got["scrollWidth"] > PHONE:
        problems.append(f"page is {got['scrollWidth']} px wide")
    if got["wide"]:
        problems.append("past the right edge: " + "; ".join(got["wide"]))
    return problems


def test_home_cards_fit_a_phone(phone: tuple[Any, list[str]], site_url: str) -> None:
    pg, _ = phone
    for lang_root in ("", "en/"):
        assert _check(pg, site_url + lang_root) == [], lang_root or "zh home"
        cards = pg.eval_on_selector_all(".hw-card", "cs => cs.map(c => c.getBoundingClientRect().right)")
        assert len(cards) == 4
        assert max(cards) <= PHONE


def test_every_widget_page_fits_a_phone(phone: tuple[Any, list[str]], site_url: str, built_site: Path) -> None:
    pg, _ = phone
    paths = widget_pages(built_site)
    assert any(p.startswith("en/") for p in paths) and any(not p.startswith("en/") for p in paths)
    bad = {}
    for path in paths:
        problems = _check(pg, site_url + path)
        if problems:
            bad[path] = problems
    assert bad == {}, "\n".join(f"{p}: {'; '.join(v)}" for p, v in bad.items())
