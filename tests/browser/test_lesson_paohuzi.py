"""The 跑胡子 lesson in a real browser, in both languages: every step explains its move with drawn cards
before it asks; cards in the lesson and the worksheet are at least 28 px wide with characters of at least
14 px, and English pages show the Arabic numeral and big/small on every card. (A learner's walk through
its exercises, then its hand at the table to the end, is in test_lessons.py with the other lessons.)"""

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


def ready(page) -> None:
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-widget]')].every((w) => w.dataset.state === 'ready')", timeout=180_000
    )


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_paohuzi_lesson_teaches_each_move_with_readable_cards(page, site_url, lang):
    """Each step's wrong answer, reason, right answer and the hand at the table: test_lessons.py's learner walk."""
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(url(site_url, lang, "paohuzi/learn/"))
    ready(page)
    # the moves are taught, with drawn cards, before the steps that ask about them
    for anchor in ("seats", "chi", "bi", "peng", "wei", "ti", "pao", "forced", "one-pair"):
        assert page.locator(f"#{anchor}").count() == 1, anchor
    assert page.locator(".phz-lesson-example").count() >= 9
    order = page.evaluate("""() => [...document.querySelectorAll('#chi, #peng, [data-lesson-step="chi"], [data-lesson-step="peng"], [data-widget="zipai-table"]')].map((e) => e.id || e.dataset.lessonStep || 'table')""")
    assert order == ["chi", "chi", "peng", "peng", "table"]
    # readable cards everywhere on the page; Arabic numerals and big/small only on the English page
    m = page.evaluate(MEASURE)
    assert m["cards"] > 60 and m["narrow"] == [] and m["small"] == [], m
    assert (m["en"] == 2 * m["cards"]) if lang == "en" else (m["en"] == 0), m


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_worksheet_cards_are_readable_on_screen_and_on_paper(page, site_url, lang):
    page.goto(url(site_url, lang, "paohuzi/exercises/"))
    for media in ("screen", "print"):
        page.emulate_media(media=media)
        m = page.evaluate(MEASURE)
        assert m["cards"] > 100 and m["narrow"] == [] and m["small"] == [], (media, m)
        assert (m["en"] == 2 * m["cards"]) if lang == "en" else (m["en"] == 0), (media, m)
    page.emulate_media(media=None)


def test_phone_keeps_lesson_cards_whole(page, site_url):
    page.set_viewport_size({"width": 360, "height": 780})
    page.goto(url(site_url, "en", "paohuzi/learn/"))
    m = page.evaluate(MEASURE)
    assert m["narrow"] == [] and m["small"] == [], m
    # nothing on the page is wider than the phone
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360


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
