"""Each game's quick reference prints to exactly one A4 sheet in Chromium's own PDF, in both
languages, and what it prints is the engine's tables (not a blank or clipped page)."""

from __future__ import annotations

from typing import Any
from collections.abc import Iterator

import pytest

from browser.sitepages import pdf_sheets, printing_page

GAMES = ("dawei", "gupai", "yezi", "paohuzi")


_sheets = pdf_sheets


@pytest.fixture(scope="module")
def printer(browser: Any) -> Iterator[Any]:
    yield from printing_page(browser)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["", "en/"])
def test_quick_reference_prints_on_one_a4_page(printer: Any, site_url: str, game: str, lang: str) -> None:
    pg = printer
    pg.goto(site_url + lang + game + "/quickref/", wait_until="load")
    pg.emulate_media(media="print")
    try:
        seen = pg.evaluate(
            """() => {
                 const qr = document.querySelector('.guide-qr');
                 const r = qr.getBoundingClientRect();
                 const rows = [...qr.querySelectorAll('tr')].filter(t => t.getBoundingClientRect().height > 0).length;
                 const page = document.documentElement.getBoundingClientRect();
                 const clipped = [...qr.querySelectorAll('table')].filter(t => t.getBoundingClientRect().right > page.right + 1).length;
                 const others = [...document.querySelectorAll('.md-content__inner > *')]
                   .filter(e => !e.matches('h1, .guide-qr') && e.getBoundingClientRect().height > 0).length;
                 return {height: r.height, rows, clipped, others};
               }"""
        )
        pdf = pg.pdf(format="A4")
    finally:
        pg.emulate_media(media="screen")
    assert seen["height"] > 200 and seen["rows"] >= 8, f"{lang}{game}: the tables should print: {seen}"
    assert seen["clipped"] == 0, f"{lang}{game}: a table runs off the paper"
    assert seen["others"] == 0, f"{lang}{game}: only the title and the reference should print"
    sheets = _sheets(pdf)
    assert sheets == 1, f"{lang}{game}/quickref prints to {sheets} A4 pages"
