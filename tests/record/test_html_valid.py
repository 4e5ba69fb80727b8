"""The site's own HTML validates: every built page, checked by the Nu HTML Checker (vnu-jar from
npm, run with the machine's Java)."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
VNU = REPO / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"


def vnu_errors(files: list[Path]) -> list[dict[str, str]]:
    java = shutil.which("java")
    assert java, "java is missing (the Nu HTML Checker runs on it)"
    assert VNU.is_file(), "node_modules/vnu-jar is missing: npm ci (make setup) installs it"
    res = subprocess.run(
        [java, "-jar", str(VNU), "--format", "json", "--errors-only", *map(str, files)],
        capture_output=True, text=True, timeout=900,
    )
    report = json.loads(res.stderr or res.stdout or '{"messages": []}')
    return [m for m in report["messages"] if m.get("type") == "error"]


def test_the_checker_finds_an_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.html"
    bad.write_text('<!doctype html><html lang="en"><title>x</title><div aria-label="x">y</div>'
                   '<input type="checkbox" autocomplete="off"></html>', encoding="utf-8")
    messages = [m["message"] for m in vnu_errors([bad])]
    assert any("aria-label" in m for m in messages) and any("autocomplete" in m for m in messages)


def test_every_built_page_validates(built_site: Path) -> None:
    pages = sorted(p for p in built_site.rglob("*.html") if "assets" not in p.parts)
    assert len(pages) > 50
    by_message: dict[str, list[str]] = defaultdict(list)
    for m in vnu_errors(pages):
        where = m.get("url", "").split(built_site.name + "/", 1)[-1]
        by_message[m["message"][:160]].append(f"{where}: {m.get('extract', '').strip()[:80]}")
    assert dict(by_message) == {}
