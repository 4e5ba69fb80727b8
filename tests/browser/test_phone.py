"""Phones: at 360 CSS pixels nothing is wider than the screen, on the home page and on
every page with a widget, in both languages, once the widgets are ready.

The pages are visited once per viewport by the session's crawl (tests/browser/crawl.py,
fixture ``site_crawl``: the phone is 360 px wide, dark, a touch screen); the tests here
assert on what it found."""

from __future__ import annotations

from pathlib import Path

from browser.crawl import PHONE, PHONE_WIDE, Crawl, Visit
from browser.sitepages import widget_pages
from browser.workshop import workshop_words


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


def _widget_visits(crawl: Crawl, built_site: Path) -> list[Visit]:
    paths = widget_pages(built_site)
    assert any(p.startswith("en/") for p in paths) and any(not p.startswith("en/") for p in paths)
    return [crawl.visits[p] for p in paths]


def test_every_widget_control_is_a_thumb_sized_target_at_360_and_390_px(site_crawl: dict[str, Crawl], built_site: Path) -> None:
    """Issue 41: every control of every widget (each folded part opened) offers at least 44 × 44 CSS px to a
    thumb, at 360 and at 390 px: menus, buttons, the cards and tiles of a hand, check boxes through their labels."""
    crawl = site_crawl["phone"]
    bad, counted = {}, 0
    for v in _widget_visits(crawl, built_site):
        problems = v.not_started()
        if not v.failed:
            assert set(v.targets) == {PHONE, PHONE_WIDE}, f"{v.path}: the crawl did not measure the controls"
            counted += v.targets[PHONE_WIDE]
            problems += [f"at {w} px: {s}" for w in (PHONE, PHONE_WIDE) for s in v.small_targets[w]]
        if problems:
            bad[v.path] = problems
    assert counted > 100  # the measure found the controls
    assert bad == {}, "\n".join(f"{p}: {'; '.join(x[:8])}" for p, x in bad.items())


def test_every_widget_page_fits_a_390_px_phone_and_the_back_to_top_button_covers_no_control(site_crawl: dict[str, Crawl], built_site: Path) -> None:
    crawl = site_crawl["phone"]
    bad = {}
    for v in _widget_visits(crawl, built_site):
        problems = v.not_started()
        if not v.failed:
            assert v.wide_390 is not None, f"{v.path}: the crawl did not measure the page at {PHONE_WIDE} px"
            width, wide = v.wide_390
            if width > PHONE_WIDE:
                problems.append(f"page is {width} px wide at {PHONE_WIDE} px")
            problems += [f"past the right edge at {PHONE_WIDE} px: {w}" for w in wide]
            problems += [f"the back-to-top button lies over {c}" for c in v.covered]
        if problems:
            bad[v.path] = problems
    assert bad == {}, "\n".join(f"{p}: {'; '.join(x)}" for p, x in bad.items())


ROOT = Path(__file__).resolve().parents[2]


def _widget_words() -> str:
    """Every word the engine, the views and the widgets can put on a control."""
    files = [f for d in ("engine", "views", "widgets", "sitegen") for f in (ROOT / d).rglob("*") if f.suffix in (".py", ".js")]
    return "\n".join(f.read_text(encoding="utf-8") for f in files)


def _drawn_somewhere(name: str, drawn: str) -> bool:
    """Whether ``name`` (an ellipsis standing for a number or a name: "Enter hand … as corrected") is among the words drawn."""
    import re

    parts = [re.escape(p.strip()) for p in name.split("…")]
    return re.search(r".{0,40}?".join(parts), drawn, re.IGNORECASE) is not None


def test_every_control_a_page_names_is_on_that_page(site_crawl: dict[str, Crawl]) -> None:
    """Issue 41: a page that tells the reader to press "X" (or names the "X" button) has a control named X, once its
    widgets are ready (the 打围 play page promised a "Computer throws for me" that was not there). Every page, both
    languages; a page with widgets is read at 390 px."""
    crawl = site_crawl["phone"]
    quoted = {path: v.quoted for path, v in crawl.visits.items() if not v.failed}
    assert any(q for q in quoted.values()), "the crawl found no quoted control names (has the reading stopped working?)"
    assert any(any(ok for _, ok in q) for q in quoted.values())
    # a control that comes only in a later state (the review at a hand's end, a correction's button) or lives on the
    # page a text links to is named by the words the widgets draw: a name found nowhere there is a promise broken
    drawn = _widget_words()
    missing = {path: [name for name, ok in q if not ok and not _drawn_somewhere(name, drawn)] for path, q in quoted.items()}
    missing = {p: m for p, m in missing.items() if m}
    assert missing == {}, "\n".join(f"/{p}: no control named {', '.join(map(repr, m))}" for p, m in missing.items())


def test_every_page_that_uses_zhu_glosses_it(site_crawl: dict[str, Crawl]) -> None:
    """Issue 41: 柱, the unit every amount of 打围 is counted in, is explained on every page that uses it, at the top
    of the page (sitegen/gloss.py), in both languages."""
    crawl = site_crawl["phone"]
    # the glossary defines it in its own entry: it needs no line above
    uses = {p for p, v in crawl.visits.items() if not v.failed and v.zhu[0] and not p.endswith("archive/glossary/")}
    assert "en/dawei/play/" in uses and "dawei/play/" in uses
    assert sorted(p for p in uses if not crawl.visits[p].zhu[1]) == []


def test_search_snippets_keep_table_cells_apart(built_site: Path) -> None:
    """Issue 41: the search index keeps the cells of a table apart, so a snippet reads "old lion tiger leopard", never
    "old liontigerleopard": no two adjacent cells of a page's tables are glued together in its searchable text."""
    import html
    import json
    import re

    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    text: dict[str, str] = {}
    for doc in index["docs"]:
        page = doc["location"].split("#", 1)[0]
        text[page] = text.get(page, "") + " " + doc.get("text", "").replace("\u200b", "")  # Chinese is cut into words
    cell = re.compile(r"<t[dh][^>]*>(.*?)</t[dh]>", re.S)
    glued, pairs = [], 0
    for page, words in text.items():
        f = built_site / page / "index.html"
        if not f.is_file():
            continue
        body = f.read_text(encoding="utf-8")
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
            cells = [" ".join(html.unescape(re.sub(r"<[^>]+>", "", c)).split()) for c in cell.findall(row)]
            for a, b in zip(cells, cells[1:]):
                if len(a) >= 3 and len(b) >= 3 and re.search(r"\w$", a) and re.match(r"\w", b):
                    pairs += 1
                    if a + b in words and f"{a} {b}" not in words:
                        glued.append(f"/{page}: {a!r}{b!r}")
    assert pairs > 1000
    assert glued == [], "\n".join(glued[:20])


def test_game_pages_speak_to_players(site_crawl: dict[str, Crawl]) -> None:
    """Issue 41: no game page, in either language, speaks of the engine, seeds, the build, the API or a command line
    (its widgets ready, at 360 px): those words belong to the archive's pages for developers and methods."""
    crawl = site_crawl["phone"]
    found: dict[str, list[str]] = {}
    game = [v for v in crawl.visits.values() if not v.failed and v.text]
    assert len(game) > 40 and any(v.path.startswith("en/") for v in game)
    for v in game:
        lang = "en" if v.path.startswith("en/") else "zh"
        text = " ".join(v.text.split())
        for m in workshop_words(text, lang):
            found.setdefault(v.path, []).append(f"{m.group(0)!r} in “…{text[max(0, m.start() - 50):m.end() + 30]}…”")
    assert found == {}, "\n".join(f"/{p}: {'; '.join(x[:4])}" for p, x in found.items())
