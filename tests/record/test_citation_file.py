"""CITATION.cff at the root: required fields, and the same version as the site."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import yaml

from sitegen.record.data import archive_version

REPO = Path(__file__).resolve().parents[2]


def test_citation_cff_has_the_required_fields() -> None:
    cff = yaml.safe_load((REPO / "CITATION.cff").read_text(encoding="utf-8"))
    for key in ("cff-version", "title", "authors", "version", "date-released", "message"):
        assert cff.get(key), f"CITATION.cff lacks {key}"
    assert str(cff["cff-version"]).startswith("1.2")
    assert all(a.get("name") or a.get("family-names") for a in cff["authors"])
    dt.date.fromisoformat(str(cff["date-released"]))


def test_citation_cff_version_is_the_archive_version() -> None:
    cff = yaml.safe_load((REPO / "CITATION.cff").read_text(encoding="utf-8"))
    assert str(cff["version"]) == archive_version()
    assert archive_version().count(".") == 2


def test_citation_cff_passes_cffconvert_validate() -> None:
    """The Citation File Format's own validator (cffconvert, in the dev extras) accepts the file."""
    import subprocess
    import sys

    exe = Path(sys.executable).with_name("cffconvert")
    assert exe.exists(), "cffconvert is missing: `pip install -e '.[dev]'` (make setup) installs it"
    res = subprocess.run([str(exe), "--validate", "-i", str(REPO / "CITATION.cff")], capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "valid" in (res.stdout + res.stderr).lower()
