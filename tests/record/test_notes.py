"""Editorial apparatus: every rule option has an editorial note that exists.

``RuleOption.note`` names a docs page and an anchor (``dawei/notes.md#x``);
the page must be built in both languages with that anchor, and the archive's
notes page must list the option and link to the note.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sitegen.record.trace import load_trace, option_anchor
from sitegen.record.data import GAME_IDS
from .htmlscan import Page, resolve


def options(game: str) -> list:
    mod = load_trace(game)
    return list(getattr(mod, "OPTIONS", ())) if mod else []


def built_page(site: Path, note: str, lang: str) -> Path:
    page = note.partition("#")[0].removesuffix(".md")
    rel = page[: -len("index")] if page.endswith("index") else page + "/"
    return site / ("en/" if lang == "en" else "") / rel / "index.html"


@pytest.mark.parametrize("game", GAME_IDS)
def test_option_ids_are_unique_and_defaults_are_choices(game: str) -> None:
    opts = options(game)
    assert load_trace(game) is not None, f"engine/{game}/trace.py is missing"
    ids = [o.id for o in opts]
    assert len(set(ids)) == len(ids)
    for o in opts:
        assert o.default in o.choices and len(o.choices) >= 2, o.id
        assert "#" in o.note and o.note.partition("#")[0].endswith(".md") and o.note.partition("#")[2], f"{o.id}: note {o.note!r}"


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("game", GAME_IDS)
def test_every_rule_option_has_an_editorial_note_in_the_built_site(built_site: Path, game: str, lang: str) -> None:
    opts = options(game)
    assert opts, f"no rule options for {game}: every game offers its open readings as options"
    missing = []
    for o in opts:
        page = built_page(built_site, o.note, lang)
        anchor = o.note.partition("#")[2]
        if not page.is_file():
            missing.append(f"{o.id}: page {o.note} not built ({lang})")
        elif anchor not in Page(page.read_text(encoding="utf-8")).ids:
            missing.append(f"{o.id}: no #{anchor} in {o.note} ({lang})")
    assert missing == []


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_apparatus_page_lists_every_option_with_a_working_note_link(built_site: Path, lang: str) -> None:
    page = built_site / ("en" if lang == "en" else "") / "archive" / "notes" / "index.html"
    p = Page(page.read_text(encoding="utf-8"))
    for game in GAME_IDS:
        assert f"notes-{game}" in p.ids
        for o in options(game):
            assert option_anchor(o.id) in p.ids, o.id
    for href, _ in p.links:
        target, frag = resolve(built_site, page, href)
        if target is None or "/notes/" not in target.as_posix() or target == page.resolve():
            continue
        assert target.is_file(), href
        assert not frag or frag in Page(target.read_text(encoding="utf-8")).ids, href
