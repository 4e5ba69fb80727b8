"""The site builds in strict mode and has what the platform promises."""

from __future__ import annotations

import json
import re
from pathlib import Path

from engine.api import actions_of, available_games


def test_strict_build_is_clean(site_build):
    assert site_build.returncode == 0, site_build.log[-4000:]
    assert "WARNING" not in site_build.log, site_build.log[-4000:]


def test_both_languages_and_assets(built_site: Path):
    assert (built_site / "index.html").exists()
    assert (built_site / "en" / "index.html").exists()
    assert '<html lang="zh"' in (built_site / "index.html").read_text(encoding="utf-8")
    assert '<html lang="en"' in (built_site / "en" / "index.html").read_text(encoding="utf-8")
    for f in ("pyodide/pyodide-lock.json", "engine/manifest.json"):
        assert (built_site / "assets" / f).exists(), f
    # Pyodide's own files in the folder named by their content, and nowhere else
    folders = [d for d in (built_site / "assets" / "pyodide").iterdir() if d.is_dir()]
    assert len(folders) == 1 and re.fullmatch(r"[0-9a-f]{10}", folders[0].name), folders
    for f in ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (folders[0] / f).exists() and not (built_site / "assets" / "pyodide" / f).exists(), f
    # widget scripts by content hash: <name>.<10 hex>.js
    for name in ("runtime", "worker", "dom", "dawei"):
        assert len(list((built_site / "assets" / "widgets").glob(f"{name}.[0-9a-f]*.js"))) == 1, name
    manifest = json.loads((built_site / "assets" / "engine" / "manifest.json").read_text())
    assert (built_site / "assets" / "engine" / manifest["wheel"]).exists()


def test_every_page_has_a_twin(built_site: Path):
    zh = {p.relative_to(built_site) for p in built_site.rglob("index.html") if "en" not in p.relative_to(built_site).parts[:1]}
    en = {p.relative_to(built_site / "en") for p in (built_site / "en").rglob("index.html")}
    assert zh == en


ABSOLUTE = re.compile(r"""(?:src|href)\s*=\s*["'](?:https?:)?//([^/"']+)""", re.I)
CSS_URL = re.compile(r"""url\(\s*["']?(?:https?:)?//([^/"')]+)""", re.I)


def test_no_request_to_another_host(built_site: Path):
    """No page, stylesheet or script loads anything from another host (links for people are fine)."""
    offenders = []
    for f in built_site.rglob("*"):
        if f.suffix == ".html":
            text = f.read_text(encoding="utf-8")
            for tag in re.findall(r"<(?:script|link|img|iframe|source|audio|video)\b[^>]*>", text, re.I):
                if re.search(r'\brel="?(?:alternate|canonical)', tag):
                    continue
                for host in ABSOLUTE.findall(tag):
                    if host not in ("127.0.0.1", "localhost") and not host.startswith("127.0.0.1:"):
                        offenders.append((str(f), tag[:120]))
        elif f.suffix == ".css":
            for host in CSS_URL.findall(f.read_text(encoding="utf-8", errors="replace")):
                offenders.append((str(f), host))
    assert offenders == []


def test_api_page_lists_every_action(built_site: Path):
    for lang_dir in (built_site, built_site / "en"):
        text = (lang_dir / "archive" / "api" / "index.html").read_text(encoding="utf-8")
        for game in available_games():
            for action in actions_of(game):
                assert f'id="api-{game}-{action}"' in text, (lang_dir, game, action)


def test_widget_pages_carry_widget_roots_with_static_examples(built_site: Path):
    text = (built_site / "dawei" / "index.html").read_text(encoding="utf-8")
    assert 'data-widget="dawei-dice"' in text and 'data-state="loading"' in text
    assert "<svg" in text
    assert re.search(r'assets/widgets/runtime\.[0-9a-f]{10}\.js', text)
