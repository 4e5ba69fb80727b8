"""Accessibility: axe-core (node_modules/axe-core, pinned in package.json) on every page,
in both languages, once the widgets are ready, at 1280 px in the light scheme and at
360 px in the dark scheme, finds no serious or critical violation. Also: enabled and
disabled buttons look different, widget results are announced, and pictures of dice,
tiles and cards have text alternatives.

The pages are visited once per viewport by the session's crawl (tests/browser/crawl.py,
fixture ``site_crawl``); each test here asserts on what that crawl found."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from browser.crawl import FRONT_PAGES, Crawl
from browser.sitepages import pages, widget_pages


def _axe_all(crawl: Crawl, paths: list[str]) -> dict[str, list[str]]:
    assert crawl.foreign == [], f"the site requested other hosts: {crawl.foreign}"
    found: dict[str, list[str]] = {}
    for path in paths:
        v = crawl.visits[path]
        lines = v.axe + v.not_started()
        if lines:
            found[path] = lines
    return found


def _report(found: dict[str, list[str]]) -> str:
    return "\n".join(f"{p}\n  " + "\n  ".join(v) for p, v in found.items())


def test_axe_every_page_light_1280(site_crawl: dict[str, Crawl], built_site: Path) -> None:
    crawl = site_crawl["desk"]
    assert (crawl.width, crawl.scheme) == (1280, "light")
    paths = pages(built_site)
    assert len(paths) > 20 and any(p.startswith("en/") for p in paths)
    assert crawl.visits[""].scheme == "default"
    found = _axe_all(crawl, paths)
    assert found == {}, _report(found)


def test_axe_every_page_dark_360(site_crawl: dict[str, Crawl], built_site: Path) -> None:
    crawl = site_crawl["phone"]
    assert (crawl.width, crawl.scheme) == (360, "dark")
    assert crawl.visits[""].scheme == "slate"
    found = _axe_all(crawl, pages(built_site))
    assert found == {}, _report(found)


@pytest.mark.parametrize("viewport", ["desk", "phone"])
def test_enabled_and_disabled_buttons_look_different(viewport: str, site_crawl: dict[str, Crawl]) -> None:
    crawl = site_crawl[viewport]
    look: Any = None
    for path in FRONT_PAGES:
        look = crawl.visits[path].look
        if look is not None and look["on"] is not None:
            break
    assert look is not None and look["on"] is not None, "no enabled widget button on the game front pages"
    on, off = look["on"], look["off"]
    assert on[0] != off[0], "border style should differ"
    assert on[1] != off[1], "fill should differ"
    assert float(off[2]) < float(on[2])


def test_widget_results_are_announced(site_crawl: dict[str, Crawl], built_site: Path) -> None:
    crawl = site_crawl["desk"]
    silent = {}
    paths = widget_pages(built_site)
    assert paths
    for path in paths:
        v = crawl.visits[path]
        names = v.silent + ([v.failed] if v.failed else [])
        if names:
            silent[path] = names
    assert silent == {}, f"widgets with no announced result area: {silent}"


def test_pictures_have_text_alternatives(site_crawl: dict[str, Crawl], built_site: Path) -> None:
    """Every drawing of dice, tiles or cards on a page is role="img" with a name."""
    crawl = site_crawl["desk"]
    unnamed = {}
    for path in pages(built_site):
        if not any(path.startswith(g) or path.startswith("en/" + g) for g in ("dawei", "gupai", "yezi", "paohuzi")) and path not in ("", "en/"):
            continue
        v = crawl.visits[path]
        bad = sorted(set(v.unnamed)) + ([v.failed] if v.failed else [])
        if bad:
            unnamed[path] = bad
    assert unnamed == {}, "\n".join(f"{p}: {v}" for p, v in unnamed.items())
