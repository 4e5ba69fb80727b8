"""Print: a game's pages print compactly through Chromium's own PDF (A4), in both
languages: rows of card groups stay rows, closed worked examples print open, and no
control is printed."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from collections.abc import Iterator

import pytest

from browser.sitepages import pages, pdf_sheets, printing_page

GAMES = ("dawei", "gupai", "yezi", "paohuzi")
MOST_PAGES = 15  # A4 sheets for any one page of a game's rules
# a lesson teaches each move with drawn examples and its exercises (printed once its widgets are
# ready); its printable form is the worksheet, which has its own test of one sheet per step
MOST_LESSON_PAGES = 25


_sheets = pdf_sheets


@pytest.fixture(scope="module")
def printer(browser: Any) -> Iterator[Any]:
    yield from printing_page(browser)


@pytest.mark.parametrize("lang", ["", "en/"])
def test_paohuzi_winning_prints_compactly(printer: Any, site_url: str, lang: str) -> None:
    pg = printer
    pg.goto(site_url + lang + "paohuzi/winning/", wait_until="load")
    pg.emulate_media(media="print")
    try:
        rows = pg.evaluate(
            """() => [...document.querySelectorAll('details .phz-groups')].map(g => {
                 const tops = [...g.children].map(c => Math.round(c.getBoundingClientRect().top));
                 return {groups: tops.length, rows: new Set(tops).size};
               })"""
        )
        opened = pg.evaluate(
            """() => [...document.querySelectorAll('.md-typeset details')].filter(d => !d.closest('.hw')).every(d =>
                 [...d.children].filter(c => c.tagName !== 'SUMMARY').every(c => c.getBoundingClientRect().height > 0))"""
        )
        controls = pg.evaluate(
            """() => [...document.querySelectorAll('.hw button, .hw select, .hw input')]
                 .filter(b => b.getBoundingClientRect().height > 0).length"""
        )
    finally:
        # back to no emulation ("null"): an emulated "screen" would make pdf() print with
        # the screen's styles (20 sheets instead of 10), here and on every later page
        pg.emulate_media(media="null")
    assert rows, "the worked examples should show their card groups"
    for r in rows:
        assert r["rows"] < r["groups"], f"card groups stack one per row in print: {r}"
    assert opened, "a closed worked example should print open"
    assert controls == 0, "buttons and fields should not print"
    sheets = _sheets(pg.pdf(format="A4"))
    assert 1 <= sheets <= 12, f"{lang}paohuzi/winning prints to {sheets} A4 pages"


def test_every_game_page_prints_in_few_sheets(site_crawl: Any, built_site: Path) -> None:
    """Every page of a game, printed to A4 by the session's crawl (tests/browser/crawl.py) at
    1280 px in the light scheme once its widgets are ready, as a reader prints it."""
    crawl = site_crawl["desk"]
    assert (crawl.width, crawl.scheme) == (1280, "light") and crawl.foreign == [], crawl.foreign
    long = {}
    counted = 0
    for path in pages(built_site):
        parts = path.split("/")
        game = parts[1] if parts[0] == "en" else parts[0]
        if game not in GAMES:
            continue
        v = crawl.visits[path]
        assert not v.failed, (path, v.failed)
        n = v.sheets
        counted += 1
        assert n is not None and n >= 1, path
        if n > (MOST_LESSON_PAGES if path.rstrip("/").endswith("/learn") else MOST_PAGES):
            long[path] = n
    assert counted >= 8
    assert long == {}, f"pages printing to more than {MOST_PAGES} A4 sheets: {long}"
