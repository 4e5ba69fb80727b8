"""Site search, as a reader uses it: a Chinese two-character term ranks the page that defines it
first, two spellings of one word find the same page, result titles say whose page they are, and
no result shows an identifier."""

from __future__ import annotations

import re

import pytest

from sitegen.record.search import IDENTIFIER, annotate, defined_on

BARE_TITLES = {"编者注", "编者按", "编辑说明", "引用", "Editorial notes", "Citation"}


def search(page, site_url: str, lang: str, query: str) -> list[dict[str, str]]:  # type: ignore[no-untyped-def]
    page.goto(site_url + ("en/" if lang == "en" else ""))
    page.evaluate("() => { const t = document.getElementById('__search'); t.checked = true; t.dispatchEvent(new Event('change')); }")
    box = page.locator("input.md-search__input")
    # the index is ready when the theme invites typing
    page.wait_for_function(
        "() => { const m = document.querySelector('.md-search-result__meta');"
        " return m && /Type to start|键入以开始/.test(m.textContent); }",
        timeout=60_000,
    )
    box.focus()
    box.fill(query)
    box.dispatch_event("keyup")  # the theme answers key presses (an input method sends text, then keys)
    # the count line says the search has answered (results, or none)
    page.wait_for_function(
        "() => { const m = document.querySelector('.md-search-result__meta');"
        " return m && /\\d|No matching|没有找到/.test(m.textContent); }",
        timeout=60_000,
    )
    if not page.evaluate("() => /No matching|没有找到/.test(document.querySelector('.md-search-result__meta').textContent)"):
        page.wait_for_selector(".md-search-result__item")
    return page.eval_on_selector_all(
        ".md-search-result__item",
        """els => els.map(e => {
            const a = e.querySelector('a');
            const h = e.querySelector('h1, h2');
            return { href: a ? a.href : '', title: h ? h.textContent.replace(/\\u200b/g, '').trim() : '',
                     text: e.textContent.replace(/\\u200b/g, '') };
        })""",
    )


def _path(href: str, site_url: str) -> str:
    return href.split("?")[0].split("#")[0].removeprefix(site_url)


@pytest.mark.parametrize("lang,query,first", [
    ("zh", "红胡", "paohuzi/scoring/"),
    ("zh", "色子", "dawei/"),
    ("zh", "骰子", "dawei/"),
    ("en", "red hu", "en/paohuzi/scoring/"),
    ("en", "dice", "en/dawei/"),
])
def test_a_term_ranks_the_page_that_defines_it_first(page, site_url: str, lang: str, query: str, first: str) -> None:  # type: ignore[no-untyped-def]
    results = search(page, site_url, lang, query)
    assert results, f"no result for {query}"
    assert _path(results[0]["href"], site_url).startswith(first), [r["href"] for r in results[:5]]


@pytest.mark.parametrize("lang,query,want", [("zh", "编者注", "跑胡子 · 编者注")])
def test_result_titles_carry_the_games_name(page, site_url: str, lang: str, query: str, want: str) -> None:  # type: ignore[no-untyped-def]
    results = search(page, site_url, lang, query)
    titles = [r["title"] for r in results]
    assert want in titles
    assert not [t for t in titles if t in BARE_TITLES], titles


@pytest.mark.parametrize("lang,query", [("zh", "读法"), ("zh", "选项"), ("en", "reading"), ("en", "option"), ("en", "at_least")])
def test_results_show_no_identifiers(page, site_url: str, lang: str, query: str) -> None:  # type: ignore[no-untyped-def]
    results = search(page, site_url, lang, query)
    shown = " ".join(r["title"] + " " + r["text"] for r in results)
    assert IDENTIFIER.findall(shown) == []


def test_annotate_edits_a_pages_entries() -> None:
    entries = [
        {"location": "paohuzi/scoring/", "title": "算戏", "text": "见 `paohuzi.red_rule` 与 at_least；engine/paohuzi/fan.py 和 paohuzi.txt"},
        {"location": "paohuzi/scoring/#fan", "title": "加番", "text": "红胡 乘 2"},
    ]
    annotate(entries, "paohuzi/scoring/", "zh")
    assert entries[0]["title"] == "跑胡子 · 算戏" and entries[1]["title"] == "加番"
    assert "red_rule" not in entries[0]["text"] and "at_least" not in entries[0]["text"] and "engine/" not in entries[0]["text"]
    assert "paohuzi.txt" in entries[0]["text"]  # a source's file name is a name, not a code id
    assert "红胡" in entries[0]["tags"] and set(defined_on("paohuzi/scoring")) <= set(entries[0]["tags"])
    notes = [{"location": "en/archive/notes/", "title": "Editorial apparatus", "text": ""}]
    annotate(notes, "en/archive/notes/", "en")
    assert notes[0]["title"] == "Archive · Editorial apparatus" and "tags" not in notes[0]
    assert re.search(r"色子", " ".join(defined_on("dawei/equipment"))) and "骰子" in defined_on("dawei/equipment")
