"""The 跑胡子 lesson and worksheet still print on few A4 sheets, in both languages. (What a learner meets on
the lesson's and the worksheet's pages, in both languages and at 1280 and 360 px: each move explained with
drawn cards before it is asked, cards at least 28 px wide with characters of at least 14 px, English cards
with the Arabic numeral and big/small, every step's wrong and right answers, then the hand at the table to
the end, is walked in test_lessons.py with the other lessons; MEASURE below is the card measure it uses.)"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

MEASURE = """() => {
  const out = {cards: 0, narrow: [], small: [], en: 0};
  for (const svg of document.querySelectorAll('svg.phz-lesson:not(.phz-back)')) {
    const r = svg.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;  // not shown (a folded answer)
    out.cards += 1;
    if (r.width < 28) out.narrow.push(r.width);
    const scale = r.height / 180;
    for (const t of svg.querySelectorAll('text')) {
      const b = t.getBoundingClientRect();
      if (b.width === 0 && b.height === 0) continue;  // hidden in this language
      if (t.closest('.phz-en')) out.en += 1;
      const fs = parseFloat(getComputedStyle(t).fontSize);  // in the drawing's units (a stylesheet may set it)
      if (fs * scale < 14) out.small.push([t.textContent, fs * scale]);
    }
  }
  return out;
}"""


def url(site_url: str, lang: str, path: str) -> str:
    return site_url + ("en/" if lang == "en" else "") + path


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("path", ["paohuzi/learn/", "paohuzi/exercises/"])
def test_lesson_and_worksheet_still_print_on_few_a4_sheets(browser, site_url, lang, path):
    from browser.sitepages import pdf_sheets, printing_page
    from browser.test_print import MOST_PAGES

    gen = printing_page(browser)
    pg = next(gen)
    try:
        pg.goto(url(site_url, lang, path), wait_until="load")
        n = pdf_sheets(pg.pdf(format="A4"))
    finally:
        gen.close()
    print(f"{lang} {path}: {n} A4 sheets")
    assert 1 <= n <= MOST_PAGES, f"{lang} {path} prints to {n} A4 sheets"
