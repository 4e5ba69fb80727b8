"""Phones: at 360 CSS pixels nothing is wider than the screen, on the home page and on
every page with a widget, in both languages, once the widgets are ready.

The pages are visited once per viewport by the session's crawl (tests/browser/crawl.py,
fixture ``site_crawl``: the phone is 360 px wide, dark, a touch screen); the tests here
assert on what it found."""

from __future__ import annotations

from pathlib import Path

from browser.crawl import PHONE, Crawl, Visit
from browser.sitepages import widget_pages


def _check(v: Visit) -> list[str]:
    problems = v.not_started()
    if v.failed:
        return problems
    assert v.scroll_width is not None, f"{v.path or 'home'}: the crawl did not measure the page"
    if v.scroll_width > PHONE:
        problems.append(f"page is {v.scroll_width} px wide")
    if v.wide:
        problems.append("past the right edge: " + "; ".join(v.wide))
    return problems


def test_home_cards_fit_a_phone(site_crawl: dict[str, Crawl]) -> None:
    crawl = site_crawl["phone"]
    assert crawl.width == PHONE and crawl.foreign == [], crawl.foreign
    for lang_root in ("", "en/"):
        v = crawl.visits[lang_root]
        assert _check(v) == [], lang_root or "zh home"
        assert len(v.cards) == 4
        assert max(v.cards) <= PHONE


def test_every_widget_page_fits_a_phone(site_crawl: dict[str, Crawl], built_site: Path) -> None:
    crawl = site_crawl["phone"]
    assert crawl.width == PHONE and crawl.foreign == [], crawl.foreign
    paths = widget_pages(built_site)
    assert any(p.startswith("en/") for p in paths) and any(not p.startswith("en/") for p in paths)
    bad = {}
    for path in paths:
        problems = _check(crawl.visits[path])
        if problems:
            bad[path] = problems
    assert bad == {}, "\n".join(f"{p}: {'; '.join(v)}" for p, v in bad.items())
