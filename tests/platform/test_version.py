import engine

from conftest import ROOT


def test_engine_version_matches_archive_version():
    """The engine answers with the archive's version (VERSION, also in CITATION.cff and the footer)."""
    assert engine.__version__ == (ROOT / "VERSION").read_text(encoding="utf-8").strip()
