"""The record in Chromium: the copy buttons copy the citation; a game page prints cleanly."""

from __future__ import annotations

import pytest

PAGES = ["dawei/", "en/dawei/"]


@pytest.mark.parametrize("path", PAGES)
def test_copy_button_copies_the_citation(page, site_url, path):  # type: ignore[no-untyped-def]
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(site_url + path)
    for cid in ("rec-cite-gbt", "rec-cite-en"):
        button = page.locator(f'button.rec-copy[data-copy="{cid}"]')
        assert button.is_visible()
        button.click()
        page.wait_for_selector(f'button.rec-copy[data-copy="{cid}"][data-copied="true"]')
        copied = page.evaluate("() => navigator.clipboard.readText()")
        assert copied == page.locator(f"#{cid}").inner_text().strip()
        assert "[EB/OL]" in copied if cid == "rec-cite-gbt" else "Version" in copied


@pytest.mark.parametrize("path", PAGES)
def test_game_page_prints_without_controls_and_with_the_citation_last(page, site_url, path):  # type: ignore[no-untyped-def]
    page.goto(site_url + path)
    page.emulate_media(media="print")
    for chrome in (".md-header", ".md-sidebar--primary", ".md-footer"):
        assert not page.locator(chrome).first.is_visible(), chrome
    widgets = page.locator("article .hw")
    for i in range(widgets.count()):
        w = widgets.nth(i)
        assert w.locator(".hw-body").is_visible()
        assert not w.locator(".hw-status").is_visible()
    controls = page.evaluate(
        """() => [...document.querySelectorAll('article .hw :is(button, input, select, textarea)')]
                 .filter(el => el.checkVisibility()).map(el => el.outerHTML.slice(0, 120))"""
    )
    assert controls == []
    tables = page.locator("article table")
    assert all(tables.nth(j).is_visible() for j in range(tables.count()))
    cite = page.locator(".rec-cite")
    assert cite.is_visible() and page.locator("#rec-cite-gbt").is_visible()
    assert not page.locator(".rec-copy").first.is_visible()
    # nothing in the article is printed below the citation
    lowest = page.evaluate(
        """() => {
            const c = document.querySelector('.rec-cite');
            let max = 0;
            for (const el of document.querySelectorAll('article > *')) {
                if (el === c || el.offsetParent === null) continue;
                max = Math.max(max, el.getBoundingClientRect().bottom);
            }
            return [max, c.getBoundingClientRect().top];
        }"""
    )
    assert lowest[0] <= lowest[1] + 1
