"""Accessibility: axe-core (node_modules/axe-core, pinned in package.json) on every page,
in both languages, once the widgets are ready, at 1280 px in the light scheme and at
360 px in the dark scheme, finds no serious or critical violation. Also: enabled and
disabled buttons look different, widget results are announced, and pictures of dice,
tiles and cards have text alternatives."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest

from browser.sitepages import new_context, open_ready, pages, widget_pages

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

RUN_AXE = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations']});
  return r.violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => ({id: v.id, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' — ' + (n.failureSummary || '').split('\\n').slice(1, 2).join('').trim().slice(0, 140))}));
}"""


def _context(browser: Any, width: int, scheme: str) -> Iterator[tuple[Any, list[str]]]:
    if not AXE.exists():
        pytest.fail("axe-core is missing: run npm ci (it is a devDependency in package.json)")
    foreign: list[str] = []
    ctx = new_context(browser, width, scheme, foreign)
    ctx.add_init_script(script=AXE.read_text(encoding="utf-8"))  # injected outside the page's CSP
    pg = ctx.new_page()
    pg.set_default_timeout(60_000)
    try:
        yield pg, foreign
    finally:
        ctx.close()
    assert foreign == [], f"the site requested other hosts: {foreign}"


@pytest.fixture(scope="module")
def desk_light(browser: Any) -> Iterator[tuple[Any, list[str]]]:
    yield from _context(browser, 1280, "light")


@pytest.fixture(scope="module")
def phone_dark(browser: Any) -> Iterator[tuple[Any, list[str]]]:
    yield from _context(browser, 360, "dark")


def _scheme(pg: Any) -> str:
    return pg.evaluate("document.body.getAttribute('data-md-color-scheme')")


#: what the light pass saw on each page (announced results, unnamed pictures), so the
#: checks below need not load every page again; they load it themselves when missing
_SEEN: dict[str, dict[str, list[str]]] = {}


def _look(pg: Any) -> dict[str, list[str]]:
    return {"silent": pg.evaluate(SILENT_JS), "unnamed": pg.evaluate(PICTURES_JS)}


def _axe_all(pg: Any, site_url: str, paths: list[str], remember: bool = False) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in paths:
        errors = open_ready(pg, site_url + path)
        if remember:
            _SEEN[path] = _look(pg)
        vs = pg.evaluate(RUN_AXE)
        lines = [f"{v['id']}: {' | '.join(v['nodes'])}" for v in vs]
        if errors:
            lines.append(f"widgets did not start: {errors}")
        if lines:
            found[path] = lines
    return found


def _report(found: dict[str, list[str]]) -> str:
    return "\n".join(f"{p}\n  " + "\n  ".join(v) for p, v in found.items())


def test_axe_every_page_light_1280(desk_light: tuple[Any, list[str]], site_url: str, built_site: Path) -> None:
    pg, _ = desk_light
    paths = pages(built_site)
    assert len(paths) > 20 and any(p.startswith("en/") for p in paths)
    pg.goto(site_url)
    assert _scheme(pg) == "default"
    found = _axe_all(pg, site_url, paths, remember=True)
    assert found == {}, _report(found)


def test_axe_every_page_dark_360(phone_dark: tuple[Any, list[str]], site_url: str, built_site: Path) -> None:
    pg, _ = phone_dark
    pg.goto(site_url)
    assert _scheme(pg) == "slate"
    found = _axe_all(pg, site_url, pages(built_site))
    assert found == {}, _report(found)


LOOK_JS = """() => {
  const on = document.querySelector('.hw[data-state="ready"] button.hw-btn:not([disabled])');
  const off = document.createElement('button');
  off.className = 'hw-btn'; off.disabled = true; off.textContent = on ? on.textContent : 'x';
  (on ? on.parentElement : document.querySelector('.hw')).append(off);
  const pick = (b) => { const s = getComputedStyle(b); return [s.borderStyle, s.backgroundColor, s.opacity, s.color]; };
  const out = {on: on && pick(on), off: pick(off)};
  off.remove();
  return out;
}"""


@pytest.mark.parametrize("fixture", ["desk_light", "phone_dark"])
def test_enabled_and_disabled_buttons_look_different(fixture: str, request: pytest.FixtureRequest, site_url: str) -> None:
    pg, _ = request.getfixturevalue(fixture)
    look = None
    for path in ("dawei/", "gupai/", "paohuzi/", "en/dawei/"):
        open_ready(pg, site_url + path)
        look = pg.evaluate(LOOK_JS)
        if look["on"] is not None:
            break
    assert look is not None and look["on"] is not None, "no enabled widget button on the game front pages"
    on, off = look["on"], look["off"]
    assert on[0] != off[0], "border style should differ"
    assert on[1] != off[1], "fill should differ"
    assert float(off[2]) < float(on[2])


SILENT_JS = """() => [...document.querySelectorAll('.hw[data-widget]')]
  .filter(w => !w.querySelector('.hw-body [aria-live], .hw-body [role="status"], .hw-body [role="alert"]'))
  .map(w => w.dataset.widget)"""


def _seen(pg: Any, site_url: str, path: str) -> dict[str, list[str]]:
    if path not in _SEEN:
        open_ready(pg, site_url + path)
        _SEEN[path] = _look(pg)
    return _SEEN[path]


def test_widget_results_are_announced(desk_light: tuple[Any, list[str]], site_url: str, built_site: Path) -> None:
    pg, _ = desk_light
    silent = {}
    paths = widget_pages(built_site)
    assert paths
    for path in paths:
        names = _seen(pg, site_url, path)["silent"]
        if names:
            silent[path] = names
    assert silent == {}, f"widgets with no announced result area: {silent}"


PICTURES_JS = """() => [...document.querySelectorAll('.md-content svg')]
  .filter(s => !s.closest('[aria-hidden="true"]') && !s.closest('.md-icon, .twemoji, .headerlink, button, a.md-button, .hw-spinner'))
  .filter(s => s.getBoundingClientRect().width >= 16 && !s.parentElement.closest('svg'))
  .filter(s => {
    if (s.getAttribute('role') !== 'img') return true;
    const label = (s.getAttribute('aria-label') || '').trim();
    const title = s.querySelector(':scope > title');
    const by = s.getAttribute('aria-labelledby');
    return !(label || (title && title.textContent.trim()) || by);
  })
  .map(s => (s.getAttribute('class') || s.parentElement.className || 'svg').toString().slice(0, 40))"""


def test_pictures_have_text_alternatives(desk_light: tuple[Any, list[str]], site_url: str, built_site: Path) -> None:
    """Every drawing of dice, tiles or cards on a page is role="img" with a name."""
    pg, _ = desk_light
    unnamed = {}
    for path in pages(built_site):
        if not any(path.startswith(g) or path.startswith("en/" + g) for g in ("dawei", "gupai", "yezi", "paohuzi")) and path not in ("", "en/"):
            continue
        bad = _seen(pg, site_url, path)["unnamed"]
        if bad:
            unnamed[path] = sorted(set(bad))
    assert unnamed == {}, "\n".join(f"{p}: {v}" for p, v in unnamed.items())
